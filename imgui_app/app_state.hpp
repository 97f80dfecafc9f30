// The app's whole state: inputs (a Scenario), results (an Estimate and the catalog fit table), and
// UI-only state. Widgets edit `inputs` / `ui` and set `dirty`; the engine reruns once per frame
// only when dirty. Drawing code reads results, never computes them.
#pragma once

#include <string>
#include <vector>

#include "logic/custom_gpu.hpp"
#include "logic/file_model_info.hpp"
#include "logic/files_panel_state.hpp"
#include "logic/format.hpp"
#include "logic/plan_inputs.hpp"
#include "logic/plan_rates.hpp"
#include "logic/seed_tables.hpp"
#include "sizer/estimate.hpp"
#include "sizer/solvers.hpp"
#include "sizer/sweep.hpp"

namespace app {

enum class Lang { en, zh };
enum class Theme { system, light, dark };
enum class ModeTab { inference, finetune, pretrain };

struct PinnedConfig {  // Compare: up to four pinned configurations
  std::string label;
  sizer::Scenario inputs;
  sizer::Estimate results;
};

struct UiState {
  Lang lang = Lang::en;
  Theme theme = Theme::system;
  bool dark = true;                               // resolved theme
  fmt::ByteUnits units = fmt::ByteUnits::binary;  // one unit for every memory figure on the page
  ModeTab tab = ModeTab::inference;
  bool narrow = false;       // one-column layout below ~900 CSS px
  float dpr = 1.0f;          // device pixel ratio
  std::string model_filter;  // search text in the model picker
  std::string gpu_filter;
  std::string format_filter;  // search text in the weight-format picker
  std::string kv_format_filter;
  std::string gpu_vendor;  // GPU picker filters: "" = any vendor
  double gpu_min_memory_gb = 0;
  int gpu_kind = 0;  // 0 any, 1 datacenter, 2 consumer (app::GpuKind)
  std::string fit_table_sort = "usdPerMillionTokens";
  bool fit_table_ascending = true;
  std::string custom_config_text;  // pasted config.json
  std::string custom_config_error;
  std::string share_url;    // page address + '#' + the state's share fragment
  std::string status_line;  // last share/copy/paste message
  bool status_is_error = false;
  // Calibrate ("I measured X"): 0 = peak memory in GiB (nvidia-smi), 1 = decode tokens/s.
  int calibrate_kind = 0;
  double calibrate_value = 0;
  std::string calibrate_message;
  bool summary_open_results = false;
  FileModelInfo file_model;         // the file behind a custom model (ui.file* keys of links)
  PlanInputs plan;                  // the Plan view (logic/plan_inputs.hpp)
  CustomGpuForm gpu_form;           // the custom GPU form (logic/custom_gpu.hpp)
  SeedTablePicks seed_table_picks;  // the models and formats of the seed tables view  // the phone
                                    // summary line was tapped: scroll to results
};

struct App {
  sizer::Scenario inputs;
  sizer::Estimate results;
  std::vector<sizer::FitRow> fit;
  sizer::BatchCurve batch_curve;  // the speed chart's curve, from the same inputs as results
  std::vector<sizer::Suggestion> suggestions;
  std::string error;  // why results are stale / invalid (shown instead of numbers)
  UiState ui;
  std::vector<PinnedConfig> pinned;
  FilesPanelState files;  // model files, engine logs, saved work (not in links)
  PlanRun plan;           // the Plan view's last search
  RateCurve plan_rates;   // how the shown plan moves with the request rate (logic/plan_rates.hpp)
  bool dirty = true;
};

// Reruns the engine if dirty (estimate with explanations, batch curve, fit table, suggestions);
// never throws.
void recompute_if_dirty(App& app);

}  // namespace app
