// Number helpers: guarded division and the short forms used in Estimate::formulas.
#include <cmath>
#include <cstdio>

#include "engine_internal.hpp"

namespace sizer {

std::string fmt_num(double v) {
  char buf[32];
  const double a = std::fabs(v);
  if (a != 0.0 && (a >= 1e6 || a < 1e-3)) {
    std::snprintf(buf, sizeof buf, "%.3g", v);
  } else if (a >= 100 || v == std::floor(v)) {
    std::snprintf(buf, sizeof buf, "%.0f", v);
  } else {
    std::snprintf(buf, sizeof buf, "%.3g", v);
  }
  return buf;
}

std::string fmt_bytes(double bytes) {
  char buf[32];
  const double a = std::fabs(bytes);
  if (a >= 1e9) {
    std::snprintf(buf, sizeof buf, "%.3g GB", bytes / 1e9);
  } else if (a >= 1e6) {
    std::snprintf(buf, sizeof buf, "%.3g MB", bytes / 1e6);
  } else if (a >= 1e3) {
    std::snprintf(buf, sizeof buf, "%.3g kB", bytes / 1e3);
  } else {
    std::snprintf(buf, sizeof buf, "%.0f B", bytes);
  }
  return buf;
}

}  // namespace sizer
