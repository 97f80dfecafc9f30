// Weight and activation precision chosen apart (request field `activations`, docs/METHOD.md,
// "Inference speed"): the pair picks the tensor-core peak (W8A8 / W4A8 on FP8 or INT8 units,
// W8A16 / W4A16 on 16-bit ones).
#include <catch2/catch.hpp>
#include <string>

#include "engine_test_util.hpp"
#include "sizer/estimate.hpp"
#include "sizer/request_json.hpp"

using namespace sizer;
using namespace sizer_test;

namespace {

Estimate run(const std::string& weights, ActivationPrecision act, const std::string& gpu_id) {
  Scenario s = inference("llama-3.1-8b", weights, gpu_id);
  s.inference.activations = act;
  s.inference.prompt_tokens = 4096;
  return estimate(s);
}

bool warned(const Estimate& e, const std::string& id) {
  for (const Warning& w : e.warning_details) {
    if (w.id == id) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("INT8 weights run W8A16 by default and W8A8 with INT8 activations", "[activations]") {
  // A100 SXM: 312 dense BF16 TFLOPS, 624 dense INT8 TOPS (NVIDIA A100 datasheet).
  const Estimate w8a16 = run("int8", ActivationPrecision::automatic, "a100-sxm-80gb");
  const Estimate w8a8 = run("int8", ActivationPrecision::int8, "a100-sxm-80gb");
  CHECK(w8a16.peak_flops == 312e12);
  CHECK(w8a8.peak_flops == 624e12);
  // Prefill of 4,096 tokens is compute-bound: twice the peak, well under the old TTFT.
  CHECK(w8a8.inference.ttft_seconds < 0.6 * w8a16.inference.ttft_seconds);
  // Decode at batch 1 reads the same bytes either way.
  CHECK(w8a8.inference.decode_memory_seconds == Approx(w8a16.inference.decode_memory_seconds));
}

TEST_CASE("AWQ 4-bit with FP8 activations is W4A8 on FP8 tensor cores", "[activations]") {
  CHECK(run("awq-4bit-g128", ActivationPrecision::automatic, "h100-sxm-80gb").peak_flops == 989e12);
  CHECK(run("awq-4bit-g128", ActivationPrecision::fp8, "h100-sxm-80gb").peak_flops == 1979e12);
  // FP8 weights with BF16 activations: weight-only W8A16 (Marlin's FP8 path).
  CHECK(run("fp8", ActivationPrecision::bf16, "h100-sxm-80gb").peak_flops == 989e12);
  CHECK(run("fp8", ActivationPrecision::automatic, "h100-sxm-80gb").peak_flops == 1979e12);
}

TEST_CASE("a card without FP8 units runs FP8 activations at its 16-bit peak, and says so",
          "[activations]") {
  const Estimate e = run("fp8", ActivationPrecision::fp8, "a100-sxm-80gb");
  CHECK(e.peak_flops == 312e12);
  CHECK(warned(e, "activations-unsupported"));
  CHECK_FALSE(
      warned(run("fp8", ActivationPrecision::fp8, "h100-sxm-80gb"), "activations-unsupported"));
}

TEST_CASE("activations are read, checked and written by name", "[activations][request]") {
  const RequestResult ok = scenario_from_request_json(
      R"({"model": "llama-3.1-8b", "weights": "int8", "activations": "int8"})");
  REQUIRE(ok.ok);
  CHECK(ok.scenario.inference.activations == ActivationPrecision::int8);
  const RequestResult unknown =
      scenario_from_request_json(R"({"model": "llama-3.1-8b", "activations": "fp4"})");
  CHECK_FALSE(unknown.ok);
  CHECK_THAT(unknown.error, Catch::StartsWith("activations:"));
  Scenario s = inference("llama-3.1-8b", "bf16", "h100-sxm-80gb");
  s.inference.activations = ActivationPrecision::fp8;
  CHECK_THROWS_WITH(estimate(s), Catch::Contains("activations: fp8 activations need weights of 8 "
                                                 "bits or fewer"));
}
