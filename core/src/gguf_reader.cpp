// Reads the header of a GGUF file (ggml's docs/gguf.md, versions 2 and 3): metadata key-values,
// then the tensor table. The tensor data is never touched, so the first megabytes of a 40 GB file
// are enough. Every count and length is checked against the bytes present and against the caps
// below before anything is allocated.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <map>
#include <string>
#include <vector>

#include "gguf_metadata.hpp"
#include "model_file_internal.hpp"
#include "sizer/layers.hpp"
#include "sizer/model_file.hpp"

namespace sizer {
namespace gguf_detail {

bool arch_int(const Metadata& meta, const char* suffix, int& out,
              std::vector<std::string>& warnings) {
  const Value* v = meta.find(meta.arch + "." + suffix);
  if (v == nullptr) return false;
  double number = -1;
  if (v->is_number) {
    number = v->number;
  } else if (v->is_array && !v->array_numbers.empty()) {
    number = *std::max_element(v->array_numbers.begin(), v->array_numbers.end());
    warnings.push_back(meta.arch + "." + suffix +
                       ": a per-layer array; the largest value is used for every layer");
  }
  if (!(number >= 0) || number > 1e9) {
    warnings.push_back(meta.arch + "." + suffix + ": not a usable count; ignored");
    return false;
  }
  out = static_cast<int>(number);
  return true;
}

}  // namespace gguf_detail

namespace {

using namespace model_file_detail;
using namespace gguf_detail;

// --- Caps: far above any published file, low enough that a hostile header cannot allocate GBs.
constexpr std::uint64_t kMaxTensors = 1u << 20;        // DeepSeek-V3 GGUF: 1,025 tensors
constexpr std::uint64_t kMaxKeyValues = 1u << 20;      // typical file: 30-60
constexpr std::uint64_t kMaxKeyBytes = 65535;          // gguf.md: keys are at most 2^16-1 bytes
constexpr std::uint64_t kMaxStringBytes = 64u << 20;   // chat templates are tens of KB
constexpr std::uint64_t kMaxArrayElements = 1u << 26;  // vocabularies: ~260k tokens
constexpr int kMaxArrayDepth = 4;                      // arrays of arrays
constexpr std::uint32_t kMaxDimensions = 4;            // GGML_MAX_DIMS
constexpr std::uint64_t kMaxTensorElements = 1ull << 50;
constexpr std::uint64_t kMaxHeaderBytes = 1ull << 30;
constexpr std::size_t kStoredStringBytes = 4096;   // longer strings are skipped, not stored
constexpr std::size_t kStoredArrayNumbers = 4096;  // per-layer arrays (head_count_kv ...)
constexpr std::uint32_t kDefaultAlignment = 32;    // GGUF_DEFAULT_ALIGNMENT

// ggml_type ids and block layouts: ggml/include/ggml.h (enum ggml_type) and the block structs of
// ggml/src/ggml-common.h, as listed in gguf-py/gguf/constants.py GGML_QUANT_SIZES. Ids 4, 5
// (Q4_2, Q4_3) and 31-33, 36-38 (repacked Q4_0/IQ4_NL variants) were removed and never appear
// in files written today. Q8_1 is 36 bytes: two fp16 (d, s) + 32 int8 (ggml-common.h).
constexpr GgmlType kGgmlTypes[] = {
    {0, "F32", 1, 4},         {1, "F16", 1, 2},         {2, "Q4_0", 32, 18},
    {3, "Q4_1", 32, 20},      {6, "Q5_0", 32, 22},      {7, "Q5_1", 32, 24},
    {8, "Q8_0", 32, 34},      {9, "Q8_1", 32, 36},      {10, "Q2_K", 256, 84},
    {11, "Q3_K", 256, 110},   {12, "Q4_K", 256, 144},   {13, "Q5_K", 256, 176},
    {14, "Q6_K", 256, 210},   {15, "Q8_K", 256, 292},   {16, "IQ2_XXS", 256, 66},
    {17, "IQ2_XS", 256, 74},  {18, "IQ3_XXS", 256, 98}, {19, "IQ1_S", 256, 50},
    {20, "IQ4_NL", 32, 18},   {21, "IQ3_S", 256, 110},  {22, "IQ2_S", 256, 82},
    {23, "IQ4_XS", 256, 136}, {24, "I8", 1, 1},         {25, "I16", 1, 2},
    {26, "I32", 1, 4},        {27, "I64", 1, 8},        {28, "F64", 1, 8},
    {29, "IQ1_M", 256, 56},   {30, "BF16", 1, 2},       {34, "TQ1_0", 256, 54},
    {35, "TQ2_0", 256, 66},   {39, "MXFP4", 32, 17},    {40, "NVFP4", 64, 36},
    {41, "Q1_0", 128, 18},
};

// general.file_type (llama.h enum llama_ftype) -> format_catalog() id. Mixes (Q4_K_M ...) map to
// the catalog's whole-file rows; the tensor table still gives the exact bytes.
struct FileType {
  std::uint32_t id;
  const char* name;
  const char* format_id;
};
constexpr FileType kFileTypes[] = {
    {0, "F32", "gguf-f32"},        {1, "F16", "gguf-f16"},          {2, "Q4_0", "gguf-q4_0"},
    {3, "Q4_1", "gguf-q4_1"},      {7, "Q8_0", "gguf-q8_0"},        {8, "Q5_0", "gguf-q5_0"},
    {9, "Q5_1", "gguf-q5_1"},      {10, "Q2_K", "gguf-q2_k"},       {11, "Q3_K_S", "gguf-q3_k_s"},
    {12, "Q3_K_M", "gguf-q3_k_m"}, {13, "Q3_K_L", "gguf-q3_k_l"},   {14, "Q4_K_S", "gguf-q4_k_s"},
    {15, "Q4_K_M", "gguf-q4_k_m"}, {16, "Q5_K_S", "gguf-q5_k_s"},   {17, "Q5_K_M", "gguf-q5_k_m"},
    {18, "Q6_K", "gguf-q6_k"},     {19, "IQ2_XXS", "gguf-iq2_xxs"}, {20, "IQ2_XS", "gguf-iq2_xs"},
    {21, "Q2_K_S", "gguf-q2_k_s"}, {22, "IQ3_XS", "gguf-iq3_xs"},   {23, "IQ3_XXS", "gguf-iq3_xxs"},
    {24, "IQ1_S", "gguf-iq1_s"},   {25, "IQ4_NL", "gguf-iq4_nl"},   {26, "IQ3_S", "gguf-iq3_s"},
    {27, "IQ3_M", "gguf-iq3_m"},   {28, "IQ2_S", "gguf-iq2_s"},     {29, "IQ2_M", "gguf-iq2_m"},
    {30, "IQ4_XS", "gguf-iq4_xs"}, {31, "IQ1_M", "gguf-iq1_m"},     {32, "BF16", "gguf-bf16"},
    {36, "TQ1_0", "gguf-tq1_0"},   {37, "TQ2_0", "gguf-tq2_0"},     {38, "MXFP4_MOE", "gguf-mxfp4"},
    {39, "NVFP4", "nvfp4"},
};

// The tensor type that dominates a file without general.file_type -> catalog id.
const char* format_for_tensor_type(const std::string& type) {
  static const std::map<std::string, const char*> ids = {
      {"F32", "gguf-f32"},        {"F16", "gguf-f16"},         {"BF16", "gguf-bf16"},
      {"Q4_0", "gguf-q4_0"},      {"Q4_1", "gguf-q4_1"},       {"Q5_0", "gguf-q5_0"},
      {"Q5_1", "gguf-q5_1"},      {"Q8_0", "gguf-q8_0"},       {"Q2_K", "ggml-type-q2_k"},
      {"Q3_K", "ggml-type-q3_k"}, {"Q4_K", "ggml-type-q4_k"},  {"Q5_K", "ggml-type-q5_k"},
      {"Q6_K", "gguf-q6_k"},      {"IQ2_XXS", "gguf-iq2_xxs"}, {"IQ2_XS", "gguf-iq2_xs"},
      {"IQ2_S", "gguf-iq2_s"},    {"IQ3_XXS", "gguf-iq3_xxs"}, {"IQ3_S", "gguf-iq3_s"},
      {"IQ1_S", "gguf-iq1_s"},    {"IQ1_M", "gguf-iq1_m"},     {"IQ4_NL", "gguf-iq4_nl"},
      {"IQ4_XS", "gguf-iq4_xs"},  {"TQ1_0", "gguf-tq1_0"},     {"TQ2_0", "gguf-tq2_0"},
      {"MXFP4", "gguf-mxfp4"},    {"NVFP4", "nvfp4"},
  };
  const auto it = ids.find(type);
  return it == ids.end() ? "" : it->second;
}

// The tensor type holding the most bytes, types in `skip` aside ("" when none is left).
std::string type_with_most_bytes(const std::map<std::string, std::uint64_t>& bytes_by_type,
                                 std::initializer_list<const char*> skip = {}) {
  std::string best;
  std::uint64_t most = 0;
  for (const auto& entry : bytes_by_type) {
    const std::string& type = entry.first;
    const bool skipped =
        std::any_of(skip.begin(), skip.end(), [&](const char* s) { return type == s; });
    if (!skipped && entry.second > most) {
      most = entry.second;
      best = type;
    }
  }
  return best;
}

// A file whose bytes are mostly MXFP4 tensors is an MXFP4 expert mix (gpt-oss); what the rest of
// its tensors are stored as decides the catalog row. llama.cpp's MXFP4_MOE quantization keeps
// them at Q8_0 (gguf-mxfp4); Ollama's gpt-oss blobs and the "F16" GGUFs keep them 16-bit
// (gguf-mxfp4-f16), whatever general.file_type says. F32 (norms, biases, sinks) does not count.
void refine_mxfp4_mix(const std::map<std::string, std::uint64_t>& bytes_by_type,
                      ModelFileResult& result) {
  if (type_with_most_bytes(bytes_by_type) != "MXFP4") return;
  const std::string rest = type_with_most_bytes(bytes_by_type, {"MXFP4", "F32"});
  const bool sixteen_bit = rest == "F16" || rest == "BF16";
  if (result.weights_format != "gguf-mxfp4" && result.weights_format != "gguf-mxfp4-f16" &&
      !result.weights_format.empty()) {
    result.warnings.push_back("general.file_type says " + result.model.weights_dtype +
                              " but MXFP4 tensors hold most of the bytes: read as the MXFP4 "
                              "expert mix");
  }
  result.weights_format = sixteen_bit ? "gguf-mxfp4-f16" : "gguf-mxfp4";
  result.model.weights_dtype = sixteen_bit ? "MXFP4_MOE (rest " + rest + ")" : "MXFP4_MOE";
}

// general.architecture -> the Hugging Face model_type the rest of the engine knows
// (llama.cpp src/llama-arch.cpp LLM_ARCH_NAMES). Mistral and Mixtral GGUFs say "llama".
struct Architecture {
  const char* gguf;
  const char* model_type;
};
constexpr Architecture kArchitectures[] = {
    {"llama", "llama"},
    {"llama4", "llama4"},
    {"mistral3", "mistral"},
    {"qwen2", "qwen2"},
    {"qwen2moe", "qwen2_moe"},
    {"qwen3", "qwen3"},
    {"qwen3moe", "qwen3_moe"},
    {"gemma", "gemma"},
    {"gemma2", "gemma2"},
    {"gemma3", "gemma3"},
    {"phi3", "phi3"},
    {"deepseek2", "deepseek_v3"},
    {"gpt-oss", "gpt_oss"},
    {"chatglm", "chatglm"},
    {"glm4", "glm4"},
    {"glm4moe", "glm4_moe"},
    {"falcon", "falcon"},
    {"gpt2", "gpt2"},
    {"internlm2", "internlm2"},
    {"baichuan", "baichuan"},
    {"minimax-m2", "minimax_m2"},
    {"qwen3next", "qwen3_next"},
    {"nemotron_h", "nemotron_h"},
    {"nemotron_h_moe", "nemotron_h"},
    {"falcon-h1", "falcon_h1"},
    {"jamba", "jamba"},
    {"mamba", "mamba"},
    {"mamba2", "mamba2"},
};

enum ValueType : std::uint32_t {
  kUint8 = 0,
  kInt8 = 1,
  kUint16 = 2,
  kInt16 = 3,
  kUint32 = 4,
  kInt32 = 5,
  kFloat32 = 6,
  kBool = 7,
  kString = 8,
  kArray = 9,
  kUint64 = 10,
  kInt64 = 11,
  kFloat64 = 12,
};

std::uint64_t fixed_size(std::uint32_t type) {
  switch (type) {
    case kUint8:
    case kInt8:
    case kBool:
      return 1;
    case kUint16:
    case kInt16:
      return 2;
    case kUint32:
    case kInt32:
    case kFloat32:
      return 4;
    case kUint64:
    case kInt64:
    case kFloat64:
      return 8;
    default:
      return 0;  // string, array, or not a type
  }
}

// Little-endian reads over the bytes given. A read past the end records how far the header
// reaches (`needed`); a bad value records `error`. Either stops the parse.
class Reader {
 public:
  Reader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  bool failed() const { return needed != 0 || !error.empty(); }
  std::uint64_t position() const { return pos_; }

