#include "logic/saved_work_store.hpp"

#include <exception>

#include "logic/i18n.hpp"
#include "logic/state_json.hpp"
#include "platform.hpp"
#include "sizer/catalog.hpp"
#include "sizer/json.hpp"
#include "sizer/request_json.hpp"

namespace app {
namespace {

using json = sizer::Json;

void notice(App& app, const std::string& text, bool error) {
  app.files.saved_notice = text;
  app.files.saved_notice_is_error = error;
}

bool store(App& app) {
  if (platform::storage_set(k_saved_work_key, write_saved_work(app.files.saved))) return true;
  notice(app, tr("saved.no_storage"), true);
  return false;
}

// Moves data that did not read to the set-aside key; the sentence for the notice.
std::string set_aside(const std::vector<SetAside>& items) {
  if (items.empty()) return "";
  const std::string before = platform::storage_get(k_saved_work_aside_key);
  const bool kept = platform::storage_set(k_saved_work_aside_key, append_set_aside(before, items));
  std::string text = trf(kept ? "saved.set_aside" : "saved.set_aside_failed",
                         {std::to_string(items.size()), k_saved_work_aside_key});
  text += " " + items.front().reason;
  if (items.size() > 1) text += " " + trf("saved.and_more", {std::to_string(items.size() - 1)});
  return text;
}

template <class Item>
std::vector<std::string> names_of(const std::vector<Item>& items) {
  std::vector<std::string> names;
  for (const Item& i : items) names.push_back(i.name);
  return names;
}

std::string model_name(const sizer::Scenario& s) {
  return s.model.name.empty() ? s.model.id : s.model.name;
}
std::string gpu_name_of(const sizer::Scenario& s) {
  return s.hardware.gpu.name.empty() ? s.hardware.gpu.id : s.hardware.gpu.name;
}

// One value of the current request ("model", "gpu"), as JSON text.
std::string request_value(const sizer::Scenario& s, const char* key) {
  const json request = json::parse(sizer::scenario_to_request_json(s));
  if (!request.is_object() || !request.contains(key)) return "";
  return request[key].dump();
}

// Applies a partial state; false (notice set) when it does not apply.
bool apply_partial(App& app, const std::string& partial, bool keep_view) {
  StateMerge m;
  try {
    m = merge_state(app.inputs, app.ui, partial);
  } catch (const std::exception& e) {
    m.error = e.what();
  }
  if (!m.ok) {
    notice(app, trf("saved.not_applied", {m.error}), true);
    return false;
  }
  if (keep_view) {  // a saved configuration does not switch the language, theme or units
    m.ui.lang = app.ui.lang;
    m.ui.theme = app.ui.theme;
    m.ui.units = app.ui.units;
  }
  app.inputs = m.scenario;
  app.ui = m.ui;
  app.dirty = true;
  return true;
}

}  // namespace

void load_saved_work(App& app) {
  FilesPanelState& f = app.files;
  if (f.saved_loaded) return;
  f.saved_loaded = true;
  const SavedWorkRead read = read_saved_work(platform::storage_get(k_saved_work_key));
  f.saved = read.work;
  if (!read.set_aside.empty()) {
    notice(app, set_aside(read.set_aside), true);
    store(app);  // what did read stays; what did not is under the set-aside key
  }
}

void save_current_config(App& app, const std::string& name) {
  std::string wanted = name;
  if (wanted.find_first_not_of(' ') == std::string::npos)
    wanted = trf("saved.default_name", {model_name(app.inputs), gpu_name_of(app.inputs)});
  std::string state;
  try {
    state = state_to_json(app.inputs, app.ui);
  } catch (const std::exception& e) {
    notice(app, trf("saved.not_saved", {e.what()}), true);
    return;
  }
  const std::string unique = unique_name(names_of(app.files.saved.configs), wanted);
  app.files.saved.configs.push_back({unique, state});
  if (store(app)) notice(app, trf("saved.saved", {unique}), false);
}

bool load_saved_config(App& app, std::size_t index) {
  if (index >= app.files.saved.configs.size()) return false;
  const SavedConfig& c = app.files.saved.configs[index];
  const UiState before = app.ui;
  if (c.state_json.find("\"fileName\"") == std::string::npos) app.ui.file_model = {};
  if (!apply_partial(app, c.state_json, true)) {
    app.ui = before;
    return false;
  }
  notice(app, trf("saved.loaded", {c.name}), false);
  return true;
}

void rename_saved_config(App& app, std::size_t index, const std::string& name) {
  std::vector<SavedConfig>& configs = app.files.saved.configs;
  if (index >= configs.size()) return;
  if (name.find_first_not_of(' ') == std::string::npos || name == configs[index].name) return;
  std::vector<std::string> others;
  for (std::size_t i = 0; i < configs.size(); ++i)
    if (i != index) others.push_back(configs[i].name);
  const std::string old_name = configs[index].name;
  configs[index].name = unique_name(others, name);
  if (store(app)) notice(app, trf("saved.renamed", {old_name, configs[index].name}), false);
}

void delete_saved_config(App& app, std::size_t index) {
  std::vector<SavedConfig>& configs = app.files.saved.configs;
  if (index >= configs.size()) return;
  const std::string name = configs[index].name;
  configs.erase(configs.begin() + static_cast<std::ptrdiff_t>(index));
  if (store(app)) notice(app, trf("saved.deleted", {name}), false);
}

bool can_save_current_model(const App& app) {
  return sizer::find_model(app.inputs.model.id) == nullptr;
}
bool can_save_current_gpu(const App& app) {
  return sizer::find_gpu(app.inputs.hardware.gpu.id) == nullptr;
}

void save_current_model(App& app) {
  const std::string model = request_value(app.inputs, "model");
  if (model.empty()) return;
  std::vector<SavedModel>& models = app.files.saved.models;
  const std::string name = unique_name(names_of(models), model_name(app.inputs));
  models.push_back({name, model, app.ui.file_model});
  if (store(app)) notice(app, trf("saved.model_saved", {name}), false);
}

void save_current_gpu(App& app) {
  const std::string gpu = request_value(app.inputs, "gpu");
  if (gpu.empty()) return;
  std::vector<SavedGpu>& gpus = app.files.saved.gpus;
  const std::string name = unique_name(names_of(gpus), gpu_name_of(app.inputs));
  gpus.push_back({name, gpu});
  if (store(app)) notice(app, trf("saved.gpu_saved", {name}), false);
}

bool use_saved_model(App& app, std::size_t index) {
  if (index >= app.files.saved.models.size()) return false;
  const SavedModel& m = app.files.saved.models[index];
  if (!apply_partial(app, "{\"model\":" + m.model_json + "}", true)) return false;
  app.ui.file_model = m.file;
  notice(app, trf("saved.model_used", {m.name}), false);
  return true;
}

bool use_saved_gpu(App& app, std::size_t index) {
  if (index >= app.files.saved.gpus.size()) return false;
  const SavedGpu& g = app.files.saved.gpus[index];
  if (!apply_partial(app, "{\"gpu\":" + g.gpu_json + "}", true)) return false;
  notice(app, trf("saved.gpu_used", {g.name}), false);
  return true;
}

void delete_saved_model(App& app, std::size_t index) {
  std::vector<SavedModel>& models = app.files.saved.models;
  if (index >= models.size()) return;
  const std::string name = models[index].name;
  models.erase(models.begin() + static_cast<std::ptrdiff_t>(index));
  if (store(app)) notice(app, trf("saved.deleted", {name}), false);
}

void delete_saved_gpu(App& app, std::size_t index) {
  std::vector<SavedGpu>& gpus = app.files.saved.gpus;
  if (index >= gpus.size()) return;
  const std::string name = gpus[index].name;
  gpus.erase(gpus.begin() + static_cast<std::ptrdiff_t>(index));
  if (store(app)) notice(app, trf("saved.deleted", {name}), false);
}

std::string export_saved_work(const App& app) { return write_saved_work(app.files.saved); }

bool looks_like_saved_work(const std::string& text) {
  return text.find(k_saved_work_schema) != std::string::npos &&
         text.find("\"schema\"") != std::string::npos;
}

void import_saved_work(App& app, const std::string& text) {
  const SavedWorkRead read = read_saved_work(text);
  if (read.work.empty() && !read.set_aside.empty()) {
    notice(app, trf("saved.import_failed", {read.set_aside.front().reason}), true);
    return;
  }
  const SavedWorkMerge merge = merge_saved_work(app.files.saved, read.work);
  app.files.saved = merge.merged;
  if (!store(app)) return;
  std::string text_out = trf("saved.imported", {std::to_string(merge.added)});
  if (merge.identical > 0)
    text_out += " " + trf("saved.import_identical", {std::to_string(merge.identical)});
  for (const std::string& r : merge.renamed) text_out += " " + trf("saved.import_renamed", {r});
  if (!read.set_aside.empty())
    text_out += " " + trf("saved.import_skipped",
                          {std::to_string(read.set_aside.size()), read.set_aside.front().reason});
  notice(app, text_out, !read.set_aside.empty());
}

}  // namespace app
