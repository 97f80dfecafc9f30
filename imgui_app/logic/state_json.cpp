#include "logic/state_json.hpp"

#include "sizer/json.hpp"
#include "sizer/request_json.hpp"

namespace app {
namespace {

using json = sizer::Json;

const char* const k_ui_keys[] = {"lang", "theme", "tab", "units"};

// Sets `ui` from the UI keys of `j`; returns the first problem (empty when all were valid).
std::string read_ui_fields(const json& j, UiState& ui) {
  std::string error;
  auto note = [&](const std::string& e) {
    if (error.empty()) error = e;
  };
  if (auto it = j.find("lang"); it != j.end()) {
    if (*it == "en")
      ui.lang = Lang::en;
    else if (*it == "zh")
      ui.lang = Lang::zh;
    else
      note("lang: expected \"en\" or \"zh\"");
  }
  if (auto it = j.find("theme"); it != j.end()) {
    if (*it == "system")
      ui.theme = Theme::system;
    else if (*it == "light")
      ui.theme = Theme::light;
    else if (*it == "dark")
      ui.theme = Theme::dark;
    else
      note("theme: expected \"system\", \"light\" or \"dark\"");
  }
  if (auto it = j.find("tab"); it != j.end()) {
    if (*it == "inference")
      ui.tab = ModeTab::inference;
    else if (*it == "finetune")
      ui.tab = ModeTab::finetune;
    else if (*it == "pretrain")
      ui.tab = ModeTab::pretrain;
    else
      note("tab: expected \"inference\", \"finetune\" or \"pretrain\"");
  }
  if (auto it = j.find("units"); it != j.end()) {
    if (*it == "GB")
      ui.units = fmt::ByteUnits::decimal;
    else if (*it == "GiB")
      ui.units = fmt::ByteUnits::binary;
    else
      note("units: expected \"GB\" or \"GiB\"");
  }
  for (auto it = j.begin(); it != j.end(); ++it) {  // fileName, fileParameters, ...
    if (!is_file_model_ui_key(it.key())) continue;
    std::string file_error;
    if (!it->is_string() ||
        !read_file_model_ui_field(it.key(), it->get<std::string>(), ui.file_model, file_error))
      note(file_error.empty() ? it.key() + ": expected text" : file_error);
  }
  note(read_plan_fields(j, ui.plan));
  return error;
}

}  // namespace

const char* lang_id(Lang l) { return l == Lang::zh ? "zh" : "en"; }

const char* theme_id(Theme t) {
  switch (t) {
    case Theme::light:
      return "light";
    case Theme::dark:
      return "dark";
    case Theme::system:
      break;
  }
  return "system";
}

const char* tab_id(ModeTab t) {
  switch (t) {
    case ModeTab::finetune:
      return "finetune";
    case ModeTab::pretrain:
      return "pretrain";
    case ModeTab::inference:
      break;
  }
  return "inference";
}

const char* units_id(fmt::ByteUnits u) { return u == fmt::ByteUnits::decimal ? "GB" : "GiB"; }

std::string ui_to_json(const UiState& ui) {
  json j = {{"lang", lang_id(ui.lang)},
            {"theme", theme_id(ui.theme)},
            {"tab", tab_id(ui.tab)},
            {"units", units_id(ui.units)}};
  for (const auto& [key, value] : file_model_ui_fields(ui.file_model)) j[key] = value;
  write_plan_fields(ui.plan, j);
  return j.dump();
}

std::string state_to_json(const sizer::Scenario& scenario, const UiState& ui) {
  json j = json::parse(sizer::scenario_to_request_json(scenario));
  if (!j.is_object()) j = json::object();
  j.update(json::parse(ui_to_json(ui)));
  return j.dump();
}

ModeTab tab_for(const sizer::Scenario& s, ModeTab current) {
  if (s.mode == sizer::Mode::inference) return ModeTab::inference;
  if (s.training.method != sizer::TrainingMethod::full) return ModeTab::finetune;
  return current == ModeTab::inference ? ModeTab::pretrain : current;
}

StateMerge merge_state(const sizer::Scenario& scenario, const UiState& ui,
                       const std::string& partial_json) {
  StateMerge out;
  out.scenario = scenario;
  out.ui = ui;
  json partial = json::parse(partial_json);
  if (partial.is_discarded() || !partial.is_object()) {
    out.error = "state: expected a JSON object";
    return out;
  }
  std::string ui_error = read_ui_fields(partial, out.ui);
  if (!ui_error.empty()) {
    out.error = ui_error;
    return out;
  }
  json request_part = partial;
  for (const char* key : k_ui_keys) request_part.erase(key);
  for (auto it = partial.begin(); it != partial.end(); ++it)
    if (is_file_model_ui_key(it.key()) || is_plan_key(it.key())) request_part.erase(it.key());
  if (!request_part.empty()) {
    json request = json::parse(sizer::scenario_to_request_json(scenario));
    if (!request.is_object()) request = json::object();
    // Top-level keys replace whole values: a partial naming a catalog model drops a stale custom
    // architecture instead of mixing the two.
    for (auto it = request_part.begin(); it != request_part.end(); ++it) {
      request[it.key()] = it.value();
    }
    sizer::RequestResult parsed = sizer::scenario_from_request_json(request.dump());
    if (!parsed.ok) {
      out.error = parsed.error;
      return out;
    }
    out.scenario = parsed.scenario;
    if (partial.find("tab") == partial.end()) out.ui.tab = tab_for(out.scenario, ui.tab);
  }
  out.ok = true;
  return out;
}

bool apply_ui_json(const std::string& ui_json, UiState& ui, std::string& error) {
  if (ui_json.empty()) return true;
  json j = json::parse(ui_json);
  if (j.is_discarded() || !j.is_object()) {
    error = "ui: expected a JSON object";
    return false;
  }
  error = read_ui_fields(j, ui);
  return error.empty();
}

}  // namespace app
