#include "widgets/stacked_bar.hpp"

#include <algorithm>
#include <cmath>

#include "widgets/chart_frame.hpp"
#include "widgets/palette.hpp"

namespace app::widgets {
namespace {

bool drawable(double v) { return std::isfinite(v) && v > 0; }

}  // namespace

int stacked_bar(const char* id, const StackedBarSpec& spec, float width, float height) {
  const float em = ImGui::GetFontSize();
  if (width <= 0) width = ImGui::GetContentRegionAvail().x;
  width = std::max(width, 4 * em);
  height = std::max(height, em);

  double total = 0;
  for (const BarSegment& s : spec.segments) total += drawable(s.value) ? s.value : 0;
  const bool has_capacity = drawable(spec.capacity);
  const double scale_max = std::max(total, has_capacity ? spec.capacity : 0.0);

  const ImVec2 origin = ImGui::GetCursorScreenPos();
  // A caption line under the bar holds the capacity label.
  const float caption = has_capacity ? ImGui::GetTextLineHeight() + 0.2f * em : 0;
  ImGui::InvisibleButton(id, ImVec2(width, height + caption));
  const bool hovered_item = ImGui::IsItemHovered();
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 bar_min = origin;
  const ImVec2 bar_max(origin.x + width, origin.y + height);
  const float rounding = ImGui::GetStyle().FrameRounding;
  draw->AddRectFilled(bar_min, bar_max, ImGui::GetColorU32(ImGuiCol_FrameBg), rounding);

  int hovered = -1;
  if (scale_max > 0) {
    double acc = 0;
    const ImU32 label_color = ImGui::GetColorU32(ImGuiCol_Text);
    for (size_t i = 0; i < spec.segments.size(); ++i) {
      const BarSegment& s = spec.segments[i];
      if (!drawable(s.value)) continue;
      const float x0 = origin.x + static_cast<float>(acc / scale_max) * width;
      acc += s.value;
      const float x1 = origin.x + static_cast<float>(acc / scale_max) * width;
      const ImVec2 a(x0, bar_min.y);
      const ImVec2 b(std::max(x1, x0 + 1.0f), bar_max.y);  // at least a hairline
      draw->AddRectFilled(a, b, s.color);
      if (hovered_item && mouse.x >= a.x && mouse.x < b.x && mouse.y >= a.y && mouse.y <= b.y) {
        hovered = static_cast<int>(i);
        draw->AddRect(a, b, label_color, 0, 0, 0.12f * em);
      }
      const ImVec2 ts = ImGui::CalcTextSize(s.label);
      if (ts.x + 0.6f * em < b.x - a.x && ts.y <= height) {
        draw->AddText(ImVec2(a.x + 0.3f * em, a.y + (height - ts.y) * 0.5f), label_color, s.label);
      }
    }
  }

  if (has_capacity && scale_max > 0) {
    const float cx = origin.x + static_cast<float>(spec.capacity / scale_max) * width;
    const bool overflow = total > spec.capacity;
    const ImU32 line = overflow ? bad_color() : ImGui::GetColorU32(ImGuiCol_Text);
    if (overflow) {
      // Everything past the line does not fit: veil it and frame it in the warning colour.
      ImVec4 veil = ImGui::GetStyleColorVec4(ImGuiCol_WindowBg);
      veil.w = 0.45f;
      draw->AddRectFilled(ImVec2(cx, bar_min.y), bar_max, ImGui::GetColorU32(veil));
      draw->AddRect(ImVec2(cx, bar_min.y), bar_max, line, 0, 0, 0.12f * em);
    }
    draw->AddLine(ImVec2(cx, bar_min.y - 0.25f * em), ImVec2(cx, bar_max.y + 0.25f * em), line,
                  0.18f * em);
    if (spec.capacity_label && *spec.capacity_label) {
      const float w = ImGui::CalcTextSize(spec.capacity_label).x;
      const float lx = std::clamp(cx - w, origin.x, origin.x + width - w);
      draw->AddText(ImVec2(lx, bar_max.y + 0.25f * em), line, spec.capacity_label);
    }
  }
  return hovered;
}

void legend(const std::vector<BarSegment>& segments) {
  const float em = ImGui::GetFontSize();
  const float right_edge = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
  bool first = true;
  for (const BarSegment& s : segments) {
    if (!drawable(s.value)) continue;
    const float item_w = em * 1.1f + ImGui::CalcTextSize(s.label).x;
    if (!first) {
      ImGui::SameLine(0, em * 0.8f);
      if (ImGui::GetCursorScreenPos().x + item_w > right_edge) ImGui::NewLine();
    }
    first = false;
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float line = ImGui::GetTextLineHeight();
    ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(p.x, p.y + line * 0.2f),
                                              ImVec2(p.x + line * 0.6f, p.y + line * 0.8f), s.color,
                                              0.1f * em);
    ImGui::Dummy(ImVec2(line * 0.6f, line));
    ImGui::SameLine(0, em * 0.3f);
    ImGui::TextUnformatted(s.label);
  }
}

}  // namespace app::widgets
