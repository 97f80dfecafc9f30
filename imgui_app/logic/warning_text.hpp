// The text of an engine warning on the page: in the page's language, every byte figure in the
// page's unit (GB or GiB). Pure C++ (no ImGui), pinned by tests/ui.
#pragma once

#include <string>

#include "sizer/estimate.hpp"

namespace app {

// English keeps the engine's own sentence (it carries more detail) unless a byte figure must be
// written in the page's unit; then, as in other languages, the string table's "warning.<id>"
// sentence is filled from the arguments, each byte figure written anew from its raw number
// (Warning::arg_bytes) by fmt::bytes. An id the table does not know keeps the English sentence.
std::string warning_text(const sizer::Warning& w);

}  // namespace app
