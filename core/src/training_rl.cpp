// Preference and RL fine-tuning: which models a step keeps and runs, and its rollouts.
#include <algorithm>

#include "engine_internal.hpp"
#include "sizer/inference_speed.hpp"
#include "sizer/training_math.hpp"

namespace sizer {

RlWorkload rl_workload(const TrainingWorkload& t) {
  RlWorkload w;
  // LoRA's reference is the frozen base with the adapters switched off (TRL's DPO and GRPO
  // trainers with a PEFT model): it runs, but takes no memory of its own.
  const bool reference = t.reference_model;
  const int reference_copy = reference && t.method == TrainingMethod::full ? 1 : 0;
  switch (t.objective) {
    case TrainingObjective::sft:
      break;
    case TrainingObjective::dpo:
      // Each pair's chosen and rejected sequences run as one batch (TRL's concatenated_forward).
      w.sequences_per_sample = 2;
      w.frozen_models = reference_copy;
      w.scoring_passes = reference ? 1 : 0;
      break;
    case TrainingObjective::grpo:
      // Advantages come from the group's rewards: no critic; rewards from a function. With one
      // optimisation pass per generation the old log-probabilities are the policy's own.
      w.rollouts = true;
      w.frozen_models = reference_copy;
      w.scoring_passes = reference ? 1 : 0;
      break;
    case TrainingObjective::ppo:
      // Actor, critic, reward and reference models (Ouyang et al. 2022; OpenRLHF): making the
      // experience runs the actor (old log-probabilities), the critic (values), the reward model
      // and the reference forward; then actor and critic train.
      w.rollouts = true;
      w.trained_models = 2;
      w.frozen_models = 1 + reference_copy;
      w.scoring_passes = 3 + (reference ? 1 : 0);
      break;
  }
  return w;
}

Scenario rollout_scenario(const Scenario& s) {
  Scenario r = s;
  const TrainingWorkload& t = s.training;
  r.mode = Mode::inference;
  r.inference.batch = std::max(1, t.micro_batch) * std::max(1, t.grad_accumulation);
  r.inference.output_tokens = std::clamp(t.completion_tokens, 1, std::max(1, t.seq_len - 1));
  r.inference.prompt_tokens = std::max(1, t.seq_len - r.inference.output_tokens);
  r.hardware.nodes = 1;
  if (t.rollout_gpus > 0) {
    // A separate engine, tensor parallel over its GPUs, generates every rank's sequences.
    r.inference.batch *= derived_data_parallel(s);
    r.hardware.gpus_per_node = t.rollout_gpus;
    r.parallel.tensor = t.rollout_gpus;
    r.parallel.pipeline = 1;
  } else {
    // Colocated: each data-parallel rank's model split generates its own sequences.
    r.hardware.gpus_per_node = std::max(1, s.parallel.tensor) * std::max(1, s.parallel.pipeline);
  }
  r.parallel.data = 1;
  r.parallel.context = 1;
  r.parallel.expert = 1;
  r.parallel.virtual_stages = 1;
  r.kv_cache_format = "fp16";
  return normalize(std::move(r));
}

double rollout_seconds_per_step(const Scenario& s, const ParamCounts& p) {
  if (!rl_workload(s.training).rollouts) return 0.0;
  const Scenario r = rollout_scenario(s);
  InferenceResult speed;
  compute_inference_speed(r, p, speed);
  return speed.end_to_end_seconds;
}

}  // namespace sizer
