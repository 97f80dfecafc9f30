// The roofline chart (Williams, Waterman & Patterson, CACM 2009): log-log arithmetic intensity
// (FLOPs per byte) against attainable FLOP/s. The roof is min(peak, intensity x bandwidth): a
// bandwidth slope up to the ridge point, then the compute ceiling. Workload points (prefill,
// decode) sit on the roof at their intensity, so their side of the ridge names the bound.
#pragma once

#include <vector>

#include "imgui.h"

namespace app::widgets {

struct RooflinePoint {
  const char* label = "";
  double flops_per_byte = 0;
  ImU32 color = 0;
};

struct RooflineSpec {
  double peak_flops_per_s = 0;
  double bandwidth_bytes_per_s = 0;
  std::vector<RooflinePoint> points;
  const char* x_label = "";
  const char* y_label = "";
  const char* ridge_label = "";    // drawn beside the ridge marker
  const char* compute_label = "";  // drawn on the ceiling
  const char* memory_label = "";   // drawn on the slope
};

// Attainable FLOP/s at `flops_per_byte` under the roof; 0 when an input is not positive.
double roof_flops_per_s(const RooflineSpec& spec, double flops_per_byte);

// Returns the index of the hovered point, or -1.
int roofline(const char* id, const RooflineSpec& spec, ImVec2 size);

}  // namespace app::widgets
