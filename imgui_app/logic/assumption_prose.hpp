// The prose of the assumptions table: each constant's source and the reason each engine profile
// change, setup rule or framework change gives. No first frame shows it (the Assumptions panel's
// tooltips), so the web app's copy of core/src/assumptions.cpp leaves it out (SIZER_PROSE_LATE)
// and it arrives after the first frame with the rest of the late English (en-late.tsv), under the
// keys below; imgui_app/late_rows/assumption_prose_rows.cpp writes those rows from the core's own tables at
// build time. Native builds have it compiled in. Each function returns the core's text when it
// has one, else the late row (fetched then if it has not arrived), else "".
#pragma once

#include <string>

#include "sizer/assumptions.hpp"

namespace app {

// "assume.source.<key>"
std::string assumption_source_key(const std::string& key);
// "assume.why.<kind>.<set by>.<key>"
std::string default_reason_key(const std::string& kind, const std::string& set_by,
                               const std::string& key);

// Every source and reason as en-late.tsv rows (`key<TAB>text<TAB>`, text escaped as
// i18n::parse_tsv reads it), from the tables this build compiled in.
std::string assumption_prose_rows();

std::string assumption_source(const sizer::AssumptionInfo& info);
std::string default_reason_why(const sizer::DefaultReason& reason, const std::string& key);

}  // namespace app
