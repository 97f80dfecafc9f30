// Vision-language models (docs/METHOD.md, "Images"): the image encoder's parameters as the
// reference code builds them, the tokens an image becomes under each processor's rules, and
// what images add to memory and to the time to first token.
#include "sizer/vision.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "engine_test_util.hpp"
#include "sizer/hf_config.hpp"
#include "sizer/inference_speed.hpp"
#include "sizer/kv_cache.hpp"
#include "sizer/memory.hpp"
#include "sizer/params.hpp"

using namespace sizer;
using namespace sizer_test;
using json = nlohmann::json;

TEST_CASE("vision towers are counted: Gemma 3 and Qwen2.5-VL match their published totals",
          "[vision]") {
  // Gemma 3 4B: SigLIP (27 x 15,239,504 + patch embedding 678,528 + 4,096 positions x 1152 +
  // final norm) = 416,866,032, projector 1152 x 2560 + 1152: 419,816,304.
  CHECK(model("gemma-3-4b").vision_params == 419816304);
  const ParamCounts gemma = count_params(model("gemma-3-4b"));
  CHECK(gemma.vision == 419816304);
  CHECK(gemma.total / 1e9 == Approx(4.3).epsilon(0.005));  // Google: 4.3B
  CHECK(count_params(model("gemma-3-12b")).total / 1e9 == Approx(12.2).epsilon(0.005));
  // Qwen2.5-VL-7B = Qwen2.5-7B (7,615,616,512) + the ViT and merger (676,550,144).
  const ParamCounts qwen = count_params(model("qwen2.5-vl-7b"));
  CHECK(count_params(model("qwen2.5-7b")).total == 7615616512.0);
  CHECK(qwen.total == 7615616512.0 + 676550144.0);
  CHECK(qwen.active == 7615616512.0);  // a text token does not pass through the encoder
}

TEST_CASE("an image's tokens follow the processor's rules", "[vision]") {
  // Gemma 3: always 896 x 896, 64 x 64 patches pooled 4 x 4 = 256 tokens.
  CHECK(vision_tokens_per_image(model("gemma-3-12b"), 4000, 3000) == 256);
  CHECK(vision_patches_per_image(model("gemma-3-12b"), 100, 100) == 4096);
  // Qwen2.5-VL: sides rounded to multiples of 28 pixels, one token per 28 x 28.
  const ModelArch& q = model("qwen2.5-vl-7b");
  CHECK(vision_tokens_per_image(q, 1024, 1024) == 37 * 37);
  CHECK(vision_patches_per_image(q, 1024, 1024) == 37 * 37 * 4);
  CHECK(vision_tokens_per_image(q, 4000, 3000) == 143 * 107);
  // Past max_pixels (12,845,056) the image is scaled down: 8000 x 6000 -> 4116 x 3080.
  CHECK(vision_tokens_per_image(q, 8000, 6000) == 147 * 110);
  CHECK(vision_tokens_per_image(q, 10, 10) == 4);  // min_pixels 3136: 56 x 56
  CHECK(vision_tokens_per_image(model("llama-3.1-8b"), 1024, 1024) == 0);
}

TEST_CASE("images add their tokens to the prompt and the encoder to the TTFT", "[vision]") {
  Scenario s = inference("qwen2.5-vl-7b", "awq-4bit-g128", "rtx-4090-24gb");
  s.inference.engine = Engine::vllm;
  s.inference.prompt_tokens = 200;
  s.inference.output_tokens = 100;
  const Estimate text_only = estimate(s);
  s.inference.images = 2;
  const Scenario n = normalize(s);
  const Estimate with_images = estimate(s);
  CHECK(prompt_tokens_with_images(n) == 200 + 2 * 1369);
  CHECK(with_images.inference.image_tokens_per_sequence == 2 * 1369);
  // Patches 5,476 per image: 2 x params x patches + attention (4 full layers over all patches,
  // 28 windowed over 64).
  const double patches = 5476;
  const double flops = 2 * 676550144.0 * patches + 4 * patches * 1280 * (4 * patches + 28 * 64);
  CHECK(vision_encoder_flops_per_image(n.model, 1024, 1024) == Approx(flops));
  CHECK(with_images.inference.vision_encoder_seconds ==
        Approx(2 * flops /
               (inference_sustained_flops(n) * n.assumptions.prefill_compute_efficiency)));
  CHECK(with_images.inference.ttft_seconds >
        text_only.inference.ttft_seconds + with_images.inference.vision_encoder_seconds);
  // The KV cache holds the image tokens like text tokens.
  CHECK(with_images.memory.kv_cache_bytes > text_only.memory.kv_cache_bytes);
  // The vision tower stays 16-bit under AWQ: weights grow by exactly 2 bytes per parameter.
  Scenario text_model = s;
  text_model.model.vision_params = 0;
  CHECK(estimate(text_model).memory.weights_bytes ==
        Approx(text_only.memory.weights_bytes - 676550144.0 * kVisionBytesPerParam));
  // A text-only model ignores images.
  Scenario llama = inference("llama-3.1-8b", "bf16", "h100-sxm-80gb");
  llama.inference.images = 3;
  CHECK(estimate(llama).inference.image_tokens_per_sequence == 0);
}

