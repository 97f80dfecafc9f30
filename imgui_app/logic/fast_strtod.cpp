#include "logic/fast_strtod.hpp"

#include <cstdint>

namespace app {
namespace {

// The largest m for which every integer up to it is an exact double.
constexpr std::uint64_t k_exact_mantissa = std::uint64_t{1} << 53;
// 10^0 .. 10^22: the powers of ten that are exact doubles (5^22 < 2^53).
constexpr double k_powers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                               1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                               1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
constexpr int k_max_power = 22;
// An exponent written with more digits than this is never on the fast path (and cannot overflow
// the int that holds it).
constexpr int k_max_exponent_digits = 4;

bool is_digit(char c) { return c >= '0' && c <= '9'; }
// isspace() in the C locale, which is what strtod skips.
bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

}  // namespace

double fast_strtod(const char* text, char** end, StrtodFn fallback) {
  const char* p = text;
  while (is_space(*p)) ++p;
  const bool negative = *p == '-';
  if (*p == '+' || *p == '-') ++p;
  // Hexadecimal floats, inf and nan are strtod's.
  if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) return fallback(text, end);
  std::uint64_t m = 0;
  int k = 0;  // the value is m x 10^k
  bool any_digit = false;
  for (; is_digit(*p); ++p) {
    any_digit = true;
    m = m * 10 + static_cast<std::uint64_t>(*p - '0');
    if (m > k_exact_mantissa) return fallback(text, end);
  }
  if (*p == '.') {
    for (++p; is_digit(*p); ++p) {
      any_digit = true;
      m = m * 10 + static_cast<std::uint64_t>(*p - '0');
      --k;
      if (m > k_exact_mantissa) return fallback(text, end);
    }
  }
  if (!any_digit) return fallback(text, end);
  // "1e" and "1e+" end before the 'e', as in strtod.
  if (*p == 'e' || *p == 'E') {
    const char* q = p + 1;
    const bool exponent_negative = *q == '-';
    if (*q == '+' || *q == '-') ++q;
    if (is_digit(*q)) {
      int exponent = 0;
      int digits = 0;
      for (; is_digit(*q); ++q) {
        if (++digits > k_max_exponent_digits) return fallback(text, end);
        exponent = exponent * 10 + (*q - '0');
      }
      k += exponent_negative ? -exponent : exponent;
      p = q;
    }
  }
  double value = 0;
  if (m != 0) {
    if (k < -k_max_power || k > k_max_power) return fallback(text, end);
    value = static_cast<double>(m);
    value = k >= 0 ? value * k_powers[k] : value / k_powers[-k];
  }
  if (end != nullptr) *end = const_cast<char*>(p);
  return negative ? -value : value;
}

}  // namespace app
