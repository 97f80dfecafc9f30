// Importing Hugging Face config.json files. Every catalog row is written out with its family's
// real key names (copied from the key sets of published configs: Llama 3, Qwen2.5/3, Mixtral,
// Gemma 2/3, gpt-oss, DeepSeek-V3, ChatGLM3, GPT-2, Falcon-RW ...) and read back: the import must
// give the catalog row's parameter count. Then malformed inputs, which must fail by name.
#include "sizer/hf_config.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "sizer/catalog.hpp"
#include "sizer/params.hpp"
#include "sizer/request_json.hpp"

namespace {

using json = nlohmann::json;

json moe_keys(const sizer::ModelArch& m, const char* experts_key) {
  json c;
  c[experts_key] = m.num_experts;
  c["num_experts_per_tok"] = m.experts_per_token;
  return c;
}

// Writes a catalog row the way its family's config.json spells it.
json config_for(const sizer::ModelArch& m) {
  const std::string type = m.model_type;
  json c;
  if (type == "chatglm") {
    c = {{"model_type", "chatglm"},
         {"hidden_size", m.hidden_size},
         {"num_layers", m.num_layers},
         {"num_attention_heads", m.num_heads},
         {"torch_dtype", m.weights_dtype}};
    if (m.mlp_gated) {  // ChatGLM2/3, GLM-4
      c["ffn_hidden_size"] = m.intermediate_size;
      c["kv_channels"] = m.head_dim;
      c["multi_query_attention"] = true;
      c["multi_query_group_num"] = m.num_kv_heads;
      c["padded_vocab_size"] = m.vocab_size;
      c["seq_length"] = m.max_position_embeddings;
      c["add_qkv_bias"] = true;
      c["add_bias_linear"] = false;
      c["rmsnorm"] = true;
      c["tie_word_embeddings"] = false;
    } else {  // ChatGLM-6B v1
      c["inner_hidden_size"] = m.intermediate_size;
      c["vocab_size"] = m.vocab_size;
      c["max_sequence_length"] = m.max_position_embeddings;
      c["position_encoding_2d"] = true;
    }
    return c;
  }
  if (type == "gpt2") {
    return {{"model_type", "gpt2"},       {"n_embd", m.hidden_size},
            {"n_layer", m.num_layers},    {"n_head", m.num_heads},
            {"n_inner", nullptr},         {"n_positions", m.max_position_embeddings},
            {"vocab_size", m.vocab_size}, {"activation_function", "gelu_new"}};
  }
  if (type == "falcon") {
    if (m.num_kv_heads == 1) {  // Falcon-7B: the RefinedWeb key names
      return {{"model_type", "RefinedWebModel"},
              {"hidden_size", m.hidden_size},
              {"n_head", m.num_heads},
              {"n_layer", m.num_layers},
              {"multi_query", true},
              {"parallel_attn", true},
              {"bias", false},
              {"vocab_size", m.vocab_size}};
    }
    return {{"model_type", "falcon"},
            {"hidden_size", m.hidden_size},
            {"num_attention_heads", m.num_heads},
            {"num_hidden_layers", m.num_layers},
            {"num_kv_heads", m.num_kv_heads},
            {"new_decoder_architecture", true},
            {"parallel_attn", true},
            {"bias", false},
            {"vocab_size", m.vocab_size},
            {"max_position_embeddings", m.max_position_embeddings}};
  }
  // Llama-style key names (most families).
  c = {{"model_type", type},
       {"hidden_size", m.hidden_size},
       {"num_hidden_layers", m.num_layers},
       {"num_attention_heads", m.num_heads},
       {"num_key_value_heads", m.num_kv_heads},
       {"intermediate_size", m.intermediate_size},
       {"vocab_size", m.vocab_size},
       {"tie_word_embeddings", m.tie_word_embeddings},
       {"max_position_embeddings", m.max_position_embeddings},
       {"torch_dtype", m.weights_dtype}};
  if (m.head_dim != 0 && m.head_dim * m.num_heads != m.hidden_size) c["head_dim"] = m.head_dim;
  if (m.published_format == "fp8-e4m3-block128") {  // DeepSeek-V3, Kimi K2, MiniMax-M2
    c["quantization_config"] = {
        {"quant_method", "fp8"}, {"fmt", "e4m3"}, {"weight_block_size", {128, 128}}};
  }
  if (m.attention == sizer::AttentionKind::mla) {
    c.update(moe_keys(m, "n_routed_experts"));
    c["n_shared_experts"] = m.num_shared_experts;
    c["moe_intermediate_size"] = m.moe_intermediate_size;
    c["first_k_dense_replace"] = m.first_k_dense_layers;
    c["moe_layer_freq"] = 1;
    c["kv_lora_rank"] = m.kv_lora_rank;
    c["q_lora_rank"] = m.q_lora_rank > 0 ? json(m.q_lora_rank) : json(nullptr);
    c["qk_rope_head_dim"] = m.qk_rope_head_dim;
    c["qk_nope_head_dim"] = m.qk_nope_head_dim;
    c["v_head_dim"] = m.v_head_dim;
    return c;
  }
  if (type == "qwen2") {
    c["use_sliding_window"] = false;
    c["sliding_window"] = 131072;
  } else if (type == "qwen3") {
    c["attention_bias"] = false;
  } else if (type == "qwen3_moe") {
    c.update(moe_keys(m, "num_experts"));
    c["moe_intermediate_size"] = m.moe_intermediate_size;
    c["decoder_sparse_step"] = 1;
    c["mlp_only_layers"] = json::array();
  } else if (type == "qwen3_next") {  // Qwen/Qwen3-Next-80B-A3B-Instruct's key set
    c.update(moe_keys(m, "num_experts"));
    c["moe_intermediate_size"] = m.moe_intermediate_size;
    c["shared_expert_intermediate_size"] = m.shared_expert_intermediate_size;
    c["decoder_sparse_step"] = 1;
    c["mlp_only_layers"] = json::array();
    c["head_dim"] = m.head_dim;
    c["full_attention_interval"] = 4;
    c["linear_conv_kernel_dim"] = m.recurrent_conv_kernel;
    c["linear_key_head_dim"] = m.recurrent_state_dim;
    c["linear_num_key_heads"] = m.recurrent_groups;
    c["linear_num_value_heads"] = m.recurrent_heads;
    c["linear_value_head_dim"] = m.recurrent_head_dim;
    c["partial_rotary_factor"] = 0.25;
  } else if (type == "mixtral" || type == "minimax_m2") {
    c.update(moe_keys(m, "num_local_experts"));
    c["sliding_window"] = nullptr;
    if (type == "minimax_m2") c["use_qk_norm"] = true;
  } else if (type == "glm4_moe") {
    c.update(moe_keys(m, "n_routed_experts"));
    c["n_shared_experts"] = m.num_shared_experts;
    c["moe_intermediate_size"] = m.moe_intermediate_size;
    c["first_k_dense_replace"] = m.first_k_dense_layers;
    c["attention_bias"] = true;
    c["use_qk_norm"] = true;
    c["head_dim"] = m.head_dim;
  } else if (type == "gpt_oss") {
    c.update(moe_keys(m, "num_local_experts"));
    c["experts_per_token"] = m.experts_per_token;
    c["attention_bias"] = true;
    c["sliding_window"] = m.sliding_window;
    json layer_types = json::array();
    for (int i = 0; i < m.num_layers; ++i) {
      layer_types.push_back(i % 2 == 0 ? "sliding_attention" : "full_attention");
    }
    c["layer_types"] = layer_types;
    c["quantization_config"] = {{"quant_method", "mxfp4"},
                                {"modules_to_not_convert", {"model.layers.*.self_attn"}}};
  } else if (type == "gemma2" || type == "mistral" || type == "phi3") {
    if (m.sliding_window > 0) c["sliding_window"] = m.sliding_window;
    if (type == "phi3") c["sliding_window"] = 2047;
  } else if (type == "gemma3_text") {
    c["sliding_window"] = m.sliding_window;
    c["sliding_window_pattern"] = 6;
    c["head_dim"] = m.head_dim;
  } else if (type == "gemma3") {
    // The hub's multimodal Gemma 3 config: a sparse text_config that relies on class defaults.
    json text = {{"model_type", "gemma3_text"},
                 {"hidden_size", m.hidden_size},
                 {"intermediate_size", m.intermediate_size},
                 {"num_hidden_layers", m.num_layers},
                 {"sliding_window", m.sliding_window},
                 {"rope_scaling", {{"factor", 8.0}, {"rope_type", "linear"}}}};
    if (m.num_heads != 8) {
      text["num_attention_heads"] = m.num_heads;
      text["num_key_value_heads"] = m.num_kv_heads;
      text["head_dim"] = m.head_dim;
    }
    return {{"model_type", "gemma3"},
            {"architectures", {"Gemma3ForConditionalGeneration"}},
            {"text_config", text},
            {"vision_config",
             {{"model_type", "siglip_vision_model"},
              {"hidden_size", m.vision_hidden_size},
              {"intermediate_size", 4304},
              {"num_hidden_layers", m.vision_layers},
              {"patch_size", m.vision_patch_size},
              {"image_size", m.vision_image_size}}},
            {"mm_tokens_per_image", m.vision_tokens_per_image},
            {"torch_dtype", "bfloat16"}};
  } else if (type == "llama4") {
    json text = c;
    text["model_type"] = "llama4_text";
    text["head_dim"] = m.head_dim;
    text["intermediate_size"] = m.moe_intermediate_size;
    text["intermediate_size_mlp"] = 16384;
    text["num_local_experts"] = m.num_experts;
    text["num_experts_per_tok"] = m.experts_per_token;
    text["interleave_moe_layer_step"] = m.moe_layer_period;
    text["attention_chunk_size"] = m.sliding_window;
    text["use_qk_norm"] = true;
    return {{"model_type", "llama4"},
            {"text_config", text},
            {"vision_config", {{"model_type", "llama4_vision_model"}, {"hidden_size", 1408}}}};
  } else if (type == "qwen2_5_vl") {
    c["vision_config"] = {{"depth", m.vision_layers},
                          {"hidden_size", m.vision_hidden_size},
                          {"intermediate_size", 3420},
                          {"out_hidden_size", m.hidden_size},
                          {"patch_size", m.vision_patch_size},
                          {"spatial_merge_size", m.vision_merge},
                          {"temporal_patch_size", 2},
                          {"window_size", 112},
                          {"fullatt_block_indexes", {7, 15, 23, 31}}};
  } else if (type == "internlm2") {
    c["bias"] = false;
  } else if (type == "baichuan") {
    c.erase("max_position_embeddings");
    c["model_max_length"] = m.max_position_embeddings;
  }
  return c;
}

}  // namespace

