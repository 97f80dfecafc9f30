// The JSON vocabulary shared by the JS contract (sizer.estimate(request)), share links, saved
// state and the calibration runner. Field names follow the JS contract (camelCase).
#pragma once

#include <string>
#include <vector>

#include "sizer/estimate.hpp"
#include "sizer/solvers.hpp"
#include "sizer/sweep.hpp"

namespace sizer {

struct RequestResult {
  bool ok = false;
  Scenario scenario;
  std::string error;  // names the field: "gpuCount: must be a positive integer"
  // Ignored unknown fields and notes from the HF config import, one line each.
  std::vector<std::string> warnings;
};

// Deepest nesting of objects and lists accepted in request and share-link JSON (a config.json
// nests 3 or 4 levels).
constexpr int kMaxJsonDepth = 64;

// True when `text` nests objects/lists at most `max_depth` deep (checked before parsing, so that
// hostile input cannot exhaust the stack of the recursive JSON writer).
bool json_depth_within(const std::string& text, int max_depth);

// Parses a request (JSON text). Missing fields take documented defaults. Never throws.
RequestResult scenario_from_request_json(const std::string& request_json_text);

// The request that reproduces a scenario (catalog ids where possible, hfConfig-like arch
// otherwise).
std::string scenario_to_request_json(const Scenario& s);

// The result object of the JS contract (memory, params, inference, training, cost, bottleneck,
// warnings, plus formulas and rulesOfThumb).
std::string estimate_to_json(const Estimate& e);

// Catalog entries and solver rows in the same vocabulary (for listGpus(), listModels(), the lite
// page and saved custom hardware). model_arch_to_json gives the "arch" object of a custom model
// request; gpu_to_json the object form of "gpu".
std::string model_arch_to_json(const ModelArch& m);
std::string gpu_to_json(const Gpu& g);
std::string format_to_json(const NumberFormat& f);
std::string fit_table_to_json(const std::vector<FitRow>& rows);
// The whole catalogs (listGpus(), listModels() with parameter counts, listFormats()).
std::string gpu_catalog_json();
std::string model_catalog_json();
std::string format_catalog_json();
// A sweep's points (numbers only); max_batch < 0 leaves it out.
std::string sweep_to_json(const std::string& field, const std::vector<SweepPoint>& points,
                          int max_batch = -1);
// Valid splits of the scenario's cards: {gpuCount, tensorDegrees, pipelineDegrees, layouts,
// default}.
std::string layouts_to_json(const Scenario& s);
std::string calibration_to_json(const Calibration& c);
std::string host_catalog_json();  // [{id, label, ramGB, bandwidthGBs, cpu..., nvmeGBs, source}]
// The assumption table with each key's default under `engine`:
// [{key,label,unit,source,value,min,max,minExclusive,integer}].
std::string assumption_table_to_json(Engine engine);

}  // namespace sizer
