// What a pasted engine log can calibrate: each offer names the log line, the measured figure, the
// assumption it sets and the value, through the same "I measured X" machinery as the calibrate
// panel (sizer::calibrate) or, where the log states the constant itself (vLLM's
// gpu_memory_utilization), directly. Also the estimate's figure beside each log figure. Pure C++.
#pragma once

#include <string>
#include <vector>

#include "sizer/engine_log.hpp"
#include "sizer/estimate.hpp"

namespace app {

struct LogOffer {
  std::string figure_key;  // sizer::LogFigure::key it comes from
  int line_number = 0;
  double measured = 0;
  std::string assumption_key;  // "engineReserveFraction", "decodeBandwidthEfficiency", ...
  double value = 0;            // the value it would set
  bool ok = false;
  std::string error;  // translated, when !ok
};

// Offers for these inputs (each figure kind once: the first line that has it). Never throws.
std::vector<LogOffer> log_offers(const sizer::EngineLog& log, const sizer::Scenario& s);

// Recomputes `offer` against the current inputs (they may have changed since the log was read)
// and, when it still holds, sets the assumption override. False (offer.error set) otherwise.
bool apply_log_offer(LogOffer& offer, const sizer::EngineLog& log, sizer::Scenario& s);

// "vLLM", "SGLang", "llama.cpp", "llama-bench", "mixed": EngineLog::engine as people write it.
std::string log_engine_name(const std::string& engine);

// "12.5 GiB", "0.9", "96.2 tokens/s": the figure as the log wrote it.
std::string log_figure_text(const sizer::LogFigure& f);

// The estimate's figure for the same quantity ("" when the estimate has none).
std::string estimate_figure_text(const sizer::LogFigure& f, const sizer::Estimate& e);

}  // namespace app
