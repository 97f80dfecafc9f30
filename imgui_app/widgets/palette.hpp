// Colours for charts, derived from the current ImGui style so they read in light and dark themes:
// series hues are fixed (a chart needs distinct hues), but their lightness follows the window
// background, and every neutral (axes, grid, labels) is a style colour.
#pragma once

#include "imgui.h"

namespace app::widgets {

// True when the window background is dark (luminance below one half).
bool dark_background();

// The page's background colour, opaque (WindowBg itself is transparent: header.cpp apply_style).
ImU32 page_background();

// Distinct colour number `index` (0..6 are the memory categories; repeats after 10).
ImU32 series_color(int index, float alpha = 1.0f);

// Status colours for fits / does not fit / warnings, tuned to the background.
ImU32 good_color();
ImU32 bad_color();
ImU32 warn_color();

// Neutrals from the style: grid lines, axis lines, secondary text.
ImU32 grid_color();
ImU32 axis_color();
ImU32 muted_text_color();

// The same colour as a float vector (for ImGui::TextColored / ColorButton).
ImVec4 to_vec4(ImU32 color);

}  // namespace app::widgets
