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

// The recomputation a method implies when none is given: LoRA and QLoRA recipes turn gradient
// checkpointing on (PEFT/TRL examples, Axolotl and LLaMA-Factory configs, the QLoRA paper's
// scripts), so their default is full recompute; full training keeps none.
Recompute implied_recompute(TrainingMethod method);

// Switches a scenario to `method` the way the app and requests do: the method's implied base
// replaces a 16-bit one (QLoRA), and its implied recomputation is set.
void choose_training_method(Scenario& s, TrainingMethod method);

}  // namespace sizer
