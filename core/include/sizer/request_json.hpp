// The JSON vocabulary shared by the JS contract (sizer.estimate(request)), share links, saved
// state and the calibration runner. Field names follow the JS contract (camelCase).
#pragma once

#include <string>

#include "sizer/estimate.hpp"

namespace sizer {

struct RequestResult {
  bool ok = false;
  Scenario scenario;
  std::string error;  // names the field: "gpuCount: must be a positive integer"
};

// Parses a request (JSON text). Missing fields take documented defaults. Never throws.
RequestResult scenario_from_request_json(const std::string& request_json_text);

// The request that reproduces a scenario (catalog ids where possible, hfConfig-like arch
// otherwise).
std::string scenario_to_request_json(const Scenario& s);

// The result object of the JS contract (memory, params, inference, training, cost, bottleneck,
// warnings, plus formulas and rulesOfThumb).
std::string estimate_to_json(const Estimate& e);

}  // namespace sizer
