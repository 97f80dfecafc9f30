// Parameter counts from the architecture fields (see docs/METHOD.md, "Parameters").
#pragma once

#include "sizer/catalog.hpp"
#include "sizer/estimate.hpp"

namespace sizer {

ParamCounts count_params(const ModelArch& model);

// The same for a model normalize_model() has already filled in (a normalized scenario's): no
// copy of the model.
ParamCounts count_normalized_params(const ModelArch& normalized);

// Fills defaults (kv heads, head dim, shared expert width) without changing explicit values.
ModelArch normalize_model(ModelArch m);

}  // namespace sizer
