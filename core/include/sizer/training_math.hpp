// Training compute and time (docs/METHOD.md, "Training").
#pragma once

#include "sizer/estimate.hpp"

namespace sizer {

// FLOPs per trained token: 6 N + 12 L s a d (PaLM / llm-foundry convention); 8 N + 16 L s a d
// with full recompute; LoRA: 4 N through the frozen base (forward + input gradients) + 6 x
// trainable.
double training_flops_per_token(const Scenario& normalized, const ParamCounts& params,
                                double trainable_params);

// Data-parallel / ZeRO traffic per GPU per optimizer step, bytes (before the ring factor).
double training_gradient_sync_bytes(const Scenario& normalized, const ParamCounts& params,
                                    double trainable_params);

void compute_training(const Scenario& normalized, const ParamCounts& params, Estimate& out);

}  // namespace sizer
