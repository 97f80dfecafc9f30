// The results of one estimate: plain values. Memory figures are per GPU unless named total_.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "sizer/scenario.hpp"

namespace sizer {

struct ParamCounts {
  double total = 0;           // every parameter, all experts
  double active = 0;          // per token (top-k experts + shared); == total for dense models
  double embedding = 0;       // input embedding (+ learned positions)
  double lm_head = 0;         // 0 when tied
  double attention = 0;       // all layers
  double recurrent = 0;       // recurrent mixers (Gated DeltaNet / Mamba) of hybrid models
  double mlp = 0;             // all layers, all experts (+ routers)
  double routed_experts = 0;  // the routed experts' matrices, all MoE layers
  double norms = 0;
  double vision = 0;  // image encoder + projector (in total; kept at 16 bits)
};

struct MemoryBreakdown {  // bytes per GPU (the most loaded one)
  double weights_bytes = 0;
  double kv_cache_bytes = 0;
  double recurrent_state_bytes = 0;  // hybrid models: each sequence's fixed-size state
  double activation_bytes = 0;
  double gradient_bytes = 0;
  double optimizer_bytes = 0;
  double overhead_bytes = 0;         // CUDA context + framework working memory (+ allocator cache)
  double allocator_cache_bytes = 0;  // training: freed blocks PyTorch keeps reserved (in overhead)
  double reserve_bytes = 0;          // engine reserve (memory deliberately left unused)
  // RL (PPO / GRPO): what generating the rollouts holds (their KV cache, a vLLM engine's own
  // weights) beyond the training activations it alternates with.
  double rollout_bytes = 0;
  double per_gpu_bytes = 0;   // sum of the above
  double capacity_bytes = 0;  // usable memory reported by the device
  double headroom_bytes = 0;  // capacity - per_gpu (negative = does not fit)
  double total_bytes = 0;     // over all GPUs (with the rollout engine's)
  // PPO / GRPO on separate rollout GPUs: the rollout engine's memory over all of its GPUs.
  double rollout_engine_bytes = 0;
  double host_ram_bytes = 0;  // CPU RAM needed for offloaded layers / KV / optimizer states
  double nvme_bytes = 0;      // on the NVMe drive: ZeRO-Infinity states, mmap-ed weights past RAM
  bool fits = false;
  std::string first_reason;  // why it does not fit, empty when it fits
};

struct InferenceResult {
  double ttft_seconds = 0;  // prefill of the prompt for one batch
  double prefill_tokens_per_second = 0;
  double decode_tokens_per_second = 0;      // per sequence
  double throughput_tokens_per_second = 0;  // aggregate over the batch
  double decode_step_seconds = 0;
  double decode_memory_seconds = 0;         // reading weights + KV cache at the effective bandwidth
  double decode_compute_seconds = 0;        // decode matmuls at the achievable peak
  double decode_memory_bound_seconds = 0;   // kernels of the step bound by their reads
  double decode_compute_bound_seconds = 0;  // kernels of the step bound by their FLOPs
  double kv_cache_bytes_per_token = 0;      // all layers, one sequence
  double weights_read_bytes_per_step = 0;   // per GPU
  double kv_read_bytes_per_step = 0;        // per GPU, with a hybrid's recurrent state in and out
  double communication_seconds_per_step = 0;
  double image_tokens_per_sequence = 0;    // the images' tokens, part of the prompt
  double vision_encoder_seconds = 0;       // encoding the batch's images, part of the TTFT
  double prefill_dequantize_seconds = 0;   // rebuilding 16-bit weights per chunk, part of TTFT
  double gemm_floor_seconds_per_step = 0;  // block-FP8 GEMMs' floor above the roofline
  double sampling_seconds_per_step = 0;    // sampling on the host between decode steps
  int max_batch = 0;                       // at this context
  int max_context_tokens = 0;              // at this batch, at most the model's trained context
  // Tokens per sequence the memory holds at this batch, whatever the model's trained context
  // (the KV pool vLLM logs as "GPU KV cache size: N tokens", divided by the batch).
  int kv_cache_capacity_tokens = 0;
  double throughput_at_max_batch = 0;
  double decode_arithmetic_intensity = 0;  // FLOPs / byte
  double prefill_arithmetic_intensity = 0;
  double end_to_end_seconds = 0;  // ttft + output tokens
};

struct TrainingResult {
  double flops_per_token = 0;  // 6N (8N with full recompute) + attention
  double total_flops = 0;
  double step_seconds = 0;
  double compute_seconds_per_step = 0;
  double communication_seconds_per_step = 0;
  double rollout_seconds_per_step = 0;  // PPO / GRPO: generating the step's sequences
  double tokens_per_step = 0;
  double tokens_per_second = 0;  // whole job
  double total_hours = 0;
  double gpu_hours = 0;
  double mfu = 0;
  double trainable_params = 0;
  double communication_share = 0;  // of step time
  // What memory allows with everything else fixed (0 = not even 1): the most sequences per
  // micro-batch at this length, and the longest sequence at this micro-batch (at most the
  // model's trained context).
  int max_micro_batch = 0;
  int max_seq_len = 0;
};

struct PriceQuote;  // prices.hpp

// Energy while the plan runs (energy.hpp): GPU boards at TDP x boardPowerFraction. Zeros (null in
// JSON) when the card has no TDP in the catalog or the plan does not fit.
struct EnergyResult {
  double watts = 0;                               // all GPUs' boards
  double joules_per_token = 0;                    // board energy per output (or training) token
  double tokens_per_watt = 0;                     // tokens/s per board watt (= tokens per joule)
  double electricity_usd_per_million_tokens = 0;  // boards x (1 + host overhead) x electricity
};

struct CostResult {         // the USD figures are 0 here and null in JSON when the price is unknown
  double usd_per_hour = 0;  // all GPUs
  double usd_per_million_tokens = 0;  // output tokens (inference) or training tokens
  double total_usd = 0;               // training: gpu_hours * $/GPU-hour
  bool price_known = false;
  std::string unknown_reason;  // why the USD figures are unknown; empty when known
  // Where the $/GPU-hour comes from (prices.hpp, resolve_price).
  double usd_per_gpu_hour = 0;
  std::string basis;  // "gpu-cloud", "hyperscaler", "marketplace", "own", "custom"
  std::string provider;
  std::string price_date;
  std::string price_source;
  // Owning the cards (0 = no purchase price).
  double purchase_usd = 0;  // per card
  double own_usd_per_gpu_hour = 0;
  double power_usd_per_gpu_hour = 0;
  double break_even_months = 0;  // renting this long costs as much as buying; 0 = cannot say
  // Where the words come from (describe_cost); not part of the JSON.
  const PriceQuote* quote = nullptr;
  const char* custom_provider = nullptr;
};

enum class Bottleneck { memory_capacity, memory_bandwidth, compute, communication, host_offload };

struct RuleOfThumb {
  std::string id;     // "fp16-2x-plus-20", "adam-16-bytes", ...
  std::string label;  // the seed's rule in words (explain only)
  double value_bytes = 0;
  double detailed_bytes = 0;  // the matching figure of the detailed estimate
  double value_flops = 0;     // rules about compute (6ND); 0 for memory rules
  double detailed_flops = 0;
  std::string why_different;  // one or two sentences (explain only)
};

// A warning the UI can translate: `id` names the message (key "warning.<id>" in the app's string
// tables), `args` fill its {0}, {1}, ... placeholders, `text` is the English sentence.
// `arg_bytes` keeps the raw figure behind each byte-count argument so a UI can write it in its own
// unit: arg_bytes[i] is the byte count args[i] was written from, or NaN when args[i] is not one;
// empty when no argument is a byte count.
struct Warning {
  std::string id;
  std::vector<std::string> args;
  std::string text;
  std::vector<double> arg_bytes = {};
};

struct Estimate {
  Estimate() = default;
  // estimate() builds its result around the normalized scenario (no default one to overwrite).
  explicit Estimate(Scenario normalized) : scenario(std::move(normalized)) {}