TEST_CASE("every catalog model survives a round trip through config.json", "[hf_config]") {
  for (const sizer::ModelArch& row : sizer::model_catalog()) {
    const std::string text = config_for(row).dump(2);
    INFO(row.id << "\n" << text);
    const sizer::HfConfigResult imported = sizer::model_from_hf_config(text);
    INFO(imported.error);
    REQUIRE(imported.ok);
    const sizer::ParamCounts want = sizer::count_params(row);
    const sizer::ParamCounts got = sizer::count_params(imported.model);
    CHECK(got.total == want.total);
    CHECK(got.active == want.active);
    const sizer::ModelArch a = sizer::normalize_model(row);
    const sizer::ModelArch b = sizer::normalize_model(imported.model);
    CHECK(b.num_kv_heads == a.num_kv_heads);
    CHECK(b.head_dim == a.head_dim);
    CHECK(b.sliding_window == a.sliding_window);
    CHECK(b.local_global_period == a.local_global_period);
    CHECK(b.global_layers_per_period == a.global_layers_per_period);
    CHECK(b.num_experts == a.num_experts);
    CHECK(b.attention == a.attention);
    CHECK(b.layer_pattern == a.layer_pattern);
    CHECK(b.recurrent == a.recurrent);
    CHECK(b.max_position_embeddings == a.max_position_embeddings);
    if (row.published_format != "bf16" && row.published_format != "fp16") {
      CHECK(b.published_format == a.published_format);
    }
  }
}

