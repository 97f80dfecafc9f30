// Inference speed by roofline (docs/METHOD.md, "Inference speed").
#pragma once

#include "sizer/estimate.hpp"

namespace sizer {

// Dense peak FLOP/s of the card for a matmul compute path (llama.cpp uses FP16-accumulate
// GEMMs; PyTorch engines the BF16 / FP32-accumulate rate; cards without tensor cores FP32; a
// path the card lacks falls back to its 16-bit rate).
double peak_flops(const Gpu& gpu, ComputeType compute, Engine engine);

// The host CPU's peak for matmuls on these weights: INT8 dot products for formats of 8 bits or
// fewer (llama.cpp quantizes the activations to Q8), FP32 FMAs for 16-bit weights.
double cpu_peak_flops(const HostProfile& host, const NumberFormat& weights);

// The peak the scenario's matmuls run at: the card's for its compute path, or the CPU's when
// the CPU is the device (`gpu: "cpu"`).
double inference_peak_flops(const Scenario& normalized);

// The rate the scenario's matmuls sustain before any engine's efficiency: the card's peak x the
// share measured matmuls reach on it (matmul_efficiency in core/data/gpus.csv, the stas00 MAMF
// table; assumptions.matmulEfficiencyDefault for cards not measured); the CPU's peak as it is.
// Engine compute efficiencies (prefill, batched decode) are shares of this rate.
double inference_sustained_flops(const Scenario& normalized);

// The path a scenario's matmuls take: the weight format's own, or the activations' precision
// when the request sets one (W8A8 / W4A8 on FP8 or INT8 tensor cores, W8A16 / W4A16 on 16-bit).
ComputeType matmul_compute_type(const Scenario& scenario);

// Spec bandwidth x the engine's efficiency for this memory type, bytes/s.
double effective_bandwidth_bytes_per_s(const Gpu& gpu, const Assumptions& a);

// Parameters a token multiplies through (active params minus the input-embedding lookup).
double matmul_params(const ParamCounts& params, const ModelArch& model);

// Attention FLOPs for one new token attending to `context` tokens: 4 x L x context x a x d.
// MLA decode in serving engines (vLLM, SGLang, DeepSeek's FlashMLA) runs on the absorbed weights:
// queries meet the cached latent directly, so q.k spans kv_lora_rank + rope dims (576 for
// DeepSeek-V3) and the value product kv_lora_rank (512), not the per-head 192 / 128.
double attention_flops_per_token(const ModelArch& model, double context, bool absorbed = false);

// One group of a decode step's kernels: the time its reads take at the effective bandwidth and
// the time its FLOPs take at the sustained rate x the engine's efficiency.
struct KernelGroupTimes {
  double read_seconds = 0;
  double flop_seconds = 0;
};

// A decode step's roofline time split by what bounds each kernel group.
struct DecodeRoofline {
  double memory_bound_seconds = 0;   // groups whose reads take longer than their FLOPs
  double compute_bound_seconds = 0;  // groups whose FLOPs take longer than their reads
};

// The matmuls and the attention run one after the other, each bounded by its own roofline:
// max(reads, FLOPs) of each group, summed (docs/METHOD.md, "Kernel groups").
DecodeRoofline decode_kernel_rooflines(const KernelGroupTimes& matmuls,
                                       const KernelGroupTimes& attention);

// Prefill FLOPs for one prompt of s tokens: 2 x N x s + causal attention 2 x L x s^2 x a x d.
double prefill_flops(const ModelArch& model, const ParamCounts& params, double prompt_tokens);

// Weight bytes one decode step reads from every GPU's memory together (MoE: expected union of
// experts chosen by the batch).
double decode_weight_bytes_read(const Scenario& normalized, const ParamCounts& params);

// Weight-only kernels (W4A16 / W8A16: Marlin, AWQ, GPTQ) dequantize each weight on the SMs
// before a 16-bit matmul. Returns the time that takes per weight as a fraction of the time a
// 16-bit weight's read takes at the decode bandwidth (assumption weightOnlyKernelShare, the share
// a 4-bit kernel reaches: 0.25 (1 / share - 1)); 0 for other formats and engines.
double weight_only_dequant_read_fraction(const Scenario& normalized);

// Weights a weight-only kernel runs (W4A16 / W8A16: GPTQ, AWQ, HQQ... on a GPU with 16-bit
// activations; not GGUF, bitsandbytes, FP8 or a CPU).
bool runs_weight_only_kernels(const Scenario& normalized);

// MXFP4 weights on Hopper or Blackwell: the serving engines' MXFP4 MoE kernels there
// (triton_kernels matmul_ogs, FlashInfer's TRT-LLM MoE) unpack the 4-bit values in the tensor-core
// pipeline, so neither the weight-only dequantization share nor the weight-only MoE kernel's time
// applies.
bool runs_mma_fed_mxfp4(const Scenario& normalized);

// The MoE layers run the weight-only MoE kernel: weight-only kernels run, the profile sets
// weightOnlyMoeKernelSeconds, and the weights are not MXFP4 on Hopper or Blackwell.
bool uses_weight_only_moe_kernel(const Scenario& normalized);

// A fused MoE kernel's fixed time per MoE layer and forward pass: weightOnlyMoeKernelSeconds
// where uses_weight_only_moe_kernel, else fusedMoeKernelSeconds; 0 for a dense model.
double fused_moe_kernel_seconds(const Scenario& normalized);

// The first llama.cpp build whose NVIDIA decode takes llamaCppCudaOverheadSecondsPerLayer: the
// builds measured before it (May and August 2024) spend 70-100 us per layer, those after it
// (September 2025 on) 20-45 us (tests/validation/data/notes.md, "llama.cpp's per-layer time by
// build"); the compute graph is reused across tokens from PR #14482 (July 2025).
constexpr double kLlamaCppCurrentCudaBuild = 6000;

// The fixed time per layer and decode step for a current llama.cpp build (kLlamaCppCurrentCudaBuild
// on, or unstated): its Vulkan backend (llamaCppVulkan) takes llamaCppVulkanOverheadSecondsPerLayer
// on any card, its CUDA backend on a card that runs CUDA graphs (Ampere or newer)
// llamaCppCudaOverheadSecondsPerLayer; every other case decodeOverheadSecondsPerLayer.
double decode_overhead_seconds_per_layer(const Scenario& normalized);

// Bytes one prompt chunk moves rebuilding 16-bit weights from quantized ones (all GPUs
// together): each quantized weight read at its bits and written as 2 bytes; 0 unless
// assumption prefillDequantizesWeights is on for a quantized format on a discrete GPU.
double prefill_dequantize_bytes(const Scenario& normalized, const ParamCounts& params);

// Fills the InferenceResult speed fields (not max_batch / max_context).
void compute_inference_speed(const Scenario& normalized, const ParamCounts& params,
                             InferenceResult& out);

// The card's dense peak for the scenario's compute path and its ridge point (peak / bandwidth).
void fill_roofline(const Scenario& normalized, Estimate& out);

}  // namespace sizer
