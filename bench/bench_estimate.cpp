// Engine throughput: estimate() evaluations per second (inference and training) and the fit
// table over the whole GPU catalog, the UI's heaviest per-frame request.
#include <benchmark/benchmark.h>

#include "sizer/catalog.hpp"
#include "sizer/estimate.hpp"
#include "sizer/plan.hpp"
#include "sizer/request_json.hpp"
#include "sizer/solvers.hpp"

namespace {

sizer::Scenario inference_scenario() {
  sizer::Scenario s;
  s.model = *sizer::find_model("llama-3-8b");
  s.weights_format = "bf16";
  s.hardware.gpu = *sizer::find_gpu("h100-sxm-80gb");
  s.inference.engine = sizer::Engine::vllm;
  s.inference.batch = 16;
  s.inference.prompt_tokens = 2048;
  s.inference.output_tokens = 512;
  return s;
}

sizer::Scenario training_scenario() {
  sizer::Scenario s;
  s.mode = sizer::Mode::training;
  s.model = *sizer::find_model("llama-3.1-70b");
  s.weights_format = "bf16";
  s.hardware.gpu = *sizer::find_gpu("h100-sxm-80gb");
  s.hardware.gpus_per_node = 8;
  s.hardware.nodes = 4;
  s.training.zero_stage = 3;
  s.training.recompute = sizer::Recompute::full;
  return s;
}

void BM_EstimateInference(benchmark::State& state) {
  const sizer::Scenario s = inference_scenario();
  for (auto _ : state) benchmark::DoNotOptimize(sizer::estimate(s));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_EstimateInference);

void BM_EstimateInferenceExplained(benchmark::State& state) {
  const sizer::Scenario s = inference_scenario();
  for (auto _ : state) benchmark::DoNotOptimize(sizer::estimate(s, {true}));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_EstimateInferenceExplained);

// What sizer.estimate() does inside the wasm module: parse the request, estimate, write JSON.
void BM_EstimateJsonRoundTrip(benchmark::State& state) {
  const std::string request = sizer::scenario_to_request_json(inference_scenario());
  for (auto _ : state) {
    const sizer::RequestResult r = sizer::scenario_from_request_json(request);
    benchmark::DoNotOptimize(sizer::estimate_to_json(sizer::estimate(r.scenario)));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_EstimateJsonRoundTrip);

void BM_EstimateTraining(benchmark::State& state) {
  const sizer::Scenario s = training_scenario();
  for (auto _ : state) benchmark::DoNotOptimize(sizer::estimate(s));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_EstimateTraining);

void BM_FitTableInference(benchmark::State& state) {
  sizer::Scenario s = inference_scenario();
  s.model = *sizer::find_model("llama-3-70b");
  for (auto _ : state) benchmark::DoNotOptimize(sizer::fit_table(s));
  state.SetItemsProcessed(state.iterations());
  state.counters["gpus"] = double(sizer::gpu_catalog().size());
}
BENCHMARK(BM_FitTableInference)->Unit(benchmark::kMillisecond);

void BM_FitTableTraining(benchmark::State& state) {
  const sizer::Scenario s = training_scenario();
  for (auto _ : state) benchmark::DoNotOptimize(sizer::fit_table(s));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_FitTableTraining)->Unit(benchmark::kMillisecond);

// The planner's default queries over the whole catalog: issue 10's serving question, and a
// full fine-tune of an 8B model. "evals/s" counts memory and speed evaluations.
// Times sizer::plan(q) and reports the search's own evaluation count as a rate.
void run_plan(benchmark::State& state, const sizer::PlanRequest& q) {
  double evaluated = 0;
  for (auto _ : state) {
    const sizer::PlanResult r = sizer::plan(q);
    evaluated += r.stats.evaluated_count;
    benchmark::DoNotOptimize(r);
  }
  state.counters["evals/s"] = benchmark::Counter(evaluated, benchmark::Counter::kIsRate);
}

void BM_PlanServing70B(benchmark::State& state) {
  sizer::PlanRequest q;
  q.base = inference_scenario();
  q.base.model = *sizer::find_model("llama-3.1-70b");
  q.base.inference.output_tokens = 256;
  q.targets.requests_per_second = 5;
  q.targets.ttft_p90_seconds = 2;
  q.targets.tokens_per_second_per_user = 20;
  run_plan(state, q);
}
BENCHMARK(BM_PlanServing70B)->Unit(benchmark::kMillisecond);

void BM_PlanTraining8B(benchmark::State& state) {
  sizer::PlanRequest q;
  q.base = training_scenario();
  q.base.model = *sizer::find_model("llama-3.1-8b");
  q.base.training.zero_stage = 0;
  q.base.training.tokens = 1e10;
  q.targets.deadline_hours = 48;
  run_plan(state, q);
}
BENCHMARK(BM_PlanTraining8B)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
