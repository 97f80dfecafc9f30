// The GPU card: every catalog fact a reader looks for about one card (memory, bandwidth, dense
// peak per data type, formats, interconnect and NVLink domain, board power, launch and cloud
// price) with the catalog's source for them. Shown as a tooltip in the GPU picker and the fit
// table, and inline under the picker when its details line is clicked (touch has no hover).
#pragma once

#include <string>
#include <vector>

#include "sizer/catalog.hpp"

namespace app::widgets {

struct GpuFact {
  std::string label;  // translated
  std::string value;  // "—" (with why) when the catalog has no figure
};

// The card's rows in display order, in the page's language and byte unit.
std::vector<GpuFact> gpu_facts(const sizer::Gpu& gpu);

// The card's body (title, facts table, source). fit_width: inline in a column, the values wrap
// to its width; false: in a tooltip, which grows to fit them.
void gpu_card(const sizer::Gpu& gpu, bool fit_width);

// gpu_card inside a tooltip; call when the item is hovered.
void gpu_card_tooltip(const sizer::Gpu& gpu);

}  // namespace app::widgets
