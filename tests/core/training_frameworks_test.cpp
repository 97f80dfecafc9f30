// Training frameworks, pipeline stages and expert parallel (docs/METHOD.md, "Training memory"):
// each mechanism pinned to the bytes its source code implies.
#include <catch2/catch.hpp>

#include "engine_test_util.hpp"
#include "sizer/activations.hpp"
#include "sizer/communication.hpp"
#include "sizer/estimate.hpp"
#include "sizer/inference_speed.hpp"
#include "sizer/memory.hpp"
#include "sizer/params.hpp"
#include "sizer/request_json.hpp"
#include "sizer/solvers.hpp"
#include "sizer/training_math.hpp"

using namespace sizer;
using namespace sizer_test;

namespace {

// Llama 3.1 8B: h 4096, 32 layers, 32 heads of 128, 8 KV heads, i 14336, vocab 128,256.
constexpr double kHidden = 4096, kLayers = 32, kVocab = 128256, kMlp = 14336;
constexpr double kFusedLayer = 8 * kHidden + 4 * 4096 + 4 * 1024 + 6 * kMlp;  // 139,264 bytes
constexpr double kMlpGradients = 6 * kMlp;                                    // 3 x i x 2 bytes

Scenario qlora_8b(TrainingFramework framework, int seq_len) {
  Scenario s = training("llama-3.1-8b", "bnb-nf4-dq", "a100-sxm-80gb");
  s.training.framework = framework;
  s.training.method = TrainingMethod::qlora;
  s.training.recompute = Recompute::full;
  s.training.seq_len = seq_len;
  return s;
}

TrainingActivations activations_of(const Scenario& s) {
  return training_activations(normalize(s), PipelineStage::first);
}

}  // namespace

TEST_CASE("HF Transformers QLoRA: FP32 residual checkpoints and 14 bytes per logit at the loss",
          "[training][framework]") {
  const TrainingActivations a = activations_of(qlora_8b(TrainingFramework::transformers, 1000));
  CHECK(a.saved_bytes == Approx(1000 * 4 * kHidden * kLayers));  // FP32 layer inputs
  CHECK(a.loss_bytes == Approx(1000 * 14 * kVocab));
  CHECK(a.host_bytes == 0);
  // The loss (1.8 MB per token) is larger than the rebuilt layer: the peak takes the loss.
  CHECK(a.peak_bytes == Approx(a.saved_bytes + a.loss_bytes));
}

TEST_CASE("Unsloth: checkpoints in host RAM, no logits, the rebuilt layer is the working set",
          "[training][framework]") {
  const TrainingActivations a = activations_of(qlora_8b(TrainingFramework::unsloth, 1000));
  CHECK(a.loss_bytes == 0);
  CHECK(a.saved_bytes == Approx(1000 * 2 * kHidden * 2));  // the layer in use and one in flight
  CHECK(a.host_bytes == Approx(1000 * 2 * kHidden * (kLayers - 2)));
  CHECK(a.layer_working_bytes == Approx(1000 * (kFusedLayer + kMlpGradients)));
  CHECK(a.peak_bytes == Approx(a.saved_bytes + a.layer_working_bytes));
  // The same card holds several times the sequence Hugging Face does (Unsloth's README, 40 GB:
  // 12,264 tokens with HF + FA2, beyond 131k with Unsloth).
  Scenario hf = qlora_8b(TrainingFramework::transformers, 1000);
  Scenario un = qlora_8b(TrainingFramework::unsloth, 1000);
  hf.hardware.gpu = un.hardware.gpu = gpu("a100-sxm-40gb");
  CHECK(largest_context_that_fits(un) > 5 * largest_context_that_fits(hf));
}

