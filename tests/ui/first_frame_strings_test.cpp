// A first visit draws its first frames with the English compiled in for them only: the rows of
// en-late.tsv (imgui_app/split_string_tables.py, split here as the web build splits them) arrive
// after the first frame, and a first frame that needed one would wait for a synchronous fetch.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "headless_imgui.hpp"
#include "logic/report.hpp"

namespace {

int g_late_loads = 0;

// The late rows are not given: a string that needed them shows its key in the frame text.
std::string no_late_rows() {
  ++g_late_loads;
  return "";
}

// The tables as the web build compiles them in: every <table>_en.tsv of the split.
app::i18n::Table first_frame_tables() {
  app::i18n::Table table;
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(SIZER_SPLIT_STRINGS_DIR)) {
    const std::string name = entry.path().filename().string();
    if (name.size() < 7 || name.compare(name.size() - 7, 7, "_en.tsv") != 0) continue;
    ++files;
    CHECK(app::i18n::parse_tsv(ui_test::read_file(entry.path()), name, table).empty());
  }
  CHECK(files >= 5);
  return table;
}

// What a first visit shows: the default model and card (main.cpp, default_scenario).
app::App first_visit(app::Lang lang) {
  app::App app;
  app.inputs.model = *sizer::find_model("llama-3.1-8b");
  app.inputs.hardware.gpu = *sizer::find_gpu("rtx-4090-24gb");
  app.ui.lang = lang;
  app.dirty = true;
  return app;
}

}  // namespace

TEST_CASE("first visits draw their first frames without the late English rows", "[ui][i18n]") {
  ui_test::HeadlessImGui imgui;
  app::i18n::Table table = first_frame_tables();
  // A Chinese first visit has zh.tsv before its first frame (install_chinese_strings, main.cpp).
  app::i18n::Table chinese;
  REQUIRE(app::i18n::parse_tsv(
              ui_test::read_file(std::filesystem::path(SIZER_SPLIT_STRINGS_DIR) / "zh.tsv"),
              "zh.tsv", chinese)
              .empty());
  for (auto& [key, entry] : chinese) table[key].zh = entry.zh;
  for (app::Lang lang : {app::Lang::en, app::Lang::zh}) {
    for (float width : {1280.0f, 400.0f}) {
      INFO((lang == app::Lang::zh ? "zh " : "en ") << width);
      app::i18n::install(table);
      app::i18n::set_language(lang == app::Lang::zh ? app::i18n::Language::zh
                                                    : app::i18n::Language::en);
      g_late_loads = 0;
      app::i18n::set_late_loader(no_late_rows);
      app::App app = first_visit(lang);
      std::string text;
      CHECK(ui_test::draw_frames(app, width, 800, 3, &text) > 0);
      text += "\n" + app::page_title(app);  // the tab's title (main.cpp, update_title)
      INFO(text);
      CHECK(g_late_loads == 0);
    }
  }
  app::i18n::set_late_loader(nullptr);
}
