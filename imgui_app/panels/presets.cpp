// [SECTION] state of the menu
// [SECTION] menu
// [SECTION] answer card
#include "panels/presets.hpp"

#include <algorithm>
#include <string>

#include "imgui.h"
#include "logic/i18n.hpp"
#include "logic/presets.hpp"
#include "misc/cpp/imgui_stdlib.h"
#include "panels/inputs_widgets.hpp"
#include "widgets/list_row.hpp"

namespace app {
namespace {

// [SECTION] state of the menu
// UI-only and not worth persisting: the search text and the preset whose answer is shown.
struct MenuState {
  std::string search;
  std::string active_id;
  bool focus_search = false;
};

MenuState& menu_state() {
  static MenuState s;
  return s;
}

const PresetTopic k_topics[] = {PresetTopic::inference_memory, PresetTopic::training_memory,
                                PresetTopic::speed, PresetTopic::hardware,
                                PresetTopic::seed_errors};

// One row: the question; a click loads the preset and closes the popup.
void draw_row(App& app, const SeedPreset& p) {
  const std::string q_key = question_key(p);
  const std::string tag_id = "preset-" + p.id;
  ImGui::PushID(p.id.c_str());
  // A selectable as tall as the wrapped question, with the text drawn over it: long questions
  // wrap inside the popup instead of being clipped.
  const char* text = tr(q_key.c_str());
  const float wrap_w = ImGui::GetContentRegionAvail().x;
  const float text_h = ImGui::CalcTextSize(text, nullptr, false, wrap_w).y;
  // At least a list row tall (a finger's width on phones), the text centred in it.
  const float row_h = std::max(text_h, widgets::list_row_height());
  ImVec2 pos = ImGui::GetCursorScreenPos();
  const bool clicked =
      ImGui::Selectable("##row", menu_state().active_id == p.id, 0, ImVec2(0, row_h));
  pos.y += (row_h - text_h) / 2;
  ImGui::GetWindowDrawList()->AddText(ImGui::GetFont(), ImGui::GetFontSize(), pos,
                                      ImGui::GetColorU32(ImGuiCol_Text), text, nullptr, wrap_w);
  ui::tag(app, tag_id.c_str());
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", trf("preset.seed", {p.seeds}).c_str());
  if (clicked) {
    if (apply_preset(app, p)) {
      menu_state().active_id = p.id;
      app.ui.status_line = trf("preset.applied", {text});
      app.ui.status_is_error = false;
    } else {
      app.ui.status_line = trf("preset.bad", {preset_scenario(p).error});
      app.ui.status_is_error = true;
    }
  }
  ImGui::PopID();
}

}  // namespace

// [SECTION] menu

void draw_presets_menu(App& app) {
  MenuState& st = menu_state();
  if (ImGui::Button(tr("preset.menu"))) {
    ImGui::OpenPopup("##seed-presets");
    st.focus_search = true;
  }
  ui::tag(app, "presets-open");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("preset.menu_tooltip"));

  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float width = app.ui.narrow ? display.x * 0.94f : ui::em() * 36.0f;
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0), ImVec2(width, display.y * 0.8f));
  if (!ImGui::BeginPopup("##seed-presets")) return;
  if (st.focus_search) {
    ImGui::SetKeyboardFocusHere();
    st.focus_search = false;
  }
  ImGui::SetNextItemWidth(-FLT_MIN);
  ImGui::InputTextWithHint("##search", tr("preset.search"), &st.search);
  ui::tag(app, "presets-search");
  int shown = 0;
  for (PresetTopic topic : k_topics) {
    bool heading = false;
    for (const SeedPreset& p : seed_presets()) {
      if (p.topic != topic) continue;
      if (!preset_matches(tr(question_key(p).c_str()), p.id, st.search)) continue;
      if (!heading) {
        ImGui::SeparatorText(tr(topic_label_key(topic)));
        heading = true;
      }
      draw_row(app, p);
      ++shown;
    }
  }
  // An empty table: the web app could not fetch it (logic/presets.cpp).
  if (seed_presets().empty()) {
    ImGui::TextWrapped("%s", tr("preset.unavailable"));
  } else if (shown == 0) {
    ImGui::TextDisabled("%s", tr("preset.none"));
  }
  ImGui::EndPopup();
}

// [SECTION] answer card

void draw_preset_answer(App& app) {
  MenuState& st = menu_state();
  if (st.active_id.empty()) return;
  const SeedPreset* p = find_seed_preset(st.active_id);
  if (!p) return;
  ImGui::PushID("preset-answer");
  ImGui::BeginGroup();
  ImGui::PushTextWrapPos(0);
  ImGui::TextDisabled("%s", tr(topic_label_key(p->topic)));
  ImGui::SameLine();
  if (ui::small_button(app, tr("preset.close"))) st.active_id.clear();
  ui::tag(app, "preset-answer-close");
  ImGui::TextWrapped("%s", tr(question_key(*p).c_str()));
  ImGui::TextWrapped("%s: %s", tr("preset.answer"), tr(answer_key(*p).c_str()));
  // The live figure: results are recomputed once per frame; while they are stale or invalid the
  // card shows no number rather than last frame's.
  if (app.error.empty() && !app.dirty) {
    MetricCheck c = check_preset(*p, app.results);
    if (c.known) {
      std::string shown = c.shown;
      if (shown == "yes" || shown == "no") shown = tr(shown == "yes" ? "preset.yes" : "preset.no");
      const char* verdict = c.ok ? "preset.check_ok" : "preset.check_off";
      ImGui::TextDisabled("%s", trf("preset.engine_now", {shown, tr(verdict)}).c_str());
    }
  }
  ImGui::PopTextWrapPos();
  ImGui::EndGroup();
  ui::tag(app, "preset-answer");
  ImGui::Separator();
  ImGui::PopID();
}

}  // namespace app
