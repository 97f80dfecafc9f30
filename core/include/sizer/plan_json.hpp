// The planner's JSON (the JS contract sizer.plan(request), web/sizer.d.ts): an estimate() request
// without the hardware fields, plus `targets`, `constraints` and `maxPlans`.
#pragma once

#include <string>
#include <vector>

#include "sizer/plan.hpp"

namespace sizer {

struct PlanRequestResult {
  bool ok = false;
  PlanRequest request;
  std::string error;  // names the field: "constraints.gpus: unknown GPU 'h1000'; try ..."
  std::vector<std::string> warnings;
};

// Never throws.
PlanRequestResult plan_request_from_json(const std::string& text);

// The ranked plans, each with its estimate() request and result, the Pareto fronts, statistics,
// notes and the request's warnings.
std::string plan_result_to_json(const PlanResult& result, const std::vector<std::string>& warnings);

}  // namespace sizer
