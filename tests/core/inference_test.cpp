// Inference speed: roofline decode, compute-bound prefill, engine profiles, MoE, parallelism,
// offload. Measured values from tests/validation/data/calibration.csv rows.
#include <catch2/catch.hpp>

#include "engine_test_util.hpp"
#include "sizer/communication.hpp"
#include "sizer/inference_speed.hpp"

using namespace sizer;
using namespace sizer_test;

namespace {
// A llama-bench style run on one card: `prompt` tokens of prefill, `output` tokens of decode.
Scenario llama_cpp_run(const char* model, const char* weights, const char* gpu, int prompt,
                       int output) {
  Scenario s = inference(model, weights, gpu);
  s.inference.engine = Engine::llama_cpp;
  s.inference.prompt_tokens = prompt;
  s.inference.output_tokens = output;
  return s;
}
}  // namespace

TEST_CASE("Llama 3 8B Q4_K_M on an RTX 4090 in llama.cpp decodes ~131 tokens/s (M-001)",
          "[inference]") {
  Scenario s = llama_cpp_run("llama-3-8b", "gguf-q4_k_m", "rtx-4090-24gb", 1, 512);
  s.assumption_overrides["llamaCppBuild"] = 2796;  // the May 2024 builds of rows M-001..M-033
  CHECK(estimate(s).inference.decode_tokens_per_second == Approx(130.58).epsilon(0.15));
}

TEST_CASE(
    "a current llama.cpp build decodes Llama 3.1 8B Q4_0 on an RTX 3090 at ~155 tokens/s "
    "(P-044)",
    "[inference]") {
  // llama.cpp PR #15802 (September 2025), master column: 155.02 t/s. No build given = current.
  const Scenario s = llama_cpp_run("llama-3.1-8b", "gguf-q4_0", "rtx-3090-24gb", 1, 512);
  const Estimate e = estimate(s);
  CHECK(e.inference.decode_tokens_per_second == Approx(155.02).epsilon(0.1));
  CHECK(decode_overhead_seconds_per_layer(e.scenario) ==
        e.scenario.assumptions.llama_cpp_cuda_overhead_seconds_per_layer);
}

TEST_CASE("llama.cpp's per-layer decode time follows the build and the card", "[inference]") {
  Scenario s = llama_cpp_run("llama-3.1-8b", "gguf-q4_0", "rtx-3090-24gb", 1, 512);
  s.assumption_overrides["decodeOverheadSecondsPerLayer"] = 100e-6;
  s.assumption_overrides["llamaCppCudaOverheadSecondsPerLayer"] = 30e-6;
  const auto per_layer = [](Scenario c) {
    return decode_overhead_seconds_per_layer(estimate(c).scenario);
  };
  CHECK(per_layer(s) == Approx(30e-6));  // no build given: a current build
  s.assumption_overrides["llamaCppBuild"] = kLlamaCppCurrentCudaBuild;
  CHECK(per_layer(s) == Approx(30e-6));
  s.assumption_overrides["llamaCppBuild"] = kLlamaCppCurrentCudaBuild - 1;
  CHECK(per_layer(s) == Approx(100e-6));
  // Turing and Volta run without CUDA graphs; Apple GPUs run Metal; vLLM has its own figure.
  Scenario turing = llama_cpp_run("llama-3.1-8b", "gguf-q4_0", "rtx-2080-ti-11gb", 1, 512);
  turing.assumption_overrides = {{"decodeOverheadSecondsPerLayer", 100e-6}};
  CHECK(per_layer(turing) == Approx(100e-6));
  Scenario metal = llama_cpp_run("llama-3.1-8b", "gguf-q4_0", "apple-m4-max", 1, 512);
  metal.assumption_overrides = turing.assumption_overrides;
  CHECK(per_layer(metal) == Approx(100e-6));
  Scenario vllm = s;
  vllm.inference.engine = Engine::vllm;
  vllm.assumption_overrides.erase("llamaCppBuild");
  CHECK(per_layer(vllm) == Approx(100e-6));
}

TEST_CASE(
    "llama.cpp's Vulkan backend decodes Llama 2 7B Q4_0 on an RX 7900 XTX at ~172 tokens/s "
    "(P-401)",
    "[inference]") {
  // llama.cpp issue #20934 (March 2026): Vulkan (RADV) tg128 167-177 t/s, ROCm 129-144 t/s.
  Scenario s = llama_cpp_run("llama-2-7b", "gguf-q4_0", "radeon-rx-7900-xtx-24gb", 1, 128);
  s.assumption_overrides["llamaCppVulkan"] = 1;
  const Estimate vulkan = estimate(s);
  CHECK(vulkan.inference.decode_tokens_per_second == Approx(172).epsilon(0.1));
  CHECK(decode_overhead_seconds_per_layer(vulkan.scenario) ==
        vulkan.scenario.assumptions.llama_cpp_vulkan_overhead_seconds_per_layer);
  s.assumption_overrides.erase("llamaCppVulkan");  // the card's own backend: ROCm/HIP (P-404)
  CHECK(estimate(s).inference.decode_tokens_per_second == Approx(136.5).epsilon(0.1));
}