TEST_CASE("a compiled loss keeps the 16-bit logits and one chunk's 16-bit gradient",
          "[training][framework]") {
  // torchtune: eager chunked cross-entropy 6.5 bytes per logit; compile_loss fuses each chunk's
  // upcast and softmax: 2 + 2 / 8.
  Scenario tune = qlora_8b(TrainingFramework::torchtune, 1000);
  CHECK(activations_of(tune).loss_bytes == Approx(1000 * 6.5 * kVocab));
  tune.assumption_overrides["compiledLoss"] = 1;
  CHECK(activations_of(tune).loss_bytes == Approx(1000 * 2.25 * kVocab));
  // torchtitan: whole-vocabulary FP32 loss 12 bytes eager, 2 + 2 compiled (one chunk).
  Scenario titan = qlora_8b(TrainingFramework::torchtitan, 1000);
  titan.assumption_overrides["compiledLoss"] = 1;
  CHECK(activations_of(titan).loss_bytes == Approx(1000 * 4.0 * kVocab));
  // Compiling never adds: Unsloth's loss holds no logits either way.
  Scenario unsloth = qlora_8b(TrainingFramework::unsloth, 1000);
  unsloth.assumption_overrides["compiledLoss"] = 1;
  CHECK(activations_of(unsloth).loss_bytes == 0);
}

TEST_CASE("PEFT's k-bit preparation keeps embeddings, head and norms in FP32",
          "[training][framework]") {
  Scenario generic = qlora_8b(TrainingFramework::generic, 1000);
  Scenario hf = qlora_8b(TrainingFramework::transformers, 1000);
  const Estimate g = estimate(generic);
  const Estimate h = estimate(hf);
  const double side = g.params.embedding + g.params.lm_head + g.params.norms;
  CHECK(h.memory.weights_bytes - g.memory.weights_bytes == Approx(side * 2.0));
  // Autocast's BF16 copy of the head, saved for backward, on top of the same framework share.
  const double fraction = normalize(hf).assumptions.framework_overhead_fraction;
  // (The allocator's cache follows each framework's own activations: left out here.)
  CHECK((h.memory.overhead_bytes - h.memory.allocator_cache_bytes) -
            (g.memory.overhead_bytes - g.memory.allocator_cache_bytes) ==
        Approx(g.params.lm_head * 2.0 + fraction * side * 2.0));
}

TEST_CASE("eager modules keep SiLU's output and RMSNorm's FP32 copy", "[training][framework]") {
  Scenario s = training("llama-3.1-8b", "bf16", "h100-sxm-80gb");
  s.training.seq_len = 1000;
  const double fused = activations_of(s).saved_bytes;
  s.assumption_overrides["eagerIntermediates"] = 1;
  const double eager = activations_of(s).saved_bytes;
  CHECK(eager - fused == Approx(1000 * kLayers * (2 * kMlp + 8 * kHidden)));
}

TEST_CASE("torchtitan's op-level selective recompute keeps every second matmul output",
          "[training][framework]") {
  Scenario s = training("llama-3.1-8b", "bf16", "h100-sxm-80gb");
  s.training.framework = TrainingFramework::torchtitan;
  s.training.recompute = Recompute::selective;
  s.training.seq_len = 1000;
  // Input 2h, attention output 2ad, half of Q 2ad + K, V 4kd + O 2h + gate, up 4i + down 2h.
  const double kept = 2 * kHidden + 2 * 4096 + (2 * 4096 + 4 * 1024 + 4 * kHidden + 4 * kMlp) / 2;
  CHECK(activations_of(s).saved_bytes == Approx(1000 * kLayers * kept));
}

TEST_CASE("optimizer in backward holds only the largest gradient", "[training][framework]") {
  Scenario s = training("llama-3.1-8b", "bf16", "h100-sxm-80gb");
  s.training.mixed_precision = false;
  s.assumption_overrides["optimizerInBackward"] = 1;
  const Estimate e = estimate(s);
  CHECK(e.memory.gradient_bytes == Approx(kVocab * kHidden * 2));  // the embedding
}

TEST_CASE("pipeline stages: the first holds the embedding, the last a tied head's copy",
          "[training][pipeline]") {
  // Gemma 2 2B: a 256k vocabulary tied to the embedding (590M of its 2.6B parameters).
  Scenario s = training("gemma-2-2b", "bf16", "a100-sxm-80gb", 4);
  s.parallel.pipeline = 4;
  const Estimate e = estimate(s);
  const ParamCounts& p = e.params;
  REQUIRE(p.lm_head == 0);
  const double per_stage = (p.total - p.embedding - p.norms) / 4 + p.norms / 4 + p.embedding;
  CHECK(e.memory.weights_bytes == Approx(per_stage * 2));
  // Dividing the whole model by 4 (what the engine did) is far too low on such a vocabulary.
  CHECK(e.memory.weights_bytes > 1.6 * (p.total / 4 * 2));
}

