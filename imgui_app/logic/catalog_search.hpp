// Searching and grouping the catalogs for the pickers: "qwen 7" matches every model whose id, name
// or family contains both "qwen" and "7"; GPUs filter by vendor, memory and kind. Pure C++.
#pragma once

#include <string>
#include <vector>

#include "sizer/catalog.hpp"

namespace app {

// True when every whitespace-separated token of `query` occurs in `haystack`, ignoring ASCII case.
// An empty query matches everything.
bool matches_query(const std::string& haystack, const std::string& query);

struct ModelGroup {
  std::string family;
  std::vector<int> indices;  // into the catalog, catalog order
};

// Matching models grouped by family, families in order of first appearance.
std::vector<ModelGroup> search_models(const std::vector<sizer::ModelArch>& catalog,
                                      const std::string& query);

// "MHA", "GQA 8/64", "MQA", "MLA", with " + SWA 4096" when some layers use a sliding window.
std::string attention_label(const sizer::ModelArch& m);

enum class GpuKind { any, datacenter, consumer };

struct GpuFilter {
  std::string text;
  std::string vendor;  // "" = any
  double min_memory_gb = 0;
  GpuKind kind = GpuKind::any;
};

// Matching GPUs, best first: tokens that start a word rank above tokens inside one, and among
// equal matches a card with a cloud price (the variant people rent) comes first.
std::vector<int> filter_gpus(const std::vector<sizer::Gpu>& catalog, const GpuFilter& filter);

// Distinct vendors in catalog order.
std::vector<std::string> gpu_vendors(const std::vector<sizer::Gpu>& catalog);

}  // namespace app
