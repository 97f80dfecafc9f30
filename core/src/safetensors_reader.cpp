// Reads the header of a .safetensors file (huggingface/safetensors README, "Format"): an 8-byte
// little-endian length N, then N bytes of JSON naming every tensor's dtype, shape and byte range.
// Quantized checkpoints are recognised by their tensor families: GPTQ/AWQ (int4 packed 8 per
// int32 `qweight` + scales/zeros), FP8 with `weight_scale(_inv)`, MXFP4 `_blocks` + `_scales`,
// NVFP4 and bitsandbytes. Also reads model.safetensors.index.json.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "model_file_internal.hpp"
#include "sizer/json.hpp"
#include "sizer/model_file.hpp"

namespace sizer {
namespace {

using namespace model_file_detail;
using json = sizer::Json;

// safetensors' own limit (MAX_HEADER_SIZE in safetensors/src/tensor.rs).
constexpr std::uint64_t kMaxHeaderBytes = 100000000;
constexpr std::uint64_t kMaxTensorElements = 1ull << 50;
constexpr std::size_t kMaxDimensions = 16;

// Bits per element (safetensors Dtype::bitsize).
int dtype_bits(const std::string& dtype) {
  static const std::map<std::string, int> bits = {
      {"BOOL", 8},    {"U8", 8},          {"I8", 8},          {"F8_E5M2", 8}, {"F8_E4M3", 8},
      {"F8_E8M0", 8}, {"F8_E4M3FNUZ", 8}, {"F8_E5M2FNUZ", 8}, {"I16", 16},    {"U16", 16},
      {"F16", 16},    {"BF16", 16},       {"I32", 32},        {"U32", 32},    {"F32", 32},
      {"I64", 64},    {"U64", 64},        {"F64", 64},        {"C64", 64},    {"F4", 4},
      {"F6_E2M3", 6}, {"F6_E3M2", 6},
  };
  const auto it = bits.find(dtype);
  return it == bits.end() ? 0 : it->second;
}

struct Tensor {
  std::string name;
  std::string dtype;
  std::vector<std::uint64_t> shape;
  std::uint64_t elements = 0;
  std::uint64_t begin = 0;
  std::uint64_t end = 0;
};

bool ends_with(const std::string& text, const char* suffix) {
  const std::size_t n = std::strlen(suffix);
  return text.size() >= n && text.compare(text.size() - n, n, suffix) == 0;
}

std::string strip_suffix(const std::string& text, const char* suffix) {
  return text.substr(0, text.size() - std::strlen(suffix));
}

bool read_uint(const json& value, std::uint64_t& out) {
  if (value.is_number_unsigned()) {
    out = value.get<std::uint64_t>();
    return true;
  }
  if (value.is_number_integer() && value.get<std::int64_t>() >= 0) {
    out = static_cast<std::uint64_t>(value.get<std::int64_t>());
    return true;
  }
  // Some index files write total_size as 1.4e10: accept whole numbers below 2^53.
  if (value.is_number_float()) {
    const double number = value.get<double>();
    if (number >= 0 && number <= 9007199254740992.0 &&
        number == static_cast<double>(static_cast<std::uint64_t>(number))) {
      out = static_cast<std::uint64_t>(number);
      return true;
    }
  }
  return false;
}

// How one stored tensor counts: its parameters and the label it is summed under.
struct Counted {
  std::string label;             // dtype, or the packed scheme ("GPTQ int4", "MXFP4" ...)
  std::uint64_t parameters = 0;  // 0 for quantization side tensors (scales, zeros, g_idx)
};

// Recognises the quantized families from tensor names and shapes, and picks a catalog format.
class QuantScan {
 public:
  explicit QuantScan(const std::map<std::string, const Tensor*>& by_name) : by_name_(by_name) {}

