#include "sizer/file_model_info.hpp"

#include <cstdlib>

namespace sizer {
namespace {

const char* const k_keys[] = {"fileName",         "fileKind", "fileParameters",
                              "fileWeightsBytes", "filePart", "fileComplete"};

// Decimal digits only, at most 20 of them, no overflow.
bool parse_u64(const std::string& text, std::uint64_t& out) {
  if (text.empty() || text.size() > 20) return false;
  std::uint64_t v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    const std::uint64_t digit = static_cast<std::uint64_t>(c - '0');
    if (v > (UINT64_MAX - digit) / 10) return false;
    v = v * 10 + digit;
  }
  out = v;
  return true;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> file_model_ui_fields(const FileModelInfo& info) {
  if (!info.active()) return {};
  std::vector<std::pair<std::string, std::string>> out = {
      {"fileName", info.file_name},
      {"fileKind", info.kind},
      {"fileParameters", std::to_string(info.parameters)},
      {"fileWeightsBytes", std::to_string(info.weights_bytes)},
      {"fileComplete", info.complete ? "true" : "false"}};
  if (info.split_count > 0)
    out.emplace_back("filePart",
                     std::to_string(info.split_index) + "/" + std::to_string(info.split_count));
  return out;
}

bool is_file_model_ui_key(const std::string& key) {
  for (const char* k : k_keys)
    if (key == k) return true;
  return false;
}

bool read_file_model_ui_field(const std::string& key, const std::string& value, FileModelInfo& info,
                              std::string& error) {
  if (key == "fileName") {
    if (value.size() > 512) {
      error = "fileName: longer than 512 characters";
      return false;
    }
    info.file_name = value;
  } else if (key == "fileKind") {
    if (value.size() > 32) {
      error = "fileKind: longer than 32 characters";
      return false;
    }
    info.kind = value;
  } else if (key == "fileParameters" || key == "fileWeightsBytes") {
    std::uint64_t v = 0;
    if (!parse_u64(value, v)) {
      error = key + ": expected a whole number";
      return false;
    }
    (key == "fileParameters" ? info.parameters : info.weights_bytes) = v;
  } else if (key == "fileComplete") {
    if (value != "true" && value != "false") {
      error = "fileComplete: expected true or false";
      return false;
    }
    info.complete = value == "true";
  } else if (key == "filePart") {
    const std::size_t slash = value.find('/');
    std::uint64_t index = 0, count = 0;
    if (slash == std::string::npos || !parse_u64(value.substr(0, slash), index) ||
        !parse_u64(value.substr(slash + 1), count) || count == 0 || count > 100000 || index == 0 ||
        index > count) {
      error = "filePart: expected part/count, e.g. 1/3";
      return false;
    }
    info.split_index = static_cast<int>(index);
    info.split_count = static_cast<int>(count);
  } else {
    error = key + ": not a file field";
    return false;
  }
  return true;
}

}  // namespace sizer
