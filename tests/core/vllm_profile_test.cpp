// vLLM's start-up profiling pass and the KV pool it leaves (docs/METHOD.md, "vLLM's profiling
// pass"). Figures from vLLM's own logs: issue #10517 (V0, chunked prefill off) and issue #13061
// (V0, chunked prefill on, tensor parallel 2).
#include <catch2/catch.hpp>

#include "engine_test_util.hpp"
#include "sizer/inference_speed.hpp"
#include "sizer/memory.hpp"

using namespace sizer;
using namespace sizer_test;

namespace {

constexpr double kGiB = 1073741824.0;

// Llama-3.1-8B in BF16 on an RTX 3090 under vLLM V0 without chunked prefill, max_model_len =
// prompt + output (issue #10517's runs).
Scenario v0_llama_3090(int max_model_len) {
  Scenario s = inference("llama-3.1-8b", "bf16", "rtx-3090-24gb");
  s.kv_cache_format = "bf16";
  s.inference.engine = Engine::vllm;
  s.inference.output_tokens = 1024;
  s.inference.prompt_tokens = max_model_len - 1024;
  s.assumption_overrides["prefillChunkTokens"] = 0;
  return s;
}

}  // namespace

TEST_CASE("vLLM V0 profiles Llama-3.1-8B at max_model_len 20,000 / 29,000: 2.07 / 2.99 GiB",
          "[memory][vllm]") {
  // Log: peak_torch_memory 17.06 and 17.98 GiB with 14.99 GiB of weights. The forward pass of
  // max_model_len tokens holds 3h + 3i = 55,296 values per token at its MLP; the sampler's
  // 256 x 128,256 x 38 bytes (1.25 GB) come after it and are smaller.
  const Estimate at20k = estimate(v0_llama_3090(20000));
  const Estimate at29k = estimate(v0_llama_3090(29000));
  CHECK(at20k.memory.activation_bytes / kGiB == Approx(17.06 - 14.99).epsilon(0.02));
  CHECK(at29k.memory.activation_bytes / kGiB == Approx(17.98 - 14.99).epsilon(0.02));
  CHECK(at20k.memory.activation_bytes == Approx(20000.0 * 55296 * 2));
}

TEST_CASE("vLLM's pool shrinks as max_model_len grows when the profile pass grows with it",
          "[memory][vllm]") {
  // The log's pools: 1952 blocks (31,232 tokens) at 20,000 and 1478 (23,648) at 29,000; the
  // difference is the profiling pass's 0.92 GiB over 131,072 bytes per token.
  const Estimate at20k = estimate(v0_llama_3090(20000));
  const Estimate at29k = estimate(v0_llama_3090(29000));
  const double drop =
      at20k.inference.kv_cache_capacity_tokens - at29k.inference.kv_cache_capacity_tokens;
  CHECK(drop == Approx(31232 - 23648).epsilon(0.03));
  CHECK(at20k.inference.kv_cache_capacity_tokens % 16 == 0);
  // 29,000 tokens do not fit in the pool its own profile leaves: vLLM refuses to start.
  CHECK(at29k.inference.kv_cache_capacity_tokens < 29000);
  CHECK_FALSE(at29k.memory.fits);
}

TEST_CASE("vLLM's sampler sets the profile on rank 0 of Qwen-14B TP2 with 2048-token chunks",
          "[memory][vllm]") {
  // Issue #13061 (row M-168): the rank without the sampler logs 0.19 GiB of activations and
  // 8.69 GiB for KV, the pool is 81,536 tokens = 7.46 GiB per GPU: rank 0 peaks 1.23 GiB higher.
  // Its sampler run: 256 sequences x 152,064 logits x 38 bytes = 1.38 GiB (beside the pass's
  // 2048 x 5120 hidden states), against a 0.14 GiB forward pass.
  Scenario s = inference("deepseek-r1-distill-qwen-14b", "bf16", "rtx-4090-24gb", 2, 2);
  s.inference.engine = Engine::vllm;
  s.inference.prompt_tokens = 130048;
  s.inference.output_tokens = 1024;
  const double hidden = 2048.0 * 5120 * 2;
  const Estimate e = estimate(s);
  CHECK(e.memory.activation_bytes == Approx(256.0 * 152064 * 38 + hidden));
  // 1.21 of the 1.23 GiB.
  CHECK((e.memory.activation_bytes - 0.19 * kGiB) / kGiB == Approx(1.23).epsilon(0.03));
}

TEST_CASE("vLLM V1's sampler run over 1024 sequences peaks at 38 bytes per logit",
          "[memory][vllm]") {
  // llm-d/llm-d-benchmark config_explorer/empirical-vllm-memory-results.md breaks V1's budget on
  // an H100 down: peak activation 4.76 GiB (Llama-3.1-8B), 5.56 (Qwen3-0.6B), 5.64 (Qwen3-32B).
  // The sort in apply_top_k_top_p holds 38 bytes per logit (docs/METHOD.md); 32, the tensors after
  // the sort, left each about 0.75 GiB short.
  const struct {
    const char* model;
    double vocab, hidden, logged_gib;
  } runs[] = {{"llama-3.1-8b", 128256, 4096, 4.76},
              {"qwen3-0.6b", 151936, 1024, 5.56},
              {"qwen3-32b", 151936, 5120, 5.64}};
  for (const auto& run : runs) {
    Scenario s = inference(run.model, "bf16", "h100-sxm-80gb");
    s.inference.engine = Engine::vllm;
    s.inference.prompt_tokens = 8000;
    const double activation = estimate(s).memory.activation_bytes;
    CHECK(activation == Approx(1024.0 * run.vocab * 38 + 8192.0 * run.hidden * 2));
    CHECK(activation / kGiB == Approx(run.logged_gib).epsilon(0.015));
  }
}

