// Formats chosen by a number instead of a catalog row: EXL2 at any average bits per weight
// ("exl2-3.5"), HQQ at any bit width and group ("hqq-3bit-g32"), and a custom weight-only format
// from bits and group size ("custom-3.5bit-g128"). find_format() builds them on first use from
// these rules (docs/METHOD.md, "Weights").
#pragma once

#include <string>

#include "sizer/catalog.hpp"

namespace sizer {

// The format an id of one of those patterns names; false when the id is not one (or its numbers
// are out of range: `problem` then says which and the valid range).
bool parametric_format(const std::string& id, NumberFormat& out, std::string& problem);

// "exl2-<bpw 2-8>, hqq-<1|2|3|4|8>bit-g<group>, custom-<bits>bit-g<group>": for error messages.
const char* parametric_format_patterns();

}  // namespace sizer