TEST_CASE("config.json vision_config: Qwen2.5-VL, LLaVA-1.5 and malformed values", "[vision]") {
  json qwen = {{"model_type", "qwen2_5_vl"},
               {"hidden_size", 3584},
               {"intermediate_size", 18944},
               {"num_hidden_layers", 28},
               {"num_attention_heads", 28},
               {"num_key_value_heads", 4},
               {"vocab_size", 152064},
               {"tie_word_embeddings", false},
               {"vision_config",
                {{"depth", 32},
                 {"hidden_size", 1280},
                 {"intermediate_size", 3420},
                 {"out_hidden_size", 3584},
                 {"patch_size", 14},
                 {"spatial_merge_size", 2},
                 {"temporal_patch_size", 2},
                 {"window_size", 112},
                 {"fullatt_block_indexes", {7, 15, 23, 31}}}}};
  HfConfigResult r = model_from_hf_config(qwen.dump());
  REQUIRE(r.ok);
  CHECK(r.model.vision_params == 676550144.0);
  CHECK(r.model.vision_window_patches == 64);
  CHECK(r.model.vision_full_attention_layers == 4);
  CHECK(count_params(r.model).total == 8292166656.0);
  // llava-hf/llava-1.5-7b-hf: CLIP ViT-L/14 at 336 px (303,507,456) + projector (20,979,712) on
  // Llama 2 7B with 32,064 tokens: 7,063,427,072.
  json llava = {{"model_type", "llava"},
                {"text_config",
                 {{"model_type", "llama"},
                  {"hidden_size", 4096},
                  {"intermediate_size", 11008},
                  {"num_hidden_layers", 32},
                  {"num_attention_heads", 32},
                  {"vocab_size", 32064}}},
                {"vision_config",
                 {{"hidden_size", 1024},
                  {"intermediate_size", 4096},
                  {"num_hidden_layers", 24},
                  {"patch_size", 14},
                  {"image_size", 336}}}};
  r = model_from_hf_config(llava.dump());
  REQUIRE(r.ok);
  CHECK(r.model.vision_params == 303507456.0 + 20979712.0);
  CHECK(count_params(r.model).total == 7063427072.0);
  CHECK(vision_tokens_per_image(r.model, 1920, 1080) == 576);
  // Bad values: the model imports as text only, with a warning that says so.
  for (const json& bad : {json{{"depth", -1}}, json{{"depth", "32"}},
                          json{{"depth", 32}, {"hidden_size", 1e12}}, json{{"patch_size", 0.5}}}) {
    json c = qwen;
    for (auto it = bad.begin(); it != bad.end(); ++it) c["vision_config"][it.key()] = it.value();
    r = model_from_hf_config(c.dump());
    INFO(c["vision_config"].dump());
    REQUIRE(r.ok);
    CHECK(r.model.vision_params == 0);
    CHECK_THAT(r.warnings.empty() ? std::string() : r.warnings.back(),
               Catch::Contains("vision_config"));
  }
  json unknown = qwen;
  unknown["model_type"] = "idefics3";
  r = model_from_hf_config(unknown.dump());
  REQUIRE(r.ok);
  CHECK(r.model.vision_params == 0);
}

TEST_CASE("llama.cpp loads the image encoder only for images, no engine reads it per token",
          "[vision]") {
  Scenario s = inference("gemma-3-12b", "gguf-q4_k_m", "rtx-4090-24gb");
  s.inference.engine = Engine::llama_cpp;
  const Estimate text = estimate(s);
  s.inference.images = 1;
  const Estimate image = estimate(s);
  // The mmproj file (F16) joins the weights when images are used.
  CHECK(image.memory.weights_bytes - text.memory.weights_bytes ==
        Approx(421290864.0 * kVisionBytesPerParam));
  // Decode reads the language model only, with or without the encoder loaded.
  CHECK(image.inference.weights_read_bytes_per_step ==
        Approx(text.inference.weights_read_bytes_per_step));
  // vLLM loads the whole checkpoint either way.
  s.inference.engine = Engine::vllm;
  s.weights_format = "bf16";
  s.hardware.gpu = gpu("h100-sxm-80gb");
  s.inference.images = 0;
  const Estimate vllm_text = estimate(s);
  s.inference.images = 1;
  CHECK(estimate(s).memory.weights_bytes == Approx(vllm_text.memory.weights_bytes));
}
