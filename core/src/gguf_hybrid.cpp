// GGUF files of stacks whose layers are not all attention + MLP, read with the keys llama.cpp's
// loader reads (ggml-org/llama.cpp: the per-architecture cases of llama_model::load_hparams in
// src/llama-model.cpp, now src/models/<arch>.cpp load_arch_hparams / load_arch_tensors) as
// convert_hf_to_gguf.py writes them. The layer letters are those of sizer/layers.hpp.
#include <algorithm>
#include <string>
#include <vector>

#include "gguf_metadata.hpp"
#include "sizer/layers.hpp"
#include "sizer/record_fields.hpp"

namespace sizer {
namespace gguf_detail {
namespace {

// JambaConfig's default expert_layer_period (transformers configuration_jamba.py), for a part of
// a split file that holds none of the router tensors that say which layers have experts.
constexpr int kJambaExpertPeriod = 2;

// Qwen3NextConfig's default full_attention_interval (transformers configuration_qwen3_next.py).
constexpr int kQwen3NextAttentionInterval = 4;

// The request's own limit for a model field, so an imported model always fits a request.
long long limit_of(const char* field) {
  return static_cast<long long>(find_record_field<ModelArch>(field)->max);
}
bool within_limit(int value, const char* field) { return value <= limit_of(field); }

std::string key_of(const Metadata& meta, const char* suffix) { return meta.arch + "." + suffix; }

// A key llama.cpp's loader requires (ml.get_key without `false`), as a positive count within the
// request's limit for `field`.
void required(const Metadata& meta, const char* suffix, const char* field, int& out,
              std::vector<std::string>& w) {
  const std::string key = key_of(meta, suffix);
  if (meta.find(key) == nullptr) {
    w.push_back(key + ": missing (llama.cpp's loader requires it)");
    return;
  }
  if (!arch_int(meta, suffix, out, w)) return;
  if (out <= 0) {
    w.push_back(key + ": must be positive");
  } else if (!within_limit(out, field)) {
    w.push_back(key + ": " + std::to_string(out) + " is above the limit of model." + field + " (" +
                std::to_string(limit_of(field)) + ")");
  } else {
    return;
  }
  out = 0;
}

// `<arch>.<suffix>` for every layer: hybrid files write an array of block_count entries, 0 where
// the layer lacks the part (llama.cpp get_key_or_arr); one number stands for every layer. Empty
// when absent; a warning when the value does not describe `layers` layers.
std::vector<int> per_layer(const Metadata& meta, const char* suffix, int layers,
                           std::vector<std::string>& w) {
  const std::string key = key_of(meta, suffix);
  const Value* v = meta.find(key);
  if (v == nullptr) return {};
  std::vector<double> numbers;
  if (v->is_number) {
    numbers.assign(static_cast<std::size_t>(layers), v->number);
  } else if (v->is_array && v->array_length != static_cast<std::uint64_t>(layers)) {
    w.push_back(key + ": " + std::to_string(v->array_length) + " values for " +
                std::to_string(layers) + " layers (block_count)");
    return {};
  } else if (v->is_array && v->array_numbers.size() == v->array_length) {
    numbers = v->array_numbers;
  }
  if (numbers.empty() && layers > 0) {
    w.push_back(key + ": not a count or an array of per-layer counts");
    return {};
  }
  std::vector<int> out;
  for (double n : numbers) {
    if (!(n >= 0) || n > 1e9) {
      w.push_back(key + ": not a usable count; ignored");
      return {};
    }
    out.push_back(static_cast<int>(n));
  }
  return out;
}

// The width the layers that have the part share (the core keeps one per kind); the largest, with
// a warning, when they differ.
int shared_width(const std::vector<int>& values, const Metadata& meta, const char* suffix,
                 std::vector<std::string>& w) {
  int width = 0;
  bool differ = false;
  for (int v : values) {
    if (v == 0) continue;
    differ = differ || (width != 0 && v != width);
    width = std::max(width, v);
  }
  if (differ) {
    w.push_back(key_of(meta, suffix) +
                ": the layers differ; the largest value is used for every layer that has one");
  }
  return width;
}

// Mamba-2 (llama.cpp build_mamba2_layer): ssm.time_step_rank is the head count, ssm.inner_size
// the heads x head dim, ssm.group_count the B/C groups, ssm.state_size d_state.
void read_mamba2(const Metadata& meta, ModelArch& m, std::vector<std::string>& w) {
  m.recurrent = RecurrentKind::mamba2;
  int inner = 0;
  required(meta, "ssm.conv_kernel", "recurrentConvKernel", m.recurrent_conv_kernel, w);
  required(meta, "ssm.state_size", "recurrentStateDim", m.recurrent_state_dim, w);
  required(meta, "ssm.group_count", "recurrentGroups", m.recurrent_groups, w);
  required(meta, "ssm.time_step_rank", "recurrentHeads", m.recurrent_heads, w);
  // heads x head dim: its limit is the head dim's, checked once divided.
  required(meta, "ssm.inner_size", "recurrentHeads", inner, w);
  m.recurrent_head_dim = 0;
  if (inner <= 0 || m.recurrent_heads <= 0) return;
  if (inner % m.recurrent_heads != 0) {
    w.push_back(key_of(meta, "ssm.inner_size") + " (" + std::to_string(inner) +
                ") is not a multiple of the head count " + key_of(meta, "ssm.time_step_rank") +
                " (" + std::to_string(m.recurrent_heads) + ")");
    return;
  }
  if (!within_limit(inner / m.recurrent_heads, "recurrentHeadDim")) {
    w.push_back(key_of(meta, "ssm.inner_size") + " / " + key_of(meta, "ssm.time_step_rank") +
                " is above the limit of model.recurrentHeadDim (" +
                std::to_string(limit_of("recurrentHeadDim")) + ")");
    return;
  }
  m.recurrent_head_dim = inner / m.recurrent_heads;
}

// Mamba-1 (llama.cpp build_mamba_layer): ssm.inner_size channels, each with a state of
// ssm.state_size; ssm.time_step_rank is the rank of dt's projection.
void read_mamba1(const Metadata& meta, ModelArch& m, std::vector<std::string>& w) {
  m.recurrent = RecurrentKind::mamba;
  required(meta, "ssm.conv_kernel", "recurrentConvKernel", m.recurrent_conv_kernel, w);
  required(meta, "ssm.state_size", "recurrentStateDim", m.recurrent_state_dim, w);
  required(meta, "ssm.inner_size", "recurrentHeads", m.recurrent_heads, w);
  required(meta, "ssm.time_step_rank", "recurrentDtRank", m.recurrent_dt_rank, w);
  m.recurrent_head_dim = 1;
  m.recurrent_groups = 0;
}

// Qwen3-Next (LLM_ARCH_QWEN3NEXT): the Gated DeltaNet's shape in ssm.* keys (state_size = key
// head dim, group_count = key heads, time_step_rank = value heads, inner_size = value heads x
// value head dim), every full_attention_interval-th layer attention; nextn_predict_layers
// trailing MTP blocks are not part of the model that generates.
void read_qwen3next(const Metadata& meta, ModelArch& m, std::vector<std::string>& w) {
  int interval = kQwen3NextAttentionInterval, inner = 0, mtp = 0;
  arch_int(meta, "full_attention_interval", interval, w);
  arch_int(meta, "ssm.inner_size", inner, w);
  arch_int(meta, "nextn_predict_layers", mtp, w);
  arch_int(meta, "ssm.conv_kernel", m.recurrent_conv_kernel, w);
  arch_int(meta, "ssm.state_size", m.recurrent_state_dim, w);
  arch_int(meta, "ssm.group_count", m.recurrent_groups, w);
  arch_int(meta, "ssm.time_step_rank", m.recurrent_heads, w);
  if (interval < 1) interval = kQwen3NextAttentionInterval;
  if (mtp > 0 && mtp < m.num_layers) m.num_layers -= mtp;
  m.recurrent = RecurrentKind::gated_deltanet;
  m.recurrent_head_dim = m.recurrent_heads > 0 ? inner / m.recurrent_heads : 0;
  m.attention_output_gate = true;
  m.qk_norm = true;
  m.shared_expert_gate = m.shared_expert_intermediate_size > 0;
  for (int i = 0; i < m.num_layers; ++i) m.layer_pattern += (i + 1) % interval == 0 ? 'A' : 'R';
}

// Nemotron-H (llama.cpp nemotron-h.cpp): a layer is Mamba-2 when both its head_count_kv and its
// feed_forward_length are 0, attention when only feed_forward_length is, else an MLP (routed
// experts in nemotron_h_moe). The MLP is up, squared ReLU, down (no gate); one norm per block.
void read_nemotron_h(const Metadata& meta, const std::vector<int>& kv, const std::vector<int>& ff,
                     ModelArch& m, std::vector<std::string>& w) {
  read_mamba2(meta, m, w);
  m.mlp_gated = false;
  m.norms_per_layer = 1;
  if (kv.empty() || ff.empty()) {
    w.push_back(key_of(meta, "attention.head_count_kv") + " and " +
                key_of(meta, "feed_forward_length") +
                ": needed per layer to tell the Mamba-2, attention and MLP layers apart");
    return;
  }
  const bool moe = meta.arch == "nemotron_h_moe";
  // nemotron_h_moe: every MLP layer is routed experts; convert_hf_to_gguf.py writes their
  // moe_intermediate_size into feed_forward_length as well as expert_feed_forward_length.
  if (moe && m.moe_intermediate_size == 0) m.moe_intermediate_size = m.intermediate_size;
  for (int i = 0; i < m.num_layers; ++i) {
    const std::size_t l = static_cast<std::size_t>(i);
    m.layer_pattern += kv[l] == 0 && ff[l] == 0 ? 'M' : ff[l] == 0 ? '*' : moe ? 'E' : '-';
  }
}

// Jamba (llama.cpp jamba.cpp): attention where head_count_kv is non-zero, Mamba-1 elsewhere, an
// MLP in every layer; the MLP is routed experts where the layer has a router (ffn_gate_inp),
// which the core describes as every moe_layer_period-th layer.
void read_jamba(const Metadata& meta, const TensorIndex& tensors, const std::vector<int>& kv,
                ModelArch& m, std::vector<std::string>& w) {
  read_mamba1(meta, m, w);
  if (kv.empty()) {
    w.push_back(key_of(meta, "attention.head_count_kv") +
                ": needed per layer to tell the attention and Mamba layers apart");
    return;
  }
  for (int i = 0; i < m.num_layers; ++i) {
    m.layer_pattern += kv[static_cast<std::size_t>(i)] > 0 ? 'A' : 'R';
  }
  if (m.num_experts <= 0) return;
  auto has = [&](int layer, const char* name) {
    return tensors.count("blk." + std::to_string(layer) + "." + name) != 0;
  };
  int first = -1;
  for (int i = 0; i < m.num_layers && first < 0; ++i) {
    if (has(i, "ffn_gate_inp.weight")) first = i;
  }
  if (first < 0) {
    m.moe_layer_period = kJambaExpertPeriod;
    w.push_back(
        "jamba: no router tensors (blk.N.ffn_gate_inp) in this file; experts assumed in "
        "every 2nd layer (JambaConfig's default)");
    return;
  }
  m.moe_layer_period = first + 1;
  for (int i = 0; i < m.num_layers; ++i) {
    // Only blocks whose tensors are in this part say anything (a split part holds some).
    if (!has(i, "attn_norm.weight")) continue;
    if (has(i, "ffn_gate_inp.weight") != ((i + 1) % m.moe_layer_period == 0)) {
      w.push_back("jamba: routed experts at layers no period describes; read as one layer in " +
                  std::to_string(m.moe_layer_period) + " from layer " + std::to_string(first));
      return;
    }
  }
}

}  // namespace

bool is_recurrent_stack(const std::string& arch) {
  for (const char* name :
       {"qwen3next", "nemotron_h", "nemotron_h_moe", "falcon-h1", "jamba", "mamba", "mamba2"}) {
    if (arch == name) return true;
  }
  return false;
}

void read_recurrent_stack(const Metadata& meta, const TensorIndex& tensors, ModelArch& m,
                          std::vector<std::string>& w) {
  // A pattern never holds more layers than a request can.
  if (!within_limit(m.num_layers, "numLayers")) {
    w.push_back(key_of(meta, "block_count") + ": " + std::to_string(m.num_layers) +
                " layers is above the limit of " + std::to_string(limit_of("numLayers")));
    return;
  }
  const std::vector<int> kv = per_layer(meta, "attention.head_count_kv", m.num_layers, w);
  const std::vector<int> ff = per_layer(meta, "feed_forward_length", m.num_layers, w);
  m.num_kv_heads = shared_width(kv, meta, "attention.head_count_kv", w);
  m.intermediate_size = shared_width(ff, meta, "feed_forward_length", w);
  m.layer_pattern.clear();
  if (meta.arch == "qwen3next") {
    read_qwen3next(meta, m, w);
  } else if (meta.arch == "nemotron_h" || meta.arch == "nemotron_h_moe") {
    read_nemotron_h(meta, kv, ff, m, w);
  } else if (meta.arch == "falcon-h1") {
    // Attention and Mamba-2 side by side in every layer (llama.cpp falcon-h1.cpp), then the MLP.
    read_mamba2(meta, m, w);
    m.layer_pattern.assign(static_cast<std::size_t>(m.num_layers), 'P');
  } else if (meta.arch == "jamba") {
    read_jamba(meta, tensors, kv, m, w);
  } else {
    // Mamba / Mamba-2: every layer the mixer alone behind one norm; the converter writes
    // head_count and feed_forward_length 0 ("unused").
    if (meta.arch == "mamba") {
      read_mamba1(meta, m, w);
    } else {
      read_mamba2(meta, m, w);
    }
    m.norms_per_layer = 1;
    m.layer_pattern.assign(static_cast<std::size_t>(m.num_layers), 'M');
  }
}

}  // namespace gguf_detail
}  // namespace sizer
