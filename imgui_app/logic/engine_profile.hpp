// The assumptions a scenario computes with: its engine's (and, in training, its framework's)
// profile, with the user's overrides on top. Pure C++: no ImGui, so the build-time tools that
// compute what the app shows (imgui_app/first_answer) use the same rules.
#pragma once

#include "sizer/assumptions.hpp"
#include "sizer/scenario.hpp"

namespace app {

// Switches the engine profile: assumptions follow the profile, user overrides stay.
void apply_engine(sizer::Scenario& s, sizer::Engine engine);

}  // namespace app
