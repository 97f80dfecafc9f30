// Helpers shared by the engine's source files (not part of the public contract).
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "sizer/estimate.hpp"

namespace sizer {

// Warnings about choices that run but are slow or unsupported on the card (scenario.cpp).
std::vector<Warning> scenario_warnings(const Scenario& s);

// The format of a scenario's weights / KV cache; callers have validated the ids.
const NumberFormat& weights_format_of(const Scenario& s);
const NumberFormat& kv_format_of(const Scenario& s);

// What limits the scenario first (bottleneck.cpp), and the sentence that says why.
Bottleneck bottleneck_of(const Scenario& normalized, const Estimate& numbers);
std::string bottleneck_sentence(const Estimate& e);

// Throws std::invalid_argument listing validate()'s problems (estimate.cpp).
void throw_if_invalid(const Scenario& normalized);

// Memory, speed or training time, cost and bottleneck of a normalized, valid scenario whose
// e.params are set; with_limits adds the largest batch / context (estimate.cpp).
// `normalized` is searched in place (the largest batch / context) and left as it came.
void compute_numbers(Scenario& normalized, Estimate& e, bool with_limits);

// Solvers on a normalized scenario with its parameter counts (solvers.cpp). They vary one field
// of `work` in place and restore it, so a search copies nothing.
int largest_batch_fitting(Scenario& work, const ParamCounts& params);
int largest_context_fitting(Scenario& work, const ParamCounts& params);
double throughput_at_batch(Scenario& work, const ParamCounts& params, int batch);

// Explanations (formulas.cpp, rules_of_thumb.cpp).
void add_formulas(Estimate& e);
void explain_rules_of_thumb(Estimate& e);

// a / b, or 0 when b is 0 or the result is not finite (numbers are never NaN or inf).
// (Inline: the speed model calls it a few dozen times per evaluation.)
inline double safe_div(double a, double b) {
  if (b == 0.0) return 0.0;
  const double r = a / b;
  return std::isfinite(r) ? r : 0.0;
}

// "13.5 GB", "1.14 TB", "6,738,415,616": short forms for formulas, warnings and labels (never an
// exponent; numbers.cpp).
std::string fmt_bytes(double bytes);
std::string fmt_num(double v);

}  // namespace sizer
