// The planner: the serving model's formulas, constraints and targets held, exhaustive = pruned,
// monotonicity, Pareto fronts, the seeds' cases and the JSON contract.
#include "sizer/plan.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <nlohmann/json.hpp>

#include "engine_test_util.hpp"
#include "sizer/plan_json.hpp"

using namespace sizer;
using namespace sizer_test;

namespace {

PlanRequest serving(const char* model, double rate, double ttft, double per_user) {
  PlanRequest q;
  q.base = inference(model, "bf16", "h100-sxm-80gb");
  q.base.inference.engine = Engine::vllm;
  q.base.inference.prompt_tokens = 2048;
  q.base.inference.output_tokens = 256;
  q.targets.requests_per_second = rate;
  q.targets.ttft_p90_seconds = ttft;
  q.targets.tokens_per_second_per_user = per_user;
  return q;
}

// Full fine-tune of Llama-3.1-8B on `tokens` tokens over the given cards, at most 16 of them.
PlanRequest fine_tune_8b(double tokens, std::vector<std::string> gpus) {
  PlanRequest q;
  q.base = training("llama-3.1-8b", "bf16", "h100-sxm-80gb");
  q.base.training.tokens = tokens;
  q.constraints.gpus = std::move(gpus);
  q.constraints.max_gpus = 16;
  return q;
}

}  // namespace

TEST_CASE("serving model: capacity, time per token and prefill queueing", "[plan]") {
  // 10 running, 20 ms decode steps, 100 ms prefills, 100 output tokens: 10 / (2 + 1) requests/s.
  CHECK(replica_requests_per_second(10, 0.02, 0.1, 100) == Approx(10.0 / 3));
  // Each token waits one step plus its share of the 10 prefills interleaved over 100 tokens.
  CHECK(time_per_output_token(10, 0.02, 0.1, 100) == Approx(0.03));
  // M/D/1 at rho 0.5, service 0.2 s: P(wait > 0) = 0.5, tail mean 0.2 s -> p90 = 0.2 ln 5.
  CHECK(prefill_wait_p90(0.5, 0.2) == Approx(0.2 * std::log(5.0)));
  CHECK(prefill_wait_p90(0.05, 0.2) == 0.0);
  CHECK(std::isinf(prefill_wait_p90(1.0, 0.2)));
}

TEST_CASE("no plan breaks a constraint, misses a target or fails to fit", "[plan]") {
  PlanRequest q = serving("llama-3.1-70b", 5, 2, 20);
  q.constraints.vendors = {"NVIDIA"};
  q.constraints.consumer = false;
  q.constraints.max_gpus = 16;
  q.constraints.usd_per_hour_max = 60;
  const PlanResult r = plan(q);
  REQUIRE_FALSE(r.plans.empty());
  for (const Plan& p : r.plans) {
    INFO(p.reason);
    const Gpu* g = find_gpu(p.gpu_id);
    REQUIRE(g != nullptr);
    CHECK(g->vendor == "NVIDIA");
    CHECK(g->datacenter);
    CHECK(p.gpus <= 16);
    CHECK(p.usd_per_hour <= 60);
    CHECK(p.ttft_p90_seconds <= 2.0);
    CHECK(p.tokens_per_second_per_user >= 20.0);
    CHECK(p.requests_per_second == Approx(5));
    CHECK(estimate(p.scenario).memory.fits);
    CHECK(total_gpus(p.scenario) == p.gpus);
    CHECK_FALSE(p.reason.empty());
  }
  CHECK(r.plans.front().reason.find("Cheapest per token") == 0);
}

TEST_CASE("the pruned search finds the exhaustive search's plans", "[plan]") {
  PlanRequest q = serving("llama-3.1-8b", 3, 1.5, 30);
  q.constraints.gpus = {"h100-sxm-80gb", "a100-sxm-80gb", "l40s-48gb", "l4-24gb", "rtx-4090-24gb"};
  q.max_plans = 5;
  const PlanResult pruned = plan(q);
  q.exhaustive = true;
  const PlanResult all = plan(q);
  REQUIRE(pruned.plans.size() == 5);
  REQUIRE(all.plans.size() >= 5);
  CHECK(pruned.stats.pruned_count > 0);
  CHECK(pruned.stats.evaluated_count < all.stats.evaluated_count);
  for (std::size_t i = 0; i < 5; ++i) {
    CHECK(pruned.plans[i].usd_per_million_tokens == Approx(all.plans[i].usd_per_million_tokens));
    CHECK(pruned.plans[i].gpu_id == all.plans[i].gpu_id);
  }
}

