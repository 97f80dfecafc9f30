// The weight-format picker's list: the catalog's formats grouped by family (enum order), filtered
// by a search, without the duplicates a user trips over: GGUF's F32/F16/BF16 repeat the plain
// formats, and single GGML tensor types (Q4_K ...) describe tensors inside a file, not a file
// a user downloads. Both stay listed when they are the current choice (a link may name them).
// Pure C++: no ImGui.
#pragma once

#include <string>
#include <vector>

#include "sizer/catalog.hpp"

namespace app {

struct FormatGroup {
  sizer::FormatFamily family;
  std::vector<int> indices;  // into the catalog, catalog order
};

// True for a catalog entry that repeats another one (GGUF F32/F16/BF16) or is a single GGML
// tensor type rather than a file format.
bool hidden_from_picker(const sizer::NumberFormat& f);

std::vector<FormatGroup> format_groups(const std::vector<sizer::NumberFormat>& catalog,
                                       const std::string& query, bool kv_only,
                                       const std::string& current_id);

// The i18n key of the one-line plain explanation of an entry ("family.gguf.mix_about", ...).
std::string format_about_key(const sizer::NumberFormat& f);

}  // namespace app
