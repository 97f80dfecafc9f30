// Axis math for the app's charts; see chart_scale.hpp for the contract.
#include "logic/chart_scale.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "logic/format.hpp"

namespace app::chart {
namespace {

// Keeps spans finite: (1e300) - (-1e300) is still finite, DBL_MAX - (-DBL_MAX) is not.
constexpr double kLinearLimit = 1e300;
constexpr double kLogMin = 1e-300;
constexpr double kLogMax = 1e300;
// Pixel positions of far off-range values are clamped to this many axis lengths, so draw lists
// never receive inf or huge floats.
constexpr double kMaxAxisLengths = 100.0;
// Tolerance when checking whether a tick lies on the range ends (floating-point rounding).
constexpr double kEdgeTolerance = 1e-9;
// 1-2-5 mantissas used for ticks and nice ranges on both axis kinds.
constexpr double kMantissas[] = {1.0, 2.0, 5.0};

double pow10(double exponent) { return std::pow(10.0, exponent); }

bool usable_log_end(double v) { return std::isfinite(v) && v > 0; }

}  // namespace

Range sanitize_linear(Range r) {
  double lo = std::isfinite(r.min) ? std::clamp(r.min, -kLinearLimit, kLinearLimit) : NAN;
  double hi = std::isfinite(r.max) ? std::clamp(r.max, -kLinearLimit, kLinearLimit) : NAN;
  if (std::isnan(lo) && std::isnan(hi)) return {0.0, 1.0};
  if (std::isnan(lo)) lo = hi;
  if (std::isnan(hi)) hi = lo;
  if (lo > hi) std::swap(lo, hi);
  if (lo == hi) {
    const double pad = lo == 0 ? 1.0 : std::abs(lo) * 0.1;
    return {lo - pad, hi + pad};
  }
  return {lo, hi};
}

Range sanitize_log(Range r) {
  double lo = usable_log_end(r.min) ? std::clamp(r.min, kLogMin, kLogMax) : NAN;
  double hi = usable_log_end(r.max) ? std::clamp(r.max, kLogMin, kLogMax) : NAN;
  if (std::isnan(lo) && std::isnan(hi)) return {1.0, 10.0};
  if (std::isnan(lo)) lo = hi;
  if (std::isnan(hi)) hi = lo;
  if (lo > hi) std::swap(lo, hi);
  if (lo == hi) {
    const double half_decade = std::sqrt(10.0);
    return {std::max(lo / half_decade, kLogMin), std::min(hi * half_decade, kLogMax)};
  }
  return {lo, hi};
}

Range data_range(const std::vector<double>& values, bool positive_only) {
  Range r{NAN, NAN};
  for (double v : values) {
    if (!std::isfinite(v) || (positive_only && v <= 0)) continue;
    if (std::isnan(r.min) || v < r.min) r.min = v;
    if (std::isnan(r.max) || v > r.max) r.max = v;
  }
  return r;
}

double nice_step(double raw_step) {
  if (!std::isfinite(raw_step) || raw_step <= 0) return 1.0;
  const double exponent = std::floor(std::log10(raw_step));
  const double magnitude = pow10(exponent);
  const double fraction = raw_step / magnitude;
  for (double m : kMantissas) {
    if (fraction <= m * (1 + kEdgeTolerance)) return m * magnitude;
  }
  return 10.0 * magnitude;
}

Scale::Scale(Range data, float pixel_min, float pixel_max, bool log)
    : data_(log ? sanitize_log(data) : sanitize_linear(data)),
      pixel_min_(std::isfinite(pixel_min) ? pixel_min : 0.0f),
      pixel_max_(std::isfinite(pixel_max) ? pixel_max : 0.0f),
      log_(log) {}

float Scale::to_pixel(double value) const {
  if (std::isnan(value) || (log_ && value <= 0)) return pixel_min_;
  double t = 0;
  if (log_) {
    const double lo = std::log10(data_.min);
    t = (std::log10(value) - lo) / (std::log10(data_.max) - lo);
  } else {
    t = (value - data_.min) / (data_.max - data_.min);
  }
  if (std::isnan(t)) return pixel_min_;
  t = std::clamp(t, -kMaxAxisLengths, kMaxAxisLengths);
  return static_cast<float>(pixel_min_ + t * (static_cast<double>(pixel_max_) - pixel_min_));
}

double Scale::to_value(float pixel) const {
  const double span = static_cast<double>(pixel_max_) - pixel_min_;
  const double t = span == 0 ? 0.0 : (static_cast<double>(pixel) - pixel_min_) / span;
  if (log_) {
    const double lo = std::log10(data_.min);
    return pow10(lo + t * (std::log10(data_.max) - lo));
  }
  return data_.min + t * (data_.max - data_.min);
}

std::vector<double> linear_ticks(Range r, int max_ticks) {
  r = sanitize_linear(r);
  max_ticks = std::max(2, max_ticks);
  const double step = nice_step((r.max - r.min) / (max_ticks - 1));
  const double first = std::ceil(r.min / step - kEdgeTolerance);
  std::vector<double> ticks;
  // Index-based (first + i) * step avoids accumulating rounding errors; the bound on i guards
  // against ranges so far from zero that step no longer changes the value.
  for (int i = 0; i <= max_ticks; ++i) {
    double v = (first + i) * step;
    if (v > r.max + step * kEdgeTolerance) break;
    if (std::abs(v) < step * kEdgeTolerance) v = 0;  // -0 and 1e-17 both print as 0
    ticks.push_back(v);
  }
  return ticks;
}

std::vector<double> log_ticks(Range r, int max_ticks) {
  r = sanitize_log(r);
  max_ticks = std::max(2, max_ticks);
  const double lo = std::log10(r.min);
  const double hi = std::log10(r.max);
  const double lo_ok = r.min * (1 - kEdgeTolerance);
  const double hi_ok = r.max * (1 + kEdgeTolerance);

  std::vector<double> mantissa_ticks;
  for (double e = std::floor(lo); e <= std::ceil(hi); e += 1) {
    for (double m : kMantissas) {
      const double v = m * pow10(e);
      if (v >= lo_ok && v <= hi_ok) mantissa_ticks.push_back(v);
    }
    if (mantissa_ticks.size() > static_cast<size_t>(max_ticks)) break;
  }
  if (mantissa_ticks.size() >= 2 && mantissa_ticks.size() <= static_cast<size_t>(max_ticks)) {
    return mantissa_ticks;
  }

  const double decades = hi - lo;
  const double every = std::max(1.0, std::ceil(decades / (max_ticks - 1)));
  std::vector<double> decade_ticks;
  for (double e = std::ceil(lo / every - kEdgeTolerance) * every; e <= hi + kEdgeTolerance;
       e += every) {
    decade_ticks.push_back(pow10(e));
  }
  if (decade_ticks.size() >= 2) return decade_ticks;
  // Less than a decade with at most one 1-2-5 value inside (e.g. [2.5, 4.5]): plain steps.
  return linear_ticks(r, max_ticks);
}

Range nice_linear_range(Range r, int max_ticks) {
  r = sanitize_linear(r);
  max_ticks = std::max(2, max_ticks);
  const double step = nice_step((r.max - r.min) / (max_ticks - 1));
  return sanitize_linear({std::floor(r.min / step + kEdgeTolerance) * step,
                          std::ceil(r.max / step - kEdgeTolerance) * step});
}

Range nice_log_range(Range r) {
  r = sanitize_log(r);
  const double lo_exp = std::floor(std::log10(r.min));
  double lo = pow10(lo_exp);
  for (double m : kMantissas) {
    if (m * pow10(lo_exp) <= r.min * (1 + kEdgeTolerance)) lo = m * pow10(lo_exp);
  }
  const double hi_exp = std::floor(std::log10(r.max));
  double hi = 10 * pow10(hi_exp);
  for (int i = 2; i >= 0; --i) {
    const double v = kMantissas[i] * pow10(hi_exp);
    if (v >= r.max * (1 - kEdgeTolerance)) hi = v;
  }
  return sanitize_log({lo, hi});
}

std::string tick_label(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  if (value == 0) return "0";
  // Round to three significant digits first, so 999.7 becomes 1k rather than "1e+03".
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.2e", value);
  const double rounded = std::strtod(buf, nullptr);
  const double magnitude = std::abs(rounded);
  if (magnitude >= 1e-3 && magnitude < 1e21) {
    // The page's scale words, largest first (fmt::Style::tick_words): SI k, M, G, T... in
    // English, 万, 亿, 万亿 in Chinese.
    double scaled = rounded;
    const char* word = "";
    for (const fmt::CountWord& w : fmt::style().tick_words) {
      if (magnitude >= w.scale) {
        scaled = rounded / w.scale;
        word = w.word.c_str();
        break;
      }
    }
    // Below 1000 three significant digits; above (a myriad word leaves up to 9999) whole.
    std::snprintf(buf, sizeof buf, std::abs(scaled) < 1000 ? "%.3g%s" : "%.0f%s", scaled, word);
    return buf;
  }
  const int exponent = static_cast<int>(std::floor(std::log10(magnitude) + kEdgeTolerance));
  std::snprintf(buf, sizeof buf, "%.3ge%d", rounded / pow10(exponent), exponent);
  return buf;
}

}  // namespace app::chart
