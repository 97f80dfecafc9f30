#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#define STB_TRUETYPE_IMPLEMENTATION
#define STBTT_STATIC
#include "headless_imgui.hpp"
#include "imgui.h"
#include "imstb_truetype.h"
#include "logic/i18n.hpp"
#include "string_tables.hpp"

using namespace app;

namespace {

i18n::Table all_tables() {
  std::vector<std::string> errors;
  int files = 0;
  return ui_test::all_string_tables(errors, files);
}

bool has_glyph(const std::string& font, unsigned cp) {
  stbtt_fontinfo info;
  const auto* data = reinterpret_cast<const unsigned char*>(font.data());
  if (!stbtt_InitFont(&info, data, stbtt_GetFontOffsetForIndex(data, 0))) return false;
  return stbtt_FindGlyphIndex(&info, static_cast<int>(cp)) != 0;
}

}  // namespace

TEST_CASE("the embedded Latin font has every non-CJK character of every UI string", "[ui][font]") {
  std::string latin = ui_test::read_file(std::filesystem::path(SIZER_FONT_DIR) / "latin.otf");
  REQUIRE(latin.size() > 1000);
  i18n::Table table = all_tables();
  std::string all_text;
  for (const auto& [key, entry] : table) all_text += entry.en + entry.zh;
  int cjk = 0;
  for (unsigned cp : i18n::utf8_decode(all_text)) {
    if (cp < 0x20) continue;  // newlines
    if (cp >= 0x2E80 && cp <= 0xFFEF) {
      ++cjk;  // drawn with the system's Chinese font (fonts/ui_fonts.hpp)
      continue;
    }
    INFO("U+" << std::hex << cp);
    CHECK(has_glyph(latin, cp));
  }
  CHECK(cjk > 300);
}

TEST_CASE("a Chinese UI draws each CJK character with the system font, at Inter's em",
          "[ui][font]") {
  ui_test::HeadlessImGui imgui;  // a system with Noto Sans CJK SC
  app::build_fonts(2.0f);
  REQUIRE(app::has_cjk_font());
  CHECK_FALSE(app::system_cjk_font_missing());
  ImFont* body = app::body_font();
  // Every CJK character of the zh column has a glyph, one em wide: Inter's em at 15 CSS px x 2 is
  // 30 px x unitsPerEm / (hhea ascender - descender), 24.8 px for Inter 4.
  int glyphs = 0;
  for (unsigned cp : i18n::zh_code_points(i18n::installed())) {
    if (cp < 0x2E80 || cp > 0xFFEF) continue;
    const ImFontGlyph* g = body->FindGlyphNoFallback(static_cast<ImWchar>(cp));
    INFO("U+" << std::hex << cp);
    REQUIRE(g != nullptr);
    ++glyphs;
  }
  CHECK(glyphs > 300);
  const ImFontGlyph* mo = body->FindGlyphNoFallback(0x6A21);  // 模
  REQUIRE(mo != nullptr);
  CHECK(mo->AdvanceX == Approx(25.0f).margin(1.0f));
  // Drawn: the cell holds ink (the atlas has coverage inside the glyph's rectangle).
  unsigned char* pixels = nullptr;
  int width = 0;
  int height = 0;
  ImGui::GetIO().Fonts->GetTexDataAsAlpha8(&pixels, &width, &height);
  int ink = 0;
  const auto texel = [](float uv, int size) {
    return static_cast<int>(uv * static_cast<float>(size));
  };
  for (int y = texel(mo->V0, height); y < texel(mo->V1, height); ++y)
    for (int x = texel(mo->U0, width); x < texel(mo->U1, width); ++x)
      ink += pixels[y * width + x] > 128;
  CHECK(ink > 40);
}

TEST_CASE("without a Chinese font on the system the atlas stays English and says so",
          "[ui][font]") {
  ui_test::HeadlessImGui imgui;
  ui_test::use_no_cjk_font();
  app::use_system_cjk_font(true);
  app::build_fonts(1.0f);
  CHECK_FALSE(app::has_cjk_font());
  CHECK(app::system_cjk_font_missing());
  // The English atlas, with the language switch's 中文 from the embedded subset.
  CHECK(app::body_font()->FindGlyphNoFallback(0x4E2D) != nullptr);
  CHECK(app::body_font()->FindGlyphNoFallback(0x6A21) == nullptr);  // 模
  app::use_system_cjk_font(false);
  app::build_fonts(1.0f);
  CHECK_FALSE(app::system_cjk_font_missing());
}
