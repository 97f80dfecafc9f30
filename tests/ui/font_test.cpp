#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#define STB_TRUETYPE_IMPLEMENTATION
#define STBTT_STATIC
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

TEST_CASE("the embedded fonts have a glyph for every character of every UI string", "[ui][font]") {
  std::string latin = ui_test::read_file(std::filesystem::path(SIZER_FONT_DIR) / "latin.otf");
  std::string cjk = ui_test::read_file(std::filesystem::path(SIZER_FONT_DIR) / "cjk.otf");
  REQUIRE(latin.size() > 1000);
  REQUIRE(cjk.size() > 1000);
  i18n::Table table = all_tables();
  std::string all_text;
  for (const auto& [key, entry] : table) all_text += entry.en + entry.zh;
  int checked = 0;
  for (unsigned cp : i18n::zh_code_points(table)) {
    if (cp < 0x20) continue;  // newlines
    INFO("U+" << std::hex << cp);
    CHECK((has_glyph(latin, cp) || has_glyph(cjk, cp)));
    ++checked;
  }
  for (unsigned cp : i18n::utf8_decode(all_text)) {
    if (cp < 0x20) continue;
    INFO("U+" << std::hex << cp);
    CHECK((has_glyph(latin, cp) || has_glyph(cjk, cp)));
  }
  CHECK(checked > 300);
  // The subset stays small: the whole CJK font is ~20 MB.
  CHECK(cjk.size() < 600 * 1024);
}
