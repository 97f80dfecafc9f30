// Error figures per category (median and share within 25% of |error|, MAPE) and the regression
// gate: the leave-one-source-out figures may not get worse than those recorded in
// tests/validation/data/loso-recorded.json.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace validation {

// A row counts as "within" when |error| is at most this many percent.
constexpr double kWithinPct = 25.0;
// Points of median |error| the LOSO median may rise above the recorded one before the gate fails
// (absorbs floating-point and search noise; any real regression moves it by more).
constexpr double kMedianTolerancePts = 0.5;

struct Figures {
  int rows = 0;
  double median_pct = 0;    // median |error| in %
  double within_share = 0;  // share of rows with |error| <= kWithinPct, 0..1
  double mape_pct = 0;
};

Figures figures(const std::vector<double>& errors_pct);

using CategoryFigures = std::map<std::string, Figures>;

// {"categories": {"decode_tps": {"rows": 41, "losoMedianPct": 7.1, "losoWithin25": 0.88}, ...}}
std::string figures_to_json(const CategoryFigures& loso);
// False (and `error` set) when the text is not such a file.
bool figures_from_json(const std::string& text, CategoryFigures& out, std::string& error);

// The figures an issue sets as done for a category (negative: no target for that figure).
struct Target {
  double median_pct = -1;
  double within_share = -1;
  std::string issue;
};
using Targets = std::map<std::string, Target>;
// {"categories": {"decode_tps": {"medianPct": 12, "within25": 0.75, "issue": "8"}}}
bool targets_from_json(const std::string& text, Targets& out, std::string& error);
// "<= 12% median, >= 75% within 25% (issue 8): met" / "... not met"; "" without a target.
std::string describe_target(const Target& t, const Figures& loso);

// One line per category whose figures regressed against `recorded` (median up by more than
// kMedianTolerancePts, within-25% share down), or that is recorded but no longer reported.
// Empty = the gate passes.
std::vector<std::string> regressions(const CategoryFigures& current,
                                     const CategoryFigures& recorded);

}  // namespace validation
