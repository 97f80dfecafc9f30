#include "logic/i18n.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "string_tables.hpp"

using namespace app;

namespace {

i18n::Table all_tables(std::vector<std::string>& errors, int& files) {
  return ui_test::all_string_tables(errors, files);
}

}  // namespace

TEST_CASE("every UI string has both English and Chinese, none empty", "[ui][i18n]") {
  std::vector<std::string> errors;
  int files = 0;
  i18n::Table table = all_tables(errors, files);
  CHECK(files >= 1);
  CHECK(errors.empty());
  REQUIRE(table.size() > 100);
  for (const auto& [key, entry] : table) {
    INFO(key);
    CHECK(!entry.en.empty());
    CHECK(!entry.zh.empty());
  }
  CHECK(table.at("tab.inference").zh == "\xE6\x8E\xA8\xE7\x90\x86");  // 推理
}

TEST_CASE("format placeholders match between the languages", "[ui][i18n]") {
  std::vector<std::string> errors;
  int files = 0;
  i18n::Table table = all_tables(errors, files);
  for (const auto& [key, entry] : table) {
    INFO(key);
    for (const char* token : {"{0}", "{1}", "{2}", "%d", "%.1f", "%.2f", "%s"}) {
      CHECK((entry.en.find(token) == std::string::npos) ==
            (entry.zh.find(token) == std::string::npos));
    }
  }
}

TEST_CASE("malformed rows and duplicate keys are reported with file and line", "[ui][i18n]") {
  i18n::Table table;
  auto errors = i18n::parse_tsv("# comment\na\tA\t甲\nb\tB\nA\tx\ty\na\tA2\t乙2\n", "t.tsv", table);
  REQUIRE(errors.size() == 2);
  CHECK(errors[0] == "t.tsv:3: expected 3 columns (key, en, zh), got 2");
  CHECK(errors[1] == "t.tsv:5: duplicate key a");
  CHECK(table.size() == 2);
}

TEST_CASE("tr falls back to the key and trf fills placeholders", "[ui][i18n]") {
  i18n::Table table;
  i18n::parse_tsv("greet\tHello {0}, {1}\t你好 {0}，{1}\nnl\ta\\nb\t甲\\n乙\n", "t.tsv", table);
  i18n::install(table);
  i18n::set_language(i18n::Language::en);
  CHECK(std::string(tr("missing.key")) == "missing.key");
  CHECK(trf("greet", {"Ann", "Bo"}) == "Hello Ann, Bo");
  CHECK(std::string(tr("nl")) == "a\nb");
  i18n::set_language(i18n::Language::zh);
  CHECK(trf("greet", {"{1}", "x"}) == "你好 {1}，x");
  i18n::set_language(i18n::Language::en);
}

TEST_CASE("utf8 decoding turns broken bytes into U+FFFD", "[ui][i18n]") {
  CHECK(i18n::utf8_decode("A\xE4\xB8\xAD") == std::vector<unsigned>{0x41, 0x4E2D});
  CHECK(i18n::utf8_decode("\xE4\xB8") == std::vector<unsigned>{0xFFFD});
  CHECK(i18n::utf8_decode("\xFFz") == std::vector<unsigned>{0xFFFD, 0x7A});
}
