// Every efficiency factor and overhead constant the engine uses: a named field, its default, its
// valid range, a one-line source, and the engine profiles that change it. The tables in
// assumptions.cpp own every value; the struct below only holds them.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace sizer {

enum class Engine {
  generic,
  vllm,
  llama_cpp,
  transformers,
  sglang,
  tensorrt_llm,
  ollama,
  mlc,
  exllamav2,
  autoawq
};

// Training frameworks (docs/METHOD.md, "Training frameworks"): what each keeps in GPU memory for
// the loss, the checkpoints and the elementwise ops, as changes to the training assumptions.
// Axolotl and LLaMA-Factory run Hugging Face Transformers + PEFT/TRL.
enum class TrainingFramework {
  generic,
  transformers,
  unsloth,
  torchtune,
  torchtitan,
  megatron,
  deepspeed,
  litgpt
};

// Filled by default_assumptions() (and the user's overrides, in normalize()); never read a
// default from here: the zeros are placeholders.
struct Assumptions {
  double decode_bandwidth_efficiency = 0;      // fraction of spec bandwidth, GDDR / unified
  double decode_bandwidth_efficiency_hbm = 0;  // fraction of spec bandwidth, HBM cards
  double decode_overhead_seconds_per_layer = 0;
  // llama.cpp on NVIDIA cards from build kLlamaCppCurrentCudaBuild (or an unstated build): the
  // per-layer time that replaces decode_overhead_seconds_per_layer (inference_speed.cpp).
  double llama_cpp_cuda_overhead_seconds_per_layer = 0;
  double llama_cpp_build = 0;  // the llama.cpp build the figures are for; 0 = a current build
  // 1: llama.cpp runs its Vulkan backend (any vendor); its per-layer time replaces the others.
  double llama_cpp_vulkan = 0;
  double llama_cpp_vulkan_overhead_seconds_per_layer = 0;
  double dequant_overhead_seconds_per_layer = 0;  // bitsandbytes' separate dequantize kernels
  double prefill_compute_efficiency = 0;          // fraction of dense tensor peak
  double prefill_compute_efficiency_simd = 0;     // fraction of FP32 peak (no tensor cores)
  double decode_compute_efficiency = 0;           // fraction of dense peak, large batches
  double training_mfu = 0;                        // achieved / the card's sustained matmul rate
  double matmul_efficiency_default = 0;     // sustained matmul share for cards nobody measured
  double attention_efficiency_default = 0;  // fused attention kernels' share, cards not measured
  double elementwise_bandwidth_efficiency = 0;  // of spec bandwidth, training's elementwise kernels
  double allocator_cache_fraction = 0;  // training: reserved - allocated, of the transient memory
  double cuda_context_bytes = 0;
  double engine_reserve_fraction = 0;      // vLLM gpu_memory_utilization 0.9 -> 0.1
  double reserve_holds_activations = 0;    // 1: activations live inside that reserve (SGLang)
  double kv_free_memory_fraction = 0;      // >0: KV pool = this share of the memory left (TRT-LLM)
  double framework_overhead_fraction = 0;  // of weights
  double link_efficiency = 0;              // NCCL bus bandwidth / spec
  // A collective's latency, NCCL's ring model (src/graph/tuning.cc): a base per call plus one
  // hop latency per ring step over the path the group's GPUs share (communication.hpp).
  // 1: pipeline stages each work on their own micro-batch (vLLM, SGLang, TensorRT-LLM); 0: one
  // batch passes the stages in turn (llama.cpp layer split, Transformers device_map).
  double pipeline_micro_batches = 0;
  double collective_latency_s = 0;
  double nvlink_hop_latency_s = 0;
  double pcie_hop_latency_s = 0;
  double host_staged_hop_latency_s = 0;
  double host_staged_collective_latency_s = 0;  // once per call through host memory
  double network_hop_latency_s = 0;
  // NCCL's protocols for larger messages (tuning.cc): LL's bandwidth is a quarter of the bus's,
  // capped; LL128 (inside an NVLink domain) and Simple (elsewhere) keep the bus bandwidth at a
  // higher latency. communication.hpp takes the faster protocol for each call.
  double ll_bus_bandwidth_cap_gb_per_s = 0;
  double ll128_collective_latency_s = 0;
  double ll128_nvlink_hop_latency_s = 0;
  double simple_collective_latency_s = 0;
  double simple_nvlink_hop_latency_s = 0;
  double simple_pcie_hop_latency_s = 0;
  double simple_network_hop_latency_s = 0;
  double host_bandwidth_efficiency = 0;
  double cpu_compute_efficiency = 0;  // of the CPU's peak, for layers the CPU computes
  double host_os_reserve_bytes = 0;   // RAM the OS keeps when the CPU runs the model (CPU-only)
  int kv_block_tokens = 1;            // paged KV block (vLLM 16); 1 = contiguous
  int prefill_chunk_tokens = 0;       // tokens per prefill forward pass; 0 = whole prompt
  double prefill_materializes_scores = 0;  // 1 = no fused attention kernel in prefill
  double prefill_dequantizes_weights = 0;  // 1 = quantized weights expanded to 16 bits per chunk
  double inference_activation_bytes = 2;   // bytes per working-buffer element
  double recurrent_state_bytes = 2;        // bytes per recurrent-state value (hybrid models)
  int prefill_logit_positions = 1;         // 1 = last position only; 0 = every position
  double unified_memory_gpu_fraction = 0;  // Apple: RAM share Metal lets the GPU hold; 0 = its rule
  double board_power_fraction = 0.76;      // board power while running / rated (TDP)
  // vLLM's start-up profiling pass and quantized kernels (docs/METHOD.md, "vLLM's profiling pass"
  // and "Quantized kernels"; issue 8).
  int sampler_profile_sequences = 0;    // dummy sequences the profiling pass samples; 0 = no pass
  double sampler_bytes_per_logit = 0;   // bytes per sequence x vocabulary entry at its peak
  double engine_non_torch_bytes = 0;    // allocated outside PyTorch during that pass (NCCL, cuBLAS)
  double driver_reserved_bytes = 0;     // device memory the driver keeps from CUDA's total
  double weight_only_kernel_share = 0;  // 4-bit weight-only kernel's share of 16-bit decode
                                        // bandwidth; 0 = the card's rule (Hopper 0.54, else 1)
  double eager_expert_loop_seconds = 0;       // host time per expert an eager MoE block visits
  double fused_moe_kernel_seconds = 0;        // fixed GPU time of a fused MoE kernel per MoE layer
  double weight_only_moe_kernel_seconds = 0;  // the same for 4/8-bit weight-only MoE kernels
  double block_fp8_gemm_floor_seconds = 0;    // least time of a dense block-FP8 GEMM (a few rows)
  double sampling_seconds_per_logit = 0;      // host time per vocabulary entry to sample a token
  double expert_loop_visits_all = 0;          // 1 = it loops over every expert, 0 = routed ones
  double metal_quant_ops_per_weight = 0;      // llama.cpp Metal mat-vec: FP32 ALU ops per quantized
                                              // weight per decode step (0 = no ALU bound)
  // Training frameworks' memory behaviours (flags are 0 or 1).
  double loss_bytes_per_logit = 0;   // bytes per token x vocabulary entry at the loss's peak
  double compiled_loss = 0;          // torch.compile fuses the loss (upcast, log-softmax, NLL)
  int loss_chunks = 1;               // pieces the loss is computed in (torchtune 8)
  double eager_intermediates = 0;    // SiLU output and RMSNorm's FP32 input copy kept for backward
  double lora_dropout_copies = 0;    // LoRA dropout keeps a dropped copy of each adapter's input
  double kbit_upcast_fp32 = 0;       // QLoRA: non-quantized parameters upcast to FP32 (PEFT)
  double activation_offload = 0;     // checkpointed activations kept in host RAM
  double optimizer_in_backward = 0;  // each gradient applied and freed as soon as it is computed
  double selective_recompute_ops = 0;     // selective = op-level policy (keeps matmul outputs)
  double persistent_gradient_buffer = 0;  // gradients allocated for the whole step
};

