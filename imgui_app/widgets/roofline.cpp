#include "widgets/roofline.hpp"

#include <algorithm>
#include <cmath>

#include "logic/chart_scale.hpp"
#include "widgets/chart_frame.hpp"
#include "widgets/palette.hpp"

namespace app::widgets {

double roof_flops_per_s(const RooflineSpec& spec, double flops_per_byte) {
  if (!(spec.peak_flops_per_s > 0) || !(spec.bandwidth_bytes_per_s > 0) || !(flops_per_byte > 0)) {
    return 0;
  }
  return std::min(spec.peak_flops_per_s, flops_per_byte * spec.bandwidth_bytes_per_s);
}

int roofline(const char* id, const RooflineSpec& spec, ImVec2 size) {
  ImGui::PushID(id);
  const bool have_roof = spec.peak_flops_per_s > 0 && spec.bandwidth_bytes_per_s > 0 &&
                         std::isfinite(spec.peak_flops_per_s) &&
                         std::isfinite(spec.bandwidth_bytes_per_s);
  const double ridge = have_roof ? spec.peak_flops_per_s / spec.bandwidth_bytes_per_s : NAN;

  // x spans every point and the ridge with a decade of margin; y from the roof at the left edge
  // up to twice the peak.
  std::vector<double> xs;
  for (const RooflinePoint& p : spec.points) xs.push_back(p.flops_per_byte);
  xs.push_back(ridge);
  chart::Range xr = chart::sanitize_log(chart::data_range(xs, true));
  xr = chart::nice_log_range({xr.min / 10, xr.max * 10});
  const double y_top = have_roof ? spec.peak_flops_per_s * 2 : NAN;
  const double y_bottom = have_roof ? roof_flops_per_s(spec, xr.min) / 2 : NAN;
  const chart::Range yr = chart::nice_log_range({y_bottom, y_top});

  const ChartFrame f =
      begin_chart("##roofline", size, {xr, true, spec.x_label}, {yr, true, spec.y_label});
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float em = ImGui::GetFontSize();
  draw->PushClipRect(f.plot_min, f.plot_max, true);

  int hovered = -1;
  if (have_roof) {
    const ImU32 roof = ImGui::GetColorU32(ImGuiCol_Text);
    const ImVec2 a(f.x.to_pixel(xr.min), f.y.to_pixel(roof_flops_per_s(spec, xr.min)));
    const ImVec2 b(f.x.to_pixel(ridge), f.y.to_pixel(spec.peak_flops_per_s));
    const ImVec2 c(f.x.to_pixel(xr.max), b.y);
    // Memory-bound region shaded faintly, so the two sides of the ridge read at a glance.
    draw->AddRectFilled(ImVec2(f.plot_min.x, f.plot_min.y), ImVec2(b.x, f.plot_max.y),
                        series_color(0, 0.08f));
    draw->AddLine(a, b, roof, 0.18f * em);
    draw->AddLine(b, c, roof, 0.18f * em);
    dashed_line(draw, b, ImVec2(b.x, f.plot_max.y), muted_text_color(), 0.08f * em, 0.3f * em);

    const ImU32 muted = muted_text_color();
    if (spec.compute_label && *spec.compute_label) {
      const ImVec2 ts = ImGui::CalcTextSize(spec.compute_label);
      // Above the ceiling, ending at the ridge: the space over the slope is empty, while the
      // ceiling right of the ridge is where compute-bound points sit.
      const float lx = std::max(f.plot_min.x + 0.3f * em, b.x - ts.x - 0.3f * em);
      label_with_backdrop(draw, ImVec2(lx, b.y - ts.y - 0.2f * em), muted, spec.compute_label);
    }
    if (spec.memory_label && *spec.memory_label) {
      // Beside the middle of the slope, below it (the slope rises to the right).
      const ImVec2 mid((a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f);
      label_with_backdrop(draw, ImVec2(mid.x + 0.3f * em, mid.y + 0.3f * em), muted,
                          spec.memory_label);
    }
    if (spec.ridge_label && *spec.ridge_label) {
      const ImVec2 ts = ImGui::CalcTextSize(spec.ridge_label);
      const float lx = std::min(b.x + 0.3f * em, f.plot_max.x - ts.x);
      label_with_backdrop(draw, ImVec2(lx, f.plot_max.y - ts.y - 0.2f * em), muted,
                          spec.ridge_label);
    }

    std::vector<double> px;
    std::vector<double> py;
    for (const RooflinePoint& p : spec.points) {
      px.push_back(p.flops_per_byte);
      py.push_back(roof_flops_per_s(spec, p.flops_per_byte));
    }
    hovered = nearest_point(f, px.data(), py.data(), static_cast<int>(px.size()), em);
    for (size_t i = 0; i < spec.points.size(); ++i) {
      if (!(px[i] > 0) || !std::isfinite(px[i])) continue;
      const ImVec2 p(f.x.to_pixel(px[i]), f.y.to_pixel(py[i]));
      draw->AddCircleFilled(p, 0.4f * em, spec.points[i].color);
      draw->AddCircle(p, 0.4f * em, page_background(), 0, 0.08f * em);
      if (static_cast<int>(i) == hovered) {
        draw->AddCircle(p, 0.65f * em, ImGui::GetColorU32(ImGuiCol_Text), 0, 0.1f * em);
      }
      // Labels alternate above / below so prefill and decode never overlap when close.
      const ImVec2 ts = ImGui::CalcTextSize(spec.points[i].label);
      const float ly = (i % 2 == 0) ? p.y + 0.5f * em : p.y - 0.5f * em - ts.y;
      const float lx = std::clamp(p.x - ts.x * 0.5f, f.plot_min.x, f.plot_max.x - ts.x);
      label_with_backdrop(draw, ImVec2(lx, ly), spec.points[i].color, spec.points[i].label);
    }
  }
  draw->PopClipRect();
  ImGui::PopID();
  return hovered;
}

}  // namespace app::widgets