TEST_CASE(
    "llama.cpp's Vulkan backend decodes Llama 3.1 8B Q4_K_M on an RTX 5090 at ~224 tokens/s "
    "(P-398)",
    "[inference]") {
  // llama.cpp PR #17186 (November 2025), llama-bench -fa 1 tg128: 223.58 t/s. The estimate is
  // ~15% fast: this Windows host spends ~50 us per layer, the Linux rows 11-45 us (METHOD.md).
  Scenario s = llama_cpp_run("llama-3.1-8b", "gguf-q4_k_m", "rtx-5090-32gb", 1, 128);
  s.assumption_overrides["llamaCppVulkan"] = 1;
  CHECK(estimate(s).inference.decode_tokens_per_second == Approx(223.58).epsilon(0.2));
}

TEST_CASE("llama.cpp's Vulkan backend takes its own per-layer time on any card, from build 6000",
          "[inference]") {
  const auto per_layer = [](const char* gpu, std::map<std::string, double> overrides) {
    Scenario s = llama_cpp_run("llama-3.1-8b", "gguf-q4_0", gpu, 1, 128);
    s.assumption_overrides = std::move(overrides);
    s.assumption_overrides["decodeOverheadSecondsPerLayer"] = 100e-6;
    s.assumption_overrides["llamaCppCudaOverheadSecondsPerLayer"] = 30e-6;
    s.assumption_overrides["llamaCppVulkanOverheadSecondsPerLayer"] = 40e-6;
    return decode_overhead_seconds_per_layer(estimate(s).scenario);
  };
  // AMD: ROCm/HIP by default, Vulkan when asked.
  CHECK(per_layer("radeon-rx-9070-xt-16gb", {}) == Approx(100e-6));
  CHECK(per_layer("radeon-rx-9070-xt-16gb", {{"llamaCppVulkan", 1}}) == Approx(40e-6));
  // NVIDIA: Vulkan replaces CUDA graphs on Ampere and newer, and applies on Turing too.
  CHECK(per_layer("rtx-4090-24gb", {{"llamaCppVulkan", 1}}) == Approx(40e-6));
  CHECK(per_layer("rtx-2080-ti-11gb", {{"llamaCppVulkan", 1}}) == Approx(40e-6));
  CHECK(per_layer("rtx-2080-ti-11gb", {}) == Approx(100e-6));
  // Builds before 6000 keep the old per-layer time on every backend.
  CHECK(per_layer("rtx-4090-24gb", {{"llamaCppVulkan", 1}, {"llamaCppBuild", 5000}}) ==
        Approx(100e-6));
  // Other engines do not read the flag.
  Scenario vllm = llama_cpp_run("llama-3.1-8b", "bf16", "rtx-4090-24gb", 1, 128);
  vllm.inference.engine = Engine::vllm;
  vllm.assumption_overrides = {{"llamaCppVulkan", 1}, {"decodeOverheadSecondsPerLayer", 100e-6}};
  CHECK(decode_overhead_seconds_per_layer(estimate(vllm).scenario) == Approx(100e-6));
}

TEST_CASE("on an Intel Arc card SYCL expands quantized weights for prompts, Vulkan does not",
          "[inference]") {
  Scenario s = llama_cpp_run("llama-3.1-8b", "gguf-q4_k_m", "intel-arc-a770-16gb", 512, 128);
  CHECK(estimate(s).scenario.assumptions.prefill_dequantizes_weights == 1.0);
  s.assumption_overrides["llamaCppVulkan"] = 1;
  CHECK(estimate(s).scenario.assumptions.prefill_dequantizes_weights == 0.0);
}

TEST_CASE("Llama 3 70B Q4_K_M on an H100 PCIe decodes ~25 tokens/s (M-016)", "[inference]") {
  const Scenario s = llama_cpp_run("llama-3-70b", "gguf-q4_k_m", "h100-pcie-80gb", 1, 512);
  CHECK(estimate(s).inference.decode_tokens_per_second == Approx(25.03).epsilon(0.15));
}

TEST_CASE("prefill of 512 tokens of Llama 3 8B F16 on an A100 PCIe runs ~7,700 tokens/s (M-039)",
          "[inference]") {
  const Scenario s = llama_cpp_run("llama-3-8b", "gguf-f16", "a100-pcie-80gb", 512, 1);
  CHECK(estimate(s).inference.prefill_tokens_per_second == Approx(7741).epsilon(0.2));
}

TEST_CASE("decode is bandwidth-bound at batch 1, prefill compute-bound", "[inference]") {
  Scenario s = inference("llama-2-7b", "fp16", "a100-sxm-80gb");
  s.inference.prompt_tokens = 2048;
  const Estimate e = estimate(s);
  CHECK(e.bottleneck == Bottleneck::memory_bandwidth);
  CHECK(e.inference.decode_arithmetic_intensity < 2.0);
  CHECK(e.inference.prefill_arithmetic_intensity > e.ridge_point_flops_per_byte);
  // The first token of a long prompt is slow: TTFT spans many decode steps.
  CHECK(e.inference.ttft_seconds > 5 * e.inference.decode_step_seconds);
}

