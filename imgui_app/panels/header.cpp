// [SECTION] header bar
// [SECTION] share field
// [SECTION] style
#include "panels/header.hpp"

#include <algorithm>
#include <cmath>

#include "fonts/ui_fonts.hpp"
#include "imgui.h"
#include "logic/format.hpp"
#include "logic/i18n.hpp"
#include "misc/cpp/imgui_stdlib.h"
#include "panels/inputs_widgets.hpp"
#include "panels/presets.hpp"
#include "platform.hpp"
#include "widgets/list_row.hpp"

namespace app {
namespace {

void copy_share_link(App& app) {
  platform::copy_to_clipboard(app.ui.share_url);
  app.ui.status_line = tr("share.copying");
  app.ui.status_is_error = false;
}

// Language and theme switches plus the copy button.
void draw_controls(App& app) {
  UiState& ui = app.ui;
  draw_presets_menu(app);
  ImGui::SameLine();
  // Each language is named in itself, so a reader of either can find the switch.
  if (ImGui::RadioButton("EN", ui.lang == Lang::en)) ui.lang = Lang::en;
  ui::tag(app, "lang-en");
  ImGui::SameLine();
  if (ImGui::RadioButton("\xE4\xB8\xAD\xE6\x96\x87", ui.lang == Lang::zh))
    ui.lang = Lang::zh;  // 中文
  ui::tag(app, "lang-zh");
  ImGui::SameLine();
  const char* themes[] = {"theme.system", "theme.light", "theme.dark"};
  int theme = static_cast<int>(ui.theme);
  // As wide as the longest name plus the arrow button (a square as tall as the frame).
  float theme_w = 0;
  for (const char* key : themes) theme_w = std::max(theme_w, ImGui::CalcTextSize(tr(key)).x);
  ImGui::SetNextItemWidth(theme_w + ImGui::GetFrameHeight() + 2 * ImGui::GetStyle().FramePadding.x);
  if (ImGui::BeginCombo("##theme", tr(themes[theme]))) {
    for (int i = 0; i < 3; ++i)
      if (widgets::list_row(tr(themes[i]), i == theme)) ui.theme = static_cast<Theme>(i);
    ImGui::EndCombo();
  }
  ui::tag(app, "theme");
  // One byte unit for every memory figure on the page (remembered with the state). On a phone
  // the pair wraps to its own line rather than running off the screen.
  ImGui::SameLine();
  const ImGuiStyle& style = ImGui::GetStyle();
  const float radio = ImGui::GetFrameHeight() + style.ItemInnerSpacing.x;
  const float units_width = 2 * radio + ImGui::CalcTextSize("GBGiB").x + style.ItemSpacing.x;
  if (app.ui.narrow && ImGui::GetContentRegionAvail().x < units_width) ImGui::NewLine();
  if (ImGui::RadioButton("GB", ui.units == fmt::ByteUnits::decimal))
    ui.units = fmt::ByteUnits::decimal;
  ui::tag(app, "units-gb");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("units.gb_tip"));
  ImGui::SameLine();
  if (ImGui::RadioButton("GiB", ui.units == fmt::ByteUnits::binary))
    ui.units = fmt::ByteUnits::binary;
  ui::tag(app, "units-gib");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("units.gib_tip"));
  // On a phone the row is too narrow for the copy button: wrap it instead of clipping it.
  const float copy_width =
      ImGui::CalcTextSize(tr("share.copy")).x + 2.0f * ImGui::GetStyle().FramePadding.x;
  ImGui::SameLine();
  // (Only on narrow screens: on wide ones the row is right-aligned by last frame's width.)
  if (app.ui.narrow && ImGui::GetContentRegionAvail().x < copy_width) ImGui::NewLine();
  if (ImGui::Button(tr("share.copy"))) copy_share_link(app);
  ui::tag(app, "copy-link");
}

}  // namespace

// [SECTION] header bar

void draw_header(App& app) {
  ImGui::PushFont(heading_font());
  ImGui::TextUnformatted(tr("app.title"));
  ImGui::PopFont();
  ui::tag(app, "title");
  ImGui::SameLine();
  ImGui::SetCursorPosY(ImGui::GetCursorPosY() + ImGui::GetFontSize() * 0.25f);
  if (!app.ui.narrow) {
    ImGui::TextDisabled("%s", tr("app.tagline"));
    ImGui::SameLine();
  }
  // Right-align the controls on wide screens (their width is last frame's); own line on narrow
  // screens or when the title leaves no room.
  static float controls_w = 0;
  float avail = ImGui::GetContentRegionAvail().x;
  if (app.ui.narrow || avail < controls_w) {
    ImGui::NewLine();
  } else {
    ImGui::SetCursorPosX(ImGui::GetCursorPosX() + avail - controls_w);
  }
  ImGui::BeginGroup();
  draw_controls(app);
  ImGui::EndGroup();
  controls_w = ImGui::GetItemRectSize().x;
  if (!app.ui.status_line.empty()) {
    ImVec4 color = app.ui.status_is_error ? ImVec4(0.95f, 0.35f, 0.3f, 1)
                                          : ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled);
    ImGui::PushStyleColor(ImGuiCol_Text, color);
    ImGui::TextWrapped("%s", app.ui.status_line.c_str());
    ImGui::PopStyleColor();
    ui::tag(app, "status");
  }
  ImGui::Separator();
}

// [SECTION] share field