// The generic defaults with the engine profile's changes applied, then (training) the framework's.
Assumptions default_assumptions(Engine engine,
                                TrainingFramework framework = TrainingFramework::generic);

// One row of the assumptions table shown to the user.
struct AssumptionInfo {
  std::string key;     // name in requests and share links, e.g. "decodeBandwidthEfficiency"
  std::string label;   // short human label
  std::string unit;    // "fraction", "bytes", "seconds", "tokens", "flag"
  std::string source;  // one line: paper / datasheet / calibration row ids
  double min = 0;      // valid range, inclusive unless min_exclusive
  double max = 0;
  bool min_exclusive = false;
  bool integer = false;
};

const std::vector<AssumptionInfo>& assumption_table();

// One change an engine profile makes to the generic defaults, with its reason.
struct ProfileChange {
  Engine engine;
  std::string key;
  double value;
  std::string why;
};
const std::vector<ProfileChange>& engine_profile_changes();

// Engines that run another engine's kernels and scheduling start from its profile, then apply
// their own changes: SGLang and TensorRT-LLM from vLLM's (CUDA-graph decode, fused prefill,
// continuous batching), Ollama from llama.cpp's (it runs llama.cpp), AutoAWQ from HF
// Transformers' (its fused modules run inside generate()). The engine itself when none.
Engine engine_profile_base(Engine engine);

