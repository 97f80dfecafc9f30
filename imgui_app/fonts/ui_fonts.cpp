#include "fonts/ui_fonts.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "imgui.h"
#include "logic/i18n.hpp"
#include "platform.hpp"

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
bool g_cjk_wanted = false;   // the zh text is in: draw the CJK glyphs with the system's font
bool g_cjk_built = false;    // the atlas holds them
bool g_cjk_missing = false;  // the last build found no Chinese font on the system
// Glyph ranges must outlive the atlas build.
ImVector<ImWchar> g_heading_latin_ranges;
ImVector<ImWchar> g_heading_cjk_ranges;

// The text of `key` in both languages (the heading font holds only its glyphs).
std::string both_languages(const char* key) {
  const i18n::Table& table = i18n::installed();
  auto it = table.find(key);
  return it == table.end() ? std::string(key) : it->second.en + it->second.zh;
}

// Inter's vertical metrics, read from the embedded file as stb_truetype (ImGui's rasteriser) reads
// them: ImGui sizes a font so that hhea ascender - descender is the requested pixel size.
struct LatinMetrics {
  int units_per_em = 0;
  int ascender = 0;
  int descender = 0;
};
LatinMetrics latin_metrics() {
  const auto* data = reinterpret_cast<const unsigned char*>(sizer::sizer_embedded_font_latin());
  const std::size_t size = sizer::sizer_embedded_font_latin_size();
  auto u16 = [&](std::size_t at) { return at + 2 <= size ? (data[at] << 8) | data[at + 1] : 0; };
  auto i16 = [&](std::size_t at) { return static_cast<int>(static_cast<std::int16_t>(u16(at))); };
  auto u32 = [&](std::size_t at) {
    return (static_cast<std::size_t>(u16(at)) << 16) | static_cast<std::size_t>(u16(at + 2));
  };
  LatinMetrics m;
  const int tables = u16(4);
  for (int t = 0; t < tables; ++t) {
    const std::size_t record = 12 + 16 * static_cast<std::size_t>(t);
    if (record + 16 > size) break;
    const std::string tag(reinterpret_cast<const char*>(data + record), 4);
    const std::size_t offset = u32(record + 8);
    if (tag == "head") m.units_per_em = u16(offset + 18);
    if (tag == "hhea") {
      m.ascender = i16(offset + 4);
      m.descender = i16(offset + 6);
    }
  }
  return m;
}

// The CJK code points of `ranges` drawn by the browser for a font of `px` (Inter's size): same em
// as Inter, on Inter's baseline as ImGui places it (ImFontAtlasBuildWithStbTruetype: ascent =
// trunc(hhea ascender x scale + 1), glyphs at round(ascent) below the line's top). After the
// fonts are added, add_glyph_rects gives each a custom rect; after the build, copy_glyph_cells
// fills them.
struct PendingGlyphs {
  std::vector<unsigned> code_points;
  platform::GlyphCells cells;
  std::vector<int> rect_ids;
};
// False when the system has no Chinese font.
bool draw_cjk_glyphs(float px, const ImVector<ImWchar>& ranges, PendingGlyphs& pending) {
  for (int i = 0; i + 1 < ranges.Size; i += 2)
    for (unsigned cp = ranges[i]; cp <= ranges[i + 1]; ++cp) pending.code_points.push_back(cp);
  if (pending.code_points.empty()) return true;
  static const LatinMetrics m = latin_metrics();
  if (m.units_per_em <= 0 || m.ascender <= m.descender) return false;
  const float scale = px / static_cast<float>(m.ascender - m.descender);
  const float em_px = static_cast<float>(m.units_per_em) * scale;
  const int baseline = static_cast<int>(std::trunc(static_cast<float>(m.ascender) * scale + 1.0f));
  // Ideographs reach about 0.88 em above the baseline and 0.12 em below; full-width punctuation
  // advances one em.
  pending.cells.cell_w = static_cast<int>(std::ceil(em_px * 1.1f)) + 2;
  pending.cells.cell_h = baseline + static_cast<int>(std::ceil(em_px * 0.3f)) + 1;
  return platform::draw_system_glyphs(pending.code_points, em_px, baseline, pending.cells);
}

void add_glyph_rects(ImFont* font, PendingGlyphs& pending) {
  ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  for (std::size_t i = 0; i < pending.code_points.size(); ++i) {
    pending.rect_ids.push_back(atlas->AddCustomRectFontGlyph(
        font, static_cast<ImWchar>(pending.code_points[i]), pending.cells.cell_w,
        pending.cells.cell_h, std::round(pending.cells.advance[i]), ImVec2(0, 0)));
  }
}

