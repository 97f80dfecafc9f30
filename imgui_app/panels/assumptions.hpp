// The assumptions panel: every constant of sizer::assumption_table() with its value, default,
// source and an override; and "I measured X" calibration that fits one constant.
#pragma once

#include "app_state.hpp"

namespace app {

void draw_assumptions_panel(App& app);

}  // namespace app
