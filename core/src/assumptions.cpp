// The assumptions table: every efficiency factor and overhead the engine uses, its generic
// default, its valid range, and where the value comes from; then the engine profiles as lists of
// changes to those defaults. Row ids (M-0xx) refer to tests/validation/data/calibration.csv;
// docs/VALIDATION.md shows how each group of rows is met.
#include "sizer/assumptions.hpp"

#include <algorithm>
#include <cmath>

#include "sizer/enums.hpp"

// The prose (each constant's source, each profile change's and rule's reason) goes through
// SIZER_PROSE. The web app compiles its own copy of this file with SIZER_PROSE_LATE, which leaves
// the prose out: no first frame shows it, and it arrives with en-late.tsv
// (imgui_app/logic/assumption_prose.hpp).
#ifdef SIZER_PROSE_LATE
#define SIZER_PROSE(text) ""
#else
#define SIZER_PROSE(text) text
#endif

namespace sizer {
namespace {

constexpr double kGiB = 1073741824.0;
constexpr double kMiB = 1048576.0;
constexpr double kMaxTokens = 134217728.0;  // 2^27, the request's context limit

// Eager PyTorch's host time per operator that launches a kernel: torch.add on a decode-sized
// (1, 4096) BF16 tensor takes 7.1 us a call on an A100 host, where the GPU needs far less
// (FlagGems issue #4558; ~7 us for tiny pointwise ops in #4812).
constexpr double kEagerSecondsPerLaunch = 7.1e-6;
// Kernels AutoAWQ's fused Llama-like decoder layer (LlamaLikeBlock) launches at batch 1 with the
// FasterTransformer extension and its default GEMM kernels (docs/METHOD.md, "AutoAWQ").
constexpr double kAutoAwqGemmLaunchesPerLayer = 17;
// Host time of one kernel launch issued from C++ with no Python or PyTorch dispatcher in front
// of it: cuLaunchKernel averaged 3.48 us over 525 launches (JuliaGPU/CUDA.jl PR #2162, 2023);
// statically compiled C took 4.9 us a launch in CUDAdrv.jl PR #15.
constexpr double kCppSecondsPerLaunch = 3.48e-6;
// Host time of one call from Python into a C++ extension before its body runs: about 1 us, the
// Python argument parsing of a small PyTorch op (PyTorch issue #41383); a two-argument pybind11
// call alone takes 0.47-0.61 us (pybind11 issue #1227).
constexpr double kPythonToCppCallSeconds = 1.0e-6;
// ExLlamaV2's decoder layer at batch 1 decode, as of its README performance table (2023-09):
// 12 kernels launched inside its extension calls (q_attn_forward_1: RMSNorm, Q, K and V mat-vecs,
// two RoPE; q_attn_forward_2: o_proj adding into the residual; q_mlp_forward_: RMSNorm, gate,
// up, SiLU x up, down adding into the residual), those 3 extension calls, and 4 eager PyTorch
// ops of its attention without flash-attn (Q.K^T, the scale, softmax, P.V). docs/METHOD.md,
// "ExLlamaV2".
constexpr double kExllamaV2CppLaunchesPerLayer = 12;
constexpr double kExllamaV2ExtensionCallsPerLayer = 3;
constexpr double kExllamaV2EagerLaunchesPerLayer = 4;
// Why AutoAWQ keeps the generic bandwidth shares (GDDR and HBM alike).
[[maybe_unused]] constexpr const char* kAutoAwqGenericShares =
    "the generic value: no published bandwidth share of AutoAWQ's GEMM / GEMV kernels, and HF "
    "Transformers' rows M-129..M-143 run other kernels";

struct Field {
  AssumptionInfo info;
  double Assumptions::*real;  // exactly one of real / whole is set
  int Assumptions::*whole;
  double generic_default;
};

Field fraction(const char* key, const char* label, const char* source, double Assumptions::*m,
               double value) {
  return {{key, label, "fraction", source, 0.0, 1.0, true, false}, m, nullptr, value};
}
Field real(const char* key, const char* label, const char* unit, const char* source,
           double Assumptions::*m, double value, double lo, double hi) {
  return {{key, label, unit, source, lo, hi, false, false}, m, nullptr, value};
}
// A rate the engine divides by: 0 would make that term take no time, so it must be above 0.
Field rate(const char* key, const char* label, const char* unit, const char* source,
           double Assumptions::*m, double value, double hi) {
  return {{key, label, unit, source, 0.0, hi, true, false}, m, nullptr, value};
}
Field whole(const char* key, const char* label, const char* source, int Assumptions::*m, int value,
            double lo, double hi) {
  return {{key, label, "tokens", source, lo, hi, false, true}, nullptr, m, double(value)};
}

const std::vector<Field>& fields() {
  static const std::vector<Field> table = {
      fraction(
          "decodeBandwidthEfficiency", "Decode bandwidth efficiency (GDDR / unified memory)",
          SIZER_PROSE("llama.cpp batch-1 decode on GDDR cards and Apple unified memory, rows "
                      "M-001..M-033 (fit with the per-layer overhead below and, on Apple GPUs, "
                      "metalQuantOpsPerWeight)"),
          &Assumptions::decode_bandwidth_efficiency, 0.8),
      fraction(
          "decodeBandwidthEfficiencyHbm", "Decode bandwidth efficiency (HBM cards)",
          SIZER_PROSE("llama.cpp batch-1 decode on A100/H100, rows M-010..M-017 (fit 0.66); NVIDIA "
                      "aiconfigurator applies 0.8 to HBM bandwidth for tuned engines"),
          &Assumptions::decode_bandwidth_efficiency_hbm, 0.65),
      real("decodeOverheadSecondsPerLayer", "Fixed time per layer per decode step", "seconds",
           SIZER_PROSE(
               "kernel launches and host work: llama.cpp ~0.1 ms (rows M-001..M-033), eager HF "
               "Transformers ~0.6 ms (rows M-131, M-135; Phi-1.5, row M-129, spends ~0.9 ms)"),
           &Assumptions::decode_overhead_seconds_per_layer, 30e-6, 0.0, 0.1),
      real("llamaCppCudaOverheadSecondsPerLayer",
           "llama.cpp on NVIDIA, current builds: fixed time per layer per decode step", "seconds",
           SIZER_PROSE(
               "what a current llama.cpp build spends per layer and token on an NVIDIA card beyond "
               "its weight and KV reads: one CUDA graph per token (Ampere and newer; ggml-cuda "
               "turns graphs off below compute capability 8.0), the compute graph reused from "
               "token to token (PR #14482, July 2025) and fused kernels (e.g. PR #15802). Used "
               "instead of decodeOverheadSecondsPerLayer from build 6000 on, or when the build is "
               "not given (llamaCppBuild 0); earlier builds, Volta and Turing cards and the other "
               "backends (Metal, ROCm, SYCL) keep decodeOverheadSecondsPerLayer, and the Vulkan "
               "backend takes llamaCppVulkanOverheadSecondsPerLayer"),
           &Assumptions::llama_cpp_cuda_overhead_seconds_per_layer, 0.0, 0.0, 0.1),
      real("llamaCppVulkan", "llama.cpp runs its Vulkan backend", "flag",
           SIZER_PROSE(
               "1: llama.cpp built with GGML_VULKAN (LM Studio's Vulkan runtime, the Vulkan "
               "release zips, llama-bench's backend column 'Vulkan'), on any vendor's card. 0: "
               "the card's own backend: CUDA on NVIDIA, ROCm/HIP on AMD, Metal on Apple, SYCL on "
               "Intel. On AMD cards the Vulkan backend decodes faster than ROCm (llama.cpp issue "
               "#20934, LM Studio bug tracker issue #574)"),
           &Assumptions::llama_cpp_vulkan, 0.0, 0.0, 1.0),
      real("llamaCppVulkanOverheadSecondsPerLayer",
           "llama.cpp on Vulkan, current builds: fixed time per layer per decode step", "seconds",
           SIZER_PROSE(
               "what llama.cpp's Vulkan backend spends per layer and token beyond its weight and "
               "KV reads: one command buffer per graph split, recorded once per token, with a "
               "pipeline barrier between dependent dispatches (the GPU idles at each; PR #15489 "
               "lets independent nodes overlap). Used with llamaCppVulkan 1 from build 6000 on, "
               "or when the build is not given; earlier Vulkan builds keep "
               "decodeOverheadSecondsPerLayer"),
           &Assumptions::llama_cpp_vulkan_overhead_seconds_per_layer, 0.0, 0.0, 0.1),
      real("llamaCppBuild", "llama.cpp build the figures are for (0 = a current build)", "build",
           SIZER_PROSE(
               "the number llama.cpp prints as 'build: <commit> (<number>)'; builds before 6000 "
               "(before about August 2025) take decodeOverheadSecondsPerLayer on NVIDIA cards too"),
           &Assumptions::llama_cpp_build, 0.0, 0.0, 1e6),
      real("eagerExpertLoopSeconds", "Eager MoE: host time per expert visited", "seconds",
           SIZER_PROSE(
               "an eager MoE block (Hugging Face Transformers' Qwen3Moe / Mixtral / Qwen2Moe "
               "SparseMoeBlock) loops over experts in Python: ~12 PyTorch ops per expert (mask "
               "index, torch.where with a host sync, gather, gate / up / act / mul / down, weight "
               "gather, scale, cast, index_add_), each at the eager per-op time; per MoE layer and "
               "forward pass. 0 = fused or grouped MoE kernels (serving engines, llama.cpp)"),
           &Assumptions::eager_expert_loop_seconds, 0.0, 0.0, 0.1),
      real(
          "fusedMoeKernelSeconds", "Fused MoE kernel: fixed time per MoE layer", "seconds",
          SIZER_PROSE(
              "a fused MoE kernel (vLLM / SGLang Triton fused_moe) at a few tokens per step takes "
              "about 25 us more than streaming the routed experts' weights at 0.65 of peak "
              "bandwidth: routing, align/sort and partly idle blocks. Kernel benchmarks at batch "
              "1: "
              "B200 BF16 E=128 N=768 39.6 us (vLLM PR #31448), H100 FP8 Qwen3-Next TP4 29.5 us "
              "(vLLM PR #44830), H200 FP8 Qwen3-235B TP8 31.7 us (SGLang PR #11730); per MoE layer "
              "and forward pass. 0 = not a fused Triton MoE kernel"),
          &Assumptions::fused_moe_kernel_seconds, 0.0, 0.0, 0.1),
      real("weightOnlyMoeKernelSeconds", "Weight-only MoE kernel: fixed time per MoE layer",
           "seconds",
           SIZER_PROSE(
               "the fused MoE kernel of AWQ / GPTQ checkpoints (vLLM's Marlin MoE, moe_wna16) at a "
               "few tokens per step takes longer than fused_moe beyond its weight reads: at M = 1 "
               "on "
               "an H20, 142 us for DeepSeek-V3's E=256 N=2048 K=7168 top-8 and Mixtral's shapes "
               "(176 MB of 4-bit experts, 68 us at 0.65 of peak) and 127 us for an E=512 shape (16 "
               "MB), 84 us in a later run (FlagGems PRs #3375, #3609): 74, 121 and 78 us more than "
               "the reads. Replaces fusedMoeKernelSeconds for such weights, not for MXFP4 on "
               "Hopper or Blackwell (vLLM's get_mxfp4_backend runs triton_kernels or FlashInfer "
               "there); per MoE layer and forward pass. 0 = use fusedMoeKernelSeconds"),
           &Assumptions::weight_only_moe_kernel_seconds, 0.0, 0.0, 0.1),
      real("blockFp8GemmFloorSeconds", "Block-FP8 GEMM: least time per dense GEMM", "seconds",
           SIZER_PROSE(
               "vLLM's 128x128-block FP8 GEMM at M = 1 on an H200: 20.9, 19.2 and 14.5 us for "
               "DeepSeek-V3's TP8 shapes N=512 K=7168, N=7168 K=2304, N=3072 K=1536 (3.7-16.5 MB; "
               "sgl-kernel 17-32 us, DeepGEMM 10-15 us; SGLang PR #5820). Each dense GEMM adds "
               "max(0, floor - its read or matmul time). 0 = none"),
           &Assumptions::block_fp8_gemm_floor_seconds, 0.0, 0.0, 0.1),
      real("samplingSecondsPerLogit", "Host sampling time per vocabulary entry", "seconds",
           SIZER_PROSE(
               "engines that copy each sequence's logits to the host and sample there spend this "
               "per vocabulary entry, per sequence and decode step, between two forward passes "
               "(the next step needs the token). 0 = the engine samples on the GPU or the "
               "benchmark does not sample (llama-bench)"),
           &Assumptions::sampling_seconds_per_logit, 0.0, 0.0, 1e-6),
      real("expertLoopVisitsAll", "Eager MoE: the loop visits every expert", "flag",
           SIZER_PROSE("1 = for expert_idx in range(num_experts) (Transformers up to mid-2025, "
                       "e.g. 4.51); 0 "
                       "= only the experts some token was routed to (later versions: expert_hit)"),
           &Assumptions::expert_loop_visits_all, 0.0, 0.0, 1.0),
      real("dequantOverheadSecondsPerLayer", "Extra time per layer per step for bitsandbytes",
           "seconds",
           SIZER_PROSE("separate dequantize kernels per linear layer: rows M-133, M-137, M-139, "
                       "M-141, M-143 "
                       "spend ~0.5-1 ms per layer more than the BF16 rows"),
           &Assumptions::dequant_overhead_seconds_per_layer, 0.0, 0.0, 0.1),
      fraction(
          "prefillComputeEfficiency", "Prefill compute efficiency",
          SIZER_PROSE(
              "share of the card's sustained matmul rate (its dense peak x the matmul share "
              "measured for it, matmulEfficiency in core/data/gpus.csv, the stas00 MAMF table) "
              "reached in prompt processing: llama.cpp pp512 rows M-034..M-047 (0.23-0.46 of the "
              "FP16-accumulate peak); generic 0.62 (0.5 of the peak on a card of the default "
              "matmul share 0.803)"),
          &Assumptions::prefill_compute_efficiency, 0.62),
      fraction("prefillComputeEfficiencySimd", "Prefill compute efficiency without tensor cores",
               SIZER_PROSE(
                   "share of the sustained FP32 rate (peak x the default matmul share): llama.cpp "
                   "Metal prompt processing reaches 0.55-0.75 of the FP32 peak on Apple GPUs (rows "
                   "M-044, M-045, M-046); generic 0.75 (0.6 of the peak)"),
               &Assumptions::prefill_compute_efficiency_simd, 0.75),
      fraction(
          "decodeComputeEfficiency", "Decode compute efficiency (large batches)",
          SIZER_PROSE(
              "share of the card's sustained matmul rate (peak x its measured matmul share) "
              "once decode is compute-bound: batched GEMMs ~0.5 of the peak (0.62 of the "
              "sustained rate at the default share 0.803); vLLM at 256 sequences (serving rows "
              "M-191..M-194)"),
          &Assumptions::decode_compute_efficiency, 0.62),
      fraction(
          "trainingMfu", "Training efficiency (share of the sustained matmul rate)",
          SIZER_PROSE(
              "share of the card's sustained matmul rate (its peak x matmulEfficiency from "
              "core/data/gpus.csv) that a training step reaches over the executed FLOPs "
              "(recompute included): data loading, kernels other than matmuls, optimizer step, "
              "synchronisation. Fit on the generic rows' training throughput (LOSO in "
              "docs/VALIDATION.md); the framework profiles keep it (they change memory behaviours "
              "only)"),
          &Assumptions::training_mfu, 0.8),
      fraction("matmulEfficiencyDefault", "Sustained matmul share (cards not measured)",
               SIZER_PROSE(
                   "the measured share of the dense peak that matmuls sustain (MAMF / peak) is a "
                   "column of core/data/gpus.csv for the cards in the stas00/ml-engineering MAMF "
                   "table; other cards take the median of its NVIDIA BF16 rows (A100 SXM 0.869, "
                   "GH200 0.838, A100 PCIe 0.811, H100 SXM 0.803, B300 0.786, B200 0.776, GB200 "
                   "0.729)"),
               &Assumptions::matmul_efficiency_default, 0.803),
      fraction(
          "attentionEfficiencyDefault", "Attention kernel share (cards not measured)",
          SIZER_PROSE(
              "fused attention (FlashAttention-2 class) over forward and backward, as a share of "
              "the 16-bit peak: a column of core/data/gpus.csv where measured (A100 0.6, H100 "
              "0.35, RTX 4090 0.67); other cards take A100's 0.6 scaled by the default matmul "
              "share over A100's (0.803 / 0.869)"),
          &Assumptions::attention_efficiency_default, 0.55),
      fraction(
          "elementwiseBandwidthEfficiency", "Training: elementwise kernels' bandwidth share",
          SIZER_PROSE(
              "norms, residual adds, RoPE and activations stream their tensors through HBM: "
              "STREAM copy / triad kernels reach 2.90-2.97 of the H100 SXM's 3.35 TB/s (0.87-0.89; "
              "samuel-bohman/AI-benchmarking-guide, Azure ND H100 v5 results)"),
          &Assumptions::elementwise_bandwidth_efficiency, 0.87),
      real("allocatorCacheFraction", "Training: allocator cache over the transient memory",
           "fraction",
           SIZER_PROSE(
               "PyTorch's CUDA caching allocator keeps freed blocks reserved for reuse and splits "
               "blocks by size class, so torch.cuda.max_memory_reserved (what the card must hold) "
               "exceeds max_memory_allocated by a share of what a step allocates and frees "
               "(activations, the loss, gathered ZeRO-3 layers); fit on the published rows that "
               "measure reserved memory (fsdp_qlora, torchtitan, PEFT's FSDP / DeepSpeed pages; "
               "docs/VALIDATION.md)"),
           &Assumptions::allocator_cache_fraction, 0.3, 0.0, 1.0),
      real("cudaContextBytes", "CUDA context and driver", "bytes",
           SIZER_PROSE("0.3-1 GiB per process (docs/METHOD.md, Units); seed 004 budgets 1.3 GB"),
           &Assumptions::cuda_context_bytes, 0.5 * kGiB, 0.0, 1e12),
      real("engineReserveFraction", "Memory the engine leaves unused", "fraction",
           SIZER_PROSE("vLLM gpu_memory_utilization 0.9 (default) leaves 10% of the card"),
           &Assumptions::engine_reserve_fraction, 0.0, 0.0, 0.95),
      real("reserveHoldsActivations", "Activations live inside the engine's reserve", "flag",
           SIZER_PROSE(
               "SGLang: mem_fraction_static covers weights and the KV pool only; the rest of the "
               "card "
               "(the reserve) holds activations and CUDA-graph buffers (server_args.py). vLLM: its "
               "profiled activations come out of the gpu_memory_utilization budget (0)"),
           &Assumptions::reserve_holds_activations, 0.0, 0.0, 1.0),
      real(
          "kvFreeMemoryFraction", "KV pool share of the memory left after loading", "fraction",
          SIZER_PROSE(
              "TensorRT-LLM KvCacheConfig.free_gpu_memory_fraction 0.9: the pool takes 90% of what "
              "is free once weights and activation buffers are allocated; the rest stays unused; "
              "0 = not this rule"),
          &Assumptions::kv_free_memory_fraction, 0.0, 0.0, 1.0),
      real("frameworkOverheadFraction", "Framework working memory", "fraction",
           SIZER_PROSE(
               "allocator fragmentation and workspaces as a share of weights: HF rows M-130/M-134 "
               "(peak allocated within 1% of weights), seeds' 20% rule is an upper bound"),
           &Assumptions::framework_overhead_fraction, 0.05, 0.0, 10.0),
      fraction(
          "linkEfficiency", "Collective bandwidth efficiency",
          SIZER_PROSE("NCCL bus bandwidth reaches ~0.7-0.8 of the NVLink / IB spec (nccl-tests)"),
          &Assumptions::link_efficiency, 0.7),
      real("pipelineMicroBatches", "Pipeline stages work on their own micro-batches", "flag",
           SIZER_PROSE(
               "serving engines keep one micro-batch per pipeline stage in flight, so all stages "
               "decode at once (vLLM: max_concurrent_batches = pipeline_parallel_size, the V1 "
               "engine core's batch queue; V0's one virtual engine per stage); 0: one batch passes "
               "the stages in turn (llama.cpp layer split, Transformers device_map)"),
           &Assumptions::pipeline_micro_batches, 0.0, 0.0, 1.0),
      real("collectiveLatencySeconds", "Base latency per collective call", "seconds",
           SIZER_PROSE(
               "NCCL's ring model, LL protocol: 3.6 us per call (baseLat in src/graph/tuning.cc), "
               "plus "
               "one hop latency per ring step (2 (n - 1) steps for an all-reduce of n GPUs)"),
           &Assumptions::collective_latency_s, 3.6e-6, 0.0, 1.0),
      real("nvlinkHopLatencySeconds", "Latency per ring step over NVLink", "seconds",
           SIZER_PROSE(
               "NCCL's ring LL figure for NVLink, 0.47 us (hwLat in src/graph/tuning.cc): an "
               "all-reduce over 8 NVLink GPUs takes 3.6 + 14 x 0.47 = 10.2 us"),
           &Assumptions::nvlink_hop_latency_s, 0.47e-6, 0.0, 1.0),
      real(
          "pcieHopLatencySeconds", "Latency per ring step over PCIe (peer access)", "seconds",
          SIZER_PROSE(
              "measured: NCCL all-reduce of 8 KB over 4 V100 behind one PCIe switch, inside a CUDA "
              "graph, 20.3 us = 3.6 + 6 x 2.05 + 12 KB at LL's quarter of 16 GB/s x 0.7 (4.4 us) "
              "(haohervchb/sglang-V100 PR #2); NCCL's own model says 1.0 us"),
          &Assumptions::pcie_hop_latency_s, 2.05e-6, 0.0, 1.0),
      real("hostStagedHopLatencySeconds", "Latency per ring step through host memory", "seconds",
           SIZER_PROSE(
               "cards without PCIe peer access (GeForce) use NCCL's SHM transport; each ring step "
               "crosses PCIe: NCCL's own PCI figure, 1.0 us (hwLat in src/graph/tuning.cc). The "
               "call's fixed cost is hostStagedCollectiveLatencySeconds"),
           &Assumptions::host_staged_hop_latency_s, 1.0e-6, 0.0, 1.0),
      real("hostStagedCollectiveLatencySeconds", "Fixed latency per call through host memory",
           "seconds",
           SIZER_PROSE(
               "a 10 KB decode all-reduce over 2 RTX 5070 Ti without peer access takes 39 us "
               "(sgl-project/sglang PR #39605) = 3.6 base + 32.5 + 2 steps x 1.0 + 10 KB at LL's "
               "quarter of 64 GB/s x 0.7 (0.9 us). Paid once per call, not per ring step: 8 RTX "
               "3090 take 54 us for an 8-byte all-reduce (NVIDIA/nccl issue #1439), where 3.6 + "
               "32.5 + 14 x 1.0 = 50 us, and per-step host latency (17.2 us) would say 244"),
           &Assumptions::host_staged_collective_latency_s, 32.5e-6, 0.0, 1.0),
      real("networkHopLatencySeconds", "Latency per ring step between nodes", "seconds",
           SIZER_PROSE(
               "NCCL's ring LL figure for the network, 2.7 us (hwLat in src/graph/tuning.cc)"),
           &Assumptions::network_hop_latency_s, 2.7e-6, 0.0, 1.0),
      rate("llBusBandwidthCapGbPerS", "LL protocol's bandwidth cap (GB/s)", "GB/s",
           SIZER_PROSE(
               "NCCL's LL protocol sends 4 data bytes with each 4-byte flag, and its model gives "
               "a ring all-reduce a quarter of the bus bandwidth (a third for an all-gather or "
               "reduce-scatter inside a node), at most 87.7 GB/s (llMaxBws, Ampere and Hopper, one "
               "node; src/graph/tuning.cc): small and mid-sized messages use it"),
           &Assumptions::ll_bus_bandwidth_cap_gb_per_s, 87.7, 1e4),
      real("ll128CollectiveLatencySeconds", "Base latency per collective, LL128 protocol",
           "seconds",
           SIZER_PROSE(
               "NCCL's ring LL128 base latency, 10.0 us (baseLat in src/graph/tuning.cc): the "
               "protocol for large messages inside an NVLink domain, at 0.92 of the bus "
               "bandwidth, which linkEfficiency already counts"),
           &Assumptions::ll128_collective_latency_s, 10.0e-6, 0.0, 1.0),
      real("ll128NvlinkHopLatencySeconds", "Latency per ring step over NVLink, LL128", "seconds",
           SIZER_PROSE("NCCL's ring LL128 figure for NVLink, 1.9 us (hwLat in "
                       "src/graph/tuning.cc)"),
           &Assumptions::ll128_nvlink_hop_latency_s, 1.9e-6, 0.0, 1.0),
      real("simpleCollectiveLatencySeconds", "Base latency per collective, Simple protocol",
           "seconds",
           SIZER_PROSE(
               "NCCL's ring Simple base latency, 8.4 us (baseLat in src/graph/tuning.cc): the "
               "protocol for large messages over PCIe, through host memory and between nodes"),
           &Assumptions::simple_collective_latency_s, 8.4e-6, 0.0, 1.0),
      real("simpleNvlinkHopLatencySeconds", "Latency per ring step over NVLink, Simple", "seconds",
           SIZER_PROSE("NCCL's ring Simple figure for NVLink, 3.4 us (hwLat in "
                       "src/graph/tuning.cc): NVLink steps of a ring that also crosses nodes"),
           &Assumptions::simple_nvlink_hop_latency_s, 3.4e-6, 0.0, 1.0),
      real("simplePcieHopLatencySeconds", "Latency per ring step over PCIe, Simple", "seconds",
           SIZER_PROSE(
               "NCCL's ring Simple figure for PCIe, 5.7 us (hwLat in src/graph/tuning.cc); a path "
               "whose measured small-message step is slower (through host memory) keeps that"),
           &Assumptions::simple_pcie_hop_latency_s, 5.7e-6, 0.0, 1.0),
      real("simpleNetworkHopLatencySeconds", "Latency per ring step between nodes, Simple",
           "seconds",
           SIZER_PROSE("NCCL's ring Simple figure for the network, 9.6 us (hwLat in "
                       "src/graph/tuning.cc)"),
           &Assumptions::simple_network_hop_latency_s, 9.6e-6, 0.0, 1.0),
      fraction("hostBandwidthEfficiency", "Host RAM bandwidth efficiency",
               SIZER_PROSE("STREAM-like reads reach ~0.7 of DDR spec"),
               &Assumptions::host_bandwidth_efficiency, 0.7),
      fraction(
          "cpuComputeEfficiency", "CPU compute efficiency",
          SIZER_PROSE(
              "share of the CPU's peak (INT8 dot products for quantized weights, FP32 FMAs for "
              "16-bit) that llama.cpp's CPU matmuls reach in prompt processing: Llama-3.1-8B "
              "Q5_0 pp512 157 t/s on a Ryzen 9 7950X (0.26 of 9.2 TOPS) and 172 t/s on a "
              "32-core Threadripper PRO 5975WX (0.18 of 14.7 TOPS), ik_llama.cpp PR #121, rows "
              "P-184, P-185 (fit 0.18); layers kept in host RAM and CPU-only runs"),
          &Assumptions::cpu_compute_efficiency, 0.18),
      real("hostOsReserveBytes", "RAM the operating system keeps (CPU-only)", "bytes",
           SIZER_PROSE(
               "a CPU-only run shares RAM with the OS: a headless Linux server idles near 1 GiB, a "
               "desktop session 2-4 GiB (Ubuntu Desktop's minimum is 4 GB)"),
           &Assumptions::host_os_reserve_bytes, 2.0 * kGiB, 0.0, 1e13),
      whole("kvBlockTokens", "KV cache block size",
            SIZER_PROSE("vLLM PagedAttention block_size 16; contiguous engines 1"),
            &Assumptions::kv_block_tokens, 1, 1, 65536),
      whole(
          "prefillChunkTokens", "Prefill chunk",
          SIZER_PROSE("llama.cpp n_ubatch 512; vLLM max_num_batched_tokens 2048, 8192 on cards of "
                      "70 GiB or more but A100; SGLang chunked_prefill_size 2048 under 35 GiB, "
                      "4096 under 60 GiB, 8192 under 160 GiB, 16384 above; 0 = whole prompt"),
          &Assumptions::prefill_chunk_tokens, 2048, 0, kMaxTokens),
      real("prefillMaterializesScores", "Prefill materializes the attention scores", "flag",
           SIZER_PROSE(
               "llama-bench default flash_attn off (rows M-001..M-053); vLLM and SDPA use fused "
               "kernels"),
           &Assumptions::prefill_materializes_scores, 0.0, 0.0, 1.0),
      real(
          "prefillDequantizesWeights", "Prefill expands quantized weights to 16 bits", "flag",
          SIZER_PROSE(
              "1: every prompt chunk first writes each quantized weight matrix out as 16-bit "
              "values, then a 16-bit GEMM multiplies them (llama.cpp's CUDA backend before PR "
              "#8075, June 2024, or built with GGML_CUDA_FORCE_CUBLAS; bitsandbytes' "
              "dequantize_4bit "
              "before its matmul; AutoAWQ's GEMM kernel at 1024+ tokens): that pass reads the "
              "quantized bytes and writes 2 bytes per weight at the memory rate. 0: the kernel "
              "multiplies the quantized weights in place (llama.cpp's MMQ, Marlin). Not on CPUs or "
              "Apple GPUs (Metal dequantizes tiles in threadgroup memory)"),
          &Assumptions::prefill_dequantizes_weights, 0.0, 0.0, 1.0),
      real(
          "inferenceActivationBytes", "Bytes per working-buffer element", "bytes",
          SIZER_PROSE(
              "llama.cpp keeps intermediate tensors in FP32 (4); PyTorch engines in BF16/FP16 (2)"),
          &Assumptions::inference_activation_bytes, 2.0, 0.5, 8.0),
      real(
          "recurrentStateBytes", "Bytes per recurrent-state value", "bytes",
          SIZER_PROSE(
              "hybrid models' Gated DeltaNet / Mamba state and convolution window: vLLM's "
              "CacheConfig mamba_cache_dtype and mamba_ssm_cache_dtype default 'auto', the model's "
              "16-bit dtype (2); set 4 for a float32 state (--mamba-ssm-cache-dtype float32, "
              "config.json mamba_ssm_dtype float32)"),
          &Assumptions::recurrent_state_bytes, 2.0, 0.5, 8.0),
      // [issue 8 block: vLLM's profiling pass and quantized kernels]
      {{"samplerProfileSequences", "Sequences in the engine's profiling sampler run", "sequences",
        "vLLM sizes its KV pool after a profiling pass whose dummy sampler run samples one token "
        "for each of max_num_seqs sequences over the whole vocabulary (V0 "
        "model_runner.profile_run, V1 gpu_model_runner._dummy_sampler_run): 256 by default; V1 "
        "on cards of 70 GiB or more other than A100 uses 1024 (EngineArgs.get_batch_defaults); "
        "0 = the engine runs no such pass",
        0.0, 65536.0, false, true},
       nullptr,
       &Assumptions::sampler_profile_sequences,
       0.0},
      real("samplerBytesPerLogit", "Sampler memory per logit in the profiling pass",
           "bytes per logit",
           SIZER_PROSE(
               "bytes per sequence x vocabulary entry live at the sampler's peak, inside the "
               "top-k / top-p path's logits.sort (vLLM V0 _apply_top_k_top_p, V1 "
               "apply_top_k_top_p): the model's BF16 logits (2), their FP32 copy (4), the sorted "
               "values (4) and int64 "
               "indices (8), and PyTorch's CUDA segmented sort's own buffers for 128 or more rows "
               "(SortStable.cu segmented_sort_pairs: int64 reverse indices (8), cub "
               "DeviceSegmentedRadixSort's alternate keys and values (4 + 8)) = 38; after the sort "
               "the masks, softmax and cumsum hold 32. FlashInfer's sampler about 10"),
           &Assumptions::sampler_bytes_per_logit, 38.0, 0.0, 64.0),
      real("engineNonTorchBytes", "Memory the engine allocates outside PyTorch", "bytes",
           SIZER_PROSE(
               "vLLM counts what its profiling pass allocates outside PyTorch's allocator (cuBLAS "
               "workspaces, NCCL and custom all-reduce buffers) against its budget: "
               "non_torch_memory "
               "0.35 GiB on an RTX 3090 (issue #10517) and 0.25 GiB per GPU at TP2 on RTX 4090s "
               "(issue #13061)"),
           &Assumptions::engine_non_torch_bytes, 0.0, 0.0, 1e12),
      real(
          "driverReservedBytes", "Device memory the driver keeps from CUDA", "bytes",
          SIZER_PROSE(
              "NVML nvmlMemory_v2_t.reserved: memory reserved for system use (driver or firmware), "
              "outside the total CUDA reports (GSP firmware alone 352 MB on an A1000, "
              "open-gpu-kernel-modules discussion #1188; an RTX 3090's CUDA total is 23.58 GiB of "
              "24 GiB, vLLM issue #10517). Serving engines take their memory share of CUDA's "
              "total"),
          &Assumptions::driver_reserved_bytes, 0.4 * kGiB, 0.0, 1e12),
      real(
          "weightOnlyKernelShare", "Weight-only 4-bit kernels: share of 16-bit bandwidth",
          "fraction",
          SIZER_PROSE(
              "decode time of a weight-only (W4A16) kernel that dequantizes each weight on the SMs "
              "before a 16-bit matmul, as a share of the 16-bit kernel's bandwidth at small batch: "
              "Marlin on an H100 reaches 0.54 (n = k = 8192, m = 1: 4.98 TFLOPS against torch "
              "BF16's 2.30 at 4x the bytes; W8A16 0.75; inclusionAI/humming PR #2), Marlin is near "
              "ideal on Ampere / Ada (IST-DASLab/marlin README: 3.87x of FP16 on an A10 up to "
              "batch "
              "16-32; 'not yet optimized for Hopper'). Other widths follow from the same "
              "dequantization work per weight. 0 = that rule (0.54 on Hopper, 1 elsewhere; MXFP4 "
              "on Hopper and Blackwell runs no Marlin kernel and keeps 1); 1 = the kernel streams "
              "at the 16-bit share"),
          &Assumptions::weight_only_kernel_share, 1.0, 0.0, 1.0),
      real(
          "metalQuantOpsPerWeight", "llama.cpp Metal: FP32 operations per quantized weight",
          "operations",
          SIZER_PROSE(
              "llama.cpp's Metal mat-vec kernels (ggml-metal kernel_mul_mv_q4_K_f32 and kin) "
              "unpack "
              "each quantized weight's bits, scale and offset it and multiply-add it in FP32 on "
              "the "
              "GPU's ALUs, where the CUDA backend dots 8-bit integers with dp4a (mul_mat_vec_q); "
              "on "
              "Apple GPUs, whose FP32 rate per byte of bandwidth is low (M1 Max 10.4 TFLOPS for "
              "400 GB/s), that work sets the decode step of K-quants: Llama-3-8B and 70B Q4_K_M "
              "run at the same 0.3 T weights/s on an M1 Max though their F16 runs are bandwidth-"
              "bound (rows M-025..M-027). Operations at the FP32 peak per Q4_K_M weight, per "
              "decode step. Other GGUF types scale by the ALU operations their own kernel does per "
              "weight, counted from ggml-metal.metal (formats.csv metal_mv_ops: Q8_0 2.25, Q4_0 "
              "3.7, Q4_K 4.9, Q4_K_M 5.64, Q5_K 7.4, Q6_K 8.7), so a Q4_0 weight costs 0.66 of a "
              "Q4_K_M one; types not counted cost what Q4_K_M does. 0 = no such bound (engines "
              "other than llama.cpp)"),
          &Assumptions::metal_quant_ops_per_weight, 0.0, 0.0, 1000.0),
      real(
          "unifiedMemoryGpuFraction", "Apple GPUs: share of RAM the GPU may hold", "fraction",
          SIZER_PROSE(
              "Metal's recommendedMaxWorkingSetSize (printed by llama.cpp at start-up): 75% of RAM "
              "above 36 GB (64 GB M1 Max: 51,540 MB), two thirds at or below (16 GB M1: 10,923 "
              "MB); "
              "0 = that rule. A user who raises `sudo sysctl iogpu.wired_limit_mb` sets their own"),
          &Assumptions::unified_memory_gpu_fraction, 0.0, 0.0, 1.0),
      whole("prefillLogitPositions", "Logit positions kept in prefill",
            SIZER_PROSE(
                "serving engines keep the last position (1); generate() in older HF Transformers "
                "keeps all (0)"),
            &Assumptions::prefill_logit_positions, 1, 0, kMaxTokens),
      fraction(
          "boardPowerFraction", "Board power while running, share of TDP",
          SIZER_PROSE(
              "8 x H100 nodes under AI training draw 76% of their 10.2 kW rating (Brookhaven "
              "measurements, arXiv 2506.14551); H100 LLM inference draws ~400-550 W of its 700 W. "
              "Energy per token and the owner's power cost use TDP x this share"),
          &Assumptions::board_power_fraction, 0.76),
      real(
          "lossBytesPerLogit", "Training: loss memory per logit", "bytes",
          SIZER_PROSE(
              "bytes per token and vocabulary entry held at the loss's peak: 4 = BF16 logits and a "
              "chunked FP32 cross-entropy working set; each framework's own is in its profile "
              "(docs/METHOD.md, Training frameworks)"),
          &Assumptions::loss_bytes_per_logit, 4.0, 0.0, 64.0),
      real(
          "compiledLoss", "Training: the loss is compiled", "flag",
          SIZER_PROSE(
              "1 = torch.compile fuses the loss's FP32 upcast, log-softmax and NLL into one kernel "
              "that keeps only a per-row logsumexp (torchtune training.compile_loss with "
              "compile=True; "
              "torchtitan build_cross_entropy_loss with compile on, 2025 and later): the loss then "
              "holds the 16-bit logits (2 bytes) and the 16-bit gradient of the chunk being "
              "differentiated (2 / lossChunks), never more than lossBytesPerLogit"),
          &Assumptions::compiled_loss, 0.0, 0.0, 1.0),
      whole(
          "lossChunks", "Training: chunks the loss is computed in",
          SIZER_PROSE(
              "the cross-entropy runs over this many pieces of the sequence, one at a time "
              "(torchtune CEWithChunkedOutputLoss num_output_chunks = 8); 1 = the whole sequence"),
          &Assumptions::loss_chunks, 1, 1, 1024),
      real(
          "eagerIntermediates", "Training: eager elementwise ops keep their outputs", "flag",
          SIZER_PROSE(
              "1 = eager PyTorch modules: a gated MLP keeps gate, SiLU(gate), up and their product "
              "(4 of the MLP width, fused kernels 3) and RMSNorm keeps an FP32 copy of its input "
              "and its BF16 result (6 bytes per element, fused 2); 0 = fused kernels (Megatron, "
              "Korthikanti et al. 2022)"),
          &Assumptions::eager_intermediates, 0.0, 0.0, 1.0),
      real(
          "loraDropoutCopies", "Training: LoRA dropout keeps a copy of adapter inputs", "flag",
          SIZER_PROSE(
              "lora_dropout > 0 keeps a dropped 16-bit copy of each adapted matrix's input for "
              "backward (LitGPT default 0.05); PEFT, torchtune and Unsloth default to 0 (no copy)"),
          &Assumptions::lora_dropout_copies, 1.0, 0.0, 1.0),
      real("kbitUpcastFp32", "QLoRA: unquantized parameters in FP32", "flag",
           SIZER_PROSE(
               "PEFT prepare_model_for_kbit_training casts every 16-bit parameter that is not "
               "quantized (embeddings, LM head, norms) to FP32; the residual stream then runs in "
               "FP32 "
               "and autocast keeps a BF16 copy of the LM head for backward"),
           &Assumptions::kbit_upcast_fp32, 0.0, 0.0, 1.0),
      real("activationOffload", "Training: activations offloaded to host RAM", "flag",
           SIZER_PROSE(
               "checkpointed layer inputs (or, without recompute, every saved activation) move to "
               "host RAM and back over PCIe on a side stream; the GPU keeps the layer being "
               "computed "
               "and one prefetched (Unsloth gradient checkpointing, torchtune "
               "enable_activation_offloading)"),
           &Assumptions::activation_offload, 0.0, 0.0, 1.0),
      real(
          "optimizerInBackward", "Training: optimizer step fused into backward", "flag",
          SIZER_PROSE(
              "each parameter is updated and its gradient freed as soon as it is computed, so only "
              "the largest gradient is held (torchtune optimizer_in_bwd)"),
          &Assumptions::optimizer_in_backward, 0.0, 0.0, 1.0),
      real("selectiveRecomputeOps", "Training: selective recompute is op-level", "flag",
           SIZER_PROSE(
               "0 = Korthikanti et al. 2022: selective recompute drops only the attention scores; "
               "1 = "
               "torchtitan's op policy: keep each layer's input, the attention output and every "
               "second matmul output, recompute the rest in backward"),
           &Assumptions::selective_recompute_ops, 0.0, 0.0, 1.0),
      real("persistentGradientBuffer", "Training: gradient buffer held all step", "flag",
           SIZER_PROSE(
               "1 = a contiguous gradient buffer lives through forward (Megatron, DeepSpeed; DDP's "
               "buckets always do); 0 = PyTorch creates gradients in backward as activations are "
               "freed and zero_grad(set_to_none=True), the default since 2.0, frees them "
               "(single-GPU "
               "and FSDP training)"),
           &Assumptions::persistent_gradient_buffer, 1.0, 0.0, 1.0),
  };
  return table;
}

const Field* find_field(const std::string& key) {
  for (const Field& f : fields()) {
    if (f.info.key == key) return &f;
  }
  return nullptr;
}

void put(Assumptions& a, const Field& f, double value) {
  if (f.real != nullptr) {
    a.*(f.real) = value;
  } else {
    a.*(f.whole) = static_cast<int>(std::lround(value));
  }
}

}  // namespace

const std::vector<ProfileChange>& engine_profile_changes() {
  static const std::vector<ProfileChange> changes = {
      // vLLM: CUDA graphs remove most launch overhead; paged KV in 16-token blocks; 10% reserve.
      {Engine::vllm, "decodeOverheadSecondsPerLayer", 20e-6,
       SIZER_PROSE("CUDA graphs replay decode steps")},
      {Engine::vllm, "prefillComputeEfficiency", 0.75,
       SIZER_PROSE("fused, tuned prefill kernels (0.6 of the peak at the default matmul share)")},
      {Engine::vllm, "decodeComputeEfficiency", 0.49,
       SIZER_PROSE(
           "batched decode matmuls and attention, each kernel group at its own roofline: the fit "
           "on every serving_throughput row of vLLM, SGLang and TensorRT-LLM (0.489, 388 rows; "
           "rows M-191..M-194 alone: 0.455)")},
      {Engine::vllm, "decodeBandwidthEfficiencyHbm", 0.65,
       SIZER_PROSE("the fit on every decode_tps and serving_throughput row of vLLM, SGLang and "
                   "TensorRT-LLM (0.651, 446 rows), fitted with decodeComputeEfficiency; "
                   "llama.cpp's own HBM rows (M-010..M-017) fit 0.66 alone")},
      {Engine::vllm, "engineReserveFraction", 0.1,
       SIZER_PROSE("gpu_memory_utilization 0.9 (default)")},
      {Engine::vllm, "frameworkOverheadFraction", 0.0,
       SIZER_PROSE(
           "weights loaded straight into PyTorch tensors; the rest is in engineNonTorchBytes")},
      {Engine::vllm, "kvBlockTokens", 16, SIZER_PROSE("PagedAttention block_size 16 (default)")},
      {Engine::vllm, "pipelineMicroBatches", 1.0,
       SIZER_PROSE("one batch in flight per pipeline stage (SGLang and TensorRT-LLM inherit it)")},
      {Engine::vllm, "engineNonTorchBytes", 0.3 * kGiB,
       SIZER_PROSE("non_torch_memory 0.25-0.35 GiB in vLLM's logs (issues #10517, #13061)")},
      {Engine::vllm, "fusedMoeKernelSeconds", 25e-6,
       SIZER_PROSE(
           "fused_moe at batch 1 less its weight streaming: 25-26 us on Hopper and Blackwell in "
           "BF16 and FP8 (vLLM PRs #31448, #44830; SGLang PR #11730)")},
      {Engine::vllm, "weightOnlyMoeKernelSeconds", 78e-6,
       SIZER_PROSE(
           "Marlin MoE at M = 1 less its weight reads: 74-121 us, median 78 (FlagGems PRs #3375, "
           "#3609); SGLang and TensorRT-LLM inherit it")},
      {Engine::vllm, "blockFp8GemmFloorSeconds", 19.2e-6,
       SIZER_PROSE("the median of vLLM's three (SGLang and TensorRT-LLM inherit it)")},
      {Engine::vllm, "weightOnlyKernelShare", 0.0,
       SIZER_PROSE("GPTQ and AWQ checkpoints run the gptq_marlin / awq_marlin kernels")},
      // llama.cpp: FP32 working buffers, n_ubatch 512, no flash attention by default.
      {Engine::llama_cpp, "decodeBandwidthEfficiency", 0.9,
       SIZER_PROSE("llama-bench tg on GDDR cards and Apple GPUs, rows M-001..M-033")},
      {Engine::llama_cpp, "decodeOverheadSecondsPerLayer", 100e-6,
       SIZER_PROSE("per-layer kernel launches and host work of the May 2024 builds, rows "
                   "M-001..M-033; Metal, ROCm and SYCL builds of any date")},
      {Engine::llama_cpp, "llamaCppCudaOverheadSecondsPerLayer", 30e-6,
       SIZER_PROSE("llama-bench tg on NVIDIA cards with builds from late 2025: rows P-042..P-044 "
                   "(llama.cpp PRs #17891, #17505, #15802)")},
      {Engine::llama_cpp, "llamaCppVulkanOverheadSecondsPerLayer", 32e-6,
       SIZER_PROSE("Vulkan tg on NVIDIA and AMD cards with builds from late 2025 on: rows P-159, "
                   "P-394..P-403")},
      {Engine::llama_cpp, "metalQuantOpsPerWeight", 33.0,
       SIZER_PROSE("Metal tg of Q4_K_M on Apple GPUs, rows M-024..M-033")},
      {Engine::llama_cpp, "prefillComputeEfficiency", 0.57,
       SIZER_PROSE("pp512 rows M-034..M-047 with their builds' FP16 dequantization pass "
                   "(prefillDequantizesWeights; 0.46 of the peak at the default matmul share)")},
      {Engine::llama_cpp, "prefillComputeEfficiencySimd", 0.78,
       SIZER_PROSE("Metal pp512 rows M-044..M-046 (0.63 of the peak)")},
      {Engine::llama_cpp, "cudaContextBytes", 0.3 * kGiB,
       SIZER_PROSE("one process, no PyTorch allocator")},
      {Engine::llama_cpp, "frameworkOverheadFraction", 0.0,
       SIZER_PROSE("compute buffers are counted as activations")},
      {Engine::llama_cpp, "prefillChunkTokens", 512, SIZER_PROSE("n_ubatch 512 (default)")},
      {Engine::llama_cpp, "prefillMaterializesScores", 1.0,
       SIZER_PROSE("flash_attn off by default")},
      {Engine::llama_cpp, "inferenceActivationBytes", 4.0, SIZER_PROSE("ggml computes in FP32")},
      // HF Transformers generate(): eager PyTorch, whole prompt in one pass.
      {Engine::transformers, "decodeBandwidthEfficiency", 0.8, SIZER_PROSE("rows M-129..M-143")},
      {Engine::transformers, "decodeBandwidthEfficiencyHbm", 0.8, SIZER_PROSE("rows M-129..M-143")},
      {Engine::transformers, "decodeOverheadSecondsPerLayer", 600e-6,
       SIZER_PROSE("eager PyTorch launch overhead, rows M-131, M-135")},
      {Engine::transformers, "eagerExpertLoopSeconds", 144e-6,
       SIZER_PROSE(
           "12 ops per expert at the 12 us per op that decodeOverheadSecondsPerLayer (600 us) "
           "implies over the ~50 elementary ops of an eager decoder layer")},
      {Engine::transformers, "dequantOverheadSecondsPerLayer", 600e-6,
       SIZER_PROSE("bitsandbytes dequantize kernels, rows M-133..M-143")},
      {Engine::transformers, "prefillDequantizesWeights", 1.0,
       SIZER_PROSE(
           "bitsandbytes, AutoAWQ and exllama kernels rebuild 16-bit weights for long inputs")},
      {Engine::transformers, "prefillComputeEfficiency", 0.5,
       SIZER_PROSE("eager attention and GEMMs (0.4 of the peak at the default matmul share)")},
      {Engine::transformers, "frameworkOverheadFraction", 0.02, SIZER_PROSE("rows M-130, M-134")},
      {Engine::transformers, "prefillChunkTokens", 0,
       SIZER_PROSE("generate() runs the prompt in one pass")},
      {Engine::transformers, "prefillLogitPositions", 0,
       SIZER_PROSE("older generate() keeps every logit")},
      // SGLang (python/sglang/srt/server_args.py defaults), on top of vLLM's kernel constants.
      {Engine::sglang, "reserveHoldsActivations", 1.0,
       SIZER_PROSE("the 1 - mem_fraction_static remainder holds activations and CUDA graphs")},
      {Engine::sglang, "kvBlockTokens", 1,
       SIZER_PROSE("RadixAttention token pool: page_size 1 (default)")},
      {Engine::sglang, "samplerProfileSequences", 0,
       SIZER_PROSE("no profiling pass: mem_fraction_static sizes the pool")},
      {Engine::sglang, "engineNonTorchBytes", 0.0, SIZER_PROSE("its rule does not count it")},
      {Engine::sglang, "frameworkOverheadFraction", 0.0,
       SIZER_PROSE("the pool is what is free after loading: the weights as allocated")},
      // TensorRT-LLM (LLM API / trtllm-serve defaults), on top of vLLM's kernel constants.
      {Engine::tensorrt_llm, "engineReserveFraction", 0.0,
       SIZER_PROSE("no fixed share: the KV pool rule below leaves the unused memory")},
      {Engine::tensorrt_llm, "kvFreeMemoryFraction", 0.9,
       SIZER_PROSE("KvCacheConfig.free_gpu_memory_fraction 0.9 (default)")},
      {Engine::tensorrt_llm, "kvBlockTokens", 32,
       SIZER_PROSE("KvCacheConfig tokens_per_block 32 (default)")},
      {Engine::tensorrt_llm, "prefillChunkTokens", 8192,
       SIZER_PROSE("max_num_tokens 8192 (default)")},
      {Engine::tensorrt_llm, "samplerProfileSequences", 0,
       SIZER_PROSE("no vLLM profiling pass: the pool takes a share of the free memory")},
      {Engine::tensorrt_llm, "engineNonTorchBytes", 0.0, SIZER_PROSE("its rule does not count it")},
      {Engine::tensorrt_llm, "weightOnlyKernelShare", 1.0,
       SIZER_PROSE("its own weight-only GEMV kernels, not Marlin (not measured here)")},
      {Engine::tensorrt_llm, "frameworkOverheadFraction", 0.01,
       SIZER_PROSE("weights loaded straight into the pool")},
      // MLC LLM (mlc_llm serve / MLCEngine): TVM-compiled kernels, no PyTorch.
      {Engine::mlc, "decodeBandwidthEfficiency", 0.89,
       SIZER_PROSE("TVM-compiled q4f16_1 decode mat-vec, rows P-023..P-029 and the MLC multi-GPU "
                   "blog rows")},
      {Engine::mlc, "decodeOverheadSecondsPerLayer", 20e-6,
       SIZER_PROSE(
           "CUDA graphs replay decode steps: mlc_llm compile's default --opt O2 sets cudagraph "
           "(python/mlc_llm/interface/compiler_flags.py OPT_FLAG_PRESET); vLLM's figure")},
      {Engine::mlc, "kvBlockTokens", 16,
       SIZER_PROSE("PagedKVCache kv_cache_page_size 16 (cpp/serve/config.h)")},
      {Engine::mlc, "engineReserveFraction", 0.15,
       SIZER_PROSE("gpu_memory_utilization 0.85 (cpp/serve/config.h EngineConfigNode)")},
      {Engine::mlc, "prefillChunkTokens", 8192,
       SIZER_PROSE("prefill_chunk_size = min(context_window_size, 8192) "
                   "(mlc_llm/model/llama/llama_model.py)")},
      {Engine::mlc, "cudaContextBytes", 0.3 * kGiB,
       SIZER_PROSE("one process, TVM runtime, no PyTorch allocator")},
      {Engine::mlc, "frameworkOverheadFraction", 0.0,
       SIZER_PROSE(
           "weights load straight into TVM arrays; activations live in the compiled temp buffer")},
      // ExLlamaV2: one fused C++ extension call per attention and MLP module from a Python loop,
      // no CUDA graphs.
      {Engine::exllamav2, "decodeOverheadSecondsPerLayer",
       kExllamaV2CppLaunchesPerLayer * kCppSecondsPerLaunch +
           kExllamaV2ExtensionCallsPerLayer * kPythonToCppCallSeconds +
           kExllamaV2EagerLaunchesPerLayer * kEagerSecondsPerLaunch,
       SIZER_PROSE(
           "host time of a decoder layer at batch 1 = 73 us: 12 kernels launched from C++ "
           "inside its extension (RMSNorm, the Q, K and V mat-vecs and two RoPE kernels in "
           "q_attn_forward_1; o_proj adding into the residual in q_attn_forward_2; RMSNorm, gate, "
           "up, SiLU x up and down in q_mlp_forward_; q_attn.cu, q_mlp.cu, q_gemm.cu) x 3.48 us "
           "(cuLaunchKernel's host time, JuliaGPU/CUDA.jl PR #2162), the 3 Python calls into "
           "the extension x 1 us (PyTorch issue #41383), and attention without flash-attn, 4 "
           "eager PyTorch ops (Q.K^T, the scale, softmax, P.V; exllamav2/attn.py) x 7.1 us "
           "(FlagGems issue #4558). ExLlamaV2 as of its README table (2023-09); views and "
           "allocations launch nothing and are not counted")},
      {Engine::exllamav2, "decodeBandwidthEfficiency", 0.8,
       SIZER_PROSE("the generic value: no published bandwidth share of ExLlamaV2's EXL2 / GPTQ "
                   "mat-vec kernels on GDDR cards")},
      {Engine::exllamav2, "prefillChunkTokens", 2048,
       SIZER_PROSE("ExLlamaV2Config.max_input_len 2048 (exllamav2/config.py)")},
      {Engine::exllamav2, "prefillDequantizesWeights", 1.0,
       SIZER_PROSE(
           "gemm_half_q_half rebuilds an FP16 matrix for cuBLAS above MAX_Q_GEMM_ROWS (50) rows "
           "(exllamav2_ext q_gemm.cu)")},
      {Engine::exllamav2, "kvBlockTokens", 256,
       SIZER_PROSE(
           "dynamic generator pages: PAGED_PAGE_SIZE 256 (exllamav2/generator/dynamic.py)")},
      // Ollama: llama.cpp's kernels; every runner Ollama has had samples on the CPU.
      {Engine::ollama, "samplingSecondsPerLogit", 4.3e-9,
       SIZER_PROSE(
           "every Ollama runner samples on the CPU: llama.cpp's sampler through cgo (llama "
           "runner), its Go sampler (own engine: gpt-oss, qwen3, gemma3 ...) and, since ollama "
           "PR #16031 (May 2026), llama-server. Go sampler at top_k 40, temperature 0.8: "
           "548,624 ns per 128,000-logit sample (BenchmarkWeightedSampler/ConfigTopK, ollama PR "
           "#15542). llama-server's CPU against GPU sampling, penalties in the chain as Ollama's "
           "repeat_penalty 1.1 puts them: 2.6 and 4.3 ns per logit for gpt-oss-20b (llama.cpp "
           "PR #25262). Greedy decoding (temperature 0): 0.65 ns per logit in the Go benchmark")},
      // AutoAWQ with fuse_layers=True: its fused decoder layers inside HF generate(), no CUDA
      // graphs.
      {Engine::autoawq, "decodeOverheadSecondsPerLayer",
       kAutoAwqGemmLaunchesPerLayer * kEagerSecondsPerLaunch,
       SIZER_PROSE(
           "17 kernel launches per decoder layer x 7.1 us of eager PyTorch host time each = 121 "
           "us: a fused layer at batch 1 runs FasterTransformer RMSNorm twice, the fused QKV and "
           "o_proj WQLinear_GEMM (the GEMM kernel plus its split-k sum: 2 each), FT "
           "single_query_attention (rotary, KV append and attention in one kernel), gate and up "
           "gemm_forward_cuda (2 each), SiLU, the product, down_proj (2) and two residual adds "
           "(AutoAWQ awq/modules/fused block.py, attn.py, mlp.py, norm.py; gemm_cuda_gen.cu); 7.1 "
           "us = eager torch.add at decode shape (1, 4096) on an A100 (FlagGems issue #4558). "
           "The GEMV kernels launch 12 (no split-k sums)")},
      {Engine::autoawq, "dequantOverheadSecondsPerLayer", 0.0,
       SIZER_PROSE("no separate dequantize pass: gemm_forward_4bit_cuda dequantizes each 4-bit "
                   "tile in shared memory and gemv_forward_cuda each weight in registers")},
      {Engine::autoawq, "decodeBandwidthEfficiency", 0.8, SIZER_PROSE(kAutoAwqGenericShares)},
      {Engine::autoawq, "decodeBandwidthEfficiencyHbm", 0.65, SIZER_PROSE(kAutoAwqGenericShares)},
      {Engine::autoawq, "eagerExpertLoopSeconds", 0.0,
       SIZER_PROSE("FusedSparseMoeBlock runs every expert in two grouped_gemm_forward calls, no "
                   "Python loop over experts (awq/modules/fused/moe.py)")},
      {Engine::autoawq, "prefillDequantizesWeights", 1.0,
       SIZER_PROSE("WQLinear_GEMM rebuilds FP16 weights (dequantize_weights_cuda) and calls "
                   "torch.matmul when batch x tokens >= 1024 (awq/modules/linear/gemm.py)")},
  };
  return changes;
}

namespace {

// vLLM V1 EngineArgs.get_batch_defaults: cards of 70 GiB or more other than A100 ("for GPUs like
// H100 and MI300x") get max_num_seqs 1024 and max_num_batched_tokens 8192 for the API server;
// the rest 256 and 2048.
bool vllm_large_batch_defaults(const EngineSetup& setup) {
  return setup.gpu_memory_bytes >= 70.0 * kGiB && !setup.gpu_is_a100;
}

// SGLang's _handle_gpu_memory_settings picks its prefill chunk and CUDA-graph batch limit by the
// card's memory ("GPUs with more memory are generally more powerful"): T4 / 4080, A10 / 4090,
// A100 40GB / L40, H100 / A100 80GB, H20 / H200, B200 / MI300 tiers.
struct SglangMemoryTier {
  double chunked_prefill_tokens;
  double cuda_graph_max_batch;
};

SglangMemoryTier sglang_memory_tier(const EngineSetup& setup) {
  if (setup.gpu_memory_bytes <= 0) return {4096, 160};  // SGLang's fallback: memory unknown
  const double mib = setup.gpu_memory_bytes / kMiB;
  const bool wide = setup.tensor_ranks >= 4;
  if (mib < 20 * 1024.0) return {2048, 8};
  if (mib < 35 * 1024.0) return {2048, wide ? 80.0 : 24.0};
  if (mib < 60 * 1024.0) return {4096, wide ? 160.0 : 32.0};
  if (mib < 160 * 1024.0) return {8192, wide ? 512.0 : 256.0};
  return {16384, 512};
}

// 1 - mem_fraction_static: the MiB SGLang keeps out of the static pool for activations, CUDA
// graphs and the communicators of the ranks, as a share of the card (rounded to 3 places, as
// SGLang rounds the fraction).
double sglang_reserve_fraction(const EngineSetup& setup) {
  constexpr double kMetadataMiB = 512;  // attention backends' constant metadata
  constexpr double kActivationMiBPerChunkToken = 1.5;
  constexpr double kMiBPerGraphBatch = 2;
  constexpr double kMiBPerEightRanks = 1024;
  constexpr double kStaticFractionMemoryUnknown = 0.88;  // SGLang's fallback
  if (setup.gpu_memory_bytes <= 0) return 1.0 - kStaticFractionMemoryUnknown;
  const double mib = setup.gpu_memory_bytes / kMiB;
  const SglangMemoryTier tier = sglang_memory_tier(setup);
  // SGLang also keeps at least 10 GiB on cards over 60 GiB; their tiers' 8192-token chunk
  // alone reserves more than that.
  const double reserved =
      kMetadataMiB + std::max(tier.chunked_prefill_tokens, 2048.0) * kActivationMiBPerChunkToken +
      tier.cuda_graph_max_batch * kMiBPerGraphBatch +
      std::max(1, setup.world_size) / 8.0 * kMiBPerEightRanks;
  const double fraction = std::round((mib - reserved) / mib * 1000.0) / 1000.0;
  return std::clamp(1.0 - fraction, 0.0, 1.0);
}

}  // namespace

const std::vector<SetupRule>& engine_setup_rules() {
  static const std::vector<SetupRule> rules = {
      {Engine::vllm, "samplerProfileSequences",
       SIZER_PROSE(
           "max_num_seqs: 1024 on cards of 70 GiB or more other than A100, else 256 (vLLM V1 "
           "EngineArgs.get_batch_defaults, API server)"),
       [](const EngineSetup& setup) { return vllm_large_batch_defaults(setup) ? 1024.0 : 256.0; }},
      {Engine::vllm, "prefillChunkTokens",
       SIZER_PROSE(
           "max_num_batched_tokens: 8192 on cards of 70 GiB or more other than A100, else 2048 "
           "(vLLM V1 EngineArgs.get_batch_defaults, API server)"),
       [](const EngineSetup& setup) { return vllm_large_batch_defaults(setup) ? 8192.0 : 2048.0; }},
      // SGLang's _handle_gpu_memory_settings (server_args.py since PR #10975, 2025-09-27, and
      // #11076; releases from 0.5.3): mem_fraction_static = (card MiB - reserved MiB) / card MiB,
      // where the reserve covers the prefill chunk's activations and the CUDA graphs.
      {Engine::sglang, "engineReserveFraction",
       SIZER_PROSE(
           "1 - mem_fraction_static, reserved / card memory: reserved = 512 MiB + 1.5 MiB per "
           "chunked-prefill token (at least 2048) + 2 MiB per CUDA-graph batch (cuda_graph_max_bs: "
           "8 under 20 GiB; 24, 32 or 256 under 35, 60 or 160 GiB, or 80, 160, 512 from 4 "
           "tensor ranks; 512 above) + 128 MiB per tensor x pipeline rank: 0.165 on an H100 80GB "
           "(SGLang server_args.py _handle_gpu_memory_settings, PR #10975, releases from 0.5.3; "
           "older releases took 0.12 on one GPU, 0.13 from 2 ranks, 0.15 from 4, 0.19 from 8)"),
       sglang_reserve_fraction},
      // ggml-cuda multiplies quantized prompt batches in place (MMQ, the default since PR #8075,
      // June 2024); ggml-sycl has no usable MMQ and expands them to FP16 for oneDNN / oneMKL.
      {Engine::llama_cpp, "prefillDequantizesWeights",
       SIZER_PROSE(
           "1 on Intel GPUs under SYCL: the SYCL backend's ggml_sycl_supports_mmq returns false "
           "('accuracy "
           "issues in MMQ'), so ggml_sycl_op_mul_mat_sycl dequantizes each weight to FP16 for a "
           "oneDNN / oneMKL GEMM (ggml/src/ggml-sycl/ggml-sycl.cpp); 0 elsewhere: CUDA's MMQ "
           "kernels multiply quantized weights in place since PR #8075 (June 2024), and the Vulkan "
           "backend dequantizes tiles in shared memory (llamaCppVulkan 1)"),
       [](const EngineSetup& setup) {
         return setup.gpu_is_intel && !setup.llama_cpp_vulkan ? 1.0 : 0.0;
       }},
      {Engine::sglang, "prefillChunkTokens",
       SIZER_PROSE(
           "chunked_prefill_size: 2048 on cards under 35 GiB, 4096 under 60 GiB, 8192 "
           "under 160 GiB, 16384 above (SGLang server_args.py _handle_gpu_memory_settings)"),
       [](const EngineSetup& setup) { return sglang_memory_tier(setup).chunked_prefill_tokens; }},
  };
  return rules;
}

Engine engine_profile_base(Engine engine) {
  switch (engine) {
    case Engine::sglang:
    case Engine::tensorrt_llm:
      return Engine::vllm;
    case Engine::ollama:
      return Engine::llama_cpp;
    case Engine::autoawq:
      return Engine::transformers;
    default:
      return engine;
  }
}

// Each framework's memory behaviours, read from its code (docs/METHOD.md, "Training frameworks").
const std::vector<FrameworkChange>& framework_profile_changes() {
  using F = TrainingFramework;
  static const std::vector<FrameworkChange> changes = {
      // Hugging Face Transformers + PEFT/TRL (Axolotl, LLaMA-Factory), transformers 4.46.
      {F::transformers, "lossBytesPerLogit", 14.0,
       SIZER_PROSE(
           "loss_utils.py ForCausalLMLoss: BF16 logits (2) + logits.float() (4) + the shifted "
           ".contiguous() copy (4) + log_softmax's output saved for backward (4)")},
      {F::transformers, "eagerIntermediates", 1.0,
       SIZER_PROSE("modeling_llama.py: LlamaMLP down(act(gate(x)) * up(x)) and LlamaRMSNorm's FP32 "
                   "upcast")},
      {F::transformers, "loraDropoutCopies", 0.0,
       SIZER_PROSE("PEFT LoraConfig lora_dropout defaults to 0.0")},
      {F::transformers, "kbitUpcastFp32", 1.0,
       SIZER_PROSE(
           "PEFT prepare_model_for_kbit_training upcasts non-quantized parameters to FP32")},
      {F::transformers, "persistentGradientBuffer", 0.0,
       SIZER_PROSE("HF Trainer: optimizer.zero_grad(set_to_none=True) between steps")},
      // Unsloth (December 2024 and later).
      {F::unsloth, "lossBytesPerLogit", 0.0,
       SIZER_PROSE(
           "Cut Cross-Entropy (arXiv 2411.09009): the loss is computed blockwise from the hidden "
           "states; the logits are never materialized")},
      {F::unsloth, "activationOffload", 1.0,
       SIZER_PROSE("use_gradient_checkpointing=\"unsloth\" offloads the checkpointed layer inputs "
                   "to host RAM")},
      {F::unsloth, "persistentGradientBuffer", 0.0,
       SIZER_PROSE("HF Trainer underneath: zero_grad(set_to_none=True)")},
      {F::unsloth, "loraDropoutCopies", 0.0,
       SIZER_PROSE("the fast LoRA path runs with lora_dropout = 0 (Unsloth docs)")},
      // torchtune: chunked cross-entropy, eager modules; offload and optimizer-in-backward are
      // recipe flags (off by default).
      {F::torchtune, "lossBytesPerLogit", 6.5,
       SIZER_PROSE(
           "CEWithChunkedOutputLoss, 8 chunks: BF16 logits (2) + log_softmax saved per chunk (4) + "
           "one chunk's FP32 copy (4 / 8)")},
      {F::torchtune, "lossChunks", 8.0,
       SIZER_PROSE("CEWithChunkedOutputLoss num_output_chunks = 8")},
      {F::torchtune, "eagerIntermediates", 1.0,
       SIZER_PROSE("modules/feed_forward.py w2(silu(w1(x)) * w3(x)); RMSNorm upcasts to FP32")},
      {F::torchtune, "persistentGradientBuffer", 0.0,
       SIZER_PROSE("recipes call optimizer.zero_grad(set_to_none=True)")},
      {F::torchtune, "loraDropoutCopies", 0.0,
       SIZER_PROSE("the LoRA builders default to lora_dropout = 0.0")},
      // torchtitan: whole-vocabulary FP32 cross-entropy, `del pred` before backward.
      {F::torchtitan, "lossBytesPerLogit", 12.0,
       SIZER_PROSE(
           "cross_entropy(pred.float()): backward holds log_softmax's saved output (4), the NLL "
           "gradient (4) and the log-softmax input gradient (4); the BF16 logits are freed")},
      {F::torchtitan, "selectiveRecomputeOps", 1.0,
       SIZER_PROSE(
           "activation_checkpoint.mode = \"selective\", selective_ac_option = \"op\": saves mm "
           "outputs except every second one, and SDPA outputs")},
      {F::torchtitan, "persistentGradientBuffer", 0.0,
       SIZER_PROSE("FSDP2 creates sharded gradients in backward; zero_grad frees them")},
      {F::torchtitan, "eagerIntermediates", 1.0,
       SIZER_PROSE("models/llama3 FeedForward w2(silu(w1(x)) * w3(x)) without torch.compile "
                   "(default off)")},
      // Megatron-LM / NeMo: fused vocab-parallel cross-entropy, fused SwiGLU and norms.
      {F::megatron, "lossBytesPerLogit", 6.0,
       SIZER_PROSE(
           "VocabParallelCrossEntropy: BF16 logits (2) + an FP32 copy turned into the softmax in "
           "place and saved (4); backward reuses it in place")},
      // DeepSpeed trains Hugging Face models (Trainer integration): their modules and loss.
      {F::deepspeed, "lossBytesPerLogit", 14.0,
       SIZER_PROSE("Hugging Face ForCausalLMLoss (see transformers)")},
      {F::deepspeed, "eagerIntermediates", 1.0,
       SIZER_PROSE("Hugging Face eager modules (see transformers)")},
      {F::deepspeed, "loraDropoutCopies", 0.0,
       SIZER_PROSE("PEFT LoraConfig lora_dropout defaults to 0.0")},
      {F::deepspeed, "kbitUpcastFp32", 1.0,
       SIZER_PROSE("PEFT prepare_model_for_kbit_training (QLoRA)")},
      // LitGPT: chunked BF16 cross-entropy (the generic 4 bytes), eager modules, LoRA dropout
      // 0.05 (the generic flag).
      {F::litgpt, "persistentGradientBuffer", 0.0,
       SIZER_PROSE("Fabric loops call optimizer.zero_grad() (set_to_none by default)")},
      {F::litgpt, "eagerIntermediates", 1.0,
       SIZER_PROSE("litgpt/model.py LLaMAMLP silu(fc_1(x)) * fc_2(x); RMSNorm computes in FP32")},
  };
  return changes;
}

namespace {

Assumptions build_defaults(Engine engine, TrainingFramework framework) {
  Assumptions a;
  for (const Field& f : fields()) put(a, f, f.generic_default);
  auto apply_engine = [&a](Engine which) {
    for (const ProfileChange& c : engine_profile_changes()) {
      if (c.engine != which) continue;
      if (const Field* f = find_field(c.key)) put(a, *f, c.value);
    }
  };
  if (engine_profile_base(engine) != engine) apply_engine(engine_profile_base(engine));
  apply_engine(engine);
  // The setup rules at their values for one GPU of unknown size; the scenario's own setup
  // replaces them (default_assumptions with an EngineSetup).
  for (const SetupRule& rule : engine_setup_rules()) {
    if (rule.engine != engine) continue;
    if (const Field* f = find_field(rule.key)) put(a, *f, rule.value(EngineSetup{}));
  }
  for (const FrameworkChange& c : framework_profile_changes()) {
    if (c.framework != framework) continue;
    if (const Field* f = find_field(c.key)) put(a, *f, c.value);
  }
  return a;
}

}  // namespace

Assumptions default_assumptions(Engine engine, TrainingFramework framework) {
  // Built once per engine x framework: normalize() asks on every estimate.
  static const std::vector<Assumptions> profiles = [] {
    std::vector<Assumptions> out;
    for (const EnumEntry<Engine>& e : enum_entries<Engine>()) {
      for (const EnumEntry<TrainingFramework>& f : enum_entries<TrainingFramework>())
        out.push_back(build_defaults(e.value, f.value));
    }
    return out;
  }();
  const std::size_t frameworks = enum_entries<TrainingFramework>().size();
  return profiles[static_cast<std::size_t>(enum_index(engine)) * frameworks +
                  static_cast<std::size_t>(enum_index(framework))];
}

namespace {

// Each setup rule's field, looked up once (find_field compares every key).
const std::vector<const Field*>& setup_rule_fields() {
  static const std::vector<const Field*> out = [] {
    std::vector<const Field*> v;
    for (const SetupRule& rule : engine_setup_rules()) v.push_back(find_field(rule.key));
    return v;
  }();
  return out;
}

}  // namespace

void apply_setup_rules(Assumptions& a, Engine engine, const EngineSetup& setup,
                       const std::map<std::string, double>& keep) {
  const std::vector<SetupRule>& rules = engine_setup_rules();
  const std::vector<const Field*>& rule_fields = setup_rule_fields();
  for (std::size_t i = 0; i < rules.size(); ++i) {
    if (rules[i].engine != engine || rule_fields[i] == nullptr) continue;
    if (!keep.empty() && keep.count(rules[i].key) != 0) continue;
    put(a, *rule_fields[i], rules[i].value(setup));
  }
}

Assumptions default_assumptions(Engine engine, TrainingFramework framework,
                                const EngineSetup& setup) {
  Assumptions a = default_assumptions(engine, framework);
  apply_setup_rules(a, engine, setup, {});
  return a;
}

DefaultReason default_reason(Engine engine, TrainingFramework framework, const std::string& key) {
  // Applied as build_defaults() and apply_setup_rules() apply them: the last one wins.
  DefaultReason out;
  const Engine base = engine_profile_base(engine);
  for (Engine which : {base, engine}) {  // an engine without a base visits itself twice
    for (const ProfileChange& c : engine_profile_changes()) {
      if (c.engine == which && c.key == key) out = {"profile", enum_id(which), c.why};
    }
  }
  for (const FrameworkChange& c : framework_profile_changes()) {
    if (c.framework == framework && c.key == key) out = {"framework", enum_id(framework), c.why};
  }
  for (const SetupRule& rule : engine_setup_rules()) {
    if (rule.engine == engine && rule.key == key) out = {"setup", enum_id(engine), rule.why};
  }
  return out;
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
  const Field* f = find_field(key);
  if (f == nullptr) return false;
  out = f->real != nullptr ? a.*(f->real) : double(a.*(f->whole));
  return true;
}

std::string assumption_range_problem(const std::string& key, double value) {
  const Field* f = find_field(key);
  if (f == nullptr) return "unknown assumption";
  const AssumptionInfo& i = f->info;
  auto text = [](double v) {
    std::string s = std::to_string(v);
    s.erase(s.find_last_not_of('0') + 1);
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s;
  };
  const std::string range =
      (i.min_exclusive ? "above " : "at least ") + text(i.min) + " and at most " + text(i.max);
  if (!std::isfinite(value)) return "must be a finite number " + range;
  if (value > i.max || value < i.min || (i.min_exclusive && value <= i.min)) {
    return "must be " + range;
  }
  if (i.integer && value != std::floor(value)) return "must be a whole number " + range;
  return "";
}

bool set_assumption(Assumptions& a, const std::string& key, double value) {
  const Field* f = find_field(key);
  if (f == nullptr || !assumption_range_problem(key, value).empty()) return false;
  put(a, *f, value);
  return true;
}

}  // namespace sizer
