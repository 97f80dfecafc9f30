// A button whose label wraps at the available width (ImGui's Button never wraps, so a long
// suggestion would be cut off on a phone). Returns true when clicked.
#pragma once

#include "imgui.h"

namespace app::widgets {

bool wrapped_button(const char* id, const char* label);

}  // namespace app::widgets
