// Questions answered by searching over estimate(): largest batch / context that fit, fewest GPUs,
// cheapest format that fits, a fit table over the whole catalog, and one-click fixes.
#pragma once

#include <string>
#include <vector>

#include "sizer/estimate.hpp"
#include "sizer/layouts.hpp"

namespace sizer {

int largest_batch_that_fits(const Scenario& s);    // 0 = not even batch 1
int largest_context_that_fits(const Scenario& s);  // prompt+output tokens at s's batch; 0 = none
int fewest_gpus_that_fit(const Scenario& s, int max_gpus = 64);  // 0 = none up to max_gpus

// Of the splits of `gpus` cards that fit, the one with the lowest cost per token (GPU-seconds per
// million tokens); false when none fits. A new multi-card choice starts from it.
bool best_fitting_layout(const Scenario& s, int gpus, Layout& out);
std::string cheapest_format_that_fits(const Scenario& s);  // "" = none

struct FitRow {
  std::string gpu_id;
  int gpus = 0;  // cards of the chosen layout (0 = none fit up to the limit)
  int tensor_parallel = 0;
  int pipeline_parallel = 0;
  double per_gpu_bytes = 0;
  double capacity_bytes = 0;
  double tokens_per_second = 0;  // inference: aggregate decode; training: job tokens/s
  double gpu_seconds_per_million_tokens = 0;
  bool price_known = false;  // false: the USD figures are 0 here and null in JSON
  double usd_per_hour = 0;
  double usd_per_million_tokens = 0;
  Bottleneck bottleneck = Bottleneck::memory_capacity;
};

// One row per catalog GPU, in catalog order: for each card type, of the layouts that fit (the
// fewest cards up to twice as many, any tensor x pipeline split), the one with the lowest cost
// per token (GPU-seconds per million tokens, so the choice does not need a price).
std::vector<FitRow> fit_table(const Scenario& s, int max_gpus = 64);

struct Suggestion {
  // "split", "recompute", "zero", "quantize", "shorter-context", "smaller-batch", "more-gpus",
  // "lora", "qlora", "offload", "layer-offload"
  std::string id;
  std::string label;  // says exactly what changes, e.g. "Split over the 8 cards: tensor parallel 8"
  Scenario scenario;  // the changed inputs, ready to apply
  bool changes_method = false;  // LoRA / QLoRA instead of the chosen training method
  double per_gpu_bytes = 0;
  double usd_per_hour = 0;
};

// The few changes that make a non-fitting scenario fit (empty if it fits): first a split over the
// cards already chosen, then those that keep the hardware (gradient checkpointing, ZeRO, a
// shorter context or smaller batch, quantizing for inference), then the rest by $/hour. Training
// is never offered an inference-only format; a change of training method is marked.
std::vector<Suggestion> suggestions_to_fit(const Scenario& s, int max_suggestions = 3);

}  // namespace sizer
