// Scenario builders for the engine tests (catalog ids, so tests read like the seeds).
#pragma once

#include <stdexcept>
#include <string>

#include "sizer/catalog.hpp"
#include "sizer/estimate.hpp"
#include "sizer/scenario.hpp"

namespace sizer_test {

inline const sizer::ModelArch& model(const std::string& id) {
  const sizer::ModelArch* m = sizer::find_model(id);
  if (m == nullptr) throw std::runtime_error("no model " + id);
  return *m;
}

inline const sizer::Gpu& gpu(const std::string& id) {
  const sizer::Gpu* g = sizer::find_gpu(id);
  if (g == nullptr) throw std::runtime_error("no gpu " + id);
  return *g;
}

inline const sizer::NumberFormat& format(const std::string& id) {
  const sizer::NumberFormat* f = sizer::find_format(id);
  if (f == nullptr) throw std::runtime_error("no format " + id);
  return *f;
}

inline sizer::Scenario inference(const std::string& model_id, const std::string& weights,
                                 const std::string& gpu_id, int gpus = 1, int tp = 1, int pp = 1) {
  sizer::Scenario s;
  s.mode = sizer::Mode::inference;
  s.model = model(model_id);
  s.weights_format = weights;
  s.kv_cache_format = "fp16";
  s.hardware.gpu = gpu(gpu_id);
  s.hardware.gpus_per_node = gpus;
  s.parallel.tensor = tp;
  s.parallel.pipeline = pp;
  return s;
}

inline sizer::Scenario training(const std::string& model_id, const std::string& weights,
                                const std::string& gpu_id, int gpus = 1) {
  sizer::Scenario s;
  s.mode = sizer::Mode::training;
  s.model = model(model_id);
  s.weights_format = weights;
  s.hardware.gpu = gpu(gpu_id);
  s.hardware.gpus_per_node = gpus;
  return s;
}

}  // namespace sizer_test