  Scenario scenario;  // normalized inputs the results were computed from
  ParamCounts params;
  MemoryBreakdown memory;
  InferenceResult inference;
  TrainingResult training;
  CostResult cost;
  EnergyResult energy;
  Bottleneck bottleneck = Bottleneck::memory_bandwidth;
  std::string bottleneck_sentence;        // explain only
  double ridge_point_flops_per_byte = 0;  // card peak / bandwidth
  double peak_flops = 0;                  // dense, for the compute dtype in use
  std::vector<RuleOfThumb> rules_of_thumb;
  std::vector<std::string> warnings;     // English sentences (the JS contract)
  std::vector<Warning> warning_details;  // the same warnings, in the same order, translatable
  // Formula with inputs for displayed numbers, keyed by result path ("memory.weightsBytes");
  // explain only.
  std::map<std::string, std::string> formulas;
};

struct EstimateOptions {
  // Also build the explanations: formulas, rule-of-thumb texts, the bottleneck sentence. The
  // numbers are the same either way; searches and sweeps leave this off.
  bool explain = false;
};

// Throws std::invalid_argument with the validate() messages when the scenario is invalid.
Estimate estimate(const Scenario& scenario, const EstimateOptions& options = {});

// Adds the explanations to an estimate computed without them.
void explain(Estimate& e);

}  // namespace sizer
