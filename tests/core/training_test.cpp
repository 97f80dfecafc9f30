// Training compute, time and communication.
#include <catch2/catch.hpp>

#include "engine_test_util.hpp"
#include "sizer/activations.hpp"
#include "sizer/params.hpp"
#include "sizer/training_defaults.hpp"
#include "sizer/training_math.hpp"

using namespace sizer;
using namespace sizer_test;

TEST_CASE("training FLOPs per token are 6N plus attention, 8N with full recompute", "[training]") {
  Scenario s = training("llama-2-7b", "bf16", "a100-sxm-80gb", 8);
  s.training.zero_stage = 3;
  s.training.seq_len = 4096;
  const Estimate e = estimate(s);
  const double n = 6.738415616e9 - 32000.0 * 4096;   // the input embedding is a lookup
  const double attention = 12.0 * 32 * 4096 * 4096;  // 12 L s a d
  CHECK(e.training.flops_per_token == Approx(6 * n + attention).epsilon(1e-9));
  s.training.recompute = Recompute::full;
  CHECK(estimate(s).training.flops_per_token == Approx(8 * n + 4.0 / 3 * attention).epsilon(1e-9));
}

TEST_CASE("LoRA costs about two thirds of full fine-tuning compute", "[training]") {
  Scenario s = training("llama-2-7b", "bf16", "a100-sxm-80gb");
  s.training.seq_len = 512;
  const double full = estimate(s).training.flops_per_token;
  s.training.method = TrainingMethod::lora;
  const double lora = estimate(s).training.flops_per_token;
  CHECK(lora / full == Approx(2.0 / 3).epsilon(0.03));
}

TEST_CASE("Llama 2 7B pretraining: 2T tokens, below Meta's 184k A100-hours (M-295)", "[training]") {
  Scenario s = training("llama-2-7b", "bf16", "a100-sxm-80gb", 8);
  s.hardware.nodes = 256;
  s.training.zero_stage = 1;
  s.training.seq_len = 4096;
  s.training.micro_batch = 1;
  s.training.grad_accumulation = 2;
  s.training.tokens = 2e12;
  const Estimate e = estimate(s);
  // Meta's 184,320 GPU-hours are the cumulative time on A100s capped at 350-400 W (Llama 2
  // paper, section 2.2.1), restarts included: an MFU of about 0.39. The estimate is one clean
  // run at full clocks (MFU about 0.6, as llm-foundry's A100 runs): 0.55-0.8 of Meta's figure.
  CHECK(e.training.gpu_hours > 0.55 * 184320);
  CHECK(e.training.gpu_hours < 0.8 * 184320);
  // The 6ND rule of thumb is beside it.
  bool found = false;
  for (const RuleOfThumb& r : e.rules_of_thumb) {
    if (r.id == "six-n-d") {
      found = true;
      CHECK(r.value_flops == Approx(6 * 6.738415616e9 * 2e12));
    }
  }
  CHECK(found);
}

TEST_CASE("ZeRO-3 without NVLink spends more of each step communicating", "[training]") {
  Scenario nv = training("llama-2-13b", "bf16", "a100-sxm-80gb", 8);
  nv.training.zero_stage = 3;
  nv.training.seq_len = 2048;
  Scenario pcie = nv;
  pcie.hardware.gpu = gpu("rtx-4090-24gb");
  pcie.training.recompute = Recompute::full;
  nv.training.recompute = Recompute::full;
  CHECK(estimate(pcie).training.communication_share >
        estimate(nv).training.communication_share + 0.2);
}

TEST_CASE("activations: 8h + 4ad + 4kd + 6i bytes per token per layer (Llama-2-7B 131,584)",
          "[training]") {
  CHECK(activation_bytes_per_token_per_layer(normalize_model(model("llama-2-7b"))) == 131584.0);
  // GQA shrinks the K and V terms: Llama 3 8B (8 KV heads, i = 14336).
  CHECK(activation_bytes_per_token_per_layer(normalize_model(model("llama-3-8b"))) ==
        8.0 * 4096 + 4.0 * 4096 + 4.0 * 1024 + 6.0 * 14336);
}

namespace {
double saved_activations(const Scenario& s) {
  return training_activations(normalize(s), PipelineStage::first).saved_bytes;
}
}  // namespace

TEST_CASE("FlashAttention removes the s^2 term, full recompute keeps layer inputs only",
          "[training]") {
  Scenario s = training("llama-2-7b", "bf16", "a100-sxm-80gb");
  s.training.seq_len = 4096;
  s.training.flash_attention = false;
  const double eager = saved_activations(s);
  s.training.flash_attention = true;
  const double flash = saved_activations(s);
  CHECK(eager - flash == Approx(4096.0 * 32 * 2 * 32 * 4096));  // 2 a s bytes x s tokens x L
  s.training.recompute = Recompute::full;
  const TrainingActivations r = training_activations(normalize(s), PipelineStage::first);
  CHECK(r.saved_bytes == Approx(4096.0 * 2 * 4096 * 32));  // each layer's 2h input
  // The layer rebuilt in backward, plus its MLP gradients (3 x 11008 x 2 bytes per token).
  CHECK(r.layer_working_bytes == Approx(4096.0 * (131584 + 6 * 11008)));
}

TEST_CASE("sequence parallel divides all activations by the tensor degree", "[training]") {
  Scenario s = training("llama-2-7b", "bf16", "a100-sxm-80gb", 4);
  s.parallel.tensor = 4;
  const double without = saved_activations(s);
  s.parallel.sequence = true;
  const double with = saved_activations(s);
  s.parallel.tensor = 1;
  s.hardware.gpus_per_node = 1;
  s.parallel.sequence = false;
  CHECK(with == Approx(saved_activations(s) / 4));
  CHECK(without > with);
}

