// The image encoder of a vision-language config.json (`vision_config`), counted as the
// reference code builds it (docs/METHOD.md, "Images").
#pragma once

#include <string>
#include <vector>

#include "sizer/catalog.hpp"
#include "sizer/json.hpp"

namespace sizer {

// Fills the model's vision_* fields from root["vision_config"] for the families whose encoder
// is known (Qwen2-VL, Qwen2.5-VL, Gemma 3, LLaVA); `outer_type` is the root's model_type. A value
// out of range leaves the model text-only with a warning.
void read_vision_config(const sizer::Json& root, const std::string& outer_type, ModelArch& m,
                        std::vector<std::string>& warnings);

}  // namespace sizer
