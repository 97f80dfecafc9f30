#include "logic/format.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace app::fmt {
namespace {

// Inserts thousands separators into the integer part of a plain decimal string.
std::string group_thousands(const std::string& plain) {
  std::size_t start = (!plain.empty() && plain[0] == '-') ? 1 : 0;
  std::size_t dot = plain.find('.');
  std::size_t int_end = dot == std::string::npos ? plain.size() : dot;
  std::string out = plain.substr(0, start);
  std::size_t digits = int_end - start;
  for (std::size_t i = 0; i < digits; ++i) {
    if (i > 0 && (digits - i) % 3 == 0) out += ',';
    out += plain[start + i];
  }
  out += plain.substr(int_end);
  return out;
}

std::string with_unit(double v, const char* unit) { return number(v) + " " + unit; }

Style g_style;

}  // namespace

void set_style(const Style& style) { g_style = style; }
const Style& style() { return g_style; }

std::string number(double v, int significant) {
  if (!std::isfinite(v)) return k_dash;
  if (v == 0) return "0";
  if (significant < 1) significant = 1;
  double magnitude = std::fabs(v);
  // Below this nothing a sizer shows is meaningful; above the other bound the text would not fit.
  constexpr double k_smallest_shown = 1e-12, k_largest_shown = 1e60;
  if (magnitude < k_smallest_shown) return "0";
  if (magnitude > k_largest_shown) return k_dash;
  char buf[128];
  // Digits after the point so that `significant` digits remain (none once the integer part has
  // that many). Rounding first keeps 999.6 -> "1,000" rather than "1,000." with a stray digit.
  int int_digits = static_cast<int>(std::floor(std::log10(magnitude))) + 1;
  double scale = std::pow(10.0, significant - int_digits);
  double rounded = std::round(v * scale) / scale;
  double rounded_mag = std::fabs(rounded);
  if (rounded_mag > 0) int_digits = static_cast<int>(std::floor(std::log10(rounded_mag))) + 1;
  int decimals = significant - int_digits;
  if (decimals < 0) {
    // Past a double's 15-16 exact digits "%.0f" prints noise (2.99e19 -> "...004,096"): write
    // the significant digits and then zeros.
    std::snprintf(buf, sizeof buf, "%.*e", significant - 1, rounded);  // "-2.99e+19"
    std::string digits;
    for (const char* c = buf; *c != 'e'; ++c)
      if (*c >= '0' && *c <= '9') digits += *c;
    digits.append(static_cast<std::size_t>(int_digits) - digits.size(), '0');
    return group_thousands((rounded < 0 ? "-" : "") + digits);
  }
  std::snprintf(buf, sizeof buf, "%.*f", decimals, rounded);
  return group_thousands(buf);
}

const char* invalid_reason_key(double v) {
  if (std::isnan(v)) return "fmt.nan";
  if (std::isinf(v)) return "fmt.inf";
  return "";
}

std::string bytes_decimal(double bytes) {
  if (!std::isfinite(bytes)) return k_dash;
  double m = std::fabs(bytes);
  if (m >= 1e12) return with_unit(bytes / 1e12, "TB");
  if (m >= 1e9) return with_unit(bytes / 1e9, "GB");
  if (m >= 1e6) return with_unit(bytes / 1e6, "MB");
  if (m >= 1e3) return with_unit(bytes / 1e3, "KB");
  return with_unit(bytes, "B");
}

std::string bytes_binary(double bytes) {
  if (!std::isfinite(bytes)) return k_dash;
  const double kib = 1024.0, mib = kib * 1024, gib = mib * 1024, tib = gib * 1024;
  double m = std::fabs(bytes);
  if (m >= tib) return with_unit(bytes / tib, "TiB");
  if (m >= gib) return with_unit(bytes / gib, "GiB");
  if (m >= mib) return with_unit(bytes / mib, "MiB");
  if (m >= kib) return with_unit(bytes / kib, "KiB");
  return with_unit(bytes, "B");
}

