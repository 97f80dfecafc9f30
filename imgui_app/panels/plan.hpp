// The Plan view (issue 10's UI): targets and constraints on one side, the planner's ranked plans,
// reasons and Pareto chart on the other. In Inference it plans serving, in Fine-tune / Pre-train
// training, from the calculator's scenario (model, workload, engine, price basis). A click on a
// plan loads it into the calculator.
#pragma once

#include <string>
#include <vector>

#include "app_state.hpp"

namespace app {

// The whole view in place of the calculator's columns (layout.cpp).
void draw_plan_view(App& app);

// Pieces (panels/plan_results.cpp).
void draw_plan_stats(App& app);
void draw_plan_results(App& app);
// How the chosen inference plan (ui.plan.rate_plan, a valid index) moves with the rate: its
// cards, latency and cost (plan_rates.cpp), drawn under its entry of the list.
void draw_plan_rates(App& app);

// Loads a plan's scenario into the calculator and closes the Plan view.
void load_plan(App& app, const sizer::Plan& plan);
// The share link (page address + '#' + fragment) that opens the calculator on this plan.
std::string plan_share_url(const App& app, const sizer::Plan& plan);

// The chart's front for training: the Pareto front (total $ vs hours) of the priced plans.
std::vector<int> plan_chart_front(const sizer::PlanResult& result);

// The cards the search could not price on `basis`, by name; owned, a part nobody sells (TPUs,
// A10G) says so, since no purchase price exists for it.
std::string unpriced_gpu_names(const std::vector<std::string>& gpu_ids, sizer::PriceBasis basis);

// Translated text of a plan: "2 × H100 SXM 80GB", its split and formats, and why it ranks there.
std::string plan_title(const sizer::Plan& p);
std::string plan_setup(const sizer::Plan& p);
std::string plan_reason(const sizer::PlanResult& result, int index, const PlanInputs& targets);

}  // namespace app
