// Saved work: named configurations, custom models and custom GPUs, kept in localStorage under a
// versioned schema and exported / imported as one JSON file of the same shape:
//   {"schema": "llm-sizer/saved-work", "version": 1,
//    "configs": [{"name": "...", "state": {state_to_json}}],
//    "models":  [{"name": "...", "model": {"arch": {...}}, "file": {"fileName": "...", ...}}],
//    "gpus":    [{"name": "...", "gpu": {gpu_to_json}}]}
// Reading never throws and never drops data: a file that is not this schema, or of another
// version, is set aside whole; an item that does not read is set aside alone and the rest loads.
// Set-aside data goes to its own storage key (append_set_aside), never deleted.
// The core reads the envelope, names, models (the request's "model"), GPUs (its "gpu") and file
// facts; a configuration's state also carries the app's UI fields, so the app says whether a
// state restores (SavedWorkChecks::state).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "sizer/file_model_info.hpp"

namespace sizer {

extern const char* const k_saved_work_key;        // "llm-sizer-saved"
extern const char* const k_saved_work_aside_key;  // "llm-sizer-saved-aside"
extern const char* const k_saved_work_schema;     // "llm-sizer/saved-work"
constexpr int k_saved_work_version = 1;

struct SavedConfig {
  std::string name;
  std::string state_json;  // state_to_json: request fields + UI fields
};
struct SavedModel {
  std::string name;
  std::string model_json;  // the request's "model" value: {"arch": {...}} (or a catalog id)
  FileModelInfo file;      // what its file said, when it came from one
};
struct SavedGpu {
  std::string name;
  std::string gpu_json;  // the request's "gpu" object (gpu_to_json)
};

struct SavedWork {
  std::vector<SavedConfig> configs;
  std::vector<SavedModel> models;
  std::vector<SavedGpu> gpus;
  bool empty() const { return configs.empty() && models.empty() && gpus.empty(); }
};

struct SetAside {
  std::string reason;  // English, names the item: "configs[2] (\"big box\"): gpuCount: ..."
  std::string data;    // the JSON text that was not used, unchanged
};

struct SavedWorkRead {
  SavedWork work;
  std::vector<SetAside> set_aside;  // empty when everything read
};

struct SavedWorkChecks {
  // "" when a configuration's state JSON restores, else why not. Unset: any JSON object does.
  std::function<std::string(const std::string& state_json)> state;
};

// Reads storage text or an imported file. "" reads as empty saved work.
SavedWorkRead read_saved_work(const std::string& text, const SavedWorkChecks& checks = {});
std::string write_saved_work(const SavedWork& work);

// The set-aside store (a JSON array of {"reason", "data"}) with `items` appended. Whatever the
// store held before is kept, even when it is not such an array.
std::string append_set_aside(const std::string& store_text, const std::vector<SetAside>& items);

// `wanted`, or "wanted (2)", "wanted (3)"... whichever is not in `taken`.
std::string unique_name(const std::vector<std::string>& taken, const std::string& wanted);

struct SavedWorkMerge {
  SavedWork merged;
  int added = 0;
  int identical = 0;                 // already there with the same name and content: skipped
  std::vector<std::string> renamed;  // "name -> name (2)": an item of that name already existed
};
// Adds `incoming` to `current` without overwriting anything: an item whose name is taken by a
// different item is added under a new name.
SavedWorkMerge merge_saved_work(const SavedWork& current, const SavedWork& incoming);

}  // namespace sizer
