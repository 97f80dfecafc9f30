// The results column of the app: verdict, memory, speed, bottleneck, training, fit table, compare
// and rules of thumb. app-shell's main loop calls draw_results_column once per frame after
// recompute_if_dirty; everything drawn here reads app.results / app.fit / app.suggestions and only
// writes app.inputs (+ app.dirty) when the user applies a suggestion or picks a GPU.
#pragma once

#include "app_state.hpp"

namespace app {

// Draws every results panel into the current ImGui window (or child), stacked vertically.
void draw_results_column(App& app);

}  // namespace app