TEST_CASE("a larger batch and fewer bits raise decode throughput", "[inference]") {
  Scenario s = inference("llama-2-7b", "fp16", "a100-sxm-80gb");
  const double one = estimate(s).inference.throughput_tokens_per_second;
  s.inference.batch = 16;
  const double sixteen = estimate(s).inference.throughput_tokens_per_second;
  CHECK(sixteen > 8 * one);
  Scenario q = inference("llama-2-7b", "gptq-4bit-g128", "a100-sxm-80gb");
  CHECK(estimate(q).inference.decode_tokens_per_second >
        2.0 * estimate(inference("llama-2-7b", "fp16", "a100-sxm-80gb"))
                  .inference.decode_tokens_per_second);
}

TEST_CASE("engine profiles differ: eager Transformers decodes slower than vLLM", "[inference]") {
  Scenario s = inference("llama-2-7b", "bf16", "a100-sxm-40gb");
  s.inference.engine = Engine::vllm;
  const double vllm = estimate(s).inference.decode_tokens_per_second;
  s.inference.engine = Engine::transformers;
  const double hf = estimate(s).inference.decode_tokens_per_second;
  CHECK(hf < 0.5 * vllm);
  // Row M-131: 31 tokens/s end to end for 50 tokens.
  CHECK(hf == Approx(31).epsilon(0.2));
}

TEST_CASE("eager Transformers visits MoE experts one by one in Python", "[inference][moe]") {
  // Qwen3-30B-A3B: 48 MoE layers, 128 experts, 8 per token; 144 us per expert visited.
  Scenario s = inference("qwen3-30b-a3b", "bf16", "h100-sxm-80gb");
  s.inference.engine = Engine::transformers;
  s.inference.prompt_tokens = 1000;
  const InferenceResult routed = estimate(s).inference;
  s.assumption_overrides["eagerExpertLoopSeconds"] = 0;
  const InferenceResult fused = estimate(s).inference;
  // A batch-1 decode step visits the 8 routed experts of each layer.
  CHECK(routed.decode_step_seconds - fused.decode_step_seconds == Approx(48 * 8 * 144e-6));
  // The prompt's 1,000 tokens reach every expert: one pass over all 128.
  CHECK(routed.ttft_seconds - fused.ttft_seconds == Approx(48 * 128 * 144e-6));
  // Transformers 4.51 looped over every expert at every step (the Qwen docs' 1.89 tokens/s).
  s.assumption_overrides.erase("eagerExpertLoopSeconds");
  s.assumption_overrides["expertLoopVisitsAll"] = 1;
  CHECK(estimate(s).inference.decode_step_seconds - fused.decode_step_seconds ==
        Approx(48 * 128 * 144e-6));
  // Serving engines run grouped MoE kernels: no loop.
  CHECK(default_assumptions(Engine::vllm).eager_expert_loop_seconds == 0);
}

TEST_CASE("a fused MoE kernel costs a fixed time per MoE layer in vLLM and SGLang",
          "[inference][moe]") {
  // Qwen3-30B-A3B: 48 MoE layers; fused_moe at batch 1 takes ~25 us beyond its weight reads.
  Scenario s = inference("qwen3-30b-a3b", "bf16", "h100-sxm-80gb");
  s.inference.engine = Engine::vllm;
  s.inference.prompt_tokens = 1000;
  const InferenceResult fused = estimate(s).inference;
  s.assumption_overrides["fusedMoeKernelSeconds"] = 0;
  const InferenceResult free_kernel = estimate(s).inference;
  CHECK(fused.decode_step_seconds - free_kernel.decode_step_seconds == Approx(48 * 25e-6));
  // Once per forward pass: a prompt in one chunk pays it once.
  CHECK(fused.ttft_seconds - free_kernel.ttft_seconds == Approx(48 * 25e-6));
  CHECK(default_assumptions(Engine::sglang).fused_moe_kernel_seconds == 25e-6);
  // Dense models, llama.cpp and eager Transformers (its loop is modelled apart) pay nothing.
  CHECK(default_assumptions(Engine::llama_cpp).fused_moe_kernel_seconds == 0);
  CHECK(default_assumptions(Engine::transformers).fused_moe_kernel_seconds == 0);
  Scenario dense = inference("llama-3-8b", "bf16", "h100-sxm-80gb");
  dense.inference.engine = Engine::vllm;
  const double with_kernel = estimate(dense).inference.decode_step_seconds;
  dense.assumption_overrides["fusedMoeKernelSeconds"] = 0;
  CHECK(estimate(dense).inference.decode_step_seconds == with_kernel);
}

