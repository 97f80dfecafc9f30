#include "sizer/saved_work.hpp"

#include "json_read.hpp"
#include "sizer/request_json.hpp"

namespace sizer {

const char* const k_saved_work_key = "llm-sizer-saved";
const char* const k_saved_work_aside_key = "llm-sizer-saved-aside";
const char* const k_saved_work_schema = "llm-sizer/saved-work";

namespace {

using json = json_in::json;

constexpr std::size_t k_max_name_chars = 200;
constexpr std::size_t k_max_items = 1000;

using json_in::dump;

// configs[2] ("big box")
std::string item_label(const char* list, std::size_t i, const json& item) {
  std::string label = std::string(list) + "[" + std::to_string(i) + "]";
  if (item.is_object()) {
    auto it = item.find("name");
    if (it != item.end() && it->is_string())
      label += " (\"" + it->get<std::string>().substr(0, 60) + "\")";
  }
  return label;
}

// The item's name, or why it has none.
std::string read_name(const json& item, std::string& name) {
  if (!item.is_object()) return "expected an object";
  auto it = item.find("name");
  if (it == item.end() || !it->is_string()) return "name: expected text";
  name = it->get<std::string>();
  if (name.empty()) return "name: empty";
  if (name.size() > k_max_name_chars) return "name: longer than 200 characters";
  return "";
}

// A state as saved: the app must be able to restore it.
std::string check_config(const json& item, const SavedWorkChecks& checks, SavedConfig& out) {
  std::string problem = read_name(item, out.name);
  if (!problem.empty()) return problem;
  auto state = item.find("state");
  if (state == item.end() || !state->is_object()) return "state: expected an object";
  out.state_json = dump(*state);
  if (!checks.state) return "";
  problem = checks.state(out.state_json);
  return problem.empty() ? "" : "state: " + problem;
}

std::string check_model(const json& item, SavedModel& out) {
  std::string problem = read_name(item, out.name);
  if (!problem.empty()) return problem;
  auto model = item.find("model");
  if (model == item.end() || !(model->is_object() || model->is_string()))
    return "model: expected a catalog id or an object";
  out.model_json = dump(*model);
  const RequestResult r = scenario_from_request_json(dump(json{{"model", *model}}));
  if (!r.ok) return r.error;
  auto file = item.find("file");
  if (file != item.end()) {
    if (!file->is_object()) return "file: expected an object";
    for (auto it = file->begin(); it != file->end(); ++it) {
      if (!it.value().is_string()) return "file." + it.key() + ": expected text";
      std::string error;
      if (!read_file_model_ui_field(it.key(), it.value().get<std::string>(), out.file, error))
        return "file." + error;
    }
  }
  return "";
}

std::string check_gpu(const json& item, SavedGpu& out) {
  std::string problem = read_name(item, out.name);
  if (!problem.empty()) return problem;
  auto gpu = item.find("gpu");
  if (gpu == item.end() || !gpu->is_object()) return "gpu: expected an object";
  out.gpu_json = dump(*gpu);
  const RequestResult r = scenario_from_request_json(dump(json{{"gpu", *gpu}}));
  if (!r.ok) return r.error;
  return "";
}

template <class Item, class Check>
void read_list(const json& root, const char* list, Check check, std::vector<Item>& out,
               std::vector<SetAside>& aside) {
  auto it = root.find(list);
  if (it == root.end()) return;
  if (!it->is_array()) {
    aside.push_back({std::string(list) + ": expected a list", dump(*it)});
    return;
  }
  for (std::size_t i = 0; i < it->size(); ++i) {
    const json& item = (*it)[i];
    if (out.size() >= k_max_items) {
      aside.push_back({item_label(list, i, item) + ": more than 1000 items", dump(item)});
      continue;
    }
    Item read;
    const std::string problem = check(item, read);
    if (problem.empty())
      out.push_back(std::move(read));
    else
      aside.push_back({item_label(list, i, item) + ": " + problem, dump(item)});
  }
}

}  // namespace

SavedWorkRead read_saved_work(const std::string& text, const SavedWorkChecks& checks) {
  SavedWorkRead out;
  if (text.empty()) return out;
  if (!json_depth_within(text, kMaxJsonDepth)) {
    out.set_aside.push_back({"not LLM Sizer saved work: nested too deeply", text});
    return out;
  }
  const json root = json::parse(text);
  if (root.is_discarded()) {
    out.set_aside.push_back({"not valid JSON (corrupted?)", text});
    return out;
  }
  auto schema = root.is_object() ? root.find("schema") : json::const_iterator();
  if (!root.is_object() || schema == root.end() || *schema != k_saved_work_schema) {
    out.set_aside.push_back(
        {"not LLM Sizer saved work (no \"schema\": \"llm-sizer/saved-work\")", text});
    return out;
  }
  auto version = root.find("version");
  if (version == root.end() || !version->is_number_integer()) {
    out.set_aside.push_back({"saved work without a version number", text});
    return out;
  }
  const long long v = version->get<long long>();
  if (v != k_saved_work_version) {
    out.set_aside.push_back({"saved work of schema version " + std::to_string(v) +
                                 " (this version reads " + std::to_string(k_saved_work_version) +
                                 (v > k_saved_work_version ? "; a newer LLM Sizer wrote it)"
                                                           : "; an older LLM Sizer wrote it)"),
                             text});
    return out;
  }
  read_list(
      root, "configs",
      [&](const json& item, SavedConfig& c) { return check_config(item, checks, c); },
      out.work.configs, out.set_aside);
  read_list(root, "models", check_model, out.work.models, out.set_aside);
  read_list(root, "gpus", check_gpu, out.work.gpus, out.set_aside);
  return out;
}

std::string write_saved_work(const SavedWork& work) {
  json configs = json::array();
  for (const SavedConfig& c : work.configs) {
    json state = json::parse(c.state_json);
    configs.push_back({{"name", c.name}, {"state", state.is_object() ? state : json::object()}});
  }
  json models = json::array();
  for (const SavedModel& m : work.models) {
    json model = json::parse(m.model_json);
    json item = {{"name", m.name}, {"model", model.is_discarded() ? json::object() : model}};
    if (m.file.active()) {
      json file = json::object();
      for (const auto& [key, value] : file_model_ui_fields(m.file)) file[key] = value;
      item["file"] = file;
    }
    models.push_back(item);
  }
  json gpus = json::array();
  for (const SavedGpu& g : work.gpus) {
    json gpu = json::parse(g.gpu_json);
    gpus.push_back({{"name", g.name}, {"gpu", gpu.is_object() ? gpu : json::object()}});
  }
  return dump({{"schema", k_saved_work_schema},
               {"version", k_saved_work_version},
               {"configs", configs},
               {"models", models},
               {"gpus", gpus}});
}

std::string append_set_aside(const std::string& store_text, const std::vector<SetAside>& items) {
  json store = json::array();
  if (!store_text.empty()) {
    json old = json::parse(store_text);
    if (old.is_array())
      store = old;
    else
      store.push_back(
          {{"reason", "earlier set-aside data that was not a list"}, {"data", store_text}});
  }
  for (const SetAside& item : items)
    store.push_back({{"reason", item.reason}, {"data", item.data}});
  return dump(store);
}

std::string unique_name(const std::vector<std::string>& taken, const std::string& wanted) {
  auto is_taken = [&](const std::string& n) {
    for (const std::string& t : taken)
      if (t == n) return true;
    return false;
  };
  if (!is_taken(wanted)) return wanted;
  for (int i = 2;; ++i) {
    std::string candidate = wanted + " (" + std::to_string(i) + ")";
    if (!is_taken(candidate)) return candidate;
  }
}

namespace {

template <class Item, class Same>
void merge_list(std::vector<Item>& into, const std::vector<Item>& incoming, Same same,
                SavedWorkMerge& out) {
  for (const Item& item : incoming) {
    std::vector<std::string> taken;
    bool duplicate = false;
    for (const Item& have : into) {
      taken.push_back(have.name);
      if (have.name == item.name && same(have, item)) duplicate = true;
    }
    if (duplicate) {
      ++out.identical;
      continue;
    }
    Item added = item;
    added.name = unique_name(taken, item.name);
    if (added.name != item.name) out.renamed.push_back(item.name + " -> " + added.name);
    into.push_back(std::move(added));
    ++out.added;
  }
}

}  // namespace

SavedWorkMerge merge_saved_work(const SavedWork& current, const SavedWork& incoming) {
  SavedWorkMerge out;
  out.merged = current;
  merge_list(
      out.merged.configs, incoming.configs,
      [](const SavedConfig& a, const SavedConfig& b) { return a.state_json == b.state_json; }, out);
  merge_list(
      out.merged.models, incoming.models,
      [](const SavedModel& a, const SavedModel& b) { return a.model_json == b.model_json; }, out);
  merge_list(
      out.merged.gpus, incoming.gpus,
      [](const SavedGpu& a, const SavedGpu& b) { return a.gpu_json == b.gpu_json; }, out);
  return out;
}

}  // namespace sizer