TEST_CASE("1F1B keeps min(p, m) micro-batches on the first stage, interleaving adds (p-1)/(pv)",
          "[training][pipeline]") {
  Scenario s = training("llama-3.1-8b", "bf16", "h100-sxm-80gb", 8);
  s.parallel.pipeline = 4;
  s.training.grad_accumulation = 8;
  s.training.seq_len = 1000;
  const Scenario n = normalize(s);
  const double one = training_activations(n, PipelineStage::last).saved_bytes;
  CHECK(training_activations(n, PipelineStage::first).saved_bytes == Approx(4 * one));
  s.parallel.virtual_stages = 2;
  const Scenario v = normalize(s);
  CHECK(training_activations(v, PipelineStage::first).saved_bytes ==
        Approx(4 * (1 + 3.0 / 8) * one));
  // The bubble: (p - 1) / (m v).
  const double plain = estimate(n).training.compute_seconds_per_step;
  const double interleaved = estimate(v).training.compute_seconds_per_step;
  CHECK(interleaved / plain == Approx((1 + 3.0 / 16) / (1 + 3.0 / 8)));
}

TEST_CASE("expert parallel: each GPU holds its share of the routed experts", "[training][expert]") {
  Scenario s = training("mixtral-8x7b", "bf16", "h100-sxm-80gb", 8);
  s.training.mixed_precision = false;
  const Estimate all = estimate(s);
  s.parallel.expert = 8;
  const Estimate spread = estimate(s);
  const double experts = routed_expert_params(normalize(s).model);
  CHECK(all.memory.weights_bytes - spread.memory.weights_bytes == Approx(experts * 7 / 8 * 2));
  // Expert gradients sync over d / e ranks only, so the exposed all-reduce vanishes; what is
  // left is 4 all-to-alls (dispatch, combine; forward, backward) per MoE layer, 32 layers, each of
  // 2048 tokens x top-2 x 4096 x 2 bytes x 7/8 over NVLink.
  const Scenario n = normalize(s);
  const double bytes = 2048.0 * 2 * 4096 * 2 * 7 / 8;
  const double link = link_gb_per_s(n.hardware, 8) * 1e9 * n.assumptions.link_efficiency;
  CHECK(spread.training.communication_seconds_per_step ==
        Approx(4 * 32 * (bytes / link + 4.07e-6)));  // base 3.6 us + one NVLink hop 0.47 us
  CHECK(spread.training.communication_seconds_per_step <
        all.training.communication_seconds_per_step);
}

TEST_CASE("expert parallel and virtual stages are checked against the model and the split",
          "[training][expert]") {
  Scenario s = training("mixtral-8x7b", "bf16", "h100-sxm-80gb", 8);
  s.parallel.expert = 3;
  CHECK_THROWS_WITH(estimate(s), Catch::Contains("expertParallel: 3 must divide the 8 experts"));
  Scenario dense = training("llama-3.1-8b", "bf16", "h100-sxm-80gb", 8);
  dense.parallel.expert = 2;
  CHECK_THROWS_WITH(estimate(dense), Catch::Contains("expertParallel: the model has no routed"));
  Scenario v = training("llama-3.1-8b", "bf16", "h100-sxm-80gb", 8);
  v.parallel.virtual_stages = 2;
  CHECK_THROWS_WITH(estimate(v), Catch::Contains("virtualPipelineStages: needs pipelineParallel"));
  v.parallel.pipeline = 3;
  v.hardware.gpus_per_node = 3;
  CHECK_THROWS_WITH(estimate(v), Catch::Contains("must divide the 32 layers"));
}

