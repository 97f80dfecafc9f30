// Preference and RL fine-tuning: DPO's reference model and paired sequences, PPO's four models,
// GRPO's rollouts and their KV cache.
#include <catch2/catch.hpp>

#include "engine_test_util.hpp"
#include "sizer/activations.hpp"
#include "sizer/params.hpp"
#include "sizer/training_math.hpp"

using namespace sizer;
using namespace sizer_test;

namespace {

Scenario seven_b(TrainingObjective objective, TrainingMethod method = TrainingMethod::full) {
  Scenario s = training("llama-2-7b", "bf16", "a100-sxm-80gb", 8);
  s.training.objective = objective;
  s.training.method = method;
  s.training.zero_stage = 3;
  s.training.seq_len = 1024;
  s.training.micro_batch = 2;
  s.training.grad_accumulation = 4;
  s.training.recompute = Recompute::full;
  return s;
}

}  // namespace

TEST_CASE("which models each objective keeps and runs", "[training][rl]") {
  TrainingWorkload t;
  t.objective = TrainingObjective::sft;
  CHECK(rl_workload(t).trained_models == 1);
  CHECK(rl_workload(t).frozen_models == 0);
  t.objective = TrainingObjective::dpo;
  CHECK(rl_workload(t).frozen_models == 1);
  CHECK(rl_workload(t).scoring_passes == 1);
  CHECK(rl_workload(t).sequences_per_sample == 2);
  CHECK_FALSE(rl_workload(t).rollouts);
  t.method = TrainingMethod::lora;  // reference = the base with the adapters off
  CHECK(rl_workload(t).frozen_models == 0);
  CHECK(rl_workload(t).scoring_passes == 1);
  t.method = TrainingMethod::full;
  t.objective = TrainingObjective::ppo;
  CHECK(rl_workload(t).trained_models == 2);
  CHECK(rl_workload(t).frozen_models == 2);
  CHECK(rl_workload(t).scoring_passes == 4);
  CHECK(rl_workload(t).rollouts);
  t.objective = TrainingObjective::grpo;
  t.reference_model = false;  // TRL's beta = 0
  CHECK(rl_workload(t).trained_models == 1);
  CHECK(rl_workload(t).frozen_models == 0);
  CHECK(rl_workload(t).scoring_passes == 0);
  CHECK(rl_workload(t).rollouts);
}

TEST_CASE("DPO, full: a frozen reference beside the policy, two sequences per pair",
          "[training][rl]") {
  const Estimate sft = estimate(seven_b(TrainingObjective::sft));
  const Estimate dpo = estimate(seven_b(TrainingObjective::dpo));
  // The reference is a 16-bit copy sharded like the policy's weights under ZeRO-3.
  CHECK(dpo.memory.weights_bytes == Approx(2 * sft.memory.weights_bytes));
  CHECK(dpo.memory.gradient_bytes == Approx(sft.memory.gradient_bytes));
  CHECK(dpo.memory.optimizer_bytes == Approx(sft.memory.optimizer_bytes));
  // The chosen and the rejected sequence of each pair: SFT's activations at twice the batch.
  Scenario doubled = seven_b(TrainingObjective::sft);
  doubled.training.micro_batch = 4;
  CHECK(training_activations(normalize(seven_b(TrainingObjective::dpo)), PipelineStage::first)
            .saved_bytes ==
        Approx(training_activations(normalize(doubled), PipelineStage::first).saved_bytes));
  CHECK(dpo.training.tokens_per_step == Approx(2 * sft.training.tokens_per_step));
  // FLOPs per token: 8N policy (full recompute) + 2N reference forward, attention likewise.
  const double n = 6.738415616e9 - 32000.0 * 4096;
  // QK^T and AV, 2 FLOPs per multiply-add: 2 x layers x (q_dim + v_dim = 2 x 4096) x s.
  const double attn = 2.0 * 32 * (2 * 4096) * 1024;
  CHECK(sft.training.flops_per_token == Approx(8 * n + 4 * attn));
  CHECK(dpo.training.flops_per_token == Approx(10 * n + 5 * attn));
}