TEST_CASE("full training on INT8 weights counts floating-point state, not seed 004's 1 byte",
          "[training]") {
  // Seed 004: "INT8 weights + INT8 gradients + 2 bytes of optimizer" = 6 + 6 + 12 GB for 6B.
  // Gradients and moments are floating point: pure BF16 with 8-bit AdamW is 2 + 2 + 2 bytes.
  Scenario s = training("llama-2-7b", "int8", "a100-sxm-80gb");
  s.training.mixed_precision = false;
  s.training.optimizer = Optimizer::adamw_8bit;
  const Estimate e = estimate(s);
  const double n = e.params.total;
  CHECK(e.memory.weights_bytes == Approx(2 * n));
  CHECK(e.memory.gradient_bytes == Approx(2 * n));
  CHECK(e.memory.optimizer_bytes == Approx(2 * n));
  bool warned = false;
  for (const Warning& w : e.warning_details) warned |= w.id == "full-training-needs-float";
  CHECK(warned);
  // The seed's arithmetic stays beside it as a rule of thumb.
  bool rule = false;
  for (const RuleOfThumb& r : e.rules_of_thumb) {
    if (r.id == "seed-int8-training") rule = r.value_bytes == Approx(4 * n + 1.3e9);
  }
  CHECK(rule);
  // Pure BF16 AdamW: 8 bytes per parameter.
  s.weights_format = "bf16";
  s.training.optimizer = Optimizer::adamw;
  const Estimate b = estimate(s);
  CHECK(b.memory.weights_bytes + b.memory.gradient_bytes + b.memory.optimizer_bytes ==
        Approx(8 * n));
}

TEST_CASE("the 16-bytes rule is compared with one copy of the states, not all replicas",
          "[training][rules]") {
  // Llama-2-7B on 8 A100 with plain data parallelism: eight copies of 16 bytes per parameter;
  // the rule (16 x 6.74e9 = 108 GB) means one.
  Scenario s = training("llama-2-7b", "bf16", "a100-sxm-80gb", 8);
  for (int zero : {0, 1, 3}) {
    s.training.zero_stage = zero;
    const Estimate e = estimate(s);
    for (const RuleOfThumb& r : e.rules_of_thumb) {
      if (r.id != "adam-16-bytes") continue;
      INFO("ZeRO-" << zero);
      CHECK(r.detailed_bytes == Approx(r.value_bytes).epsilon(0.01));
    }
  }
}

TEST_CASE("choosing a method applies its defaults: QLoRA's NF4 base, checkpointing for LoRA",
          "[training]") {
  Scenario s = training("llama-2-7b", "bf16", "rtx-4090-24gb");
  choose_training_method(s, TrainingMethod::lora);
  CHECK(s.training.recompute == Recompute::full);
  CHECK(s.weights_format == "bf16");
  choose_training_method(s, TrainingMethod::qlora);
  CHECK(s.weights_format == "bnb-nf4-dq");
  choose_training_method(s, TrainingMethod::full);
  CHECK(s.training.recompute == Recompute::none);
  CHECK(s.weights_format == "bf16");  // leaving QLoRA goes back to a 16-bit base
}

TEST_CASE("gradients reduce behind the last micro-batch's backward, not the whole step",
          "[training][communication]") {
  // 2 nodes of 8 x H100 over 25 GbE: the 7B gradient all-reduce is far longer than a backward.
  Scenario s = training("llama-2-7b", "bf16", "h100-sxm-80gb", 8);
  s.hardware.nodes = 2;
  s.hardware.inter_node_gb_per_s = 3;
  s.training.zero_stage = 1;
  s.training.seq_len = 2048;
  s.training.grad_accumulation = 1;
  const TrainingResult one = estimate(s).training;
  s.training.grad_accumulation = 8;
  const TrainingResult eight = estimate(s).training;
  REQUIRE(eight.compute_seconds_per_step == Approx(8 * one.compute_seconds_per_step));
  // 8 micro-batches accumulate without syncing (DDP no_sync, Megatron's register_grad_ready):
  // the reduction still hides behind one micro-batch's backward, so it is exposed as much.
  CHECK(one.communication_seconds_per_step > 0);
  CHECK(eight.communication_seconds_per_step == Approx(one.communication_seconds_per_step));
  // The window is that backward: 2/3 of one micro-batch's compute, 3/4 with full recompute
  // (its backward reruns the forward).
  s.training.grad_accumulation = 1;
  s.training.recompute = Recompute::full;
  const TrainingResult recomputed = estimate(s).training;
  CHECK(recomputed.communication_seconds_per_step ==
        Approx(one.communication_seconds_per_step - (0.75 * recomputed.compute_seconds_per_step -
                                                     2.0 / 3.0 * one.compute_seconds_per_step)));
  // ZeRO-3 gathers parameters in every micro-batch (8 times the traffic at 8 micro-batches) and
  // hides it behind the whole step.
  s.training.recompute = Recompute::none;
  s.training.zero_stage = 3;
  s.training.grad_accumulation = 8;
  const TrainingResult sharded8 = estimate(s).training;
  s.training.grad_accumulation = 1;
  const TrainingResult sharded1 = estimate(s).training;
  CHECK(sharded8.communication_seconds_per_step > sharded1.communication_seconds_per_step);
}
