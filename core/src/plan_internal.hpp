// Shared by the inference and training planners (plan.cpp, plan_training.cpp).
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "sizer/layouts.hpp"
#include "sizer/plan.hpp"

namespace sizer::planning {

// The catalog cards the constraints allow, in catalog order.
std::vector<const Gpu*> allowed_gpus(const PlanConstraints& c);

// A format the card runs natively: BF16 needs BF16 tensor cores, FP8 (W8A8) FP8 ones, FP4 FP4 ones.
bool format_runs_on(const NumberFormat& f, const Gpu& g);

// The card as the planner prices it: the base scenario's basis and ownership inputs; the user's own
// quote only for the card the base names.
Scenario with_card(const Scenario& base, const Gpu& g);

// Card counts to try for one replica / job: powers of two up to max_gpus.
std::vector<int> card_counts(int max_gpus);

// Whether a split keeps the tensor / pipeline degrees the constraints fix.
bool split_allowed(const PlanConstraints& c, const Layout& l);

// One model copy on n cards: the default split, or the first valid one with the fixed degrees.
bool replica_layout(const PlanConstraints& c, const Scenario& s, int gpus, Layout& out);

// Indices of the priced plans on the lower-left front of (cost(i), other(i)), both minimised (a
// plan without a price has no cost to compare).
template <class Cost, class Other>
std::vector<int> pareto_front(const std::vector<Plan>& plans, Cost cost, Other other) {
  std::vector<int> front;
  for (std::size_t i = 0; i < plans.size(); ++i) {
    if (!plans[i].price_known) continue;
    bool dominated = false;
    for (std::size_t j = 0; j < plans.size() && !dominated; ++j) {
      if (i == j || !plans[j].price_known) continue;
      const bool no_worse = cost(plans[j]) <= cost(plans[i]) && other(plans[j]) <= other(plans[i]);
      const bool better = cost(plans[j]) < cost(plans[i]) || other(plans[j]) < other(plans[i]);
      dominated = no_worse && better;
    }
    if (!dominated) front.push_back(static_cast<int>(i));
  }
  return front;
}

// "2 x H100 SXM 80GB (TP 2) at fp8, KV fp8".
std::string plan_label(const Plan& p);

double elapsed_ms(std::chrono::steady_clock::time_point since);

PlanResult plan_inference(const PlanRequest& request);

// The training search, resumable one card type (and method) at a time.
struct TrainingSearch {
  std::vector<const Gpu*> cards;
  std::vector<TrainingMethod> methods;
  std::size_t next_card = 0;
  int global_batch = 0;
  PlanResult result;  // statistics and unpriced cards so far
  std::vector<Plan> plans;
  double search_ms = 0;  // time spent in steps
};
TrainingSearch start_training(const PlanRequest& request);
bool step_training(const PlanRequest& request, TrainingSearch& search);  // false when done
PlanResult finish_training(const PlanRequest& request, TrainingSearch& search);

}  // namespace sizer::planning
