// "Copy report": the inputs, memory table, speed, cost and verdict of the current estimate as
// Markdown (for the clipboard) and as a plain printable HTML page; the catalog fit table as CSV;
// and the page title (model, hardware, verdict). All read app.results, never compute. Pure C++.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "app_state.hpp"

namespace app {

struct ReportSection {
  std::string title;
  std::vector<std::pair<std::string, std::string>> rows;  // label, value
};

// The report in the current language; one "error" section when there are no results.
std::vector<ReportSection> report_sections(const App& app);
std::string report_markdown(const App& app);
std::string report_html(const App& app);  // no scripts, no styles: HTML attributes only

// One row per catalog GPU: gpu,name,gpus,tensorParallel,pipelineParallel,perGpuBytes,...
// Numbers as plain decimals (bytes exact), empty cells for unknown prices.
std::string fit_table_csv(const App& app);

// The planner's ranked plans, one row each, columns = the plan record's fields (web/sizer.d.ts
// PlanRow) in rank order; empty cells for unknown prices.
std::string plan_csv(const sizer::PlanResult& result);

// "Llama 3.1 8B · 1x RTX 4090 · fits – LLM Sizer"
std::string page_title(const App& app);

// A one-line verdict: "fits" / "does not fit" (translated), "" when there are no results.
std::string verdict_word(const App& app);

}  // namespace app
