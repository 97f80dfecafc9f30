#include "widgets/chart_frame.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "widgets/palette.hpp"

namespace app::widgets {
namespace {

// Tick density: one label per this many font heights along each axis.
constexpr float kXLabelSpacingEm = 4.5f;
constexpr float kYLabelSpacingEm = 2.2f;

std::vector<double> ticks_for(const AxisSpec& axis, float length_px, float spacing_px) {
  const int max_ticks = std::max(2, static_cast<int>(length_px / std::max(spacing_px, 1.0f)));
  return axis.log ? chart::log_ticks(axis.range, max_ticks)
                  : chart::linear_ticks(axis.range, max_ticks);
}

}  // namespace

ChartFrame begin_chart(const char* id, ImVec2 size, const AxisSpec& x, const AxisSpec& y) {
  const float em = ImGui::GetFontSize();
  if (size.x <= 0) size.x = ImGui::GetContentRegionAvail().x;
  size.x = std::max(size.x, 8 * em);
  size.y = std::max(size.y, 6 * em);

  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton(id, size);
  ImDrawList* draw = ImGui::GetWindowDrawList();

  // The y labels' width decides the left margin: measure the widest label first.
  const float line = ImGui::GetTextLineHeight();
  const float top = origin.y + line * 1.3f;              // room for the y axis title
  const float bottom = origin.y + size.y - line * 2.4f;  // tick labels + x axis title
  const std::vector<double> y_ticks = ticks_for(y, bottom - top, kYLabelSpacingEm * em);
  float label_w = 0;
  for (double t : y_ticks) {
    label_w = std::max(label_w, ImGui::CalcTextSize(chart::tick_label(t).c_str()).x);
  }
  const float left = origin.x + label_w + 0.6f * em;
  const float right = origin.x + size.x - 0.8f * em;

  ChartFrame f{ImVec2(left, top),
               ImVec2(right, bottom),
               chart::Scale(x.range, left, right, x.log),
               chart::Scale(y.range, bottom, top, y.log),
               ImGui::IsItemHovered(),
               ImGui::GetIO().MousePos};

  draw->AddRectFilled(f.plot_min, f.plot_max, ImGui::GetColorU32(ImGuiCol_FrameBg));
  const ImU32 grid = grid_color();
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);

  for (double t : y_ticks) {
    const float py = f.y.to_pixel(t);
    if (py < top - 0.5f || py > bottom + 0.5f) continue;
    draw->AddLine(ImVec2(left, py), ImVec2(right, py), grid);
    const std::string s = chart::tick_label(t);
    const ImVec2 ts = ImGui::CalcTextSize(s.c_str());
    draw->AddText(ImVec2(left - ts.x - 0.3f * em, py - ts.y * 0.5f), text, s.c_str());
  }
  const std::vector<double> x_ticks = ticks_for(x, right - left, kXLabelSpacingEm * em);
  for (double t : x_ticks) {
    const float px = f.x.to_pixel(t);
    if (px < left - 0.5f || px > right + 0.5f) continue;
    draw->AddLine(ImVec2(px, top), ImVec2(px, bottom), grid);
    const std::string s = chart::tick_label(t);
    const float w = ImGui::CalcTextSize(s.c_str()).x;
    const float lx = std::clamp(px - w * 0.5f, origin.x, origin.x + size.x - w);
    draw->AddText(ImVec2(lx, bottom + 0.2f * em), text, s.c_str());
  }

  const ImU32 axis = axis_color();
  draw->AddLine(ImVec2(left, bottom), ImVec2(right, bottom), axis);
  draw->AddLine(ImVec2(left, top), ImVec2(left, bottom), axis);

  const ImU32 muted = muted_text_color();
  if (x.label && *x.label) {
    const float w = ImGui::CalcTextSize(x.label).x;
    draw->AddText(ImVec2(std::max(origin.x, (left + right - w) * 0.5f), bottom + line * 1.25f),
                  muted, x.label);
  }
  if (y.label && *y.label) draw->AddText(origin, muted, y.label);
  return f;
}

void dashed_line(ImDrawList* draw, ImVec2 a, ImVec2 b, ImU32 color, float thickness, float dash) {
  const float dx = b.x - a.x;
  const float dy = b.y - a.y;
  const float length = std::sqrt(dx * dx + dy * dy);
  if (!(length > 0) || !(dash > 0)) return;
  // Bounded so a huge off-screen segment cannot flood the draw list.
  const int pieces = std::min(2000, static_cast<int>(length / dash));
  for (int i = 0; i < pieces; i += 2) {
    const float t0 = static_cast<float>(i) * dash / length;
    const float t1 = std::min(1.0f, static_cast<float>(i + 1) * dash / length);
    draw->AddLine(ImVec2(a.x + dx * t0, a.y + dy * t0), ImVec2(a.x + dx * t1, a.y + dy * t1), color,
                  thickness);
  }
}

int nearest_point(const ChartFrame& frame, const double* xs, const double* ys, int count,
                  float radius) {
  if (!frame.hovered) return -1;
  int best = -1;
  float best_d2 = radius * radius;
  for (int i = 0; i < count; ++i) {
    if (!std::isfinite(xs[i]) || !std::isfinite(ys[i])) continue;
    const float dx = frame.x.to_pixel(xs[i]) - frame.mouse.x;
    const float dy = frame.y.to_pixel(ys[i]) - frame.mouse.y;
    const float d2 = dx * dx + dy * dy;
    if (d2 <= best_d2) {
      best_d2 = d2;
      best = i;
    }
  }
  return best;
}

void label_with_backdrop(ImDrawList* draw, ImVec2 pos, ImU32 color, const char* text) {
  const ImVec2 size = ImGui::CalcTextSize(text);
  const float pad = 0.15f * ImGui::GetFontSize();
  ImVec4 bg = ImGui::GetStyleColorVec4(ImGuiCol_WindowBg);
  bg.w = 0.8f;
  draw->AddRectFilled(ImVec2(pos.x - pad, pos.y), ImVec2(pos.x + size.x + pad, pos.y + size.y),
                      ImGui::GetColorU32(bg), pad);
  draw->AddText(pos, color, text);
}

}  // namespace app::widgets