TEST_CASE("training.framework in requests: accepted ids, echoed, and the profile applied",
          "[training][framework]") {
  const RequestResult ok = scenario_from_request_json(
      R"({"mode": "training", "model": "llama-3.1-8b", "gpu": "a100-sxm-80gb",
          "expertParallel": 1, "training": {"framework": "unsloth", "method": "qlora"}})");
  REQUIRE(ok.ok);
  CHECK(ok.scenario.training.framework == TrainingFramework::unsloth);
  CHECK(ok.scenario.assumptions.activation_offload == 1.0);
  CHECK(scenario_to_request_json(ok.scenario).find("\"framework\":\"unsloth\"") !=
        std::string::npos);
  const RequestResult bad =
      scenario_from_request_json(R"({"mode": "training", "training": {"framework": "keras"}})");
  CHECK_FALSE(bad.ok);
  CHECK(bad.error ==
        "training.framework: unknown value 'keras'; accepted: generic, transformers, unsloth, "
        "torchtune, torchtitan, megatron, deepspeed, litgpt");
  // Inference ignores the framework's training assumptions.
  Scenario inf = inference("llama-3.1-8b", "bf16", "h100-sxm-80gb");
  inf.training.framework = TrainingFramework::unsloth;
  CHECK(normalize(inf).assumptions.activation_offload == 0.0);
}

TEST_CASE("gradients created in backward do not coexist with the forward's peak",
          "[training][framework]") {
  // Full fine-tune on one GPU under torchtune: zero_grad(set_to_none=True) frees the gradients,
  // backward creates them as the activations are freed.
  Scenario s = training("llama-3.1-8b", "bf16", "h100-sxm-80gb");
  s.training.framework = TrainingFramework::torchtune;
  s.training.mixed_precision = false;
  s.training.recompute = Recompute::full;
  s.training.seq_len = 4096;
  const Estimate e = estimate(s);
  const TrainingActivations a = activations_of(s);
  const double grads = e.memory.gradient_bytes;
  CHECK(grads == Approx(e.params.total * 2));
  CHECK(grads + e.memory.activation_bytes ==
        Approx(std::max(a.peak_bytes, grads + a.layer_working_bytes)));
  // DDP's buckets hold them all step: two replicas add the whole activation peak again.
  Scenario ddp = s;
  ddp.hardware.gpus_per_node = 2;
  CHECK(estimate(ddp).memory.activation_bytes == Approx(a.peak_bytes));
}

TEST_CASE("FP8 training: linear GEMMs at the FP8 peak, attention at the 16-bit peak",
          "[training]") {
  Scenario s = training("llama-3.1-8b", "fp8", "h100-sxm-80gb");
  s.training.seq_len = 8192;
  const Scenario n = normalize(s);
  const Estimate e = estimate(s);
  const ParamCounts& p = e.params;
  // Causal kernels: 3.5 forward passes over s / 2 keys (training_kernels_test.cpp).
  const double attention = 3.5 * attention_flops_per_token(n.model, 8192 / 2.0);
  const double linear = 6 * matmul_params(p, n.model);
  const Gpu& g = n.hardware.gpu;
  const Assumptions& a = n.assumptions;
  // FP8 linears at H100's FP8 peak x its FP8 matmul share (0.709), attention at the BF16 peak
  // x its FlashAttention share (0.35).
  const double seconds_per_token =
      (linear / (g.fp8_tensor_tflops * 1e12 * 0.709) +
       attention / (g.bf16_tensor_tflops * 1e12 * 0.35)) /
          a.training_mfu +
      training_elementwise_bytes_per_token(n) /
          (g.memory_bandwidth_gb_per_s * 1e9 * a.elementwise_bandwidth_efficiency);
  CHECK(e.training.compute_seconds_per_step == Approx(seconds_per_token * 8192).epsilon(1e-9));
}

TEST_CASE("tensor-parallel all-reduces cover the stage's layers, not the whole model",
          "[training][pipeline]") {
  Scenario s = training("llama-3.1-8b", "bf16", "h100-sxm-80gb", 8);
  s.parallel.tensor = 2;
  s.parallel.pipeline = 4;
  s.training.grad_accumulation = 8;
  const Scenario n = normalize(s);
  // 2 passes (forward, backward) x 8 micro-batches x the 32 layers' all-reduces / 4 stages; data
  // parallel is 1, so that is all the communication.
  const double tp = tensor_parallel_seconds(n, 2048.0);
  CHECK(estimate(s).training.communication_seconds_per_step == Approx(2 * 8 * tp / 4));
}