  Counted count(const Tensor& t) {
    const std::string& n = t.name;
    if (ends_with(n, ".qweight") && t.dtype == "I32" && t.shape.size() == 2) return packed_int(t);
    if (ends_with(n, "_blocks") && t.dtype == "U8" && has(strip_suffix(n, "_blocks") + "_scales")) {
      return packed_fp4(t, "MXFP4", "mxfp4");
    }
    if (ends_with(n, ".weight") && t.dtype == "U8") {
      const std::string base = strip_suffix(n, ".weight");
      const Tensor* scale = find(base + ".weight_scale");
      if (scale != nullptr && scale->dtype == "F8_E4M3") return packed_fp4(t, "NVFP4", "nvfp4");
      if (has(n + ".absmax") || has(n + ".quant_state.bitsandbytes__nf4") ||
          has(n + ".quant_state.bitsandbytes__fp4")) {
        return packed_fp4(t, "NF4", has(n + ".nested_absmax") ? "bnb-nf4-dq" : "bnb-nf4");
      }
    }
    if (ends_with(n, ".weight") && t.dtype == "I8" && has(strip_suffix(n, ".weight") + ".SCB")) {
      vote("bnb-int8", t.elements);
      return {"I8", t.elements};
    }
    if (ends_with(n, ".weight") && (t.dtype == "F8_E4M3" || t.dtype == "F8_E5M2")) {
      const std::string base = strip_suffix(n, ".weight");
      const Tensor* block = find(base + ".weight_scale_inv");
      const Tensor* scale = find(base + ".weight_scale");
      if (block != nullptr && block->shape.size() == 2) {
        vote("fp8-e4m3-block128", t.elements);
      } else if (scale != nullptr) {
        std::uint64_t scales = 1;
        for (std::uint64_t d : scale->shape) scales *= d;
        vote(scales <= 1 ? "fp8-e4m3-per-tensor" : "fp8-e4m3-per-channel", t.elements);
      } else {
        vote("fp8", t.elements);
      }
      return {t.dtype, t.elements};
    }
    if (is_side_tensor(n)) return {t.dtype, 0};
    plain_[t.dtype] += t.elements;
    return {t.dtype, t.elements};
  }

  // The quantized scheme with the most parameters, else the plain dtype with the most.
  std::string format() const {
    const std::map<std::string, std::uint64_t>& pool = votes_.empty() ? plain_ : votes_;
    std::string best;
    std::uint64_t most = 0;
    for (const auto& entry : pool) {
      if (entry.second > most) {
        most = entry.second;
        best = entry.first;
      }
    }
    if (!votes_.empty()) return best;
    static const std::map<std::string, std::string> plain = {
        {"BF16", "bf16"}, {"F16", "fp16"}, {"F32", "fp32"}, {"F8_E4M3", "fp8"}, {"I8", "int8"}};
    const auto it = plain.find(best);
    return it == plain.end() ? std::string() : it->second;
  }

  std::vector<std::string> warnings;

 private:
  bool has(const std::string& name) const { return by_name_.count(name) != 0; }
  const Tensor* find(const std::string& name) const {
    const auto it = by_name_.find(name);
    return it == by_name_.end() ? nullptr : it->second;
  }
  void vote(const std::string& format, std::uint64_t parameters) { votes_[format] += parameters; }

  // Scales, zero points, group indices and bitsandbytes state: bytes, not parameters.
  bool is_side_tensor(const std::string& n) const {
    for (const char* suffix :
         {".qzeros", ".scales", ".g_idx", ".weight_scale", ".weight_scale_inv", ".weight_scale_2",
          ".input_scale", ".k_scale", ".v_scale", ".SCB", ".weight_zero_point", ".absmax",
          ".quant_map", ".nested_absmax", ".nested_quant_map", "_scales"}) {
      if (ends_with(n, suffix)) {
        // A "_scales" tensor is a side tensor only beside its "_blocks" (MXFP4).
        if (std::strcmp(suffix, "_scales") == 0 && !has(strip_suffix(n, "_scales") + "_blocks")) {
          continue;
        }
        return true;
      }
    }
    return n.find(".quant_state.") != std::string::npos;
  }

