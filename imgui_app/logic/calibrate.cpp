#include "logic/calibrate.hpp"

#include <cmath>
#include <exception>

#include "sizer/estimate.hpp"

namespace app {
namespace {

// The searched range of each constant: overhead from none to 1.5x the weights (beyond that a
// measurement is something else, e.g. another process on the card); decode efficiency from 2%
// to the spec sheet's bandwidth.
struct Range {
  double lo;
  double hi;
};

Range range_of(Measurement m) {
  return m == Measurement::peak_memory_bytes ? Range{0.0, 1.5} : Range{0.02, 1.0};
}

double figure(const sizer::Scenario& s, Measurement m, const std::string& key, double value) {
  sizer::Scenario trial = s;
  trial.assumption_overrides[key] = value;
  sizer::set_assumption(trial.assumptions, key, value);
  sizer::Estimate e = sizer::estimate(trial);
  return m == Measurement::peak_memory_bytes ? e.memory.per_gpu_bytes
                                             : e.inference.decode_tokens_per_second;
}

}  // namespace

const char* calibrated_key(Measurement m) {
  return m == Measurement::peak_memory_bytes ? "frameworkOverheadFraction"
                                             : "decodeBandwidthEfficiency";
}

Calibration calibrate(const sizer::Scenario& s, Measurement what, double measured) {
  Calibration out;
  out.key = calibrated_key(what);
  if (!std::isfinite(measured) || measured <= 0) {
    out.error_key = "cal.err.positive";
    return out;
  }
  try {
    Range r = range_of(what);
    double lo_figure = figure(s, what, out.key, r.lo);
    double hi_figure = figure(s, what, out.key, r.hi);
    if (measured < lo_figure) {
      out.error_key = "cal.err.below";
      return out;
    }
    if (measured > hi_figure) {
      out.error_key = "cal.err.above";
      return out;
    }
    double lo = r.lo, hi = r.hi;
    for (int i = 0; i < 48 && hi - lo > 1e-6; ++i) {
      double mid = 0.5 * (lo + hi);
      if (figure(s, what, out.key, mid) < measured)
        lo = mid;
      else
        hi = mid;
    }
    out.value = 0.5 * (lo + hi);
    out.achieved = figure(s, what, out.key, out.value);
    out.ok = true;
  } catch (const std::exception&) {
    out.error_key = "cal.err.engine";
  }
  return out;
}

}  // namespace app