TEST_CASE("training: the pruned search finds the exhaustive search's plans", "[plan]") {
  PlanRequest q = fine_tune_8b(1e9, {"h100-sxm-80gb", "a100-sxm-80gb", "rtx-4090-24gb"});
  q.max_plans = 8;
  const PlanResult pruned = plan(q);
  q.exhaustive = true;
  const PlanResult all = plan(q);
  REQUIRE_FALSE(pruned.plans.empty());
  CHECK(pruned.stats.pruned_count > 0);
  for (std::size_t i = 0; i < pruned.plans.size(); ++i) {
    CHECK(pruned.plans[i].total_usd == Approx(all.plans[i].total_usd));
  }
}

TEST_CASE("more requests per second never need fewer cards", "[plan]") {
  PlanRequest q = serving("llama-3.1-70b", 1, 0, 0);
  q.constraints.gpus = {"h100-sxm-80gb"};
  q.constraints.formats = {"fp8"};
  q.constraints.kv_formats = {"fp8"};
  int last = 0;
  for (double rate : {0.5, 1.0, 2.0, 4.0, 8.0, 16.0}) {
    q.targets.requests_per_second = rate;
    const PlanResult r = plan(q);
    REQUIRE_FALSE(r.plans.empty());
    CHECK(r.plans.front().gpus >= last);
    last = r.plans.front().gpus;
  }
  CHECK(last > 1);
}

TEST_CASE("a tighter latency target never costs less", "[plan]") {
  PlanRequest q = serving("llama-3.1-8b", 4, 0, 0);
  q.constraints.gpus = {"h100-sxm-80gb", "l40s-48gb", "a100-sxm-80gb"};
  double last = 0;
  for (double ttft : {8.0, 2.0, 1.0, 0.5, 0.3}) {
    q.targets.ttft_p90_seconds = ttft;
    const PlanResult r = plan(q);
    if (r.plans.empty()) break;
    CHECK(r.plans.front().usd_per_million_tokens >= last * (1 - 1e-9));
    last = r.plans.front().usd_per_million_tokens;
  }
  double per_user_cost = 0;
  for (double speed : {10.0, 40.0, 80.0, 120.0}) {
    q.targets.ttft_p90_seconds = 0;
    q.targets.tokens_per_second_per_user = speed;
    const PlanResult r = plan(q);
    if (r.plans.empty()) break;
    CHECK(r.plans.front().usd_per_million_tokens >= per_user_cost * (1 - 1e-9));
    per_user_cost = r.plans.front().usd_per_million_tokens;
  }
}

TEST_CASE("no point of a Pareto front is dominated by another plan", "[plan]") {
  const PlanResult r = plan(serving("llama-3.1-8b", 2, 0, 0));
  REQUIRE_FALSE(r.pareto_cost_latency.empty());
  for (int i : r.pareto_cost_latency) {
    const Plan& a = r.plans[std::size_t(i)];
    for (const Plan& b : r.plans) {
      const bool dominates = b.usd_per_million_tokens < a.usd_per_million_tokens &&
                             b.ttft_p90_seconds < a.ttft_p90_seconds;
      CHECK_FALSE(dominates);
    }
  }
  CHECK(std::find(r.pareto_cost_latency.begin(), r.pareto_cost_latency.end(), 0) !=
        r.pareto_cost_latency.end());  // the cheapest plan is on the front
}

TEST_CASE("seeds: 70B FP16 is never served from one 80 GB card", "[plan][seeds]") {
  PlanRequest q = serving("llama-2-70b", 1, 0, 0);
  q.constraints.formats = {"fp16"};
  q.constraints.gpus = {"h100-sxm-80gb", "a100-sxm-80gb"};
  const PlanResult r = plan(q);
  REQUIRE_FALSE(r.plans.empty());
  for (const Plan& p : r.plans) CHECK(p.tensor * p.pipeline >= 2);
}

TEST_CASE("seeds: a 65B fine-tune on 4 x V100 32 GB is planned as QLoRA, not full",
          "[plan][seeds]") {
  PlanRequest q;
  q.base = training("llama-65b", "fp16", "v100-sxm2-32gb");
  q.base.training.tokens = 1e8;
  q.constraints.gpus = {"v100-sxm2-32gb"};
  q.constraints.max_gpus = 4;
  q.constraints.methods = {TrainingMethod::full, TrainingMethod::lora, TrainingMethod::qlora};
  const PlanResult r = plan(q);
  REQUIRE_FALSE(r.plans.empty());
  for (const Plan& p : r.plans) CHECK(p.method == TrainingMethod::qlora);
  q.constraints.methods = {TrainingMethod::full};
  const PlanResult full = plan(q);
  CHECK(full.plans.empty());
  CHECK_FALSE(full.notes.empty());
}

