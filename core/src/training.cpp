// Training compute, communication and time per optimizer step.
#include <algorithm>
#include <cmath>

#include "engine_internal.hpp"
#include "sizer/activations.hpp"
#include "sizer/communication.hpp"
#include "sizer/inference_speed.hpp"
#include "sizer/layers.hpp"
#include "sizer/memory.hpp"
#include "sizer/training_math.hpp"

namespace sizer {

namespace {

// FLOPs per trained token, split into the linear layers' GEMMs and the attention products.
// `attention` follows the PaLM / llm-foundry convention that MFU is reported in (the whole s x s
// matrix, 3 passes); `attention_executed` is what causal FlashAttention kernels run: the lower
// half of the matrix (s / 2 keys per query on average), and a backward of 2.5 forwards (5 matmuls
// against 2, the scores recomputed; FlashAttention-3 paper, section 4.1).
struct TokenFlops {
  double linear = 0;
  double attention = 0;
  double attention_executed = 0;
  double total() const { return linear + attention; }
};

TokenFlops flops_per_token(const Scenario& s, const ParamCounts& p, double trainable,
                           bool full_recompute) {
  const ModelArch& m = s.model;
  const double n = matmul_params(p, m);
  const double seq = s.training.seq_len;
  const double attention = (full_recompute ? 4.0 : 3.0) * attention_flops_per_token(m, seq);
  const double executed = (full_recompute ? 4.5 : 3.5) * attention_flops_per_token(m, seq / 2.0);
  // LoRA / QLoRA: forward (2N) and input gradients (2N) through the frozen base, no weight
  // gradients; the adapters themselves cost the usual 6 x trainable.
  const double linear = s.training.method == TrainingMethod::full
                            ? (full_recompute ? 8.0 : 6.0) * n
                            : (full_recompute ? 6.0 : 4.0) * n + 6.0 * trainable;
  // RL: each trained model (PPO's critic too) runs it all; scoring passes (reference, reward,
  // old log-probabilities, values) are forwards: 2N and one attention pass each.
  const RlWorkload rl = rl_workload(s.training);
  return {
      rl.trained_models * linear + rl.scoring_passes * 2.0 * n,
      rl.trained_models * attention + rl.scoring_passes * attention_flops_per_token(m, seq),
      rl.trained_models * executed + rl.scoring_passes * attention_flops_per_token(m, seq / 2.0)};
}

// The peak the attention products run at: FP8 training (Transformer Engine, torchao Float8)
// casts only the linear layers' GEMMs to FP8; attention stays in 16-bit (TE's fp8_dpa is off by
// default).
double attention_peak_flops(const Scenario& s, double linear_peak) {
  const NumberFormat& wf = weights_format_of(s);
  if (wf.compute_dtype != ComputeType::fp8) return linear_peak;
  return peak_flops(s.hardware.gpu, ComputeType::bf16, s.inference.engine);
}

// 16-bit elements that one layer's elementwise kernels read and write per token in the forward
// pass: the norms, the two residual adds, RoPE on q and k, and the MLP's activation. Fused kernels
// (Transformer Engine, Apex, torch.compile, llm-foundry's fused norms) read each input and write
// each output once. Eager modules (modeling_llama.py, torchtune) run several kernels per op:
// LlamaRMSNorm upcasts to FP32, squares, averages, scales, downcasts and multiplies by its weight
// (36 bytes per element against 4 fused), rotate_half copies q and k before the two products and
// the sum (9 passes against 2), and SiLU writes its output before the product (5 passes against 3).
double elementwise_elements_per_token_layer(const ModelArch& m, bool eager) {
  const double h = m.hidden_size;
  const double qk = double(m.num_heads + kv_heads_of(m)) * head_dim_of(m);
  const double norms = m.norms_per_layer * (eager ? 18.0 : 2.0) * h;
  const double residuals = 2.0 * 3.0 * h;
  const double rope = (eager ? 9.0 : 2.0) * qk;
  const double activation = (m.mlp_gated ? (eager ? 5.0 : 3.0) : 2.0) * mlp_width_per_token(m);
  return norms + residuals + rope + activation;
}

// Tokens one rank holds per micro-batch: both sequences of a DPO pair, a 1 / cp slice of each
// under context parallel. Tensor- and expert-parallel collectives move these.
double tokens_per_rank_micro_batch(const Scenario& s) {
  const TrainingWorkload& t = s.training;
  return double(t.micro_batch) * rl_workload(t).sequences_per_sample * t.seq_len /
         std::max(1, s.parallel.context);
}

// Expert parallel: each MoE layer sends every token's hidden state to its k experts' ranks and
// back (dispatch + combine) in forward and again in backward (and in the recomputed forward):
// all-to-alls of tokens x k x h x 2 bytes, (ep - 1) / ep of it leaving the GPU. They sit on the
// critical path (Megatron-Core's default schedule does not overlap them).
double expert_all_to_all_seconds(const Scenario& s) {
  const int ep = std::max(1, s.parallel.expert);
  const int moe_layers = moe_layer_count(s.model);
  if (ep <= 1 || moe_layers == 0) return 0.0;
  const TrainingWorkload& t = s.training;
  const double per_call = expert_all_to_all_call_seconds(s, tokens_per_rank_micro_batch(s));
  const double calls =
      (t.recompute == Recompute::full ? 6.0 : 4.0) * moe_layers / std::max(1, s.parallel.pipeline);
  return per_call * calls * t.grad_accumulation;
}

// Offloaded activations go to host RAM in forward and come back in backward on a side stream:
// only what does not fit under the compute time is exposed.
double activation_offload_seconds(const Scenario& s, double compute_seconds) {
  if (s.assumptions.activation_offload < 0.5) return 0.0;  // nothing leaves the GPU
  const double host = training_activations(s, PipelineStage::first).host_bytes;
  if (host <= 0) return 0.0;
  const Assumptions& a = s.assumptions;
  const double pcie = s.hardware.gpu.pcie_gb_per_s_unidirectional * 1e9 * a.link_efficiency;
  const double transfer = safe_div(2.0 * host, pcie) * s.training.grad_accumulation;
  return std::max(0.0, transfer - compute_seconds);
}

}  // namespace

double context_parallel_transfer_seconds(const Scenario& s) {
  const int cp = std::max(1, s.parallel.context);
  if (cp <= 1) return 0.0;
  const TrainingWorkload& t = s.training;
  const ModelArch& m = s.model;
  const Assumptions& a = s.assumptions;
  const double kv_dim = double(kv_heads_of(m)) * head_dim_of(m);
  const double chunk_bytes =
      tokens_per_rank_micro_batch(s) * 2.0 * kv_dim * 2.0 / std::max(1, s.parallel.tensor);
  const double passes = t.recompute == Recompute::full ? 4.0 : 3.0;
  const double hops = double(cp - 1) * passes * attention_layer_count(m) /
                      std::max(1, s.parallel.pipeline) * t.grad_accumulation;
  const double link = link_gb_per_s(s.hardware, s.parallel.tensor * cp) * 1e9 * a.link_efficiency;
  return hops * (safe_div(chunk_bytes, link) +
                 point_to_point_latency_seconds(s.hardware, a, s.parallel.tensor * cp));
}

double dequantize_bytes_per_forward(const Scenario& s, const ParamCounts& p) {
  const NumberFormat& wf = weights_format_of(s);
  if (s.training.method == TrainingMethod::full || wf.bits_per_weight >= 16.0) return 0.0;
  if (wf.compute_dtype == ComputeType::fp8) return 0.0;
  // The quantized linear layers: the body without embeddings, LM head (bitsandbytes'
  // llm_int8_skip_modules keeps it 16-bit), norms and vision tower.
  const double body = std::max(0.0, p.total - p.embedding - p.lm_head - p.norms - p.vision) /
                      (double(std::max(1, s.parallel.tensor)) * std::max(1, s.parallel.pipeline));
  return body * (wf.bits_per_weight / 8.0 + 2.0);
}

double dequantize_bytes_per_micro_batch(const Scenario& s, const ParamCounts& p) {
  const double per_pass = dequantize_bytes_per_forward(s, p);
  if (per_pass <= 0) return 0.0;
  if (weights_format_of(s).compute_dtype == ComputeType::int8) return per_pass;  // backward only
  return (s.training.recompute == Recompute::full ? 3.0 : 2.0) * per_pass;
}

double sustained_matmul_fraction(const Gpu& g, ComputeType compute, const Assumptions& a) {
  if (compute == ComputeType::fp8 && g.matmul_efficiency_fp8 > 0) return g.matmul_efficiency_fp8;
  return g.matmul_efficiency > 0 ? g.matmul_efficiency : a.matmul_efficiency_default;
}

double training_elementwise_bytes_per_token(const Scenario& s) {
  // Forward, a backward that reads each op's output gradient and saved inputs and writes its input
  // gradients (twice the forward), and the recomputed forward under full recompute; 2 bytes each.
  const double passes = s.training.recompute == Recompute::full ? 4.0 : 3.0;
  return passes * 2.0 * s.model.num_layers *
         elementwise_elements_per_token_layer(s.model, s.assumptions.eager_intermediates >= 0.5);
}

double linear_matmul_fraction(const Scenario& s) {
  return sustained_matmul_fraction(s.hardware.gpu, weights_format_of(s).compute_dtype,
                                   s.assumptions);
}

double sustained_attention_fraction(const Gpu& g, const Assumptions& a) {
  return g.attention_efficiency > 0 ? g.attention_efficiency : a.attention_efficiency_default;
}

double training_flops_per_token(const Scenario& s, const ParamCounts& p, double trainable) {
  return flops_per_token(s, p, trainable, s.training.recompute == Recompute::full).total();
}

double training_gradient_sync_bytes(const Scenario& s, const ParamCounts& p, double trainable) {
  const double model_split = double(s.parallel.tensor) * s.parallel.pipeline;
  if (s.training.method != TrainingMethod::full) return trainable / model_split * 2.0;
  // Under expert parallel a GPU holds (and syncs) only its share of the routed experts.
  const double ep = std::max(1, s.parallel.expert);
  const double experts = routed_expert_params(s.model);
  return (p.total - experts + experts / ep) / model_split * 2.0;  // 16-bit gradients
}

void compute_training(const Scenario& s, const ParamCounts& p, Estimate& out) {
  const TrainingWorkload& t = s.training;
  const Assumptions& a = s.assumptions;
  const ModelArch& m = s.model;
  const Hardware& hw = s.hardware;
  const int gpus = total_gpus(s);
  const int nd = std::max(1, s.parallel.data);
  const double model_split = double(s.parallel.tensor) * s.parallel.pipeline;
  TrainingResult& r = out.training;

  r.trainable_params = t.method == TrainingMethod::full
                           ? p.total
                           : lora_trainable_params(m, t.lora_rank, t.lora_targets);
  r.flops_per_token = training_flops_per_token(s, p, r.trainable_params);
  const RlWorkload rl = rl_workload(t);
  r.tokens_per_step =
      double(t.micro_batch) * rl.sequences_per_sample * t.seq_len * t.grad_accumulation * nd;
  r.total_flops = r.flops_per_token * t.tokens;
  fill_roofline(s, out);
  const double peak = out.peak_flops;

  // Compute, with the 1F1B pipeline bubble (p - 1) / m for m micro-batches per step; v
  // interleaved chunks per stage shrink it to (p - 1) / (m v) (Narayanan et al. 2021).
  const double bubble =
      s.parallel.pipeline > 1
          ? double(s.parallel.pipeline - 1) /
                (double(std::max(1, t.grad_accumulation)) * std::max(1, s.parallel.virtual_stages))
          : 0.0;
  const TokenFlops split =
      flops_per_token(s, p, r.trainable_params, t.recompute == Recompute::full);
  // The linear layers run at the rate the card's matmuls sustain in their data type, the
  // attention kernels at theirs (16-bit); the framework's step keeps trainingMfu of both.
  const double attention_seconds_per_token =
      safe_div(split.attention_executed,
               attention_peak_flops(s, peak) * sustained_attention_fraction(hw.gpu, a));
  const double seconds_per_token =
      safe_div(split.linear, peak * linear_matmul_fraction(s)) + attention_seconds_per_token;
  // Elementwise kernels stream at the HBM rate STREAM-like kernels sustain.
  // (RL: per trained model, and a forward's third per scoring pass.)
  const double elementwise_seconds =
      (rl.trained_models + rl.scoring_passes / 3.0) *
      safe_div(training_elementwise_bytes_per_token(s),
               hw.gpu.memory_bandwidth_gb_per_s * 1e9 * a.elementwise_bandwidth_efficiency);
  // A k-bit base is dequantized per micro-batch, however many tokens it holds, by a streaming
  // kernel (the elementwise rate); RL's scoring forwards dequantize once more each.
  const double dequantize_seconds =
      double(t.grad_accumulation) *
      safe_div(rl.trained_models * dequantize_bytes_per_micro_batch(s, p) +
                   rl.scoring_passes * dequantize_bytes_per_forward(s, p),
               hw.gpu.memory_bandwidth_gb_per_s * 1e9 * a.elementwise_bandwidth_efficiency);
  r.compute_seconds_per_step =
      ((safe_div(seconds_per_token, a.training_mfu) + elementwise_seconds) *
           safe_div(r.tokens_per_step, gpus) +
       dequantize_seconds) *
      (1.0 + bubble);

  // Data-parallel traffic overlaps with compute (bucketed all-reduce, FSDP prefetch); what does
  // not fit under the compute time is exposed. The ranks that share weights are data x context
  // parallel; under HSDP ZeRO works inside shard groups and the groups all-reduce their shards.
  const int sync_ranks = gradient_sync_ranks(s);
  const int shard_ranks = zero_shard_ranks(s);
  const int replicas = std::max(1, sync_ranks / std::max(1, shard_ranks));
  const double dp_link = link_gb_per_s(hw, gpus);
  // A shard group is tensor x context x group consecutive ranks (pipeline outermost).
  const int shard_span = replicas > 1 ? s.parallel.tensor * shard_ranks : int(gpus);
  const double shard_link = replicas > 1 ? link_gb_per_s(hw, shard_span) : dp_link;
  const double grad_bytes =
      rl.trained_models * training_gradient_sync_bytes(s, p, r.trainable_params);
  double dp_seconds = 0;
  if (sync_ranks > 1) {
    if (t.zero_stage >= 3) {
      // Parameters gathered for forward and backward of every micro-batch, gradients
      // reduce-scattered: 3 passes of the 16-bit model (4 with full recompute), per trained
      // model; RL's scoring forwards gather theirs once.
      const double param_bytes = p.total / model_split * 2.0;
      const double passes =
          rl.trained_models * (t.recompute == Recompute::full ? 4.0 : 3.0) + rl.scoring_passes;
      dp_seconds =
          t.grad_accumulation * passes *
          ring_collective_seconds(hw, a, param_bytes, shard_ranks, shard_span, 1, shard_link);
    } else {
      const int ranks = replicas > 1 ? shard_ranks : sync_ranks;
      dp_seconds = ring_collective_seconds(hw, a, grad_bytes, ranks, shard_span, 2, shard_link);
    }
    if (replicas > 1) {
      dp_seconds +=
          ring_collective_seconds(hw, a, grad_bytes / shard_ranks, replicas, gpus, 2, dp_link);
    }
  }
  // What the data-parallel traffic can hide behind. ZeRO-3 gathers and reduces inside every
  // micro-batch, so the whole step. Otherwise gradients are reduced once per step, bucket by
  // bucket as the last micro-batch's backward produces them (PyTorch DDP's no_sync() before it;
  // Megatron-Core registers grads as ready only in the last micro-batch: param_and_grad_buffer.py,
  // register_grad_ready): the backward of one micro-batch, 2/3 of its compute (3/4 with full
  // recompute, whose backward reruns the forward).
  const double backward_share = t.recompute == Recompute::full ? 0.75 : 2.0 / 3.0;
  const double overlap_window = t.zero_stage >= 3 ? r.compute_seconds_per_step
                                                  : backward_share * r.compute_seconds_per_step /
                                                        std::max(1, t.grad_accumulation);
  const double exposed_dp = std::max(0.0, dp_seconds - overlap_window);
  // Tensor-parallel all-reduces sit on the critical path: 4 per layer per micro-batch
  // (2 forward, 2 backward), 6 with full recompute, over the L / p layers of this GPU's stage
  // (the stages run their micro-batches side by side, as the compute term assumes).
  const double tp_passes = t.recompute == Recompute::full ? 3.0 : 2.0;
  const double tp_seconds = tp_passes * t.grad_accumulation *
                            tensor_parallel_seconds(s, tokens_per_rank_micro_batch(s)) /
                            std::max(1, s.parallel.pipeline);
  // ZeRO-Offload: gradients down and parameters up over PCIe, and the CPU runs Adam
  // (~16 bytes of host traffic per parameter per step).
  double offload_seconds = 0;
  if (t.offload_optimizer) {
    const double shard = p.total / model_split / (t.zero_stage >= 1 ? shard_ranks : 1);
    const double optimized =
        t.method == TrainingMethod::full ? shard : r.trainable_params / model_split;
    const double pcie = hw.gpu.pcie_gb_per_s_unidirectional * 1e9 * a.link_efficiency;
    const double host = hw.host.bandwidth_gb_per_s * 1e9 * a.host_bandwidth_efficiency;
    offload_seconds = safe_div(2.0 * optimized * 2.0, pcie) +
                      safe_div(16.0 * optimized * std::max(1, hw.gpus_per_node), host);
    if (t.offload_to_nvme) {
      // ZeRO-Infinity: the optimizer step reads the node's states from NVMe and writes them back.
      offload_seconds += safe_div(2.0 * optimizer_bytes_per_param(t, weights_format_of(s), m) *
                                      optimized * std::max(1, hw.gpus_per_node),
                                  hw.host.nvme_gb_per_s * 1e9);
    }
  }
  if (t.offload_params && t.offload_to_nvme && t.zero_stage >= 3) {
    // Parameters on NVMe are read for the forward and the backward and written after the step.
    const double stored =
        p.total / model_split / shard_ranks * weights_format_of(s).bits_per_weight / 8.0;
    offload_seconds +=
        safe_div(3.0 * stored * std::max(1, hw.gpus_per_node), hw.host.nvme_gb_per_s * 1e9);
  }
  // Context parallel's ring transfers overlap the attention kernels they feed.
  const double attention_seconds = safe_div(attention_seconds_per_token, a.training_mfu) *
                                   safe_div(r.tokens_per_step, gpus) * (1.0 + bubble);
  r.communication_seconds_per_step =
      exposed_dp + tp_seconds + offload_seconds +
      std::max(0.0, context_parallel_transfer_seconds(s) - attention_seconds) +
      expert_all_to_all_seconds(s) + activation_offload_seconds(s, r.compute_seconds_per_step);
  r.rollout_seconds_per_step = rollout_seconds_per_step(s, p);
  r.step_seconds =
      r.compute_seconds_per_step + r.communication_seconds_per_step + r.rollout_seconds_per_step;
  r.communication_share = safe_div(r.communication_seconds_per_step, r.step_seconds);
  r.tokens_per_second = safe_div(r.tokens_per_step, r.step_seconds);
  r.total_hours = safe_div(t.tokens, r.tokens_per_second) / 3600.0;
  r.gpu_hours = r.total_hours * billed_gpus(s);
  // Model FLOPs utilisation: the FLOPs the model needs (no recompute) over the peak.
  const double model_flops = flops_per_token(s, p, r.trainable_params, false).total();
  r.mfu = safe_div(model_flops * r.tokens_per_second, gpus * peak);
}

}  // namespace sizer