TEST_CASE("a vLLM pool holds the same tokens whatever context the request asks for",
          "[memory][vllm]") {
  // With chunked prefill the profiling pass does not depend on max_model_len: the pool is fixed
  // once the weights and the profile are known.
  Scenario s = inference("llama-3.1-8b", "bf16", "h100-sxm-80gb");
  s.inference.engine = Engine::vllm;
  s.inference.prompt_tokens = 1000;
  const int short_context = estimate(s).inference.kv_cache_capacity_tokens;
  s.inference.prompt_tokens = 30000;
  CHECK(estimate(s).inference.kv_cache_capacity_tokens == short_context);
  // Four sequences share it.
  s.inference.batch = 4;
  CHECK(estimate(s).inference.kv_cache_capacity_tokens == Approx(short_context / 4).margin(16));
}

TEST_CASE("SGLang and TensorRT-LLM run no vLLM profiling pass", "[memory][vllm]") {
  for (Engine engine : {Engine::sglang, Engine::tensorrt_llm}) {
    Scenario s = inference("llama-3.1-8b", "bf16", "h100-sxm-80gb");
    s.inference.engine = engine;
    const Estimate e = estimate(s);
    CHECK(e.scenario.assumptions.sampler_profile_sequences == 0);
    CHECK(e.memory.activation_bytes < 0.5 * kGiB);
  }
}

// Weight-only kernels (docs/METHOD.md, "Quantized kernels").
TEST_CASE("Marlin's 4-bit kernel on an H100 streams at 0.54 of the 16-bit kernel's bandwidth",
          "[inference][vllm]") {
  // inclusionAI/humming PR #2 (H100, n = k = 8192, m = 1): torch BF16 2.30 TFLOPS, Marlin W4A16
  // 4.98, W8A16 3.46. Dequantizing a weight costs 0.25 (1 / 0.541 - 1) = 0.212 of a 16-bit
  // weight's read.
  Scenario s = inference("llama-3.1-8b", "int4-w4a16-g128-sym", "h100-sxm-80gb");
  s.inference.engine = Engine::vllm;
  const double kappa = weight_only_dequant_read_fraction(estimate(s).scenario);
  CHECK(kappa == Approx(0.25 * (4.0 * 2.30 / 4.98 - 1.0)));
  // The same work per weight predicts the 8-bit kernel: 0.5 / (0.5 + 0.212) = 0.70 of the 16-bit
  // bandwidth against the table's 3.46 / 2.30 / 2 = 0.75.
  CHECK(0.5 / (0.5 + kappa) == Approx(3.46 / 2.30 / 2.0).epsilon(0.08));
}

TEST_CASE("weight-only dequantization is free where the kernel keeps up with memory",
          "[inference][vllm]") {
  // Marlin reaches its ideal 3.87x on Ampere / Ada (IST-DASLab/marlin README); GGUF kernels are
  // in llama.cpp's own fitted efficiencies; FP8 runs W8A8 on the tensor cores.
  Scenario ampere = inference("llama-3.1-8b", "int4-w4a16-g128-sym", "a100-sxm-80gb");
  ampere.inference.engine = Engine::vllm;
  CHECK(weight_only_dequant_read_fraction(estimate(ampere).scenario) == 0.0);
  Scenario gguf = inference("llama-3.1-8b", "gguf-q4_k_m", "h100-sxm-80gb");
  gguf.inference.engine = Engine::llama_cpp;
  CHECK(weight_only_dequant_read_fraction(estimate(gguf).scenario) == 0.0);
  Scenario fp8 = inference("llama-3.1-8b", "fp8-e4m3-per-channel", "h100-sxm-80gb");
  fp8.inference.engine = Engine::vllm;
  CHECK(weight_only_dequant_read_fraction(estimate(fp8).scenario) == 0.0);
}

TEST_CASE("INT4 Marlin decode on an H100 is about 1.5x BF16 at batch 1, not 2.6x",
          "[inference][vllm]") {
  // vLLM PR #23197 (Llama-3.1-8B, 256 + 32 tokens): 0.236 s in BF16, 0.154 s in INT4 (1.53x).
  auto latency = [](const std::string& weights) {
    Scenario s = inference("llama-3.1-8b", weights, "h100-sxm-80gb");
    s.kv_cache_format = "bf16";
    s.inference.engine = Engine::vllm;
    s.inference.prompt_tokens = 256;
    s.inference.output_tokens = 32;
    return estimate(s).inference.end_to_end_seconds;
  };
  const double ratio = latency("bf16") / latency("int4-w4a16-g128-sym");
  CHECK(ratio > 1.4);
  CHECK(ratio < 1.9);
}
