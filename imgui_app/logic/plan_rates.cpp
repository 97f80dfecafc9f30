#include "logic/plan_rates.hpp"

#include <algorithm>
#include <chrono>
#include <exception>

#include "sizer/json.hpp"

namespace app {
namespace {

// Card counts are powers of two up to the card limit and a replica is at most one node unless
// nothing smaller holds the model, so one card and formats give a handful of replica sizes: with
// room for this many plans the planner keeps them all (its bound pruning starts only once that
// many are kept).
constexpr int k_pinned_max_plans = 16;

double elapsed_ms(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - since)
      .count();
}

RatePoint compute_point(const RateCurve& c, double factor) {
  RatePoint pt;
  pt.factor = factor;
  pt.requests_per_second = c.reference_rps * factor;
  if (!(pt.requests_per_second > 0)) {  // the planner reads a rate of 0 as "no rate target"
    pt.error = "the plan serves no request rate to scale";
    return pt;
  }
  sizer::PlanRequest r = c.request;
  r.targets.requests_per_second = pt.requests_per_second;
  sizer::PlanResult res;
  try {
    res = sizer::plan(r);
  } catch (const std::exception& e) {
    res.error = e.what();
  }
  pt.error = res.error;
  if (!res.error.empty() || res.plans.empty()) return pt;
  auto same = std::find_if(res.plans.begin(), res.plans.end(), [&](const sizer::Plan& p) {
    return p.tensor == c.tensor && p.pipeline == c.pipeline;
  });
  pt.served = true;
  pt.same_split = same != res.plans.end();
  pt.plan = pt.same_split ? *same : res.plans.front();
  return pt;
}

}  // namespace

std::string rate_curve_key(const std::string& searched, int plan_index) {
  return searched + "#rates" + std::to_string(plan_index);
}

RateCurve start_rate_curve(const sizer::PlanRequest& searched, const sizer::Plan& plan,
                           std::string key) {
  RateCurve c;
  c.key = std::move(key);
  c.request = searched;
  // The card is chosen: its vendor and kind no longer filter. The limits (cards, $/hour) and the
  // latency targets stay: a rate they cannot serve shows as such.
  c.request.constraints.gpus = {plan.gpu_id};
  c.request.constraints.vendors.clear();
  c.request.constraints.consumer = true;
  c.request.constraints.formats = {plan.weights};
  c.request.constraints.kv_formats = {plan.kv_cache};
  // The rate alone sets the load: an aggregate target would floor every rate at its own.
  c.request.targets.throughput_tokens_per_second = 0;
  c.request.max_plans = k_pinned_max_plans;
  c.request.exhaustive = false;
  c.tensor = plan.tensor;
  c.pipeline = plan.pipeline;
  c.reference_rps = plan.requests_per_second;
  c.from_target =
      searched.targets.requests_per_second > 0 || searched.targets.throughput_tokens_per_second > 0;
  return c;
}

bool advance_rate_curve(RateCurve& c, double budget_ms) {
  const auto started = std::chrono::steady_clock::now();
  for (bool first = true; !c.done() && (first || elapsed_ms(started) < budget_ms); first = false) {
    const auto point_started = std::chrono::steady_clock::now();
    c.points.push_back(compute_point(c, k_rate_factors[c.points.size()]));
    c.milliseconds += elapsed_ms(point_started);
  }
  return !c.done();
}

std::string rate_curve_json(const RateCurve& c) {
  sizer::Json points = sizer::Json::array();
  for (const RatePoint& pt : c.points) {
    sizer::Json j = {{"factor", pt.factor},
                     {"requestsPerSecond", pt.requests_per_second},
                     {"served", pt.served},
                     {"sameSplit", pt.same_split},
                     {"error", pt.error}};
    if (pt.served) {
      const sizer::Plan& p = pt.plan;
      j.update({{"gpuCount", p.gpus},
                {"replicas", p.replicas},
                {"tensor", p.tensor},
                {"pipeline", p.pipeline},
                {"batch", p.batch},
                {"ttftP90Seconds", p.ttft_p90_seconds},
                {"tokensPerSecondPerUser", p.tokens_per_second_per_user},
                {"usdPerHour", p.usd_per_hour},
                {"usdPerMillionTokens", p.usd_per_million_tokens}});
    }
    points.push_back(std::move(j));
  }
  const sizer::Json j = {{"referenceRequestsPerSecond", c.reference_rps},
                         {"fromTarget", c.from_target},
                         {"done", c.done()},
                         {"milliseconds", c.milliseconds},
                         {"points", points}};
  return j.dump();
}

}  // namespace app
