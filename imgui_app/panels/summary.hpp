// The phone summary: one line pinned above the scrolling column on narrow screens (verdict,
// memory per card against capacity, tokens/s, $ per million tokens); tapping it opens the results.
#pragma once

#include <string>

#include "app_state.hpp"

namespace app {

// The line's text for the current results ("" while the inputs are invalid: the error shows).
std::string summary_text(const App& app);

// Draws the line as a full-width button; true when tapped.
bool draw_summary_line(App& app);

}  // namespace app
