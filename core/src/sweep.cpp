// Sweeps over one request field and one-constant calibration (see sweep.hpp).
#include "sizer/sweep.hpp"

#include <algorithm>
#include <cmath>

#include "engine_internal.hpp"
#include "sizer/layouts.hpp"
#include "sizer/params.hpp"

namespace sizer {
namespace {

struct SweepField {
  std::string key;
  double min;
  double max;
  void (*apply)(Scenario&, int);
};

const std::vector<SweepField>& sweep_table() {
  static const std::vector<SweepField> t = {
      {"batch", 1, 1 << 20, [](Scenario& s, int v) { s.inference.batch = v; }},
      {"promptTokens", 1, 1 << 27, [](Scenario& s, int v) { s.inference.prompt_tokens = v; }},
      {"outputTokens", 0, 1 << 27, [](Scenario& s, int v) { s.inference.output_tokens = v; }},
      {"gpuCount", 1, 1 << 16,
       [](Scenario& s, int v) {
         Layout l;
         if (default_layout(s, v, l)) {
           apply_layout(s, l);
         } else {  // no valid split: keep the count, let validate() say why
           s.hardware.gpus_per_node = v;
           s.hardware.nodes = 1;
         }
       }},
      {"training.microBatch", 1, 1 << 20, [](Scenario& s, int v) { s.training.micro_batch = v; }},
      {"training.seqLen", 1, 1 << 27, [](Scenario& s, int v) { s.training.seq_len = v; }},
  };
  return t;
}

}  // namespace

const std::vector<std::string>& sweepable_fields() {
  static const std::vector<std::string> keys = [] {
    std::vector<std::string> out;
    for (const SweepField& f : sweep_table()) out.push_back(f.key);
    return out;
  }();
  return keys;
}

Sweep sweep(const Scenario& input, const std::string& field, const std::vector<double>& values) {
  Sweep out;
  const SweepField* f = nullptr;
  for (const SweepField& candidate : sweep_table()) {
    if (candidate.key == field) f = &candidate;
  }
  if (f == nullptr) {
    std::string accepted;
    for (const std::string& k : sweepable_fields()) accepted += (accepted.empty() ? "" : ", ") + k;
    out.error = "field: '" + field.substr(0, 40) + "' cannot be swept; accepted: " + accepted;
    return out;
  }
  if (values.size() > 4096) {
    out.error = "values: at most 4096 per sweep";
    return out;
  }
  for (double v : values) {
    if (!std::isfinite(v) || v != std::floor(v) || v < f->min || v > f->max) {
      out.error = "values: " + field + " must be whole numbers from " + fmt_num(f->min) + " to " +
                  fmt_num(f->max);
      return out;
    }
  }
  out.points.reserve(values.size());
  Scenario s = normalize(input);
  const ParamCounts params = count_normalized_params(s.model);
  for (double v : values) {
    SweepPoint p;
    p.value = v;
    Scenario at = s;
    f->apply(at, static_cast<int>(v));
    at = normalize(std::move(at));
    const std::vector<std::string> problems = validate(at);
    if (!problems.empty()) {
      p.error = problems.front();
    } else {
      p.estimate.params = params;
      compute_numbers(at, p.estimate, true);
      p.ok = true;
    }
    out.points.push_back(std::move(p));
  }
  return out;
}

std::vector<double> chart_batch_sizes(int current, int max_batch) {
  const int limit = std::min(kLargestChartBatch, std::max({8, 2 * max_batch, current}));
  std::vector<double> sizes;
  for (int b = 1; b <= limit; b *= 2) sizes.push_back(b);
  if (current >= 1) sizes.push_back(current);
  if (max_batch >= 1 && max_batch <= kLargestChartBatch) sizes.push_back(max_batch);
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  return sizes;
}

BatchCurve batch_curve(const Scenario& input) {
  BatchCurve c;
  Scenario s = normalize(input);
  if (!validate(s).empty()) return c;
  const ParamCounts params = count_normalized_params(s.model);
  c.max_batch = largest_batch_fitting(s, params);
  c.points = sweep(input, "batch", chart_batch_sizes(s.inference.batch, c.max_batch)).points;
  return c;
}

const char* calibrated_key(const Scenario& input, Measurement what) {
  if (what == Measurement::peak_memory_bytes) return "frameworkOverheadFraction";
  const bool hbm = has_hbm(input.hardware.gpu);
  return hbm ? "decodeBandwidthEfficiencyHbm" : "decodeBandwidthEfficiency";
}

namespace {

// The measured figure at one value of the constant; the scenario has been validated.
double figure_at(const Scenario& s, Measurement what, const std::string& key, double value) {
  Scenario trial = s;
  trial.assumption_overrides[key] = value;
  trial = normalize(std::move(trial));
  Estimate e;
  e.params = count_normalized_params(trial.model);
  compute_numbers(trial, e, false);
  return what == Measurement::peak_memory_bytes ? e.memory.per_gpu_bytes
                                                : e.inference.decode_tokens_per_second;
}

}  // namespace

Calibration calibrate(const Scenario& s, Measurement what, double measured) {
  Calibration out;
  out.key = calibrated_key(s, what);
  if (!std::isfinite(measured) || measured <= 0) {
    out.error_id = "positive";
    out.error = "measured: must be a positive number";
    return out;
  }
  // Searched ranges: overhead from none to 1.5x the weights (beyond that the measurement is
  // something else, e.g. another process on the card); bandwidth efficiency 2% to the spec.
  const double lo0 = what == Measurement::peak_memory_bytes ? 0.0 : 0.02;
  const double hi0 = what == Measurement::peak_memory_bytes ? 1.5 : 1.0;
  {
    const std::vector<std::string> problems = validate(normalize(s));
    if (!problems.empty()) {
      out.error_id = "engine";
      out.error = problems.front();
      return out;
    }
  }
  {
    const double lo_figure = figure_at(s, what, out.key, lo0);
    const double hi_figure = figure_at(s, what, out.key, hi0);
    if (measured < lo_figure) {
      out.error_id = "below";
      out.error = "measured: below what the model gives at the smallest " + out.key + " (" +
                  fmt_num(lo_figure) + ")";
      return out;
    }
    if (measured > hi_figure) {
      out.error_id = "above";
      out.error = "measured: above what the model gives at the largest " + out.key + " (" +
                  fmt_num(hi_figure) + ")";
      return out;
    }
    double lo = lo0, hi = hi0;
    for (int i = 0; i < 48 && hi - lo > 1e-6; ++i) {
      const double mid = 0.5 * (lo + hi);
      if (figure_at(s, what, out.key, mid) < measured) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    out.value = 0.5 * (lo + hi);
    out.achieved = figure_at(s, what, out.key, out.value);
    out.ok = true;
  }
  return out;
}

}  // namespace sizer
