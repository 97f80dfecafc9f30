// Every efficiency factor and overhead constant the engine uses: a named field with a default, a
// one-line source, and a user override. The table in assumptions.cpp owns the defaults.
#pragma once

#include <string>
#include <vector>

namespace sizer {

enum class Engine { generic, vllm, llama_cpp, transformers };

struct Assumptions {
  // Fraction of spec memory bandwidth reached by decode (weights + KV reads).
  double decode_bandwidth_efficiency = 0.6;
  // Fraction of dense tensor peak reached by prefill matmuls.
  double prefill_compute_efficiency = 0.5;
  // Fraction of dense tensor peak reached by decode matmuls once compute-bound.
  double decode_compute_efficiency = 0.5;
  // Model FLOPs utilisation for training (achieved / dense peak).
  double training_mfu = 0.4;
  // Memory taken by the driver and CUDA context, per GPU, bytes.
  double cuda_context_bytes = 0.5 * 1073741824.0;
  // Fraction of card memory the engine refuses to use (vLLM gpu_memory_utilization = 0.9 -> 0.1).
  double engine_reserve_fraction = 0.0;
  // Framework working memory / allocator fragmentation as a fraction of weights.
  double framework_overhead_fraction = 0.05;
  // Fraction of link bandwidth reached by collectives (NCCL bus bandwidth / spec).
  double link_efficiency = 0.7;
  // Fixed latency per collective call, seconds.
  double collective_latency_s = 10e-6;
  // Fraction of host (CPU RAM) bandwidth reached when streaming offloaded weights.
  double host_bandwidth_efficiency = 0.7;
  // Paged KV cache block size in tokens (vLLM 16); 1 = contiguous.
  int kv_block_tokens = 1;
  // Fraction of spec bandwidth reached by decode on HBM cards (A100, H100, MI300...). Batch-1
  // decode kernels leave HBM parts further from their spec than GDDR / unified-memory parts.
  double decode_bandwidth_efficiency_hbm = 0.6;
  // Fixed time per layer per decode step (kernel launches, host work), seconds.
  double decode_overhead_seconds_per_layer = 50e-6;
  // Extra time per layer per step for formats dequantized by separate kernels (bitsandbytes).
  double dequant_overhead_seconds_per_layer = 0.0;
  // Prompt tokens processed per forward pass during prefill (llama.cpp n_ubatch 512); 0 = all.
  int prefill_chunk_tokens = 0;
  // 1 = prefill attention materializes the score matrix (no FlashAttention); 0 = fused kernel.
  double prefill_materializes_scores = 0.0;
  // Bytes per element of inference working buffers (llama.cpp computes in FP32: 4).
  double inference_activation_bytes = 2.0;
  // Prefill efficiency on cards without tensor-core figures (Apple GPUs): a fraction of the FP32
  // SIMD peak, which kernels reach more fully than tensor-core peaks.
  double prefill_compute_efficiency_simd = 0.6;
  // Logit positions the engine keeps during prefill (1 = last only; 0 = every prompt position).
  int prefill_logit_positions = 1;
};

// Defaults for an engine profile. Each profile is a named set of documented overheads.
Assumptions default_assumptions(Engine engine);

// One row of the assumptions table shown to the user.
struct AssumptionInfo {
  std::string
      key;  // field name as used in requests and share links, e.g. "decodeBandwidthEfficiency"
  std::string label;   // short human label
  std::string unit;    // "fraction", "bytes", "seconds", "tokens"
  std::string source;  // one line: paper / datasheet / calibration row ids
};

const std::vector<AssumptionInfo>& assumption_table();

// Read / write a field by key (for the UI, overrides and share links). Returns false if unknown.
bool get_assumption(const Assumptions& a, const std::string& key, double& out);
bool set_assumption(Assumptions& a, const std::string& key, double value);

std::string engine_id(Engine e);  // "generic", "vllm", "llama.cpp", "transformers"
bool parse_engine(const std::string& id, Engine& out);

}  // namespace sizer
