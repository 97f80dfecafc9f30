// Activation memory (docs/METHOD.md, "Activations").
#pragma once

#include <string>
#include <vector>

#include "sizer/catalog.hpp"
#include "sizer/scenario.hpp"

namespace sizer {

// A layer's attention head width (head_dim, else hidden / heads) and KV heads (else the heads).
int head_dim_of(const ModelArch& model);
int kv_heads_of(const ModelArch& model);

// MLP intermediate width a token passes through, averaged over layers: dense layers use
// intermediate_size; MoE layers the top-k routed experts plus the shared experts.
double mlp_width_per_token(const ModelArch& model);

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

// The pipeline stage a training memory figure is for: the first holds the embedding and, under
// 1F1B, the most micro-batches in flight; the last the LM head and the loss.
enum class PipelineStage { first, last };

// Training activation memory of one GPU of `stage` (docs/METHOD.md, "Activations").
struct TrainingActivations {
  double saved_bytes = 0;          // kept on the GPU for backward, all micro-batches in flight
  double host_bytes = 0;           // offloaded to host RAM (assumption activationOffload)
  double layer_working_bytes = 0;  // the layer in backward: rebuilt activations + its gradients
  double loss_bytes = 0;           // the loss's peak (lossBytesPerLogit x vocab per token)
  double peak_bytes = 0;           // saved + the larger of the two working sets
};
TrainingActivations training_activations(const Scenario& normalized, PipelineStage stage);

// Bytes per token and vocabulary entry the loss holds at its peak: lossBytesPerLogit, or less when
// the loss is compiled (assumptions compiledLoss, lossChunks).
double loss_bytes_per_logit(const Assumptions& a);

// QLoRA under PEFT's FP32 upcast (assumption kbitUpcastFp32): the residual stream is FP32.
bool residual_stream_fp32(const Scenario& normalized);

// Inference working memory at the prefill peak on one GPU: one prompt chunk's hidden states and
// MLP intermediate, the score matrix if the engine materializes it, and the kept logits.
double activation_bytes_inference(const Scenario& normalized);

}  // namespace sizer
