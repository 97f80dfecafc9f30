// "I measured X": fits the one constant that explains a measurement by bisection over
// sizer::estimate. Peak memory (nvidia-smi) fits the framework overhead fraction; decode tokens/s
// fits the decode bandwidth efficiency. Both quantities grow monotonically with their constant,
// so bisection converges. Pure C++: no ImGui.
#pragma once

#include <string>

#include "sizer/scenario.hpp"

namespace app {

enum class Measurement { peak_memory_bytes, decode_tokens_per_second };

struct Calibration {
  bool ok = false;
  std::string key;        // assumption key to override, e.g. "frameworkOverheadFraction"
  double value = 0;       // fitted value
  double achieved = 0;    // the estimate's figure at `value` (close to the measurement)
  std::string error_key;  // i18n key when !ok: "cal.err.below", "cal.err.above", "cal.err.engine"
};

// The assumption key a measurement calibrates.
const char* calibrated_key(Measurement m);

// Never throws: an invalid scenario or an engine error gives ok=false with "cal.err.engine".
Calibration calibrate(const sizer::Scenario& s, Measurement what, double measured);

}  // namespace app
