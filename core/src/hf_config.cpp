// Reads a Hugging Face config.json into a ModelArch. Key names follow each family's transformers
// configuration class (LlamaConfig, Qwen2MoeConfig, DeepseekV3Config, GptOssConfig, ...) and the
// remote-code ChatGLM / Falcon-RW configs; models-notes.md section 1 lists the mappings.
//
// Nothing here throws on bad input: the JSON is parsed with exceptions disabled, every value's
// type is checked before it is read, and sizes are bounded so no product can overflow.
#include "sizer/hf_config.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <string>

#include "hf_vision.hpp"
#include "sizer/json.hpp"
#include "sizer/layers.hpp"
#include "sizer/record_fields.hpp"

namespace sizer {
namespace {

using json = sizer::Json;

// Bounds far above any published model (Llama 3.1 405B: 126 layers, hidden 16384; Kimi K2: 384
// experts) but low enough that every parameter product stays exact in a double. The widths,
// vocabulary and expert counts are the request's own limits (record_fields.cpp), so an imported
// model always round-trips through a request.
constexpr double kMaxLayers = 1000;
constexpr double kMaxWidth = 1e6;  // hidden, heads, head_dim, latent ranks
double record_max(const char* key) { return find_record_field<ModelArch>(key)->max; }
const double kMaxIntermediate = record_max("intermediateSize");  // MLP and expert widths
const double kMaxVocab = record_max("vocabSize");
const double kMaxExperts = record_max("numExperts");
// The request's own limit for maxPositionEmbeddings (record_fields.cpp), so an imported model
// always round-trips through a request. 2^27 = 134M tokens; Llama 4 Scout: 10,485,760.
double max_positions() {
  static const double limit = find_record_field<ModelArch>("maxPositionEmbeddings")->max;
  return limit;
}

enum class Family { llama_like, mla, chatglm, gpt2, falcon, mamba };

// Looks keys up in the text config first (multimodal checkpoints nest the language model's
// values in `text_config`), then in the top level. JSON null counts as absent.
class Reader {
 public:
  Reader(const json& primary, const json& fallback) : primary_(primary), fallback_(fallback) {}

  // `found_key`, when given, receives the key that held the value.
  const json* find(std::initializer_list<const char*> keys,
                   const char** found_key = nullptr) const {
    for (const json* object : {&primary_, &fallback_}) {
      if (!object->is_object()) continue;
      for (const char* key : keys) {
        const auto it = object->find(key);
        if (it != object->end() && !it->is_null()) {
          if (found_key != nullptr) *found_key = key;
          return &*it;
        }
      }
    }
    return nullptr;
  }

  bool has(std::initializer_list<const char*> keys) const { return find(keys) != nullptr; }

  // Reads an integer in [min, max] from the first present key. A missing value is reported
  // under `name`; an unusable one under the key the file used (an alias such as num_layers).
  // Returns false (and sets error) when the value is present but unusable, or required and absent.
  bool integer(const char* name, std::initializer_list<const char*> keys, bool required, double min,
               double max, int& out) {
    if (!error.empty()) return false;
    const json* value = find(keys, &name);
    if (value == nullptr) {
      if (required) error = std::string(name) + ": missing";
      return !required;
    }
    const char* kind = min >= 1 ? "a positive integer" : "a non-negative integer";
    double number = 0;
    if (value->is_number_unsigned()) {
      number = static_cast<double>(value->get<std::uint64_t>());
    } else if (value->is_number_integer()) {
      number = static_cast<double>(value->get<std::int64_t>());
    } else if (value->is_number_float()) {
      number = value->get<double>();
      if (!std::isfinite(number) || number != std::floor(number)) number = -1;
    } else {
      number = -1;  // strings ("4096", "NaN"), booleans, arrays, objects
    }
    if (number < min || number < 0) {
      error = std::string(name) + ": must be " + kind;
      return false;
    }
    if (number > max) {
      error = std::string(name) + ": " + format(number) + " is above the limit of " + format(max);
      return false;
    }
    out = static_cast<int>(number);
    return true;
  }

  // Booleans: a wrong type keeps the default with a warning (these never decide validity).
  void boolean(const char* name, std::initializer_list<const char*> keys, bool& out) {
    const json* value = find(keys);
    if (value == nullptr) return;
    if (value->is_boolean()) {
      out = value->get<bool>();
    } else {
      warnings.push_back(std::string(name) + ": not true/false; using " + (out ? "true" : "false"));
    }
  }

  std::string text(std::initializer_list<const char*> keys) const {
    const json* value = find(keys);
    return value != nullptr && value->is_string() ? value->get<std::string>() : std::string();
  }

  static std::string format(double number) {
    if (number >= 1e15) {
      char buffer[32];
      std::snprintf(buffer, sizeof buffer, "%.3g", number);
      return buffer;
    }
    return std::to_string(static_cast<std::int64_t>(number));
  }

  std::string error;
  std::vector<std::string> warnings;