TEST_CASE("training: cheapest within the deadline and fastest within the budget", "[plan]") {
  PlanRequest q;
  q.base = training("llama-3.1-8b", "bf16", "h100-sxm-80gb");
  q.base.training.tokens = 2e9;
  q.constraints.gpus = {"h100-sxm-80gb", "a100-sxm-80gb"};
  q.constraints.max_gpus = 32;
  q.targets.deadline_hours = 24;
  q.targets.budget_usd = 5000;
  const PlanResult r = plan(q);
  REQUIRE(r.cheapest_within_deadline >= 0);
  REQUIRE(r.fastest_within_budget >= 0);
  const Plan& cheap = r.plans[std::size_t(r.cheapest_within_deadline)];
  const Plan& fast = r.plans[std::size_t(r.fastest_within_budget)];
  CHECK(cheap.total_hours <= 24);
  CHECK(fast.total_usd <= 5000);
  for (const Plan& p : r.plans) {
    if (p.total_hours <= 24) CHECK(p.total_usd >= cheap.total_usd * (1 - 1e-9));
    if (p.total_usd <= 5000) CHECK(p.total_hours >= fast.total_hours * (1 - 1e-9));
    CHECK(estimate(p.scenario).memory.fits);
  }
}

TEST_CASE("serve Llama-3.1-70B at 5 requests/s, 2k in / 256 out, TTFT p90 <= 2 s, >= 20 tokens/s",
          "[plan]") {
  const PlanResult r = plan(serving("llama-3.1-70b", 5, 2, 20));
  REQUIRE_FALSE(r.plans.empty());
  const Plan& best = r.plans.front();
  CHECK(best.meets_targets);
  CHECK(best.price_known);
  CHECK(best.usd_per_million_tokens > 0);
  CHECK(best.reason.find("per million output tokens") != std::string::npos);
  CHECK(r.stats.gpu_types == int(gpu_catalog().size()));
  CHECK(r.stats.gpu_types_priced + int(r.unpriced_gpus.size()) == r.stats.gpu_types);
}

TEST_CASE("plan requests: bad input names the field, results are JSON with estimates", "[plan]") {
  CHECK(plan_request_from_json("{").error.find("request") != std::string::npos);
  CHECK(plan_request_from_json(R"({"constraints":{"gpus":["h1000"]}})")
            .error.find("constraints.gpus") != std::string::npos);
  CHECK(plan_request_from_json(R"({"targets":{"ttftP90Seconds":-1}})")
            .error.find("targets.ttftP90Seconds") != std::string::npos);
  CHECK(plan_request_from_json(R"({"constraints":{"methods":["rlhf"]}})")
            .error.find("constraints.methods") != std::string::npos);
  CHECK(plan_request_from_json(R"({"maxPlans":0})").error.find("maxPlans") != std::string::npos);
  const PlanRequestResult ok = plan_request_from_json(
      R"({"model":"llama-3.1-8b","gpu":"h100-sxm-80gb","promptTokens":1024,
          "targets":{"requestsPerSecond":2,"ttftP90Seconds":1,"typo":1},
          "constraints":{"gpus":["l40s-48gb","h100-sxm-80gb"],"priceBasis":"hyperscaler",
                         "engine":"vllm"},"maxPlans":3})");
  REQUIRE(ok.error.empty());
  CHECK(ok.request.base.cost.basis == PriceBasis::hyperscaler);
  CHECK(ok.request.max_plans == 3);
  CHECK(ok.warnings.size() == 1);  // targets.typo
  const PlanResult r = plan(ok.request);
  const nlohmann::json j = nlohmann::json::parse(plan_result_to_json(r, ok.warnings));
  REQUIRE(j["plans"].size() == r.plans.size());
  REQUIRE_FALSE(j["plans"].empty());
  CHECK(j["plans"][0]["estimate"]["memory"]["fits"] == true);
  CHECK(j["plans"][0]["request"]["gpu"].is_string());
  CHECK(j["stats"]["milliseconds"].is_number());
  CHECK(j["warnings"][0].get<std::string>().find("targets.typo") != std::string::npos);
}

