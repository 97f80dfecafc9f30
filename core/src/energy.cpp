// Energy per token from the boards' draw and the plan's token rate.
#include "sizer/energy.hpp"

#include "engine_internal.hpp"
#include "sizer/prices.hpp"

namespace sizer {

double board_watts_under_load(const Gpu& g, const Assumptions& a) {
  return g.tdp_w > 0 ? g.tdp_w * a.board_power_fraction : 0.0;
}

EnergyResult compute_energy(const Scenario& s, const InferenceResult& inference,
                            const TrainingResult& training) {
  EnergyResult r;
  const int gpus = billed_gpus(s);
  const double board = board_watts_under_load(s.hardware.gpu, s.assumptions);
  const double tokens_per_second = s.mode == Mode::inference
                                       ? inference.throughput_tokens_per_second
                                       : training.tokens_per_second;
  if (!(board > 0) || !(tokens_per_second > 0)) return r;
  r.watts = board * gpus;
  r.joules_per_token = r.watts / tokens_per_second;
  r.tokens_per_watt = tokens_per_second / r.watts;
  const double usd_per_hour = power_usd_per_gpu_hour(board, s.cost.own) * gpus;
  r.electricity_usd_per_million_tokens = safe_div(usd_per_hour, tokens_per_second * 3600.0) * 1e6;
  return r;
}

}  // namespace sizer