  // GPTQ: qweight [in*bits/32, out], scales [in/group, out], g_idx [in].
  // AWQ:  qweight [in, out*bits/32], scales [in/group, out].
  Counted packed_int(const Tensor& q) {
    const std::string base = strip_suffix(q.name, ".qweight");
    const Tensor* scales = find(base + ".scales");
    const Tensor* g_idx = find(base + ".g_idx");
    const std::uint64_t rows = q.shape[0], cols = q.shape[1];
    int bits = 4;
    std::string scheme = "GPTQ";
    std::uint64_t in = 0;
    if (scales != nullptr && scales->shape.size() == 2 && scales->shape[1] != cols && cols > 0 &&
        scales->shape[1] % cols == 0) {
      scheme = "AWQ";
      const std::uint64_t pack = scales->shape[1] / cols;
      bits = pack > 0 && 32 % pack == 0 ? static_cast<int>(32 / pack) : 0;
      in = rows;
    } else if (g_idx != nullptr && g_idx->shape.size() == 1 && g_idx->shape[0] > 0 &&
               (rows * 32) % g_idx->shape[0] == 0) {
      in = g_idx->shape[0];
      bits = static_cast<int>(rows * 32 / in);
    } else {
      in = rows * 8;
      if (!assumed_bits_) {
        warnings.push_back("GPTQ tensors without g_idx: read as 4-bit (8 values per int32)");
        assumed_bits_ = true;
      }
    }
    if (bits <= 0 || bits > 8) {
      warnings.push_back("'" + q.name +
                         "': packing does not match 1-8 bit values; counted as 4-bit");
      bits = 4;
    }
    const std::uint64_t per_word = 32 / static_cast<std::uint64_t>(bits);
    std::uint64_t parameters = 0;
    if (!multiply_within(q.elements, per_word, kMaxTensorElements, parameters)) parameters = 0;
    std::string id = (scheme == "GPTQ" ? "gptq-" : "awq-") + std::to_string(bits) + "bit-";
    if (scales != nullptr && scales->shape.size() == 2 && scales->shape[0] == 1) {
      id += "perchannel";
    } else if (scales != nullptr && scales->shape.size() == 2 && scales->shape[0] > 0 &&
               in % scales->shape[0] == 0) {
      id += "g" + std::to_string(in / scales->shape[0]);
    } else {
      id += "g128";
    }
    if (find_format(id) == nullptr) {
      const std::string generic = bits == 8 ? "int8" : bits == 4 ? "int4" : "";
      if (reported_.insert(id).second) {
        warnings.push_back("no catalog format " + id +
                           (generic.empty() ? std::string() : "; using " + generic));
      }
      id = generic;
    }
    if (!id.empty()) vote(id, parameters);
    return {scheme + " int" + std::to_string(bits), parameters};
  }

  // Two 4-bit values per byte.
  Counted packed_fp4(const Tensor& t, const char* label, const char* format_id) {
    std::uint64_t parameters = 0;
    multiply_within(t.elements, 2, kMaxTensorElements, parameters);
    vote(format_id, parameters);
    return {label, parameters};
  }

