#include "widgets/list_row.hpp"

namespace app::widgets {

float list_row_height() { return ImGui::GetFrameHeight() - ImGui::GetStyle().ItemSpacing.y; }

bool list_row(const char* label, bool selected, ImGuiSelectableFlags flags) {
  return ImGui::Selectable(label, selected, flags, ImVec2(0, list_row_height()));
}

bool table_row(const char* label, bool selected) {
  return ImGui::Selectable(label, selected, ImGuiSelectableFlags_SpanAllColumns,
                           ImVec2(0, ImGui::GetFrameHeight()));
}

void align_text_to_list_row() {
  const float offset = (list_row_height() - ImGui::GetTextLineHeight()) / 2;
  if (offset > 0) ImGui::SetCursorPosY(ImGui::GetCursorPosY() + offset);
}

}  // namespace app::widgets
