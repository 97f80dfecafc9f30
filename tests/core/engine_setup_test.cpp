// Engine defaults picked from the setup at start-up (docs/METHOD.md, "Engine defaults that depend
// on the setup"): vLLM's batch limits by card, SGLang's static memory share by world size and its
// prefill chunk by card memory.
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

TEST_CASE("SGLang's static memory share shrinks with the world size", "[inference][engine]") {
  // server_args.py: mem_fraction_static 0.88 / 0.87 / 0.85 / 0.81 / 0.79 at 1 / 2 / 4 / 8 / 16.
  const std::pair<int, double> expected[] = {{1, 0.12}, {2, 0.13}, {4, 0.15}, {8, 0.19}};
  for (const auto& [tp, reserve] : expected) {
    CHECK(normalize(sglang_70b(tp)).assumptions.engine_reserve_fraction == Approx(reserve));
  }
  Scenario pipelined = sglang_70b(8);
  pipelined.hardware.gpus_per_node = 16;
  pipelined.parallel.pipeline = 2;  // 8 x 2 = 16 ranks
  CHECK(normalize(pipelined).assumptions.engine_reserve_fraction == Approx(0.21));

  // At TP 4 the pool is what 85% of each card holds after the weights, not 88%.
  const Estimate tp4 = estimate(sglang_70b(4));
  Scenario old_share = sglang_70b(4);
  old_share.assumption_overrides["engineReserveFraction"] = 0.12;
  const Estimate at_088 = estimate(old_share);
  CHECK(tp4.inference.kv_cache_capacity_tokens < at_088.inference.kv_cache_capacity_tokens);
  CHECK(tp4.inference.max_batch < at_088.inference.max_batch);
}

TEST_CASE("SGLang chunks prefill by 2048 tokens on cards under 25,000 MiB", "[inference][engine]") {
  Scenario small = inference("llama-3.1-8b", "bf16", "rtx-4090-24gb");  // 24,564 MiB
  small.inference.engine = Engine::sglang;
  CHECK(normalize(small).assumptions.prefill_chunk_tokens == 2048);
  Scenario large = inference("llama-3.1-8b", "bf16", "rtx-5090-32gb");
  large.inference.engine = Engine::sglang;
  CHECK(normalize(large).assumptions.prefill_chunk_tokens == 8192);
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