TEST_CASE("Qwen1.5-MoE-A2.7B imports as 14.3B total, 2.7B active", "[hf_config]") {
  // Key set of Qwen/Qwen1.5-MoE-A2.7B config.json (model_type qwen2_moe).
  const char* text = R"({
    "architectures": ["Qwen2MoeForCausalLM"], "model_type": "qwen2_moe",
    "hidden_size": 2048, "intermediate_size": 5632, "num_hidden_layers": 24,
    "num_attention_heads": 16, "num_key_value_heads": 16, "vocab_size": 151936,
    "max_position_embeddings": 8192, "tie_word_embeddings": false, "torch_dtype": "bfloat16",
    "num_experts": 60, "num_experts_per_tok": 4, "moe_intermediate_size": 1408,
    "shared_expert_intermediate_size": 5632, "decoder_sparse_step": 1,
    "use_sliding_window": false, "sliding_window": 32768, "mlp_only_layers": []})";
  const sizer::HfConfigResult r = sizer::model_from_hf_config(text);
  REQUIRE(r.ok);
  CHECK(r.warnings.empty());
  CHECK(r.model.attention_bias);
  CHECK(r.model.num_shared_experts == 1);
  const sizer::ParamCounts p = sizer::count_params(r.model);
  CHECK(p.total == Approx(14.3e9).epsilon(0.005));  // Qwen: "14.3B parameters"
  CHECK(p.active == Approx(2.7e9).epsilon(0.01));   // "A2.7B"
}