  bool take(std::uint64_t count, const std::uint8_t** out = nullptr) {
    if (failed()) return false;
    if (count > size_ - pos_) {
      needed = pos_ + count;
      return false;
    }
    if (out != nullptr) *out = data_ + pos_;
    pos_ += count;
    return true;
  }

  // True when `count` more bytes are present (nothing is consumed).
  bool ensure(std::uint64_t count) {
    if (failed()) return false;
    if (count > size_ - pos_) {
      needed = pos_ + count;
      return false;
    }
    return true;
  }

  template <class T>
  bool scalar(T& out) {
    const std::uint8_t* p = nullptr;
    if (!take(sizeof(T), &p)) return false;
    std::uint64_t bits = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i) bits |= std::uint64_t{p[i]} << (8 * i);
    if constexpr (sizeof(T) == 8) {
      std::memcpy(&out, &bits, 8);
    } else if constexpr (sizeof(T) == 4) {
      const std::uint32_t narrow = static_cast<std::uint32_t>(bits);
      std::memcpy(&out, &narrow, 4);
    } else if constexpr (sizeof(T) == 2) {
      const std::uint16_t narrow = static_cast<std::uint16_t>(bits);
      std::memcpy(&out, &narrow, 2);
    } else {
      const std::uint8_t narrow = static_cast<std::uint8_t>(bits);
      std::memcpy(&out, &narrow, 1);
    }
    return true;
  }

