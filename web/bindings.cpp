// Embind bindings of the JS contract's calls (api.cpp); post.js unwraps each envelope and throws
// a JS Error carrying the core's message.
#include <emscripten/bind.h>

#include "api.hpp"

EMSCRIPTEN_BINDINGS(llm_sizer) {
  emscripten::function("sizerListGpus", &sizer_api::list_gpus);
  emscripten::function("sizerListModels", &sizer_api::list_models);
  emscripten::function("sizerListFormats", &sizer_api::list_formats);
  emscripten::function("sizerListHosts", &sizer_api::list_hosts);
  emscripten::function("sizerEstimate", &sizer_api::estimate);
  emscripten::function("sizerEstimateMany", &sizer_api::estimate_many);
  emscripten::function("sizerSweep", &sizer_api::sweep);
  emscripten::function("sizerBatchCurve", &sizer_api::batch_curve);
  emscripten::function("sizerLayouts", &sizer_api::layouts);
  emscripten::function("sizerCalibrate", &sizer_api::calibrate);
  emscripten::function("sizerFitTable", &sizer_api::fit_table);
  emscripten::function("sizerPlan", &sizer_api::plan);
  emscripten::function("sizerAssumptions", &sizer_api::assumptions);
  emscripten::function("sizerNormalizeRequest", &sizer_api::normalize_request);
  emscripten::function("sizerEncodeShareLink", &sizer_api::encode_share_link);
  emscripten::function("sizerDecodeShareLink", &sizer_api::decode_share_link);
  emscripten::function("sizerImportHfConfig", &sizer_api::import_hf_config);
}
