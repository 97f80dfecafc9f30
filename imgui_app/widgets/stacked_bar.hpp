// A horizontal stacked bar (one segment per memory category) against a capacity line: the bar's
// scale runs to the larger of the total and the capacity, so an overflow shows as bar past the
// line. Segment labels are drawn inside segments wide enough to hold them. Returns the hovered
// segment; the caller draws the tooltip (bytes, formula, inputs).
#pragma once

#include <vector>

#include "imgui.h"

namespace app::widgets {

struct BarSegment {
  const char* label = "";
  double value = 0;  // <= 0 or NaN: skipped
  ImU32 color = 0;
};

struct StackedBarSpec {
  std::vector<BarSegment> segments;
  double capacity = 0;  // <= 0: no capacity line
  const char* capacity_label = "";
};

// Width <= 0: all available width. Returns the hovered segment index or -1.
int stacked_bar(const char* id, const StackedBarSpec& spec, float width, float height);

// A legend of coloured squares and labels that wraps at the available width.
void legend(const std::vector<BarSegment>& segments);

}  // namespace app::widgets
