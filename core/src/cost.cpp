// Cost: cards x cloud $/GPU-hour; per million tokens; training total. Unknown price -> zeros.
#include "sizer/cost.hpp"

#include "engine_internal.hpp"

namespace sizer {

double usd_per_hour(const Gpu& gpu, int gpus) {
  return gpu.cloud_usd_per_gpu_hour > 0 ? gpu.cloud_usd_per_gpu_hour * gpus : 0.0;
}

double usd_per_million_tokens(double usd_per_hour_all, double tokens_per_second) {
  return safe_div(usd_per_hour_all, tokens_per_second * 3600.0) * 1e6;
}

CostResult compute_cost(const Scenario& s, const InferenceResult& inference,
                        const TrainingResult& training) {
  CostResult c;
  const int gpus = total_gpus(s);
  c.price_known = s.hardware.gpu.cloud_usd_per_gpu_hour > 0;
  if (!c.price_known) c.unknown_reason = "no cloud price for " + s.hardware.gpu.name;
  c.usd_per_hour = usd_per_hour(s.hardware.gpu, gpus);
  if (s.mode == Mode::inference) {
    c.usd_per_million_tokens =
        usd_per_million_tokens(c.usd_per_hour, inference.throughput_tokens_per_second);
    // One batch, prompt to last output token.
    c.total_usd = c.usd_per_hour * inference.end_to_end_seconds / 3600.0;
  } else {
    c.usd_per_million_tokens = usd_per_million_tokens(c.usd_per_hour, training.tokens_per_second);
    c.total_usd =
        training.gpu_hours * (c.price_known ? s.hardware.gpu.cloud_usd_per_gpu_hour : 0.0);
  }
  return c;
}

}  // namespace sizer
