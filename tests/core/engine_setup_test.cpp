// Engine defaults picked from the setup at start-up (docs/METHOD.md, "Engine defaults that depend
// on the setup"): vLLM's batch limits by card, SGLang's static memory share and its prefill chunk
// by card memory and world size.
#include <catch2/catch.hpp>

#include "engine_test_util.hpp"
#include "sizer/estimate.hpp"
#include "sizer/scenario.hpp"

using namespace sizer;
using namespace sizer_test;

namespace {

Scenario sglang_70b(int tp) {
  Scenario s = inference("llama-3.1-70b", "bf16", "h200-sxm-141gb", tp, tp);
  s.inference.engine = Engine::sglang;
  s.inference.prompt_tokens = 2048;
  s.inference.output_tokens = 1024;
  return s;
}

}  // namespace

TEST_CASE("SGLang's static memory share is the card less its activation and CUDA-graph reserve",
          "[inference][engine]") {
  // server_args.py _handle_gpu_memory_settings: reserved MiB = 512 + 1.5 x chunk + 2 x
  // cuda_graph_max_bs + 1024 x ranks / 8; mem_fraction_static = round((MiB - reserved) / MiB, 3).
  const auto reserve = [](const char* gpu_id, int tp, int pp = 1) {
    Scenario s = inference("llama-3.1-8b", "bf16", gpu_id, tp * pp, tp, pp);
    s.inference.engine = Engine::sglang;
    return normalize(s).assumptions.engine_reserve_fraction;
  };
  // 81,559 MiB, 13,440 reserved (8192-token chunk, 256 graphs): 0.835, the share SGLang 0.5.x
  // logs on an H100 (sgl-project/sglang issue #29092 reports 0.828 with later graph terms).
  CHECK(reserve("h100-sxm-80gb", 1) == Approx(0.165));
  CHECK(reserve("h100-sxm-80gb", 2) == Approx(0.166));  // 13,568 MiB
  // From 4 tensor ranks the graphs go up to batch 512: 14,336 MiB of 143,771.
  CHECK(reserve("h200-sxm-141gb", 4) == Approx(0.100));
  CHECK(reserve("h200-sxm-141gb", 8) == Approx(0.103));     // 14,848 MiB
  CHECK(reserve("h200-sxm-141gb", 8, 2) == Approx(0.110));  // 16 ranks: 15,872 MiB
  // Smaller cards take a smaller chunk and fewer graphs, but a larger share.
  CHECK(reserve("rtx-4090-24gb", 1) == Approx(0.153));   // 3,760 MiB of 24,564
  CHECK(reserve("a100-pcie-40gb", 1) == Approx(0.167));  // 6,848 MiB of 40,960
  CHECK(reserve("t4-16gb", 1) == Approx(0.243));         // 3,728 MiB of 15,360

  // A 32B model on one H100: the pool is what 83.5% of the card holds after the weights, not
  // the 88% of SGLang releases before 0.5.3, so fewer sequences fit.
  Scenario qwen = inference("qwen3-32b", "bf16", "h100-sxm-80gb");
  qwen.inference.engine = Engine::sglang;
  qwen.inference.prompt_tokens = 217;
  qwen.inference.output_tokens = 202;
  Scenario old_share = qwen;
  old_share.assumption_overrides["engineReserveFraction"] = 0.12;
  const Estimate now = estimate(qwen);
  const Estimate before = estimate(old_share);
  CHECK(now.inference.kv_cache_capacity_tokens < 0.7 * before.inference.kv_cache_capacity_tokens);
  CHECK(now.inference.max_batch < before.inference.max_batch);
}

TEST_CASE("SGLang chunks prefill by the card's memory tier", "[inference][engine]") {
  const auto chunk = [](const char* gpu_id) {
    Scenario s = inference("llama-3.1-8b", "bf16", gpu_id);
    s.inference.engine = Engine::sglang;
    return normalize(s).assumptions.prefill_chunk_tokens;
  };
  CHECK(chunk("t4-16gb") == 2048);
  CHECK(chunk("rtx-5090-32gb") == 2048);  // under 35 GiB
  CHECK(chunk("l40s-48gb") == 4096);      // under 60 GiB
  CHECK(chunk("h100-sxm-80gb") == 8192);
  CHECK(chunk("h200-sxm-141gb") == 8192);  // under 160 GiB
  CHECK(chunk("mi300x-192gb") == 16384);
}

TEST_CASE("vLLM takes its large batch defaults on cards of 70 GiB or more but A100",
          "[inference][engine]") {
  const auto limits = [](const char* gpu_id) {
    Scenario s = inference("llama-3.1-8b", "bf16", gpu_id);
    s.inference.engine = Engine::vllm;
    const Assumptions a = normalize(s).assumptions;
    return std::make_pair(a.sampler_profile_sequences, a.prefill_chunk_tokens);
  };
  CHECK(limits("h100-sxm-80gb") == std::make_pair(1024, 8192));
  CHECK(limits("mi300x-192gb") == std::make_pair(1024, 8192));
  CHECK(limits("a800-sxm-80gb") == std::make_pair(1024, 8192));  // the name check is "a100"
  CHECK(limits("a100-sxm-80gb") == std::make_pair(256, 2048));
  CHECK(limits("l40s-48gb") == std::make_pair(256, 2048));

  // The user's value wins over the rule.
  Scenario s = inference("llama-3.1-8b", "bf16", "h100-sxm-80gb");
  s.inference.engine = Engine::vllm;
  s.assumption_overrides["samplerProfileSequences"] = 256;
  CHECK(normalize(s).assumptions.sampler_profile_sequences == 256);
  // Other engines keep their own values.
  s.inference.engine = Engine::tensorrt_llm;
  s.assumption_overrides.clear();
  CHECK(normalize(s).assumptions.sampler_profile_sequences == 0);
}
