// Throughput and per-user decode speed against batch size, for the speed chart. The Estimate holds
// one batch size; this evaluates the engine at a handful of others (powers of two up to past the
// memory limit), cached until the inputs change, so drawing stays cheap.
#pragma once

#include <vector>

#include "app_state.hpp"

namespace app::results {

struct BatchSeries {
  std::vector<double> batch;
  std::vector<double> throughput_tokens_per_second;  // aggregate over the batch
  std::vector<double> decode_tokens_per_second;      // per user
  std::vector<double> per_gpu_bytes;
  int max_batch = 0;  // largest batch that fits at this context (from the main estimate)
};

// The series for app.inputs (inference mode); recomputed only when the inputs changed.
const BatchSeries& batch_series(const App& app);

}  // namespace app::results
