// The seeds' quick rules, computed beside the detailed estimate (docs/SEEDS.md).
#pragma once

#include "sizer/estimate.hpp"

namespace sizer {

// FP16 GB = params(B) x 2, plus 20% for KV cache and activations (seed 000).
double rule_fp16_plus_20_bytes(double params);

// Mixed-precision Adam: 16 bytes per parameter before activations (ZeRO paper, seeds 000/003).
double rule_adam_16_bytes(double params);

// Seed 004's LLaMA-6B INT8 arithmetic: N x 1 (weights) + N x 1 (gradients) + N x 2 (optimizer)
// + 1.3 GB CUDA reserve (6 + 6 + 12 + 1.3 = 25.3 GB for N = 6e9).
double rule_seed_int8_training_bytes(double params);

// Seed 004's per-sample activation floor: (h + i) x s x L x bytes (LLaMA-6B: ~990 MB).
double rule_seed_activation_bytes_per_sample(const ModelArch& model, double seq_len,
                                             double bytes_per_value);

// 6 N D training FLOPs (Kaplan et al. 2020).
double rule_six_n_d_flops(double params, double tokens);

std::vector<RuleOfThumb> rules_of_thumb(const Estimate& e);

}  // namespace sizer
