// KV cache: per-token bytes, sliding windows, paged blocks, tensor / pipeline splits.
#include "sizer/kv_cache.hpp"

#include <algorithm>
#include <cmath>

#include "sizer/layers.hpp"

namespace sizer {

double kv_cache_bytes_per_token_per_layer(const ModelArch& m, const NumberFormat& kv) {
  const double bytes = kv.bits_per_weight / 8.0;
  if (m.attention == AttentionKind::mla) {
    // MLA caches the compressed latent and the shared RoPE key, not per-head K and V.
    return (m.kv_lora_rank + m.qk_rope_head_dim) * bytes;
  }
  const int kv_heads = m.num_kv_heads > 0 ? m.num_kv_heads : m.num_heads;
  const int head_dim =
      m.head_dim > 0 ? m.head_dim : (m.num_heads > 0 ? m.hidden_size / m.num_heads : 0);
  return 2.0 * kv_heads * head_dim * bytes;
}

double kv_cache_bytes_per_token(const ModelArch& m, const NumberFormat& kv) {
  return kv_cache_bytes_per_token_per_layer(m, kv) * attention_layer_count(m);
}

int global_attention_layers(const ModelArch& m) {
  if (m.sliding_window <= 0) return attention_layer_count(m);
  if (m.local_global_period <= 0) return 0;
  // Gemma 2: period 2, 1 global; Gemma 3: period 6, 1 global; gpt-oss: period 2, 1 global.
  const int full_periods = m.num_layers / m.local_global_period;
  const int rest = m.num_layers % m.local_global_period;
  // Global layers close each period, so a partial period holds only local layers unless it is
  // longer than the local part.
  const int local_per_period = m.local_global_period - m.global_layers_per_period;
  return full_periods * m.global_layers_per_period + std::max(0, rest - local_per_period);
}

double kv_tokens_held(const ModelArch& m, double context_tokens, bool global_layer,
                      int block_tokens) {
  double tokens = std::max(0.0, context_tokens);
  if (!global_layer && m.sliding_window > 0) tokens = std::min(tokens, double(m.sliding_window));
  if (block_tokens > 1) tokens = std::ceil(tokens / block_tokens) * block_tokens;
  return tokens;
}

double kv_heads_per_rank(const ModelArch& m, int tp) {
  const int kv_heads = m.num_kv_heads > 0 ? m.num_kv_heads : m.num_heads;
  if (m.attention == AttentionKind::mla || tp <= 1) return kv_heads;
  // vLLM / Megatron replicate KV heads when there are fewer heads than ranks.
  return std::max(1.0, std::ceil(double(kv_heads) / tp));
}

double kv_cache_bytes(const ModelArch& m, const NumberFormat& kv, double context_tokens, int batch,
                      int block_tokens, int tp, int pp) {
  if (m.num_layers <= 0) return 0.0;
  tp = std::max(1, tp);
  pp = std::max(1, pp);
  const int kv_heads = m.num_kv_heads > 0 ? m.num_kv_heads : m.num_heads;
  double per_layer = kv_cache_bytes_per_token_per_layer(m, kv);
  if (m.attention == AttentionKind::standard && kv_heads > 0) {
    per_layer *= kv_heads_per_rank(m, tp) / kv_heads;
  }
  const int global = global_attention_layers(m);
  const int local = std::max(0, attention_layer_count(m) - global);
  // The most loaded pipeline stage holds ceil(L / pp) layers, in the model's global/local mix.
  const double stage_share = std::ceil(double(m.num_layers) / pp) / m.num_layers;
  const double per_seq =
      per_layer * (global * kv_tokens_held(m, context_tokens, true, block_tokens) +
                   local * kv_tokens_held(m, context_tokens, false, block_tokens));
  return per_seq * stage_share * std::max(0, batch);
}

double recurrent_state_bytes(const ModelArch& m, int batch, int tp, int pp,
                             double bytes_per_value) {
  const int layers = recurrent_layer_count(m);
  if (layers <= 0 || m.num_layers <= 0) return 0.0;
  // Heads (and the convolution's channels) split over tensor-parallel ranks like attention
  // heads; the busiest pipeline stage holds ceil(L / pp) of the layers in the model's mix.
  const double stage_share = std::ceil(double(m.num_layers) / std::max(1, pp)) / m.num_layers;
  return recurrent_state_values_per_layer(m) * layers * stage_share * bytes_per_value *
         std::max(0, batch) / std::max(1, tp);
}

}  // namespace sizer
