// Whether a GPU record is a catalog card as the catalog has it: the custom GPU form and the Plan
// view (which searches a custom card beside the catalog's) ask the same question. Core only.
#pragma once

#include "sizer/catalog.hpp"

namespace app {

// Every field of the GPU record equal (the core's record table lists them).
bool same_card(const sizer::Gpu& a, const sizer::Gpu& b);

bool is_catalog_gpu(const sizer::Gpu& g);  // the card is a catalog card, unchanged

}  // namespace app
