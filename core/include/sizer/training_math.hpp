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

// LoRA on a k-bit base (QLoRA, LLM.int8): bytes one GPU streams per micro-batch dequantizing its
// frozen linear weights to 16 bits before each matmul that uses them (bitsandbytes MatMul4Bit:
// the forward, the recomputed forward and the input-gradient backward; MatMul8bitLt runs its
// forward in int8 and dequantizes for the backward only): read the stored bits, write 2 bytes.
// 0 for full fine-tuning, 16-bit bases and FP8 compute (native FP8 GEMMs).
double dequantize_bytes_per_micro_batch(const Scenario& normalized, const ParamCounts& params);

// The same for one forward-only pass (RL's reference and scoring forwards on that base).
double dequantize_bytes_per_forward(const Scenario& normalized, const ParamCounts& params);

// Context parallel (ring attention, Megatron-Core's default "p2p" exchange): seconds per optimizer
// step one rank spends passing K and V chunks around the ring of cp ranks (cp - 1 hops per
// attention layer in forward, twice that in backward: K, V and their gradients; once more with
// full recompute), over the link the tensor x context group shares. The transfers overlap the
// attention kernels they feed; compute_training counts what exceeds them.
double context_parallel_transfer_seconds(const Scenario& normalized);

// Preference and RL fine-tuning (docs/METHOD.md, "RL fine-tuning"): the model instances a step
// keeps and the passes it runs besides training the policy, colocated on the same GPUs
// (OpenRLHF's and TRL's default layout).
struct RlWorkload {
  int trained_models = 1;           // the policy; PPO adds the critic (same architecture)
  int frozen_models = 0;            // resident forward-only copies: reference, PPO's reward model
  double scoring_passes = 0;        // forward passes per trained token besides the policy's own
  double sequences_per_sample = 1;  // DPO: the chosen and the rejected sequence
  bool rollouts = false;            // PPO / GRPO generate their sequences each step
};
RlWorkload rl_workload(const TrainingWorkload& training);

// PPO / GRPO: the inference scenario that generates one optimizer step's rollouts on one
// data-parallel rank: micro-batch x gradient accumulation sequences, prompt seqLen -
// completionTokens, completionTokens generated, by the request's engine profile, on the rank's
// tensor x pipeline GPUs.
Scenario rollout_scenario(const Scenario& normalized);

// Seconds one optimizer step spends generating rollouts (prefill + decode); 0 without rollouts.
double rollout_seconds_per_step(const Scenario& normalized, const ParamCounts& params);

void compute_training(const Scenario& normalized, const ParamCounts& params, Estimate& out);

}  // namespace sizer
