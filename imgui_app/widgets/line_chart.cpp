#include "widgets/line_chart.hpp"

#include <algorithm>

#include "widgets/palette.hpp"

namespace app::widgets {
namespace {

constexpr float kFadedAlpha = 0.35f;
constexpr float kHoverRadiusEm = 0.8f;

bool plottable(double v, bool log) { return std::isfinite(v) && (!log || v > 0); }

ImU32 with_alpha(ImU32 color, float alpha) {
  ImVec4 c = ImGui::ColorConvertU32ToFloat4(color);
  c.w *= alpha;
  return ImGui::ColorConvertFloat4ToU32(c);
}

void draw_legend(const LineChartSpec& spec) {
  const float em = ImGui::GetFontSize();
  const float right_edge = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
  bool first = true;
  for (const LineSeries& s : spec.series) {
    const float item_w = em * 1.2f + ImGui::CalcTextSize(s.label).x;
    if (!first) {
      ImGui::SameLine(0, em);
      // Wrap to the next line when the item would not fit (narrow screens).
      if (ImGui::GetCursorScreenPos().x + item_w > right_edge) ImGui::NewLine();
    }
    first = false;
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float mid = p.y + ImGui::GetTextLineHeight() * 0.5f;
    ImGui::GetWindowDrawList()->AddLine(ImVec2(p.x, mid), ImVec2(p.x + em * 0.9f, mid), s.color,
                                        0.2f * em);
    ImGui::Dummy(ImVec2(em, ImGui::GetTextLineHeight()));
    ImGui::SameLine(0, em * 0.2f);
    ImGui::TextUnformatted(s.label);
  }
}

}  // namespace

ChartHover line_chart(const char* id, const LineChartSpec& spec, ImVec2 size) {
  ImGui::PushID(id);
  std::vector<double> all_y;
  for (const LineSeries& s : spec.series) all_y.insert(all_y.end(), s.y.begin(), s.y.end());
  const chart::Range xr = chart::data_range(spec.x, spec.log_x);
  const chart::Range yr = chart::data_range(all_y, spec.log_y);
  AxisSpec xa{spec.log_x ? chart::nice_log_range(xr) : chart::nice_linear_range(xr, 6), spec.log_x,
              spec.x_label};
  AxisSpec ya{spec.log_y ? chart::nice_log_range(yr) : chart::nice_linear_range(yr, 6), spec.log_y,
              spec.y_label};
  if (!spec.log_y) ya.range.min = std::min(0.0, ya.range.min);  // speeds read best from zero

  const ChartFrame f = begin_chart("##chart", size, xa, ya);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float em = ImGui::GetFontSize();
  draw->PushClipRect(ImVec2(f.plot_min.x - em * 0.4f, f.plot_min.y - em * 0.4f),
                     ImVec2(f.plot_max.x + em * 0.4f, f.plot_max.y + em * 0.4f), true);

  const bool has_marker = plottable(spec.marker_x, spec.log_x);
  const int n = static_cast<int>(spec.x.size());
  for (const LineSeries& s : spec.series) {
    const int m = std::min(n, static_cast<int>(s.y.size()));
    for (int i = 0; i + 1 < m; ++i) {
      if (!plottable(spec.x[i], spec.log_x) || !plottable(spec.x[i + 1], spec.log_x) ||
          !plottable(s.y[i], spec.log_y) || !plottable(s.y[i + 1], spec.log_y)) {
        continue;
      }
      const bool faded = has_marker && spec.x[i + 1] > spec.marker_x;
      draw->AddLine(ImVec2(f.x.to_pixel(spec.x[i]), f.y.to_pixel(s.y[i])),
                    ImVec2(f.x.to_pixel(spec.x[i + 1]), f.y.to_pixel(s.y[i + 1])),
                    faded ? with_alpha(s.color, kFadedAlpha) : s.color, 0.15f * em);
    }
    for (int i = 0; i < m; ++i) {
      if (!plottable(spec.x[i], spec.log_x) || !plottable(s.y[i], spec.log_y)) continue;
      const bool faded = has_marker && spec.x[i] > spec.marker_x;
      const ImVec2 p(f.x.to_pixel(spec.x[i]), f.y.to_pixel(s.y[i]));
      draw->AddCircleFilled(p, 0.22f * em, faded ? with_alpha(s.color, kFadedAlpha) : s.color);
      if (spec.x[i] == spec.highlight_x) draw->AddCircle(p, 0.45f * em, s.color, 0, 0.12f * em);
    }
  }

  if (has_marker) {
    const float px = f.x.to_pixel(spec.marker_x);
    dashed_line(draw, ImVec2(px, f.plot_min.y), ImVec2(px, f.plot_max.y), bad_color(), 0.1f * em,
                0.35f * em);
    if (spec.marker_label && *spec.marker_label) {
      const float w = ImGui::CalcTextSize(spec.marker_label).x;
      // Label on the side with more room.
      const float lx = (px + 0.3f * em + w <= f.plot_max.x) ? px + 0.3f * em : px - 0.3f * em - w;
      label_with_backdrop(draw, ImVec2(lx, f.plot_min.y + 0.2f * em), bad_color(),
                          spec.marker_label);
    }
  }

  ChartHover hover;
  float best = kHoverRadiusEm * em;
  for (int si = 0; si < static_cast<int>(spec.series.size()); ++si) {
    const LineSeries& s = spec.series[si];
    const int m = std::min(n, static_cast<int>(s.y.size()));
    const int i = nearest_point(f, spec.x.data(), s.y.data(), m, best);
    if (i < 0) continue;
    const float dx = f.x.to_pixel(spec.x[i]) - f.mouse.x;
    const float dy = f.y.to_pixel(s.y[i]) - f.mouse.y;
    best = std::sqrt(dx * dx + dy * dy);
    hover = {si, i};
  }
  if (hover.series >= 0) {
    const ImVec2 p(f.x.to_pixel(spec.x[hover.point]),
                   f.y.to_pixel(spec.series[hover.series].y[hover.point]));
    draw->AddCircle(p, 0.5f * em, ImGui::GetColorU32(ImGuiCol_Text), 0, 0.1f * em);
  }
  draw->PopClipRect();
  draw_legend(spec);
  ImGui::PopID();
  return hover;
}

}  // namespace app::widgets
