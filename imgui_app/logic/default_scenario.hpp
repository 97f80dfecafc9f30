// The question a first visit asks: the scenario the app starts from before a link or saved state
// is applied on top (main.cpp), which saved work is checked against (logic/saved_work.cpp), and
// whose answer the site's build writes into index.html (imgui_app/first_answer).
#pragma once

#include "sizer/scenario.hpp"

namespace app {

// Llama 3.1 8B on one GeForce RTX 4090, engine Generic; the rest are the core's defaults.
sizer::Scenario default_scenario();

}  // namespace app
