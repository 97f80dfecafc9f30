// The Plan view's state (targets and constraints the user types, kept in the app state, storage
// and share links as UI fields "plan*") and the search run behind it: the PlanRequest built from
// the calculator's scenario, the result, and what to relax when nothing meets the targets.
// Pure C++: no ImGui, no browser.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "sizer/plan.hpp"

namespace sizer {
class Json;
}  // namespace sizer

namespace app {

struct PlanInputs {
  bool open = false;  // the Plan view is showing instead of the calculator
  // Inference targets (0 = none).
  double requests_per_second = 1;
  double ttft_p90_seconds = 2;
  double tokens_per_second_per_user = 20;
  double throughput_tokens_per_second = 0;
  // Training targets (0 = none).
  double deadline_hours = 0;
  double budget_usd = 0;
  int global_batch = 0;  // 0 = the planner's default (sizer::kDefaultGlobalBatch)
  // Constraints.
  std::vector<std::string> vendors;  // empty = every vendor
  bool consumer = true;
  int max_gpus = 16;
  double usd_per_hour_max = 0;          // 0 = no limit
  std::vector<std::string> formats;     // weight formats; empty = the planner's default set
  std::vector<std::string> kv_formats;  // KV-cache formats; empty = the planner's default set
  std::vector<std::string> methods;     // training method ids; empty = the calculator's method
  // A fixed split of each model copy (constraints.tensor_parallel / pipeline_parallel); 0 = any.
  int tensor_parallel = 0;
  int pipeline_parallel = 0;
  // The plan whose rate curve is shown (its rank, from 0; logic/plan_rates.hpp). Not an input of
  // the search: plan_signature() leaves it out.
  int rate_plan = 0;
};

bool operator==(const PlanInputs& a, const PlanInputs& b);

// Adds the fields that differ from the defaults to `j` ("planRps": 5, "planVendors": "NVIDIA").
void write_plan_fields(const PlanInputs& p, sizer::Json& j);
// Reads every "plan*" key of `j` (numbers, booleans and lists may also arrive as text: share
// links carry UI fields as text). Returns the first problem, "" when all were valid.
std::string read_plan_fields(const sizer::Json& j, PlanInputs& p);
bool is_plan_key(const std::string& key);

// Vendors of the GPU catalog, in catalog order.
std::vector<std::string> catalog_vendors();
// The weight formats offered as checkboxes for an engine (the planner's default set and FP16).
std::vector<std::string> plan_format_choices(sizer::Engine engine);
// The methods compared: the explicit list, or the scenario's own method.
std::vector<sizer::TrainingMethod> plan_methods(const PlanInputs& p, const sizer::Scenario& base);

// The planner request for the calculator's scenario and the Plan view's inputs. The methods are
// compared only for a fine-tune (`compare_methods`); pre-training is always full.
sizer::PlanRequest plan_request(const sizer::Scenario& base, const PlanInputs& p,
                                bool compare_methods);

// A change of targets or constraints that alone would give plans, for the empty state.
struct PlanRelaxation {
  std::string what;  // "ttft", "tokensPerUser", "requestsPerSecond", "throughput", "maxGpus",
                     // "usdPerHour", "deadline", "budget", "hardware" (vendors + consumer),
                     // "split" (tensor + pipeline pins)
  double value = 0;  // maxGpus: the card limit that was tried
  int plans = 0;
  sizer::Plan best;
};

struct PlanRun {
  bool has_result = false;
  sizer::PlanResult result;
  std::vector<PlanRelaxation> relaxations;  // only when result has no plans
  bool model_never_fits = false;            // no plan even without targets and with 4x the cards
  std::string searched;                     // signature of the inputs of `result`
  std::string pending;                      // signature of the inputs being edited
  double pending_since = -1;
  double total_ms = 0;             // including the relaxed searches
  bool scroll_to_results = false;  // phone layout: scroll down to the new results once
  int copied = -1;                 // plan whose share link was copied last
  std::string copied_url;
  // The search in progress, run a few milliseconds at a time between frames; null when none.
  std::shared_ptr<sizer::PlanSearch> search;
  // Then the relaxed searches still to run: what each relaxes (its plans filled in when it
  // ends) and the search.
  std::vector<std::pair<PlanRelaxation, std::shared_ptr<sizer::PlanSearch>>> relaxed;
  sizer::PlanRequest request;  // what `search` searches
  double progress = 0;         // of the whole search, relaxations included: 0..1
  bool searching() const { return search != nullptr || !relaxed.empty(); }
};

// Starts a search for the inputs: the planner, and when nothing meets the targets, the relaxed
// searches. advance_plan_search() runs it; nothing throws.
void start_plan_search(const sizer::Scenario& base, const PlanInputs& p, bool compare_methods,
                       PlanRun& run);
// Runs the started search for about `budget_ms`; false when it is finished (the result is in).
bool advance_plan_search(PlanRun& run, double budget_ms);
// Start and run to the end (tests, and searches known to be fast).
void run_plan_search(const sizer::Scenario& base, const PlanInputs& p, bool compare_methods,
                     PlanRun& run);

// The inputs that decide a search, as one string (change detection).
std::string plan_signature(const sizer::Scenario& base, const PlanInputs& p, bool compare_methods);

// A short summary for window.llmSizer.results().plan: the ranked plans' card, count, split and
// prices, and the statistics.
std::string plan_summary_json(const PlanRun& run);

}  // namespace app
