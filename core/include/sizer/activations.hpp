// Activation memory (docs/METHOD.md, "Activations").
#pragma once

#include <string>
#include <vector>

#include "sizer/catalog.hpp"
#include "sizer/scenario.hpp"

namespace sizer {

// Training, bytes kept for backward per token per layer with 16-bit activations, no
// recompute, no parallelism, no dropout. Derived from Korthikanti et al. 2022 for gated MLPs
// and grouped-query attention: 8h + 4ad + 4kd + 6i (gated) or 8h + 4ad + 4kd + 4i (plain MLP).
// Llama-2-7B: 131,584 bytes = 32.1 h (the paper's GPT-3 constant is 34 h with dropout masks).
double activation_bytes_per_token_per_layer(const ModelArch& model);

// Training: the score-matrix term (softmax output kept for backward) per token per layer,
// 2 x a x s bytes; FlashAttention and selective recompute remove it.
double attention_score_bytes_per_token_per_layer(const ModelArch& model, double seq_len);

// LoRA dropout: a dropped copy of each adapted matrix's input (2 bytes per element).
double lora_dropout_bytes_per_token_per_layer(const ModelArch& model,
                                              const std::vector<std::string>& targets);

// Training activations on the most loaded GPU (micro-batch, recompute, flash, t, sequence
// parallel; 1F1B pipelines keep about L layers' worth on the first stage).
double activation_bytes_training(const Scenario& normalized);

// Logits kept for the loss: tokens x vocab x 4 bytes (BF16 logits + chunked FP32 loss).
double logits_bytes_training(const Scenario& normalized);

// Inference working memory at the prefill peak on one GPU: one prompt chunk's hidden states and
// MLP intermediate, the score matrix if the engine materializes it, and the kept logits.
double activation_bytes_inference(const Scenario& normalized);

}  // namespace sizer