TEST_CASE("4-bit weight-only MoE kernels cost their own fixed time per MoE layer",
          "[inference][moe]") {
  // DeepSeek-V3 AWQ at TP 8 on A100s in vLLM: 58 MoE layers run Marlin MoE / moe_wna16, 78 us
  // beyond their reads per layer and forward pass (FlagGems PRs #3375, #3609), in place of
  // fused_moe's 25 us.
  CHECK(default_assumptions(Engine::vllm).weight_only_moe_kernel_seconds == 78e-6);
  CHECK(default_assumptions(Engine::sglang).weight_only_moe_kernel_seconds == 78e-6);
  CHECK(default_assumptions(Engine::llama_cpp).weight_only_moe_kernel_seconds == 0);
  Scenario s = inference("deepseek-v3", "awq-4bit-g128", "a100-sxm-80gb", 8, 8, 1);
  s.inference.engine = Engine::vllm;
  const Scenario n = normalize(s);
  REQUIRE(runs_weight_only_kernels(n));
  CHECK(fused_moe_kernel_seconds(n) == Approx(58 * 78e-6));
  const Estimate awq = estimate(s, {true});
  s.assumption_overrides["weightOnlyMoeKernelSeconds"] = 0;  // back to fusedMoeKernelSeconds
  const Estimate fused = estimate(s);
  CHECK(awq.inference.decode_step_seconds - fused.inference.decode_step_seconds ==
        Approx(58 * (78e-6 - 25e-6)));
  CHECK(awq.formulas.at("inference.decodeStepSeconds").find("58 MoE layers x 78 us weight-only") !=
        std::string::npos);
  // 16-bit and FP8 experts run fused_moe: the weight-only figure does not touch them.
  for (const char* weights : {"bf16", "fp8-e4m3-block128"}) {
    Scenario other = inference("qwen3-30b-a3b", weights, "h100-sxm-80gb");
    other.inference.engine = Engine::vllm;
    CHECK_FALSE(runs_weight_only_kernels(normalize(other)));
    CHECK(fused_moe_kernel_seconds(normalize(other)) == Approx(48 * 25e-6));
  }
  // GGUF in llama.cpp is neither.
  Scenario gguf = inference("qwen3-30b-a3b", "gguf-q4_k_m", "rtx-4090-24gb");
  gguf.inference.engine = Engine::llama_cpp;
  CHECK(fused_moe_kernel_seconds(normalize(gguf)) == 0);
}

TEST_CASE("MXFP4 experts run Marlin only below Hopper, Hopper and Blackwell read them at 4 bits",
          "[inference][moe]") {
  // vLLM's get_mxfp4_backend: Marlin below compute capability 9, triton_kernels / FlashInfer
  // from Hopper on. gpt-oss-120b's 36 MoE layers: fused_moe's 25 us each, no dequantization.
  for (const char* gpu : {"h100-sxm-80gb", "b200-sxm-180gb"}) {
    Scenario s = inference("gpt-oss-120b", "mxfp4", gpu);
    s.inference.engine = Engine::vllm;
    const Scenario n = normalize(s);
    CHECK(runs_mma_fed_mxfp4(n));
    CHECK_FALSE(uses_weight_only_moe_kernel(n));
    CHECK(weight_only_dequant_read_fraction(n) == 0);
    CHECK(fused_moe_kernel_seconds(n) == Approx(36 * 25e-6));
  }
  // On an A100 the same weights run Marlin MoE: 78 us per layer; the A100's Marlin keeps up with
  // memory (weightOnlyKernelShare rule 1 off Hopper), so no dequantization share either.
  Scenario ampere = inference("gpt-oss-120b", "mxfp4", "a100-sxm-80gb");
  ampere.inference.engine = Engine::vllm;
  const Scenario na = normalize(ampere);
  CHECK_FALSE(runs_mma_fed_mxfp4(na));
  CHECK(uses_weight_only_moe_kernel(na));
  CHECK(fused_moe_kernel_seconds(na) == Approx(36 * 78e-6));
  // The H100 step at batch 8 (ML.ENERGY v3 GPQA, row P-380: 9.86 ms median inter-token latency)
  // is the weights' and KV cache's read plus per-layer and MoE kernel times: the Marlin rule made
  // it 17.1 ms (the Hopper share 0.54 on every 4-bit weight, 78 us per MoE layer).
  Scenario h100 = inference("gpt-oss-120b", "mxfp4", "h100-sxm-80gb");
  h100.inference.engine = Engine::vllm;
  h100.inference.batch = 8;
  h100.inference.prompt_tokens = 224;
  h100.inference.output_tokens = 1781;
  const InferenceResult r = estimate(h100).inference;
  CHECK(r.decode_step_seconds == Approx(9.5e-3).epsilon(0.05));
}

TEST_CASE("pipeline parallel is not a decode speed-up", "[inference]") {
  Scenario one = inference("llama-2-13b", "fp16", "a100-sxm-80gb");
  Scenario two = inference("llama-2-13b", "fp16", "a100-sxm-80gb", 2, 1, 2);
  const Estimate e1 = estimate(one);
  const Estimate e2 = estimate(two);
  CHECK(e2.inference.decode_tokens_per_second <= e1.inference.decode_tokens_per_second);
  CHECK(e2.memory.weights_bytes < 0.6 * e1.memory.weights_bytes);
  Scenario tp = inference("llama-2-13b", "fp16", "a100-sxm-80gb", 2, 2, 1);
  CHECK(estimate(tp).inference.decode_tokens_per_second >
        1.3 * e1.inference.decode_tokens_per_second);
}

