// CPU-only inference in the app: the host's CPU chosen as the device in the GPU picker, and a GPU
// chosen again. The core builds the device from the host profile (`gpu: "cpu"`,
// sizer::cpu_device); the app only switches the flag and keeps the split valid for one device.
// Pure C++: no ImGui.
#pragma once

#include <string>

#include "sizer/request_fields.hpp"
#include "sizer/scenario.hpp"
#include "sizer/solvers.hpp"

namespace app {

// The host's CPU runs the model: one device, no tensor / pipeline / expert split. The GPU chosen
// before stays in the scenario, unused, so the picker still shows what it was.
void use_cpu_device(sizer::Scenario& s);

// Back to GPUs: `gpu` becomes the device.
void use_gpu_device(sizer::Scenario& s, const sizer::Gpu& gpu);

// True when the picker's search text finds the "CPU only" entry: "cpu", or words of its label.
bool cpu_entry_matches(const std::string& query);

// The device as the results name it: "CPU only: EPYC 9654 (96 cores)" in the page's language,
// else the card's name (its id when it has none).
std::string device_name(const sizer::Scenario& s);

// True for a way to fit (sizer::suggestions_to_fit) that takes GPUs: a split or more cards, or
// layers / states moved off a GPU. None applies to a CPU-only run.
bool needs_gpus(const sizer::Suggestion& suggestion);

// The request field `group.key` of the core's table (its range and unit are the rule a typed
// value must follow); nullptr when the core has none.
const sizer::RequestField* find_request_field(const std::string& group, const std::string& key);

}  // namespace app
