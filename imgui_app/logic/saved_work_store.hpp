// The saved work of the page (logic/saved_work.hpp) in localStorage, and what the panel does
// with it: save / load / rename / delete configurations, keep custom models and GPUs, export
// everything as one file and import such a file (never overwriting: a taken name gets " (2)").
// Every outcome is a sentence in app.files.saved_notice. Storage through platform.hpp.
#pragma once

#include <cstddef>
#include <string>

#include "app_state.hpp"

namespace app {

// Reads storage once. Data that does not read is moved to the set-aside key (never deleted) and
// the notice says so; the rest loads.
void load_saved_work(App& app);

// "" -> a name from the model and hardware ("Llama 3.1 8B on 1x RTX 4090").
void save_current_config(App& app, const std::string& name);
bool load_saved_config(App& app, std::size_t index);
void rename_saved_config(App& app, std::size_t index, const std::string& name);
void delete_saved_config(App& app, std::size_t index);

// The current model / GPU when they are not catalog entries (a file, a config.json, a link).
bool can_save_current_model(const App& app);
bool can_save_current_gpu(const App& app);
void save_current_model(App& app);
void save_current_gpu(App& app);
bool use_saved_model(App& app, std::size_t index);
bool use_saved_gpu(App& app, std::size_t index);
void delete_saved_model(App& app, std::size_t index);
void delete_saved_gpu(App& app, std::size_t index);

std::string export_saved_work(const App& app);
// True when `text` claims to be saved work (the import path; other JSON is a model file).
bool looks_like_saved_work(const std::string& text);
void import_saved_work(App& app, const std::string& text);

}  // namespace app
