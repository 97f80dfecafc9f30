#include "sizer/vision.hpp"

#include <algorithm>
#include <cmath>

namespace sizer {
namespace {

// Qwen2-VL / Qwen2.5-VL image processor defaults (preprocessor_config.json): max_pixels
// 12,845,056 (16,384 tokens of 28 x 28 pixels), min_pixels 3,136 (4 tokens).
constexpr double kNativeMaxPixels = 12845056.0;
constexpr double kNativeMinPixels = 3136.0;

}  // namespace

double vision_patches_per_image(const ModelArch& m, int width, int height) {
  if (!has_vision(m)) return 0.0;
  const double patch = m.vision_patch_size;
  if (m.vision_image_size > 0) {
    const double side = std::floor(m.vision_image_size / patch);
    return side * side;
  }
  // smart_resize: each side to a multiple of patch x merge, the area kept within the limits.
  const double unit = patch * std::max(1, m.vision_merge);
  const double w = std::max(1, width);
  const double h = std::max(1, height);
  double rw = std::max(unit, std::round(w / unit) * unit);
  double rh = std::max(unit, std::round(h / unit) * unit);
  if (rw * rh > kNativeMaxPixels) {
    const double beta = std::sqrt(w * h / kNativeMaxPixels);
    rw = std::max(unit, std::floor(w / beta / unit) * unit);
    rh = std::max(unit, std::floor(h / beta / unit) * unit);
  } else if (rw * rh < kNativeMinPixels) {
    const double beta = std::sqrt(kNativeMinPixels / (w * h));
    rw = std::ceil(w * beta / unit) * unit;
    rh = std::ceil(h * beta / unit) * unit;
  }
  return (rw / patch) * (rh / patch);
}

double vision_tokens_per_image(const ModelArch& m, int width, int height) {
  if (!has_vision(m)) return 0.0;
  if (m.vision_tokens_per_image > 0) return m.vision_tokens_per_image;
  const double merge = std::max(1, m.vision_merge);
  return vision_patches_per_image(m, width, height) / (merge * merge);
}

double vision_encoder_flops_per_image(const ModelArch& m, int width, int height) {
  if (!has_vision(m)) return 0.0;
  const double patches = vision_patches_per_image(m, width, height);
  const double layers = std::max(0, m.vision_layers);
  const double full_layers =
      m.vision_window_patches > 0
          ? std::min(layers, double(std::max(0, m.vision_full_attention_layers)))
          : layers;
  const double window = std::min(patches, double(std::max(0, m.vision_window_patches)));
  const double attention = 4.0 * patches * m.vision_hidden_size *
                           (full_layers * patches + (layers - full_layers) * window);
  return 2.0 * m.vision_params * patches + attention;
}

int prompt_tokens_with_images(const Scenario& s) {
  const int text = s.inference.prompt_tokens;
  if (s.inference.images <= 0 || !has_vision(s.model)) return text;
  const double image_tokens =
      s.inference.images *
      vision_tokens_per_image(s.model, s.inference.image_width, s.inference.image_height);
  // The request's context limit bounds the sum (2^27 tokens).
  return int(std::min(134217728.0, text + image_tokens));
}

}  // namespace sizer
