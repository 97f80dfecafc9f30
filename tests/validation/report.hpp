// docs/VALIDATION.md: per-category in-sample and leave-one-source-out figures, the refitted
// constants beside the values the core ships, every row, the outliers and the corrections.
#pragma once

#include <string>

#include "gate.hpp"
#include "refit.hpp"
#include "rows.hpp"

namespace validation {

// The LOSO figures per category (what the gate compares).
CategoryFigures loso_figures(const RowSet& set, const RefitOutcome& outcome);

std::string report_markdown(const RowSet& set, const std::vector<FittedConstant>& constants,
                            const std::vector<UndeclaredConstant>& undeclared,
                            const Targets& targets, const RefitOutcome& outcome,
                            const std::vector<std::string>& failures);

}  // namespace validation