  // A gguf_string_t: uint64 length + bytes. Stored into `out` (when given) up to `keep` bytes.
  bool string(std::uint64_t limit, const char* what, std::string* out, std::size_t keep) {
    std::uint64_t length = 0;
    if (!scalar(length)) return false;
    if (length > limit) {
      error = std::string(what) + " at offset " + std::to_string(pos_ - 8) + " is " +
              with_thousands(length) + " bytes long, above the limit of " + with_thousands(limit);
      return false;
    }
    const std::uint8_t* p = nullptr;
    if (!take(length, &p)) return false;
    if (out != nullptr && length <= keep)
      out->assign(reinterpret_cast<const char*>(p), static_cast<std::size_t>(length));
    return true;
  }

  std::uint64_t needed = 0;
  std::string error;

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::uint64_t pos_ = 0;
};

double read_number(Reader& r, std::uint32_t type) {
  switch (type) {
    case kUint8: {
      std::uint8_t v = 0;
      r.scalar(v);
      return v;
    }
    case kInt8: {
      std::int8_t v = 0;
      r.scalar(v);
      return v;
    }
    case kBool: {
      std::uint8_t v = 0;
      r.scalar(v);
      return v != 0 ? 1 : 0;
    }
    case kUint16: {
      std::uint16_t v = 0;
      r.scalar(v);
      return v;
    }
    case kInt16: {
      std::int16_t v = 0;
      r.scalar(v);
      return v;
    }
    case kUint32: {
      std::uint32_t v = 0;
      r.scalar(v);
      return v;
    }
    case kInt32: {
      std::int32_t v = 0;
      r.scalar(v);
      return v;
    }
    case kFloat32: {
      float v = 0;
      r.scalar(v);
      return v;
    }
    case kUint64: {
      std::uint64_t v = 0;
      r.scalar(v);
      return static_cast<double>(v);
    }
    case kInt64: {
      std::int64_t v = 0;
      r.scalar(v);
      return static_cast<double>(v);
    }
    case kFloat64: {
      double v = 0;
      r.scalar(v);
      return v;
    }
    default:
      return 0;
  }
}

bool read_value(Reader& r, std::uint32_t type, const std::string& key, int depth, Value& out) {
  if (fixed_size(type) != 0) {
    out.is_number = true;
    out.number = read_number(r, type);
    return !r.failed();
  }
  if (type == kString) {
    out.is_string = true;
    return r.string(kMaxStringBytes, ("value of '" + key + "'").c_str(), &out.text,
                    kStoredStringBytes);
  }
  if (type != kArray) {
    r.error = "metadata '" + key + "': value type " + std::to_string(type) + " is not a GGUF type";
    return false;
  }
  if (depth >= kMaxArrayDepth) {
    r.error = "metadata '" + key + "': arrays nested deeper than " +
              std::to_string(kMaxArrayDepth) + " levels";
    return false;
  }
  std::uint32_t element_type = 0;
  std::uint64_t count = 0;
  if (!r.scalar(element_type) || !r.scalar(count)) return false;
  if (count > kMaxArrayElements) {
    r.error = "metadata '" + key + "': array of " + with_thousands(count) +
              " elements is above the limit of " + with_thousands(kMaxArrayElements);
    return false;
  }
  out.is_array = true;
  out.array_length = count;
  const std::uint64_t element_bytes = fixed_size(element_type);
  if (element_bytes != 0) {
    const std::uint64_t stored = std::min<std::uint64_t>(count, kStoredArrayNumbers);
    if (!r.ensure(count * element_bytes)) return false;  // the whole run, before reserving
    out.array_numbers.reserve(static_cast<std::size_t>(stored));
    for (std::uint64_t i = 0; i < stored; ++i) {
      out.array_numbers.push_back(read_number(r, element_type));
    }
    return r.take((count - stored) * element_bytes);
  }
  // Strings and nested arrays are walked, not kept (vocabularies hold ~10^5 strings).
  const std::string element_name = "element of '" + key + "'";
  for (std::uint64_t i = 0; i < count; ++i) {
    Value element;
    if (element_type == kString) {
      if (!r.string(kMaxStringBytes, element_name.c_str(), nullptr, 0)) return false;
    } else if (!read_value(r, element_type, key, depth + 1, element)) {
      return false;
    }
  }
  return true;
}

bool has_tensor(const TensorIndex& by_name, const std::string& name) {
  return by_name.count(name) != 0;
}

void fill_model(const Metadata& meta, const std::vector<Tensor>& tensors, ModelFileResult& r) {
  ModelArch& m = r.model;
  TensorIndex by_name;
  for (const Tensor& t : tensors) by_name.emplace(t.name, &t);

  m.model_type = meta.arch;
  bool known = false;
  for (const Architecture& a : kArchitectures) {
    if (meta.arch == a.gguf) {
      m.model_type = a.model_type;
      known = true;
    }
  }
  if (!known) {
    r.warnings.push_back(meta.arch.empty()
                             ? "general.architecture: missing; read as a Llama-style decoder"
                             : "general.architecture '" + meta.arch +
                                   "' is not one the catalog models; read as a Llama-style "
                                   "decoder");
  }
  m.family = m.model_type;
  std::vector<std::string>& w = r.warnings;
  arch_int(meta, "embedding_length", m.hidden_size, w);
  arch_int(meta, "block_count", m.num_layers, w);
  arch_int(meta, "attention.head_count", m.num_heads, w);
  // Recurrent stacks give these two per layer (0 where a layer lacks the part): read with the
  // layer pattern.
  const bool recurrent_stack = is_recurrent_stack(meta.arch);
  if (!recurrent_stack) {
    arch_int(meta, "attention.head_count_kv", m.num_kv_heads, w);
    arch_int(meta, "feed_forward_length", m.intermediate_size, w);
  }
  arch_int(meta, "context_length", m.max_position_embeddings, w);
  arch_int(meta, "expert_count", m.num_experts, w);
  arch_int(meta, "expert_used_count", m.experts_per_token, w);
  arch_int(meta, "expert_shared_count", m.num_shared_experts, w);
  arch_int(meta, "expert_feed_forward_length", m.moe_intermediate_size, w);
  arch_int(meta, "expert_shared_feed_forward_length", m.shared_expert_intermediate_size, w);
  arch_int(meta, "leading_dense_block_count", m.first_k_dense_layers, w);
  arch_int(meta, "interleave_moe_layer_step", m.moe_layer_period, w);
  arch_int(meta, "attention.sliding_window", m.sliding_window, w);
  if (m.moe_layer_period < 1) m.moe_layer_period = 1;
  // Qwen2-MoE names the shared expert's width but not a count: one shared expert (as hf_config).
  if (m.shared_expert_intermediate_size > 0 && m.num_shared_experts == 0) m.num_shared_experts = 1;

  // Vocabulary: the key when present, else the tokenizer's token list, else token_embd's rows.
  if (!arch_int(meta, "vocab_size", m.vocab_size, w)) {
    const Value* tokens = meta.find("tokenizer.ggml.tokens");
    const auto embd = by_name.find("token_embd.weight");
    if (tokens != nullptr && tokens->is_array && tokens->array_length <= 1000000000u) {
      m.vocab_size = static_cast<int>(tokens->array_length);
    } else if (embd != by_name.end() && embd->second->dims.size() == 2 &&
               embd->second->dims[1] <= 1000000000u) {
      m.vocab_size = static_cast<int>(embd->second->dims[1]);  // ggml: ne[1] = rows
    }
  }

  if (meta.arch == "deepseek2") {
    // MLA. key_length_mla/value_length_mla are the per-head q/k and v widths in files converted
    // after llama.cpp absorbed the latent projections; older files carry them in key/value_length.
    m.attention = AttentionKind::mla;
    int rope = 0, key = 0, value = 0;
    arch_int(meta, "attention.kv_lora_rank", m.kv_lora_rank, w);
    arch_int(meta, "attention.q_lora_rank", m.q_lora_rank, w);
    arch_int(meta, "rope.dimension_count", rope, w);
    if (!arch_int(meta, "attention.key_length_mla", key, w)) {
      arch_int(meta, "attention.key_length", key, w);
    }
    if (!arch_int(meta, "attention.value_length_mla", value, w)) {
      arch_int(meta, "attention.value_length", value, w);
    }
    m.qk_rope_head_dim = rope;
    m.qk_nope_head_dim = key > rope ? key - rope : 0;
    m.v_head_dim = value;
    m.num_kv_heads = m.num_heads;
    m.head_dim = 0;
  } else {
    arch_int(meta, "attention.key_length", m.head_dim, w);
  }

  if (meta.arch == "gemma2" || meta.arch == "gpt-oss") {
    if (m.sliding_window > 0) {  // alternating local/global (llama.cpp hparams)
      m.local_global_period = 2;
      m.global_layers_per_period = 1;
    }
  } else if (meta.arch == "gemma3" && m.sliding_window > 0) {
    int pattern = 6;  // llama.cpp: 5 local layers then 1 global
    arch_int(meta, "attention.sliding_window_pattern", pattern, w);
    m.local_global_period = pattern;
    m.global_layers_per_period = pattern > 1 ? 1 : 0;
  }

  // Shapes the metadata does not name, from the tensors of the first block.
  // A split part may hold output.weight in a later part: tied only when every tensor is here.
  m.tie_word_embeddings = r.exact.complete && !has_tensor(by_name, "output.weight");
  m.attention_bias =
      has_tensor(by_name, "blk.0.attn_q.bias") || has_tensor(by_name, "blk.0.attn_qkv.bias");
  m.attention_out_bias = has_tensor(by_name, "blk.0.attn_output.bias");
  m.mlp_bias =
      has_tensor(by_name, "blk.0.ffn_up.bias") || has_tensor(by_name, "blk.0.ffn_up_exps.bias");
  m.qk_norm = m.qk_norm || has_tensor(by_name, "blk.0.attn_q_norm.weight");
  m.layer_norm_with_bias = has_tensor(by_name, "blk.0.attn_norm.bias");
  bool any_gate = false, any_up = false;
  int norms = 0;
  for (const Tensor& t : tensors) {
    if (t.name.find("ffn_gate") != std::string::npos &&
        t.name.find("ffn_gate_inp") == std::string::npos) {
      any_gate = true;
    }
    if (t.name.find("ffn_up") != std::string::npos) any_up = true;
    if (t.name.rfind("blk.0.", 0) == 0 && t.name.size() > 12 &&
        t.name.compare(t.name.size() - 12, 12, "_norm.weight") == 0 &&
        t.name.find("attn_q_norm") == std::string::npos &&
        t.name.find("attn_k_norm") == std::string::npos &&
        t.name.find(".ssm_") == std::string::npos &&  // norms inside the recurrent mixer
        t.name.find("_a_norm") == std::string::npos) {
      ++norms;
    }
  }
  m.mlp_gated = any_gate || !any_up;
  if (norms > 0) m.norms_per_layer = norms;
  if (recurrent_stack) read_recurrent_stack(meta, by_name, m, w);

  const std::string name = clean_name(meta.text("general.name"));
  m.name = name.empty() ? "Imported " + meta.arch : name;
  m.id = "gguf:" + (name.empty() ? meta.arch : name);
  m.hf_repo = clean_name(meta.text("general.source.huggingface.repository"));
  m.source = "GGUF header";
  m.official_params_b = static_cast<double>(r.exact.parameters) / 1e9;

  // Complete when the shapes estimate() needs are all there and consistent. Heads and the FFN
  // width only where some layer has attention / an MLP (Mamba files write 0 for both).
  const bool any_attention = attention_layer_count(m) > 0;
  bool any_mlp = false;
  for (int layer = 0; layer < m.num_layers && !any_mlp; ++layer) any_mlp = layer_has_mlp(m, layer);
  std::vector<std::string> missing;
  if (m.hidden_size <= 0) missing.push_back("embedding_length");
  if (m.num_layers <= 0) missing.push_back("block_count");
  if (any_attention && m.num_heads <= 0) missing.push_back("attention.head_count");
  if (any_mlp && m.intermediate_size <= 0 && m.moe_intermediate_size <= 0) {
    missing.push_back("feed_forward_length");
  }
  if (m.vocab_size <= 0) missing.push_back("vocab_size");
  if (!missing.empty()) {
    std::string list;
    for (const std::string& key : missing)
      list += (list.empty() ? "" : ", ") + meta.arch + "." + key;
    w.push_back("architecture incomplete (missing " + list + "); exact sizes still hold");
    return;
  }
  if (any_attention && m.attention == AttentionKind::standard) {
    if (m.num_kv_heads == 0) m.num_kv_heads = m.num_heads;
    if (m.head_dim == 0 && m.hidden_size % m.num_heads == 0)
      m.head_dim = m.hidden_size / m.num_heads;
    if (m.head_dim == 0 || m.num_kv_heads > m.num_heads || m.num_heads % m.num_kv_heads != 0) {
      w.push_back("attention heads (" + std::to_string(m.num_heads) + ", " +
                  std::to_string(m.num_kv_heads) + " KV) do not fit together; check the file");
      return;
    }
  }
  if (m.num_experts > 0 && (m.experts_per_token <= 0 || m.experts_per_token > m.num_experts)) {
    w.push_back("expert_used_count does not fit expert_count; check the file");
    return;
  }
  if (m.max_position_embeddings <= 0) {
    m.max_position_embeddings = 2048;
    w.push_back(meta.arch + ".context_length: missing; assuming 2048");
  }
  if (const std::string layers = layer_pattern_problem(m); !layers.empty()) {
    w.push_back(layers + "; check the file's ssm.* keys");
    return;
  }
  r.model_complete = true;
}

}  // namespace

