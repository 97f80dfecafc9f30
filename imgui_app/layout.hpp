// The whole window's layout for one frame (between ImGui::NewFrame and ImGui::Render).
#pragma once

#include "app_state.hpp"

namespace app {

void draw_shell(App& app);

}  // namespace app
