// Parameter counts from architecture fields, term by term as in the shared reference's
// models-notes.md section 2 (the same arithmetic reproduces Meta's 6,738,415,616 for Llama 2 7B
// and Mistral's 46.7B / 12.9B for Mixtral 8x7B).
//
// Convention for `active`: parameters one token passes through, INCLUDING the input embedding
// and the LM head, i.e. total minus the (E - k) routed experts it skips in each MoE layer. This
// matches Mistral's 12.9B for Mixtral; OpenAI (gpt-oss) and Zhipu (GLM-4.5) quote active counts
// without embeddings, so their official figures come out lower than ours.
#include "sizer/params.hpp"

#include <algorithm>

#include "sizer/layers.hpp"

namespace sizer {

ModelArch normalize_model(ModelArch m) {
  if (m.num_kv_heads <= 0) m.num_kv_heads = m.num_heads;
  if (m.head_dim <= 0 && m.attention == AttentionKind::mla) {
    m.head_dim = m.qk_nope_head_dim + m.qk_rope_head_dim;  // the q/k width of one head
  } else if (m.head_dim <= 0 && m.num_heads > 0) {
    m.head_dim = m.hidden_size / m.num_heads;
  }
  if (m.norms_per_layer < 0) m.norms_per_layer = 0;
  if (m.moe_layer_period < 1) m.moe_layer_period = 1;
  if (m.num_experts > 0) {
    // Mixtral-style configs name the expert width intermediate_size.
    if (m.moe_intermediate_size <= 0) m.moe_intermediate_size = m.intermediate_size;
    if (m.experts_per_token <= 0) m.experts_per_token = 1;
    m.experts_per_token = std::min(m.experts_per_token, m.num_experts);
  }
  if (m.num_shared_experts > 0 && m.shared_expert_intermediate_size <= 0) {
    m.shared_expert_intermediate_size = m.moe_intermediate_size;
  }
  if (m.attention == AttentionKind::mla && m.v_head_dim <= 0) m.v_head_dim = m.qk_nope_head_dim;
  return m;
}

namespace {

// One MLP of width `width`: gated (SwiGLU/GeGLU) has gate, up and down projections; a plain
// GELU MLP has up and down. Biases: one per output of each projection.
double mlp_params(const ModelArch& m, double width, bool with_bias) {
  const double h = m.hidden_size;
  if (m.mlp_gated) return 3 * h * width + (with_bias ? 2 * width + h : 0);
  return 2 * h * width + (with_bias ? width + h : 0);
}

// Attention projections of one layer (no norms).
double attention_params(const ModelArch& m) {
  const double h = m.hidden_size;
  const double heads = m.num_heads;
  if (m.attention == AttentionKind::mla) {
    const double qk_head = double(m.qk_nope_head_dim) + m.qk_rope_head_dim;
    const double rank = m.kv_lora_rank;
    // Query: low-rank down/up when q_lora_rank is set (V3), else one full projection (V2-Lite).
    const double q = m.q_lora_rank > 0 ? h * m.q_lora_rank + m.q_lora_rank * heads * qk_head
                                       : h * heads * qk_head;
    // KV: down projection to the latent plus the shared rope key, then up to K (nope) and V.
    const double kv = h * (rank + m.qk_rope_head_dim) +
                      rank * heads * (double(m.qk_nope_head_dim) + m.v_head_dim);
    const double out = heads * m.v_head_dim * h;
    return q + kv + out;
  }
  const double q_width = heads * m.head_dim;
  const double kv_width = double(m.num_kv_heads) * m.head_dim;
  // An output gate doubles q_proj's outputs (query and gate per head).
  const double q_proj_width = m.attention_output_gate ? 2 * q_width : q_width;
  double params = h * q_proj_width + 2 * h * kv_width + q_width * h;
  if (m.attention_bias) params += q_width + 2 * kv_width;
  if (m.attention_out_bias) params += h;
  return params;
}

// Norm weights of one layer's residual branches.
double layer_norm_params(const ModelArch& m) {
  const double norm_width = m.layer_norm_with_bias ? 2.0 * m.hidden_size : m.hidden_size;
  return m.norms_per_layer * norm_width;
}

// Norms inside the attention: QK-norm (over head_dim) or MLA's q_a / kv_a norms over the latent
// ranks.
double attention_norm_params(const ModelArch& m) {
  if (m.attention == AttentionKind::mla) return double(m.q_lora_rank) + m.kv_lora_rank;
  return m.qk_norm ? 2.0 * m.head_dim : 0.0;
}

}  // namespace

ParamCounts count_params(const ModelArch& model) {
  return count_normalized_params(normalize_model(model));
}

ParamCounts count_normalized_params(const ModelArch& m) {
  ParamCounts p;
  const double h = m.hidden_size;
  p.embedding = double(m.vocab_size) * h;
  if (m.learned_position_embeddings) p.embedding += double(m.max_position_embeddings) * h;
  p.lm_head = m.tie_word_embeddings ? 0 : double(m.vocab_size) * h;

  const double attention = attention_params(m);
  const double attention_norms = attention_norm_params(m);
  const double recurrent = recurrent_mixer_params(m);
  const double layer_norms = layer_norm_params(m);
  const double dense_mlp = mlp_params(m, m.intermediate_size, m.mlp_bias);
  const double expert = mlp_params(m, m.moe_intermediate_size, m.mlp_bias);
  const double shared =
      m.num_shared_experts * mlp_params(m, m.shared_expert_intermediate_size, false) +
      (m.num_shared_experts > 0 && m.shared_expert_gate ? h : 0.0);
  // Router: a hidden x experts matrix (gpt-oss, whose linears carry biases, adds one per expert).
  const double router = h * m.num_experts + (m.mlp_bias ? m.num_experts : 0);

  // Layer counts, not a walk over the layers: the solvers' searches count parameters often.
  const double layers = std::max(0, m.num_layers);
  const double attention_layers = attention_layer_count(m);
  const double moe_layers = moe_layer_count(m);
  const double dense_mlp_layers = std::max(0.0, mlp_layer_count(m) - moe_layers);
  p.norms = layers * layer_norms + attention_layers * attention_norms;
  p.attention = attention_layers * attention;
  p.recurrent = recurrent_layer_count(m) * recurrent;
  p.mlp = moe_layers * (m.num_experts * expert + shared + router) + dense_mlp_layers * dense_mlp;
  p.routed_experts = moe_layers * m.num_experts * expert;
  // Routed experts a token does not use, summed over the MoE layers.
  const double skipped_experts = moe_layers * double(m.num_experts - m.experts_per_token) * expert;
  p.norms += m.layer_norm_with_bias ? 2 * h : h;  // final norm

  p.total = p.embedding + p.lm_head + p.attention + p.recurrent + p.mlp + p.norms;
  p.active = p.total - skipped_experts;  // a text token's: the image encoder runs per image
  p.vision = std::max(0.0, m.vision_params);
  p.total += p.vision;
  return p;
}

}  // namespace sizer
