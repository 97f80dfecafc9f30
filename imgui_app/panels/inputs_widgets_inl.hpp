// Template bodies of inputs_widgets.hpp.
#pragma once

#include "imgui.h"
#include "widgets/list_row.hpp"

namespace app::ui {

template <typename LabelFn>
bool combo(const App& app, const char* label_key, const char* tag_id, int* index, int count,
           LabelFn item_label) {
  row_begin(app, label_key);
  bool changed = false;
  std::string preview = (*index >= 0 && *index < count) ? std::string(item_label(*index)) : "";
  // HeightLarge: lists of up to 20 entries (the engines are 9) open whole, with no scrolling to
  // find the last ones; ImGui still fits the list inside a phone's screen.
  if (ImGui::BeginCombo("##v", preview.c_str(), ImGuiComboFlags_HeightLarge)) {
    for (int i = 0; i < count; ++i) {
      ImGui::PushID(i);
      bool selected = i == *index;
      if (widgets::list_row(std::string(item_label(i)).c_str(), selected)) {
        *index = i;
        changed = true;
      }
      if (tag_id != nullptr)
        tag(app, (std::string(tag_id) + "-option-" + std::to_string(i)).c_str());
      if (selected) ImGui::SetItemDefaultFocus();
      ImGui::PopID();
    }
    ImGui::EndCombo();
  }
  if (tag_id != nullptr) tag(app, tag_id);
  row_end();
  return changed;
}

}  // namespace app::ui
