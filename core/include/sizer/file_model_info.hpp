// What a model file said about itself ("exact, from the file"): kept beside the custom model it
// became, in storage and in share links (as ui.file* keys), so a shared link still shows the
// file's exact parameter count and weight bytes. No JSON library.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace sizer {

struct FileModelInfo {
  std::string file_name;  // "" = no file behind the current model
  std::string kind;       // sizer::model_file_kind_name: "gguf", "safetensors", ...
  std::uint64_t parameters = 0;
  std::uint64_t weights_bytes = 0;
  bool complete = true;  // false: one part of a split or sharded model (figures cover that part)
  int split_index = 0;   // 1-based part read; 0 = not split
  int split_count = 0;
  bool active() const { return !file_name.empty(); }
};

// The UI keys of the state JSON and share links ("fileName", "fileParameters", ...), all text
// values (exact 64-bit integers do not survive a JSON double). Empty when !info.active().
std::vector<std::pair<std::string, std::string>> file_model_ui_fields(const FileModelInfo& info);

// True for the keys above.
bool is_file_model_ui_key(const std::string& key);

// Reads one of those keys into `info`; false (with `error` naming the key) for a bad value.
bool read_file_model_ui_field(const std::string& key, const std::string& value, FileModelInfo& info,
                              std::string& error);

}  // namespace sizer
