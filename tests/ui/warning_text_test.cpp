#include "logic/warning_text.hpp"

#include <catch2/catch.hpp>
#include <cmath>

#include "logic/format.hpp"
#include "logic/i18n.hpp"
#include "string_tables.hpp"

using namespace app;

namespace {

// What the core writes for 1.14 TB per card on an H100 (core/src/estimate.cpp).
sizer::Warning over_capacity() {
  return {"memory-over-capacity",
          {"1.14 TB", "H100 SXM5 80GB", "85.5 GB"},
          "memory: Needs 1.14 TB per GPU but the H100 SXM5 80GB holds 85.5 GB; ...",
          {1.14e12, std::nan(""), 85.5e9}};
}

void install_tables() {
  std::vector<std::string> errors;
  int files = 0;
  i18n::install(ui_test::all_string_tables(errors, files));
  REQUIRE(errors.empty());
}

}  // namespace

TEST_CASE("a warning's byte figures are written in the page's unit, in both languages",
          "[ui][warnings]") {
  install_tables();
  i18n::set_language(i18n::Language::en);
  fmt::set_style(fmt::Style{});  // GiB
  CHECK(warning_text(over_capacity()) ==
        "Needs 1.04 TiB per GPU but the H100 SXM5 80GB holds 79.6 GiB.");
  fmt::Style decimal;
  decimal.units = fmt::ByteUnits::decimal;
  fmt::set_style(decimal);
  CHECK(warning_text(over_capacity()) ==
        "Needs 1.14 TB per GPU but the H100 SXM5 80GB holds 85.5 GB.");
  i18n::set_language(i18n::Language::zh);
  // 每张卡需要 1.14 TB，但 H100 SXM5 80GB 只有 85.5 GB。
  CHECK(warning_text(over_capacity()) ==
        "\xE6\xAF\x8F\xE5\xBC\xA0\xE5\x8D\xA1\xE9\x9C\x80\xE8\xA6\x81 1.14 "
        "TB\xEF\xBC\x8C\xE4\xBD\x86 "
        "H100 SXM5 80GB \xE5\x8F\xAA\xE6\x9C\x89 85.5 GB\xE3\x80\x82");
  fmt::set_style(fmt::Style{});
  i18n::set_language(i18n::Language::en);
}

TEST_CASE("warnings without byte figures keep the engine's English sentence", "[ui][warnings]") {
  install_tables();
  i18n::set_language(i18n::Language::en);
  const sizer::Warning plain{"no-bf16", {"Tesla V100"}, "gpu: Tesla V100 has no BF16 ..."};
  CHECK(warning_text(plain) == plain.text);
  const sizer::Warning unknown{"no-such-warning", {}, "the engine's sentence", {1e9}};
  CHECK(warning_text(unknown) == unknown.text);  // no table entry: English, whatever the unit
}