TEST_CASE("Gemma 7B (model_type gemma) imports as 8.54B", "[hf_config]") {
  const char* text = R"({"model_type": "gemma", "hidden_size": 3072, "num_hidden_layers": 28,
    "num_attention_heads": 16, "num_key_value_heads": 16, "head_dim": 256,
    "intermediate_size": 24576, "vocab_size": 256000, "max_position_embeddings": 8192,
    "hidden_activation": "gelu_pytorch_tanh", "torch_dtype": "bfloat16"})";
  const sizer::HfConfigResult r = sizer::model_from_hf_config(text);
  REQUIRE(r.ok);
  CHECK(r.model.tie_word_embeddings);  // GemmaConfig default
  CHECK(sizer::count_params(r.model).total == Approx(8.54e9).epsilon(0.005));
}

TEST_CASE("EXAONE 3.5 7.8B (num_layers, not num_hidden_layers) imports as 7.82B", "[hf_config]") {
  // Key set of LGAI-EXAONE/EXAONE-3.5-7.8B-Instruct config.json (ExaoneConfig, remote code).
  const char* text = R"({"model_type": "exaone", "architectures": ["ExaoneForCausalLM"],
    "hidden_size": 4096, "num_layers": 32, "num_attention_heads": 32, "num_key_value_heads": 8,
    "intermediate_size": 14336, "vocab_size": 102400, "tie_word_embeddings": false,
    "max_position_embeddings": 32768, "activation_function": "silu", "layer_norm_epsilon": 1e-05,
    "rope_theta": 1000000.0, "torch_dtype": "bfloat16"})";
  const sizer::HfConfigResult r = sizer::model_from_hf_config(text);
  REQUIRE(r.ok);
  CHECK(r.warnings.empty());
  CHECK(r.model.num_layers == 32);
  // Llama 3 8B's block with a 102,400-token vocabulary: 7,818,448,896 ("7.8B").
  CHECK(sizer::count_params(r.model).total == Approx(7.818e9).epsilon(0.001));
}

TEST_CASE("a bad value under an alias key is reported under the key the file used", "[hf_config]") {
  // EXAONE names the layer count num_layers: the message names that key, not num_hidden_layers.
  const char* text = R"({"model_type": "exaone", "hidden_size": 4096, "num_layers": "32",
    "num_attention_heads": 32, "intermediate_size": 14336, "vocab_size": 102400})";
  const sizer::HfConfigResult r = sizer::model_from_hf_config(text);
  REQUIRE_FALSE(r.ok);
  CHECK(r.error.find("num_layers: must be a positive integer") != std::string::npos);
  // Absent under every key: reported under the usual name.
  const char* missing = R"({"model_type": "exaone", "hidden_size": 4096,
    "num_attention_heads": 32, "intermediate_size": 14336, "vocab_size": 102400})";
  const sizer::HfConfigResult m = sizer::model_from_hf_config(missing);
  REQUIRE_FALSE(m.ok);
  CHECK(m.error.find("num_hidden_layers: missing") != std::string::npos);
}

TEST_CASE("an unknown model_type is read as a Llama-style decoder with a warning", "[hf_config]") {
  const char* text = R"({"model_type": "my_new_arch", "hidden_size": 4096,
    "num_hidden_layers": 32, "num_attention_heads": 32, "intermediate_size": 11008,
    "vocab_size": 32000, "max_position_embeddings": 4096})";
  const sizer::HfConfigResult r = sizer::model_from_hf_config(text);
  REQUIRE(r.ok);
  REQUIRE(r.warnings.size() == 1);
  CHECK(r.warnings[0] == "model_type 'my_new_arch' is not known; read as a Llama-style decoder");
  CHECK(sizer::count_params(r.model).total == 6738415616.0);  // the Llama 2 7B shape
}

