// The fit table's row for a custom card. The core's fit_table() covers the catalog; a custom card
// gets the same search here, through the core's public functions: the fewest cards that fit, then
// of the layouts of that many up to twice as many cards (inference: one replica), the one with the
// lowest GPU-seconds per million tokens, priced as the chosen card is (its own prices, the user's
// quote). Pure C++.
#pragma once

#include "sizer/solvers.hpp"

namespace app {

// A row for s.hardware.gpu (gpus 0 when no layout fits up to max_gpus). Never throws.
sizer::FitRow custom_gpu_fit_row(const sizer::Scenario& s, int max_gpus = 64);

}  // namespace app
