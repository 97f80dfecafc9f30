// The seeds' quick rules beside the detailed estimate, each with why the two differ.
#include "sizer/rules_of_thumb.hpp"

#include "engine_internal.hpp"

namespace sizer {

double rule_fp16_plus_20_bytes(double params) { return params * 2.0 * 1.2; }

double rule_adam_16_bytes(double params) { return params * 16.0; }

double rule_seed_int8_training_bytes(double params) {
  // Seed 004 writes "two FP32 moments = 6B x 2 bytes = 12 GB"; two FP32 moments are really
  // 8 bytes per parameter (48 GB). The rule reproduces the seed's arithmetic as printed.
  return params * (1.0 + 1.0 + 2.0) + 1.3e9;
}

double rule_seed_activation_bytes_per_sample(const ModelArch& m, double seq_len,
                                             double bytes_per_value) {
  return (double(m.hidden_size) + m.intermediate_size) * seq_len * m.num_layers * bytes_per_value;
}

double rule_six_n_d_flops(double params, double tokens) { return 6.0 * params * tokens; }

std::vector<RuleOfThumb> rules_of_thumb(const Estimate& e) {
  std::vector<RuleOfThumb> out;
  const Scenario& s = e.scenario;
  const double n = e.params.total;
  const MemoryBreakdown& m = e.memory;
  auto add = [&out](const char* id, double value_bytes, double detailed_bytes) {
    RuleOfThumb r;
    r.id = id;
    r.value_bytes = value_bytes;
    r.detailed_bytes = detailed_bytes;
    out.push_back(r);
    return &out.back();
  };
  if (s.mode == Mode::inference) {
    // One replica's cards: the rule sizes one copy of the model and its working memory.
    add("fp16-2x-plus-20", rule_fp16_plus_20_bytes(n),
        m.per_gpu_bytes * s.parallel.tensor * s.parallel.pipeline);
    return out;
  }
  const TrainingWorkload& t = s.training;
  // The rules count one copy of the model's states: undo the model split and ZeRO's sharding,
  // never multiply by data-parallel replicas (8 replicas hold 8 copies, the rule means one).
  const double split = double(s.parallel.tensor) * s.parallel.pipeline;
  const double nd = std::max(1, s.parallel.data);
  const double states_once = split * (m.weights_bytes * (t.zero_stage >= 3 ? nd : 1.0) +
                                      m.gradient_bytes * (t.zero_stage >= 2 ? nd : 1.0) +
                                      m.optimizer_bytes * (t.zero_stage >= 1 ? nd : 1.0));
  add("adam-16-bytes", rule_adam_16_bytes(n), states_once);
  add("seed-int8-training", rule_seed_int8_training_bytes(n), states_once + m.overhead_bytes);
  add("seed-activation-per-sample",
      rule_seed_activation_bytes_per_sample(s.model, t.seq_len, 1.0) * t.micro_batch,
      m.activation_bytes);
  RuleOfThumb* six = add("six-n-d", 0, 0);
  six->value_flops = rule_six_n_d_flops(n, t.tokens);
  six->detailed_flops = e.training.total_flops;
  return out;
}

void explain_rules_of_thumb(Estimate& e) {
  const Scenario& s = e.scenario;
  const TrainingWorkload& t = s.training;
  for (RuleOfThumb& r : e.rules_of_thumb) {
    if (r.id == "fp16-2x-plus-20") {
      const double kv_share = safe_div(e.memory.kv_cache_bytes, e.memory.per_gpu_bytes);
      r.label = "FP16 memory = params (B) x 2 GB, plus 20% for KV cache and activations";
      r.why_different =
          "The rule assumes 16-bit weights and a fixed 20% margin. This estimate uses " +
          s.weights_format + " weights and sizes the KV cache for " + fmt_num(s.inference.batch) +
          " x " + fmt_num(double(s.inference.prompt_tokens) + s.inference.output_tokens) +
          " tokens (" + fmt_num(kv_share * 100.0) +
          "% of memory); long contexts and many users break the 20% margin.";
    } else if (r.id == "adam-16-bytes") {
      r.label = "Mixed-precision Adam: 16 bytes per parameter before activations";
      r.why_different =
          t.method != TrainingMethod::full
              ? "LoRA freezes the base: only the adapters carry gradients and optimizer states."
          : !t.mixed_precision || t.optimizer != Optimizer::adamw
              ? "The rule assumes FP32 master weights and FP32 Adam moments; this optimizer "
                "setting stores less per parameter."
              : "Same 16 bytes per parameter; ZeRO sharding, offload and the count over all "
                "GPUs change the per-GPU share, not the total.";
    } else if (r.id == "seed-int8-training") {
      r.label = "Seed 004: INT8 weights + INT8 gradients + 2 bytes/param optimizer + 1.3 GB";
      r.why_different =
          "The seed counts two FP32 Adam moments as 2 bytes per parameter; they take 8 (12 "
          "with the FP32 master copy), and nobody trains with INT8 gradients.";
    } else if (r.id == "seed-activation-per-sample") {
      r.label = "Seed 004: activations per sample = (h + i) x s x L x 1 byte";
      r.why_different =
          "The seed keeps one value per hidden and MLP unit per token; backward needs every "
          "matmul input (about 8h + 4ad + 4kd + 6i bytes per token per layer in 16-bit), so "
          "the rule is a floor.";
    } else if (r.id == "six-n-d") {
      r.label = "Training compute = 6 x params x tokens";
      r.why_different = "6ND = " + fmt_num(r.value_flops) + " FLOPs; the detailed count (" +
                        fmt_num(e.training.total_flops) +
                        ") adds attention, recompute and LoRA's frozen base.";
    }
  }
}

}  // namespace sizer