const GgmlType* find_ggml_type(std::uint32_t id) {
  for (const GgmlType& t : kGgmlTypes) {
    if (t.id == id) return &t;
  }
  return nullptr;
}

ModelFileResult read_gguf(const std::uint8_t* bytes, std::size_t size, const std::string& file_name,
                          std::uint64_t file_size) {
  constexpr ModelFileKind kind = ModelFileKind::gguf;
  Reader r(bytes, size);
  auto stop = [&]() -> ModelFileResult {
    if (!r.error.empty()) return failure(kind, "GGUF: " + r.error);
    if (r.needed > kMaxHeaderBytes) {
      return failure(kind, "GGUF: the header would be larger than 1 GiB; not a model file");
    }
    return header_ends_early(kind, r.needed, size, file_size, "GGUF");
  };

  std::uint32_t magic = 0, version = 0;
  std::uint64_t tensor_count = 0, kv_count = 0;
  if (!r.scalar(magic) || !r.scalar(version)) return stop();
  if (magic != 0x46554747u) return failure(kind, "GGUF: the file does not start with 'GGUF'");
  if (version == 1) {
    return failure(kind,
                   "GGUF version 1 (files from before October 2023) is not supported; "
                   "convert the model again");
  }
  if (version == 0 || version > 0xFFFF) {
    return failure(kind, "GGUF: version " + std::to_string(version) +
                             " is not a version this reader knows (big-endian files are not "
                             "supported)");
  }
  ModelFileResult result;
  result.kind = kind;
  if (version > 3) {
    result.warnings.push_back("GGUF version " + std::to_string(version) +
                              " is newer than 3; read with the version 3 layout");
  }
  if (!r.scalar(tensor_count) || !r.scalar(kv_count)) return stop();
  if (tensor_count > kMaxTensors) {
    return failure(kind, "GGUF: " + with_thousands(tensor_count) +
                             " tensors is above the limit of " + with_thousands(kMaxTensors));
  }
  if (kv_count > kMaxKeyValues) {
    return failure(kind, "GGUF: " + with_thousands(kv_count) +
                             " metadata entries is above the limit of " +
                             with_thousands(kMaxKeyValues));
  }

  Metadata meta;
  for (std::uint64_t i = 0; i < kv_count; ++i) {
    std::string key;
    std::uint32_t type = 0;
    if (!r.string(kMaxKeyBytes, "metadata key", &key, kMaxKeyBytes) || !r.scalar(type)) {
      return stop();
    }
    Value value;
    if (!read_value(r, type, key, 0, value)) return stop();
    meta.values[key] = std::move(value);
  }
  meta.arch = clean_name(meta.text("general.architecture"), 64);

  std::uint64_t alignment = kDefaultAlignment;
  if (meta.find("general.alignment") != nullptr) {
    if (!meta.integer("general.alignment", alignment) || alignment == 0 ||
        (alignment & (alignment - 1)) != 0 || alignment > (1u << 30)) {
      return failure(kind, "GGUF: general.alignment must be a power of two");
    }
  }

  std::vector<Tensor> tensors;
  tensors.reserve(static_cast<std::size_t>(std::min<std::uint64_t>(tensor_count, size / 24 + 1)));
  ExactWeights& exact = result.exact;
  for (std::uint64_t i = 0; i < tensor_count; ++i) {
    Tensor t;
    std::uint32_t n_dims = 0, type = 0;
    if (!r.string(kMaxKeyBytes, "tensor name", &t.name, kMaxKeyBytes) || !r.scalar(n_dims)) {
      return stop();
    }
    if (n_dims == 0 || n_dims > kMaxDimensions) {
      return failure(kind, "GGUF: tensor '" + t.name + "' has " + std::to_string(n_dims) +
                               " dimensions; ggml allows 1 to 4");
    }
    t.elements = 1;
    for (std::uint32_t d = 0; d < n_dims; ++d) {
      std::uint64_t dim = 0;
      if (!r.scalar(dim)) return stop();
      if (!multiply_within(t.elements, dim, kMaxTensorElements, t.elements)) {
        return failure(kind, "GGUF: tensor '" + t.name + "' has more elements than any model");
      }
      t.dims.push_back(dim);
    }
    if (!r.scalar(type) || !r.scalar(t.offset)) return stop();
    t.type = find_ggml_type(type);
    if (t.type == nullptr) {
      return failure(kind, "GGUF: tensor '" + t.name + "' has ggml type " + std::to_string(type) +
                               ", which this reader does not know (a newer llama.cpp type?)");
    }
    if (t.dims[0] % t.type->block_elements != 0) {
      return failure(kind, "GGUF: tensor '" + t.name + "': its first dimension " +
                               std::to_string(t.dims[0]) + " is not a multiple of " + t.type->name +
                               "'s block of " + std::to_string(t.type->block_elements));
    }
    t.bytes = t.elements / t.type->block_elements * t.type->block_bytes;
    if (t.offset % alignment != 0) {
      return failure(kind, "GGUF: tensor '" + t.name + "': data offset " +
                               std::to_string(t.offset) + " is not aligned to " +
                               std::to_string(alignment) + " bytes");
    }
    exact.weights_bytes += t.bytes;
    exact.bytes_by_type[t.type->name] += t.bytes;
    // Rotary scaling tables are constants, not trained parameters (bytes still count).
    const bool constant = t.name == "rope_freqs.weight" || t.name == "rope_factors_long.weight" ||
                          t.name == "rope_factors_short.weight";
    if (!constant) {
      exact.parameters += t.elements;
      exact.parameters_by_type[t.type->name] += t.elements;
    }
    tensors.push_back(std::move(t));
  }
  exact.known = true;
  exact.tensor_count = tensor_count;
  result.bytes_needed = r.position();

  // Data region: after the header, padded to the alignment. A file shorter than its tensor table
  // says is a truncated download; the header's figures still describe the whole model.
  const std::uint64_t data_start = (r.position() + alignment - 1) / alignment * alignment;
  constexpr std::uint64_t kFar = ~std::uint64_t{0} / 2;  // offsets past this saturate
  std::uint64_t data_end = data_start;
  for (const Tensor& t : tensors) {
    const std::uint64_t end = t.offset > kFar - t.bytes ? kFar : data_start + t.offset + t.bytes;
    data_end = std::max(data_end, end);
  }
  const std::uint64_t whole = file_size == 0 ? size : file_size;
  if (data_end > whole) {
    result.warnings.push_back("the file (" + with_thousands(whole) +
                              " bytes) is shorter than its tensor table says (" +
                              with_thousands(data_end) + " bytes): a truncated download?");
  }

  // Split files: metadata split.no (0-based), split.count, split.tensors.count (llama.cpp
  // gguf-split), else the -NNNNN-of-NNNNN file-name suffix.
  std::uint64_t split_no = 0, split_count = 0, split_tensors = 0;
  if (meta.integer("split.count", split_count) && split_count > 1 && split_count < 100000) {
    meta.integer("split.no", split_no);
    result.split_index = static_cast<int>(split_no) + 1;
    result.split_count = static_cast<int>(split_count);
  } else {
    split_part_from_name(file_name, result.split_index, result.split_count);
  }
  if (result.split_count > 1) {
    meta.integer("split.tensors.count", split_tensors);
    const bool all_here = split_tensors != 0 && split_tensors == tensor_count;
    exact.complete = all_here;
    if (!all_here) {
      result.warnings.push_back(
          "part " + std::to_string(result.split_index) + " of " +
          std::to_string(result.split_count) +
          " of a split GGUF: the architecture comes from this part; parameters and bytes count "
          "only its " +
          with_thousands(tensor_count) + " tensors" +
          (split_tensors > 0 ? " of " + with_thousands(split_tensors) : std::string()));
    }
  }

  // Format: general.file_type names the mix; without it, the type holding most bytes.
  std::uint64_t file_type = 0;
  bool have_file_type = meta.integer("general.file_type", file_type);
  for (const FileType& f : kFileTypes) {
    if (have_file_type && f.id == file_type) {
      result.weights_format = f.format_id;
      result.model.weights_dtype = f.name;
    }
  }
  if (result.weights_format.empty()) {
    const std::string dominant = type_with_most_bytes(exact.bytes_by_type);
    result.weights_format = format_for_tensor_type(dominant);
    result.model.weights_dtype = dominant;
    if (have_file_type) {
      result.warnings.push_back("general.file_type " + std::to_string(file_type) +
                                " is not known; format taken from the tensor types");
    }
  }
  refine_mxfp4_mix(exact.bytes_by_type, result);
  keep_known_format(result);
  result.model.published_format = result.weights_format;

  fill_model(meta, tensors, result);
  result.status = ModelFileStatus::ok;
  return result;
}

}  // namespace sizer