std::string bytes(double b) {
  return g_style.units == ByteUnits::decimal ? bytes_decimal(b) : bytes_binary(b);
}

const char* gigabyte_unit() { return g_style.units == ByteUnits::decimal ? "GB" : "GiB"; }

double bytes_per_gigabyte_unit() {
  return g_style.units == ByteUnits::decimal ? 1e9 : 1024.0 * 1024.0 * 1024.0;
}

std::vector<CountWord> parse_count_words(const std::string& spec) {
  std::vector<CountWord> out;
  std::size_t start = 0;
  while (start <= spec.size()) {
    std::size_t end = spec.find('|', start);
    if (end == std::string::npos) end = spec.size();
    const std::string entry = spec.substr(start, end - start);
    const std::size_t space = entry.find(' ');
    if (space != std::string::npos && space + 1 < entry.size()) {
      char* parsed_end = nullptr;
      const double scale = std::strtod(entry.c_str(), &parsed_end);
      if (parsed_end == entry.c_str() + space && std::isfinite(scale) && scale > 0)
        out.push_back({scale, entry.substr(space + 1)});
    }
    start = end + 1;
  }
  std::sort(out.begin(), out.end(),
            [](const CountWord& a, const CountWord& b) { return a.scale > b.scale; });
  return out;
}

std::string count(double v) {
  if (!std::isfinite(v)) return k_dash;
  const double m = std::fabs(v);
  for (const CountWord& w : g_style.count_words) {
    // Judged after rounding, so 999,999 is "1.00M", not "1,000K".
    if (m >= w.scale * (1 - 5e-4)) return number(v / w.scale) + w.word;
  }
  return number(v);
}

std::string flops(double v) {
  if (!std::isfinite(v)) return k_dash;
  struct Prefix {
    double scale;
    const char* unit;
  };
  static constexpr Prefix k_prefixes[] = {{1e24, "YFLOP"}, {1e21, "ZFLOP"}, {1e18, "EFLOP"},
                                          {1e15, "PFLOP"}, {1e12, "TFLOP"}, {1e9, "GFLOP"},
                                          {1e6, "MFLOP"},  {1e3, "kFLOP"}};
  const double m = std::fabs(v);
  for (const Prefix& p : k_prefixes) {
    if (m >= p.scale * (1 - 5e-4)) return with_unit(v / p.scale, p.unit);  // after rounding
  }
  return with_unit(v, "FLOP");
}

std::string seconds(double s) {
  if (!std::isfinite(s)) return k_dash;
  const char* const* w = g_style.time_words;
  double m = std::fabs(s);
  if (m == 0) return std::string("0 ") + w[k_seconds];
  if (m < 1e-3) return with_unit(s * 1e6, w[k_microseconds]);
  if (m < 1) return with_unit(s * 1e3, w[k_milliseconds]);
  if (m < 60) return with_unit(s, w[k_seconds]);
  if (m < 3600) return with_unit(s / 60, w[k_minutes]);
  if (m < 86400 * 2) return with_unit(s / 3600, w[k_hours]);
  return with_unit(s / 86400, w[k_days]);
}

std::string usd(double v) {
  if (!std::isfinite(v)) return k_dash;
  std::string n = number(std::fabs(v));
  return (v < 0 ? "-$" : "$") + n;
}

std::string percent(double fraction) {
  if (!std::isfinite(fraction)) return k_dash;
  return number(fraction * 100) + "%";
}

std::string integer(double v) {
  if (!std::isfinite(v)) return k_dash;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.0f", std::round(v));
  return group_thousands(buf);
}

std::string context_tokens(int tokens) {
  if (g_style.context_in_k && tokens >= 1024 && tokens % 1024 == 0)
    return integer(tokens / 1024) + "K";
  return integer(tokens);
}

}  // namespace app::fmt
