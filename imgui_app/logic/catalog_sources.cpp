#include "logic/catalog_sources.hpp"

#include "logic/i18n.hpp"
#include "sizer/prices.hpp"

namespace app {

std::string catalog_source_key(const char* stem, const std::vector<std::string>& key_cells) {
  std::string key = std::string("catalog.") + stem + ".source";
  for (const std::string& cell : key_cells) key += "." + cell;
  return key;
}

std::string gpu_source(const sizer::Gpu& g) {
  if (!g.source.empty() || g.id.empty()) return g.source;
  return i18n::find_string(catalog_source_key("gpus", {g.id}));
}

std::string price_source(const sizer::CostResult& c) {
  if (!c.price_source.empty() || c.quote == nullptr) return c.price_source;
  return i18n::find_string(
      catalog_source_key("prices", {c.quote->gpu_id, sizer::quote_kind_id(c.quote->kind)}));
}

}  // namespace app
