// The header bar (title, language, theme, share link) and the theme colours.
#pragma once

#include "app_state.hpp"

namespace app {

void draw_header(App& app);

// The share section at the end of the input column: the link in a selectable field.
void draw_share_field(App& app);

// Smallest height of a control on a touch screen, in CSS pixels (Apple HIG: 44 pt).
inline constexpr float k_touch_target_css_px = 44.0f;

// Sets ImGui's style for the resolved theme, scaled for the device pixel ratio; narrow screens
// get larger hit targets (touch).
void apply_style(bool dark, float scale, bool narrow);

}  // namespace app