TEST_CASE("70B on 8 x H100 with vLLM: one stream decodes 50-120 tokens/s", "[inference]") {
  // Seed 001 says ~50 tokens/s; the roofline with TP 8 over NVLink allows more.
  Scenario s = inference("llama-2-70b", "fp16", "h100-sxm-80gb", 8, 8, 1);
  s.inference.engine = Engine::vllm;
  const Estimate e = estimate(s);
  CHECK(e.inference.decode_tokens_per_second > 50);
  CHECK(e.inference.decode_tokens_per_second < 120);
  CHECK(e.inference.communication_seconds_per_step > 0);
}

TEST_CASE("tensor parallel over PCIe costs more than over NVLink", "[inference]") {
  Scenario nv = inference("llama-2-13b", "fp16", "a100-sxm-80gb", 4, 4, 1);
  Scenario pcie = inference("llama-2-13b", "fp16", "rtx-4090-24gb", 4, 4, 1);
  nv.inference.batch = pcie.inference.batch = 256;  // large messages: bandwidth, not latency
  CHECK(estimate(pcie).inference.communication_seconds_per_step >
        3 * estimate(nv).inference.communication_seconds_per_step);
}

TEST_CASE("MoE decode at batch 1 reads the active experts, not all of them", "[inference]") {
  Scenario s = inference("mixtral-8x7b", "fp16", "h100-sxm-80gb", 2, 2, 1);
  const ParamCounts p = estimate(s).params;
  const Scenario n = normalize(s);
  const double read = decode_weight_bytes_read(n, p);
  CHECK(read / 2 / 1e9 == Approx(12.9).epsilon(0.05));
  s.inference.batch = 64;
  CHECK(decode_weight_bytes_read(normalize(s), p) / 2 / 1e9 > 45.0);
}

TEST_CASE("no full score matrix with a fused attention kernel", "[inference]") {
  Scenario s = inference("llama-3-8b", "gguf-q4_k_m", "h100-pcie-80gb");
  s.inference.engine = Engine::llama_cpp;
  s.inference.prompt_tokens = 7168;
  s.inference.output_tokens = 1024;
  // Row M-053: llama.cpp reserves a 671 MB compute buffer (512 x 8192 x 32 FP32 scores).
  CHECK(estimate(s).memory.activation_bytes == Approx(671099126).epsilon(0.05));
  // vLLM holds what its profiling pass peaked at: on an 80 GB H100 (V1's large defaults) the
  // 8192-token forward pass (0.9 GB) or the sampler over 1024 x 128,256 logits (5.0 GB, plus the
  // pass's hidden states), with no scores: the same at a 4x longer context.
  s.inference.engine = Engine::vllm;
  const double vllm = estimate(s).memory.activation_bytes;
  CHECK(vllm == Approx(1024.0 * 128256 * 38 + 8192.0 * 4096 * 2));
  s.inference.prompt_tokens = 4 * 7168;
  CHECK(estimate(s).memory.activation_bytes == Approx(vllm));
}

TEST_CASE("offloading half the layers to host RAM slows decode to host bandwidth", "[inference]") {
  Scenario s = inference("llama-2-13b", "gguf-q4_k_m", "rtx-3060-12gb");
  s.inference.engine = Engine::llama_cpp;
  const double all = estimate(s).inference.decode_tokens_per_second;
  s.inference.gpu_layers = 20;
  const Estimate e = estimate(s);
  CHECK(e.bottleneck == Bottleneck::host_offload);
  CHECK(e.inference.decode_tokens_per_second < 0.5 * all);
  CHECK(e.memory.host_ram_bytes > 3.5e9);
}

TEST_CASE("max batch and max context come with the estimate", "[inference]") {
  Scenario s = inference("llama-3-8b", "bf16", "a100-sxm-80gb");
  s.inference.engine = Engine::vllm;
  s.inference.prompt_tokens = 1024;
  s.inference.output_tokens = 1024;
  const Estimate e = estimate(s);
  // (0.9 x (85.9 - 0.43 GB the driver keeps) - 16.1 GB weights - 0.32 GB non-torch memory -
  // 1.07 GB profiling pass) / (2048 tokens x 128 KiB) = 221.
  CHECK(e.inference.max_batch == Approx(221).epsilon(0.02));
  CHECK(e.inference.max_context_tokens == 8192);  // Llama 3's trained context
  CHECK(e.inference.throughput_at_max_batch > e.inference.throughput_tokens_per_second);
  s.model.max_position_embeddings = 1 << 24;  // with RoPE scaling, memory is the limit
  CHECK(estimate(s).inference.max_context_tokens > 400000);
}

