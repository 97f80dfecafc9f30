// How every figure on the page is written: the user's byte unit, and the page's language for unit
// and time words and count scales (fmt::Style, from the string table). Pure C++: no ImGui, so the
// build-time answer of the default question (imgui_app/first_answer) writes figures as the app
// does.
#pragma once

#include "app_state.hpp"

namespace app {

// Sets fmt::style() for `ui`'s units and language; the installed string table must hold the
// unit words (time.*, count.*).
void set_number_style(const UiState& ui);

}  // namespace app
