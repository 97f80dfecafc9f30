// Training memory: the caching allocator's reserved blocks beside the allocated peak.
#include <catch2/catch.hpp>

#include "engine_test_util.hpp"
#include "sizer/assumptions.hpp"

using namespace sizer;
using namespace sizer_test;

TEST_CASE("the allocator cache is allocatorCacheFraction of what a step allocates and frees",
          "[training][memory]") {
  Scenario s = training("llama-3.1-8b", "bf16", "h100-sxm-80gb", 8);
  s.training.zero_stage = 3;
  s.training.seq_len = 8192;
  s.training.micro_batch = 2;
  s.assumption_overrides["allocatorCacheFraction"] = 0.0;
  const Estimate none = estimate(s);
  CHECK(none.memory.allocator_cache_bytes == 0.0);
  s.assumption_overrides["allocatorCacheFraction"] = 0.25;
  const Estimate cached = estimate(s);
  // ZeRO-3 over 8 GPUs gathers two layers of 16-bit weights at a time.
  const double layer_bytes = (8.03e9 - 2 * 128256.0 * 4096) / 32 * 2.0;
  CHECK(cached.memory.allocator_cache_bytes ==
        Approx(0.25 * (none.memory.activation_bytes + 2 * layer_bytes)).epsilon(0.02));
  CHECK(cached.memory.overhead_bytes - none.memory.overhead_bytes ==
        Approx(cached.memory.allocator_cache_bytes));
  CHECK(cached.memory.per_gpu_bytes - none.memory.per_gpu_bytes ==
        Approx(cached.memory.allocator_cache_bytes));
}

TEST_CASE("inference keeps no allocator cache term", "[training][memory]") {
  Scenario s = inference("llama-3.1-8b", "bf16", "h100-sxm-80gb");
  CHECK(estimate(s).memory.allocator_cache_bytes == 0.0);
}
