// Builds a ModelArch from a Hugging Face config.json (llama, mistral, mixtral, qwen2, qwen2_moe,
// qwen3, qwen3_moe, gemma2, gemma3, phi3, deepseek_v2/v3, gpt_oss, glm/chatglm, gpt2, falcon).
#pragma once

#include <string>

#include "sizer/catalog.hpp"

namespace sizer {

struct HfConfigResult {
  bool ok = false;
  ModelArch model;
  std::string error;  // names the field, e.g. "hidden_size: missing" (empty when ok)
  std::vector<std::string> warnings;
};

// Never throws: malformed JSON or missing fields give ok=false with a message.
HfConfigResult model_from_hf_config(const std::string& config_json_text);

}  // namespace sizer
