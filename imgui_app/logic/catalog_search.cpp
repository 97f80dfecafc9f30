#include "logic/catalog_search.hpp"

#include <algorithm>
#include <cctype>

namespace app {
namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

bool matches_query(const std::string& haystack, const std::string& query) {
  // Every whitespace-separated word of the query must occur (no <sstream>: it pulls ~75 KB of
  // iostream and locale code into the wasm).
  const std::string hay = lower(haystack);
  const std::string q = lower(query);
  const char* const space = " \t\n\r\f\v";
  for (std::size_t start = q.find_first_not_of(space); start != std::string::npos;) {
    const std::size_t end = q.find_first_of(space, start);
    if (hay.find(q.substr(start, end - start)) == std::string::npos) return false;
    start = end == std::string::npos ? end : q.find_first_not_of(space, end);
  }
  return true;
}

std::vector<ModelGroup> search_models(const std::vector<sizer::ModelArch>& catalog,
                                      const std::string& query) {
  std::vector<ModelGroup> groups;
  for (std::size_t i = 0; i < catalog.size(); ++i) {
    const sizer::ModelArch& m = catalog[i];
    if (!matches_query(m.id + " " + m.name + " " + m.family, query)) continue;
    auto it = std::find_if(groups.begin(), groups.end(),
                           [&](const ModelGroup& g) { return g.family == m.family; });
    if (it == groups.end()) {
      groups.push_back({m.family, {}});
      it = groups.end() - 1;
    }
    it->indices.push_back(static_cast<int>(i));
  }
  return groups;
}

std::string attention_label(const sizer::ModelArch& m) {
  std::string label;
  int kv = m.num_kv_heads > 0 ? m.num_kv_heads : m.num_heads;
  if (m.attention == sizer::AttentionKind::mla) {
    label = "MLA";
  } else if (kv == m.num_heads) {
    label = "MHA";
  } else if (kv == 1) {
    label = "MQA";
  } else {
    label = "GQA " + std::to_string(kv) + "/" + std::to_string(m.num_heads);
  }
  if (m.sliding_window > 0) label += " + SWA " + std::to_string(m.sliding_window);
  return label;
}

std::vector<int> filter_gpus(const std::vector<sizer::Gpu>& catalog, const GpuFilter& filter) {
  std::vector<int> out;
  for (std::size_t i = 0; i < catalog.size(); ++i) {
    const sizer::Gpu& g = catalog[i];
    if (!filter.vendor.empty() && g.vendor != filter.vendor) continue;
    if (g.memory_gb < filter.min_memory_gb) continue;
    if (filter.kind == GpuKind::datacenter && !g.datacenter) continue;
    if (filter.kind == GpuKind::consumer && g.datacenter) continue;
    if (!matches_query(g.id + " " + g.name + " " + g.vendor + " " + g.architecture, filter.text))
      continue;
    out.push_back(static_cast<int>(i));
  }
  return out;
}

std::vector<std::string> gpu_vendors(const std::vector<sizer::Gpu>& catalog) {
  std::vector<std::string> vendors;
  for (const sizer::Gpu& g : catalog) {
    if (std::find(vendors.begin(), vendors.end(), g.vendor) == vendors.end())
      vendors.push_back(g.vendor);
  }
  return vendors;
}

}  // namespace app
