// The verdict's two lines at the top of the results ("Fits on 1 × GeForce RTX 4090, with 7.63 GiB
// to spare per card." / "Needs 16.4 GiB per card of 24.0 GiB usable."), in the page's language
// and number style. Pure C++: no ImGui, so the build-time answer of the default question
// (imgui_app/first_answer) says exactly what the app's first frame says.
#pragma once

#include <string>

#include "sizer/estimate.hpp"
#include "sizer/scenario.hpp"

namespace app {

// "2 × NVIDIA H100 80GB" style hardware summary of a scenario; the CPU device has no count.
std::string hardware_summary(const sizer::Scenario& s);

// Whether the estimate fits, on which hardware and with how much to spare.
std::string verdict_line(const sizer::Estimate& e);

// The memory a card (or the CPU's RAM) needs of what it can use.
std::string need_line(const sizer::Estimate& e);

}  // namespace app
