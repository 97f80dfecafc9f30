// The app's own code under test: Dear ImGui with no renderer backend (NewFrame / Render without
// drawing) runs the real panels, widgets and layout for every seed preset, in both languages, at
// the desktop and the phone width. Under AddressSanitizer/UBSan (tools/test.sh) this catches
// out-of-bounds reads and undefined behaviour in code that otherwise only runs in the browser.
#include <catch2/catch.hpp>

#include "headless_imgui.hpp"
#include "logic/presets.hpp"

using ui_test::draw_frames;
using ui_test::HeadlessImGui;

TEST_CASE("every seed preset renders in English and Chinese at 1280 and 400 px", "[ui][frames]") {
  HeadlessImGui imgui;
  REQUIRE(!app::seed_presets().empty());
  for (app::i18n::Language lang : {app::i18n::Language::en, app::i18n::Language::zh}) {
    app::i18n::set_language(lang);
    for (const app::SeedPreset& p : app::seed_presets()) {
      INFO(p.id << (lang == app::i18n::Language::zh ? " zh" : " en"));
      app::App app;
      app.ui.lang = lang == app::i18n::Language::zh ? app::Lang::zh : app::Lang::en;
      REQUIRE(app::apply_preset(app, p));
      CHECK(draw_frames(app, 1280, 800, 3) > 0);
      CHECK(app.error.empty());
      CHECK(draw_frames(app, 400, 800, 3) > 0);
    }
  }
}

TEST_CASE("every mode tab renders with the default inputs, also after an invalid edit",
          "[ui][frames]") {
  HeadlessImGui imgui;
  app::i18n::set_language(app::i18n::Language::en);
  for (app::ModeTab tab :
       {app::ModeTab::inference, app::ModeTab::finetune, app::ModeTab::pretrain}) {
    app::App app;
    app.inputs.model = *sizer::find_model("llama-3.1-8b");
    app.inputs.hardware.gpu = *sizer::find_gpu("rtx-4090-24gb");
    app.ui.tab = tab;
    if (tab != app::ModeTab::inference) app.inputs.mode = sizer::Mode::training;
    if (tab == app::ModeTab::finetune) app.inputs.training.method = sizer::TrainingMethod::lora;
    CHECK(draw_frames(app, 1280, 800, 2) > 0);
    // An edit the engine rejects shows its message instead of numbers, and still draws; the
    // parallelism picker then puts the degree back to a valid one.
    app.inputs.parallel.tensor = 3;
    app.dirty = true;
    CHECK(draw_frames(app, 1280, 800, 1) > 0);
    CHECK(app.error.find("tensorParallel") != std::string::npos);
    CHECK(draw_frames(app, 1280, 800, 2) > 0);
    CHECK(app.error.empty());
  }
}
