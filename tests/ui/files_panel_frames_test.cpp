// The "Files and saved work" panel rendered headlessly (no renderer backend), opened and full:
// a model file's exact figures, a log with its figures and offers, saved configurations, custom
// models and GPUs, notices, in both languages at the desktop and phone widths. Under the
// sanitizers this checks the panel's code paths that otherwise only run in the browser.
#include <catch2/catch.hpp>

#include "app_state.hpp"
#include "fonts/ui_fonts.hpp"
#include "imgui.h"
#include "layout.hpp"
#include "logic/file_intake.hpp"
#include "panels/header.hpp"
#include "sizer/catalog.hpp"
#include "string_tables.hpp"

namespace {

struct Headless {
  Headless() {
    std::vector<std::string> errors;
    int files = 0;
    app::i18n::install(ui_test::all_string_tables(errors, files));
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;
    ImGui::GetIO().DeltaTime = 1.0f / 60.0f;
    app::build_fonts(1.0f);
  }
  ~Headless() { ImGui::DestroyContext(); }
};

int draw(app::App& app, float width) {
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(width, 800);
  app.ui.narrow = width < 900;
  app::apply_style(false, 1.0f, app.ui.narrow);
  int vertices = 0;
  for (int i = 0; i < 3; ++i) {
    app::recompute_if_dirty(app);
    ImGui::NewFrame();
    app::draw_shell(app);
    ImGui::Render();
    vertices = ImGui::GetDrawData()->TotalVtxCount;
  }
  return vertices;
}

}  // namespace

TEST_CASE("the files panel renders open and full in both languages at 1280 and 400 px",
          "[ui][frames][files]") {
  Headless imgui;
  for (app::i18n::Language lang : {app::i18n::Language::en, app::i18n::Language::zh}) {
    app::i18n::set_language(lang);
    app::App app;
    app.inputs.model = *sizer::find_model("llama-3.1-8b");
    app.inputs.hardware.gpu = *sizer::find_gpu("rtx-4090-24gb");
    app.files.saved_loaded = true;  // no storage in this test
    app::take_text(app,
                   "the current vLLM instance can use total_gpu_memory (23.65GiB) x "
                   "gpu_memory_utilization (0.85) = 20.10GiB\n"
                   "| model | size | params | backend | ngl | test | t/s |\n"
                   "| --- | ---: | ---: | --- | --: | ---: | ---: |\n"
                   "| llama 8B Q4_K | 4.58 GiB | 8.03 B | CUDA | 99 | tg128 | 120.00 ± 0.50 |\n",
                   "");
    REQUIRE(app.files.log.figures.size() >= 3);
    app.ui.file_model.file_name = "Meta-Llama-3.1-8B-Instruct-00001-of-00002.gguf";
    app.ui.file_model.kind = "gguf";
    app.ui.file_model.parameters = 8030261248;
    app.ui.file_model.weights_bytes = 16061054976;
    app.ui.file_model.complete = false;
    app.ui.file_model.split_index = 1;
    app.ui.file_model.split_count = 2;
    app.inputs.model.id = "custom";
    app.files.saved.configs = {{"Box A", "{}"}, {"A much longer name for a saved setup", "{}"}};
    app.files.saved.models = {{"My model", "{}", {}}};
    app.files.saved.gpus = {{"Lab card", "{}"}};
    app.files.renaming = 1;
    app.files.rename_text = "New name";
    app.files.saved_notice = "1 saved item could not be read and was kept aside.";
    app.files.saved_notice_is_error = true;
    for (float width : {1280.0f, 400.0f}) {
      INFO((lang == app::i18n::Language::zh ? "zh " : "en ") << width);
      app.files.reveal = true;  // opens the panel
      CHECK(draw(app, width) > 0);
    }
    app.ui.file_model = {};
    app.files.pending.file_name = "model.safetensors";
    app.files.pending.parameters = 1;
    app.files.reveal = true;
    CHECK(draw(app, 1280) > 0);
  }
  app::i18n::set_language(app::i18n::Language::en);  // the next tests expect English
}
