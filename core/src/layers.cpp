// Layer kinds of hybrid stacks (see layers.hpp).
#include "sizer/layers.hpp"

#include <algorithm>
#include <cstring>

namespace sizer {

namespace {

char letter(const ModelArch& m, int layer) {
  if (m.layer_pattern.empty()) return 'A';
  if (layer < 0 || layer >= static_cast<int>(m.layer_pattern.size())) return 'A';
  return m.layer_pattern[static_cast<std::size_t>(layer)];
}

template <class Pred>
int count_layers(const ModelArch& m, Pred pred) {
  int n = 0;
  for (int layer = 0; layer < m.num_layers; ++layer) n += pred(m, layer) ? 1 : 0;
  return n;
}

}  // namespace

bool layer_has_attention(const ModelArch& m, int layer) {
  const char c = letter(m, layer);
  return c == 'A' || c == 'P' || c == '*';
}

bool layer_has_recurrent_mixer(const ModelArch& m, int layer) {
  const char c = letter(m, layer);
  return c == 'R' || c == 'P' || c == 'M';
}

bool layer_has_mlp(const ModelArch& m, int layer) {
  const char c = letter(m, layer);
  return c == 'A' || c == 'R' || c == 'P' || c == '-' || c == 'E';
}

namespace {

// layer_is_moe with the pattern's E question already answered (the counts ask it once).
bool is_moe(const ModelArch& m, int layer, bool pattern_names_experts) {
  if (m.num_experts <= 0 || !layer_has_mlp(m, layer)) return false;
  if (pattern_names_experts) return letter(m, layer) == 'E';
  // DeepSeek: layers from first_k_dense_replace on; Llama 4: every interleave_moe_layer_step-th
  // layer counted from 1 (layers 1, 3, 5... for step 2).
  return layer >= m.first_k_dense_layers && (layer + 1) % std::max(1, m.moe_layer_period) == 0;
}

bool names_experts(const ModelArch& m) { return m.layer_pattern.find('E') != std::string::npos; }

}  // namespace

bool layer_is_moe(const ModelArch& m, int layer) { return is_moe(m, layer, names_experts(m)); }

// The counts run inside the solvers' searches: plain decoders skip the per-layer walk.
int attention_layer_count(const ModelArch& m) {
  return m.layer_pattern.empty() ? m.num_layers : count_layers(m, layer_has_attention);
}
int mlp_layer_count(const ModelArch& m) {
  return m.layer_pattern.empty() ? m.num_layers : count_layers(m, layer_has_mlp);
}
int recurrent_layer_count(const ModelArch& m) {
  return m.layer_pattern.empty() ? 0 : count_layers(m, layer_has_recurrent_mixer);
}
int moe_layer_count(const ModelArch& m) {
  if (m.num_experts <= 0) return 0;
  const bool experts_named = names_experts(m);
  int n = 0;
  for (int layer = 0; layer < m.num_layers; ++layer) n += is_moe(m, layer, experts_named) ? 1 : 0;
  return n;
}

int tensor_parallel_sync_points(const ModelArch& m) {
  if (m.layer_pattern.empty()) return 2 * m.num_layers;
  int n = 0;
  for (int layer = 0; layer < m.num_layers; ++layer) {
    n += (layer_has_attention(m, layer) || layer_has_recurrent_mixer(m, layer)) ? 1 : 0;
    n += layer_has_mlp(m, layer) ? 1 : 0;
  }
  return n;
}

double recurrent_mixer_params(const ModelArch& m) {
  const double h = m.hidden_size;
  const double heads = m.recurrent_heads;
  const double groups = m.recurrent_groups;
  const double state = m.recurrent_state_dim;
  const double head_dim = m.recurrent_head_dim;
  const double kernel = m.recurrent_conv_kernel;
  switch (m.recurrent) {
    case RecurrentKind::gated_deltanet: {
      // in_proj_qkvz (q, k: groups x state_dim; v, z: heads x head_dim), in_proj_ba (beta and
      // the decay input per value head), a bias-free depthwise conv over q, k, v, A_log and
      // dt_bias per head, a gated RMSNorm over head_dim, out_proj.
      const double key = groups * state;
      const double value = heads * head_dim;
      return h * (2 * key + 2 * value) + h * 2 * heads + (2 * key + value) * kernel + 2 * heads +
             head_dim + value * h;
    }
    case RecurrentKind::mamba2: {
      // in_proj to z, x (inner), B, C (groups x d_state) and dt (heads); a depthwise conv with
      // bias over x, B, C; dt_bias, A_log and D per head; a gated RMSNorm over inner; out_proj.
      const double inner = heads * head_dim;
      const double conv = inner + 2 * groups * state;
      return h * (2 * inner + 2 * groups * state + heads) + conv * (kernel + 1) + 3 * heads +
             inner + inner * h;
    }
    case RecurrentKind::mamba: {
      // in_proj to x and z; conv with bias; x_proj to dt (rank), B and C; dt_proj with bias;
      // A_log (inner x d_state) and D; out_proj.
      const double inner = heads;
      const double rank = m.recurrent_dt_rank;
      return h * 2 * inner + inner * (kernel + 1) + inner * (rank + 2 * state) + rank * inner +
             inner + inner * state + inner + inner * h;
    }
    case RecurrentKind::none:
      break;
  }
  return 0.0;
}

double recurrent_state_values_per_layer(const ModelArch& m) {
  if (m.recurrent == RecurrentKind::none) return 0.0;
  const double heads = m.recurrent_heads;
  const double head_dim = m.recurrent == RecurrentKind::mamba ? 1.0 : m.recurrent_head_dim;
  const double groups = m.recurrent == RecurrentKind::mamba ? 0.0 : m.recurrent_groups;
  const double state = heads * head_dim * m.recurrent_state_dim;
  const double conv_channels = heads * head_dim + 2 * groups * m.recurrent_state_dim;
  return state + std::max(0, m.recurrent_conv_kernel - 1) * conv_channels;
}

std::string layer_pattern_problem(const ModelArch& m) {
  const std::string& p = m.layer_pattern;
  if (p.empty()) {
    if (m.recurrent != RecurrentKind::none) {
      return "model.layerPattern: a recurrent mixer needs a layer pattern saying which layers "
             "hold it";
    }
    return "";
  }
  for (char c : p) {
    if (std::strchr(kLayerPatternLetters, c) == nullptr || c == '\0') {
      return std::string("model.layerPattern: '") + c +
             "' is not a layer letter (A attention + MLP, R recurrent + MLP, P both + MLP, M "
             "recurrent, * attention, - MLP, E experts)";
    }
  }
  if (static_cast<int>(p.size()) != m.num_layers) {
    return "model.layerPattern: " + std::to_string(p.size()) + " letters for " +
           std::to_string(m.num_layers) + " layers (numLayers)";
  }
  const bool recurrent = p.find_first_of("RPM") != std::string::npos;
  if (recurrent && m.recurrent == RecurrentKind::none) {
    return "model.recurrent: the layer pattern has recurrent layers (R, P, M) but no recurrent "
           "mixer kind (gated-deltanet, mamba2, mamba)";
  }
  if (recurrent) {
    const bool mamba1 = m.recurrent == RecurrentKind::mamba;
    if (m.recurrent_heads <= 0) return "model.recurrentHeads: must be positive";
    if (m.recurrent_state_dim <= 0) return "model.recurrentStateDim: must be positive";
    if (!mamba1 && m.recurrent_head_dim <= 0) return "model.recurrentHeadDim: must be positive";
    if (!mamba1 && m.recurrent_groups <= 0) return "model.recurrentGroups: must be positive";
    if (m.recurrent_conv_kernel <= 0) return "model.recurrentConvKernel: must be positive";
    if (mamba1 && m.recurrent_dt_rank <= 0) return "model.recurrentDtRank: must be positive";
  }
  if (p.find('E') != std::string::npos && m.num_experts <= 0) {
    return "model.layerPattern: E layers need routed experts (numExperts)";
  }
  return "";
}

}  // namespace sizer
