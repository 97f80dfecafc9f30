// Training step time from its three kinds of kernels: matmuls at the card's measured matmul
// share, causal attention at its kernel share, elementwise ops at the HBM rate.
#include <catch2/catch.hpp>

#include "engine_test_util.hpp"
#include "sizer/assumptions.hpp"
#include "sizer/params.hpp"
#include "sizer/request_json.hpp"
#include "sizer/training_math.hpp"

using namespace sizer;
using namespace sizer_test;

TEST_CASE("matmuls sustain the MAMF share of the peak, unmeasured cards take the default",
          "[training][kernels]") {
  const Assumptions a = default_assumptions(Engine::generic);
  CHECK(sustained_matmul_fraction(gpu("a100-sxm-80gb"), ComputeType::bf16, a) == Approx(0.869));
  CHECK(sustained_matmul_fraction(gpu("h100-sxm-80gb"), ComputeType::bf16, a) == Approx(0.803));
  CHECK(sustained_matmul_fraction(gpu("h100-sxm-80gb"), ComputeType::fp8, a) == Approx(0.709));
  CHECK(sustained_matmul_fraction(gpu("mi300x-192gb"), ComputeType::bf16, a) == Approx(0.514));
  // No FP8 measurement: the BF16 share; no measurement at all: matmulEfficiencyDefault.
  CHECK(sustained_matmul_fraction(gpu("mi300x-192gb"), ComputeType::fp8, a) == Approx(0.514));
  CHECK(sustained_matmul_fraction(gpu("l40s-48gb"), ComputeType::bf16, a) ==
        Approx(a.matmul_efficiency_default));
  CHECK(a.matmul_efficiency_default == Approx(0.803));
  CHECK(sustained_attention_fraction(gpu("a100-sxm-80gb"), a) == Approx(0.6));
  CHECK(sustained_attention_fraction(gpu("h100-sxm-80gb"), a) == Approx(0.35));
  CHECK(sustained_attention_fraction(gpu("l40s-48gb"), a) == Approx(0.55));
}

TEST_CASE(
    "Llama-2-7B's elementwise kernels move 90,368 elements per token per layer fused, "
    "300,800 eager",
    "[training][kernels]") {
  Scenario s = training("llama-2-7b", "bf16", "h100-sxm-80gb", 8);
  s = normalize(s);
  // Fused: 2 RMSNorms x 2h + 2 residual adds x 3h + RoPE 2 (q + k) + SwiGLU 3 i
  //   = 16,384 + 24,576 + 16,384 + 33,024.
  const double fused = 90368.0;
  CHECK(training_elementwise_bytes_per_token(s) == Approx(3 * 2.0 * 32 * fused));
  // Full recompute runs the forward once more.
  s.training.recompute = Recompute::full;
  CHECK(training_elementwise_bytes_per_token(s) == Approx(4 * 2.0 * 32 * fused));
  // Eager modules: 2 x 18h + 6h + 9 (q + k) + 5 i = 147,456 + 24,576 + 73,728 + 55,040.
  s.training.recompute = Recompute::none;
  s.assumptions.eager_intermediates = 1.0;
  CHECK(training_elementwise_bytes_per_token(s) == Approx(3 * 2.0 * 32 * 300800.0));
}

TEST_CASE("step compute = (matmuls + causal attention) / trainingMfu + elementwise bytes",
          "[training][kernels]") {
  Scenario s = training("llama-2-7b", "bf16", "h100-sxm-80gb", 8);
  s.training.zero_stage = 3;
  s.training.seq_len = 4096;
  s.training.tokens = 1e9;
  const Estimate e = estimate(s);
  const double n = 6.738415616e9 - 32000.0 * 4096;  // matmul parameters
  const double linear = 6.0 * n;
  // Causal kernels: 2 heads x (128 + 128) x 32 layers x s/2 keys, forward + 2.5 x backward.
  const double attention = 3.5 * 2.0 * 32 * 256 * 32 * 2048;
  const double elementwise = 3 * 2.0 * 32 * 90368.0;
  const double per_token = (linear / (989e12 * 0.803) + attention / (989e12 * 0.35)) / 0.8 +
                           elementwise / (3350e9 * 0.87);
  CHECK(e.training.compute_seconds_per_step ==
        Approx(per_token * e.training.tokens_per_step / 8).epsilon(1e-9));
  // The reported MFU still counts the PaLM convention's model FLOPs over the raw peak.
  CHECK(e.training.mfu ==
        Approx(e.training.flops_per_token * e.training.tokens_per_second / (8 * 989e12))
            .epsilon(1e-9));
  CHECK(e.training.total_hours == Approx(1e9 / e.training.tokens_per_second / 3600).epsilon(1e-9));
}

TEST_CASE("an H100 reaches a smaller share of its peak than an A100 on the same run",
          "[training][kernels]") {
  // Its matmuls sustain 0.803 of peak against 0.869, FlashAttention-2 0.35 against 0.6, and its
  // FLOPs grew 3.2x over A100's while its bandwidth grew 1.6x (llm-foundry: MPT runs at 0.6-0.74
  // MFU on A100, 0.4-0.57 on H100).
  Scenario a100 = training("llama-3.1-8b", "bf16", "a100-sxm-80gb", 8);
  a100.training.zero_stage = 3;
  a100.training.seq_len = 8192;
  Scenario h100 = a100;
  h100.hardware.gpu = gpu("h100-sxm-80gb");
  const double mfu_a100 = estimate(a100).training.mfu;
  const double mfu_h100 = estimate(h100).training.mfu;
  CHECK(mfu_a100 > 0.6);
  CHECK(mfu_a100 < 0.75);
  CHECK(mfu_h100 < 0.85 * mfu_a100);
  // A wider model moves fewer elementwise bytes per FLOP (bytes ~ h, FLOPs ~ h^2).
  Scenario wide = h100;
  wide.model = model("llama-3.1-70b");
  const auto bytes_per_flop = [](const Scenario& s) {
    const Scenario n = normalize(s);
    return training_elementwise_bytes_per_token(n) / estimate(s).training.flops_per_token;
  };
  CHECK(bytes_per_flop(wide) < 0.6 * bytes_per_flop(h100));
}

TEST_CASE("a custom GPU's measured shares must be fractions, and bad overrides are named",
          "[training][kernels]") {
  const std::string base =
      R"j({"mode":"training","model":"llama-2-7b","gpu":{"id":"mine","name":"Mine",)j"
      R"j("memoryGb":80,"memoryBandwidthGbPerS":3350,"bf16TensorTflops":989,)j";
  RequestResult ok = scenario_from_request_json(base + R"j("matmulEfficiency":0.7}})j");
  REQUIRE(ok.ok);
  CHECK(ok.scenario.hardware.gpu.matmul_efficiency == Approx(0.7));
  for (const char* bad : {R"j("matmulEfficiency":1.5}})j", R"j("attentionEfficiency":-0.1}})j",
                          R"j("matmulEfficiencyFp8":"fast"}})j"}) {
    const RequestResult r = scenario_from_request_json(base + bad);
    INFO(bad);
    CHECK_FALSE(r.ok);
    CHECK(r.error.find("Efficiency") != std::string::npos);
  }
  for (const char* bad :
       {R"j({"mode":"training","assumptions":{"allocatorCacheFraction":2}})j",
        R"j({"mode":"training","assumptions":{"elementwiseBandwidthEfficiency":0}})j",
        R"j({"mode":"training","assumptions":{"matmulEfficiencyDefault":-1}})j"}) {
    const RequestResult r = scenario_from_request_json(bad);
    INFO(bad);
    CHECK_FALSE(r.ok);
  }
}