 private:
  const json& primary_;
  const json& fallback_;
};

// "gemma3_text" and "llama4_text" are the language halves of gemma3 / llama4.
std::string base_type(std::string type) {
  const std::string suffix = "_text";
  if (type.size() > suffix.size() &&
      type.compare(type.size() - suffix.size(), suffix.size(), suffix) == 0) {
    type.erase(type.size() - suffix.size());
  }
  return type;
}

bool is_known(const std::string& type) {
  for (const char* known :
       {"llama",       "mistral",    "mixtral",    "qwen2",       "qwen2_moe",  "qwen3",
        "qwen3_moe",   "gemma",      "gemma2",     "gemma3",      "phi3",       "deepseek_v2",
        "deepseek_v3", "kimi_k2",    "gpt_oss",    "glm",         "glm4",       "glm4_moe",
        "chatglm",     "gpt2",       "falcon",     "llama4",      "minimax_m2", "internlm2",
        "baichuan",    "qwen3_next", "qwen3_5",    "qwen3_5_moe", "nemotron_h", "falcon_h1",
        "jamba",       "qwen2_vl",   "qwen2_5_vl", "mamba",       "mamba2",     "exaone"}) {
    if (type == known) return true;
  }
  return false;
}

Family family_of(const std::string& type) {
  if (type == "deepseek_v2" || type == "deepseek_v3" || type == "kimi_k2") return Family::mla;
  if (type == "chatglm") return Family::chatglm;
  if (type == "gpt2") return Family::gpt2;
  if (type == "mamba" || type == "mamba2") return Family::mamba;
  if (type == "falcon" || type == "RefinedWeb" || type == "RefinedWebModel") return Family::falcon;
  return Family::llama_like;
}

bool starts_with(const std::string& text, const char* prefix) { return text.rfind(prefix, 0) == 0; }

// Families read with Llama-style keys whose MLP is the plain two-matrix GELU/ReLU kind (fc_in,
// fc_out), not SwiGLU/GeGLU: counting them as gated overstates their size by 30-40%.
bool has_plain_mlp(const std::string& type) {
  for (const char* plain : {"phi", "gpt_bigcode", "gpt_neox", "gptj", "mpt", "bloom", "opt",
                            "starcoder2", "codegen", "gpt_neo"}) {
    if (type == plain) return true;
  }
  return false;
}

// Sliding-window layout from `layer_types` (newer transformers): the first full-attention layer
// closes the repeating period (Gemma 3: 5 sliding + 1 full; gpt-oss: 1 sliding + 1 full).
void read_layer_types(Reader& r, ModelArch& m) {
  const json* types = r.find({"layer_types"});
  if (types == nullptr || !types->is_array() || types->empty()) return;
  int full = 0;
  int local = 0;
  int first_full = -1;
  for (std::size_t i = 0; i < types->size(); ++i) {
    const json& t = (*types)[i];
    if (!t.is_string()) continue;
    const std::string kind = t.get<std::string>();
    if (kind == "full_attention") {
      if (first_full < 0) first_full = static_cast<int>(i);
      ++full;
    } else if (kind == "sliding_attention" || kind == "chunked_attention") {
      ++local;
    }
  }
  if (local == 0) {
    m.sliding_window = 0;
  } else if (full == 0) {
    m.local_global_period = 0;  // every layer local
    m.global_layers_per_period = 0;
  } else {
    m.local_global_period = first_full + 1;
    m.global_layers_per_period = 1;
    if (full != m.num_layers / m.local_global_period) {
      r.warnings.push_back("layer_types: irregular pattern; read as 1 global layer in every " +
                           std::to_string(m.local_global_period));
    }
  }
}

void read_mixture_of_experts(Reader& r, const std::string& type, ModelArch& m) {
  r.integer("num_local_experts", {"num_local_experts", "num_experts", "n_routed_experts"}, false, 0,
            kMaxExperts, m.num_experts);
  if (m.num_experts == 0) return;
  r.integer("num_experts_per_tok", {"num_experts_per_tok", "experts_per_token", "moe_topk"}, false,
            1, kMaxExperts, m.experts_per_token);
  if (m.experts_per_token > m.num_experts) {
    r.error = "num_experts_per_tok (" + std::to_string(m.experts_per_token) +
              ") must not exceed the number of experts (" + std::to_string(m.num_experts) + ")";
    return;
  }
  r.integer("moe_intermediate_size", {"moe_intermediate_size"}, false, 1, kMaxIntermediate,
            m.moe_intermediate_size);
  r.integer("n_shared_experts", {"n_shared_experts", "num_shared_experts"}, false, 0, kMaxExperts,
            m.num_shared_experts);
  // Qwen2-MoE: one shared expert of its own width.
  // Nemotron-H MoE: moe_shared_expert_intermediate_size.
  r.integer("shared_expert_intermediate_size",
            {"shared_expert_intermediate_size", "moe_shared_expert_intermediate_size"}, false, 0,
            kMaxIntermediate, m.shared_expert_intermediate_size);
  if (m.shared_expert_intermediate_size > 0 && m.num_shared_experts == 0) {
    m.num_shared_experts = 1;
  }
  r.integer("first_k_dense_replace", {"first_k_dense_replace"}, false, 0, kMaxLayers,
            m.first_k_dense_layers);
  r.integer("moe_layer_freq",
            {"moe_layer_freq", "decoder_sparse_step", "interleave_moe_layer_step"}, false, 1,
            kMaxLayers, m.moe_layer_period);
  const json* dense_layers = r.find({"mlp_only_layers"});
  if (dense_layers != nullptr && dense_layers->is_array() && !dense_layers->empty()) {
    r.warnings.push_back("mlp_only_layers: not modelled; every layer counted as MoE");
  }
  if (type == "llama4") {
    // Llama 4: intermediate_size is the expert (and shared expert) width; dense layers use
    // intermediate_size_mlp.
    m.moe_intermediate_size = m.intermediate_size;
    m.num_shared_experts = 1;
    m.shared_expert_intermediate_size = m.intermediate_size;
    r.integer("intermediate_size_mlp", {"intermediate_size_mlp"}, false, 1, kMaxIntermediate,
              m.intermediate_size);
  }
}

void read_sliding_window(Reader& r, const std::string& type, ModelArch& m) {
  if (type == "llama4") {
    r.integer("attention_chunk_size", {"attention_chunk_size"}, false, 0, max_positions(),
              m.sliding_window);
    if (m.sliding_window > 0) {
      m.local_global_period = 4;  // chunked on 3 of every 4 layers (no_rope_layer_interval 4)
      m.global_layers_per_period = 1;
    }
    return;
  }
  if (!r.has({"sliding_window"})) return;
  if (type == "phi3") {
    r.warnings.push_back("sliding_window: ignored for Phi-3 (not every kernel applies it)");
    return;
  }
  bool use_sliding_window = true;
  r.boolean("use_sliding_window", {"use_sliding_window"}, use_sliding_window);
  if (!use_sliding_window) return;  // Qwen2/2.5/3 carry a window they do not use
  int window = 0;
  if (!r.integer("sliding_window", {"sliding_window"}, false, 0, max_positions(), window)) return;
  m.sliding_window = window;
  if (window == 0) return;
  if (type == "gemma2") {
    m.local_global_period = 2;  // alternating local/global
    m.global_layers_per_period = 1;
  } else if (type == "gemma3") {
    int pattern = 6;  // Gemma3TextConfig default: 5 local : 1 global
    r.integer("sliding_window_pattern", {"sliding_window_pattern"}, false, 1, kMaxLayers, pattern);
    m.local_global_period = pattern;
    m.global_layers_per_period = pattern > 1 ? 1 : 0;
  } else if (type == "gpt_oss") {
    m.local_global_period = 2;
    m.global_layers_per_period = 1;
  }
  read_layer_types(r, m);
}

// Hybrid stacks: which layers hold attention and which a recurrent mixer, and the mixer's shape.
// Qwen3-Next / Qwen3.5 (Qwen3NextConfig): layer_types or full_attention_interval, Gated DeltaNet
// linear_* keys. Nemotron-H (NemotronHConfig): hybrid_override_pattern, Mamba-2 keys. Falcon-H1
// (FalconH1Config): attention and Mamba-2 side by side in every layer. Jamba (JambaConfig):
// attn_layer_period / offset, Mamba-1 keys.
void read_hybrid(Reader& r, const std::string& type, ModelArch& m) {
  if (!r.error.empty()) return;
  const int layers = m.num_layers;
  if (type == "qwen3_next" || type == "qwen3_5" || type == "qwen3_5_moe") {
    m.recurrent = RecurrentKind::gated_deltanet;
    m.qk_norm = true;
    m.attention_output_gate = true;
    r.boolean("attn_output_gate", {"attn_output_gate"}, m.attention_output_gate);
    m.shared_expert_gate = m.num_shared_experts > 0;
    r.integer("linear_num_value_heads", {"linear_num_value_heads"}, true, 1, kMaxWidth,
              m.recurrent_heads);
    r.integer("linear_num_key_heads", {"linear_num_key_heads"}, true, 1, kMaxWidth,
              m.recurrent_groups);
    r.integer("linear_key_head_dim", {"linear_key_head_dim"}, true, 1, kMaxWidth,
              m.recurrent_state_dim);
    r.integer("linear_value_head_dim", {"linear_value_head_dim"}, true, 1, kMaxWidth,
              m.recurrent_head_dim);
    m.recurrent_conv_kernel = 4;
    r.integer("linear_conv_kernel_dim", {"linear_conv_kernel_dim"}, false, 1, 64,
              m.recurrent_conv_kernel);
    const json* types = r.find({"layer_types"});
    if (types != nullptr && types->is_array() && static_cast<int>(types->size()) == layers) {
      for (const json& t : *types) {
        const bool linear = t.is_string() && t.get<std::string>() == "linear_attention";
        m.layer_pattern += linear ? 'R' : 'A';
      }
    } else {
      int interval = 4;  // Qwen3NextConfig default
      r.integer("full_attention_interval", {"full_attention_interval"}, false, 1, kMaxLayers,
                interval);
      for (int i = 0; i < layers; ++i) m.layer_pattern += (i + 1) % interval == 0 ? 'A' : 'R';
    }
  } else if (type == "nemotron_h") {
    m.recurrent = RecurrentKind::mamba2;
    m.mlp_gated = false;    // squared-ReLU MLP: up and down
    m.norms_per_layer = 1;  // one pre-norm per block
    r.integer("mamba_num_heads", {"mamba_num_heads"}, true, 1, kMaxWidth, m.recurrent_heads);
    r.integer("mamba_head_dim", {"mamba_head_dim"}, true, 1, kMaxWidth, m.recurrent_head_dim);
    r.integer("ssm_state_size", {"ssm_state_size"}, true, 1, kMaxWidth, m.recurrent_state_dim);
    m.recurrent_groups = 8;
    r.integer("n_groups", {"n_groups", "mamba_num_groups"}, false, 1, kMaxWidth,
              m.recurrent_groups);
    m.recurrent_conv_kernel = 4;
    r.integer("conv_kernel", {"conv_kernel"}, false, 1, 64, m.recurrent_conv_kernel);
    m.layer_pattern = r.text({"hybrid_override_pattern"});
    if (static_cast<int>(m.layer_pattern.size()) != layers) {
      r.error = "hybrid_override_pattern: " + std::to_string(m.layer_pattern.size()) +
                " letters for " + std::to_string(layers) + " layers (num_hidden_layers)";
      return;
    }
    for (char c : m.layer_pattern) {
      if (c != 'M' && c != '*' && c != '-' && c != 'E') {
        r.error = std::string("hybrid_override_pattern: '") + c + "' is not M, *, - or E";
        return;
      }
    }
  } else if (type == "falcon_h1") {
    m.recurrent = RecurrentKind::mamba2;
    r.integer("mamba_n_heads", {"mamba_n_heads"}, true, 1, kMaxWidth, m.recurrent_heads);
    r.integer("mamba_d_head", {"mamba_d_head"}, true, 1, kMaxWidth, m.recurrent_head_dim);
    r.integer("mamba_d_state", {"mamba_d_state"}, true, 1, kMaxWidth, m.recurrent_state_dim);
    m.recurrent_groups = 1;
    r.integer("mamba_n_groups", {"mamba_n_groups"}, false, 1, kMaxWidth, m.recurrent_groups);
    m.recurrent_conv_kernel = 4;
    r.integer("mamba_d_conv", {"mamba_d_conv"}, false, 1, 64, m.recurrent_conv_kernel);
    m.layer_pattern.assign(static_cast<std::size_t>(layers), 'P');
  } else if (type == "jamba") {
    m.recurrent = RecurrentKind::mamba;
    int expand = 2;
    r.integer("mamba_expand", {"mamba_expand"}, false, 1, 64, expand);
    // The request's own limit for recurrentHeads, so an imported model round-trips.
    static const double heads_limit = find_record_field<ModelArch>("recurrentHeads")->max;
    if (double(expand) * m.hidden_size > heads_limit) {
      r.error = "mamba_expand: mamba_expand x hidden_size is above the limit of " +
                Reader::format(heads_limit);
      return;
    }
    m.recurrent_heads = expand * m.hidden_size;
    m.recurrent_head_dim = 1;
    m.recurrent_state_dim = 16;
    r.integer("mamba_d_state", {"mamba_d_state"}, false, 1, kMaxWidth, m.recurrent_state_dim);
    m.recurrent_conv_kernel = 4;
    r.integer("mamba_d_conv", {"mamba_d_conv"}, false, 1, 64, m.recurrent_conv_kernel);
    m.recurrent_dt_rank = (m.hidden_size + 15) / 16;  // "auto": ceil(hidden / 16)
    const json* rank = r.find({"mamba_dt_rank"});
    if (rank != nullptr && rank->is_number()) {
      r.integer("mamba_dt_rank", {"mamba_dt_rank"}, false, 1, kMaxWidth, m.recurrent_dt_rank);
    }
    int period = 8;
    int offset = 4;
    r.integer("attn_layer_period", {"attn_layer_period"}, false, 1, kMaxLayers, period);
    r.integer("attn_layer_offset", {"attn_layer_offset"}, false, 0, kMaxLayers, offset);
    for (int i = 0; i < layers; ++i) m.layer_pattern += i % period == offset ? 'A' : 'R';
    int expert_period = 2;
    int expert_offset = 1;
    r.integer("expert_layer_period", {"expert_layer_period"}, false, 1, kMaxLayers, expert_period);
    r.integer("expert_layer_offset", {"expert_layer_offset"}, false, 0, kMaxLayers, expert_offset);
    m.moe_layer_period = expert_period;
    if (m.num_experts > 0 && expert_offset != expert_period - 1) {
      r.warnings.push_back("expert_layer_offset: read as the last layer of each period");
    }
  }
  const std::string problem = layer_pattern_problem(m);
  if (!problem.empty() && r.error.empty()) r.error = problem;
}

// Attention-free stacks (MambaConfig, Mamba2Config in transformers): every layer a mixer with
// its pre-norm, no attention and no MLP ('M'), the embedding tied to the head by default.
void read_mamba(Reader& r, const std::string& type, ModelArch& m) {
  r.integer("hidden_size", {"hidden_size", "d_model"}, true, 1, kMaxWidth, m.hidden_size);
  r.integer("num_hidden_layers", {"num_hidden_layers", "n_layer"}, true, 1, kMaxLayers,
            m.num_layers);
  r.integer("vocab_size", {"vocab_size"}, true, 1, kMaxVocab, m.vocab_size);
  if (!r.error.empty()) return;
  m.tie_word_embeddings = true;
  r.boolean("tie_word_embeddings", {"tie_word_embeddings"}, m.tie_word_embeddings);
  m.num_heads = 0;
  m.num_kv_heads = 0;
  m.intermediate_size = 0;
  m.norms_per_layer = 1;
  m.recurrent_conv_kernel = 4;
  r.integer("conv_kernel", {"conv_kernel", "d_conv"}, false, 1, 64, m.recurrent_conv_kernel);
  int expand = 2;
  r.integer("expand", {"expand"}, false, 1, 64, expand);
  static const double heads_limit = find_record_field<ModelArch>("recurrentHeads")->max;
  if (double(expand) * m.hidden_size > heads_limit) {
    r.error = "expand: expand x hidden_size is above the limit of " + Reader::format(heads_limit);
    return;
  }
  if (type == "mamba") {
    m.recurrent = RecurrentKind::mamba;
    m.recurrent_heads = expand * m.hidden_size;  // channels
    m.recurrent_head_dim = 1;
    m.recurrent_groups = 0;
    m.recurrent_state_dim = 16;
    r.integer("state_size", {"state_size", "d_state"}, false, 1, kMaxWidth, m.recurrent_state_dim);
    m.recurrent_dt_rank = (m.hidden_size + 15) / 16;  // "auto": ceil(hidden / 16)
    const json* rank = r.find({"time_step_rank"});
    if (rank != nullptr && rank->is_number()) {
      r.integer("time_step_rank", {"time_step_rank"}, false, 1, kMaxWidth, m.recurrent_dt_rank);
    }
  } else {
    m.recurrent = RecurrentKind::mamba2;
    m.recurrent_head_dim = 64;
    r.integer("head_dim", {"head_dim"}, false, 1, kMaxWidth, m.recurrent_head_dim);
    m.recurrent_heads = expand * m.hidden_size / m.recurrent_head_dim;
    r.integer("num_heads", {"num_heads"}, false, 1, kMaxWidth, m.recurrent_heads);
    m.recurrent_groups = 8;
    r.integer("n_groups", {"n_groups"}, false, 1, kMaxWidth, m.recurrent_groups);
    m.recurrent_state_dim = 128;
    r.integer("state_size", {"state_size"}, false, 1, kMaxWidth, m.recurrent_state_dim);
  }
  m.layer_pattern.assign(static_cast<std::size_t>(m.num_layers), 'M');
  const std::string problem = layer_pattern_problem(m);
  if (!problem.empty() && r.error.empty()) r.error = problem;
}

void read_llama_like(Reader& r, const std::string& type, ModelArch& m) {
  const bool gemma = starts_with(type, "gemma");
  if (type == "gemma3") {
    // The hub's Gemma 3 text_config names only the keys that differ from Gemma3TextConfig.
    m.num_heads = 8;
    m.num_kv_heads = 4;
    m.head_dim = 256;
    m.vocab_size = 262208;
    m.max_position_embeddings = 131072;
  }
  const int default_heads = m.num_heads;
  r.integer("hidden_size", {"hidden_size"}, true, 1, kMaxWidth, m.hidden_size);
  // EXAONE 3.x (remote code, a Llama-style block) names the layer count num_layers.
  r.integer("num_hidden_layers", {"num_hidden_layers", "num_layers"}, true, 1, kMaxLayers,
            m.num_layers);
  r.integer("num_attention_heads", {"num_attention_heads"}, default_heads == 0, 1, kMaxWidth,
            m.num_heads);
  r.integer("num_key_value_heads", {"num_key_value_heads"}, false, 1, kMaxWidth, m.num_kv_heads);
  r.integer("head_dim", {"head_dim"}, false, 1, kMaxWidth, m.head_dim);
  r.integer("intermediate_size", {"intermediate_size"}, true, 1, kMaxIntermediate,
            m.intermediate_size);
  r.integer("vocab_size", {"vocab_size"}, m.vocab_size == 0, 1, kMaxVocab, m.vocab_size);
  if (!r.error.empty()) return;
  if (has_plain_mlp(type)) m.mlp_gated = false;
  if (type == "gemma3" && !(r.has({"num_attention_heads"}) && r.has({"vocab_size"}))) {
    r.warnings.push_back(
        "Gemma 3 defaults used for keys the config omits (8 heads, 4 KV heads, "
        "head_dim 256, vocab 262208)");
  }
  m.tie_word_embeddings = gemma;
  r.boolean("tie_word_embeddings", {"tie_word_embeddings"}, m.tie_word_embeddings);

  // q/k/v biases: always on in Qwen2 / Qwen2-MoE and GLM; a config key elsewhere.
  m.attention_bias = type == "qwen2" || type == "qwen2_moe" || type == "qwen2_vl" ||
                     type == "qwen2_5_vl" || type == "glm" || type == "gpt_oss";
  r.boolean("attention_bias", {"attention_bias", "bias"}, m.attention_bias);
  if (type == "gpt_oss") {
    m.attention_out_bias = true;  // o_proj bias, and biases on every expert projection
    m.mlp_bias = true;
  }
  r.boolean("mlp_bias", {"mlp_bias"}, m.mlp_bias);

  // Norms: Gemma 2/3 and GLM-4 add post-attention and post-MLP norms; QK-norm over head_dim in
  // Qwen3, Gemma 3 and (use_qk_norm) GLM-4.5 / MiniMax. Llama 4's QK-norm is a weightless L2 norm.
  if (type == "gemma2" || type == "gemma3" || type == "glm4") m.norms_per_layer = 4;
  m.qk_norm = type == "qwen3" || type == "qwen3_moe" || type == "gemma3";
  if (type != "llama4") r.boolean("use_qk_norm", {"use_qk_norm"}, m.qk_norm);

  read_mixture_of_experts(r, type, m);
  read_sliding_window(r, type, m);
  if (type == "qwen2_moe") m.shared_expert_gate = m.num_shared_experts > 0;
  read_hybrid(r, type, m);
}

void read_mla(Reader& r, ModelArch& m) {
  m.attention = AttentionKind::mla;
  r.integer("hidden_size", {"hidden_size"}, true, 1, kMaxWidth, m.hidden_size);
  r.integer("num_hidden_layers", {"num_hidden_layers"}, true, 1, kMaxLayers, m.num_layers);
  r.integer("num_attention_heads", {"num_attention_heads"}, true, 1, kMaxWidth, m.num_heads);
  r.integer("intermediate_size", {"intermediate_size"}, true, 1, kMaxIntermediate,
            m.intermediate_size);
  r.integer("vocab_size", {"vocab_size"}, true, 1, kMaxVocab, m.vocab_size);
  r.integer("kv_lora_rank", {"kv_lora_rank"}, true, 1, kMaxWidth, m.kv_lora_rank);
  r.integer("q_lora_rank", {"q_lora_rank"}, false, 0, kMaxWidth, m.q_lora_rank);  // null: V2-Lite
  r.integer("qk_rope_head_dim", {"qk_rope_head_dim"}, true, 1, kMaxWidth, m.qk_rope_head_dim);
  r.integer("qk_nope_head_dim", {"qk_nope_head_dim"}, true, 0, kMaxWidth, m.qk_nope_head_dim);
  r.integer("v_head_dim", {"v_head_dim"}, true, 1, kMaxWidth, m.v_head_dim);
  // Every head reads the shared latent: no KV-head grouping. head_dim stays 0 (not applicable;
  // normalize_model gives the q/k width nope + rope).
  m.num_kv_heads = m.num_heads;
  r.boolean("tie_word_embeddings", {"tie_word_embeddings"}, m.tie_word_embeddings);
  read_mixture_of_experts(r, "deepseek", m);
}

// ChatGLM2/3 and GLM-4 (remote code) name things their own way; ChatGLM-6B (v1) is a GPT-style
// block: LayerNorm with biases, biased projections, GELU MLP, tied embeddings.
void read_chatglm(Reader& r, ModelArch& m) {
  r.integer("hidden_size", {"hidden_size"}, true, 1, kMaxWidth, m.hidden_size);
  r.integer("num_layers", {"num_layers", "num_hidden_layers"}, true, 1, kMaxLayers, m.num_layers);
  r.integer("num_attention_heads", {"num_attention_heads"}, true, 1, kMaxWidth, m.num_heads);
  r.integer("kv_channels", {"kv_channels"}, false, 1, kMaxWidth, m.head_dim);
  bool multi_query = false;
  r.boolean("multi_query_attention", {"multi_query_attention"}, multi_query);
  if (multi_query) {
    r.integer("multi_query_group_num", {"multi_query_group_num"}, true, 1, kMaxWidth,
              m.num_kv_heads);
  }
  const bool v1 = r.has({"inner_hidden_size"});
  if (v1) {
    r.integer("inner_hidden_size", {"inner_hidden_size"}, true, 1, kMaxIntermediate,
              m.intermediate_size);
    r.integer("vocab_size", {"vocab_size"}, true, 1, kMaxVocab, m.vocab_size);
    m.mlp_gated = false;
    m.layer_norm_with_bias = true;
    m.attention_bias = m.attention_out_bias = m.mlp_bias = true;
    m.tie_word_embeddings = true;  // no key in the config: the transformers default applies
  } else {
    r.integer("ffn_hidden_size", {"ffn_hidden_size"}, true, 1, kMaxIntermediate,
              m.intermediate_size);
    r.integer("padded_vocab_size", {"padded_vocab_size", "vocab_size"}, true, 1, kMaxVocab,
              m.vocab_size);
    bool rmsnorm = true;
    r.boolean("rmsnorm", {"rmsnorm"}, rmsnorm);
    m.layer_norm_with_bias = !rmsnorm;
    r.boolean("add_qkv_bias", {"add_qkv_bias"}, m.attention_bias);
    bool bias_linear = false;
    r.boolean("add_bias_linear", {"add_bias_linear"}, bias_linear);
    m.attention_out_bias = m.mlp_bias = bias_linear;
  }
  r.boolean("tie_word_embeddings", {"tie_word_embeddings"}, m.tie_word_embeddings);
}

void read_gpt2(Reader& r, ModelArch& m) {
  r.integer("n_embd", {"n_embd", "hidden_size"}, true, 1, kMaxWidth, m.hidden_size);
  r.integer("n_layer", {"n_layer", "num_hidden_layers"}, true, 1, kMaxLayers, m.num_layers);
  r.integer("n_head", {"n_head", "num_attention_heads"}, true, 1, kMaxWidth, m.num_heads);
  m.vocab_size = 50257;
  r.integer("vocab_size", {"vocab_size"}, false, 1, kMaxVocab, m.vocab_size);
  m.intermediate_size = 0;
  r.integer("n_inner", {"n_inner"}, false, 1, kMaxIntermediate, m.intermediate_size);
  if (m.intermediate_size == 0 && m.hidden_size <= kMaxWidth) {
    m.intermediate_size = 4 * m.hidden_size;  // n_inner null -> 4 x n_embd
  }
  m.mlp_gated = false;
  m.layer_norm_with_bias = true;
  m.attention_bias = m.attention_out_bias = m.mlp_bias = true;
  m.learned_position_embeddings = true;
  m.tie_word_embeddings = true;
  r.boolean("tie_word_embeddings", {"tie_word_embeddings"}, m.tie_word_embeddings);
}

// Falcon (FalconConfig and the older RefinedWeb keys): LayerNorm, GELU MLP 4 x hidden, MQA by
// default; new_decoder_architecture (40B, 180B) brings grouped KV heads and two norms per layer.
void read_falcon(Reader& r, ModelArch& m) {
  r.integer("hidden_size", {"hidden_size", "n_embed"}, true, 1, kMaxWidth, m.hidden_size);
  r.integer("num_hidden_layers", {"num_hidden_layers", "n_layer"}, true, 1, kMaxLayers,
            m.num_layers);
  r.integer("num_attention_heads", {"num_attention_heads", "n_head"}, true, 1, kMaxWidth,
            m.num_heads);
  m.vocab_size = 65024;
  r.integer("vocab_size", {"vocab_size"}, false, 1, kMaxVocab, m.vocab_size);
  bool new_architecture = false;
  r.boolean("new_decoder_architecture", {"new_decoder_architecture"}, new_architecture);
  bool multi_query = true;
  r.boolean("multi_query", {"multi_query"}, multi_query);
  bool parallel = true;
  r.boolean("parallel_attn", {"parallel_attn"}, parallel);
  if (new_architecture) {
    r.integer("num_kv_heads", {"num_kv_heads", "n_head_kv"}, true, 1, kMaxWidth, m.num_kv_heads);
    m.norms_per_layer = 2;  // ln_attn and ln_mlp
    r.integer("num_ln_in_parallel_attn", {"num_ln_in_parallel_attn"}, false, 1, 2,
              m.norms_per_layer);
  } else {
    m.num_kv_heads = multi_query ? 1 : m.num_heads;
    m.norms_per_layer = parallel ? 1 : 2;  // Falcon-7B shares one LayerNorm
  }
  m.intermediate_size = 0;
  r.integer("ffn_hidden_size", {"ffn_hidden_size"}, false, 1, kMaxIntermediate,
            m.intermediate_size);
  if (m.intermediate_size == 0 && m.hidden_size <= kMaxWidth)
    m.intermediate_size = 4 * m.hidden_size;
  m.mlp_gated = false;
  m.layer_norm_with_bias = true;
  bool bias = false;
  r.boolean("bias", {"bias"}, bias);
  m.attention_bias = m.attention_out_bias = m.mlp_bias = bias;
  m.tie_word_embeddings = true;
  r.boolean("tie_word_embeddings", {"tie_word_embeddings"}, m.tie_word_embeddings);
}

// Checks the shapes fit together so the parameter and KV formulas mean something.
void check_shapes(Reader& r, ModelArch& m) {
  if (!r.error.empty() || m.attention == AttentionKind::mla || m.num_heads == 0) return;
  if (m.head_dim == 0) {
    if (m.hidden_size % m.num_heads != 0) {
      r.error = "num_attention_heads (" + std::to_string(m.num_heads) +
                ") must divide hidden_size (" + std::to_string(m.hidden_size) +
                ") when head_dim is absent";
      return;
    }
    m.head_dim = m.hidden_size / m.num_heads;
  }
  if (m.num_kv_heads == 0) m.num_kv_heads = m.num_heads;
  if (m.num_kv_heads > m.num_heads || m.num_heads % m.num_kv_heads != 0) {
    r.error = "num_key_value_heads (" + std::to_string(m.num_kv_heads) +
              ") must divide num_attention_heads (" + std::to_string(m.num_heads) + ")";
  }
}

void read_context_and_dtype(Reader& r, ModelArch& m) {
  // Context key names: max_position_embeddings (most), seq_length (ChatGLM), n_positions (GPT-2),
  // max_sequence_length (ChatGLM-6B, LLaMA v1), model_max_length (Baichuan 2).
  const json* context = r.find({"max_position_embeddings", "seq_length", "n_positions",
                                "max_sequence_length", "model_max_length"});
  if (context != nullptr && context->is_number() && context->get<double>() >= 1) {
    const double tokens = context->get<double>();
    if (tokens > max_positions()) {
      r.warnings.push_back("max_position_embeddings: capped at " +
                           std::to_string(static_cast<long long>(max_positions())));
      m.max_position_embeddings = static_cast<int>(max_positions());
    } else {
      m.max_position_embeddings = static_cast<int>(tokens);
    }
  } else if (m.max_position_embeddings == 0) {
    m.max_position_embeddings = m.family == "gpt2" ? 1024 : 2048;
    r.warnings.push_back("max_position_embeddings: missing; assuming " +
                         std::to_string(m.max_position_embeddings));
  }

  m.weights_dtype = r.text({"torch_dtype", "dtype"});
  if (m.weights_dtype.empty()) m.weights_dtype = m.family == "gpt2" ? "float32" : "bfloat16";
  m.published_format = m.weights_dtype == "float32"   ? "fp32"
                       : m.weights_dtype == "float16" ? "fp16"
                                                      : "bf16";
  const json* quant = r.find({"quantization_config"});
  if (quant == nullptr || !quant->is_object()) return;
  const auto method_it = quant->find("quant_method");
  const std::string method =
      method_it != quant->end() && method_it->is_string() ? method_it->get<std::string>() : "";
  if (method == "fp8") {
    m.published_format =
        quant->contains("weight_block_size") ? "fp8-e4m3-block128" : "fp8-e4m3-per-tensor";
  } else if (method == "mxfp4") {
    m.published_format = "mxfp4";
  } else if (method == "gptq" || method == "awq") {
    const auto bits = quant->find("bits");
    const auto group = quant->find("group_size");
    std::string id = method == "gptq" ? "gptq-" : "awq-";
    id += (bits != quant->end() && bits->is_number_integer()
               ? std::to_string(bits->get<std::int64_t>())
               : std::string("4")) +
          "bit-g" +
          (group != quant->end() && group->is_number_integer()
               ? std::to_string(group->get<std::int64_t>())
               : std::string("128"));
    if (find_format(id) != nullptr) {
      m.published_format = id;
    } else {
      r.warnings.push_back("quantization_config: no catalog format " + id);
    }
  } else if (!method.empty()) {
    r.warnings.push_back("quantization_config: quant_method '" + method + "' not recognised");
  }
}

}  // namespace

HfConfigResult model_from_hf_config(const std::string& config_json_text) {
  HfConfigResult result;
  const json root = json::parse(config_json_text);
  if (root.is_discarded()) {
    result.error = "config.json: not valid JSON";
    return result;
  }
  if (!root.is_object()) {
    result.error = "config.json: expected a JSON object at the top level";
    return result;
  }
  const auto text_it = root.find("text_config");
  const bool nested = text_it != root.end() && text_it->is_object();
  const json& text_config = nested ? *text_it : root;
  Reader r(text_config, root);

  // Multimodal wrappers (gemma3, llama4, mistral3, llava...) name the language model's type in
  // text_config; take whichever of the two is a family we know.
  auto type_of = [](const json& object) {
    const auto it = object.find("model_type");
    return it != object.end() && it->is_string() ? base_type(it->get<std::string>())
                                                 : std::string();
  };
  const std::string outer_type = type_of(root);
  const std::string inner_type = nested ? type_of(text_config) : std::string();
  std::string type = is_known(outer_type) || !is_known(inner_type) ? outer_type : inner_type;
  if (type == "RefinedWeb" || type == "RefinedWebModel") type = "falcon";
  if (!is_known(type)) {
    r.warnings.push_back(type.empty() ? "model_type: missing; read as a Llama-style decoder"
                                      : "model_type '" + type +
                                            "' is not known; read as a Llama-style decoder");
  }

  ModelArch m;
  m.model_type = type;
  m.family = type;
  switch (family_of(type)) {
    case Family::llama_like:
      read_llama_like(r, type, m);
      break;
    case Family::mla:
      read_mla(r, m);
      break;
    case Family::chatglm:
      read_chatglm(r, m);
      break;
    case Family::gpt2:
      read_gpt2(r, m);
      break;
    case Family::falcon:
      read_falcon(r, m);
      break;
    case Family::mamba:
      read_mamba(r, type, m);
      break;
  }
  check_shapes(r, m);
  if (!r.error.empty()) {
    result.error = r.error;
    result.warnings = r.warnings;
    return result;
  }
  read_context_and_dtype(r, m);
  read_vision_config(root, outer_type, m, r.warnings);

  const std::string path = r.text({"_name_or_path", "name_or_path"});
  m.hf_repo = path;
  m.name = path.empty() ? "Imported " + (type.empty() ? std::string("model") : type) : path;
  m.id = "hf:" + (path.empty() ? type : path);
  m.source = "config.json import";
  result.ok = true;
  result.model = m;
  result.warnings = r.warnings;
  return result;
}

}  // namespace sizer
