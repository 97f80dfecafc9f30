#include "fonts/ui_fonts.hpp"

#include <cstddef>
#include <string>
#include <utility>

#include "imgui.h"
#include "logic/i18n.hpp"

namespace sizer {
const char* sizer_embedded_font_latin();
std::size_t sizer_embedded_font_latin_size();
const char* sizer_embedded_font_cjk_switch();
std::size_t sizer_embedded_font_cjk_switch_size();
}  // namespace sizer

namespace app {
namespace {

ImFont* g_body = nullptr;
ImFont* g_heading = nullptr;
std::string g_cjk_otf;     // the fetched full subset; must outlive the atlas
bool g_cjk_built = false;  // the atlas holds it
// Glyph ranges must outlive the atlas build.
ImVector<ImWchar> g_cjk_ranges;
ImVector<ImWchar> g_heading_latin_ranges;
ImVector<ImWchar> g_heading_cjk_ranges;

// The text of `key` in both languages (the heading font holds only its glyphs).
std::string both_languages(const char* key) {
  const i18n::Table& table = i18n::installed();
  auto it = table.find(key);
  return it == table.end() ? std::string(key) : it->second.en + it->second.zh;
}

// Inter at `px` for `latin_ranges`, with Noto CJK merged in for `cjk_ranges` (may be empty).
ImFont* add_font(float px, const ImWchar* latin_ranges, const ImVector<ImWchar>& cjk_ranges) {
  ImGuiIO& io = ImGui::GetIO();
  ImFontConfig latin;
  latin.FontDataOwnedByAtlas = false;  // embedded, static data
  latin.OversampleH = 2;
  latin.OversampleV = 1;
  ImFont* font = io.Fonts->AddFontFromMemoryTTF(
      const_cast<char*>(sizer::sizer_embedded_font_latin()),
      static_cast<int>(sizer::sizer_embedded_font_latin_size()), px, &latin, latin_ranges);
  if (cjk_ranges.Size <= 1) return font;  // only the terminating 0
  ImFontConfig cjk;
  cjk.FontDataOwnedByAtlas = false;
  cjk.MergeMode = true;
  cjk.OversampleH = 1;
  cjk.OversampleV = 1;
  cjk.PixelSnapH = true;
  // Noto CJK's ascent-descent is 1.448 em (TOOLCHAIN gotcha 13): at the same pixel size its
  // glyphs look small next to Inter, so ask for 1.2x and nudge them down onto the baseline.
  cjk.GlyphOffset = ImVec2(0, px * 0.06f);
  const char* data = g_cjk_otf.empty() ? sizer::sizer_embedded_font_cjk_switch() : g_cjk_otf.data();
  std::size_t size =
      g_cjk_otf.empty() ? sizer::sizer_embedded_font_cjk_switch_size() : g_cjk_otf.size();
  io.Fonts->AddFontFromMemoryTTF(const_cast<char*>(data), static_cast<int>(size), px * 1.2f, &cjk,
                                 cjk_ranges.Data);
  return font;
}

void split_ranges(const std::string& text, ImVector<ImWchar>& latin, ImVector<ImWchar>& cjk) {
  ImFontGlyphRangesBuilder latin_builder;
  ImFontGlyphRangesBuilder cjk_builder;
  for (unsigned cp : i18n::utf8_decode(text)) {
    if (cp >= 0x2E80 && cp <= 0xFFEF)
      cjk_builder.AddChar(static_cast<ImWchar>(cp));
    else if (cp >= 0x20 && cp <= 0xFFFF)
      latin_builder.AddChar(static_cast<ImWchar>(cp));
  }
  latin.clear();
  cjk.clear();
  latin_builder.BuildRanges(&latin);
  cjk_builder.BuildRanges(&cjk);
}

}  // namespace

void build_fonts(float scale) {
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  // Body text: the Latin ranges plus exactly the characters of the zh column (the subset holds
  // nothing else); the embedded switch subset has only "中文", SWITCH_TEXT of subset_fonts.py.
  static const ImWchar latin_ranges[] = {0x0020, 0x00FF, 0x03BC, 0x03BC, 0x2010,
                                         0x203A, 0x2190, 0x2193, 0x2212, 0x2212,
                                         0x2248, 0x2248, 0x2260, 0x2265, 0};
  ImFontGlyphRangesBuilder builder;
  if (g_cjk_otf.empty()) {
    builder.AddText("\xE4\xB8\xAD\xE6\x96\x87");  // 中文
  } else {
    for (unsigned cp : i18n::zh_code_points(i18n::installed()))
      if (cp >= 0x2E80 && cp <= 0xFFEF) builder.AddChar(static_cast<ImWchar>(cp));
  }
  g_cjk_ranges.clear();
  builder.BuildRanges(&g_cjk_ranges);
  // The heading font draws only the title: rasterising every glyph at 1.5x would double the
  // atlas work before the first frame.
  split_ranges(both_languages("app.title"), g_heading_latin_ranges, g_heading_cjk_ranges);
  if (g_cjk_otf.empty()) g_heading_cjk_ranges.clear();
  float px = k_body_font_css_px * scale;
  g_body = add_font(px, latin_ranges, g_cjk_ranges);
  g_heading = add_font(px * 1.5f, g_heading_latin_ranges.Data, g_heading_cjk_ranges);
  io.Fonts->Build();
  io.FontDefault = g_body;
  g_cjk_built = !g_cjk_otf.empty();
}

void set_cjk_font_data(std::string otf) {
  g_cjk_otf = std::move(otf);
  g_cjk_built = false;
}

bool has_cjk_font() { return g_cjk_built; }

ImFont* body_font() { return g_body; }
ImFont* heading_font() { return g_heading; }

}  // namespace app
