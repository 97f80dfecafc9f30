// The assumptions table: every efficiency factor and overhead the engine uses, its default per
// engine profile, and where the value comes from. Row ids (M-0xx) refer to
// shared/reference/calibration.csv; docs/VALIDATION.md shows how each group of rows is met.
#include "sizer/assumptions.hpp"

#include <cmath>
#include <functional>

namespace sizer {
namespace {

constexpr double kGiB = 1073741824.0;

struct Field {
  AssumptionInfo info;
  std::function<double(const Assumptions&)> get;
  std::function<void(Assumptions&, double)> set;
};

int to_int(double v) { return static_cast<int>(std::lround(v)); }

const std::vector<Field>& fields() {
  static const std::vector<Field> table = {
      {{"decodeBandwidthEfficiency", "Decode bandwidth efficiency (GDDR / unified memory)",
        "fraction",
        "llama.cpp batch-1 decode on GDDR cards and Apple unified memory, rows M-001..M-033 "
        "(fit with the per-layer overhead below: 0.93 GDDR, 0.83 Apple)"},
       [](const Assumptions& a) { return a.decode_bandwidth_efficiency; },
       [](Assumptions& a, double v) { a.decode_bandwidth_efficiency = v; }},
      {{"decodeBandwidthEfficiencyHbm", "Decode bandwidth efficiency (HBM cards)", "fraction",
        "llama.cpp batch-1 decode on A100/H100, rows M-010..M-017 (fit 0.66); NVIDIA "
        "aiconfigurator applies 0.8 to HBM bandwidth for tuned engines"},
       [](const Assumptions& a) { return a.decode_bandwidth_efficiency_hbm; },
       [](Assumptions& a, double v) { a.decode_bandwidth_efficiency_hbm = v; }},
      {{"decodeOverheadSecondsPerLayer", "Fixed time per layer per decode step", "seconds",
        "kernel launches and host work: llama.cpp ~0.1 ms (rows M-001..M-033), eager HF "
        "Transformers ~0.6 ms (rows M-131, M-135; Phi-1.5, row M-129, spends ~0.9 ms)"},
       [](const Assumptions& a) { return a.decode_overhead_seconds_per_layer; },
       [](Assumptions& a, double v) { a.decode_overhead_seconds_per_layer = v; }},
      {{"dequantOverheadSecondsPerLayer", "Extra time per layer per step for bitsandbytes",
        "seconds",
        "separate dequantize kernels per linear layer: rows M-133, M-137, M-139, M-141, M-143 "
        "spend ~0.5-1 ms per layer more than the BF16 rows"},
       [](const Assumptions& a) { return a.dequant_overhead_seconds_per_layer; },
       [](Assumptions& a, double v) { a.dequant_overhead_seconds_per_layer = v; }},
      {{"prefillComputeEfficiency", "Prefill compute efficiency", "fraction",
        "achieved / dense peak in prompt processing: llama.cpp pp512 rows M-034..M-047 "
        "(0.23-0.46 of the FP16-accumulate peak); cuBLAS GEMMs reach ~0.8 (stas00 MAMF table)"},
       [](const Assumptions& a) { return a.prefill_compute_efficiency; },
       [](Assumptions& a, double v) { a.prefill_compute_efficiency = v; }},
      {{"prefillComputeEfficiencySimd", "Prefill compute efficiency without tensor cores",
        "fraction",
        "llama.cpp Metal prompt processing reaches 0.55-0.75 of the FP32 peak on Apple GPUs "
        "(rows M-044, M-045, M-046)"},
       [](const Assumptions& a) { return a.prefill_compute_efficiency_simd; },
       [](Assumptions& a, double v) { a.prefill_compute_efficiency_simd = v; }},
      {{"decodeComputeEfficiency", "Decode compute efficiency (large batches)", "fraction",
        "fraction of dense peak once decode is compute-bound: batched GEMMs ~0.5; vLLM at "
        "256 sequences ~0.35 (serving rows M-191..M-194)"},
       [](const Assumptions& a) { return a.decode_compute_efficiency; },
       [](Assumptions& a, double v) { a.decode_compute_efficiency = v; }},
      {{"trainingMfu", "Training model FLOPs utilisation", "fraction",
        "fraction of peak reached by the executed FLOPs (recompute included): llm-foundry MPT "
        "rows M-250..M-276 reach 0.6-0.74 on A100 and 0.4-0.57 on H100 (0.55 generic); PaLM, "
        "Megatron and Llama 3 report 0.35-0.55 MFU; HF Trainer profile 0.4"},
       [](const Assumptions& a) { return a.training_mfu; },
       [](Assumptions& a, double v) { a.training_mfu = v; }},
      {{"cudaContextBytes", "CUDA context and driver", "bytes",
        "0.3-1 GiB per process (formulas.md, Units); seed 004 budgets 1.3 GB"},
       [](const Assumptions& a) { return a.cuda_context_bytes; },
       [](Assumptions& a, double v) { a.cuda_context_bytes = v; }},
      {{"engineReserveFraction", "Memory the engine leaves unused", "fraction",
        "vLLM gpu_memory_utilization 0.9 (default) leaves 10% of the card"},
       [](const Assumptions& a) { return a.engine_reserve_fraction; },
       [](Assumptions& a, double v) { a.engine_reserve_fraction = v; }},
      {{"frameworkOverheadFraction", "Framework working memory", "fraction",
        "allocator fragmentation and workspaces as a share of weights: HF rows M-130/M-134 "
        "(peak allocated within 1% of weights), seeds' 20% rule is an upper bound"},
       [](const Assumptions& a) { return a.framework_overhead_fraction; },
       [](Assumptions& a, double v) { a.framework_overhead_fraction = v; }},
      {{"linkEfficiency", "Collective bandwidth efficiency", "fraction",
        "NCCL bus bandwidth reaches ~0.7-0.8 of the NVLink / IB spec (nccl-tests)"},
       [](const Assumptions& a) { return a.link_efficiency; },
       [](Assumptions& a, double v) { a.link_efficiency = v; }},
      {{"collectiveLatencySeconds", "Latency per collective call", "seconds",
        "NCCL small-message all-reduce latency ~10 us inside a node"},
       [](const Assumptions& a) { return a.collective_latency_s; },
       [](Assumptions& a, double v) { a.collective_latency_s = v; }},
      {{"hostBandwidthEfficiency", "Host RAM bandwidth efficiency", "fraction",
        "STREAM-like reads reach ~0.7 of DDR spec"},
       [](const Assumptions& a) { return a.host_bandwidth_efficiency; },
       [](Assumptions& a, double v) { a.host_bandwidth_efficiency = v; }},
      {{"kvBlockTokens", "KV cache block size", "tokens",
        "vLLM PagedAttention block_size 16; contiguous engines 1"},
       [](const Assumptions& a) { return static_cast<double>(a.kv_block_tokens); },
       [](Assumptions& a, double v) { a.kv_block_tokens = to_int(v); }},
      {{"prefillChunkTokens", "Prefill chunk", "tokens",
        "llama.cpp n_ubatch 512; vLLM max_num_batched_tokens 2048 (chunked prefill); 0 = "
        "whole prompt"},
       [](const Assumptions& a) { return static_cast<double>(a.prefill_chunk_tokens); },
       [](Assumptions& a, double v) { a.prefill_chunk_tokens = to_int(v); }},
      {{"prefillMaterializesScores", "Prefill materializes the attention scores", "flag",
        "llama-bench default flash_attn off (rows M-001..M-053); vLLM and SDPA use fused "
        "kernels"},
       [](const Assumptions& a) { return a.prefill_materializes_scores; },
       [](Assumptions& a, double v) { a.prefill_materializes_scores = v; }},
      {{"inferenceActivationBytes", "Bytes per working-buffer element", "bytes",
        "llama.cpp keeps intermediate tensors in FP32 (4); PyTorch engines in BF16/FP16 (2)"},
       [](const Assumptions& a) { return a.inference_activation_bytes; },
       [](Assumptions& a, double v) { a.inference_activation_bytes = v; }},
      {{"prefillLogitPositions", "Logit positions kept in prefill", "tokens",
        "serving engines keep the last position (1); generate() in older HF Transformers "
        "keeps all (0)"},
       [](const Assumptions& a) { return static_cast<double>(a.prefill_logit_positions); },
       [](Assumptions& a, double v) { a.prefill_logit_positions = to_int(v); }},
  };
  return table;
}

}  // namespace

Assumptions default_assumptions(Engine engine) {
  Assumptions a;  // generic: a well-tuned PyTorch engine without paging
  a.decode_bandwidth_efficiency = 0.8;
  a.decode_bandwidth_efficiency_hbm = 0.65;
  a.decode_overhead_seconds_per_layer = 30e-6;
  a.prefill_compute_efficiency = 0.5;
  a.decode_compute_efficiency = 0.5;
  a.training_mfu = 0.55;
  a.cuda_context_bytes = 0.5 * kGiB;
  a.framework_overhead_fraction = 0.05;
  a.prefill_chunk_tokens = 2048;  // chunked prefill bounds the working set
  switch (engine) {
    case Engine::generic:
      break;
    case Engine::vllm:
      // CUDA graphs remove most launch overhead; paged KV in 16-token blocks; 10% reserve.
      a.decode_overhead_seconds_per_layer = 20e-6;
      a.prefill_compute_efficiency = 0.6;
      // Batched decode GEMMs (a few hundred rows) and paged attention reach ~0.35 of peak:
      // serving rows M-191..M-194.
      a.decode_compute_efficiency = 0.35;
      a.engine_reserve_fraction = 0.1;
      a.framework_overhead_fraction = 0.01;
      a.kv_block_tokens = 16;
      a.prefill_chunk_tokens = 2048;
      break;
    case Engine::llama_cpp:
      a.decode_bandwidth_efficiency = 0.9;
      a.decode_bandwidth_efficiency_hbm = 0.65;
      a.decode_overhead_seconds_per_layer = 100e-6;
      a.prefill_compute_efficiency = 0.38;
      a.prefill_compute_efficiency_simd = 0.63;
      a.cuda_context_bytes = 0.3 * kGiB;
      a.framework_overhead_fraction = 0.0;
      a.prefill_chunk_tokens = 512;
      a.prefill_materializes_scores = 1.0;
      a.inference_activation_bytes = 4.0;
      break;
    case Engine::transformers:
      a.decode_bandwidth_efficiency = 0.8;
      a.decode_bandwidth_efficiency_hbm = 0.8;
      a.decode_overhead_seconds_per_layer = 600e-6;
      a.dequant_overhead_seconds_per_layer = 600e-6;
      a.prefill_compute_efficiency = 0.4;
      a.framework_overhead_fraction = 0.02;
      a.prefill_chunk_tokens = 0;  // generate() runs the whole prompt in one forward pass
      a.prefill_logit_positions = 0;
      a.training_mfu = 0.4;  // HF Trainer / eager PyTorch, below Megatron-class stacks
      break;
  }
  return a;
}

const std::vector<AssumptionInfo>& assumption_table() {
  static const std::vector<AssumptionInfo> infos = [] {
    std::vector<AssumptionInfo> out;
    for (const Field& f : fields()) out.push_back(f.info);
    return out;
  }();
  return infos;
}

bool get_assumption(const Assumptions& a, const std::string& key, double& out) {
  for (const Field& f : fields()) {
    if (f.info.key == key) {
      out = f.get(a);
      return true;
    }
  }
  return false;
}

bool set_assumption(Assumptions& a, const std::string& key, double value) {
  if (!std::isfinite(value)) return false;
  for (const Field& f : fields()) {
    if (f.info.key == key) {
      f.set(a, value);
      return true;
    }
  }
  return false;
}

std::string engine_id(Engine e) {
  switch (e) {
    case Engine::generic:
      return "generic";
    case Engine::vllm:
      return "vllm";
    case Engine::llama_cpp:
      return "llama.cpp";
    case Engine::transformers:
      return "transformers";
  }
  return "generic";
}

bool parse_engine(const std::string& id, Engine& out) {
  for (Engine e : {Engine::generic, Engine::vllm, Engine::llama_cpp, Engine::transformers}) {
    if (engine_id(e) == id) {
      out = e;
      return true;
    }
  }
  if (id == "llamacpp" || id == "llama-cpp") {
    out = Engine::llama_cpp;
    return true;
  }
  return false;
}

}  // namespace sizer
