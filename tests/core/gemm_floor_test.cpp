// Block-FP8 GEMM floor: a dense GEMM on FP8 weights with 128x128 block scales takes at least
// blockFp8GemmFloorSeconds at a few tokens (vLLM's kernel at M = 1 on DeepSeek-V3's TP8 shapes,
// SGLang PR #5820), so each one whose weights read faster adds the difference to the step.
#include "sizer/gemm_floor.hpp"

#include <catch2/catch.hpp>

#include "engine_test_util.hpp"
#include "sizer/inference_speed.hpp"

using namespace sizer;
using namespace sizer_test;

namespace {

Scenario serving(const std::string& model, const std::string& weights, const std::string& gpu,
                 int tp, int batch) {
  Scenario s = inference(model, weights, gpu);
  s.inference.engine = Engine::vllm;
  s.inference.batch = batch;
  s.inference.prompt_tokens = 128;
  s.inference.output_tokens = 256;
  s.hardware.gpus_per_node = tp;
  s.parallel.tensor = tp;
  return normalize(s);
}

}  // namespace

TEST_CASE("each dense block-FP8 GEMM that reads faster than the floor adds the difference",
          "[inference][gemm-floor]") {
  const Scenario q = serving("qwen3-8b", "fp8-e4m3-block128", "h20-96gb", 1, 1);
  REQUIRE(q.assumptions.block_fp8_gemm_floor_seconds == Approx(19.2e-6));
  // Qwen3-8B on an H20 at 4,000 GB/s x 0.65: q/k/v 25.2M weights read in 9.7 us and o_proj 16.8M
  // in 6.5 us sit under the floor; gate/up (38.7 us) and down (19.4 us) do not.
  const double bw = 4000e9 * 0.65;
  const double bytes = 8.002 / 8;
  const double qkv = 4096.0 * (4096 + 2 * 1024) * bytes / bw;
  const double o = 4096.0 * 4096 * bytes / bw;
  const double expected = 36 * ((19.2e-6 - qkv) + (19.2e-6 - o));
  CHECK(block_fp8_gemm_floor_seconds(q, 1) == Approx(expected).epsilon(1e-9));
  CHECK(expected == Approx(0.8015e-3).epsilon(1e-3));
  const Estimate e = estimate(q);
  CHECK(e.inference.gemm_floor_seconds_per_step == Approx(expected).epsilon(1e-9));
}

TEST_CASE("DeepSeek-V3 at TP 8 counts MLA's replicated down-projection and the shared expert",
          "[inference][gemm-floor]") {
  const Scenario ds = serving("deepseek-v3", "fp8-e4m3-block128", "h200-sxm-141gb", 8, 1);
  // Per layer: fused q_a / kv_a (7,168 x 2,112, replicated), q_b and o_proj split 8 ways; 3
  // dense MLPs (gate/up, down) and 58 shared experts (gate/up, down); 4,800 GB/s x 0.65.
  const double bw = 4800e9 * 0.65;
  const double bytes = 8.002 / 8;
  auto over = [&](double params, double count) {
    return count * std::max(0.0, 19.2e-6 - params * bytes / bw);
  };
  const double h = 7168;
  const double expected = over(h * (1536 + 512 + 64), 61) + over(1536 * 128 * 192 / 8.0, 61) +
                          over(128 * 128 * h / 8, 61) + over(h * 2 * 18432 / 8, 3) +
                          over(18432 * h / 8, 3) + over(h * 2 * 2048 / 8, 58) +
                          over(2048 * h / 8, 58);
  CHECK(block_fp8_gemm_floor_seconds(ds, 1) == Approx(expected).epsilon(1e-9));
  CHECK(expected == Approx(5.03e-3).epsilon(1e-3));
}

TEST_CASE("no floor for other formats, for engines without it, or once the matmuls are longer",
          "[inference][gemm-floor]") {
  CHECK(block_fp8_gemm_floor_seconds(serving("qwen3-8b", "bf16", "h20-96gb", 1, 1), 1) == 0);
  CHECK(block_fp8_gemm_floor_seconds(
            serving("qwen3-8b", "fp8-e4m3-per-tensor", "h100-sxm-80gb", 1, 1), 1) == 0);
  Scenario llama = inference("qwen3-8b", "fp8-e4m3-block128", "h20-96gb");
  llama.inference.engine = Engine::llama_cpp;
  CHECK(block_fp8_gemm_floor_seconds(normalize(llama), 1) == 0);
  // A prompt chunk of 8,192 tokens: every GEMM's matmul takes far longer than the floor.
  const Scenario q = serving("qwen3-8b", "fp8-e4m3-block128", "h20-96gb", 1, 1);
  CHECK(block_fp8_gemm_floor_seconds(q, 8192) == 0);
  // The user can turn it off.
  Scenario off = inference("qwen3-8b", "fp8-e4m3-block128", "h20-96gb");
  off.inference.engine = Engine::vllm;
  off.assumption_overrides["blockFp8GemmFloorSeconds"] = 0;
  CHECK(estimate(normalize(off)).inference.gemm_floor_seconds_per_step == 0);
}

TEST_CASE("the floor is part of the decode step and its formula", "[inference][gemm-floor]") {
  const Scenario q = serving("qwen3-8b", "fp8-e4m3-block128", "h20-96gb", 1, 1);
  Scenario none = inference("qwen3-8b", "fp8-e4m3-block128", "h20-96gb");
  none.inference.engine = Engine::vllm;
  none.inference.prompt_tokens = 128;
  none.inference.output_tokens = 256;
  none.assumption_overrides["blockFp8GemmFloorSeconds"] = 0;
  EstimateOptions explain;
  explain.explain = true;
  const Estimate with = estimate(q, explain);
  const Estimate without = estimate(normalize(none));
  CHECK(with.inference.decode_step_seconds - without.inference.decode_step_seconds ==
        Approx(with.inference.gemm_floor_seconds_per_step).epsilon(1e-9));
  CHECK(with.formulas.at("inference.decodeStepSeconds").find("block-FP8 GEMM floor") !=
        std::string::npos);
  CHECK(with.formulas.at("inference.gemmFloorSecondsPerStep").find("19.2 us") != std::string::npos);
}
