// Pure axis math for the app's charts (no ImGui): mapping data values to pixels on linear and
// logarithmic axes, "nice" 1-2-5 tick positions, and compact tick labels. Every function accepts
// degenerate input (min == max, zero or negative values on a log axis, NaN, infinity) and returns
// something drawable instead of crashing, so a chart never takes the frame down with it.
#pragma once

#include <string>
#include <vector>

namespace app::chart {

struct Range {
  double min = 0;
  double max = 1;
};

// A finite range with max > min. NaN/inf ends are dropped (both gone -> [0, 1]); an empty range
// is widened by 10% of its magnitude (or by 1 around zero).
Range sanitize_linear(Range r);

// A finite range with 0 < min < max. Non-positive and non-finite ends are dropped (both gone ->
// [1, 10]); an empty range becomes one decade centred on the value.
Range sanitize_log(Range r);

// Smallest and largest finite values of `values` (positive ones only when `positive_only`);
// {NaN, NaN} when there are none, which the sanitize_* functions then turn into a default.
Range data_range(const std::vector<double>& values, bool positive_only);

// The 1-2-5 step (1, 2, 5 x 10^k) nearest above `raw_step`; 1 for non-positive or non-finite input.
double nice_step(double raw_step);

// Maps data values to screen coordinates along one axis. Pixel ends may be reversed (a y axis
// grows downwards on screen, so pixel_min is the bottom).
class Scale {
 public:
  Scale(Range data, float pixel_min, float pixel_max, bool log);
  float to_pixel(double value) const;  // NaN -> pixel_min; log of <= 0 -> pixel_min; off-range
                                       // values extrapolate (callers clip)
  double to_value(float pixel) const;
  const Range& data() const { return data_; }
  bool log() const { return log_; }

 private:
  Range data_;
  float pixel_min_;
  float pixel_max_;
  bool log_;
};

// Tick positions inside `r` (ends included when they fall on a tick), at most about `max_ticks`.
// Linear: multiples of a 1-2-5 step. Log: powers of ten (every 2nd, 5th... decade when the range
// spans many decades), or 1-2-5 within each decade when the range spans less than ~2 decades.
std::vector<double> linear_ticks(Range r, int max_ticks);
std::vector<double> log_ticks(Range r, int max_ticks);

// The range widened outwards to the enclosing ticks, so the axis starts and ends on a label.
Range nice_linear_range(Range r, int max_ticks);
Range nice_log_range(Range r);  // to enclosing 1-2-5 x 10^k values

// Compact tick label with the page's scale words (fmt::style().tick_words): 0.5, 20, 1.5k, 300M,
// 2T, 1e-6 in English (SI suffixes); 1,500 -> "1500", 3e8 -> "3亿" in Chinese. At most three
// significant digits below 1000.
std::string tick_label(double value);

}  // namespace app::chart