  const std::map<std::string, const Tensor*>& by_name_;
  std::map<std::string, std::uint64_t> votes_;
  std::map<std::string, std::uint64_t> plain_;
  std::set<std::string> reported_;
  bool assumed_bits_ = false;
};

// The number right after `marker` in a tensor name (at most 7 digits), or -1; with
// `dot_after`, only when a '.' follows it.
long index_after(const std::string& name, const std::string& marker, bool dot_after) {
  const std::size_t at = name.find(marker);
  if (at == std::string::npos) return -1;
  std::size_t i = at + marker.size();
  long value = 0;
  std::size_t digits = 0;
  while (i < name.size() && name[i] >= '0' && name[i] <= '9' && digits < 7) {
    value = value * 10 + (name[i] - '0');
    ++i;
    ++digits;
  }
  if (digits == 0) return -1;
  return !dot_after || (i < name.size() && name[i] == '.') ? value : -1;
}

// The layer index in "model.layers.<N>." names, or -1.
long layer_of(const std::string& name) { return index_after(name, ".layers.", true); }

// The expert index in "...experts.<E>." names, or -1.
long expert_of(const std::string& name) { return index_after(name, ".experts.", false); }

int narrow(std::uint64_t value) { return value <= 1000000000u ? static_cast<int>(value) : 0; }

// What tensor names and shapes say about the architecture (Hugging Face naming, PyTorch
// [out, in] shapes). Head counts are not in a header unless a q_norm gives head_dim.
void fill_model_from_names(const std::vector<Tensor>& tensors, bool whole_model,
                           ModelFileResult& r) {
  ModelArch& m = r.model;
  long layers = -1, experts = -1;
  std::map<std::string, const Tensor*> first_layer;
  bool lm_head = false;
  for (const Tensor& t : tensors) {
    layers = std::max(layers, layer_of(t.name));
    experts = std::max(experts, expert_of(t.name));
    if (layer_of(t.name) == 0)
      first_layer.emplace(t.name.substr(t.name.find(".layers.0.") + 10), &t);
    if (t.name == "lm_head.weight") lm_head = true;
    if ((ends_with(t.name, "embed_tokens.weight") || t.name == "transformer.wte.weight") &&
        t.shape.size() == 2) {
      m.vocab_size = narrow(t.shape[0]);
      m.hidden_size = narrow(t.shape[1]);
    }
  }
  auto shape_of = [&](const char* suffix) -> const Tensor* {
    const auto it = first_layer.find(suffix);
    return it != first_layer.end() && it->second->shape.size() >= 1 ? it->second : nullptr;
  };
  m.num_layers = layers >= 0 ? narrow(static_cast<std::uint64_t>(layers) + 1) : 0;
  if (const Tensor* gate = shape_of("mlp.gate_proj.weight")) {
    m.intermediate_size = narrow(gate->shape[0]);
  } else if (const Tensor* up = shape_of("mlp.up_proj.weight")) {
    m.intermediate_size = narrow(up->shape[0]);
    m.mlp_gated = false;
  }
  if (experts >= 0) {
    m.num_experts = narrow(static_cast<std::uint64_t>(experts) + 1);
    for (const char* suffix :
         {"mlp.experts.0.gate_proj.weight", "block_sparse_moe.experts.0.w1.weight"}) {
      if (const Tensor* e = shape_of(suffix)) m.moe_intermediate_size = narrow(e->shape[0]);
    }
  }
  if (const Tensor* router = shape_of("mlp.router.weight")) {  // gpt-oss: fused expert tensors
    if (router->shape.size() == 2 && m.num_experts == 0) m.num_experts = narrow(router->shape[0]);
  }
  m.attention_bias = shape_of("self_attn.q_proj.bias") != nullptr;
  m.qk_norm = shape_of("self_attn.q_norm.weight") != nullptr;
  const Tensor* q = shape_of("self_attn.q_proj.weight");
  const Tensor* k = shape_of("self_attn.k_proj.weight");
  const Tensor* q_norm = shape_of("self_attn.q_norm.weight");
  if (q_norm != nullptr && q != nullptr && k != nullptr && q_norm->shape[0] > 0) {
    m.head_dim = narrow(q_norm->shape[0]);
    m.num_heads = narrow(q->shape[0] / q_norm->shape[0]);
    m.num_kv_heads = narrow(k->shape[0] / q_norm->shape[0]);
  }
  if (whole_model) m.tie_word_embeddings = !lm_head;
  m.source = "safetensors header";
  m.official_params_b = static_cast<double>(r.exact.parameters) / 1e9;
  r.model_complete = false;
  r.warnings.push_back(
      "a safetensors header has no config: heads, context length and model type come from "
      "config.json (drop it too)");
}

}  // namespace

ModelFileResult read_safetensors(const std::uint8_t* bytes, std::size_t size,
                                 const std::string& file_name, std::uint64_t file_size) {
  constexpr ModelFileKind kind = ModelFileKind::safetensors;
  if (size < 8) return header_ends_early(kind, 8, size, file_size, "safetensors");
  std::uint64_t header_length = 0;
  for (int i = 0; i < 8; ++i) header_length |= std::uint64_t{bytes[i]} << (8 * i);
  if (header_length > kMaxHeaderBytes) {
    return failure(kind, "safetensors: the header length " + with_thousands(header_length) +
                             " is above the format's limit of 100,000,000 bytes");
  }
  if (header_length < 2) return failure(kind, "safetensors: the header is empty");
  if (8 + header_length > size) {
    return header_ends_early(kind, 8 + header_length, size, file_size, "safetensors");
  }
  const char* text = reinterpret_cast<const char*>(bytes + 8);
  if (text[0] != '{') return failure(kind, "safetensors: the header does not start with '{'");
  const json root = json::parse(std::string_view(text, static_cast<std::size_t>(header_length)));
  if (root.is_discarded() || !root.is_object()) {
    return failure(kind, "safetensors: the header is not a valid JSON object");
  }

  ModelFileResult result;
  result.kind = kind;
  result.bytes_needed = 8 + header_length;
  std::vector<Tensor> tensors;
  tensors.reserve(root.size());
  for (const auto& entry : root.items()) {
    const std::string& name = entry.key();
    const json& info = entry.value();
    if (name == "__metadata__") {
      if (!info.is_object()) return failure(kind, "safetensors: __metadata__ is not an object");
      continue;
    }
    const std::string where = "safetensors: tensor '" + name.substr(0, 200) + "'";
    if (!info.is_object()) return failure(kind, where + " is not an object");
    const auto dtype = info.find("dtype");
    const auto shape = info.find("shape");
    const auto offsets = info.find("data_offsets");
    if (dtype == info.end() || !dtype->is_string()) return failure(kind, where + ": dtype missing");
    if (shape == info.end() || !shape->is_array()) return failure(kind, where + ": shape missing");
    if (offsets == info.end() || !offsets->is_array() || offsets->size() != 2) {
      return failure(kind, where + ": data_offsets must be [begin, end]");
    }
    Tensor t;
    t.name = name;
    t.dtype = dtype->get<std::string>();
    const int bits = dtype_bits(t.dtype);
    if (bits == 0)
      return failure(kind, where + ": dtype '" + t.dtype.substr(0, 40) + "' is not known");
    if (shape->size() > kMaxDimensions) return failure(kind, where + ": too many dimensions");
    t.elements = 1;
    for (const json& d : *shape) {
      std::uint64_t dim = 0;
      if (!read_uint(d, dim))
        return failure(kind, where + ": shape must hold non-negative integers");
      if (!multiply_within(t.elements, dim, kMaxTensorElements, t.elements)) {
        return failure(kind, where + ": more elements than any model");
      }
      t.shape.push_back(dim);
    }
    if (!read_uint((*offsets)[0], t.begin) || !read_uint((*offsets)[1], t.end) || t.end < t.begin) {
      return failure(kind, where + ": data_offsets must be non-negative with end >= begin");
    }
    const std::uint64_t total_bits = t.elements * static_cast<std::uint64_t>(bits);
    if (total_bits % 8 != 0) return failure(kind, where + ": its bits do not fill whole bytes");
    if (t.end - t.begin != total_bits / 8) {
      return failure(kind, where + ": data_offsets span " + with_thousands(t.end - t.begin) +
                               " bytes but dtype and shape need " + with_thousands(total_bits / 8));
    }
    tensors.push_back(std::move(t));
  }

  // The byte ranges must tile the data region with no gap or overlap (safetensors validation),
  // so a small header cannot claim the same bytes many times over.
  std::vector<const Tensor*> order;
  order.reserve(tensors.size());
  for (const Tensor& t : tensors) order.push_back(&t);
  std::sort(order.begin(), order.end(), [](const Tensor* a, const Tensor* b) {
    return a->begin != b->begin ? a->begin < b->begin : a->end < b->end;
  });
  std::uint64_t cursor = 0;
  for (const Tensor* t : order) {
    if (t->begin != cursor) {
      return failure(kind, "safetensors: tensor '" + t->name.substr(0, 200) + "' starts at byte " +
                               with_thousands(t->begin) + ", expected " + with_thousands(cursor) +
                               " (a gap or overlap)");
    }
    cursor = t->end;
  }
  const std::uint64_t whole = file_size == 0 ? size : file_size;
  if (8 + header_length + cursor > whole) {
    result.warnings.push_back(
        "the file (" + with_thousands(whole) + " bytes) is shorter than its header says (" +
        with_thousands(8 + header_length + cursor) + " bytes): a truncated download?");
  }

  std::map<std::string, const Tensor*> by_name;
  for (const Tensor& t : tensors) by_name.emplace(t.name, &t);
  QuantScan scan(by_name);
  ExactWeights& exact = result.exact;
  for (const Tensor& t : tensors) {
    const Counted c = scan.count(t);
    const std::uint64_t stored = t.end - t.begin;
    exact.weights_bytes += stored;
    // Side tensors are summed under their dtype; packed weights under their scheme.
    exact.bytes_by_type[c.label] += stored;
    if (c.parameters > 0) {
      exact.parameters += c.parameters;
      exact.parameters_by_type[c.label] += c.parameters;
    }
  }
  exact.known = true;
  exact.tensor_count = tensors.size();
  result.warnings.insert(result.warnings.end(), scan.warnings.begin(), scan.warnings.end());
  result.weights_format = scan.format();
  keep_known_format(result);

  if (split_part_from_name(file_name, result.split_index, result.split_count) &&
      result.split_count > 1) {
    exact.complete = false;
    result.warnings.push_back("shard " + std::to_string(result.split_index) + " of " +
                              std::to_string(result.split_count) +
                              ": parameters and bytes count only this shard; "
                              "model.safetensors.index.json gives the whole model's size");
  }
  fill_model_from_names(tensors, exact.complete, result);
  result.model.published_format = result.weights_format;
  const std::size_t slash = file_name.find_last_of("/\\");
  const std::string base =
      clean_name(slash == std::string::npos ? file_name : file_name.substr(slash + 1));
  result.model.name = "Imported " + base;
  result.model.id = "safetensors:" + base;
  result.status = ModelFileStatus::ok;
  return result;
}

ModelFileResult read_safetensors_index(const std::string& text) {
  constexpr ModelFileKind kind = ModelFileKind::safetensors_index;
  const json root = json::parse(text);
  if (root.is_discarded() || !root.is_object()) {
    return failure(kind, "safetensors index: not a valid JSON object");
  }
  const auto map = root.find("weight_map");
  if (map == root.end() || !map->is_object()) {
    return failure(kind, "safetensors index: weight_map missing");
  }
  ModelFileResult result;
  result.kind = kind;
  result.bytes_needed = text.size();
  ExactWeights& exact = result.exact;
  const auto metadata = root.find("metadata");
  if (metadata != root.end() && metadata->is_object()) {
    const auto total = metadata->find("total_size");
    const auto parameters = metadata->find("total_parameters");
    if (total != metadata->end() && !read_uint(*total, exact.weights_bytes)) {
      return failure(kind, "safetensors index: metadata.total_size must be a non-negative integer");
    }
    if (parameters != metadata->end()) read_uint(*parameters, exact.parameters);
  }
  if (exact.weights_bytes == 0) {
    result.warnings.push_back("safetensors index: metadata.total_size missing; no exact size");
  }
  if (exact.parameters == 0) {
    result.warnings.push_back(
        "safetensors index: no metadata.total_parameters; the parameter count needs the "
        "shards' headers or config.json");
  }

  std::set<std::string> shards;
  std::vector<Tensor> names;  // names only: the index holds no shapes
  names.reserve(map->size());
  bool qweight = false, mxfp4 = false, fp8_block = false;
  for (const auto& entry : map->items()) {
    if (!entry.value().is_string()) {
      return failure(kind, "safetensors index: weight_map['" + entry.key().substr(0, 200) +
                               "'] is not a file name");
    }
    shards.insert(entry.value().get<std::string>());
    Tensor t;
    t.name = entry.key();
    qweight = qweight || ends_with(t.name, ".qweight");
    mxfp4 = mxfp4 || ends_with(t.name, "_blocks");
    fp8_block = fp8_block || ends_with(t.name, ".weight_scale_inv");
    names.push_back(std::move(t));
  }
  exact.known = exact.weights_bytes > 0;
  exact.tensor_count = names.size();
  if (mxfp4) {
    result.weights_format = "mxfp4";
  } else if (fp8_block) {
    result.weights_format = "fp8-e4m3-block128";
  } else if (qweight) {
    result.warnings.push_back(
        "GPTQ/AWQ tensors: bits and group size need config.json or a shard's header");
  }
  result.split_count = static_cast<int>(std::min<std::size_t>(shards.size(), 1000000));
  // Layers and experts from the names; shapes need the shards.
  long layers = -1, experts = -1;
  for (const Tensor& t : names) {
    layers = std::max(layers, layer_of(t.name));
    experts = std::max(experts, expert_of(t.name));
  }
  ModelArch& m = result.model;
  m.num_layers = layers >= 0 ? narrow(static_cast<std::uint64_t>(layers) + 1) : 0;
  m.num_experts = experts >= 0 ? narrow(static_cast<std::uint64_t>(experts) + 1) : 0;
  m.tie_word_embeddings = map->find("lm_head.weight") == map->end();
  m.published_format = result.weights_format;
  m.source = "model.safetensors.index.json";
  m.official_params_b = static_cast<double>(exact.parameters) / 1e9;
  result.status = ModelFileStatus::ok;
  return result;
}

}  // namespace sizer
