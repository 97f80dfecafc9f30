// Sweeps and calibration: one request evaluated at many values of one field (the speed chart's
// batch curve, JavaScript's sizer.sweep), and "I measured X" fits of one assumption.
#pragma once

#include <string>
#include <vector>

#include "sizer/estimate.hpp"

namespace sizer {

// Fields a sweep can vary, as request keys: "batch", "promptTokens", "outputTokens",
// "gpuCount", "training.microBatch", "training.seqLen".
const std::vector<std::string>& sweepable_fields();

struct SweepPoint {
  double value = 0;
  bool ok = false;
  std::string error;  // why this value gives no estimate (validate()'s message)
  Estimate estimate;  // numbers only (no explanations)
};

struct Sweep {
  std::string error;  // names the field when it is not sweepable or a value is out of range
  std::vector<SweepPoint> points;
};

// A value the engine rejects becomes a point with ok == false and its reason. Never throws.
Sweep sweep(const Scenario& s, const std::string& field, const std::vector<double>& values);

// The batch sizes the speed chart shows: powers of two up to past the largest batch that fits
// (and the current batch and that largest batch), at most kLargestChartBatch.
constexpr int kLargestChartBatch = 1024;
std::vector<double> chart_batch_sizes(int current_batch, int max_batch);

struct BatchCurve {
  int max_batch = 0;  // the largest batch that fits at these inputs
  std::vector<SweepPoint> points;
};
// The speed chart's curve for these inputs (inference), computed from the inputs alone.
BatchCurve batch_curve(const Scenario& s);

// "I measured X": the value of one assumption that makes the estimate match a measurement.
enum class Measurement { peak_memory_bytes, decode_tokens_per_second };

struct Calibration {
  bool ok = false;
  std::string key;       // assumption key to override, e.g. "frameworkOverheadFraction"
  double value = 0;      // fitted value
  double achieved = 0;   // the estimate's figure at `value`
  std::string error_id;  // when !ok: "positive", "below", "above", "engine"
  std::string error;     // English sentence
};

// Peak memory fits the framework overhead fraction; decode tokens/s the decode bandwidth
// efficiency of the card's memory type. Both figures move monotonically with their constant,
// so bisection converges. Never throws.
Calibration calibrate(const Scenario& s, Measurement what, double measured);
const char* calibrated_key(const Scenario& s, Measurement what);

}  // namespace sizer