TEST_CASE("a plan without a price is never on a Pareto front", "[plan]") {
  PlanRequest q;
  q.base = training("llama-3.1-8b", "fp16", "v100-sxm2-32gb");
  q.base.training.tokens = 1e8;
  q.constraints.gpus = {"v100-sxm2-32gb", "h100-sxm-80gb"};  // the V100 SXM2 32GB has no rental
  q.constraints.max_gpus = 8;
  q.constraints.methods = {TrainingMethod::lora};
  const PlanResult r = plan(q);
  REQUIRE_FALSE(r.plans.empty());
  bool unpriced = false;
  for (const Plan& p : r.plans) unpriced |= !p.price_known;
  CHECK(unpriced);
  for (int i : r.pareto_cost_speed) CHECK(r.plans[std::size_t(i)].price_known);
}

TEST_CASE("the search in steps: one card type per step, the same plans as plan()", "[plan]") {
  const PlanRequest q = fine_tune_8b(2e9, {"h100-sxm-80gb", "a100-sxm-80gb", "l40s-48gb"});
  PlanSearch search(q);
  CHECK(search.progress() == 0);
  int steps = 0;
  double last = 0;
  while (search.step()) {
    ++steps;
    CHECK(search.progress() > last);
    last = search.progress();
  }
  CHECK(steps + 1 == 3);  // the last step searches the third card and reports nothing left
  CHECK(search.progress() == 1);
  const PlanResult stepped = search.finish();
  const PlanResult whole = plan(q);
  REQUIRE(stepped.plans.size() == whole.plans.size());
  for (std::size_t i = 0; i < whole.plans.size(); ++i) {
    CHECK(stepped.plans[i].gpu_id == whole.plans[i].gpu_id);
    CHECK(stepped.plans[i].gpus == whole.plans[i].gpus);
    CHECK(stepped.plans[i].total_usd == whole.plans[i].total_usd);
  }
  CHECK(stepped.stats.gpu_types == 3);
  // Inference is searched whole in its first step.
  PlanSearch serving_search(serving("llama-3.1-8b", 3, 1.5, 30));
  CHECK_FALSE(serving_search.step());
  CHECK(serving_search.progress() == 1);
  CHECK_FALSE(serving_search.finish().plans.empty());
}

TEST_CASE("a custom GPU is planned beside the catalog's cards", "[plan]") {
  // An H100 the user rents at $0.50 an hour: cheaper than any catalog quote, so it ranks first.
  const PlanRequestResult q = plan_request_from_json(
      R"({"model":"llama-3.1-8b","promptTokens":1024,"outputTokens":256,
          "targets":{"requestsPerSecond":1},
          "constraints":{"gpus":["l40s-48gb"],"engine":"vllm",
                         "customGpus":[{"base":"h100-sxm-80gb","id":"my-h100","name":"My H100",
                                        "cloudUsdPerGpuHour":0.5}]}})");
  REQUIRE(q.error.empty());
  REQUIRE(q.request.constraints.custom_gpus.size() == 1);
  const PlanResult r = plan(q.request);
  REQUIRE(!r.plans.empty());
  CHECK(r.plans.front().gpu_id == "my-h100");
  CHECK(r.plans.front().usd_per_hour == Approx(0.5 * r.plans.front().gpus));
  CHECK(r.stats.gpu_types == 2);  // the allowed L40S and the custom card
  // A malformed card names its position and field.
  const PlanRequestResult bad = plan_request_from_json(
      R"({"constraints":{"customGpus":[{"base":"h100-sxm-80gb"},{"memoryGb":-1}]}})");
  CHECK(bad.error.find("constraints.customGpus[1]") != std::string::npos);
  CHECK(bad.error.find("memoryGb") != std::string::npos);
  CHECK(plan_request_from_json(R"({"constraints":{"customGpus":{"id":"x"}}})")
            .error.find("constraints.customGpus") != std::string::npos);
}

