// Number helpers: the short forms used in Estimate::formulas, warnings and suggestion labels.
// Never scientific notation: a reader compares these with the app's figures ("1140 GB" or
// "1.14 TB", not "1.14e+03 GB").
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "engine_internal.hpp"

namespace sizer {
namespace {

// Inserts thousands separators into the integer part of a plain decimal string.
std::string group_thousands(const std::string& plain) {
  const std::size_t start = (!plain.empty() && plain[0] == '-') ? 1 : 0;
  const std::size_t dot = plain.find('.');
  const std::size_t int_end = dot == std::string::npos ? plain.size() : dot;
  std::string out = plain.substr(0, start);
  const std::size_t digits = int_end - start;
  for (std::size_t i = 0; i < digits; ++i) {
    if (i > 0 && (digits - i) % 3 == 0) out += ',';
    out += plain[start + i];
  }
  return out + plain.substr(int_end);
}

// `v` (finite, non-zero) rounded to three significant digits, written out in plain decimal with
// trailing zeros after the point dropped, as %.3g would but without its exponent:
// 1.14e3 -> "1140", 1.2e-5 -> "0.000012", 4.2e22 -> "42000000000000000000000".
std::string three_significant(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2e", v);  // "-4.20e+22": sign, three digits, exponent
  const char* p = buf;
  std::string sign;
  if (*p == '-') {
    sign = "-";
    ++p;
  }
  const std::string digits = {p[0], p[2], p[3]};
  const int exponent = std::atoi(p + 5);
  std::string out;
  if (exponent < 0) {
    out = "0." + std::string(static_cast<std::size_t>(-exponent - 1), '0') + digits;
  } else if (exponent >= 2) {
    out = digits + std::string(static_cast<std::size_t>(exponent - 2), '0');
  } else {
    out = digits.substr(0, static_cast<std::size_t>(exponent) + 1) + "." +
          digits.substr(static_cast<std::size_t>(exponent) + 1);
  }
  if (out.find('.') != std::string::npos) {
    out.erase(out.find_last_not_of('0') + 1);
    if (out.back() == '.') out.pop_back();
  }
  return sign + out;
}

}  // namespace

std::string fmt_num(double v) {
  if (!std::isfinite(v)) return std::isnan(v) ? "nan" : (v > 0 ? "inf" : "-inf");
  const double a = std::fabs(v);
  // Whole numbers a double holds exactly are written exactly (limits, token and parameter
  // counts), with thousands separators once they have seven digits.
  constexpr double k_exact_below = 1e15;
  if (v == std::floor(v) && a < k_exact_below) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f", v);
    return a >= 1e6 ? group_thousands(buf) : buf;
  }
  if (a >= 100 && a < 1e6) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f", v);
    return buf;
  }
  const std::string plain = three_significant(v);
  return a >= 1e6 ? group_thousands(plain) : plain;
}

std::string fmt_bytes(double bytes) {
  if (!std::isfinite(bytes)) return fmt_num(bytes) + " B";
  // The largest unit whose value does not round below 1; TB for everything from 1 TB on.
  struct Unit {
    double bytes;
    const char* name;
  };
  static constexpr Unit k_units[] = {{1e12, "TB"}, {1e9, "GB"}, {1e6, "MB"}, {1e3, "kB"}};
  for (const Unit& u : k_units) {
    // Judged after rounding: 999.6 MB is written "1 GB", not "1000 MB".
    const std::string value = three_significant(bytes / u.bytes);
    if (std::fabs(std::strtod(value.c_str(), nullptr)) >= 1) return value + " " + u.name;
  }
  return fmt_num(std::round(bytes)) + " B";
}

}  // namespace sizer
