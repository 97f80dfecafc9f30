// Cost (docs/METHOD.md, "Cost"). Unknown prices give price_known false and zeros, never NaN.
#pragma once

#include "sizer/estimate.hpp"

namespace sizer {

// $/hour / (tokens/s x 3600) x 1e6; 0 when either is unknown.
double usd_per_million_tokens(double usd_per_hour_all, double tokens_per_second);

// The numbers only (searches call it for every candidate); describe_cost() adds the provider,
// date, source and the reason a price is unknown.
CostResult compute_cost(const Scenario& normalized, const InferenceResult& inference,
                        const TrainingResult& training);

void describe_cost(const Scenario& normalized, CostResult& cost);

}  // namespace sizer
