// Where a catalog card's figures and a catalog price come from. Their source cells are most of the
// catalog bytes a first visit would wait for, and no first frame shows one: the web build's copies
// of the catalogs leave them out (imgui_app/app_catalogs.py) and they arrive after the first frame
// with the rest of the late English (en-late.tsv, keys from catalog_source_key). Each function
// returns the record's own text when it has one (the native build's catalogs, custom cards), else
// the late row (fetched then if it has not arrived), else "".
#pragma once

#include <string>
#include <vector>

#include "sizer/catalog.hpp"
#include "sizer/estimate.hpp"

namespace app {

// "catalog.<stem>.<column>.<key cells joined by '.'>", as app_catalogs.py writes them.
std::string catalog_source_key(const char* stem, const std::vector<std::string>& key_cells);

std::string gpu_source(const sizer::Gpu& g);
// The source of the price an estimate used (CostResult::quote), "" for a price without one.
std::string price_source(const sizer::CostResult& c);

}  // namespace app
