// The GGUF header as the reader keeps it (gguf_reader.cpp parses it): metadata values and the
// tensor table, shared with the readers of architecture key families (gguf_hybrid.cpp). Not part
// of the public API.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "sizer/catalog.hpp"
#include "sizer/model_file.hpp"

namespace sizer {
namespace gguf_detail {

// One metadata value, kept only as far as the importer needs it.
struct Value {
  bool is_number = false;
  double number = 0;
  bool is_string = false;
  std::string text;  // strings up to the reader's kStoredStringBytes
  bool is_array = false;
  std::uint64_t array_length = 0;
  std::vector<double> array_numbers;  // the first kStoredArrayNumbers numeric elements
};

struct Tensor {
  std::string name;
  std::vector<std::uint64_t> dims;
  const GgmlType* type = nullptr;
  std::uint64_t elements = 0;
  std::uint64_t bytes = 0;
  std::uint64_t offset = 0;
};

using TensorIndex = std::map<std::string, const Tensor*>;

class Metadata {
 public:
  std::map<std::string, Value> values;
  std::string arch;

  const Value* find(const std::string& key) const {
    const auto it = values.find(key);
    return it == values.end() ? nullptr : &it->second;
  }
  // A key as a non-negative integer.
  bool integer(const std::string& key, std::uint64_t& out) const {
    const Value* v = find(key);
    if (v == nullptr || !v->is_number || !(v->number >= 0) || v->number > 1e15) return false;
    out = static_cast<std::uint64_t>(v->number);
    return true;
  }
  std::string text(const std::string& key) const {
    const Value* v = find(key);
    return v != nullptr && v->is_string ? v->text : std::string();
  }
};

// Reads `<arch>.<suffix>` into an int field; per-layer arrays (OpenELM-style) give their largest
// element with a warning. Returns false when absent.
bool arch_int(const Metadata& meta, const char* suffix, int& out,
              std::vector<std::string>& warnings);

// Architectures whose layers are not all attention + MLP: Qwen3-Next, Nemotron-H, Falcon-H1,
// Jamba, Mamba and Mamba-2 (llama.cpp's names).
bool is_recurrent_stack(const std::string& arch);

// Their layer pattern, recurrent mixer shape and the per-layer keys (head_count_kv,
// feed_forward_length) as llama.cpp's loader reads them; problems become warnings naming the key.
void read_recurrent_stack(const Metadata& meta, const TensorIndex& tensors, ModelArch& model,
                          std::vector<std::string>& warnings);

}  // namespace gguf_detail
}  // namespace sizer
