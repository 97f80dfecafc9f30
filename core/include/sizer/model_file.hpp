// Reads a model file people drop on the page: the header of a GGUF or safetensors file (never the
// weights), a model.safetensors.index.json or a config.json. The result is an architecture, the
// catalog format that best describes the file and, where the file says it, the exact parameter
// count and weight bytes. docs/FILES.md describes the formats, limits and messages.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "sizer/catalog.hpp"

namespace sizer {

enum class ModelFileKind { unknown, gguf, safetensors, safetensors_index, config_json };

enum class ModelFileStatus {
  ok,
  // The bytes given end inside the header, but the file is longer: read at least `bytes_needed`
  // bytes from its start and call again.
  needs_more_bytes,
  error,
};

// What the file itself says about its weights. For a GGUF or safetensors file every figure comes
// from the tensor table; an index gives bytes (and parameters when it records them).
struct ExactWeights {
  bool known = false;    // false for config.json
  bool complete = true;  // false: one part of a split/sharded model (figures cover this part)
  std::uint64_t parameters = 0;  // weight elements, packed quantized values unpacked
  std::uint64_t weights_bytes = 0;
  std::uint64_t tensor_count = 0;
  // By tensor type: ggml type names (Q4_K, F32 ...) for GGUF, dtypes (BF16, F8_E4M3 ...) for
  // safetensors. Quantization side tensors (scales, zeros, g_idx) count in bytes only.
  std::map<std::string, std::uint64_t> bytes_by_type;
  std::map<std::string, std::uint64_t> parameters_by_type;
};

struct ModelFileResult {
  ModelFileStatus status = ModelFileStatus::error;
  ModelFileKind kind = ModelFileKind::unknown;
  std::string error;               // set when status is error (names the field or offset)
  std::uint64_t bytes_needed = 0;  // needs_more_bytes: a lower bound; header_bytes when ok
  ModelArch model;
  // true when the file gives every shape estimate() needs (GGUF, config.json); a safetensors
  // header gives widths, layers and experts but not the head count.
  bool model_complete = false;
  std::string weights_format;  // format_catalog() id
  ExactWeights exact;
  int split_index = 0;  // 1-based part number of a split/sharded file, 0 = not split
  int split_count = 0;
  std::vector<std::string> warnings;
};

// Never throws. `bytes` may be only the beginning of the file; `file_size` is the size of the
// whole file when known (0 = `size` is the whole file). Running out of bytes inside the header
// gives needs_more_bytes when the file is longer than what was given, an error otherwise.
ModelFileResult import_model_file(const std::uint8_t* bytes, std::size_t size,
                                  const std::string& file_name, std::uint64_t file_size = 0);

const char* model_file_kind_name(ModelFileKind kind);  // "gguf", "safetensors-index", ...
const char* model_file_status_name(ModelFileStatus status);

// Readers behind import_model_file, for tests and fuzzers.
ModelFileResult read_gguf(const std::uint8_t* bytes, std::size_t size, const std::string& file_name,
                          std::uint64_t file_size);
ModelFileResult read_safetensors(const std::uint8_t* bytes, std::size_t size,
                                 const std::string& file_name, std::uint64_t file_size);
ModelFileResult read_safetensors_index(const std::string& text);

// ggml tensor types (ggml.h enum ggml_type) with their block layout.
struct GgmlType {
  std::uint32_t id = 0;
  const char* name = "";
  std::uint32_t block_elements = 1;  // values per block
  std::uint32_t block_bytes = 0;     // bytes per block
};
const GgmlType* find_ggml_type(std::uint32_t id);

}  // namespace sizer