TEST_CASE("data-parallel replicas split the users: more capacity and throughput, flat cost",
          "[inference][replicas]") {
  // Llama-3.1-8B, 64 users, one engine per RTX 4090 (TP1): each card serves 64 / n users.
  double last_kv = 0, last_tps = 0;
  for (int cards : {1, 2, 4}) {
    Scenario s = inference("llama-3.1-8b", "fp16", "rtx-4090-24gb", cards, 1, 1);
    s.inference.batch = 64;
    s.inference.prompt_tokens = 1024;
    const Estimate e = estimate(s);
    INFO(cards << " cards");
    CHECK(replica_batch(e.scenario) == 64 / cards);
    if (cards > 1) {
      CHECK(e.memory.kv_cache_bytes == Approx(last_kv / 2).epsilon(0.01));
      CHECK(e.inference.throughput_tokens_per_second > 1.2 * last_tps);
    }
    last_kv = e.memory.kv_cache_bytes;
    last_tps = e.inference.throughput_tokens_per_second;
  }
  // Llama-3-70B at TP4 on 4 -> 8 -> 16 H100: the users that fit and the throughput at that load
  // double with each doubling of replicas, and the cost per million tokens stays flat.
  double users = 0, cost = 0;
  for (int cards : {4, 8, 16}) {
    Scenario s = inference("llama-3-70b", "bf16", "h100-sxm-80gb", std::min(cards, 8), 4, 1);
    s.hardware.nodes = cards / std::min(cards, 8);
    const Estimate e = estimate(s);
    Scenario full = s;
    full.inference.batch = e.inference.max_batch;
    const Estimate at_max = estimate(full);
    INFO(cards << " cards");
    if (users > 0) {
      CHECK(e.inference.max_batch == Approx(2 * users).epsilon(0.01));
      CHECK(at_max.cost.usd_per_million_tokens == Approx(cost).epsilon(0.02));
    }
    users = e.inference.max_batch;
    cost = at_max.cost.usd_per_million_tokens;
  }
}

TEST_CASE("8 x A100 PCIe at TP8 all-reduce over PCIe: bridges join pairs, not eight",
          "[inference][links]") {
  // 70B, 8k prompt: SXM-class NVLink would give ~1.2 s to first token; the PCIe ring ~2.7 s.
  Scenario s = inference("llama-3-70b", "bf16", "a100-pcie-80gb", 8, 8, 1);
  s.inference.prompt_tokens = 8192;
  s.inference.output_tokens = 1;
  const Estimate pcie = estimate(s);
  CHECK(pcie.inference.ttft_seconds == Approx(2.67).epsilon(0.02));
  bool warned = false;
  for (const Warning& w : pcie.warning_details) warned |= w.id == "tp-beyond-nvlink-domain";
  CHECK(warned);
  // The same split over two bridged cards stays on the bridge.
  CHECK(link_gb_per_s(pcie.scenario.hardware, 2) == Approx(300));
  CHECK(link_gb_per_s(pcie.scenario.hardware, 8) == Approx(32));
  // An HGX board's eight SXM cards share one NVSwitch domain.
  const Estimate sxm = estimate(inference("llama-3-70b", "bf16", "a100-sxm-80gb", 8, 8, 1));
  CHECK(link_gb_per_s(sxm.scenario.hardware, 8) == Approx(300));
}

TEST_CASE("a context beyond the model's maximum is named, and the solver stops there",
          "[inference][context]") {
  Scenario s = inference("llama-2-7b", "fp16", "h100-sxm-80gb");
  s.inference.prompt_tokens = 100000;
  const Estimate e = estimate(s);
  bool warned = false;
  for (const Warning& w : e.warning_details) {
    if (w.id != "context-beyond-model") continue;
    warned = true;
    CHECK(w.args[1] == "4096");
    CHECK(w.args[2] == "24.5");  // (100,000 + 256) / 4,096
  }
  CHECK(warned);
  s.inference.prompt_tokens = 512;
  CHECK(estimate(s).inference.max_context_tokens == 4096);
  // Raising the model's maximum (RoPE scaling) lets the search go on.
  s.model.max_position_embeddings = 32768;
  CHECK(estimate(s).inference.max_context_tokens > 4096);
}

TEST_CASE("MLA decode counts attention on the absorbed latent (576 / 512), prefill per head",
          "[inference][mla]") {
  const ModelArch& v3 = model("deepseek-v3");
  // Per layer per context token: 2 x heads x (qk + v) FLOPs.
  const double per_ctx = 2.0 * v3.num_heads * v3.num_layers;
  CHECK(attention_flops_per_token(v3, 1.0, true) == Approx(per_ctx * (576 + 512)));
  CHECK(attention_flops_per_token(v3, 1.0, false) == Approx(per_ctx * (192 + 128)));
  // Standard attention is the same either way.
  const ModelArch& llama = model("llama-3-8b");
  CHECK(attention_flops_per_token(llama, 1000, true) == attention_flops_per_token(llama, 1000));
}