TEST_CASE("the degrees a fixed split can take follow the model's heads, layers and card limit",
          "[plan]") {
  // Qwen2.5 7B: 28 attention heads and 4 KV heads, 28 layers. Tensor parallelism stays inside an
  // 8-card node and divides the heads: 1, 2 or 4.
  PlanRequest q = serving("qwen2.5-7b", 1, 0, 0);
  q.constraints.max_gpus = 16;
  CHECK(planner_tensor_degrees(q) == std::vector<int>{1, 2, 4});
  CHECK(planner_pipeline_degrees(q) == std::vector<int>{1, 2, 4, 8, 16});
  // With TP 4 pinned, 16 cards leave at most 4 stages.
  q.constraints.tensor_parallel = 4;
  CHECK(planner_pipeline_degrees(q) == std::vector<int>{1, 2, 4});
  // TP 8 does not divide 28 heads: no split has it.
  q.constraints.tensor_parallel = 8;
  CHECK(planner_pipeline_degrees(q).empty());
  // Two cards at most: degrees up to 2.
  PlanRequest two = serving("llama-3.1-70b", 1, 0, 0);
  two.constraints.max_gpus = 2;
  CHECK(planner_tensor_degrees(two) == std::vector<int>{1, 2});
  CHECK(planner_pipeline_degrees(two) == std::vector<int>{1, 2});
  // Every offered pin gives plans that keep it (Llama-3.1-70B: 64 heads, 8 KV heads).
  PlanRequest pinned = serving("llama-3.1-70b", 1, 0, 0);
  pinned.constraints.gpus = {"h100-sxm-80gb"};
  pinned.constraints.max_gpus = 8;
  CHECK(planner_tensor_degrees(pinned) == std::vector<int>{1, 2, 4, 8});
  for (int tp : planner_tensor_degrees(pinned)) {
    pinned.constraints.tensor_parallel = tp;
    for (const Plan& p : plan(pinned).plans) CHECK(p.tensor == tp);
  }
}

TEST_CASE("a fixed split: every plan keeps the pinned tensor / pipeline degrees", "[plan]") {
  PlanRequest q = serving("llama-3.1-70b", 2, 4, 10);
  q.constraints.gpus = {"h100-sxm-80gb", "a100-sxm-80gb", "l40s-48gb"};
  q.constraints.tensor_parallel = 4;
  const PlanResult r = plan(q);
  REQUIRE_FALSE(r.plans.empty());
  for (const Plan& p : r.plans) {
    CHECK(p.tensor == 4);
    CHECK(p.scenario.parallel.tensor == 4);
  }
  // Unpinned, the cheapest plan is not TP 4 (a pin is what changes it).
  q.constraints.tensor_parallel = 0;
  const PlanResult free = plan(q);
  REQUIRE_FALSE(free.plans.empty());
  CHECK(free.plans.front().usd_per_million_tokens <= r.plans.front().usd_per_million_tokens);

  PlanRequest t = fine_tune_8b(1e9, {"h100-sxm-80gb"});
  t.constraints.pipeline_parallel = 2;
  const PlanResult tr = plan(t);
  REQUIRE_FALSE(tr.plans.empty());
  for (const Plan& p : tr.plans) CHECK(p.pipeline == 2);

  const PlanRequestResult bad = plan_request_from_json(R"({"constraints":{"tensorParallel":-2}})");
  CHECK_THAT(bad.error, Catch::Contains("constraints.tensorParallel"));
  const PlanRequestResult ok =
      plan_request_from_json(R"({"constraints":{"tensorParallel":2,"pipelineParallel":1}})");
  REQUIRE(ok.error.empty());
  CHECK(ok.request.constraints.tensor_parallel == 2);
  CHECK(ok.request.constraints.pipeline_parallel == 1);
}

TEST_CASE("ExLlamaV2, MLC LLM and AutoAWQ plans use the formats those engines load", "[plan]") {
  PlanRequest q = serving("llama-3.1-8b", 0, 0, 0);
  q.constraints.gpus = {"rtx-4090-24gb", "rtx-3090-24gb"};
  q.constraints.max_gpus = 2;
  q.base.inference.engine = Engine::exllamav2;
  const PlanResult exl = plan(q);
  REQUIRE_FALSE(exl.plans.empty());
  for (const Plan& p : exl.plans) {
    INFO(p.weights);
    CHECK(p.weights.rfind("exl2-", 0) == 0);
    CHECK(p.kv_cache == "fp16");
  }
  q.base.inference.engine = Engine::mlc;
  const PlanResult mlc = plan(q);
  REQUIRE_FALSE(mlc.plans.empty());
  for (const Plan& p : mlc.plans) {
    INFO(p.weights);
    CHECK((p.weights == "fp16" || p.weights == "mlc-q4f16_1"));
  }
  // AutoAWQ's fused layers load AWQ checkpoints and keep an FP16 cache.
  q.base.inference.engine = Engine::autoawq;
  const PlanResult awq = plan(q);
  REQUIRE_FALSE(awq.plans.empty());
  for (const Plan& p : awq.plans) {
    CHECK(p.weights == "awq-4bit-g128");
    CHECK(p.kv_cache == "fp16");
  }
}
