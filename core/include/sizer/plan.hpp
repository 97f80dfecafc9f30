// The planner: the cheapest hardware, split and formats that meet a target (docs/METHOD.md,
// "Planner"). Inference searches GPU type x replica split (tensor x pipeline) x weight format x KV
// format x running batch, serving a request rate with continuous batching; training searches GPU
// type x card count x ZeRO stage x optimizer offload x split x micro-batch x recomputation.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "sizer/estimate.hpp"

namespace sizer {

struct PlanTargets {  // 0 = no target
  // Inference.
  double requests_per_second = 0;
  double ttft_p90_seconds = 0;
  double tokens_per_second_per_user = 0;    // decode speed each user sees (1 / time per token)
  double throughput_tokens_per_second = 0;  // output tokens/s over all replicas
  // Training.
  double deadline_hours = 0;
  double budget_usd = 0;
  int global_batch = 0;  // sequences per optimizer step; 0 = kDefaultGlobalBatch
};

struct PlanConstraints {
  std::vector<std::string> gpus;  // allowed catalog ids; empty = every card
  // The user's own cards (custom GPU records), searched beside the catalog's (not filtered by
  // gpus, vendors or consumer: the user asked for them).
  std::vector<Gpu> custom_gpus;
  std::vector<std::string> vendors;     // empty = every vendor
  bool consumer = true;                 // consumer / workstation cards allowed
  int max_gpus = 64;                    // cards in total
  double usd_per_hour_max = 0;          // 0 = no limit
  std::vector<std::string> formats;     // weight formats; empty = the default set per card
  std::vector<std::string> kv_formats;  // KV-cache formats (inference); empty = planner_kv_formats
  // Training methods to compare (a fine-tune may be full, LoRA or QLoRA); empty = the base's.
  std::vector<TrainingMethod> methods;
  // A split the user fixes ("TP 4 only"): each model copy's tensor / pipeline degree; 0 = any.
  int tensor_parallel = 0;
  int pipeline_parallel = 0;
};

struct PlanRequest {
  Scenario base;  // model, workload, engine, price basis; its hardware fields are ignored
  PlanTargets targets;
  PlanConstraints constraints;
  int max_plans = 20;
  bool exhaustive = false;  // no bound pruning (tests compare it with the pruned search)
};

struct Plan {
  Scenario scenario;  // the plan as estimate() inputs (hardware, split, formats, batch)
  std::string gpu_id;
  int gpus = 0;  // all replicas
  int nodes = 1;
  int tensor = 1;
  int pipeline = 1;
  int replicas = 1;  // inference: data-parallel copies; training: data-parallel degree
  std::string weights;
  std::string kv_cache;
  TrainingMethod method = TrainingMethod::full;
  bool price_known = false;
  double usd_per_hour = 0;
  double usd_per_million_tokens = 0;  // at the operating point (inference: output tokens)
  double per_gpu_bytes = 0;
  double capacity_bytes = 0;
  // Inference, per replica at the operating point.
  int batch = 0;                   // running sequences (the engine's max_num_seqs)
  int max_batch = 0;               // what the memory holds at this context
  double requests_per_second = 0;  // served, all replicas
  double requests_per_second_capacity = 0;
  double ttft_p90_seconds = 0;
  double tokens_per_second_per_user = 0;
  double throughput_tokens_per_second = 0;
  double prefill_share = 0;  // of each replica's time
  // Training.
  int zero_stage = 0;
  bool offload_optimizer = false;
  int micro_batch = 0;
  int grad_accumulation = 0;
  Recompute recompute = Recompute::none;
  double step_seconds = 0;
  double total_hours = 0;
  double total_usd = 0;
  double mfu = 0;
  double communication_share = 0;
  bool meets_targets = true;
  std::string reason;  // one sentence: why this plan ranks where it does
};

struct PlanStats {  // counts as doubles: they pass 2^31 on big searches and are JSON numbers
  double candidates_count = 0;  // hardware x split x format combinations considered
  double evaluated_count = 0;   // memory and speed evaluations
  double pruned_count = 0;      // candidates dropped before a full evaluation
  int gpu_types = 0;
  int gpu_types_priced = 0;  // on the request's price basis
  double milliseconds = 0;
};

struct PlanResult {
  std::string error;        // names the field; empty = ok
  std::vector<Plan> plans;  // ranked: inference by $/M tokens, training by cost within deadline
  // Indices into plans of the Pareto fronts, both axes minimised: inference $/M tokens vs per-user
  // speed (higher is better) and vs TTFT p90; training total cost vs total hours
  // (pareto_cost_speed).
  std::vector<int> pareto_cost_speed;
  std::vector<int> pareto_cost_latency;
  int fastest_within_budget = -1;          // training
  int cheapest_within_deadline = -1;       // training
  std::vector<std::string> unpriced_gpus;  // skipped: no price on the basis
  std::vector<std::string> notes;
  PlanStats stats;
};

constexpr int kDefaultGlobalBatch = 64;

PlanResult plan(const PlanRequest& request);

// The KV-cache formats the inference planner tries when constraints.kv_formats is empty (each
// card keeps those it runs): 16-bit, and FP8 (serving engines) or Q8_0 (llama.cpp).
std::vector<std::string> planner_kv_formats(Engine engine);

// The degrees a fixed split (constraints.tensor_parallel / pipeline_parallel) can take for this
// request: those of some split the search tries (its card counts up to constraints.max_gpus, the
// model's heads and layers), ascending. Pipeline degrees go with constraints.tensor_parallel
// (0 = any tensor degree; none when no split has that tensor degree). The Plan view offers these.
std::vector<int> planner_tensor_degrees(const PlanRequest& request);
std::vector<int> planner_pipeline_degrees(const PlanRequest& request);

namespace planning {
struct TrainingSearch;
}

// The same search in steps, for a caller that must not block (the page runs steps between
// frames): one card type per step for training; inference is fast and runs in its first step.
// plan(request) is `PlanSearch s(request); while (s.step()) {}` followed by s.finish().
class PlanSearch {
 public:
  explicit PlanSearch(PlanRequest request);
  ~PlanSearch();
  PlanSearch(PlanSearch&&) noexcept;
  PlanSearch& operator=(PlanSearch&&) noexcept;

  bool step();              // searches the next part; false when nothing is left
  double progress() const;  // share searched, 0..1
  PlanResult finish();      // the ranked plans, fronts and notes; call once, after step() is false

 private:
  PlanRequest request_;
  PlanResult result_;  // inference: the whole result after the first step
  std::unique_ptr<planning::TrainingSearch> training_;
  bool done_ = false;
};

// The serving model of one replica (docs/METHOD.md, "Planner"), exposed for its tests. With N
// sequences running, decode steps of t_decode and prefills of t_prefill per request of O output
// tokens: the replica completes N / (O x t_decode + N x t_prefill) requests/s, each user waits
// t_decode + N x t_prefill / O per token, and prefill queueing (M/D/1, utilisation rho) adds to
// the time to first token.
double replica_requests_per_second(int running, double decode_step_s, double prefill_s,
                                   int output_tokens);
double time_per_output_token(int running, double decode_step_s, double prefill_s,
                             int output_tokens);
// p90 of the wait for the prefill queue, M/D/1 at utilisation rho with service time prefill_s:
// P(wait > 0) = rho, the rest exponential with mean prefill_s / (2 (1 - rho)).
double prefill_wait_p90(double rho, double prefill_s);

}  // namespace sizer
