#include "logic/catalog_search.hpp"

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "sizer/prices.hpp"

namespace app {
namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The whitespace-separated words of `text` (no <sstream>: it pulls ~75 KB of iostream and locale
// code into the wasm).
std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  const char* const space = " \t\n\r\f\v";
  for (std::size_t start = text.find_first_not_of(space); start != std::string::npos;) {
    const std::size_t end = text.find_first_of(space, start);
    out.push_back(text.substr(start, end == std::string::npos ? end : end - start));
    start = end == std::string::npos ? end : text.find_first_not_of(space, end);
  }
  return out;
}

// How well `query` fits `haystack`: 2 per token that starts a word (letters and digits between
// separators), 1 per token found inside a word; -1 when a token is missing.
int match_score(const std::string& haystack, const std::string& query) {
  const std::string hay = lower(haystack);
  int score = 0;
  for (const std::string& token : words(lower(query))) {
    int best = -1;
    for (std::size_t pos = hay.find(token); pos != std::string::npos;
         pos = hay.find(token, pos + 1)) {
      const bool word_start = pos == 0 || !std::isalnum(static_cast<unsigned char>(hay[pos - 1]));
      best = std::max(best, word_start ? 2 : 1);
    }
    if (best < 0) return -1;
    score += best;
  }
  return score;
}

}  // namespace

bool matches_query(const std::string& haystack, const std::string& query) {
  // Every whitespace-separated word of the query must occur.
  const std::string hay = lower(haystack);
  for (const std::string& token : words(lower(query))) {
    if (hay.find(token) == std::string::npos) return false;
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
  struct Match {
    int index;
    int score;
    int price_quotes;
  };
  std::vector<Match> found;
  for (std::size_t i = 0; i < catalog.size(); ++i) {
    const sizer::Gpu& g = catalog[i];
    if (!filter.vendor.empty() && g.vendor != filter.vendor) continue;
    if (g.memory_gb < filter.min_memory_gb) continue;
    if (filter.kind == GpuKind::datacenter && !g.datacenter) continue;
    if (filter.kind == GpuKind::consumer && g.datacenter) continue;
    const int score =
        match_score(g.id + " " + g.name + " " + g.vendor + " " + g.architecture, filter.text);
    if (score < 0) continue;
    const int quotes = static_cast<int>(sizer::price_quotes_for(g.id).size());
    found.push_back({static_cast<int>(i), score, quotes});
  }
  // Best match first; among equal matches the variant sold and rented on more bases (rows of the
  // price table) first, so "a100 80" offers the SXM card first and the PCIe card next.
  // (No query: catalog order.)
  const bool searching = filter.text.find_first_not_of(" \t") != std::string::npos;
  if (searching)
    std::stable_sort(found.begin(), found.end(), [](const Match& a, const Match& b) {
      if (a.score != b.score) return a.score > b.score;
      return a.price_quotes > b.price_quotes;
    });
  std::vector<int> out;
  for (const Match& m : found) out.push_back(m.index);
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