void draw_share_field(App& app) {
  ui::section("share.title");
  ImGui::SetNextItemWidth(-FLT_MIN);
  ImGui::InputText("##share", &app.ui.share_url, ImGuiInputTextFlags_ReadOnly);
  ui::tag(app, "share-link");
  ImGui::TextDisabled("%s", tr("share.hint"));
}

// [SECTION] style

void apply_style(bool dark, float scale, bool narrow) {
  ImGuiStyle style;
  if (dark) {
    ImGui::StyleColorsDark(&style);
  } else {
    ImGui::StyleColorsLight(&style);
  }
  style.WindowRounding = 0;
  style.ChildRounding = 4;
  style.FrameRounding = 4;
  style.PopupRounding = 4;
  style.GrabRounding = 4;
  style.TabRounding = 4;
  style.WindowBorderSize = 0;
  // Phones: every frame (button, slider, combo, checkbox) at least k_touch_target_css_px tall, the
  // minimum touch target of Apple's Human Interface Guidelines (44 pt).
  // (Rounded up: ScaleAllSizes truncates.)
  const float touch_pad_y = std::ceil((k_touch_target_css_px - k_body_font_css_px) / 2);
  style.FramePadding = narrow ? ImVec2(10, touch_pad_y) : ImVec2(6, 4);
  style.ItemSpacing = narrow ? ImVec2(8, 8) : ImVec2(8, 5);
  style.ScrollbarSize = narrow ? 10 : 12;
  style.GrabMinSize = narrow ? 18 : 12;
  style.WindowPadding = ImVec2(12, 10);
  // List rows are a frame tall (widgets/list_row.hpp): their labels sit in the middle.
  style.SelectableTextAlign = ImVec2(0, 0.5f);
  ImVec4* c = style.Colors;
  // A calmer palette than ImGui's defaults: neutral surfaces, one blue accent.
  const ImVec4 accent = dark ? ImVec4(0.36f, 0.56f, 0.95f, 1) : ImVec4(0.16f, 0.38f, 0.85f, 1);
  if (dark) {
    c[ImGuiCol_WindowBg] = ImVec4(0.09f, 0.10f, 0.12f, 1);
    c[ImGuiCol_ChildBg] = ImVec4(0, 0, 0, 0);
    c[ImGuiCol_PopupBg] = ImVec4(0.12f, 0.13f, 0.16f, 0.98f);
    c[ImGuiCol_FrameBg] = ImVec4(0.16f, 0.18f, 0.22f, 1);
    c[ImGuiCol_FrameBgHovered] = ImVec4(0.20f, 0.23f, 0.29f, 1);
    c[ImGuiCol_FrameBgActive] = ImVec4(0.24f, 0.28f, 0.36f, 1);
    c[ImGuiCol_Text] = ImVec4(0.92f, 0.93f, 0.95f, 1);
    c[ImGuiCol_TextDisabled] = ImVec4(0.60f, 0.63f, 0.68f, 1);
  } else {
    c[ImGuiCol_WindowBg] = ImVec4(0.98f, 0.98f, 0.99f, 1);
    c[ImGuiCol_ChildBg] = ImVec4(0, 0, 0, 0);
    c[ImGuiCol_PopupBg] = ImVec4(1, 1, 1, 0.99f);
    c[ImGuiCol_FrameBg] = ImVec4(0.92f, 0.93f, 0.95f, 1);
    c[ImGuiCol_FrameBgHovered] = ImVec4(0.87f, 0.90f, 0.95f, 1);
    c[ImGuiCol_FrameBgActive] = ImVec4(0.82f, 0.87f, 0.96f, 1);
    c[ImGuiCol_Text] = ImVec4(0.10f, 0.11f, 0.13f, 1);
    c[ImGuiCol_TextDisabled] = ImVec4(0.38f, 0.41f, 0.46f, 1);
  }
  // The page background is the frame's clear colour (main.cpp clears with WindowBg's colour):
  // with alpha 0 the full-screen shell window and its columns paint no second and third layer,
  // which the software renderer of headless browsers and many phones pays for every frame.
  c[ImGuiCol_WindowBg].w = 0;
  c[ImGuiCol_CheckMark] = accent;
  c[ImGuiCol_SliderGrab] = accent;
  c[ImGuiCol_SliderGrabActive] = accent;
  c[ImGuiCol_Button] = ImVec4(accent.x, accent.y, accent.z, dark ? 0.35f : 0.18f);
  c[ImGuiCol_ButtonHovered] = ImVec4(accent.x, accent.y, accent.z, dark ? 0.55f : 0.30f);
  c[ImGuiCol_ButtonActive] = ImVec4(accent.x, accent.y, accent.z, dark ? 0.75f : 0.45f);
  c[ImGuiCol_Header] = ImVec4(accent.x, accent.y, accent.z, dark ? 0.30f : 0.16f);
  c[ImGuiCol_HeaderHovered] = ImVec4(accent.x, accent.y, accent.z, dark ? 0.45f : 0.26f);
  c[ImGuiCol_HeaderActive] = ImVec4(accent.x, accent.y, accent.z, dark ? 0.60f : 0.38f);
  c[ImGuiCol_Tab] = ImVec4(accent.x, accent.y, accent.z, dark ? 0.20f : 0.12f);
  c[ImGuiCol_TabHovered] = ImVec4(accent.x, accent.y, accent.z, dark ? 0.55f : 0.35f);
  c[ImGuiCol_TabActive] = ImVec4(accent.x, accent.y, accent.z, dark ? 0.70f : 0.45f);
  c[ImGuiCol_NavHighlight] = accent;
  style.ScaleAllSizes(scale);
  ImGui::GetStyle() = style;
}

}  // namespace app
