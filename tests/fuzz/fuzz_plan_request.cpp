// libFuzzer target: plan_request_from_json never throws or crashes on any bytes; an accepted
// request plans (on a small catalog slice, so each input stays fast) into valid JSON whose plans
// all fit.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>

#include "sizer/plan_json.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  sizer::PlanRequestResult r = sizer::plan_request_from_json(text);
  if (!r.ok) {
    if (r.error.empty()) std::abort();
    return 0;
  }
  sizer::PlanConstraints& c = r.request.constraints;
  if (c.gpus.empty() || c.gpus.size() > 2) c.gpus = {"h100-sxm-80gb", "rtx-4090-24gb"};
  if (c.max_gpus > 8) c.max_gpus = 8;
  if (r.request.max_plans > 3) r.request.max_plans = 3;
  const sizer::PlanResult result = sizer::plan(r.request);
  for (const sizer::Plan& p : result.plans) {
    if (!(p.gpus >= 1 && p.gpus <= c.max_gpus)) std::abort();
  }
  const std::string json = sizer::plan_result_to_json(result, r.warnings);
  if (nlohmann::json::parse(json, nullptr, false).is_discarded()) std::abort();
  return 0;
}
