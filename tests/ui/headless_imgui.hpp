// Test helper: Dear ImGui with no renderer backend (NewFrame / Render without drawing) running
// the app's real panels, widgets and layout.
#pragma once

#include <string>
#include <vector>

#include "app_state.hpp"
#include "cjk_font.hpp"
#include "fonts/ui_fonts.hpp"
#include "imgui.h"
#include "layout.hpp"
#include "logic/format.hpp"
#include "logic/i18n.hpp"
#include "panels/header.hpp"
#include "string_tables.hpp"
#include "widgets/frame_text.hpp"

namespace ui_test {

// One ImGui context with the app's fonts and string tables, destroyed at the end of the test. The
// system has a Chinese font (cjk_font.hpp), so a Chinese page draws every glyph.
struct HeadlessImGui {
  HeadlessImGui() {
    std::vector<std::string> errors;
    int files = 0;
    app::i18n::install(all_string_tables(errors, files));
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DeltaTime = 1.0f / 60.0f;
    use_system_cjk_font();
    app::build_fonts(1.0f);  // builds the atlas: NewFrame needs it, no texture is uploaded
  }
  // Drawing sets the page's number style (language, unit): later tests start from the defaults.
  ~HeadlessImGui() {
    ImGui::DestroyContext();
    use_no_cjk_font();
    app::fmt::set_style(app::fmt::Style{});
    app::i18n::set_language(app::i18n::Language::en);
  }
  HeadlessImGui(const HeadlessImGui&) = delete;
  HeadlessImGui& operator=(const HeadlessImGui&) = delete;
};

// Draws `frames` frames of the whole window at width x height; returns the last frame's
// vertex count (0 would mean nothing was drawn). With `text`, also the last frame's text
// (widgets/frame_text.hpp).
inline int draw_frames(app::App& app, float width, float height, int frames,
                       std::string* text = nullptr) {
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(width, height);
  app.ui.narrow = width < 900;
  app::apply_style(false, 1.0f, app.ui.narrow);
  int vertices = 0;
  for (int i = 0; i < frames; ++i) {
    app::recompute_if_dirty(app);
    ImGui::NewFrame();
    app::draw_shell(app);
    ImGui::Render();
    vertices = ImGui::GetDrawData()->TotalVtxCount;
    if (text != nullptr && i == frames - 1) *text = app::widgets::frame_text(*ImGui::GetDrawData());
  }
  return vertices;
}

}  // namespace ui_test
