// The whole window's layout for one frame (between ImGui::NewFrame and ImGui::Render).
#pragma once

#include "app_state.hpp"

namespace app {

void draw_shell(App& app);

// Touch scrolling for a scrolling child of the shell: call inside it, after its items.
void drag_scroll_window();

}  // namespace app
