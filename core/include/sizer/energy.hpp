// Energy: board power under load, joules per token, tokens per watt and the electricity per
// million tokens (docs/METHOD.md, "Energy"). The owner's power cost (prices.hpp) uses the same
// board power.
#pragma once

#include "sizer/estimate.hpp"

namespace sizer {

// One board's draw while the plan runs: TDP x boardPowerFraction (0 when the TDP is unknown).
double board_watts_under_load(const Gpu& gpu, const Assumptions& a);

EnergyResult compute_energy(const Scenario& normalized, const InferenceResult& inference,
                            const TrainingResult& training);

}  // namespace sizer
