// The speed chart's series (throughput and per-user decode speed against batch size) as columns
// for the chart widget, taken from the core's batch curve (sizer::batch_curve), which the app
// computes from the same inputs as the main estimate.
#pragma once

#include <vector>

#include "app_state.hpp"

namespace app::results {

struct BatchSeries {
  std::vector<double> batch;
  std::vector<double> throughput_tokens_per_second;  // aggregate over the batch; NaN = no point
  std::vector<double> decode_tokens_per_second;      // per user
  std::vector<double> per_gpu_bytes;
  int max_batch = 0;  // largest batch that fits at this context
};

BatchSeries batch_series(const sizer::BatchCurve& curve);

}  // namespace app::results
