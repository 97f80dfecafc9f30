// Memory per GPU: weights, KV cache, activations, gradients, optimizer states, overheads.
#include "sizer/memory.hpp"

#include <algorithm>
#include <cmath>

#include "engine_internal.hpp"
#include "sizer/activations.hpp"
#include "sizer/kv_cache.hpp"
#include "sizer/layers.hpp"
#include "sizer/training_math.hpp"
#include "sizer/vision.hpp"

namespace sizer {
namespace {

const NumberFormat& fallback_fp16() {
  static const NumberFormat f = [] {
    NumberFormat n;
    n.id = "fp16";
    n.name = "FP16";
    n.bits_per_weight = 16;
    n.usable_for_kv_cache = true;
    return n;
  }();
  return f;
}

double bytes_of(const NumberFormat& f) { return f.bits_per_weight / 8.0; }

bool flag_on(double v) { return v >= 0.5; }

// Bytes per trained value (weights, gradients, optimizer moments) without mixed precision:
// training needs floating point, and the least anyone trains in is BF16 (2 bytes). An INT8 or
// 4-bit weight format cannot carry gradients: pure BF16 AdamW is 2 + 2 + 2 x 2 = 8 bytes per
// parameter, not seed 004's 1 + 1 + 2 (which stays as that seed's rule of thumb).
double trained_value_bytes(const NumberFormat& f) { return std::max(2.0, bytes_of(f)); }

}  // namespace

double non_expert_bytes_per_param(const NumberFormat& f) {
  if (!f.experts_only) return bytes_of(f);
  return f.non_expert_bits > 0 ? f.non_expert_bits / 8.0 : 2.0;
}

double side_bytes_per_param(const NumberFormat& f) {
  return f.keeps_embeddings_16bit ? 2.0 : non_expert_bytes_per_param(f);
}

double lm_head_bytes_per_param(const NumberFormat& f) {
  return f.output_bits > 0 ? f.output_bits / 8.0 : side_bytes_per_param(f);
}

double embedding_bytes_per_param(const NumberFormat& f, const ParamCounts& p) {
  // llama.cpp quantizes a tied embedding (no output tensor) with the output's type.
  if (p.lm_head <= 0) return lm_head_bytes_per_param(f);
  return f.token_embedding_bits > 0 ? f.token_embedding_bits / 8.0 : side_bytes_per_param(f);
}

namespace {

// The format normalize() resolved, unless the id changed since (a search trying formats).
// normalize() resolves the ids once; whoever changes an id on a normalized scenario re-resolves
// it (as cheapest_format_that_fits does), so the term functions compare no strings.
const NumberFormat& format_of(const NumberFormat* resolved, const std::string& id) {
  if (resolved != nullptr) return *resolved;
  const NumberFormat* f = find_format(id);
  return f != nullptr ? *f : fallback_fp16();
}

}  // namespace

const NumberFormat& weights_format_of(const Scenario& s) {
  return format_of(s.resolved_weights, s.weights_format);
}

const NumberFormat& kv_format_of(const Scenario& s) {
  return format_of(s.resolved_kv, s.kv_cache_format);
}

double weights_bytes(const ParamCounts& p, const NumberFormat& f) {
  if (f.experts_only && p.routed_experts > 0) {
    return p.routed_experts * bytes_of(f) +
           (p.total - p.routed_experts) * non_expert_bytes_per_param(f);
  }
  const double side = p.embedding + p.lm_head + p.norms + p.vision;
  return std::max(0.0, p.total - side) * bytes_of(f) + p.norms * side_bytes_per_param(f) +
         p.vision * kVisionBytesPerParam + p.embedding * embedding_bytes_per_param(f, p) +
         p.lm_head * lm_head_bytes_per_param(f);
}

double weights_bytes_per_gpu(const ParamCounts& p, const NumberFormat& f, int tp, int pp) {
  tp = std::max(1, tp);
  pp = std::max(1, pp);
  const double embedding = p.embedding * embedding_bytes_per_param(f, p);
  const double head = p.lm_head * lm_head_bytes_per_param(f);
  const double body = std::max(0.0, weights_bytes(p, f) - embedding - head);
  const double ends = pp > 1 ? std::max(embedding, head) : embedding + head;
  return body / (double(tp) * pp) + ends / tp;
}

double routed_expert_params(const ModelArch& m) {
  if (m.num_experts <= 0) return 0.0;
  const int moe_layers = moe_layer_count(m);
  const double moe_i = m.moe_intermediate_size > 0 ? m.moe_intermediate_size : m.intermediate_size;
  return double(moe_layers) * m.num_experts * (m.mlp_gated ? 3.0 : 2.0) * m.hidden_size * moe_i;
}

double expected_experts_touched(const ModelArch& m, double tokens) {
  if (m.num_experts <= 0) return 0.0;
  const double e = m.num_experts;
  const double k = std::min(double(m.experts_per_token), e);
  return e * (1.0 - std::pow(1.0 - k / e, std::max(0.0, tokens)));
}

double gradient_bytes_per_param(const TrainingWorkload& t, const NumberFormat& wf) {
  // Mixed precision: 16-bit gradients (ZeRO paper's 2 Psi); otherwise the weights' precision.
  return t.mixed_precision ? 2.0 : trained_value_bytes(wf);
}

double optimizer_bytes_per_param(const TrainingWorkload& t, const NumberFormat& wf,
                                 const ModelArch& m) {
  const double master = t.mixed_precision ? 4.0 : 0.0;  // FP32 copy of the weights
  const double state = t.mixed_precision ? 4.0 : trained_value_bytes(wf);
  switch (t.optimizer) {
    case Optimizer::adamw:
      return master + 2.0 * state;  // m and v: 12 B/param mixed, 4 B/param pure BF16
    case Optimizer::adamw_8bit:
      return master + 2.0;  // bitsandbytes block-wise 8-bit m and v
    case Optimizer::sgd:
      return master + state;  // momentum
    case Optimizer::adafactor: {
      // Factored second moment: rows + columns per matrix, ~ (1/h + 1/i) floats per weight.
      const double i = m.intermediate_size > 0 ? m.intermediate_size : 4.0 * m.hidden_size;
      const double h = std::max(1, m.hidden_size);
      return master + 4.0 * (1.0 / h + 1.0 / i);
    }
  }
  return master + 2.0 * state;
}

double lora_trainable_params(const ModelArch& m, int rank,
                             const std::vector<std::string>& targets) {
  const double h = m.hidden_size;
  const int head_dim =
      m.head_dim > 0 ? m.head_dim : (m.num_heads > 0 ? m.hidden_size / m.num_heads : 0);
  const double q_out = double(m.num_heads) * head_dim;
  const double kv_out = double(m.num_kv_heads > 0 ? m.num_kv_heads : m.num_heads) * head_dim;
  const bool moe = m.num_experts > 0;
  const double i =
      moe && m.moe_intermediate_size > 0 ? m.moe_intermediate_size : m.intermediate_size;
  const double mlp_copies = moe ? double(m.num_experts) : 1.0;
  double per_layer = 0;
  for (const std::string& target : targets) {
    if (target == "q") per_layer += h + q_out;
    if (target == "k" || target == "v") per_layer += h + kv_out;
    if (target == "o") per_layer += q_out + h;
    if (target == "gate" || target == "up" || target == "down") per_layer += (h + i) * mlp_copies;
  }
  return double(rank) * per_layer * m.num_layers;
}

std::string memory_shortfall_text(const MemoryBreakdown& mb, const Scenario& s) {
  if (mb.fits) return "";
  struct Term {
    const char* name;
    double bytes;
  };
  const Term terms[] = {{"weights", mb.weights_bytes},
                        {"KV cache", mb.kv_cache_bytes},
                        {"recurrent state", mb.recurrent_state_bytes},
                        {"activations", mb.activation_bytes},
                        {"gradients", mb.gradient_bytes},
                        {"optimizer states", mb.optimizer_bytes}};
  const Term* largest = &terms[0];
  for (const Term& t : terms) {
    if (t.bytes > largest->bytes) largest = &t;
  }
  if (mb.per_gpu_bytes > mb.capacity_bytes) {
    std::string why = "Needs " + fmt_bytes(mb.per_gpu_bytes) + " per GPU but the " +
                      s.hardware.gpu.name + " holds " + fmt_bytes(mb.capacity_bytes) + "; ";
    if (largest->bytes > mb.capacity_bytes) {
      return why + largest->name + " alone take " + fmt_bytes(largest->bytes) + ".";
    }
    return why + "the largest term is " + largest->name + " (" + fmt_bytes(largest->bytes) + ").";
  }
  return "Offloaded state needs " + fmt_bytes(mb.host_ram_bytes) + " of host RAM; the host has " +
         fmt_bytes(s.hardware.host.ram_bytes) + ".";
}

namespace {

// llama.cpp maps the model file: weights the RAM cannot hold stay on the disk and are read again
// each step (the page cache keeps what fits). On a GPU host that is the host-resident part; on a
// CPU-only run the RAM is the device memory.
void mmap_past_ram(const Scenario& s, double host_weights, MemoryBreakdown& mb) {
  if (is_cpu(s.hardware.gpu)) {
    const double others = mb.kv_cache_bytes + mb.recurrent_state_bytes + mb.activation_bytes +
                          mb.overhead_bytes + mb.reserve_bytes;
    const double room = std::max(0.0, mb.capacity_bytes - others);
    mb.nvme_bytes = std::max(0.0, mb.weights_bytes - room);
    mb.weights_bytes -= mb.nvme_bytes;
    mb.total_bytes -= mb.nvme_bytes;
    return;
  }
  const double others = mb.host_ram_bytes - host_weights;
  const double room = std::max(0.0, s.hardware.host.ram_bytes - others);
  mb.nvme_bytes = std::max(0.0, host_weights - room);
  mb.host_ram_bytes -= mb.nvme_bytes;
}

// Elements one GPU holds per token at the peak of a layer in vLLM's profiling forward pass: the
// larger of the attention part (residual, normed input, QKV, attention output, o_proj output)
// and the MLP part (residual, normed input, gate_up, the activation's output, down's output).
// MoE layers run fused_moe (vllm/model_executor/layers/fused_moe/fused_moe.py,
// fused_experts_impl): intermediate_cache1/3 share one buffer of top-k x max(2 i_e / t, h) per
// token, intermediate_cache2 holds top-k x i_e / t.
double profile_elements_per_token(const ModelArch& m, int tp) {
  const double t = std::max(1, tp);
  const double h = m.hidden_size;
  const double ad = double(m.num_heads) * head_dim_of(m);
  const double kd = double(kv_heads_of(m)) * head_dim_of(m);
  const double attention = 3.0 * h + (2.0 * ad + 2.0 * kd) / t;
  const double mlp_width = m.mlp_gated ? 3.0 : 2.0;  // gate_up + act, or up + act
  double mlp = 3.0 * h + mlp_width * m.intermediate_size / t;
  if (m.num_experts > 0) {
    const double ie = m.moe_intermediate_size > 0 ? m.moe_intermediate_size : m.intermediate_size;
    const double shared_i =
        m.shared_expert_intermediate_size > 0 ? m.shared_expert_intermediate_size : ie;
    const double moe = 3.0 * h + m.experts_per_token * (std::max(2.0 * ie / t, h) + ie / t) +
                       m.num_shared_experts * mlp_width * shared_i / t;
    mlp = moe_layer_count(m) < m.num_layers ? std::max(mlp, moe) : moe;
  }
  return std::max(attention, mlp);
}

}  // namespace

double profiled_activation_bytes(const Scenario& s) {
  const Assumptions& a = s.assumptions;
  const double context = double(prompt_tokens_with_images(s)) + s.inference.output_tokens;
  // max_num_batched_tokens: the chunk with chunked prefill, else max(max_model_len, 2048)
  // (vLLM V0 SchedulerConfig).
  const double tokens =
      a.prefill_chunk_tokens > 0 ? double(a.prefill_chunk_tokens) : std::max(context, 2048.0);
  const double forward = tokens * profile_elements_per_token(s.model, s.parallel.tensor) *
                         a.inference_activation_bytes;
  // The sampler runs after the forward pass has freed its buffers, beside the pass's output
  // hidden states. A rank that samples holds the whole vocabulary's logits (V0 gathers them on
  // rank 0, V1 all-gathers them), and the pool is the smallest any rank leaves.
  const double sequences = std::min(double(a.sampler_profile_sequences), tokens);
  const double sampler = sequences * s.model.vocab_size * a.sampler_bytes_per_logit +
                         tokens * s.model.hidden_size * a.inference_activation_bytes;
  return std::max(forward, sampler);
}

namespace {

void inference_memory(const Scenario& s, const ParamCounts& p, MemoryBreakdown& mb) {
  const NumberFormat& wf = weights_format_of(s);
  const NumberFormat& kf = kv_format_of(s);
  const ModelArch& m = s.model;
  const Assumptions& a = s.assumptions;
  const int tp = s.parallel.tensor;
  const int pp = s.parallel.pipeline;
  const int gpus = total_gpus(s);
  const double context = double(prompt_tokens_with_images(s)) + s.inference.output_tokens;
  const double weights_total = weights_bytes(p, wf) - unloaded_vision_bytes(s, p);
  double on_gpu_fraction = 1.0;            // of the transformer layers (llama.cpp -ngl)
  double weights_on_gpus = weights_total;  // summed over all GPUs
  if (s.inference.gpu_layers >= 0 && s.inference.gpu_layers < m.num_layers && m.num_layers > 0) {
    on_gpu_fraction = double(s.inference.gpu_layers) / m.num_layers;
  }
  const int batch = replica_batch(s);  // the busiest data-parallel replica's sequences
  const int replicas = std::max(1, s.parallel.data);
  const double kv_full = kv_cache_bytes(m, kf, context, batch, a.kv_block_tokens, tp, pp);
  if (on_gpu_fraction < 1.0) {
    // Layers left on the host keep their weights and KV cache in host RAM.
    const double embedding_and_head =
        p.embedding * embedding_bytes_per_param(wf, p) + p.lm_head * lm_head_bytes_per_param(wf);
    const double body = std::max(0.0, weights_total - embedding_and_head);
    mb.weights_bytes = body * on_gpu_fraction / (double(tp) * pp);
    mb.host_ram_bytes = weights_total - body * on_gpu_fraction;
    weights_on_gpus = body * on_gpu_fraction;
  } else {
    mb.weights_bytes =
        weights_bytes_per_gpu(p, wf, tp, pp) - unloaded_vision_bytes(s, p) / (double(tp) * pp);
  }
  if (s.parallel.expert > 1) {
    // Expert parallel: the ep replicas of a group hold the routed experts once between them.
    const double spread = routed_expert_params(m) * wf.bits_per_weight / 8.0 * on_gpu_fraction *
                          (1.0 - 1.0 / s.parallel.expert);
    mb.weights_bytes -= spread / (double(tp) * pp);
    weights_on_gpus -= spread;
  }
  mb.kv_cache_bytes = kv_full * on_gpu_fraction;
  const bool one_gpu_per_replica = tp <= 1 && pp <= 1;
  const double kv_total_one_copy =
      one_gpu_per_replica ? kv_full
                          : kv_cache_bytes(m, kf, context, batch, a.kv_block_tokens, 1, 1);
  if (s.inference.kv_cache_in_host_memory) {
    mb.host_ram_bytes += kv_total_one_copy;
    mb.kv_cache_bytes = 0;
  } else {
    mb.host_ram_bytes += kv_total_one_copy * (1.0 - on_gpu_fraction);
  }
  // A hybrid model's recurrent layers keep one fixed-size state per sequence on the GPU that holds
  // the layer (llama.cpp's -ngl splits it like the KV cache).
  const double state_one_copy = recurrent_state_bytes(m, batch, 1, 1, a.recurrent_state_bytes);
  mb.recurrent_state_bytes =
      (one_gpu_per_replica ? state_one_copy
                           : recurrent_state_bytes(m, batch, tp, pp, a.recurrent_state_bytes)) *
      on_gpu_fraction;
  mb.host_ram_bytes += state_one_copy * (1.0 - on_gpu_fraction);
  // vLLM reserves what its profiling pass peaked at, whatever the request's own prompt.
  mb.activation_bytes = a.sampler_profile_sequences > 0 ? profiled_activation_bytes(s)
                                                        : activation_bytes_inference(s);
  const double device_context = device_context_bytes(s);
  mb.overhead_bytes =
      device_context + a.framework_overhead_fraction * mb.weights_bytes + a.engine_non_torch_bytes;
  // vLLM's gpu_memory_utilization budget leaves (1 - util) of the card, and the CUDA context
  // lives inside that unused part. The budget is a share of the total CUDA reports, which the
  // driver's own reservation keeps below the card's (catalog) capacity.
  const double budget_share = 1.0 - a.engine_reserve_fraction;
  const double driver_kept =
      a.engine_reserve_fraction > 0 ? budget_share * a.driver_reserved_bytes : 0.0;
  // SGLang's mem_fraction_static is a share of the memory free after its distributed init
  // (model_runner.py profile_max_num_token: rest = free after loading - free before x (1 -
  // fraction)), so the CUDA context comes out of the static share too, and its activations live
  // in the remainder.
  const bool sglang_rule = a.reserve_holds_activations >= 0.5;
  mb.reserve_bytes =
      sglang_rule ? std::max(0.0, a.engine_reserve_fraction * (mb.capacity_bytes - device_context) +
                                      driver_kept - mb.activation_bytes)
                  : std::max(0.0, a.engine_reserve_fraction * mb.capacity_bytes + driver_kept -
                                      device_context);
  if (a.kv_free_memory_fraction > 0) {
    // TensorRT-LLM sizes its pool from what is free after loading: the rest of that stays unused.
    const double loaded = mb.weights_bytes + mb.activation_bytes + mb.overhead_bytes;
    mb.reserve_bytes += (1.0 - a.kv_free_memory_fraction) *
                        std::max(0.0, mb.capacity_bytes - loaded - mb.reserve_bytes);
  }
  const double per_gpu_extra = mb.activation_bytes + mb.overhead_bytes + mb.reserve_bytes;
  // Each replica holds the model and its users' KV cache once across its tp x pp cards.
  mb.total_bytes =
      (weights_on_gpus +
       (s.inference.kv_cache_in_host_memory ? 0.0 : kv_total_one_copy * on_gpu_fraction) +
       state_one_copy * on_gpu_fraction) *
          replicas +
      per_gpu_extra * gpus;
  // Replicas on one machine share its RAM.
  const int nodes = std::max(1, s.hardware.nodes);
  mb.host_ram_bytes *= replicas / nodes + (replicas % nodes != 0 ? 1 : 0);
  if (s.inference.mmap_weights) mmap_past_ram(s, weights_total - weights_on_gpus, mb);
}

// Parameters one GPU of a pipeline stage holds, in three groups with their own bytes: the
// transformer layers' dense matrices, the routed experts (spread over the expert-parallel ranks)
// and the 16-bit side tensors (norms, plus the embedding on the first stage and the LM head on
// the last; with tied embeddings the last stage keeps its own copy of the embedding as the head).
struct StageParams {
  double dense = 0;
  double experts = 0;
  double side = 0;
  double total() const { return dense + experts + side; }
};

StageParams stage_params(const Scenario& s, const ParamCounts& p, PipelineStage stage) {
  const double tp = std::max(1, s.parallel.tensor);
  const int pp = std::max(1, s.parallel.pipeline);
  const double ep = std::max(1, s.parallel.expert);
  const double experts = routed_expert_params(s.model);
  const double head = p.lm_head > 0 ? p.lm_head : (pp > 1 ? p.embedding : 0.0);
  const bool first = pp == 1 || stage == PipelineStage::first;
  const bool last = pp == 1 || stage == PipelineStage::last;
  StageParams out;
  out.dense =
      std::max(0.0, p.total - p.embedding - p.lm_head - p.norms - experts) / (double(pp) * tp);
  out.experts = experts / (double(pp) * tp * ep);
  out.side = (p.norms / pp + (first ? p.embedding : 0.0) + (last ? head : 0.0)) / tp;
  return out;
}

// The largest single parameter tensor on a GPU (what an optimizer step fused into backward
// holds the gradient of): the embedding or LM head, or a layer's largest matrix.
double largest_tensor_params(const Scenario& s, const ParamCounts& p) {
  const ModelArch& m = s.model;
  const double tp = std::max(1, s.parallel.tensor);
  const double i = std::max(m.intermediate_size, m.moe_intermediate_size);
  return std::max({p.embedding, p.lm_head, double(m.hidden_size) * i}) / tp;
}

struct StageMemory {
  double weights = 0, grads = 0, optimizer = 0, activations = 0, overhead = 0, host = 0, nvme = 0;
  double allocator_cache = 0;  // part of overhead
  double rollout = 0;          // RL generation beyond the training activations
  double per_gpu() const { return weights + grads + optimizer + activations + overhead + rollout; }
};

StageMemory training_stage_memory(const Scenario& s, const ParamCounts& p, PipelineStage stage) {
  const NumberFormat& wf = weights_format_of(s);
  const TrainingWorkload& t = s.training;
  const ModelArch& m = s.model;
  const Assumptions& a = s.assumptions;
  const double nd = zero_shard_ranks(s);
  const double ep = std::max(1, s.parallel.expert);
  // ZeRO shards over the data-parallel group (its shard group under HSDP) and the context-parallel
  // ranks; the experts' copies over the expert-data group (those ranks / expert ranks).
  auto shard = [&](int stage_needed, bool experts) {
    if (t.zero_stage < stage_needed) return 1.0;
    return experts ? std::max(1.0, nd / ep) : nd;
  };
  const StageParams sp = stage_params(s, p, stage);
  StageMemory out;
  double gathered_bpp = 2.0;  // bytes per parameter ZeRO-3 all-gathers
  if (t.method == TrainingMethod::full) {
    const double weight_bpp = t.mixed_precision ? 2.0 : trained_value_bytes(wf);
    const double grad_bpp = gradient_bytes_per_param(t, wf);
    const double opt_bpp = optimizer_bytes_per_param(t, wf, m);
    const double dense = sp.dense + sp.side;
    out.weights = dense * weight_bpp / shard(3, false) + sp.experts * weight_bpp / shard(3, true);
    out.grads = dense * grad_bpp / shard(2, false) + sp.experts * grad_bpp / shard(2, true);
    out.optimizer = dense * opt_bpp / shard(1, false) + sp.experts * opt_bpp / shard(1, true);
    if (flag_on(a.optimizer_in_backward)) {
      out.grads = std::min(out.grads, largest_tensor_params(s, p) * grad_bpp);
    }
    gathered_bpp = weight_bpp;
  } else {
    // Frozen base (16-bit for LoRA, the quantized format for QLoRA): no gradients, no states.
    // PEFT's k-bit preparation upcasts the unquantized tensors of a QLoRA base to FP32.
    const bool upcast = residual_stream_fp32(s);
    const double side_bpp = upcast ? 4.0 : side_bytes_per_param(wf);
    const double dense_bpp = sp.experts > 0 ? non_expert_bytes_per_param(wf) : bytes_of(wf);
    out.weights = sp.dense * dense_bpp / shard(3, false) +
                  sp.experts * bytes_of(wf) / shard(3, true) + sp.side * side_bpp / shard(3, false);
    gathered_bpp = bytes_of(wf);
    const double model_split = double(s.parallel.tensor) * s.parallel.pipeline;
    const double trainable = lora_trainable_params(m, t.lora_rank, t.lora_targets) / model_split;
    // Adapters in FP32 under mixed precision (PEFT's default), else in the weights' precision.
    const double adapter_bpp = t.mixed_precision ? 4.0 : std::min(4.0, trained_value_bytes(wf));
    TrainingWorkload adapter_opt = t;
    out.weights += trainable * adapter_bpp;
    out.grads = trainable * adapter_bpp / shard(2, false);
    adapter_opt.mixed_precision = false;  // adapters are already FP32 master copies
    NumberFormat adapter_format = wf;
    adapter_format.bits_per_weight = adapter_bpp * 8.0;
    out.optimizer =
        trainable * optimizer_bytes_per_param(adapter_opt, adapter_format, m) / shard(1, false);
    const bool holds_head = s.parallel.pipeline == 1 || stage == PipelineStage::last;
    if (upcast && holds_head) {
      // Autocast casts the FP32 head to BF16 for its matmul and saves that copy for backward.
      out.overhead += (p.lm_head > 0 ? p.lm_head : p.embedding) * 2.0 / s.parallel.tensor;
    }
    if (t.method == TrainingMethod::qlora) {
      // bitsandbytes / torchao dequantize each 4-bit matrix to BF16 right before its matmul
      // (forward and backward): one matrix of the layer at a time.
      const double i = std::max(m.intermediate_size, m.moe_intermediate_size);
      out.overhead += double(m.hidden_size) * i * 2.0 / s.parallel.tensor;
    }
  }
  // RL: PPO's critic is a second trained model of the policy's shape; the reference and reward
  // models are frozen copies, stored (and ZeRO-3 sharded) as the policy's weights are.
  const RlWorkload rl = rl_workload(t);
  out.weights *= rl.trained_models;
  out.grads *= rl.trained_models;
  out.optimizer *= rl.trained_models;
  out.weights += rl.frozen_models *
                 (sp.dense * gathered_bpp / shard(3, false) +
                  sp.experts * gathered_bpp / shard(3, true) + sp.side * 2.0 / shard(3, false));
  if (t.offload_optimizer) {
    // ZeRO-Offload (Ren et al. 2021): FP32 master weights, optimizer states and gradients live
    // in CPU RAM; the GPU keeps the 16-bit weights and streams gradients out in buckets.
    // ZeRO-Infinity's NVMe offload keeps the optimizer states (with the master weights) on the
    // drive; the gradients still land in pinned host RAM.
    (t.offload_to_nvme ? out.nvme : out.host) += out.optimizer;
    out.host += out.grads;
    out.optimizer = 0;
    out.grads = 0;
  }
  if (t.offload_params && t.zero_stage >= 3) {
    (t.offload_to_nvme ? out.nvme : out.host) += out.weights;
    out.weights = 0;
  }
  const TrainingActivations act = training_activations(s, stage);
  out.activations = act.peak_bytes;
  if (rl.rollouts && t.rollout_gpus == 0) {
    // Colocated generation alternates with training: its KV cache (and a vLLM engine's own 16-bit
    // copy of the weights, TRL's and OpenRLHF's colocated mode) takes the place of the activations.
    const Scenario gen = rollout_scenario(s);
    const double context = double(gen.inference.prompt_tokens) + gen.inference.output_tokens;
    double rollout = kv_cache_bytes(m, kv_format_of(gen), context, gen.inference.batch, 1,
                                    s.parallel.tensor, s.parallel.pipeline);
    if (engine_profile_base(s.inference.engine) == Engine::vllm) rollout += sp.total() * 2.0;
    out.rollout = std::max(0.0, rollout - act.peak_bytes);
  }
  out.host += act.host_bytes;
  // PyTorch creates gradients during backward, as the saved activations are freed, and
  // zero_grad(set_to_none=True) frees them between steps; DDP's buckets and Megatron's or
  // DeepSpeed's contiguous buffers hold them all step. Without such a buffer the peak is the
  // larger of the forward's (activations and loss) and the end of backward's (every gradient and
  // the last layer's working set); the activation term is what the peak adds to the gradients.
  const bool ddp_buckets = gradient_sync_ranks(s) > 1 && t.zero_stage < 3;
  if (!flag_on(a.persistent_gradient_buffer) && !ddp_buckets) {
    out.activations = std::max(act.peak_bytes, out.grads + act.layer_working_bytes) - out.grads;
  }
  // ZeRO-3 gathers each layer's full parameters before use (current + prefetched: 2 layers), in
  // the format they are stored in (FSDP2 gathers NF4 tensors as NF4).
  const double layers_per_stage = double(m.num_layers) / std::max(1, s.parallel.pipeline);
  const double gathered = t.zero_stage >= 3 && nd > 1 && m.num_layers > 0
                              ? 2.0 * (sp.dense + sp.experts) / layers_per_stage * gathered_bpp
                              : 0.0;
  // The caching allocator keeps blocks that a step frees (activations, the loss, gathered layers)
  // reserved for the next one; the card must hold them.
  out.allocator_cache = a.allocator_cache_fraction * (out.activations + gathered);
  out.overhead += a.cuda_context_bytes +
                  a.framework_overhead_fraction * (out.weights + out.grads + out.optimizer) +
                  gathered + out.allocator_cache;
  return out;
}

void training_memory(const Scenario& s, const ParamCounts& p, MemoryBreakdown& mb) {
  StageMemory stage = training_stage_memory(s, p, PipelineStage::first);
  if (s.parallel.pipeline > 1) {
    const StageMemory last = training_stage_memory(s, p, PipelineStage::last);
    if (last.per_gpu() > stage.per_gpu()) stage = last;
  }
  const int gpus = total_gpus(s);
  mb.weights_bytes = stage.weights;
  mb.gradient_bytes = stage.grads;
  mb.optimizer_bytes = stage.optimizer;
  mb.activation_bytes = stage.activations;
  mb.overhead_bytes = stage.overhead;
  mb.allocator_cache_bytes = stage.allocator_cache;
  mb.rollout_bytes = stage.rollout;
  mb.reserve_bytes = 0;
  // Every GPU of the busiest stage offloads the same; the host holds its node's share.
  mb.host_ram_bytes = stage.host * gpus / std::max(1, s.hardware.nodes);
  mb.nvme_bytes = stage.nvme * gpus / std::max(1, s.hardware.nodes);
  mb.total_bytes = stage.per_gpu() * gpus;
}

}  // namespace

double unloaded_vision_bytes(const Scenario& s, const ParamCounts& p) {
  // llama.cpp loads the image encoder from its own mmproj file, only when asked for images.
  const bool separate_file = engine_profile_base(s.inference.engine) == Engine::llama_cpp;
  return separate_file && s.inference.images <= 0 ? p.vision * kVisionBytesPerParam : 0.0;
}

double device_context_bytes(const Scenario& s) {
  return is_cpu(s.hardware.gpu) ? s.assumptions.host_os_reserve_bytes
                                : s.assumptions.cuda_context_bytes;
}

double usable_capacity_bytes(const Gpu& g, const Assumptions& a) {
  if (!is_apple(g)) return g.memory_capacity_bytes;
  if (a.unified_memory_gpu_fraction > 0)
    return g.memory_capacity_bytes * a.unified_memory_gpu_fraction;
  constexpr double kLargeRam = 36.0 * 1073741824.0;  // Metal gives 3/4 above this, 2/3 at or below
  return g.memory_capacity_bytes * (g.memory_capacity_bytes > kLargeRam ? 0.75 : 2.0 / 3.0);
}

bool sizes_kv_pool_at_startup(const Scenario& s) {
  return engine_profile_base(s.inference.engine) == Engine::vllm && s.mode == Mode::inference &&
         !s.inference.kv_cache_in_host_memory &&
         (s.inference.gpu_layers < 0 || s.inference.gpu_layers >= s.model.num_layers);
}

int kv_pool_tokens(const Scenario& s, const MemoryBreakdown& mb) {
  const double context = double(prompt_tokens_with_images(s)) + s.inference.output_tokens;
  const double batch = std::max(1, replica_batch(s));
  const double per_token = kv_cache_bytes(s.model, kv_format_of(s), context, int(batch), 1,
                                          s.parallel.tensor, s.parallel.pipeline) /
                           (std::max(1.0, context) * batch);
  if (!(per_token > 0)) return 0;
  const double pool = std::max(0.0, mb.kv_cache_bytes + mb.headroom_bytes);
  const double block = std::max(1, s.assumptions.kv_block_tokens);
  const double tokens = std::floor(pool / per_token / block) * block;
  return int(std::min(tokens, 2147483647.0));
}

MemoryBreakdown memory_breakdown(const Scenario& s, const ParamCounts& p) {
  MemoryBreakdown mb;
  mb.capacity_bytes = usable_capacity_bytes(s.hardware.gpu, s.assumptions);
  if (s.mode == Mode::inference) {
    inference_memory(s, p, mb);
  } else {
    training_memory(s, p, mb);
  }
  mb.per_gpu_bytes = mb.weights_bytes + mb.kv_cache_bytes + mb.recurrent_state_bytes +
                     mb.activation_bytes + mb.gradient_bytes + mb.optimizer_bytes +
                     mb.overhead_bytes + mb.reserve_bytes + mb.rollout_bytes;
  mb.headroom_bytes = mb.capacity_bytes - mb.per_gpu_bytes;
  const bool host_ok = mb.host_ram_bytes <= s.hardware.host.ram_bytes;
  mb.fits = mb.headroom_bytes >= 0 && host_ok;
  return mb;
}

}  // namespace sizer