TEST_CASE("config errors name the field", "[hf_config]") {
  const std::string base =
      R"("model_type": "llama", "num_hidden_layers": 32, "intermediate_size": 11008,
         "vocab_size": 32000)";
  auto error_of = [&](const std::string& fields) {
    const sizer::HfConfigResult r = sizer::model_from_hf_config("{" + base + ", " + fields + "}");
    CHECK_FALSE(r.ok);
    return r.error;
  };
  CHECK(error_of(R"("num_attention_heads": 32)") == "hidden_size: missing");
  CHECK(error_of(R"("hidden_size": 4096, "num_attention_heads": 0)") ==
        "num_attention_heads: must be a positive integer");
  CHECK(error_of(R"("hidden_size": 4096, "num_attention_heads": -8)") ==
        "num_attention_heads: must be a positive integer");
  CHECK(error_of(R"("hidden_size": "4096", "num_attention_heads": 32)") ==
        "hidden_size: must be a positive integer");
  CHECK(error_of(R"("hidden_size": "NaN", "num_attention_heads": 32)") ==
        "hidden_size: must be a positive integer");
  CHECK(error_of(R"("hidden_size": 4096.5, "num_attention_heads": 32)") ==
        "hidden_size: must be a positive integer");
  CHECK(error_of(R"("hidden_size": [4096], "num_attention_heads": 32)") ==
        "hidden_size: must be a positive integer");
  CHECK(error_of(R"("hidden_size": true, "num_attention_heads": 32)") ==
        "hidden_size: must be a positive integer");
  CHECK(error_of(R"("hidden_size": 1e300, "num_attention_heads": 32)") ==
        "hidden_size: 1e+300 is above the limit of 1000000");
  CHECK(error_of(R"("hidden_size": 18446744073709551615, "num_attention_heads": 32)") ==
        "hidden_size: 1.84e+19 is above the limit of 1000000");
  CHECK(error_of(R"("hidden_size": 4096, "num_attention_heads": 7)") ==
        "num_attention_heads (7) must divide hidden_size (4096) when head_dim is absent");
  CHECK(error_of(R"("hidden_size": 4096, "num_attention_heads": 32, "num_key_value_heads": 5)") ==
        "num_key_value_heads (5) must divide num_attention_heads (32)");
  // Heads that do not divide hidden are fine when head_dim says how wide each is (Gemma 2 2B).
  const sizer::HfConfigResult explicit_head_dim = sizer::model_from_hf_config(
      "{" + base + R"(, "hidden_size": 4096, "num_attention_heads": 7, "head_dim": 256})");
  CHECK(explicit_head_dim.ok);

  const sizer::HfConfigResult deep = sizer::model_from_hf_config(
      R"({"model_type": "llama", "hidden_size": 4096, "num_hidden_layers": 5000,
          "num_attention_heads": 32, "intermediate_size": 11008, "vocab_size": 32000})");
  CHECK(deep.error == "num_hidden_layers: 5000 is above the limit of 1000");
}

TEST_CASE("ChatGLM errors use ChatGLM's key names", "[hf_config]") {
  const sizer::HfConfigResult r = sizer::model_from_hf_config(
      R"({"model_type": "chatglm", "hidden_size": 4096, "num_attention_heads": 32})");
  CHECK_FALSE(r.ok);
  CHECK(r.error == "num_layers: missing");
}

TEST_CASE("malformed config.json text fails cleanly", "[hf_config]") {
  for (const char* text : {"", "not json", "{", "{\"hidden_size\": }", "[1, 2, 3]", "42",
                           "\"text\"", "null", "{\"a\": \"\xff\xfe\"}"}) {
    INFO(text);
    const sizer::HfConfigResult r = sizer::model_from_hf_config(text);
    CHECK_FALSE(r.ok);
    CHECK_FALSE(r.error.empty());
  }
  CHECK(sizer::model_from_hf_config("[1]").error ==
        "config.json: expected a JSON object at the top level");
  CHECK(sizer::model_from_hf_config("{").error == "config.json: not valid JSON");
  // Deep nesting must not overflow the stack.
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  CHECK_FALSE(sizer::model_from_hf_config(deep).ok);
}

