// Weights, gradients, optimizer states and overheads (docs/METHOD.md, "Memory").
#pragma once

#include "sizer/catalog.hpp"
#include "sizer/estimate.hpp"
#include "sizer/layers.hpp"
#include "sizer/scenario.hpp"

namespace sizer {

// Bytes of the whole model in `format`: every tensor at bits_per_weight, except embeddings,
// LM head and norms which stay 16-bit when the format keeps them (GPTQ/AWQ/bnb/FP8).
double weights_bytes(const ParamCounts& params, const NumberFormat& format);

// Bytes per parameter of the tensors other than the routed experts (the format's own width unless
// it quantizes only the experts).
double non_expert_bytes_per_param(const NumberFormat& format);

// Bytes per parameter of a format's side tensors: norms (16-bit when the format keeps them), the
// LM head and the token embedding (a GGUF file type's own types for them, see NumberFormat).
double side_bytes_per_param(const NumberFormat& format);

// A vision-language model's image encoder stays at 16 bits whatever the weights' format: GGUF
// conversions write it to a separate F16 mmproj file, AWQ / GPTQ / FP8 checkpoints list the
// vision tower in modules_to_not_convert / ignore.
constexpr double kVisionBytesPerParam = 2.0;

// The image encoder's bytes an inference run does not load: llama.cpp reads it from a separate
// mmproj file (--mmproj), so a text-only run leaves it on disk; other engines load the whole
// checkpoint.
double unloaded_vision_bytes(const Scenario& normalized, const ParamCounts& params);
double lm_head_bytes_per_param(const NumberFormat& format);
double embedding_bytes_per_param(const NumberFormat& format, const ParamCounts& params);

// Weights on the most loaded GPU: transformer layers split over tensor x pipeline; the first
// pipeline stage also holds the embedding and the last the LM head (the larger one counts).
double weights_bytes_per_gpu(const ParamCounts& params, const NumberFormat& format,
                             int tensor_parallel, int pipeline_parallel);

// Parameters of the routed experts (all experts, all MoE layers); 0 for dense models.
double routed_expert_params(const ModelArch& model);

// Expected distinct experts per MoE layer touched by `tokens` tokens: E x (1 - (1 - k/E)^tokens).
double expected_experts_touched(const ModelArch& model, double tokens);

// Training: bytes per parameter of gradients and optimizer states (before ZeRO sharding).
double gradient_bytes_per_param(const TrainingWorkload& t, const NumberFormat& weights_format);
double optimizer_bytes_per_param(const TrainingWorkload& t, const NumberFormat& weights_format,
                                 const ModelArch& model);

// LoRA: trainable parameters r x (d_in + d_out) summed over the adapted matrices of all layers.
double lora_trainable_params(const ModelArch& model, int rank,
                             const std::vector<std::string>& targets);

// Memory the device lets the model use: the reported capacity, or on Apple's unified memory the
// Metal working-set limit (a share of RAM, assumption unifiedMemoryGpuFraction).
double usable_capacity_bytes(const Gpu& gpu, const Assumptions& a);

// Memory the device loses before the model loads: the CUDA context on a GPU, what the OS keeps
// when the CPU is the device (`hostOsReserveBytes`).
double device_context_bytes(const Scenario& normalized);

// What vLLM's start-up profiling pass peaks at on the busiest GPU (the pool is sized after it):
// the larger of a forward pass of max_num_batched_tokens dummy tokens (prefillChunkTokens;
// without chunked prefill max(max_model_len, 2048)) and the dummy sampler run that follows it,
// over the whole vocabulary for samplerProfileSequences sequences at samplerBytesPerLogit each
// (docs/METHOD.md, "vLLM's profiling pass").
double profiled_activation_bytes(const Scenario& normalized);

// Serving engines that size one KV pool at start-up (vLLM, and SGLang and TensorRT-LLM, which
// start from its profile) hold that pool whatever context a request asks for.
bool sizes_kv_pool_at_startup(const Scenario& normalized);
// Tokens the pool holds on the busiest GPU, in whole blocks (vLLM's "GPU KV cache size: N
// tokens"): the memory left for KV at this configuration / KV bytes per token on that GPU.
int kv_pool_tokens(const Scenario& normalized, const MemoryBreakdown& memory);

// The full memory breakdown of a normalized, valid scenario (per GPU, plus host RAM). Numbers
// only: first_reason stays empty (memory_shortfall_text() writes it), so searches stay cheap.
MemoryBreakdown memory_breakdown(const Scenario& normalized, const ParamCounts& params);

// Why a breakdown does not fit, in one sentence naming the largest term; "" when it fits.
std::string memory_shortfall_text(const MemoryBreakdown& breakdown, const Scenario& normalized);

}  // namespace sizer
