#include "widgets/wrapped_button.hpp"

#include <algorithm>

namespace app::widgets {

bool wrapped_button(const char* id, const char* label) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float avail = ImGui::GetContentRegionAvail().x;
  const float wrap = std::max(ImGui::GetFontSize() * 4, avail - style.FramePadding.x * 2);
  const ImVec2 text = ImGui::CalcTextSize(label, nullptr, false, wrap);
  const ImVec2 size(std::min(avail, text.x + style.FramePadding.x * 2),
                    text.y + style.FramePadding.y * 2);
  const ImVec2 pos = ImGui::GetCursorScreenPos();
  const bool clicked = ImGui::InvisibleButton(id, size);
  const ImGuiCol col = ImGui::IsItemActive()    ? ImGuiCol_ButtonActive
                       : ImGui::IsItemHovered() ? ImGuiCol_ButtonHovered
                                                : ImGuiCol_Button;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(pos, ImVec2(pos.x + size.x, pos.y + size.y), ImGui::GetColorU32(col),
                      style.FrameRounding);
  draw->AddText(ImGui::GetFont(), ImGui::GetFontSize(),
                ImVec2(pos.x + style.FramePadding.x, pos.y + style.FramePadding.y),
                ImGui::GetColorU32(ImGuiCol_Text), label, nullptr, wrap);
  return clicked;
}

}  // namespace app::widgets