TEST_CASE("null values count as absent and odd extras are ignored", "[hf_config]") {
  const sizer::HfConfigResult r = sizer::model_from_hf_config(
      R"({"model_type": "llama", "hidden_size": 4096, "num_hidden_layers": 32,
          "num_attention_heads": 32, "num_key_value_heads": null, "intermediate_size": 11008,
          "vocab_size": 32000, "max_position_embeddings": 1e12, "text_config": 5,
          "tie_word_embeddings": "yes", "quantization_config": {"quant_method": "zzz"}})");
  REQUIRE(r.ok);
  CHECK(r.model.num_kv_heads == 32);                    // absent: multi-head attention
  CHECK(r.model.max_position_embeddings == (1 << 27));  // the request's limit
  CHECK_FALSE(r.model.tie_word_embeddings);
  CHECK(r.warnings.size() == 3);  // capped context, tie flag type, unknown quant method
}

TEST_CASE("StarCoder (gpt_bigcode) has a plain GELU MLP: about 15.5B, not 21B", "[hf_config]") {
  // Config as in the calibration rows (StarCoder 15.5B, BigCode 2023): 2-matrix MLP, MQA.
  const sizer::HfConfigResult r = sizer::model_from_hf_config(
      R"({"model_type": "gpt_bigcode", "hidden_size": 6144, "num_hidden_layers": 40,
          "num_attention_heads": 48, "num_key_value_heads": 1, "head_dim": 128,
          "intermediate_size": 24576, "vocab_size": 49152, "tie_word_embeddings": true,
          "hidden_act": "gelu_pytorch_tanh"})");
  REQUIRE(r.ok);
  CHECK_FALSE(r.model.mlp_gated);
  // Learned positions (8192 x 6144) and biases are not in this config, hence the 1.5% tolerance.
  CHECK(sizer::count_params(r.model).total == Approx(15.5e9).epsilon(0.015));
}

TEST_CASE("MPT-7B and Phi-2 are plain-MLP models too", "[hf_config]") {
  const sizer::HfConfigResult mpt = sizer::model_from_hf_config(
      R"({"model_type": "mpt", "hidden_size": 4096, "num_hidden_layers": 32,
          "num_attention_heads": 32, "intermediate_size": 16384, "vocab_size": 50432,
          "tie_word_embeddings": true})");
  REQUIRE(mpt.ok);
  CHECK(sizer::count_params(mpt.model).total == Approx(6.7e9).epsilon(0.01));  // MPT-7B: 6.7B
  const sizer::HfConfigResult llama = sizer::model_from_hf_config(
      R"({"model_type": "llama", "hidden_size": 4096, "num_hidden_layers": 32,
          "num_attention_heads": 32, "intermediate_size": 16384, "vocab_size": 50432})");
  REQUIRE(llama.ok);
  CHECK(llama.model.mlp_gated);  // the same shapes under a gated family stay gated
}

TEST_CASE("a config.json with a huge context imports within the request's limit and round-trips",
          "[hf-config]") {
  // Found by fuzz_request_json: the import capped at 1e9 while requests accept at most 2^27, so
  // the written request no longer parsed. One limit now serves both.
  const sizer::RequestResult r = sizer::scenario_from_request_json(
      R"({"model": {"hfConfig": {"model_type": "llama", "hidden_size": 4096,
          "num_hidden_layers": 32, "num_attention_heads": 32, "intermediate_size": 11008,
          "vocab_size": 32000, "max_position_embeddings": 5000000000}}})");
  REQUIRE(r.ok);
  CHECK(r.scenario.model.max_position_embeddings == (1 << 27));
  const sizer::RequestResult again =
      sizer::scenario_from_request_json(sizer::scenario_to_request_json(r.scenario));
  CHECK(again.ok);
}

TEST_CASE("config.json limits are the request's, so an import always round-trips", "[hf_config]") {
  // Found by fuzz_request_json: a 50,360,368-token vocabulary imported, then the written request
  // did not read back (vocabSize stops at 2^24).
  const sizer::HfConfigResult r = sizer::model_from_hf_config(R"({"model_type": "llama",
    "hidden_size": 4096, "num_hidden_layers": 2, "num_attention_heads": 32,
    "intermediate_size": 11008, "vocab_size": 50360368})");
  CHECK_FALSE(r.ok);
  CHECK(r.error == "vocab_size: 50360368 is above the limit of 16777216");
  const sizer::HfConfigResult experts = sizer::model_from_hf_config(R"({"model_type": "mixtral",
    "hidden_size": 64, "num_hidden_layers": 2, "num_attention_heads": 4, "intermediate_size": 64,
    "vocab_size": 100, "num_local_experts": 70000, "num_experts_per_tok": 2})");
  CHECK_FALSE(experts.ok);
  CHECK(experts.error == "num_local_experts: 70000 is above the limit of 65536");
}
