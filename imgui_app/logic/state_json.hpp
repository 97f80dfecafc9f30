// The app's whole state as one JSON object: the request fields of the JS contract (mode, model,
// gpu, ...) plus the UI fields lang, theme and tab. Used by window.llmSizer.getState/setState,
// localStorage and (through the share-link codec) the URL hash. Pure C++: no ImGui.
#pragma once

#include <string>

#include "app_state.hpp"

namespace app {

const char* lang_id(Lang l);    // "en" / "zh"
const char* theme_id(Theme t);  // "system" / "light" / "dark"
const char* tab_id(ModeTab t);  // "inference" / "finetune" / "pretrain"
const char* units_id(fmt::ByteUnits u);  // "GB" / "GiB"

// {"lang":"zh","theme":"dark","tab":"finetune","units":"GiB"}
std::string ui_to_json(const UiState& ui);

// The full state: the scenario's request JSON with the UI fields added.
std::string state_to_json(const sizer::Scenario& scenario, const UiState& ui);

struct StateMerge {
  bool ok = false;
  sizer::Scenario scenario;
  UiState ui;
  std::string error;  // names the field: "lang: expected \"en\" or \"zh\""
};

// Applies a partial state (any subset of the fields of state_to_json) on top of the current one.
// Request fields go through sizer::scenario_from_request_json, so the error names the field. A
// partial naming a new mode without a tab gets the matching tab. Never throws.
StateMerge merge_state(const sizer::Scenario& scenario, const UiState& ui,
                       const std::string& partial_json);

// Reads the UI fields of `ui_json` (the share link's UI part) into `ui`; unknown or bad values
// are skipped and reported in `error`. Never throws.
bool apply_ui_json(const std::string& ui_json, UiState& ui, std::string& error);

// The mode tab a scenario belongs to (training with LoRA/QLoRA = fine-tune).
ModeTab tab_for(const sizer::Scenario& s, ModeTab current);

}  // namespace app
