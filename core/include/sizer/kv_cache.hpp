// KV cache sizes (docs/METHOD.md, "KV cache"). Bytes are decimal doubles.
#pragma once

#include "sizer/catalog.hpp"

namespace sizer {

// Bytes one token adds to one layer's cache: 2 x kv_heads x head_dim x bytes (K and V), or for
// multi-head latent attention (kv_lora_rank + qk_rope_head_dim) x bytes.
double kv_cache_bytes_per_token_per_layer(const ModelArch& model, const NumberFormat& kv_format);

// All attention layers, one sequence, no sliding-window cap: Llama-2-7B FP16 = 512 KiB.
double kv_cache_bytes_per_token(const ModelArch& model, const NumberFormat& kv_format);

// Layers that attend to every token (the rest hold at most sliding_window tokens).
int global_attention_layers(const ModelArch& model);

// Tokens one sequence keeps in a layer of each kind, after block rounding.
double kv_tokens_held(const ModelArch& model, double context_tokens, bool global_layer,
                      int block_tokens);

// KV heads each tensor-parallel rank stores (replicated when tp > kv heads; MLA is replicated).
double kv_heads_per_rank(const ModelArch& model, int tensor_parallel);

// Bytes on the most loaded GPU for `batch` sequences of `context_tokens` each.
double kv_cache_bytes(const ModelArch& model, const NumberFormat& kv_format, double context_tokens,
                      int batch, int block_tokens, int tensor_parallel, int pipeline_parallel);

// Hybrid models: the recurrent layers' state on the most loaded GPU for `batch` sequences. It
// does not grow with the context (Qwen3-Next-80B-A3B: 36 Gated DeltaNet layers x 548,864
// values = 39.5 MB per sequence at 2 bytes).
double recurrent_state_bytes(const ModelArch& model, int batch, int tensor_parallel,
                             int pipeline_parallel, double bytes_per_value);

}  // namespace sizer
