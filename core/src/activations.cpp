// Activation memory for training (Korthikanti et al. 2022, re-derived for gated MLPs, GQA and no
// dropout) and working memory for inference prefill.
#include "sizer/activations.hpp"

#include <algorithm>
#include <cmath>

#include "engine_internal.hpp"
#include "sizer/memory.hpp"
#include "sizer/training_math.hpp"
#include "sizer/vision.hpp"

namespace sizer {
namespace {

// Attention-internal and MLP-internal bytes per token per layer (split by tensor parallel).
// Q (2ad), K and V (4kd), attention output (2ad); gated MLP: gate, up and their product (6i),
// eager PyTorch also SiLU(gate) (8i); plain MLP: up output and activation (4i).
double split_terms(const ModelArch& m, bool eager) {
  const double ad = double(m.num_heads) * head_dim_of(m);
  const double kd = double(kv_heads_of(m)) * head_dim_of(m);
  const double i = mlp_width_per_token(m);
  return 4.0 * ad + 4.0 * kd + (m.mlp_gated ? (eager ? 8.0 : 6.0) : 4.0) * i;
}

// Bytes per token per layer that tensor parallel does not split without sequence parallel:
// attention and MLP inputs (2h each) and the two norms' inputs (2h each); an eager RMSNorm keeps
// an FP32 copy of its input and its BF16 result instead (6h each). LayerNorm's native kernel
// saves its input and statistics only.
double replicated_terms(const ModelArch& m, bool eager) {
  return (eager && !m.layer_norm_with_bias ? 16.0 : 8.0) * m.hidden_size;
}

// Gradients alive in one layer's backward on top of its saved activations: the MLP's are the
// largest (gated: gradients of gate, up and their product, 3 x i x 2 bytes; plain: 2 x i x 2).
double backward_working_terms(const ModelArch& m) {
  return (m.mlp_gated ? 6.0 : 4.0) * mlp_width_per_token(m);
}

// torchtitan's op-level policy saves the attention output (2ad) and every second matmul output
// of Q, K, V, O, gate, up and down (half of 2ad + 4kd + 2h + 4i + 2h).
double matmul_outputs_kept_by_op_policy(const ModelArch& m) {
  const double ad = double(m.num_heads) * head_dim_of(m);
  const double kd = double(kv_heads_of(m)) * head_dim_of(m);
  const double i = mlp_width_per_token(m);
  const double mlp = m.mlp_gated ? 4.0 * i : 2.0 * i;
  return 2.0 * ad + (2.0 * ad + 4.0 * kd + 4.0 * m.hidden_size + mlp) / 2.0;
}

double training_value_bytes_factor(const Scenario& s) {
  // 16-bit activations are the baseline; pure FP32 training doubles every term.
  const NumberFormat& f = weights_format_of(s);
  return (!s.training.mixed_precision && f.bits_per_weight >= 32) ? 2.0 : 1.0;
}

bool flag(double v) { return v >= 0.5; }

}  // namespace

int head_dim_of(const ModelArch& m) {
  if (m.head_dim > 0) return m.head_dim;
  return m.num_heads > 0 ? m.hidden_size / m.num_heads : 0;
}

int kv_heads_of(const ModelArch& m) { return m.num_kv_heads > 0 ? m.num_kv_heads : m.num_heads; }

double mlp_width_per_token(const ModelArch& m) {
  if (m.num_experts <= 0 || m.num_layers <= 0) return m.intermediate_size;
  const int moe_layers = moe_layer_count(m);
  const double moe_i = m.moe_intermediate_size > 0 ? m.moe_intermediate_size : m.intermediate_size;
  const double shared_i =
      m.shared_expert_intermediate_size > 0 ? m.shared_expert_intermediate_size : moe_i;
  const double moe_width = m.experts_per_token * moe_i + m.num_shared_experts * shared_i;
  const int dense_layers = m.num_layers - moe_layers;
  return (moe_layers * moe_width + dense_layers * double(m.intermediate_size)) / m.num_layers;
}

double activation_bytes_per_token_per_layer(const ModelArch& m) {
  return replicated_terms(m, false) + split_terms(m, false);
}

double attention_score_bytes_per_token_per_layer(const ModelArch& m, double seq_len) {
  return 2.0 * m.num_heads * seq_len;
}

double lora_dropout_bytes_per_token_per_layer(const ModelArch& m,
                                              const std::vector<std::string>& targets) {
  // LoRA dropout keeps a dropped copy of each adapted matrix's input for the adapter's
  // backward: 2 bytes per input element.
  const double ad = double(m.num_heads) * head_dim_of(m);
  const double i = mlp_width_per_token(m);
  double bytes = 0;
  for (const std::string& t : targets) {
    if (t == "q" || t == "k" || t == "v" || t == "gate" || t == "up") bytes += 2.0 * m.hidden_size;
    if (t == "o") bytes += 2.0 * ad;
    if (t == "down") bytes += 2.0 * i;
  }
  return bytes;
}

double loss_bytes_per_logit(const Assumptions& a) {
  if (!flag(a.compiled_loss)) return a.loss_bytes_per_logit;
  // Compiled, the upcast and the softmax live only inside the fused kernel: what stays is the
  // 16-bit logits and the 16-bit gradient of the chunk in backward.
  const double compiled = 2.0 + 2.0 / std::max(1, a.loss_chunks);
  return std::min(a.loss_bytes_per_logit, compiled);
}

bool residual_stream_fp32(const Scenario& s) {
  return s.training.method == TrainingMethod::qlora && flag(s.assumptions.kbit_upcast_fp32);
}

TrainingActivations training_activations(const Scenario& s, PipelineStage stage) {
  const ModelArch& m = s.model;
  const TrainingWorkload& t = s.training;
  const Assumptions& a = s.assumptions;
  const double tp = std::max(1, s.parallel.tensor);
  const int pp = std::max(1, s.parallel.pipeline);
  const bool eager = flag(a.eager_intermediates);
  // Context parallel: each rank holds its 1 / cp of every sequence (and of its logits).
  // DPO runs each pair's chosen and rejected sequences together.
  const double tokens = double(t.micro_batch) * rl_workload(t).sequences_per_sample * t.seq_len /
                        std::max(1, s.parallel.context);
  const double rep =
      s.parallel.sequence ? replicated_terms(m, eager) / tp : replicated_terms(m, eager);
  double scores = attention_score_bytes_per_token_per_layer(m, t.seq_len) / tp;
  if (t.flash_attention || t.recompute == Recompute::selective) scores = 0.0;
  const double lora = t.method == TrainingMethod::full || !flag(a.lora_dropout_copies)
                          ? 0.0
                          : lora_dropout_bytes_per_token_per_layer(m, t.lora_targets) / tp;
  const double full_layer = rep + split_terms(m, eager) / tp + scores + lora;
  const double backward = backward_working_terms(m) / tp;
  // A checkpoint is the layer's input: the residual stream, FP32 when QLoRA upcasts.
  const double input_bytes = residual_stream_fp32(s) ? 4.0 : 2.0;
  const double layer_input =
      (s.parallel.sequence ? input_bytes * m.hidden_size / tp : input_bytes * m.hidden_size);
  // Op-level selective recompute (torchtitan's policy) keeps the layer input, the attention output
  // and every second matmul output, and recomputes the rest of the layer in backward.
  const bool op_level = t.recompute == Recompute::selective && flag(a.selective_recompute_ops);
  const bool recompute = t.recompute == Recompute::full || op_level;
  double saved_per_layer = full_layer;
  if (t.recompute == Recompute::full) saved_per_layer = layer_input;
  if (op_level) saved_per_layer = layer_input + matmul_outputs_kept_by_op_policy(m) / tp;
  // The layer whose backward runs: rebuilt from what was kept.
  const double layer_working = recompute ? full_layer + backward : backward;

  // 1F1B: the first stage holds the forward activations of min(p, m) micro-batches of its L / p
  // layers (Narayanan et al. 2021); interleaving v chunks adds (p - 1) / (p v) of that
  // (Korthikanti et al. 2022, section 4.2.3). The last stage holds one micro-batch and the loss.
  const double layers = double(m.num_layers) / pp;
  double micro_batches = 1.0;
  if (pp > 1 && stage == PipelineStage::first) {
    micro_batches = std::min(pp, std::max(1, t.grad_accumulation));
    const int v = std::max(1, s.parallel.virtual_stages);
    if (v > 1) micro_batches *= 1.0 + double(pp - 1) / (double(pp) * v);
  }
  const double saved_layers = layers * micro_batches;
  // Offload keeps the layer being computed and one in flight on the GPU.
  const double on_gpu_layers =
      flag(a.activation_offload) ? std::min(saved_layers, 2.0) : saved_layers;
  const bool holds_loss = pp == 1 || stage == PipelineStage::last;
  const double loss = holds_loss ? loss_bytes_per_logit(a) * m.vocab_size / tp : 0.0;
  const double factor = training_value_bytes_factor(s);

  TrainingActivations out;
  out.saved_bytes = tokens * saved_per_layer * on_gpu_layers * factor;
  out.host_bytes = tokens * saved_per_layer * (saved_layers - on_gpu_layers) * factor;
  out.layer_working_bytes = tokens * layer_working * factor;
  out.loss_bytes = tokens * loss;
  // The loss runs before any layer's backward and frees its buffers first: the two peaks do not
  // overlap.
  out.peak_bytes = out.saved_bytes + std::max(out.layer_working_bytes, out.loss_bytes);
  return out;
}

double activation_bytes_inference(const Scenario& s) {
  const ModelArch& m = s.model;
  const Assumptions& a = s.assumptions;
  const double tp = std::max(1, s.parallel.tensor);
  const double batch = replica_batch(s);
  const double prompt = std::max(1, prompt_tokens_with_images(s));
  const double context = prompt + std::max(0, s.inference.output_tokens);
  double rows = prompt * batch;
  if (a.prefill_chunk_tokens > 0) rows = std::min(rows, double(a.prefill_chunk_tokens));
  const double value_bytes = a.inference_activation_bytes;
  const double ad = double(m.num_heads) * head_dim_of(m);
  const double kd = double(kv_heads_of(m)) * head_dim_of(m);
  // Live at the peak of one layer: residual and normed input (2h), Q, K, V and attention output
  // (2ad + 2kd), MLP gate, up and activation (3i).
  const double working =
      rows * (2.0 * m.hidden_size + (2.0 * ad + 2.0 * kd + 3.0 * mlp_width_per_token(m)) / tp) *
      value_bytes;
  // Without a fused attention kernel the chunk's scores against the whole context are
  // materialized (llama.cpp reserves n_ubatch x n_ctx x heads in FP32).
  const double scores =
      a.prefill_materializes_scores >= 0.5 ? rows * context * (m.num_heads / tp) * value_bytes : 0;
  const double logit_rows =
      a.prefill_logit_positions > 0 ? batch * a.prefill_logit_positions : prompt * batch;
  const double logits = logit_rows * m.vocab_size * 4.0 / tp;
  return working + scores + logits;
}

}  // namespace sizer