// What an engine reads from the hardware and the parallel layout when it starts, to pick some
// of its defaults.
struct EngineSetup {
  double gpu_memory_bytes = 0;    // one card's memory as the device reports it
  bool gpu_is_a100 = false;       // vLLM keeps its small batch defaults on A100 (PR #17885)
  bool gpu_is_intel = false;      // llama.cpp runs Intel GPUs through its SYCL backend...
  bool llama_cpp_vulkan = false;  // ...unless the user runs its Vulkan backend (llamaCppVulkan)
  int world_size = 1;             // tensor x pipeline ranks of one engine instance
  int tensor_ranks = 1;           // SGLang sizes its CUDA graphs by the tensor-parallel size alone
};

// One default an engine derives from the setup, with its source.
struct SetupRule {
  Engine engine;
  std::string key;
  std::string why;
  double (*value)(const EngineSetup& setup);
};
const std::vector<SetupRule>& engine_setup_rules();

// default_assumptions() with the engine's setup rules applied on top.
Assumptions default_assumptions(Engine engine, TrainingFramework framework,
                                const EngineSetup& setup);

// Applies the engine's setup rules to `a`, except for the keys in `keep` (the user's overrides).
// Cheap: the searches call it for every card and split they try.
void apply_setup_rules(Assumptions& a, Engine engine, const EngineSetup& setup,
                       const std::map<std::string, double>& keep);

// One change a training framework makes to the defaults, with its source.
struct FrameworkChange {
  TrainingFramework framework;
  std::string key;
  double value;
  std::string why;
};
const std::vector<FrameworkChange>& framework_profile_changes();

// Why `key` has the default it has for this engine and training framework: the reason given by
// the last setup rule, framework change or engine profile change (the base engine's for values
// SGLang, TensorRT-LLM or Ollama inherit) that set it, and the enum id of the engine or
// framework whose it is. Both "" where the generic default stands (AssumptionInfo::source says
// where that comes from). The UI shows it beside the source.
struct DefaultReason {
  std::string kind;    // "profile" (engine), "setup" (engine setup rule), "framework"; "" generic
  std::string set_by;  // "vllm", "llama.cpp", "unsloth"...; "" for the generic default
  std::string why;
};
DefaultReason default_reason(Engine engine, TrainingFramework framework, const std::string& key);

// Read / write a field by key (for the UI, overrides and share links). get returns false if the
// key is unknown; set returns false for an unknown key or a value outside the field's range.
bool get_assumption(const Assumptions& a, const std::string& key, double& out);
bool set_assumption(Assumptions& a, const std::string& key, double value);
// "" when `value` is valid for `key`, else why not ("must be above 0 and at most 1").
std::string assumption_range_problem(const std::string& key, double value);

}  // namespace sizer
