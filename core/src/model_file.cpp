// Picks the reader for a dropped file by its first bytes (GGUF magic, safetensors header length,
// JSON text) and holds the helpers the readers share.
#include "sizer/model_file.hpp"

#include <cctype>
#include <cstring>
#include <string>

#include "model_file_internal.hpp"
#include "sizer/hf_config.hpp"
#include "sizer/json.hpp"

namespace sizer {
namespace model_file_detail {

bool split_part_from_name(const std::string& file_name, int& index, int& count) {
  // ...-NNNNN-of-NNNNN.<ext>: five digits each (llama.cpp gguf-split, transformers shards).
  const std::size_t dot = file_name.rfind('.');
  if (dot == std::string::npos || dot < 15) return false;
  const std::string stem = file_name.substr(0, dot);
  const std::size_t n = stem.size();
  if (n < 15 || stem.compare(n - 15, 1, "-") != 0 || stem.compare(n - 9, 4, "-of-") != 0) {
    return false;
  }
  int parsed[2] = {0, 0};
  const std::size_t starts[2] = {n - 14, n - 5};
  for (int k = 0; k < 2; ++k) {
    for (std::size_t i = starts[k]; i < starts[k] + 5; ++i) {
      if (!std::isdigit(static_cast<unsigned char>(stem[i]))) return false;
      parsed[k] = parsed[k] * 10 + (stem[i] - '0');
    }
  }
  if (parsed[0] < 1 || parsed[1] < parsed[0]) return false;
  index = parsed[0];
  count = parsed[1];
  return true;
}

ModelFileResult failure(ModelFileKind kind, std::string message) {
  ModelFileResult r;
  r.kind = kind;
  r.status = ModelFileStatus::error;
  r.error = std::move(message);
  return r;
}

ModelFileResult header_ends_early(ModelFileKind kind, std::uint64_t needed, std::uint64_t given,
                                  std::uint64_t file_size, const char* what) {
  ModelFileResult r;
  r.kind = kind;
  r.bytes_needed = needed;
  const std::uint64_t whole = file_size == 0 ? given : file_size;
  if (needed <= whole) {
    r.status = ModelFileStatus::needs_more_bytes;
    r.error = std::string(what) + ": the header needs at least " + with_thousands(needed) +
              " bytes; " + with_thousands(given) + " were read";
  } else {
    r.status = ModelFileStatus::error;
    r.error = std::string(what) + ": truncated file: the header needs at least " +
              with_thousands(needed) + " bytes but the file has " + with_thousands(whole);
  }
  return r;
}

void keep_known_format(ModelFileResult& result) {
  if (result.weights_format.empty() || find_format(result.weights_format) != nullptr) return;
  result.warnings.push_back("format '" + result.weights_format +
                            "' is not in the catalog; choose the weights format by hand");
  result.weights_format.clear();
}

std::string with_thousands(std::uint64_t value) {
  std::string digits = std::to_string(value);
  for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3) digits.insert(i, ",");
  return digits;
}

std::string clean_name(const std::string& text, std::size_t max_bytes) {
  return json_detail::valid_utf8(std::string_view(text).substr(0, max_bytes));
}

}  // namespace model_file_detail

namespace {

using namespace model_file_detail;
using json = sizer::Json;

constexpr char kGgufMagic[4] = {'G', 'G', 'U', 'F'};
// JSON files (config.json, index) are read whole; the largest index files (DeepSeek-V3, ~92k
// tensors) are about 9 MB.
constexpr std::uint64_t kMaxJsonBytes = 64ull << 20;

bool ends_with(const std::string& text, const char* suffix) {
  const std::size_t n = std::strlen(suffix);
  return text.size() >= n && text.compare(text.size() - n, n, suffix) == 0;
}

bool looks_like_json(const std::uint8_t* bytes, std::size_t size) {
  std::size_t i = 0;
  if (size >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF) i = 3;  // UTF-8 BOM
  while (i < size && std::isspace(bytes[i])) ++i;
  return i < size && bytes[i] == '{';
}

ModelFileResult read_json_file(const std::uint8_t* bytes, std::size_t size,
                               const std::string& file_name, std::uint64_t file_size) {
  const std::uint64_t whole = file_size == 0 ? size : file_size;
  if (whole > kMaxJsonBytes) {
    return failure(ModelFileKind::unknown,
                   "JSON file of " + with_thousands(whole) + " bytes is above the 64 MiB limit");
  }
  if (whole > size) {
    return header_ends_early(ModelFileKind::unknown, whole, size, file_size, "JSON file");
  }
  const std::string text(reinterpret_cast<const char*>(bytes), size);
  const json root = json::parse(text);
  if (root.is_discarded() || !root.is_object()) {
    return failure(ModelFileKind::unknown, file_name + ": not a valid JSON object");
  }
  if (root.contains("weight_map") || ends_with(file_name, ".index.json")) {
    return read_safetensors_index(text);
  }
  ModelFileResult r;
  r.kind = ModelFileKind::config_json;
  const HfConfigResult config = model_from_hf_config(text);
  r.warnings = config.warnings;
  if (!config.ok) {
    r.error = "config.json: " + config.error;
    return r;
  }
  r.status = ModelFileStatus::ok;
  r.model = config.model;
  r.model_complete = true;
  r.weights_format = config.model.published_format;
  r.bytes_needed = size;
  keep_known_format(r);
  return r;
}

}  // namespace

ModelFileResult import_model_file(const std::uint8_t* bytes, std::size_t size,
                                  const std::string& file_name, std::uint64_t file_size) {
  if (bytes == nullptr) size = 0;
  if (size == 0) {
    if (file_size > 0) return header_ends_early(ModelFileKind::unknown, 24, 0, file_size, "file");
    return failure(ModelFileKind::unknown, "the file is empty");
  }
  // Too few bytes to tell the format (GGUF needs 4, safetensors 8) while the file is longer.
  if (size < 8 && file_size > size && !looks_like_json(bytes, size)) {
    return header_ends_early(ModelFileKind::unknown, 8, size, file_size, "file");
  }
  if (size >= 4 && std::memcmp(bytes, kGgufMagic, 4) == 0) {
    return read_gguf(bytes, size, file_name, file_size);
  }
  if (looks_like_json(bytes, size)) return read_json_file(bytes, size, file_name, file_size);
  if (ends_with(file_name, ".gguf")) {
    return failure(ModelFileKind::gguf,
                   "the file name ends in .gguf but the file does not start with the GGUF "
                   "magic bytes");
  }
  // safetensors: 8-byte little-endian header length, then JSON starting with '{'.
  if (ends_with(file_name, ".safetensors") || (size > 8 && bytes[8] == '{')) {
    return read_safetensors(bytes, size, file_name, file_size);
  }
  return failure(ModelFileKind::unknown,
                 "not a model file this reader knows: expected a .gguf, a .safetensors, "
                 "model.safetensors.index.json or config.json");
}

const char* model_file_kind_name(ModelFileKind kind) {
  switch (kind) {
    case ModelFileKind::gguf:
      return "gguf";
    case ModelFileKind::safetensors:
      return "safetensors";
    case ModelFileKind::safetensors_index:
      return "safetensors-index";
    case ModelFileKind::config_json:
      return "config-json";
    case ModelFileKind::unknown:
      break;
  }
  return "unknown";
}

const char* model_file_status_name(ModelFileStatus status) {
  switch (status) {
    case ModelFileStatus::ok:
      return "ok";
    case ModelFileStatus::needs_more_bytes:
      return "needs-more-bytes";
    case ModelFileStatus::error:
      break;
  }
  return "error";
}

}  // namespace sizer