TEST_CASE("DPO with LoRA or precomputed reference log-probabilities loads no reference",
          "[training][rl]") {
  const Estimate sft = estimate(seven_b(TrainingObjective::sft, TrainingMethod::lora));
  const Estimate dpo = estimate(seven_b(TrainingObjective::dpo, TrainingMethod::lora));
  CHECK(dpo.memory.weights_bytes == Approx(sft.memory.weights_bytes));
  CHECK(dpo.training.flops_per_token > sft.training.flops_per_token);  // it still runs
  Scenario pre = seven_b(TrainingObjective::dpo);
  pre.training.reference_model = false;
  const Estimate full_sft = estimate(seven_b(TrainingObjective::sft));
  const Estimate precomputed = estimate(pre);
  CHECK(precomputed.memory.weights_bytes == Approx(full_sft.memory.weights_bytes));
  CHECK(precomputed.training.flops_per_token == Approx(full_sft.training.flops_per_token));
}

TEST_CASE("PPO keeps actor, critic, reward and reference models", "[training][rl]") {
  const Estimate sft = estimate(seven_b(TrainingObjective::sft));
  const Estimate ppo = estimate(seven_b(TrainingObjective::ppo));
  CHECK(ppo.memory.weights_bytes == Approx(4 * sft.memory.weights_bytes));
  CHECK(ppo.memory.gradient_bytes == Approx(2 * sft.memory.gradient_bytes));
  CHECK(ppo.memory.optimizer_bytes == Approx(2 * sft.memory.optimizer_bytes));
  CHECK(ppo.training.rollout_seconds_per_step > 0);
  CHECK(ppo.training.step_seconds ==
        Approx(ppo.training.compute_seconds_per_step + ppo.training.communication_seconds_per_step +
               ppo.training.rollout_seconds_per_step));
}

TEST_CASE("GRPO's rollouts: the engine's own estimate of generating the step's sequences",
          "[training][rl]") {
  Scenario s = seven_b(TrainingObjective::grpo);
  s.training.completion_tokens = 256;
  s.inference.engine = Engine::vllm;
  const Estimate grpo = estimate(s);
  // Each data-parallel rank generates micro-batch x accumulation = 8 sequences of 768 prompt
  // tokens + 256 generated, as an inference estimate of the same card would.
  Scenario gen = inference("llama-2-7b", "bf16", "a100-sxm-80gb", 1);
  gen.inference.engine = Engine::vllm;
  gen.inference.batch = 8;
  gen.inference.prompt_tokens = 768;
  gen.inference.output_tokens = 256;
  const Estimate direct = estimate(gen);
  CHECK(grpo.training.rollout_seconds_per_step ==
        Approx(direct.inference.end_to_end_seconds).epsilon(1e-9));
  // vLLM keeps its own 16-bit weights (6.74e9 x 2 bytes) and the rollouts' KV cache (8 x 1,024
  // tokens x 512 KiB): what exceeds the training activations it alternates with is counted.
  const double kv = 8 * 1024 * 524288.0;
  const double engine_weights = 6.738415616e9 * 2;
  const TrainingActivations act = training_activations(normalize(s), PipelineStage::first);
  CHECK(grpo.memory.rollout_bytes == Approx(std::max(0.0, kv + engine_weights - act.peak_bytes)));
  CHECK(grpo.memory.rollout_bytes > 0);
  CHECK(grpo.memory.per_gpu_bytes ==
        Approx(grpo.memory.weights_bytes + grpo.memory.gradient_bytes +
               grpo.memory.optimizer_bytes + grpo.memory.activation_bytes +
               grpo.memory.overhead_bytes + grpo.memory.rollout_bytes));
}

TEST_CASE("the RL figures explain themselves", "[training][rl]") {
  Scenario s = seven_b(TrainingObjective::grpo);
  s.inference.engine = Engine::vllm;
  const Estimate e = estimate(s, EstimateOptions{true});
  const std::string rollout = e.formulas.at("training.rolloutSecondsPerStep");
  CHECK(rollout.rfind("8 sequences (micro-batch x accumulation) of 768 prompt + 256 generated "
                      "tokens on one GPU",
                      0) == 0);
  CHECK(e.formulas.at("memory.rolloutBytes").find("vLLM's own 16-bit weights") !=
        std::string::npos);
  CHECK(e.formulas.at("training.stepSeconds").find("s rollout generation") != std::string::npos);
  const Estimate dpo = estimate(seven_b(TrainingObjective::dpo), EstimateOptions{true});
  CHECK(dpo.formulas.at("training.tokensPerStep") ==
        "2 micro-batch x 2 sequences per pair x 1024 tokens x 4 accumulation x 8 data-parallel "
        "replicas = 131072");
  CHECK(dpo.formulas.count("training.rolloutSecondsPerStep") == 0);
}

