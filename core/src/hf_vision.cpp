#include "hf_vision.hpp"

#include <algorithm>
#include <cmath>

namespace sizer {
namespace {

using json = sizer::Json;

// A positive integer at `key` within [1, max], else 0 (absent) or -1 (unusable).
long long dimension(const json& object, const char* key, long long max) {
  const auto it = object.find(key);
  if (it == object.end() || it->is_null()) return 0;
  if (!it->is_number()) return -1;
  const double v = it->get<double>();
  if (!std::isfinite(v) || v != std::floor(v) || v < 1 || v > double(max)) return -1;
  return static_cast<long long>(v);
}

constexpr long long kMaxWidth = 1 << 16;
constexpr long long kMaxLayers = 1024;
constexpr long long kMaxPixels = 65536;

struct VitShape {
  long long hidden = 0, intermediate = 0, layers = 0, patch = 0, image = 0;
};

// Qwen2.5-VL's ViT (modeling_qwen2_5_vl.py): RMSNorms, fused qkv with bias, SwiGLU MLP with
// biases, a bias-free Conv3d over temporal_patch_size frames, and the PatchMerger (RMSNorm, then
// Linear(h m^2, h m^2) and Linear(h m^2, out), both with bias).
double qwen2_5_vl_params(const VitShape& v, double temporal, double merge, double out) {
  const double h = double(v.hidden), i = double(v.intermediate);
  const double block = 2 * h + (3 * h * h + 3 * h) + (h * h + h) + 2 * (h * i + i) + (i * h + h);
  const double wide = h * merge * merge;
  const double merger = h + (wide * wide + wide) + (wide * out + out);
  return double(v.layers) * block + 3 * temporal * double(v.patch * v.patch) * h + merger;
}

// Qwen2-VL's ViT (modeling_qwen2_vl.py): LayerNorms with bias, fused qkv, a GELU MLP of
// mlp_ratio x embed_dim, the same Conv3d, and a merger with a LayerNorm.
double qwen2_vl_params(const VitShape& v, double temporal, double merge, double out) {
  const double h = double(v.hidden), i = double(v.intermediate);
  const double block = 4 * h + (3 * h * h + 3 * h) + (h * h + h) + (h * i + i) + (i * h + h);
  const double wide = h * merge * merge;
  const double merger = 2 * h + (wide * wide + wide) + (wide * out + out);
  return double(v.layers) * block + 3 * temporal * double(v.patch * v.patch) * h + merger;
}

// SigLIP / CLIP ViT (modeling_siglip.py, modeling_clip.py): LayerNorms with bias, q/k/v/o with
// bias, a two-matrix MLP, a Conv2d patch embedding (bias in SigLIP), learned positions, a final
// LayerNorm (CLIP: a pre-LayerNorm and a class token).
double vit_params(const VitShape& v, bool clip) {
  const double h = double(v.hidden), i = double(v.intermediate);
  const double block = 4 * h + 4 * (h * h + h) + (h * i + i) + (i * h + h);
  const double side = double(v.image / v.patch);
  const double positions = (side * side + (clip ? 1 : 0)) * h;
  // + h: SigLIP's convolution bias, CLIP's class embedding (its convolution has no bias).
  const double patch_embed = 3 * double(v.patch * v.patch) * h + h;
  const double final_norms = clip ? 4 * h : 2 * h;  // CLIP: pre- and post-LayerNorm
  return double(v.layers) * block + patch_embed + positions + final_norms;
}

}  // namespace

void read_vision_config(const json& root, const std::string& outer_type, ModelArch& m,
                        std::vector<std::string>& warnings) {
  const auto vc_it = root.find("vision_config");
  if (vc_it == root.end() || !vc_it->is_object()) return;
  const json& vc = *vc_it;
  const bool qwen25 = outer_type == "qwen2_5_vl";
  const bool qwen2 = outer_type == "qwen2_vl";
  const bool gemma3 = outer_type == "gemma3";
  const bool llava = outer_type == "llava";
  if (!qwen25 && !qwen2 && !gemma3 && !llava) {
    warnings.push_back("vision_config: the image encoder of '" + outer_type +
                       "' is not known; counted as text only");
    return;
  }
  VitShape v;
  v.hidden = dimension(vc, qwen2 ? "embed_dim" : "hidden_size", kMaxWidth);
  v.layers = dimension(vc, qwen2 || qwen25 ? "depth" : "num_hidden_layers", kMaxLayers);
  v.patch = dimension(vc, "patch_size", 1024);
  v.image = dimension(vc, "image_size", kMaxPixels);
  if (qwen2) {
    const long long ratio = dimension(vc, "mlp_ratio", 64);
    v.intermediate = v.hidden > 0 ? v.hidden * (ratio > 0 ? ratio : 4) : -1;
  } else {
    v.intermediate = dimension(vc, "intermediate_size", kMaxWidth * 8);
  }
  const long long merge = dimension(vc, "spatial_merge_size", 64);
  const long long temporal = dimension(vc, "temporal_patch_size", 64);
  const long long out = dimension(vc, qwen25 ? "out_hidden_size" : "hidden_size", kMaxWidth);
  const bool fixed_size = gemma3 || llava;
  if (v.hidden <= 0 || v.layers <= 0 || v.patch <= 0 || v.intermediate <= 0 ||
      (fixed_size && (v.image <= 0 || v.image < v.patch)) || merge < 0 || temporal < 0 || out < 0 ||
      m.hidden_size <= 0) {
    warnings.push_back(
        "vision_config: hidden size, layers, patch size, MLP width or image size missing or out "
        "of range; the image encoder is not counted");
    return;
  }
  m.vision_layers = int(v.layers);
  m.vision_hidden_size = int(v.hidden);
  m.vision_patch_size = int(v.patch);
  if (qwen2 || qwen25) {
    const double mg = merge > 0 ? double(merge) : 2.0;
    const double tp = temporal > 0 ? double(temporal) : 2.0;
    const double text_hidden = out > 0 ? double(out) : double(m.hidden_size);
    m.vision_params = qwen25 ? qwen2_5_vl_params(v, tp, mg, text_hidden)
                             : qwen2_vl_params(v, tp, mg, text_hidden);
    m.vision_image_size = 0;  // native resolution
    m.vision_merge = int(mg);
    if (qwen25) {
      // Windows of window_size pixels; fullatt_block_indexes lists the full-attention blocks.
      const long long window = dimension(vc, "window_size", kMaxPixels);
      const auto full = vc.find("fullatt_block_indexes");
      if (window > 0 && full != vc.end() && full->is_array()) {
        const double side = double(window) / double(v.patch);
        m.vision_window_patches = int(side * side);
        m.vision_full_attention_layers =
            int(std::min<std::size_t>(full->size(), std::size_t(v.layers)));
      }
    }
  } else if (gemma3) {
    // Gemma3MultiModalProjector: RMSNorm(h) + h x text hidden; the patches pooled to
    // mm_tokens_per_image (256: 64 x 64 patches average-pooled 4 x 4).
    m.vision_params = vit_params(v, false) + double(v.hidden) * (1.0 + m.hidden_size);
    m.vision_image_size = int(v.image);
    const long long tokens = dimension(root, "mm_tokens_per_image", 1 << 20);
    const double side = double(v.image / v.patch);
    m.vision_tokens_per_image = tokens > 0 ? int(tokens) : 256;
    m.vision_merge = int(std::max(1.0, std::round(side / std::sqrt(m.vision_tokens_per_image))));
  } else {
    // LLaVA: CLIP ViT + a two-layer MLP projector (vision hidden -> text hidden -> text hidden);
    // every patch is a token (336 / 14 = 24: 576 tokens).
    const double th = double(m.hidden_size);
    m.vision_params = vit_params(v, true) + (double(v.hidden) * th + th) + (th * th + th);
    m.vision_image_size = int(v.image);
    m.vision_merge = 1;
  }
}

}  // namespace sizer
