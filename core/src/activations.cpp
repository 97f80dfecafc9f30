// Activation memory for training (Korthikanti et al. 2022, re-derived for gated MLPs, GQA and no
// dropout) and working memory for inference prefill.
#include "sizer/activations.hpp"

#include <algorithm>
#include <cmath>

#include "engine_internal.hpp"

namespace sizer {
namespace {

int head_dim_of(const ModelArch& m) {
  if (m.head_dim > 0) return m.head_dim;
  return m.num_heads > 0 ? m.hidden_size / m.num_heads : 0;
}

int kv_heads_of(const ModelArch& m) { return m.num_kv_heads > 0 ? m.num_kv_heads : m.num_heads; }

// MLP intermediate width a token passes through, averaged over layers: dense layers use
// intermediate_size; MoE layers the top-k routed experts plus the shared experts.
double mlp_width_per_token(const ModelArch& m) {
  if (m.num_experts <= 0 || m.num_layers <= 0) return m.intermediate_size;
  const int period = std::max(1, m.moe_layer_period);
  const int moe_layers = std::max(0, (m.num_layers - m.first_k_dense_layers) / period);
  const double moe_i = m.moe_intermediate_size > 0 ? m.moe_intermediate_size : m.intermediate_size;
  const double shared_i =
      m.shared_expert_intermediate_size > 0 ? m.shared_expert_intermediate_size : moe_i;
  const double moe_width = m.experts_per_token * moe_i + m.num_shared_experts * shared_i;
  const int dense_layers = m.num_layers - moe_layers;
  return (moe_layers * moe_width + dense_layers * double(m.intermediate_size)) / m.num_layers;
}

// Attention-internal and MLP-internal bytes per token per layer (split by tensor parallel).
double split_terms(const ModelArch& m) {
  const double ad = double(m.num_heads) * head_dim_of(m);
  const double kd = double(kv_heads_of(m)) * head_dim_of(m);
  const double i = mlp_width_per_token(m);
  // Q (2ad), K and V (4kd), attention output (2ad); gated MLP: gate, up and their product (6i);
  // plain MLP: up output and activation (4i).
  return 4.0 * ad + 4.0 * kd + (m.mlp_gated ? 6.0 : 4.0) * i;
}

// Bytes per token per layer that tensor parallel does not split without sequence parallel:
// attention input (2h), MLP input (2h) and the two norm inputs (4h).
double replicated_terms(const ModelArch& m) { return 8.0 * m.hidden_size; }

double training_value_bytes_factor(const Scenario& s) {
  // 16-bit activations are the baseline; pure FP32 training doubles every term.
  const NumberFormat& f = weights_format_of(s);
  return (!s.training.mixed_precision && f.bits_per_weight >= 32) ? 2.0 : 1.0;
}

}  // namespace

double activation_bytes_per_token_per_layer(const ModelArch& m) {
  return replicated_terms(m) + split_terms(m);
}

double attention_score_bytes_per_token_per_layer(const ModelArch& m, double seq_len) {
  return 2.0 * m.num_heads * seq_len;
}

double lora_dropout_bytes_per_token_per_layer(const ModelArch& m,
                                              const std::vector<std::string>& targets) {
  // LoRA dropout (LitGPT default 0.05, common PEFT configs 0.05-0.1) keeps a dropped copy of
  // each adapted matrix's input for the adapter's backward: 2 bytes per input element.
  const double ad = double(m.num_heads) * head_dim_of(m);
  const double i = mlp_width_per_token(m);
  double bytes = 0;
  for (const std::string& t : targets) {
    if (t == "q" || t == "k" || t == "v" || t == "gate" || t == "up") bytes += 2.0 * m.hidden_size;
    if (t == "o") bytes += 2.0 * ad;
    if (t == "down") bytes += 2.0 * i;
  }
  return bytes;
}

double activation_bytes_training(const Scenario& s) {
  const ModelArch& m = s.model;
  const TrainingWorkload& t = s.training;
  const double tp = std::max(1, s.parallel.tensor);
  const double tokens = double(t.micro_batch) * t.seq_len;
  const double rep = s.parallel.sequence ? replicated_terms(m) / tp : replicated_terms(m);
  double scores = attention_score_bytes_per_token_per_layer(m, t.seq_len) / tp;
  if (t.flash_attention || t.recompute == Recompute::selective) scores = 0.0;
  const double lora = t.method == TrainingMethod::full
                          ? 0.0
                          : lora_dropout_bytes_per_token_per_layer(m, t.lora_targets) / tp;
  const double full_layer = rep + split_terms(m) / tp + scores + lora;
  double per_token;
  if (t.recompute == Recompute::full) {
    // Only each layer's input is kept (2h); one layer is rebuilt at a time during backward.
    const double layer_input = s.parallel.sequence ? 2.0 * m.hidden_size / tp : 2.0 * m.hidden_size;
    per_token = layer_input * m.num_layers + full_layer;
  } else {
    // With 1F1B pipelining the first stage holds p micro-batches of L/p layers: L layers' worth.
    per_token = full_layer * m.num_layers;
  }
  return tokens * per_token * training_value_bytes_factor(s);
}

double logits_bytes_training(const Scenario& s) {
  const double tokens = double(s.training.micro_batch) * s.training.seq_len;
  const double tp = std::max(1, s.parallel.tensor);
  // BF16 logits (2 bytes) plus the FP32 working set of a chunked cross-entropy (~2 bytes per
  // logit: LitGPT and torchtune compute the loss in chunks); vocab-parallel splits by t.
  return tokens * s.model.vocab_size * 4.0 / tp;
}

double activation_bytes_inference(const Scenario& s) {
  const ModelArch& m = s.model;
  const Assumptions& a = s.assumptions;
  const double tp = std::max(1, s.parallel.tensor);
  const double batch = replica_batch(s);
  const double prompt = std::max(1, s.inference.prompt_tokens);
  const double context = prompt + std::max(0, s.inference.output_tokens);
  double rows = prompt * batch;
  if (a.prefill_chunk_tokens > 0) rows = std::min(rows, double(a.prefill_chunk_tokens));
  const double value_bytes = a.inference_activation_bytes;
  const double ad = double(m.num_heads) * head_dim_of(m);
  const double kd = double(kv_heads_of(m)) * head_dim_of(m);
  // Live at the peak of one layer: residual and normed input (2h), Q, K, V and attention output
  // (2ad + 2kd), MLP gate, up and activation (3i).
  const double working =
      rows * (2.0 * m.hidden_size + (2.0 * ad + 2.0 * kd + 3.0 * mlp_width_per_token(m)) / tp) *
      value_bytes;
  // Without a fused attention kernel the chunk's scores against the whole context are
  // materialized (llama.cpp reserves n_ubatch x n_ctx x heads in FP32).
  const double scores =
      a.prefill_materializes_scores >= 0.5 ? rows * context * (m.num_heads / tp) * value_bytes : 0;
  const double logit_rows =
      a.prefill_logit_positions > 0 ? batch * a.prefill_logit_positions : prompt * batch;
  const double logits = logit_rows * m.vocab_size * 4.0 / tp;
  return working + scores + logits;
}

}  // namespace sizer