// Copies the drawn cells into the built atlas (before the backend turns it into RGBA).
void copy_glyph_cells(const PendingGlyphs& pending) {
  ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  const platform::GlyphCells& cells = pending.cells;
  for (std::size_t i = 0; i < pending.rect_ids.size(); ++i) {
    const ImFontAtlasCustomRect* r = atlas->GetCustomRectByIndex(pending.rect_ids[i]);
    for (int row = 0; row < cells.cell_h; ++row) {
      const unsigned char* from =
          cells.coverage.data() + (i * cells.cell_h + static_cast<std::size_t>(row)) * cells.cell_w;
      std::memcpy(atlas->TexPixelsAlpha8 + (r->Y + row) * atlas->TexWidth + r->X, from,
                  static_cast<std::size_t>(cells.cell_w));
    }
  }
}

// Inter at `px` for `latin_ranges`, with the "中文" of the language switch merged in from the
// embedded subset when `switch_glyphs`.
ImFont* add_font(float px, const ImWchar* latin_ranges, bool switch_glyphs) {
  ImGuiIO& io = ImGui::GetIO();
  ImFontConfig latin;
  latin.FontDataOwnedByAtlas = false;  // embedded, static data
  latin.OversampleH = 2;
  latin.OversampleV = 1;
  ImFont* font = io.Fonts->AddFontFromMemoryTTF(
      const_cast<char*>(sizer::sizer_embedded_font_latin()),
      static_cast<int>(sizer::sizer_embedded_font_latin_size()), px, &latin, latin_ranges);
  if (!switch_glyphs) return font;
  static const ImWchar switch_ranges[] = {0x4E2D, 0x4E2D, 0x6587, 0x6587, 0};  // 中文
  ImFontConfig cjk;
  cjk.FontDataOwnedByAtlas = false;
  cjk.MergeMode = true;
  cjk.OversampleH = 1;
  cjk.OversampleV = 1;
  cjk.PixelSnapH = true;
  // Noto CJK's ascent-descent is 1.448 em (TOOLCHAIN gotcha 13): at the same pixel size its
  // glyphs look small next to Inter, so ask for 1.2x and nudge them down onto the baseline.
  cjk.GlyphOffset = ImVec2(0, px * 0.06f);
  io.Fonts->AddFontFromMemoryTTF(const_cast<char*>(sizer::sizer_embedded_font_cjk_switch()),
                                 static_cast<int>(sizer::sizer_embedded_font_cjk_switch_size()),
                                 px * 1.2f, &cjk, switch_ranges);
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
  static const ImWchar latin_ranges[] = {0x0020, 0x00FF, 0x03BC, 0x03BC, 0x2010,
                                         0x203A, 0x2190, 0x2193, 0x2212, 0x2212,
                                         0x2248, 0x2248, 0x2260, 0x2265, 0};
  // The heading font draws only the title: rasterising every glyph at 1.5x would double the
  // atlas work before the first frame.
  split_ranges(both_languages("app.title"), g_heading_latin_ranges, g_heading_cjk_ranges);
  const float px = k_body_font_css_px * scale;
  // With the zh text in, the body font gets exactly the CJK characters of its column, drawn by the
  // browser; an English page draws none there.
  PendingGlyphs body_glyphs;
  PendingGlyphs heading_glyphs;
  bool cjk = false;
  g_cjk_missing = false;
  if (g_cjk_wanted) {
    ImFontGlyphRangesBuilder builder;
    for (unsigned cp : i18n::zh_code_points(i18n::installed()))
      if (cp >= 0x2E80 && cp <= 0xFFEF) builder.AddChar(static_cast<ImWchar>(cp));
    ImVector<ImWchar> cjk_ranges;
    builder.BuildRanges(&cjk_ranges);
    cjk = draw_cjk_glyphs(px, cjk_ranges, body_glyphs) &&
          draw_cjk_glyphs(px * 1.5f, g_heading_cjk_ranges, heading_glyphs);
    if (!cjk) {
      g_cjk_wanted = false;  // the English atlas again
      g_cjk_missing = true;
    }
  }
  // Without the CJK glyphs, the switch's "中文" comes from the embedded subset.
  g_body = add_font(px, latin_ranges, !cjk);
  g_heading = add_font(px * 1.5f, g_heading_latin_ranges.Data, false);
  if (cjk) {
    add_glyph_rects(g_body, body_glyphs);
    add_glyph_rects(g_heading, heading_glyphs);
  }
  io.Fonts->Build();
  if (cjk) {
    copy_glyph_cells(body_glyphs);
    copy_glyph_cells(heading_glyphs);
  }
  g_cjk_built = cjk;
  io.FontDefault = g_body;
}

void use_system_cjk_font(bool on) { g_cjk_wanted = on; }

bool has_cjk_font() { return g_cjk_built; }

bool system_cjk_font_missing() { return g_cjk_missing; }

ImFont* body_font() { return g_body; }
ImFont* heading_font() { return g_heading; }

}  // namespace app
