// estimate(): normalize, validate, then the numbers (memory, speed or training time, the largest
// batch and context, cost, bottleneck), the warnings, and on request the explanations (formulas,
// rule-of-thumb texts, the bottleneck sentence).
#include "sizer/estimate.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "engine_internal.hpp"
#include "sizer/cost.hpp"
#include "sizer/energy.hpp"
#include "sizer/enums.hpp"
#include "sizer/inference_speed.hpp"
#include "sizer/memory.hpp"
#include "sizer/params.hpp"
#include "sizer/prices.hpp"
#include "sizer/rules_of_thumb.hpp"
#include "sizer/solvers.hpp"
#include "sizer/training_math.hpp"

namespace sizer {

void throw_if_invalid(const Scenario& normalized) {
  const std::string message = validation_message(normalized);
  if (!message.empty()) throw std::invalid_argument(message);
}

void compute_numbers(Scenario& s, Estimate& e, bool with_limits) {
  e.memory = memory_breakdown(s, e.params);
  if (s.mode == Mode::inference) {
    compute_inference_speed(s, e.params, e.inference);
    fill_roofline(s, e);
    if (with_limits) {
      e.inference.max_batch = largest_batch_fitting(s, e.params);
      // One search for the memory's own limit; the model's trained context caps the answer
      // (memory grows with the context, so the capped search would find the smaller of the two).
      const int trained = s.model.max_position_embeddings;
      s.model.max_position_embeddings = 0;
      const int searched = largest_context_fitting(s, e.params);
      s.model.max_position_embeddings = trained;
      // A pool sized at start-up holds the same tokens whatever the context: its size at this
      // configuration (max_model_len = prompt + output) over the batch.
      e.inference.kv_cache_capacity_tokens =
          sizes_kv_pool_at_startup(s) ? kv_pool_tokens(s, e.memory) / std::max(1, replica_batch(s))
                                      : searched;
      e.inference.max_context_tokens = searched;
      if (trained > 0 && e.inference.max_context_tokens > trained) {
        e.inference.max_context_tokens = trained - s.inference.output_tokens >= 1 ? trained : 0;
      }
      if (e.inference.max_batch > 0) {
        e.inference.throughput_at_max_batch =
            throughput_at_batch(s, e.params, e.inference.max_batch);
      }
    }
  } else {
    compute_training(s, e.params, e);
    if (with_limits) {
      e.training.max_micro_batch = largest_batch_fitting(s, e.params);
      e.training.max_seq_len = largest_context_fitting(s, e.params);
    }
    if (s.training.rollout_gpus > 0 && rl_workload(s.training).rollouts) {
      // All GPUs together include the separate rollout engine's (the model and the rollouts'
      // KV cache on its own GPUs).
      e.memory.rollout_engine_bytes = memory_breakdown(rollout_scenario(s), e.params).total_bytes;
      e.memory.total_bytes += e.memory.rollout_engine_bytes;
    }
  }
  e.cost = compute_cost(s, e.inference, e.training);
  e.energy = compute_energy(s, e.inference, e.training);
  e.bottleneck = bottleneck_of(s, e);
}

namespace {

void add_warnings(const Scenario& s, Estimate& e) {
  e.warning_details = scenario_warnings(s);
  const Gpu& card = s.hardware.gpu;
  if (!(card.fp32_tflops > 0) && !(card.fp16_tensor_tflops > 0) && !(card.bf16_tensor_tflops > 0)) {
    e.warning_details.push_back(
        {"no-compute-figure",
         {card.name},
         "gpu: " + card.name + " has no compute figure in the catalog; compute time counts as 0"});
  }
  if (s.mode == Mode::inference && s.parallel.pipeline > 1) {
    e.warning_details.push_back(
        {"pipeline-no-decode-speedup",
         {},
         "pipelineParallel: stages run one after another for each token, so pipeline "
         "parallelism adds memory, not single-stream decode speed"});
  }
  if (!e.cost.price_known) {
    const bool owning = s.cost.basis == PriceBasis::own;
    // A part nobody sells (TPUs, A10G) needs a rental basis, not a purchase price.
    const char* id = owned_but_not_sold(card, s.cost.basis) ? "not-for-sale"
                     : owning                               ? "no-purchase-price"
                                                            : "no-cloud-price";
    e.warning_details.push_back({id,
                                 {card.name, enum_id(s.cost.basis)},
                                 "cost: " + e.cost.unknown_reason +
                                     "; cost figures are left out (or set " +
                                     (owning ? "cost.purchaseUsd" : "cost.usdPerGpuHour") + ")"});
  }
  if (!e.memory.fits) {
    const bool on_gpu = e.memory.per_gpu_bytes > e.memory.capacity_bytes;
    const double not_bytes = std::nan("");
    e.warning_details.push_back(
        {on_gpu ? "memory-over-capacity" : "memory-over-host-ram",
         on_gpu ? std::vector<std::string>{fmt_bytes(e.memory.per_gpu_bytes), card.name,
                                           fmt_bytes(e.memory.capacity_bytes)}
                : std::vector<std::string>{fmt_bytes(e.memory.host_ram_bytes),
                                           fmt_bytes(s.hardware.host.ram_bytes)},
         "memory: " + e.memory.first_reason,
         on_gpu ? std::vector<double>{e.memory.per_gpu_bytes, not_bytes, e.memory.capacity_bytes}
                : std::vector<double>{e.memory.host_ram_bytes, s.hardware.host.ram_bytes}});
  }
  if (s.mode == Mode::training && s.training.rollout_gpus > 0 && rl_workload(s.training).rollouts) {
    // The separate rollout engine holds the model and the rollouts' KV cache on its own GPUs.
    const MemoryBreakdown engine = memory_breakdown(rollout_scenario(s), e.params);
    if (!engine.fits) {
      e.warning_details.push_back(
          {"rollout-gpus-too-small",
           {std::to_string(s.training.rollout_gpus), fmt_bytes(engine.per_gpu_bytes),
            fmt_bytes(engine.capacity_bytes)},
           "training.rolloutGpus: the rollout engine needs " + fmt_bytes(engine.per_gpu_bytes) +
               " on each of its " + std::to_string(s.training.rollout_gpus) + " GPUs (" +
               fmt_bytes(engine.capacity_bytes) + " usable); give it more GPUs",
           {std::nan(""), engine.per_gpu_bytes, engine.capacity_bytes}});
    }
  }
  for (const Warning& w : e.warning_details) e.warnings.push_back(w.text);
}

}  // namespace

Estimate estimate(const Scenario& scenario, const EstimateOptions& options) {
  Estimate e(normalize(scenario));
  Scenario& s = e.scenario;
  throw_if_invalid(s);
  e.params = count_normalized_params(s.model);
  compute_numbers(s, e, true);
  describe_cost(s, e.cost);
  e.memory.first_reason = memory_shortfall_text(e.memory, s);
  add_warnings(s, e);
  e.rules_of_thumb = rules_of_thumb(e);
  if (options.explain) explain(e);
  return e;
}

void explain(Estimate& e) {
  e.bottleneck_sentence = bottleneck_sentence(e);
  explain_rules_of_thumb(e);
  e.formulas.clear();
  add_formulas(e);
}

}  // namespace sizer
