// Inference speed by roofline: prefill is compute-bound, decode reads every active weight and
// the KV cache once per step. Pipeline stages run one after another for a single stream.
#include "sizer/inference_speed.hpp"

#include <algorithm>
#include <cmath>

#include "engine_internal.hpp"
#include "sizer/communication.hpp"
#include "sizer/gemm_floor.hpp"
#include "sizer/kv_cache.hpp"
#include "sizer/layers.hpp"
#include "sizer/memory.hpp"
#include "sizer/training_math.hpp"
#include "sizer/vision.hpp"

namespace sizer {
namespace {

// ggml's CUDA backend takes over host-resident matmuls from this many tokens a batch.
constexpr double kGpuOffloadMinBatch = 32;

}  // namespace

double peak_flops(const Gpu& g, ComputeType compute, Engine engine) {
  double sixteen_bit;
  if (engine_profile_base(engine) == Engine::llama_cpp) {
    // llama.cpp's cuBLAS path computes FP16 with FP16 accumulate (the GeForce full rate).
    sixteen_bit = g.fp16_tensor_tflops > 0 ? g.fp16_tensor_tflops : g.bf16_tensor_tflops;
  } else {
    // PyTorch engines accumulate in FP32: the BF16 column (half rate on GeForce).
    sixteen_bit = g.bf16_tensor_tflops > 0 ? g.bf16_tensor_tflops : g.fp16_tensor_tflops;
  }
  if (sixteen_bit <= 0) sixteen_bit = g.fp32_tflops;  // no tensor cores (Apple, old cards)
  double tflops = sixteen_bit;
  if (compute == ComputeType::fp8 && g.fp8_tensor_tflops > 0) tflops = g.fp8_tensor_tflops;
  if (compute == ComputeType::int8 && g.int8_tensor_tops > 0) tflops = g.int8_tensor_tops;
  if (compute == ComputeType::fp4 && g.fp4_tensor_tflops > 0) tflops = g.fp4_tensor_tflops;
  if (compute == ComputeType::fp32) tflops = g.fp32_tflops;
  return tflops * 1e12;
}

ComputeType matmul_compute_type(const Scenario& s) {
  switch (s.inference.activations) {
    case ActivationPrecision::bf16:
      return ComputeType::bf16;
    case ActivationPrecision::fp16:
      return ComputeType::fp16;
    case ActivationPrecision::fp8:
      return ComputeType::fp8;
    case ActivationPrecision::int8:
      return ComputeType::int8;
    case ActivationPrecision::automatic:
      break;
  }
  return weights_format_of(s).compute_dtype;
}

bool has_amx_kernels(const NumberFormat& f) {
  // ggml-cpu's AMX path (qtype_has_amx_kernels): Q4_0, Q4_1, Q8_0, Q4_K, Q5_K, Q6_K, IQ4_XS.
  for (const char* id : {"gguf-q4_0", "gguf-q4_1", "gguf-q8_0", "gguf-q4_k_m", "gguf-q4_k_s",
                         "gguf-q5_k_m", "gguf-q5_k_s", "gguf-q6_k", "gguf-iq4_xs"}) {
    if (f.id == id) return true;
  }
  return false;
}

double cpu_peak_flops(const HostProfile& host, const NumberFormat& weights) {
  // llama.cpp's CPU kernels quantize the activations to 8 bits for quantized weights and dot
  // them as integers (ggml vec_dot_*_q8), on AMX tiles where the type has AMX kernels; 16-bit
  // weights are converted and multiplied in FP32.
  if (weights.bits_per_weight > 8.5) return host.cpu_fp32_tflops * 1e12;
  const double amx = has_amx_kernels(weights) ? host.cpu_amx_int8_tops : 0.0;
  return std::max(host.cpu_int8_tops, amx) * 1e12;
}

double inference_peak_flops(const Scenario& s) {
  if (is_cpu(s.hardware.gpu)) return cpu_peak_flops(s.hardware.host, weights_format_of(s));
  return peak_flops(s.hardware.gpu, matmul_compute_type(s), s.inference.engine);
}

double inference_sustained_flops(const Scenario& s) {
  const double peak = inference_peak_flops(s);
  if (is_cpu(s.hardware.gpu)) return peak;
  return peak * sustained_matmul_fraction(s.hardware.gpu, matmul_compute_type(s), s.assumptions);
}

double effective_bandwidth_bytes_per_s(const Gpu& g, const Assumptions& a) {
  if (is_cpu(g)) return g.memory_bandwidth_gb_per_s * 1e9 * a.host_bandwidth_efficiency;
  const bool hbm = has_hbm(g);
  const double eff = hbm ? a.decode_bandwidth_efficiency_hbm : a.decode_bandwidth_efficiency;
  return g.memory_bandwidth_gb_per_s * 1e9 * eff;
}

double matmul_params(const ParamCounts& p, const ModelArch& m) {
  // The input embedding is a table lookup; a tied embedding is still multiplied as the LM head.
  return std::max(0.0, p.active - (m.tie_word_embeddings ? 0.0 : p.embedding));
}

double attention_flops_per_token(const ModelArch& m, double context, bool absorbed) {
  double qk_dim, v_dim;
  if (m.attention == AttentionKind::mla && absorbed) {
    qk_dim = m.kv_lora_rank + m.qk_rope_head_dim;
    v_dim = m.kv_lora_rank;
  } else if (m.attention == AttentionKind::mla) {
    qk_dim = m.qk_nope_head_dim + m.qk_rope_head_dim;
    v_dim = m.v_head_dim;
  } else {
    qk_dim = v_dim =
        m.head_dim > 0 ? m.head_dim : (m.num_heads > 0 ? m.hidden_size / m.num_heads : 0);
  }
  const int global = global_attention_layers(m);
  const int local = std::max(0, attention_layer_count(m) - global);
  const double local_ctx =
      m.sliding_window > 0 ? std::min(context, double(m.sliding_window)) : context;
  // QK^T and attention x V: 2 FLOPs per multiply-add, per head.
  const double per_layer_per_ctx = 2.0 * m.num_heads * (qk_dim + v_dim);
  return per_layer_per_ctx * (global * context + local * local_ctx);
}

DecodeRoofline decode_kernel_rooflines(const KernelGroupTimes& matmuls,
                                       const KernelGroupTimes& attention) {
  DecodeRoofline r;
  for (const KernelGroupTimes& group : {matmuls, attention}) {
    if (group.flop_seconds > group.read_seconds) {
      r.compute_bound_seconds += group.flop_seconds;
    } else {
      r.memory_bound_seconds += group.read_seconds;
    }
  }
  return r;
}

double prefill_flops(const ModelArch& m, const ParamCounts& p, double s) {
  // Causal attention: token j attends to j tokens, s/2 on average.
  return s * (2.0 * matmul_params(p, m) + attention_flops_per_token(m, s / 2.0));
}

namespace {

// Bytes of weights read by a pass over `tokens` tokens, summed over all GPUs: the whole model in
// its format, minus the embedding table (only looked up), minus experts no token chose.
double weight_bytes_read(const Scenario& s, const ParamCounts& p, double tokens) {
  const NumberFormat& wf = weights_format_of(s);
  const ModelArch& m = s.model;
  // The image encoder runs once per image, not per token (its FLOPs are in the prefill).
  double bytes = weights_bytes(p, wf) - p.vision * kVisionBytesPerParam;
  if (!m.tie_word_embeddings) bytes -= p.embedding * embedding_bytes_per_param(wf, p);
  if (m.num_experts > 0) {
    // Under expert parallel the ep replicas' tokens meet in each GPU's share of the experts: the
    // experts the whole group chose, 1 / ep of them on this replica's GPUs.
    const double ep = std::max(1, s.parallel.expert);
    const double experts = routed_expert_params(m) * wf.bits_per_weight / 8.0;
    const double touched = expected_experts_touched(m, tokens * ep) / m.num_experts;
    bytes += experts * (touched / ep - 1.0);
  }
  return std::max(0.0, bytes);
}

double gpu_layer_fraction(const Scenario& s) {
  const int layers = s.model.num_layers;
  if (s.inference.gpu_layers < 0 || s.inference.gpu_layers >= layers || layers <= 0) return 1.0;
  return double(s.inference.gpu_layers) / layers;
}

// The card's architecture family, as core/data/gpus.csv names it ("Hopper (GH100)").
bool architecture_is(const Gpu& g, const char* family) {
  return g.architecture.rfind(family, 0) == 0;
}

// The format's Metal mat-vec ALU work relative to Q4_K_M's, the type metalQuantOpsPerWeight is
// stated for (formats.csv metal_mv_ops: operations counted per weight in each type's kernel).
// A type nobody counted costs what Q4_K_M does.
double metal_mat_vec_ops_relative(const NumberFormat& wf) {
  const NumberFormat* reference = find_format("gguf-q4_k_m");
  if (reference == nullptr || reference->metal_mv_ops <= 0 || wf.metal_mv_ops <= 0) return 1.0;
  return wf.metal_mv_ops / reference->metal_mv_ops;
}

}  // namespace

// Marlin's share of the 16-bit decode bandwidth on Hopper at 4 bits (inclusionAI/humming PR #2,
// H100, n = k = 8192, m = 1: 4.98 TFLOPS against torch BF16's 2.30 at a quarter of the bytes).
constexpr double kHopperWeightOnlyShare4Bit = 4.98 / 2.30 / 4.0;

bool runs_weight_only_kernels(const Scenario& s) {
  const NumberFormat& wf = weights_format_of(s);
  const ComputeType compute = matmul_compute_type(s);
  if (compute != ComputeType::fp16 && compute != ComputeType::bf16) return false;
  if (wf.family == FormatFamily::gguf || wf.family == FormatFamily::bnb) return false;
  return wf.bits_per_weight < 12.0 && !is_cpu(s.hardware.gpu);
}

// vLLM runs MXFP4 experts through Marlin only below compute capability 9 (get_mxfp4_backend,
// vllm/model_executor/layers/quantization/mxfp4.py, v0.11).
bool runs_mma_fed_mxfp4(const Scenario& s) {
  const Gpu& g = s.hardware.gpu;
  return weights_format_of(s).family == FormatFamily::mxfp4 &&
         (architecture_is(g, "Hopper") || architecture_is(g, "Blackwell"));
}

bool uses_weight_only_moe_kernel(const Scenario& s) {
  return s.assumptions.weight_only_moe_kernel_seconds > 0 && runs_weight_only_kernels(s) &&
         !runs_mma_fed_mxfp4(s);
}

double fused_moe_kernel_seconds(const Scenario& s) {
  if (s.model.num_experts <= 0) return 0.0;
  const Assumptions& a = s.assumptions;
  return moe_layer_count(s.model) * (uses_weight_only_moe_kernel(s)
                                         ? a.weight_only_moe_kernel_seconds
                                         : a.fused_moe_kernel_seconds);
}

double decode_overhead_seconds_per_layer(const Scenario& s) {
  const Assumptions& a = s.assumptions;
  const Gpu& g = s.hardware.gpu;
  // ggml-cuda captures each token's kernels in one CUDA graph from compute capability 8.0 on
  // (ggml_backend_cuda_graph_compute logs "disabling CUDA graphs due to GPU architecture" below
  // it, e.g. ik_llama.cpp issue #479 on a Turing card).
  const bool cuda_graphs = g.vendor == "NVIDIA" && !is_cpu(g) &&
                           (architecture_is(g, "Ampere") || architecture_is(g, "Ada") ||
                            architecture_is(g, "Hopper") || architecture_is(g, "Blackwell"));
  const bool current_build =
      a.llama_cpp_build <= 0 || a.llama_cpp_build >= kLlamaCppCurrentCudaBuild;
  if (engine_profile_base(s.inference.engine) != Engine::llama_cpp || !current_build || is_cpu(g))
    return a.decode_overhead_seconds_per_layer;
  // The Vulkan backend records each token's dispatches into command buffers on any vendor's card.
  if (a.llama_cpp_vulkan >= 0.5) return a.llama_cpp_vulkan_overhead_seconds_per_layer;
  if (cuda_graphs) return a.llama_cpp_cuda_overhead_seconds_per_layer;
  return a.decode_overhead_seconds_per_layer;
}

double weight_only_dequant_read_fraction(const Scenario& s) {
  if (!runs_weight_only_kernels(s) || runs_mma_fed_mxfp4(s)) return 0.0;
  double share = s.assumptions.weight_only_kernel_share;
  if (share <= 0) {
    share = architecture_is(s.hardware.gpu, "Hopper") ? kHopperWeightOnlyShare4Bit : 1.0;
  }
  // At 4 bits a weight's read takes a quarter of a 16-bit weight's: dequantizing it adds
  // 0.25 (1 / share - 1) of that.
  return 0.25 * (1.0 / share - 1.0);
}

double prefill_dequantize_bytes(const Scenario& s, const ParamCounts& p) {
  const NumberFormat& wf = weights_format_of(s);
  const Gpu& g = s.hardware.gpu;
  if (s.assumptions.prefill_dequantizes_weights < 0.5 || is_cpu(g) || is_apple(g)) return 0.0;
  const ComputeType compute = matmul_compute_type(s);
  if (compute != ComputeType::fp16 && compute != ComputeType::bf16) return 0.0;
  if (!(wf.bits_per_weight < 12.0)) return 0.0;
  // The quantized linear layers (embeddings, LM head, norms and vision tower stay 16-bit or are
  // looked up): read once at their bits, written once as 16-bit values.
  const double body = std::max(0.0, p.total - p.embedding - p.lm_head - p.norms - p.vision);
  return body * (wf.bits_per_weight / 8.0 + 2.0);
}

double decode_weight_bytes_read(const Scenario& s, const ParamCounts& p) {
  return weight_bytes_read(s, p, replica_batch(s));
}

void compute_inference_speed(const Scenario& s, const ParamCounts& p, InferenceResult& r) {
  const ModelArch& m = s.model;
  const Assumptions& a = s.assumptions;
  const Gpu& g = s.hardware.gpu;
  const NumberFormat& wf = weights_format_of(s);
  const NumberFormat& kf = kv_format_of(s);
  const double tp = s.parallel.tensor;
  const double pp = s.parallel.pipeline;
  // One replica's batch: replicas run side by side, so per-user speed and TTFT are one
  // replica's, and the aggregate throughput is the replicas' sum.
  const double b = replica_batch(s);
  const double users = std::max(1, s.inference.batch);
  // Image tokens are prompt tokens to the language model (KV cache, attention, matmuls).
  const double prompt = std::max(1, prompt_tokens_with_images(s));
  const double output = std::max(0, s.inference.output_tokens);
  // Matmuls run at the card's sustained rate (peak x its measured matmul share) x the engine's
  // efficiency.
  const double matmul_rate = inference_sustained_flops(s);
  const bool cpu = is_cpu(g);
  const double bw = effective_bandwidth_bytes_per_s(g, a);
  const double host_bw = s.hardware.host.bandwidth_gb_per_s * 1e9 * a.host_bandwidth_efficiency;
  // Layers kept in host RAM are computed by the host's CPU (llama.cpp runs them there in decode).
  const double host_flops_per_s = cpu_peak_flops(s.hardware.host, wf) * a.cpu_compute_efficiency;
  const double on_gpu = gpu_layer_fraction(s);

  // Per-step fixed costs: kernel launches per layer, bitsandbytes dequantize kernels, and one
  // activation hand-off per pipeline boundary.
  const double per_layer =
      decode_overhead_seconds_per_layer(s) +
      (wf.family == FormatFamily::bnb ? a.dequant_overhead_seconds_per_layer : 0.0);
  const double step_overhead = m.num_layers * per_layer;
  // An eager MoE block visits experts one by one in Python (assumption eagerExpertLoopSeconds):
  // every expert, or the ones the forward's tokens were routed to.
  auto expert_loop_seconds = [&](double tokens) {
    if (m.num_experts <= 0 || a.eager_expert_loop_seconds <= 0) return 0.0;
    const double visited =
        a.expert_loop_visits_all >= 0.5
            ? double(m.num_experts)
            : std::min(double(m.num_experts), tokens * std::max(1, m.experts_per_token));
    return moe_layer_count(m) * visited * a.eager_expert_loop_seconds;
  };
  // A fused MoE kernel's fixed time per MoE layer and forward pass.
  const double fused_moe_seconds = fused_moe_kernel_seconds(s);
  const double hop_gb_per_s = pp > 1 ? link_gb_per_s(s.hardware, int(pp)) : 0.0;
  const double hop_latency = point_to_point_latency_seconds(s.hardware, a, int(pp));
  auto pipeline_hops = [&](double tokens) {
    if (pp <= 1) return 0.0;
    return (pp - 1) * (hop_latency + safe_div(tokens * m.hidden_size * 2.0,
                                              hop_gb_per_s * 1e9 * a.link_efficiency));
  };

  // Decode: one step produces one token for each of the b sequences at the average context.
  // Engines that keep one micro-batch per pipeline stage in flight (pipelineMicroBatches) split
  // the batch into pp micro-batches of b / pp: every stage works at once, and a sequence's next
  // token comes after one pass of its micro-batch through all stages.
  const double bd =
      pp > 1 && a.pipeline_micro_batches >= 0.5 ? std::max(1.0, std::ceil(b / pp)) : b;
  const double ctx_avg = prompt + output / 2.0;
  const double w_read = decode_weight_bytes_read(s, p);
  const double kv_read = kv_cache_bytes(m, kf, ctx_avg, int(bd), 1, int(tp), 1);
  const double kv_read_all_ranks = kv_read * tp;
  // A recurrent layer reads its state and writes it back every step.
  const double state_traffic =
      2.0 * recurrent_state_bytes(m, int(bd), int(tp), 1, a.recurrent_state_bytes) * on_gpu;
  // llama.cpp -ngl < L keeps the output layer on the host with the layers it did not offload (a
  // tied head is the embedding table, multiplied there).
  const double head_params = m.tie_word_embeddings ? p.embedding : p.lm_head;
  const double head_bytes = on_gpu >= 1.0           ? 0.0
                            : m.tie_word_embeddings ? p.embedding * embedding_bytes_per_param(wf, p)
                                                    : p.lm_head * lm_head_bytes_per_param(wf);
  auto host_part = [&](double total, double head) {
    return on_gpu < 1.0 ? head + std::max(0.0, total - head) * (1.0 - on_gpu) : 0.0;
  };
  const double w_host = host_part(w_read, head_bytes);
  const double gpu_bytes = (w_read - w_host) / tp + state_traffic +
                           (s.inference.kv_cache_in_host_memory ? 0.0 : kv_read * on_gpu);
  const double host_bytes =
      w_host + (s.inference.kv_cache_in_host_memory ? kv_read_all_ranks
                                                    : kv_read_all_ranks * (1.0 - on_gpu));
  // mmap-ed weights past the RAM come from the disk again every step, then are read as usual.
  const double disk_bytes = s.inference.mmap_weights ? memory_breakdown(s, p).nvme_bytes : 0.0;
  const double disk_time = safe_div(disk_bytes, s.hardware.host.nvme_gb_per_s * 1e9);
  // Weight-only kernels dequantize each quantized weight on the SMs: per weight, a share of the
  // time a 16-bit weight's read takes (the 16-bit LM head, norms and embedding excluded).
  const double dequant = weight_only_dequant_read_fraction(s);
  double dequant_time = 0.0;
  if (dequant > 0 && w_host <= 0) {
    const double side =
        p.lm_head * lm_head_bytes_per_param(wf) + p.norms * side_bytes_per_param(wf) +
        (m.tie_word_embeddings ? p.embedding * embedding_bytes_per_param(wf, p) : 0);
    const double quantized_weights = std::max(0.0, w_read - side) * 8.0 / wf.bits_per_weight;
    dequant_time = safe_div(quantized_weights / tp * 2.0 * dequant, bw);
  }
  const double memory_time =
      safe_div(gpu_bytes, bw) + dequant_time + safe_div(host_bytes, host_bw) + disk_time;
  const double matmul_flops = bd * 2.0 * matmul_params(p, m);
  const double attention_flops = bd * attention_flops_per_token(m, ctx_avg, true);
  const double step_flops = matmul_flops + attention_flops;
  const double device_efficiency = cpu ? a.cpu_compute_efficiency : a.decode_compute_efficiency;
  const double decode_rate = matmul_rate * device_efficiency;
  const double host_flops = host_part(step_flops, bd * 2.0 * (on_gpu < 1.0 ? head_params : 0.0));
  // llama.cpp's Metal mat-vec kernels (kernel_mul_mv_*_f32) convert every quantized weight to
  // FP32 on the GPU's ALUs before its multiply-add, where CUDA's (mul_mat_vec_q) dot 8-bit
  // integers with dp4a: on Apple GPUs that ALU work can take longer than the read
  // (metalQuantOpsPerWeight FP32 operations per Q4_K_M weight at the FP32 peak; other types by
  // their kernel's operation count).
  const double metal_alu_time =
      is_apple(g) && a.metal_quant_ops_per_weight > 0 && wf.bits_per_weight < 12.0
          ? safe_div((w_read - w_host) / tp * 8.0 / wf.bits_per_weight *
                         a.metal_quant_ops_per_weight * metal_mat_vec_ops_relative(wf),
                     g.fp32_tflops * 1e12)
          : 0.0;
  const double compute_time =
      std::max(metal_alu_time, safe_div((step_flops - host_flops) / tp, decode_rate)) +
      safe_div(host_flops, host_flops_per_s);
  // Expert parallel: a dispatch and a combine per MoE layer. A token passes every pipeline
  // stage in turn within the step, so every stage's MoE layers count.
  const double moe_calls = 2.0 * moe_layer_count(m);
  r.communication_seconds_per_step = tensor_parallel_seconds(s, bd) + pipeline_hops(bd) +
                                     moe_calls * expert_all_to_all_call_seconds(s, bd);
  r.decode_memory_seconds = memory_time;
  r.decode_compute_seconds = compute_time;
  // The GPU runs a layer's matmuls and its attention as separate kernels, one after the other on
  // its stream (vLLM's LlamaAttention.forward: qkv_proj, then the paged-attention kernel, then
  // o_proj), so each kernel group is bounded by its own roofline: the matmuls by their weight
  // reads or their FLOPs, attention by its KV-cache reads or its FLOPs. One max over the whole
  // step would let a large batch's KV reads hide its matmul FLOPs. Steps that stream from the
  // host or the disk, and Apple's ALU-bound mat-vec, keep the single max.
  const bool kernels_on_gpu = on_gpu >= 1.0 && !cpu && !s.inference.kv_cache_in_host_memory &&
                              disk_bytes <= 0 && metal_alu_time <= 0;
  const double kv_read_seconds = safe_div(kv_read + state_traffic, bw);
  const DecodeRoofline roofline =
      kernels_on_gpu
          ? decode_kernel_rooflines(
                {memory_time - kv_read_seconds, safe_div(matmul_flops / tp, decode_rate)},
                {kv_read_seconds, safe_div(attention_flops / tp, decode_rate)})
          : decode_kernel_rooflines({memory_time, compute_time}, {0.0, 0.0});
  r.decode_memory_bound_seconds = roofline.memory_bound_seconds;
  r.decode_compute_bound_seconds = roofline.compute_bound_seconds;
  // Block-FP8 dense GEMMs that would take less than their kernel's floor take the floor.
  const bool gemm_floor = block_fp8_gemm_floor_applies(s);
  r.gemm_floor_seconds_per_step = gemm_floor ? block_fp8_gemm_floor_seconds(s, bd) : 0.0;
  // An engine that samples on the host does so for each sequence after the forward pass and
  // before the next one, which needs the token.
  r.sampling_seconds_per_step = bd * double(m.vocab_size) * a.sampling_seconds_per_logit;
  r.decode_step_seconds = roofline.memory_bound_seconds + roofline.compute_bound_seconds +
                          step_overhead + expert_loop_seconds(bd) + fused_moe_seconds +
                          r.gemm_floor_seconds_per_step + r.sampling_seconds_per_step +
                          r.communication_seconds_per_step;
  r.decode_tokens_per_second = safe_div(1.0, r.decode_step_seconds);
  r.weights_read_bytes_per_step = (w_read - w_host) / (tp * pp);
  r.kv_read_bytes_per_step = (kv_read * on_gpu + state_traffic) / pp;
  r.decode_arithmetic_intensity =
      safe_div(step_flops, w_read + kv_read_all_ranks + state_traffic * tp);
  r.kv_cache_bytes_per_token = kv_cache_bytes_per_token(m, kf);

  // Prefill: compute-bound; weights are read once per chunk the engine processes.
  const double prompt_tokens_total = b * prompt;
  const double chunks =
      a.prefill_chunk_tokens > 0 ? std::ceil(prompt_tokens_total / a.prefill_chunk_tokens) : 1.0;
  // The image encoder runs first, on the same device, at the prefill's efficiency.
  const int images = has_vision(m) ? std::max(0, s.inference.images) : 0;
  const double encoder_flops =
      b * images *
      vision_encoder_flops_per_image(m, s.inference.image_width, s.inference.image_height);
  const double prefill_total_flops = b * prefill_flops(m, p, prompt) + encoder_flops;
  const double prefill_w = weight_bytes_read(s, p, prompt_tokens_total);
  const bool tensor_cores = g.fp16_tensor_tflops > 0 || g.bf16_tensor_tflops > 0;
  const double prefill_efficiency = cpu            ? a.cpu_compute_efficiency
                                    : tensor_cores ? a.prefill_compute_efficiency
                                                   : a.prefill_compute_efficiency_simd;
  const double prefill_compute =
      safe_div(prefill_total_flops / tp, matmul_rate * prefill_efficiency);
  r.vision_encoder_seconds = safe_div(encoder_flops / tp, matmul_rate * prefill_efficiency);
  r.image_tokens_per_sequence = prompt - std::max(1, s.inference.prompt_tokens);
  // Prompt batches of 32+ tokens run the host-resident layers' matmuls on the GPU, their weights
  // copied over PCIe (ggml's CUDA backend offload_op, min_batch_size 32): the slower of the RAM
  // and the link bounds that stream.
  const double host_stream_bw =
      cpu || b * prompt < kGpuOffloadMinBatch || g.pcie_gb_per_s_unidirectional <= 0
          ? host_bw
          : std::min(host_bw, g.pcie_gb_per_s_unidirectional * 1e9 * a.link_efficiency);
  const double prefill_memory =
      chunks * (safe_div((prefill_w - host_part(prefill_w, head_bytes)) / tp, bw) +
                safe_div(host_part(prefill_w, head_bytes), host_stream_bw) + disk_time);
  // Without a fused kernel the score matrix is written, soft-maxed in place and read back
  // (3 passes of chunk x context x heads values per layer; causal masking halves the area).
  const double score_traffic = a.prefill_materializes_scores >= 0.5
                                   ? 3.0 * attention_layer_count(m) * double(m.num_heads) * b *
                                         prompt * prompt / 2.0 * a.inference_activation_bytes
                                   : 0.0;
  // Kernels that rebuild 16-bit weights do so for every chunk, before its GEMMs.
  r.prefill_dequantize_seconds = chunks * safe_div(prefill_dequantize_bytes(s, p) / tp, bw);
  r.ttft_seconds =
      std::max(prefill_compute, prefill_memory) + r.prefill_dequantize_seconds +
      safe_div(score_traffic / tp, bw) +
      chunks *
          (step_overhead + expert_loop_seconds(prompt_tokens_total / chunks) + fused_moe_seconds +
           (gemm_floor ? block_fp8_gemm_floor_seconds(s, prompt_tokens_total / chunks) : 0.0)) +
      tensor_parallel_seconds(s, prompt_tokens_total) +
      moe_calls * (expert_all_to_all_call_seconds(s, prompt_tokens_total) +
                   (s.parallel.expert > 1
                        ? (chunks - 1) * point_to_point_latency_seconds(
                                             s.hardware, a, s.parallel.expert * s.parallel.tensor)
                        : 0.0)) +
      chunks * pipeline_hops(std::min(prompt_tokens_total, a.prefill_chunk_tokens > 0
                                                               ? double(a.prefill_chunk_tokens)
                                                               : prompt_tokens_total));
  r.prefill_tokens_per_second = safe_div(prompt_tokens_total, r.ttft_seconds);
  r.prefill_arithmetic_intensity = safe_div(prefill_total_flops, chunks * prefill_w);

  r.end_to_end_seconds = r.ttft_seconds + output * r.decode_step_seconds;
  // Output tokens of the whole batch over the time the batch takes, prefill included.
  r.throughput_tokens_per_second = output > 0 ? safe_div(users * output, r.end_to_end_seconds)
                                              : users * r.decode_tokens_per_second;
}

void fill_roofline(const Scenario& s, Estimate& out) {
  const Gpu& g = s.hardware.gpu;
  out.peak_flops = inference_peak_flops(s);
  out.ridge_point_flops_per_byte = safe_div(out.peak_flops, g.memory_bandwidth_gb_per_s * 1e9);
}

}  // namespace sizer
