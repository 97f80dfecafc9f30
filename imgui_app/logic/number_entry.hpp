// Typed numbers for sliders: "32k", "1.5M", "7B", "2T", "2,048", "1e6". A value outside the
// slider's range is refused with a message, never clamped silently. Pure C++, tested in tests/ui.
#pragma once

#include <string>
#include <vector>

namespace app {

struct NumberEntry {
  bool ok = false;
  double value = 0;
  std::string message_key;        // why it was refused: "entry.not_number", "entry.range", ...
  std::vector<std::string> args;  // for trf(message_key, args)
};

// Reads `text` as a number with an optional suffix k/K = 10^3, M = 10^6, B/G = 10^9, T = 10^12
// (case-insensitive; decimal, as "7B parameters" and "1.5M tokens" are meant). Thousands
// separators (",", "_", spaces) are ignored. Refused: empty text, anything else after the number,
// non-finite values, values outside [lo, hi], and fractions when `whole` is set.
NumberEntry parse_number_entry(const std::string& text, double lo, double hi, bool whole);

}  // namespace app
