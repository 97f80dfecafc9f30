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

// The share of the dense peak that the card's matmuls sustain in this data type: its measured
// matmul_efficiency (FP8: matmul_efficiency_fp8, else the BF16 figure), else
// assumptions.matmulEfficiencyDefault.
double sustained_matmul_fraction(const Gpu& gpu, ComputeType compute, const Assumptions& a);

// The share the scenario's linear layers sustain: sustained_matmul_fraction in the compute type
// of its weights format.
double linear_matmul_fraction(const Scenario& normalized);

// Bytes per trained token that the elementwise kernels (norms, residual adds, RoPE, the MLP's
// activation) read and write over every layer: fused or eager (assumptions.eagerIntermediates)
// per-op traffic, forward + backward (2 x forward) + the recomputed forward under full recompute.
double training_elementwise_bytes_per_token(const Scenario& normalized);

// The share of the 16-bit dense peak that fused attention kernels sustain over forward and
// backward: the card's attention_efficiency, else assumptions.attentionEfficiencyDefault.
double sustained_attention_fraction(const Gpu& gpu, const Assumptions& a);

void compute_training(const Scenario& normalized, const ParamCounts& params, Estimate& out);

}  // namespace sizer
