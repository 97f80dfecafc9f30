// Sweeps, the speed chart's batch curve, and "I measured X" calibration (core/src/sweep.cpp).
#include "sizer/sweep.hpp"

#include <catch2/catch.hpp>

#include "engine_test_util.hpp"
#include "sizer/solvers.hpp"

using namespace sizer;
using namespace sizer_test;

namespace {

Scenario llama8b_on_4090() {
  Scenario s;
  s.model = model("llama-3.1-8b");
  s.hardware.gpu = gpu("rtx-4090-24gb");
  return s;
}

}  // namespace

TEST_CASE("a batch sweep gives the same numbers as one estimate per batch", "[sweep]") {
  const Scenario s = inference("llama-3-8b", "bf16", "h100-sxm-80gb");
  const std::vector<SweepPoint> points = sweep(s, "batch", {1, 8, 64}).points;
  REQUIRE(points.size() == 3);
  for (const SweepPoint& p : points) {
    REQUIRE(p.ok);
    Scenario at = s;
    at.inference.batch = static_cast<int>(p.value);
    const Estimate e = estimate(at);
    CHECK(p.estimate.inference.throughput_tokens_per_second ==
          e.inference.throughput_tokens_per_second);
    CHECK(p.estimate.memory.per_gpu_bytes == e.memory.per_gpu_bytes);
    CHECK(p.estimate.inference.max_batch == e.inference.max_batch);
  }
}

TEST_CASE("a sweep names a field it cannot vary and values out of range", "[sweep]") {
  const Scenario s = inference("llama-3-8b", "bf16", "h100-sxm-80gb");
  CHECK_THAT(sweep(s, "hiddenSize", {1}).error,
             Catch::StartsWith("field: 'hiddenSize' cannot be swept; accepted: batch"));
  CHECK_THAT(sweep(s, "batch", {0.5}).error,
             Catch::StartsWith("values: batch must be whole numbers"));
  CHECK(sweep(s, "batch", {0.5}).points.empty());
  // A GPU count with no valid split is a point with its reason, not a failed sweep.
  const std::vector<SweepPoint> points = sweep(s, "gpuCount", {1, 12}).points;
  REQUIRE(points.size() == 2);
  CHECK(points[0].ok);
  CHECK_FALSE(points[1].ok);
  CHECK_FALSE(points[1].error.empty());
}

TEST_CASE("the speed chart's curve is computed from the inputs, not the last estimate", "[sweep]") {
  // The app's old series read the largest batch from the previous estimate, so after picking
  // an H100 the chart still said "memory full after 80". The curve now carries its own.
  Scenario s = inference("llama-3.1-8b", "fp16", "rtx-4090-24gb");
  s.inference.prompt_tokens = 2048;
  s.inference.output_tokens = 512;
  const BatchCurve small = batch_curve(s);
  CHECK(small.max_batch == largest_batch_that_fits(s));
  s.hardware.gpu = gpu("h100-sxm-80gb");
  const BatchCurve large = batch_curve(s);
  CHECK(large.max_batch == largest_batch_that_fits(s));
  CHECK(large.max_batch > 4 * small.max_batch);
  // Powers of two up to past the limit, with the current batch and the limit itself.
  CHECK(chart_batch_sizes(3, 20) == std::vector<double>{1, 2, 3, 4, 8, 16, 20, 32});
  CHECK(chart_batch_sizes(1, 5000).back() == kLargestChartBatch);
}

TEST_CASE("'I measured 2 GiB more than the estimate' fits a larger overhead", "[calibrate]") {
  const Scenario s = llama8b_on_4090();
  const double estimated = estimate(s).memory.per_gpu_bytes;
  const double measured = estimated + 2.0 * 1073741824.0;
  const Calibration c = calibrate(s, Measurement::peak_memory_bytes, measured);
  REQUIRE(c.ok);
  CHECK(c.key == "frameworkOverheadFraction");
  // Llama 3.1 8B holds ~16.1 GB of FP16 weights: 2 GiB more is ~0.13 of the weights on top of
  // the 0.05 default (tolerance 0.03 for the other terms that scale with overhead).
  CHECK(c.value == Approx(0.05 + 2.0 * 1073741824.0 / 16.06e9).margin(0.03));
  CHECK(c.achieved == Approx(measured).epsilon(0.001));
}

TEST_CASE("'I measured 40 tokens/s decoding' fits the bandwidth efficiency", "[calibrate]") {
  Scenario s = llama8b_on_4090();
  s.inference.prompt_tokens = 1;
  const Calibration c = calibrate(s, Measurement::decode_tokens_per_second, 40.0);
  REQUIRE(c.ok);
  CHECK(c.key == "decodeBandwidthEfficiency");
  // Each token reads ~16.06 GB of weights over the 4090's 1008 GB/s: 40 tokens/s needs
  // 40 x 16.06 / 1008 = 0.64 of the spec bandwidth (5% tolerance for KV reads and overheads).
  CHECK(c.value == Approx(40.0 * 16.06e9 / 1008e9).epsilon(0.05));
  CHECK(c.achieved == Approx(40.0).epsilon(0.001));
}

TEST_CASE("on an HBM card the decode fit moves the HBM efficiency, the one that applies",
          "[calibrate]") {
  Scenario s = llama8b_on_4090();
  s.hardware.gpu = gpu("h100-sxm-80gb");
  s.inference.prompt_tokens = 1;
  const Calibration c = calibrate(s, Measurement::decode_tokens_per_second, 100.0);
  REQUIRE(c.ok);
  CHECK(c.key == "decodeBandwidthEfficiencyHbm");
  CHECK(c.achieved == Approx(100.0).epsilon(0.001));
}

TEST_CASE("impossible measurements are refused with a reason", "[calibrate]") {
  const Scenario s = llama8b_on_4090();
  CHECK(calibrate(s, Measurement::peak_memory_bytes, 1e9).error_id == "below");
  CHECK(calibrate(s, Measurement::decode_tokens_per_second, 5000).error_id == "above");
  CHECK(calibrate(s, Measurement::decode_tokens_per_second, -1).error_id == "positive");
}
