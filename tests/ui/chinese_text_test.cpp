// Chinese pages carry no English unit, count or time word: every seed preset is drawn in Chinese
// on a display tall enough to show both columns whole, and the frame's text (widgets/frame_text)
// is searched once the catalog's names (models, GPUs, formats), which keep their Latin sizes, are
// taken out.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "headless_imgui.hpp"
#include "logic/presets.hpp"
#include "sizer/catalog.hpp"

namespace {

std::vector<std::string> catalog_names() {
  std::vector<std::string> names;
  for (const sizer::ModelArch& m : sizer::model_catalog()) names.push_back(m.name);
  for (const sizer::Gpu& g : sizer::gpu_catalog()) names.push_back(g.name);
  for (const sizer::NumberFormat& f : sizer::format_catalog()) names.push_back(f.name);
  names.erase(std::remove(names.begin(), names.end(), std::string()), names.end());
  // Longest first: "Llama 3.1 70B" goes before "Llama 3.1 7".
  std::sort(names.begin(), names.end(),
            [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
  return names;
}

std::string without(std::string text, const std::vector<std::string>& names) {
  for (const std::string& n : names) {
    for (std::size_t at = text.find(n); at != std::string::npos; at = text.find(n, at))
      text.replace(at, n.size(), " ");
  }
  return text;
}

}  // namespace

TEST_CASE("Chinese pages write every unit, count and time word in Chinese", "[ui][i18n]") {
  ui_test::HeadlessImGui imgui;
  REQUIRE(app::has_cjk_font());
  app::i18n::set_language(app::i18n::Language::zh);
  const std::vector<std::string> names = catalog_names();
  const std::regex english_word(
      "\\b(days?|hours?|minutes?|seconds?|tokens|users|layers|steps|seq|cards|per card|per GPU|"
      "Needs|Fits|Split|Turn on|Shard|Micro-batch|Quantize|Keep [0-9]|Use [0-9]|yes|no)\\b");
  const std::regex latin_count("[0-9](\\.[0-9]+)?[KMBTk](?![A-Za-z0-9])");
  const std::regex exponent("[0-9][eE][+-]?[0-9]");
  // Every offending word of every preset, with the preset and line it is in.
  std::vector<std::string> found;
  const auto search = [&](const std::string& id, const std::string& line, const std::regex& r) {
    for (std::sregex_iterator it(line.begin(), line.end(), r), end; it != end; ++it)
      found.push_back(id + ": \"" + it->str() + "\" in \"" + line + "\"");
  };
  for (const app::SeedPreset& p : app::seed_presets()) {
    app::App app;
    app.ui.lang = app::Lang::zh;
    REQUIRE(app::apply_preset(app, p));
    std::string text;
    ui_test::draw_frames(app, 1280, 8000, 3, &text);
    const std::string shown = without(text, names);
    // The whole page was read: the inputs' first section and the results' memory panel.
    INFO(p.id);
    CHECK(shown.find("\xE6\xA8\xA1\xE5\x9E\x8B") != std::string::npos);  // 模型
    CHECK(shown.find("\xE6\xAF\x8F\xE5\x8D\xA1\xE6\x98\xBE\xE5\xAD\x98") !=
          std::string::npos);  // 每卡显存
    std::size_t start = 0;
    while (start < shown.size()) {
      std::size_t end = shown.find('\n', start);
      if (end == std::string::npos) end = shown.size();
      const std::string line = shown.substr(start, end - start);
      for (const std::regex* r : {&english_word, &latin_count, &exponent}) search(p.id, line, *r);
      start = end + 1;
    }
  }
  std::string report;
  for (const std::string& f : found) report += f + "\n";
  INFO(report);
  CHECK(found.empty());
  app::i18n::set_language(app::i18n::Language::en);
}
