// The common frame of the line chart and the roofline: reserves the widget's space, draws the
// background, grid, axis ticks and labels, and hands back the plot rectangle with its two scales.
// Sizes are in font units so the chart scales with the UI.
#pragma once

#include "imgui.h"
#include "logic/chart_scale.hpp"

namespace app::widgets {

struct AxisSpec {
  chart::Range range;
  bool log = false;
  const char* label = "";  // x: under the axis; y: above the plot, left-aligned
};

struct ChartFrame {
  ImVec2 plot_min;  // top-left of the plot area (inside the axes)
  ImVec2 plot_max;
  chart::Scale x;
  chart::Scale y;
  bool hovered = false;  // mouse over the whole widget
  ImVec2 mouse;
};

// Reserves `size` (width <= 0: all available width) as one item named `id` and draws the frame.
// Ranges are used as given (callers pick nice ranges); degenerate ones are sanitized.
ChartFrame begin_chart(const char* id, ImVec2 size, const AxisSpec& x, const AxisSpec& y);

// Dashed line segment (ImGui draw lists have no dash style).
void dashed_line(ImDrawList* draw, ImVec2 a, ImVec2 b, ImU32 color, float thickness, float dash);

// Index of the point in (xs, ys) nearest to `mouse` within `radius` pixels, or -1.
int nearest_point(const ChartFrame& frame, const double* xs, const double* ys, int count,
                  float radius);

// Text with a background of the window colour, so labels stay legible over lines.
void label_with_backdrop(ImDrawList* draw, ImVec2 pos, ImU32 color, const char* text);

}  // namespace app::widgets
