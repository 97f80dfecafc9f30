// Images in vision-language models (docs/METHOD.md, "Images"): how many tokens an image becomes
// under the model's processor rules, and what the image encoder costs.
#pragma once

#include "sizer/catalog.hpp"
#include "sizer/scenario.hpp"

namespace sizer {

inline bool has_vision(const ModelArch& m) {
  return m.vision_params > 0 && m.vision_patch_size > 0;
}

// Patches the encoder sees for one width x height image: the fixed input's (side / patch)^2, or
// at native resolution the image resized to multiples of patch x merge pixels (Qwen2-VL's
// smart_resize, capped at its max_pixels).
double vision_patches_per_image(const ModelArch& model, int width, int height);

// Tokens one image adds to the prompt: the processor's fixed count, else the patches after the
// merge / pooling (merge^2 patches per token).
double vision_tokens_per_image(const ModelArch& model, int width, int height);

// Encoder FLOPs for one image: 2 x parameters x patches + attention (4 x patches x keys x width
// per layer; keys = all patches, or the window in windowed layers).
double vision_encoder_flops_per_image(const ModelArch& model, int width, int height);

// The prompt as the language model sees it: text tokens + images x tokens per image.
int prompt_tokens_with_images(const Scenario& scenario);

}  // namespace sizer
