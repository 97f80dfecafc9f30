// The default question's answer that the site's build writes into index.html
// (imgui_app/first_answer): the same texts the app's first frame draws for a first visit, HTML
// that cannot be broken by what it quotes, and one marker replaced or nothing.
#include "first_answer/first_answer.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <stdexcept>
#include <string>

#include "headless_imgui.hpp"
#include "logic/default_scenario.hpp"
#include "logic/number_style.hpp"
#include "string_tables.hpp"

namespace {

app::i18n::Table tables_with_first_answer() {
  std::vector<std::string> errors;
  int files = 0;
  app::i18n::Table table = ui_test::all_string_tables(errors, files);
  const std::filesystem::path own =
      std::filesystem::path(SIZER_STRINGS_DIR).parent_path() / "first_answer" / "first_answer.tsv";
  for (const std::string& e :
       app::i18n::parse_tsv(ui_test::read_file(own), "first_answer.tsv", table))
    errors.push_back(e);
  CHECK(errors.empty());
  return table;
}

app::first_answer::Answer answer_in(app::Lang lang, const sizer::Estimate& e) {
  app::i18n::set_language(lang == app::Lang::zh ? app::i18n::Language::zh
                                                : app::i18n::Language::en);
  app::UiState ui;
  ui.lang = lang;
  app::set_number_style(ui);
  return app::first_answer::answer(e);
}

}  // namespace

TEST_CASE("the default question's answer says what the app's first frame says",
          "[ui][first-answer]") {
  ui_test::HeadlessImGui imgui;
  app::i18n::install(tables_with_first_answer());
  const sizer::Estimate e = sizer::estimate(app::default_scenario());
  const app::first_answer::Answer en = answer_in(app::Lang::en, e);
  CHECK(en.fits == e.memory.fits);
  CHECK(en.inputs.size() == 4);
  REQUIRE(en.figures.size() == 3);
  // A first visit at 1280x800 (a phone's first screen shows the inputs first).
  app::App app;
  app.inputs = app::default_scenario();
  app.dirty = true;
  std::string text;
  REQUIRE(ui_test::draw_frames(app, 1280, 800, 3, &text) > 0);
  INFO(text);
  CHECK(text.find(en.verdict) != std::string::npos);
  CHECK(text.find(en.need) != std::string::npos);
  for (const app::first_answer::Row& row : en.figures)
    CHECK(text.find(row.value) != std::string::npos);
  // Chinese: the app's own words and units, not English ones.
  const app::first_answer::Answer zh = answer_in(app::Lang::zh, e);
  CHECK(zh.title != en.title);
  CHECK(zh.verdict.find("\xE6\x94\xBE\xE5\xBE\x97\xE4\xB8\x8B") != std::string::npos);  // 放得下
  CHECK(zh.figures[0].label != en.figures[0].label);
  app::i18n::set_language(app::i18n::Language::en);
}

TEST_CASE("the answer's HTML escapes what it quotes and marks the verdict for Element Timing",
          "[ui][first-answer]") {
  app::first_answer::Answer a;
  a.title = "A <b> & \"c\"";
  a.inputs = {{"Model", "<script>"}, {"Workload", "Prompt 512 tokens \xC2\xB7 Concurrent 1 seq"}};
  a.fits = false;
  a.verdict = "Does not fit";
  a.need = "Needs 1 & 2";
  const std::string html = app::first_answer::html(a, "answer-en", "en");
  CHECK(html.find("<script>") == std::string::npos);
  CHECK(html.find("<th>Model</th><td>&lt;script&gt;</td>") != std::string::npos);
  // Breaks only between parts.
  CHECK(html.find("<td>Prompt\xC2\xA0"
                  "512\xC2\xA0tokens \xC2\xB7 Concurrent\xC2\xA0"
                  "1\xC2\xA0seq</td>") != std::string::npos);
  CHECK(html.find("<h2>A &lt;b&gt; &amp; &quot;c&quot;</h2>") != std::string::npos);
  CHECK(html.find("<p class=\"no-fit\" elementtiming=\"first-answer\">Does not fit</p>") !=
        std::string::npos);
  CHECK(html.rfind("<section id=\"answer-en\" class=\"answer\" lang=\"en\">", 0) == 0);
}

TEST_CASE("the answer replaces exactly one marker", "[ui][first-answer]") {
  std::string page = std::string("<p>") + app::first_answer::k_marker + "</p>";
  CHECK(app::first_answer::insert(page, "X"));
  CHECK(page == "<p>X</p>");
  std::string none = "<p></p>";
  CHECK_FALSE(app::first_answer::insert(none, "X"));
  std::string two = std::string(app::first_answer::k_marker) + app::first_answer::k_marker;
  const std::string before = two;
  CHECK_FALSE(app::first_answer::insert(two, "X"));
  CHECK(two == before);
}

TEST_CASE("a training question has no answer of this kind", "[ui][first-answer]") {
  sizer::Scenario s = app::default_scenario();
  s.mode = sizer::Mode::training;
  CHECK_THROWS_AS(app::first_answer::answer(sizer::estimate(s)), std::invalid_argument);
}