TEST_CASE("matmuls run at the card's sustained rate: its peak x the share measured matmuls reach",
          "[inference]") {
  // The MI300X's measured matmul share (stas00 MAMF table, core/data/gpus.csv) is 0.514 of its
  // 1,307 TFLOPS BF16 peak; an H100 SXM's FP8 share 0.709 of 1,979; an RTX 4090 is not measured
  // and takes matmulEfficiencyDefault (0.803).
  Scenario mi = inference("llama-3.1-8b", "bf16", "mi300x-192gb");
  mi.assumptions = default_assumptions(Engine::vllm);
  CHECK(inference_sustained_flops(mi) == Approx(1307.4e12 * 0.514));
  Scenario h = inference("llama-3.1-8b", "fp8-e4m3-per-tensor", "h100-sxm-80gb");
  h.assumptions = default_assumptions(Engine::vllm);
  CHECK(inference_sustained_flops(h) == Approx(1979e12 * 0.709));
  Scenario r = inference("llama-3.1-8b", "bf16", "rtx-4090-24gb");
  r.assumptions = default_assumptions(Engine::vllm);
  CHECK(inference_sustained_flops(r) == Approx(inference_peak_flops(r) * 0.803));
  // Prefill is compute-bound: the same card with the default share would be 0.803 / 0.514 faster.
  mi.inference.engine = Engine::vllm;
  mi.inference.prompt_tokens = 4096;
  Scenario unmeasured = mi;
  unmeasured.hardware.gpu.matmul_efficiency = 0;
  const double measured_ttft = estimate(mi).inference.ttft_seconds;
  const double default_ttft = estimate(unmeasured).inference.ttft_seconds;
  CHECK(measured_ttft / default_ttft == Approx(0.803 / 0.514).epsilon(0.03));
}

TEST_CASE(
    "llama.cpp's Metal kernels convert quantized weights on the ALUs: an M1 Max decodes "
    "Llama-3 8B and 70B Q4_K_M at the same weights per second (M-025, M-027)",
    "[inference]") {
  const Assumptions llama = default_assumptions(Engine::llama_cpp);
  CHECK(llama.metal_quant_ops_per_weight == Approx(33));
  CHECK(default_assumptions(Engine::generic).metal_quant_ops_per_weight == 0);
  const Scenario small = llama_cpp_run("llama-3-8b", "gguf-q4_k_m", "apple-m1-max", 1, 512);
  const Scenario large = llama_cpp_run("llama-3-70b", "gguf-q4_k_m", "apple-m1-max", 1, 512);
  const Estimate e8 = estimate(small);
  const Estimate e70 = estimate(large);
  // ALU-bound: the step's compute time exceeds its memory time; measured 35.7 and 4.34 tokens/s.
  CHECK(e8.inference.decode_compute_seconds > e8.inference.decode_memory_seconds);
  CHECK(e70.inference.decode_compute_seconds > e70.inference.decode_memory_seconds);
  CHECK(e8.inference.decode_tokens_per_second == Approx(35.7).epsilon(0.1));
  CHECK(e70.inference.decode_tokens_per_second == Approx(4.34).epsilon(0.1));
  // The same weights in F16 are read, not converted: bandwidth-bound (M-026, 18.8 tokens/s).
  const Estimate f16 = estimate(llama_cpp_run("llama-3-8b", "gguf-f16", "apple-m1-max", 1, 512));
  CHECK(f16.inference.decode_memory_seconds > f16.inference.decode_compute_seconds);
  // CUDA's dp4a kernels have no such bound: an RTX 3090 stays bandwidth-bound (M-004).
  const Estimate cuda =
      estimate(llama_cpp_run("llama-3-8b", "gguf-q4_k_m", "rtx-3090-24gb", 1, 512));
  CHECK(cuda.inference.decode_memory_seconds > cuda.inference.decode_compute_seconds);
}

TEST_CASE(
    "Each GGUF type's Metal mat-vec does its own work per weight: a Q4_0 weight costs 3.7 of "
    "Q4_K_M's 5.64 counted operations (M2, Llama-2-7B Q4_0, P-261)",
    "[inference]") {
  CHECK(find_format("gguf-q4_0")->metal_mv_ops == Approx(3.7));
  CHECK(find_format("gguf-q4_k_m")->metal_mv_ops == Approx(5.64));
  CHECK(find_format("gguf-q8_0")->metal_mv_ops == Approx(2.25));
  CHECK(find_format("gguf-iq2_xxs")->metal_mv_ops == 0);  // not counted: costs what Q4_K_M does
  const Scenario q4_0 = llama_cpp_run("llama-2-7b", "gguf-q4_0", "apple-m2-24gb", 1, 128);
  const Estimate e = estimate(q4_0);
  const Gpu& m2 = q4_0.hardware.gpu;
  // ALU time = weights the step reads, counted at the type's bits, x 33 x 3.7 / 5.64 / FP32 peak.
  const double weights_read = e.inference.weights_read_bytes_per_step * 8.0 / 4.5;
  CHECK(e.inference.decode_compute_seconds ==
        Approx(weights_read * 33.0 * 3.7 / 5.64 / (m2.fp32_tflops * 1e12)));
  // Measured 21.91 tokens/s; one count for every type (33 per weight) gave 15.5.
  CHECK(e.inference.decode_tokens_per_second == Approx(21.9).epsilon(0.05));
  Scenario uncounted = llama_cpp_run("llama-2-7b", "gguf-q4_k_m", "apple-m2-24gb", 1, 128);
  const double q4_k_m_alu = estimate(uncounted).inference.decode_compute_seconds;
  uncounted.weights_format = "gguf-iq4_nl";
  const double iq4_nl_alu = estimate(uncounted).inference.decode_compute_seconds;
  // Per weight the same cost; IQ4_NL's 4.5 bits against Q4_K_M's 4.9 only change the count.
  CHECK(iq4_nl_alu > 0.9 * q4_k_m_alu);
}

