// The measured rows of tests/validation/data/ as the validator uses them: each row's scenario
// (request corrections and engine stand-ins applied), the result field it compares, its source
// (for leave-one-source-out) and a way to evaluate it with assumption values set from outside.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "sizer/scenario.hpp"

namespace validation {

struct Row {
  std::string id, category, field, unit, confidence, note;
  std::string set;               // "calibration" or "published"
  std::string source, locator;   // the source URL (the unit left out together) and where in it
  std::string requested_engine;  // the row's own engine name, also when it has a stand-in
  std::string stand_in_reason;   // non-empty when the core has no profile for that engine
  nlohmann::json compare;
  sizer::Scenario scenario;  // parsed once; evaluate() adds the fitted values
  double measured = 0;
  bool bound_check = false;  // "does not fit" rows: pass/fail instead of an error %
};

// A correction to a request the row's own text justifies (RFC 7386 merge patch).
struct RequestPatch {
  std::string id;
  nlohmann::json merge_patch;
  std::string reason;
};

// A profile that runs rows of an engine the core has no profile for yet (used only while the
// core rejects the engine's name, so a new core profile replaces it without editing data).
struct EngineStandIn {
  std::string engine, stand_in, reason;
};

struct RowSet {
  std::vector<Row> rows;
  std::vector<std::pair<std::string, std::string>> skipped;  // id, why
  std::vector<RequestPatch> patches_applied;
  std::vector<EngineStandIn> stand_ins_used;
  std::vector<std::string> failures;  // the runner could not read or evaluate something
};

// Reads the calibration requests (argument path) and, from the same directory, the published
// requests, the CSVs' sources, outlier notes, request patches and engine stand-ins.
RowSet load_rows(const std::string& calibration_requests_path);

// Assumption values to apply, by key, each for the engine profiles listed with it.
struct Override {
  std::string key;
  std::vector<std::string> engines;  // profile ids ("llama.cpp"); the row's profile must be one
  double value = 0;
};

struct Evaluation {
  double value = 0;   // the compared quantity
  bool fits = false;  // memory.fits of the estimate read (bound rows)
};

// The compared quantity with `overrides` applied (a row's own request overrides win).
// Throws std::runtime_error when the estimate cannot be evaluated.
Evaluation evaluate(const Row& row, const std::vector<Override>& overrides);

// Bound rows: the estimate says what the row observed (does not fit, at least the measured size).
bool bound_met(const Row& row, const Evaluation& e);
// Error in percent: (estimate - measured) / measured; bound rows 0 (met) or 100 (missed).
double error_pct(const Row& row, const Evaluation& e);

// A note that starts "Not explained" documents what was checked; the row stays in the MAPE.
bool explained(const Row& row);

// The profile id a row runs with ("vllm" for an SGLang row with a vLLM stand-in).
std::string profile_id(const Row& row);

}  // namespace validation
