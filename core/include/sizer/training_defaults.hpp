// Defaults a training method implies, so every caller (requests, links, the app) gets the same.
#pragma once

#include <string>
#include <vector>

#include "sizer/scenario.hpp"

namespace sizer {

// The modules LoRA can adapt, in the order the UI lists them.
const std::vector<std::string>& lora_target_ids();

// The weight format a method implies when none is given: QLoRA's frozen base is NF4 with double
// quantization (Dettmers et al. 2023, and PEFT's BitsAndBytesConfig recipes); "" = no change.
std::string implied_weights_format(TrainingMethod method);

}  // namespace sizer
