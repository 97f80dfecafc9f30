// The constants the core says it fitted on measured rows (declared once in
// tests/validation/data/fitted-constants.json), refitted by a 1-D search each, and the
// leave-one-source-out scores: every source's rows estimated with the constants refitted
// without that source's rows. Constants that are not declared keep the value the core ships.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "rows.hpp"

namespace validation {

struct FittedConstant {
  std::string key;                   // assumption field name, as in a request's "assumptions"
  std::vector<std::string> engines;  // the profiles whose value this is (they share one value)
  std::string group;                 // constants fitted together (coordinate descent)
  std::vector<std::string> fit_categories;  // rows that fit it: these categories...
  std::vector<std::string> fit_engines;     // ...measured with these engines (the row's own)
  std::vector<std::string> claimed_rows;  // the rows the core's source text names ("M-001..M-033")
  std::string claim;                      // that source text, quoted
  double lo = 0, hi = 0;                  // search range
  double shipped = 0;                     // the core's value (default_assumptions)
};

// Reads the declarations; each shipped value comes from the core. Problems go to `failures`.
std::vector<FittedConstant> load_constants(const std::string& path,
                                           std::vector<std::string>& failures);

// A constant whose source text mentions rows but that is not a fit of the rows using it, with
// the reason (the "notDeclared" list of the same file; shown in the report).
struct UndeclaredConstant {
  std::string key, engines, why;
};
std::vector<UndeclaredConstant> load_undeclared(const std::string& path);

// "M-010" matches "M-010", "M-001..M-033" and "P-*".
bool id_matches(const std::string& id, const std::string& pattern);

// Minimum of f on [lo, hi]: a scan of `grid` points, then golden-section search around the best.
double minimize_1d(const std::function<double(double)>& f, double lo, double hi, int grid = 41,
                   int golden_steps = 30);

// Median of |ln(estimate / measured)| (the fit objective; a non-positive estimate counts 10).
double median_abs_log_error(const std::vector<double>& estimates,
                            const std::vector<double>& measured);

struct RefitOutcome {
  std::vector<Evaluation> in_sample;  // per row, shipped constants
  std::vector<Evaluation> loso;       // per row, constants fitted without the row's source
  std::vector<bool> loso_shipped;     // a constant for the row had no other source: shipped kept
  std::vector<std::vector<std::size_t>> fit_rows;  // per constant, indices into rows
  std::vector<double> refit_all;                   // per constant, fitted on all its rows
  std::vector<double> refit_claimed;  // per constant, fitted on the rows the core names (NaN: none)
  std::vector<int> claimed_count;
  std::vector<std::string> failures;  // rows that could not be evaluated
};

RefitOutcome refit_and_score(const std::vector<Row>& rows,
                             const std::vector<FittedConstant>& constants);

}  // namespace validation
