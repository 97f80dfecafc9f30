#include "logic/format_picker.hpp"

#include "logic/catalog_search.hpp"
#include "sizer/enums.hpp"

namespace app {
namespace {

bool starts_with(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

}  // namespace

bool hidden_from_picker(const sizer::NumberFormat& f) {
  // GGUF's unquantized types are the plain FP32/FP16/BF16 again (same bits, same memory).
  if (f.id == "gguf-f32" || f.id == "gguf-f16" || f.id == "gguf-bf16") return true;
  return starts_with(f.id, "ggml-type-");
}

std::vector<FormatGroup> format_groups(const std::vector<sizer::NumberFormat>& catalog,
                                       const std::string& query, bool kv_only,
                                       const std::string& current_id) {
  std::vector<FormatGroup> groups;
  for (const auto& family : sizer::enum_entries<sizer::FormatFamily>()) {
    FormatGroup g{family.value, {}};
    for (std::size_t i = 0; i < catalog.size(); ++i) {
      const sizer::NumberFormat& f = catalog[i];
      if (f.family != family.value) continue;
      if (kv_only && !f.usable_for_kv_cache) continue;
      if (hidden_from_picker(f) && f.id != current_id) continue;
      if (!matches_query(f.id + " " + f.name + " " + family.id + " " + family.label, query))
        continue;
      g.indices.push_back(static_cast<int>(i));
    }
    if (!g.indices.empty()) groups.push_back(g);
  }
  return groups;
}

std::string format_about_key(const sizer::NumberFormat& f) {
  const std::string family = sizer::enum_id(f.family);
  if (f.family == sizer::FormatFamily::gguf && f.name.find("file mix") != std::string::npos)
    return "family.gguf.mix_about";
  if (starts_with(f.id, "ggml-type-")) return "family.gguf.tensor_about";
  return "family." + family + ".about";
}

}  // namespace app
