// KV cache per token and per scenario: GQA, MLA, explicit head_dim, sliding windows, paging,
// tensor / pipeline splits.
#include "sizer/kv_cache.hpp"

#include <catch2/catch.hpp>

#include "engine_test_util.hpp"
#include "sizer/params.hpp"

using namespace sizer;
using namespace sizer_test;

namespace {
double per_token(const std::string& id, const std::string& kv = "fp16") {
  return kv_cache_bytes_per_token(normalize_model(model(id)), format(kv));
}
}  // namespace

TEST_CASE("KV cache per token: Llama-2-7B 512 KiB, 70B 320 KiB, Mistral-7B 128 KiB", "[kv]") {
  CHECK(per_token("llama-2-7b") == 512.0 * 1024);
  CHECK(per_token("llama-2-70b") == 320.0 * 1024);
  CHECK(per_token("mistral-7b-v0.1") == 128.0 * 1024);
  CHECK(per_token("llama-3-8b") == 131072.0);  // M-314
  CHECK(per_token("qwen2.5-7b") == 57344.0);   // M-317
}

TEST_CASE("DeepSeek-V3 MLA caches 61 x 576 x 2 bytes per token", "[kv]") {
  CHECK(per_token("deepseek-v3", "bf16") == 61.0 * 576 * 2);
}

TEST_CASE("explicit head_dim and KV heads are respected (Gemma 2, Qwen3)", "[kv]") {
  // Gemma 2 9B: head_dim 256 (not 3584/16 = 224), 8 KV heads, 42 layers.
  CHECK(per_token("gemma-2-9b") == 2.0 * 8 * 256 * 2 * 42);
  // Qwen3 8B: 8 KV heads of 128, 36 layers.
  CHECK(per_token("qwen3-8b") == 2.0 * 8 * 128 * 2 * 36);
  // Qwen3 0.6B: head_dim 128 although hidden / heads = 1024 / 16 = 64.
  CHECK(per_token("qwen3-0.6b") == 2.0 * 8 * 128 * 2 * 28);
}

TEST_CASE("FP8 KV cache halves the bytes", "[kv]") {
  CHECK(per_token("llama-3-8b", "fp8") == 65536.0);
}

TEST_CASE("sliding-window layers hold at most the window", "[kv]") {
  const ModelArch mistral = normalize_model(model("mistral-7b-v0.1"));
  CHECK(kv_cache_bytes(mistral, format("fp16"), 8192, 1, 1, 1, 1) == Approx(4096.0 * 131072));
  const ModelArch gemma = normalize_model(model("gemma-2-9b"));
  CHECK(global_attention_layers(gemma) == 21);
  const double per_layer = 2.0 * 8 * 256 * 2;
  CHECK(kv_cache_bytes(gemma, format("fp16"), 8192, 1, 1, 1, 1) ==
        Approx(per_layer * (21 * 8192.0 + 21 * 4096.0)));
}

TEST_CASE("paged KV rounds each sequence up to whole 16-token blocks", "[kv]") {
  const ModelArch m = normalize_model(model("llama-3-8b"));
  CHECK(kv_cache_bytes(m, format("fp16"), 17, 1, 16, 1, 1) == Approx(32 * 131072.0));
  CHECK(kv_cache_bytes(m, format("fp16"), 17, 3, 1, 1, 1) == Approx(3 * 17 * 131072.0));
}

TEST_CASE("tensor parallel splits KV heads and replicates them past the head count", "[kv]") {
  const ModelArch m = normalize_model(model("llama-3-70b"));  // 8 KV heads
  const double one = kv_cache_bytes(m, format("fp16"), 1000, 1, 1, 1, 1);
  CHECK(kv_cache_bytes(m, format("fp16"), 1000, 1, 1, 8, 1) == Approx(one / 8));
  CHECK(kv_cache_bytes(m, format("fp16"), 1000, 1, 1, 16, 1) == Approx(one / 8));
  CHECK(kv_cache_bytes(m, format("fp16"), 1000, 1, 1, 1, 4) == Approx(one / 4));
}

TEST_CASE("llama.cpp's 8192-token context of Llama 3 8B takes 1 GiB (M-052)", "[kv]") {
  Scenario s = inference("llama-3-8b", "gguf-q4_k_m", "rtx-4090-24gb");
  s.inference.engine = Engine::llama_cpp;
  s.inference.prompt_tokens = 7168;
  s.inference.output_tokens = 1024;
  CHECK(estimate(s).memory.kv_cache_bytes == 1073741824.0);
}

TEST_CASE("KV cache grows with users and context: 7B FP16 at 32 x 4096 needs 64 GiB", "[kv]") {
  Scenario s = inference("llama-2-7b", "fp16", "a100-sxm-80gb");
  s.inference.batch = 32;
  s.inference.prompt_tokens = 3072;
  s.inference.output_tokens = 1024;
  const Estimate e = estimate(s);
  CHECK(e.memory.kv_cache_bytes == Approx(64.0 * 1073741824.0));
  CHECK(e.memory.fits);  // 13.5 GB weights + 68.7 GB KV + ~1.5 GB runtime of 85.9 GB
  s.inference.batch = 36;
  CHECK_FALSE(estimate(s).memory.fits);
}
