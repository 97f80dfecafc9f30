// How one inference plan's cards, latency and cost move with the request rate (issue 10: "show
// how latency and cost move with the rate"). For each rate the core's planner is asked again with
// the search's targets and limits, the rate replaced and the hardware pinned to the plan's card
// and formats; of its plans the one with the plan's split is shown. The points are computed a
// few at a time between frames, like the search. Pure C++: no ImGui, no browser.
#pragma once

#include <string>
#include <vector>

#include "sizer/plan.hpp"

namespace app {

// The rates shown, as multiples of the plan's rate: a display choice (two doublings either side
// of the target, in half-doublings so the chart shows where another replica is added), not a
// fitted constant. The table lists the whole doublings only (k_rate_table_step).
inline constexpr double k_rate_factors[] = {0.25, 0.354, 0.5, 0.707, 1, 1.41, 2, 2.83, 4};
inline constexpr int k_rate_table_step = 2;  // every other factor: 0.25x, 0.5x, 1x, 2x, 4x

struct RatePoint {
  double factor = 0;               // of the curve's reference rate
  double requests_per_second = 0;  // asked of the planner
  bool served = false;             // some plan on this card and formats serves it within limits
  // False: no plan with the plan's split serves this rate at its best, but another split of the
  // same card and formats does; `plan` is then that one (the planner keeps one split per card
  // count).
  bool same_split = true;
  sizer::Plan plan;   // when served
  std::string error;  // the planner's, when it failed
};

struct RateCurve {
  std::string key;             // what it was computed for (rate_curve_key); "" = nothing yet
  sizer::PlanRequest request;  // the pinned request, its rate replaced per point
  int tensor = 1;              // the plan's split
  int pipeline = 1;
  // The plan's served rate: the target when the search had one, else one replica's rate at the
  // largest batch within the latency targets.
  double reference_rps = 0;
  bool from_target = false;
  std::vector<RatePoint> points;  // in factor order; filled as computed
  double milliseconds = 0;        // planner time over all points so far
  bool done() const { return points.size() == std::size(k_rate_factors); }
};

// The identity of a curve: the search's inputs (PlanRun::searched) and the plan's index.
std::string rate_curve_key(const std::string& searched, int plan_index);

// Starts the curve of `plan` (an inference plan returned for `searched`); nothing is computed yet.
RateCurve start_rate_curve(const sizer::PlanRequest& searched, const sizer::Plan& plan,
                           std::string key);
// Computes points for about `budget_ms` (at least one); false when the curve is done.
bool advance_rate_curve(RateCurve& curve, double budget_ms);

// window.llmSizer.results().plan.rates: the points' rate, cards and figures, and the time taken.
std::string rate_curve_json(const RateCurve& curve);

}  // namespace app
