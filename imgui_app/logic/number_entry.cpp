#include "logic/number_entry.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>

#include "logic/format.hpp"

namespace app {
namespace {

double suffix_scale(char c) {
  switch (std::tolower(static_cast<unsigned char>(c))) {
    case 'k':
      return 1e3;
    case 'm':
      return 1e6;
    case 'b':
    case 'g':
      return 1e9;
    case 't':
      return 1e12;
    default:
      return 0;
  }
}

NumberEntry refused(const char* key, std::vector<std::string> args = {}) {
  NumberEntry e;
  e.message_key = key;
  e.args = std::move(args);
  return e;
}

}  // namespace

NumberEntry parse_number_entry(const std::string& text, double lo, double hi, bool whole) {
  std::string plain;
  for (char c : text) {
    if (c == ',' || c == '_' || std::isspace(static_cast<unsigned char>(c))) continue;
    plain += c;
  }
  if (plain.empty()) return refused("entry.empty");
  double scale = 1;
  if (const double s = suffix_scale(plain.back());
      s > 0 && plain.size() > 1 &&
      !std::isalpha(static_cast<unsigned char>(plain[plain.size() - 2]))) {
    scale = s;
    plain.pop_back();
  }
  // strtod also reads "inf", "nan" and hex; accept only digits, one point and an exponent.
  for (char c : plain) {
    if (!(std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == 'e' || c == 'E' ||
          c == '-' || c == '+'))
      return refused("entry.not_number", {text});
  }
  char* end = nullptr;
  const double number = std::strtod(plain.c_str(), &end);
  if (end == plain.c_str() || *end != '\0') return refused("entry.not_number", {text});
  const double value = number * scale;
  if (!std::isfinite(value)) return refused("entry.not_number", {text});
  if (whole && value != std::floor(value)) return refused("entry.whole", {text});
  if (value < lo || value > hi)
    return refused("entry.range", {text, fmt::integer(lo), fmt::integer(hi)});
  NumberEntry ok;
  ok.ok = true;
  ok.value = value;
  return ok;
}

}  // namespace app
