#include "fonts/ui_fonts.hpp"

#include <cstddef>

#include "imgui.h"
#include "logic/i18n.hpp"

namespace sizer {
const char* sizer_embedded_font_latin();
std::size_t sizer_embedded_font_latin_size();
const char* sizer_embedded_font_cjk();
std::size_t sizer_embedded_font_cjk_size();
}  // namespace sizer

namespace app {
namespace {

ImFont* g_body = nullptr;
ImFont* g_heading = nullptr;
ImVector<ImWchar> g_cjk_ranges;  // must outlive the atlas build

ImFont* add_font(float px) {
  ImGuiIO& io = ImGui::GetIO();
  ImFontConfig latin;
  latin.FontDataOwnedByAtlas = false;  // embedded, static data
  latin.OversampleH = 2;
  latin.OversampleV = 1;
  static const ImWchar latin_ranges[] = {0x0020, 0x00FF, 0x03BC, 0x03BC, 0x2010,
                                         0x203A, 0x2190, 0x2193, 0x2212, 0x2212,
                                         0x2248, 0x2248, 0x2260, 0x2265, 0};
  ImFont* font = io.Fonts->AddFontFromMemoryTTF(
      const_cast<char*>(sizer::sizer_embedded_font_latin()),
      static_cast<int>(sizer::sizer_embedded_font_latin_size()), px, &latin, latin_ranges);
  ImFontConfig cjk;
  cjk.FontDataOwnedByAtlas = false;
  cjk.MergeMode = true;
  cjk.OversampleH = 1;
  cjk.OversampleV = 1;
  cjk.PixelSnapH = true;
  // Noto CJK's ascent-descent is 1.448 em (TOOLCHAIN gotcha 13): at the same pixel size its
  // glyphs look small next to Inter, so ask for 1.2x and nudge them down onto the baseline.
  cjk.GlyphOffset = ImVec2(0, px * 0.06f);
  io.Fonts->AddFontFromMemoryTTF(const_cast<char*>(sizer::sizer_embedded_font_cjk()),
                                 static_cast<int>(sizer::sizer_embedded_font_cjk_size()), px * 1.2f,
                                 &cjk, g_cjk_ranges.Data);
  return font;
}

}  // namespace

void build_fonts(float scale) {
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  // Glyphs for exactly the characters of the zh column (the subset holds nothing else).
  ImFontGlyphRangesBuilder builder;
  for (unsigned cp : i18n::zh_code_points(i18n::installed()))
    if (cp >= 0x2E80 && cp <= 0xFFEF) builder.AddChar(static_cast<ImWchar>(cp));
  g_cjk_ranges.clear();
  builder.BuildRanges(&g_cjk_ranges);
  float px = k_body_font_css_px * scale;
  g_body = add_font(px);
  g_heading = add_font(px * 1.5f);
  io.Fonts->Build();
  io.FontDefault = g_body;
}

ImFont* body_font() { return g_body; }
ImFont* heading_font() { return g_heading; }

}  // namespace app
