// Helpers shared by the engine's source files (not part of the public contract).
#pragma once

#include <string>
#include <vector>

#include "sizer/estimate.hpp"

namespace sizer {

// Warnings about choices that run but are slow or unsupported on the card (scenario.cpp).
std::vector<Warning> scenario_warnings(const Scenario& s);

// The format of a scenario's weights / KV cache; callers have validated the ids.
const NumberFormat& weights_format_of(const Scenario& s);
const NumberFormat& kv_format_of(const Scenario& s);

// Bottleneck and its one-sentence explanation (bottleneck.cpp).
void classify_bottleneck(Estimate& e);

// a / b, or 0 when b is 0 or the result is not finite (numbers are never NaN or inf).
double safe_div(double a, double b);

// "13.5 GB", "512 KiB", "1.2e+21": short human forms for the formulas map.
std::string fmt_bytes(double bytes);
std::string fmt_num(double v);

}  // namespace sizer
