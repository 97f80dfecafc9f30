// A line chart with optional log axes: several series over a shared x, an optional vertical
// marker (e.g. "memory runs out here") after which the lines are drawn faded, and a legend.
// The widget reports which point the mouse is over; the caller draws the tooltip (it knows the
// units and the formula).
#pragma once

#include <cmath>
#include <vector>

#include "imgui.h"
#include "widgets/chart_frame.hpp"

namespace app::widgets {

struct LineSeries {
  const char* label = "";
  ImU32 color = 0;
  std::vector<double> y;  // one per x; NaN or (on a log axis) <= 0 leaves a gap
};

struct LineChartSpec {
  std::vector<double> x;
  std::vector<LineSeries> series;
  bool log_x = true;
  bool log_y = true;
  const char* x_label = "";
  const char* y_label = "";
  double marker_x = NAN;  // vertical marker; points right of it are faded
  const char* marker_label = "";
  double highlight_x = NAN;  // the current configuration, drawn as a ring on every series
};

struct ChartHover {
  int series = -1;
  int point = -1;
};

ChartHover line_chart(const char* id, const LineChartSpec& spec, ImVec2 size);

}  // namespace app::widgets
