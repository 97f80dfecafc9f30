// A model known only by its size ("a 7B dense model", "30B MoE with 3B active"): the shapes of
// the catalog model closest in size (same family when one is named, dense or MoE as asked),
// with its layer count scaled to the size asked for. A labelled estimate, not that model's
// architecture (docs/METHOD.md, "Parameters").
#pragma once

#include <string>

#include "sizer/catalog.hpp"

namespace sizer {

// True when `m` gives a size and no shapes (no hiddenSize, no numLayers).
bool needs_shape_from_size(const ModelArch& m);

// Fills the shapes of `m` from the closest catalog model; `note` says which and how. False (with
// `note` saying why) when no catalog model qualifies.
bool shape_from_size(ModelArch& m, std::string& note);

}  // namespace sizer