TEST_CASE("a decode step's matmuls and attention each take their own roofline", "[inference]") {
  // Matmuls: 8 ms of weight reads, 12 ms of FLOPs (compute-bound); attention: 10 ms of KV reads,
  // 1 ms of FLOPs (memory-bound). One after the other: 12 + 10 = 22 ms, where one max over the
  // step (18 ms of reads, 13 ms of FLOPs) would say 18.
  const DecodeRoofline r = decode_kernel_rooflines({8e-3, 12e-3}, {10e-3, 1e-3});
  CHECK(r.compute_bound_seconds == Approx(12e-3));
  CHECK(r.memory_bound_seconds == Approx(10e-3));
  const DecodeRoofline batch_one = decode_kernel_rooflines({8e-3, 0.1e-3}, {1e-3, 0.01e-3});
  CHECK(batch_one.compute_bound_seconds == 0.0);
  CHECK(batch_one.memory_bound_seconds == Approx(9e-3));
}

TEST_CASE(
    "TensorRT-LLM at 3,000 sequences of Llama 3.1 8B FP8 on an H100: compute-bound matmuls "
    "plus KV reads (P-436)",
    "[inference]") {
  Scenario s = inference("llama-3.1-8b", "fp8-e4m3-per-tensor", "h100-sxm-80gb");
  s.inference.engine = Engine::tensorrt_llm;
  s.kv_cache_format = "fp8";
  s.inference.batch = 3000;
  s.inference.prompt_tokens = 128;
  s.inference.output_tokens = 128;
  const Estimate e = estimate(s);
  const InferenceResult& r = e.inference;
  const Assumptions& a = e.scenario.assumptions;
  CHECK(a.decode_compute_efficiency == Approx(0.49));
  CHECK(a.decode_bandwidth_efficiency_hbm == Approx(0.65));
  // The matmuls' FLOPs at the sustained FP8 rate x 0.49 outlast their 8 GB of weight reads.
  const double matmul_seconds = 3000 * 2.0 * matmul_params(e.params, e.scenario.model) /
                                (inference_sustained_flops(e.scenario) * 0.49);
  const double bw = 3350e9 * 0.65;
  CHECK(matmul_seconds > r.weights_read_bytes_per_step / bw);
  CHECK(r.decode_compute_bound_seconds == Approx(matmul_seconds).epsilon(0.001));
  // Attention reads 3,000 x 192 tokens of FP8 KV cache (64 KiB per token) and is memory-bound.
  CHECK(r.decode_memory_bound_seconds == Approx(r.kv_read_bytes_per_step / bw).epsilon(0.001));
  CHECK(e.bottleneck == Bottleneck::compute);
  // trtllm-bench measured 28,837 tokens/s (TensorRT-LLM 0.17 perf overview); one max over the
  // step, with 0.31 fitted on vLLM rows alone, said 30% less (docs/VALIDATION.md, stop 53).
  s.assumption_overrides["kvFreeMemoryFraction"] = 0.95;
  CHECK(estimate(s).inference.throughput_tokens_per_second == Approx(28837).epsilon(0.2));
}

TEST_CASE("Ollama samples each sequence's token on the host between decode steps (P-788)",
          "[inference]") {
  Scenario s = llama_cpp_run("llama-3.2-3b", "gguf-q4_k_m", "rtx-4090-24gb", 32, 400);
  const Estimate bench = estimate(s);
  s.inference.engine = Engine::ollama;
  const Estimate ollama = estimate(s);
  // 128,256 logits x 4.3 ns = 0.55 ms per step on top of llama.cpp's step; GPU samplers and
  // llama-bench add nothing.
  CHECK(bench.inference.sampling_seconds_per_step == 0.0);
  CHECK(ollama.inference.sampling_seconds_per_step == Approx(128256 * 4.3e-9));
  CHECK(ollama.inference.decode_step_seconds ==
        Approx(bench.inference.decode_step_seconds + 128256 * 4.3e-9));
  // geerlingguy/ollama-benchmark: 237 tokens/s eval rate on an RTX 4090 (row P-788).
  CHECK(ollama.inference.decode_tokens_per_second == Approx(237.05).epsilon(0.2));
  s.inference.batch = 4;
  CHECK(estimate(s).inference.sampling_seconds_per_step == Approx(4 * 128256 * 4.3e-9));
}