TEST_CASE("rollouts must leave a prompt", "[training][rl]") {
  Scenario s = seven_b(TrainingObjective::grpo);
  s.training.completion_tokens = 1024;
  CHECK_THROWS_WITH(estimate(s), Catch::Contains("training.completionTokens"));
  s.training.objective = TrainingObjective::sft;  // ignored outside PPO / GRPO
  CHECK_NOTHROW(estimate(s));
}

TEST_CASE(
    "GRPO on separate rollout GPUs: nothing on the training GPUs, every rank's sequences "
    "on one tensor-parallel engine, the extra GPUs billed",
    "[training][rl]") {
  Scenario colocated = seven_b(TrainingObjective::grpo);
  colocated.inference.engine = Engine::vllm;
  Scenario separate = colocated;
  separate.training.rollout_gpus = 2;
  const Estimate c = estimate(colocated);
  const Estimate e = estimate(separate);
  CHECK(c.memory.rollout_bytes > 0);
  CHECK(e.memory.rollout_bytes == 0.0);
  // 8 data-parallel ranks x micro-batch 2 x accumulation 4 = 64 sequences on TP 2.
  Scenario gen = inference("llama-2-7b", "bf16", "a100-sxm-80gb", 2);
  gen.parallel.tensor = 2;
  gen.inference.engine = Engine::vllm;
  gen.inference.batch = 64;
  gen.inference.prompt_tokens = 768;
  gen.inference.output_tokens = 256;
  CHECK(e.training.rollout_seconds_per_step ==
        Approx(estimate(gen).inference.end_to_end_seconds).epsilon(1e-9));
  // Rented hours: 8 training + 2 rollout GPUs.
  CHECK(e.training.gpu_hours == Approx(e.training.total_hours * 10));
  CHECK(e.cost.usd_per_hour == Approx(e.cost.usd_per_gpu_hour * 10));
  CHECK(billed_gpus(normalize(separate)) == 10);
  CHECK(billed_gpus(normalize(colocated)) == 8);
  // All GPUs together: the 8 training GPUs and the engine's 2 (its whole inference footprint).
  const Estimate engine = estimate(gen);
  CHECK(c.memory.rollout_engine_bytes == 0.0);
  CHECK(e.memory.rollout_engine_bytes == Approx(engine.memory.total_bytes).epsilon(1e-9));
  CHECK(e.memory.total_bytes ==
        Approx(e.memory.per_gpu_bytes * 8 + engine.memory.total_bytes).epsilon(1e-9));
  CHECK(e.formulas.empty());  // explanations only on request
  const Estimate explained = estimate(separate, {true});
  CHECK_THAT(explained.formulas.at("memory.totalBytes"),
             Catch::Contains("the rollout engine's") && Catch::Contains("on its 2 GPUs"));
}

TEST_CASE("separate rollout GPUs: bad counts are named, a too-small engine is warned about",
          "[training][rl]") {
  Scenario s = seven_b(TrainingObjective::grpo);
  s.training.rollout_gpus = 3;  // 32 heads do not split 3 ways
  CHECK(validation_message(normalize(s)).find("training.rolloutGpus") != std::string::npos);
  s.training.objective = TrainingObjective::dpo;
  s.training.rollout_gpus = 2;
  CHECK(validation_message(normalize(s)).find("only PPO and GRPO") != std::string::npos);
  s.training.rollout_gpus = -1;
  CHECK(validation_message(normalize(s)).find("must not be negative") != std::string::npos);
  // A 70B engine on one 80 GB card cannot hold its 16-bit weights.
  Scenario big = training("llama-2-70b", "bf16", "a100-sxm-80gb", 8);
  big.training.objective = TrainingObjective::grpo;
  big.training.method = TrainingMethod::lora;
  big.training.seq_len = 1024;
  big.training.rollout_gpus = 1;
  const Estimate e = estimate(big);
  bool warned = false;
  for (const Warning& w : e.warning_details) warned |= w.id == "rollout-gpus-too-small";
  CHECK(warned);
}
