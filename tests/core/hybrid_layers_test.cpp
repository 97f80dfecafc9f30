// Hybrid stacks (docs/METHOD.md, "Hybrid layers"): only attention layers hold a KV cache, the
// recurrent layers (Gated DeltaNet, Mamba-2, Mamba) keep a fixed-size state per sequence, and
// each layer kind has its own parameters. Pinned to published parameter totals and to the
// arithmetic of the reference implementations.
#include <catch2/catch.hpp>
#include <string>

#include "engine_test_util.hpp"
#include "sizer/estimate.hpp"
#include "sizer/hf_config.hpp"
#include "sizer/inference_speed.hpp"
#include "sizer/kv_cache.hpp"
#include "sizer/layers.hpp"
#include "sizer/params.hpp"
#include "sizer/scenario.hpp"

using namespace sizer;
using namespace sizer_test;

namespace {

bool has_problem(const Scenario& s, const std::string& text) {
  for (const std::string& p : validate(s)) {
    if (p.find(text) != std::string::npos) return true;
  }
  return false;
}

// NVIDIA-Nemotron-Nano-9B-v2's config.json key set (Nemotron-H: Mamba-2, 4 attention layers).
const char* kNemotronNano9b = R"({
  "model_type": "nemotron_h", "num_hidden_layers": 56, "hidden_size": 4480,
  "intermediate_size": 15680, "num_attention_heads": 40, "num_key_value_heads": 8,
  "head_dim": 128, "vocab_size": 131072, "tie_word_embeddings": false,
  "hybrid_override_pattern": "M-M-M-MM-M-M-M*-M-M-M*-M-M-M-M*-M-M-M-M*-M-MM-M-M-M-M-M-",
  "ssm_state_size": 128, "conv_kernel": 4, "n_groups": 8, "mamba_num_heads": 128,
  "mamba_head_dim": 80, "max_position_embeddings": 131072})";

// ai21labs/Jamba-v0.1's config.json key set (Mamba-1, attention 1 layer in 8, MoE every 2nd).
const char* kJamba = R"({
  "model_type": "jamba", "num_hidden_layers": 32, "hidden_size": 4096,
  "intermediate_size": 14336, "num_attention_heads": 32, "num_key_value_heads": 8,
  "vocab_size": 65536, "tie_word_embeddings": false, "num_experts": 16,
  "num_experts_per_tok": 2, "expert_layer_period": 2, "expert_layer_offset": 1,
  "attn_layer_period": 8, "attn_layer_offset": 4, "mamba_d_state": 16, "mamba_d_conv": 4,
  "mamba_expand": 2, "mamba_dt_rank": 256, "max_position_embeddings": 262144})";

}  // namespace

TEST_CASE("Qwen3-Next-80B-A3B counts 79,674,391,296 parameters", "[hybrid]") {
  const ModelArch& m = model("qwen3-next-80b-a3b");
  const ParamCounts p = count_params(m);
  // The Hub's parameter total of the Qwen3-Next architecture (Qwen3-Coder-Next, same shapes),
  // without the multi-token-prediction layer.
  CHECK(p.total == 79674391296.0);
  // 36 Gated DeltaNet mixers: in_proj_qkvz 2048 x 12288, in_proj_ba 2048 x 64, conv 8192 x 4,
  // A_log and dt_bias 32 each, norm 128, out_proj 4096 x 2048 = 33,718,464 each.
  CHECK(p.recurrent == 36 * 33718464.0);
  // 12 gated attention layers: q_proj 2048 x 8192 (query and gate), k, v 2048 x 512, o 4096 x 2048.
  CHECK(p.attention == 12 * 27262976.0);
  CHECK(attention_layer_count(m) == 12);
  CHECK(recurrent_layer_count(m) == 36);
  CHECK(moe_layer_count(m) == 48);
}

TEST_CASE("only Qwen3-Next's attention layers hold a KV cache", "[hybrid]") {
  const ModelArch& m = model("qwen3-next-80b-a3b");
  // 12 layers x K and V x 2 KV heads x 256 x 2 bytes; every layer would be four times as much.
  CHECK(kv_cache_bytes_per_token(m, format("fp16")) == 24576.0);
  // Gated DeltaNet state: 32 value heads x 128 x 128, plus 3 conv inputs of 2 x 2048 + 4096
  // channels = 548,864 values per layer, x 36 layers x 2 bytes.
  CHECK(recurrent_state_values_per_layer(m) == 548864.0);
  CHECK(recurrent_state_bytes(m, 1, 1, 1, 2.0) == 39518208.0);
  // TP4 splits heads; KV heads (2) are replicated to one per rank.
  CHECK(kv_cache_bytes(m, format("fp16"), 32000, 8, 1, 4, 1) == 8 * 32000 * 12 * 1024.0);
  CHECK(recurrent_state_bytes(m, 8, 4, 1, 2.0) == 39518208.0 * 8 / 4);
}

TEST_CASE("a Qwen3-Next estimate carries the recurrent state in memory and decode", "[hybrid]") {
  Scenario s = inference("qwen3-next-80b-a3b", "bf16", "h100-sxm-80gb", 4, 4);
  s.inference.batch = 8;
  s.inference.prompt_tokens = 30000;
  s.inference.output_tokens = 2000;
  REQUIRE(validate(s).empty());
  const Estimate e = estimate(s);
  CHECK(e.memory.recurrent_state_bytes == Approx(39518208.0 * 8 / 4));
  CHECK(e.memory.kv_cache_bytes == Approx(8 * 32000 * 12 * 1024.0));
  // Decode reads the state and writes it back each step, besides the KV cache at the average
  // context (30,000 + 1,000 tokens).
  const double kv_read = 8 * 31000 * 12 * 1024.0;
  CHECK(e.inference.kv_read_bytes_per_step == Approx(kv_read + 2 * 39518208.0 * 8 / 4));
  // Attention FLOPs come from the 12 attention layers only: 2 x 16 heads x (256 + 256) per
  // context token per layer.
  CHECK(attention_flops_per_token(normalize_model(s.model), 1000, true) == 196608.0 * 1000);
}

TEST_CASE("hybrid shapes are checked by name", "[hybrid]") {
  Scenario s = inference("qwen3-next-80b-a3b", "bf16", "h100-sxm-80gb", 4, 4);
  REQUIRE(validate(s).empty());
  s.model.layer_pattern.resize(44);
  CHECK(has_problem(s, "model.layerPattern: 44 letters for 48 layers"));
  s.model.layer_pattern = std::string(47, 'R') + "X";
  CHECK(has_problem(s, "model.layerPattern: 'X' is not a layer letter"));
  s.model.layer_pattern = std::string(48, 'R');
  s.model.recurrent = RecurrentKind::none;
  CHECK(has_problem(s, "model.recurrent:"));
  s.model.recurrent = RecurrentKind::gated_deltanet;
  s.model.recurrent_heads = 0;
  CHECK(has_problem(s, "model.recurrentHeads: must be positive"));
  s = inference("qwen3-next-80b-a3b", "bf16", "h100-sxm-80gb", 4, 4);
  s.model.recurrent_groups = 6;
  CHECK(has_problem(s, "must divide the recurrent layers' heads"));
}

TEST_CASE("Nemotron-H imports with 4 attention and 27 Mamba-2 layers", "[hybrid][hf_config]") {
  const HfConfigResult r = model_from_hf_config(kNemotronNano9b);
  INFO(r.error);
  REQUIRE(r.ok);
  const ModelArch& m = r.model;
  CHECK(m.recurrent == RecurrentKind::mamba2);
  CHECK(attention_layer_count(m) == 4);
  CHECK(recurrent_layer_count(m) == 27);
  // Mamba-2 mixer: in_proj 4480 x (2 x 10240 + 2 x 8 x 128 + 128), conv (10240 + 2048) x (4 + 1
  // bias), dt_bias / A_log / D 128 each, norm 10240, out_proj 10240 x 4480.
  CHECK(recurrent_mixer_params(m) == 147446144.0);
  // The Hub lists NVIDIA-Nemotron-Nano-9B-v2 at 8.89B parameters.
  CHECK(count_params(m).total == Approx(8.89e9).epsilon(0.002));
  // 4 attention layers instead of 56: a 14x smaller KV cache.
  CHECK(kv_cache_bytes_per_token(normalize_model(m), format("fp16")) == 4 * 2 * 8 * 128 * 2.0);
  // Mamba-2 state: 128 heads x 80 x 128 + 3 x (10240 + 2 x 8 x 128).
  CHECK(recurrent_state_values_per_layer(m) == 128 * 80 * 128 + 3 * (10240 + 2048.0));
}

TEST_CASE("Jamba imports as 52B total, 12B active, attention in 1 layer of 8",
          "[hybrid][hf_config]") {
  const HfConfigResult r = model_from_hf_config(kJamba);
  INFO(r.error);
  REQUIRE(r.ok);
  const ModelArch& m = r.model;
  CHECK(m.layer_pattern.substr(0, 8) == "RRRRARRR");
  CHECK(attention_layer_count(m) == 4);
  CHECK(moe_layer_count(m) == 16);
  const ParamCounts p = count_params(m);
  // AI21: "52B total parameters, 12B active" (the Hub: 51.6B).
  CHECK(p.total == Approx(51.57e9).epsilon(0.001));
  CHECK(p.active == Approx(12.1e9).epsilon(0.005));
  // Mamba-1 state: inner 8192 x d_state 16 + 3 conv inputs of 8192.
  CHECK(recurrent_state_values_per_layer(m) == 8192 * 16 + 3 * 8192.0);
  // An inner width a request could not carry is refused at the import.
  std::string huge = kJamba;
  huge.replace(huge.find("\"hidden_size\": 4096"), 19, "\"hidden_size\": 999424");
  huge.replace(huge.find("\"mamba_expand\": 2"), 17, "\"mamba_expand\": 64");
  const HfConfigResult refused = model_from_hf_config(huge);
  CHECK_FALSE(refused.ok);
  CHECK_THAT(refused.error, Catch::StartsWith("mamba_expand: mamba_expand x hidden_size is above"));
}

TEST_CASE("Falcon-H1 runs attention and Mamba-2 side by side in every layer",
          "[hybrid][hf_config]") {
  const HfConfigResult r = model_from_hf_config(R"({
    "model_type": "falcon_h1", "num_hidden_layers": 24, "hidden_size": 2048,
    "intermediate_size": 4608, "num_attention_heads": 8, "num_key_value_heads": 2,
    "head_dim": 128, "vocab_size": 65537, "mamba_d_state": 256, "mamba_d_conv": 4,
    "mamba_n_groups": 1, "mamba_n_heads": 48, "mamba_d_head": 64, "mamba_d_ssm": 3072})");
  INFO(r.error);
  REQUIRE(r.ok);
  CHECK(r.model.layer_pattern == std::string(24, 'P'));
  CHECK(attention_layer_count(r.model) == 24);
  CHECK(recurrent_layer_count(r.model) == 24);
  // Attention and mixer are summed before one all-reduce, then the MLP's: 2 per layer.
  CHECK(tensor_parallel_sync_points(r.model) == 48);
}

TEST_CASE("Qwen3-Next configs read the layer mix from layer_types or the interval",
          "[hybrid][hf_config]") {
  std::string types;
  for (int i = 0; i < 8; ++i)
    types += std::string(i ? "," : "") + (i % 2 ? "\"full_attention\"" : "\"linear_attention\"");
  const std::string text = R"({"model_type": "qwen3_next", "num_hidden_layers": 8,
    "hidden_size": 1024, "intermediate_size": 2048, "num_attention_heads": 8,
    "num_key_value_heads": 2, "head_dim": 128, "vocab_size": 1000,
    "linear_num_value_heads": 8, "linear_num_key_heads": 4, "linear_key_head_dim": 64,
    "linear_value_head_dim": 64, "layer_types": [)" +
                           types + "]}";
  HfConfigResult r = model_from_hf_config(text);
  INFO(r.error);
  REQUIRE(r.ok);
  CHECK(r.model.layer_pattern == "RARARARA");
  CHECK(r.model.recurrent_conv_kernel == 4);  // Qwen3NextConfig's default
  const HfConfigResult missing = model_from_hf_config(R"({"model_type": "qwen3_next",
    "num_hidden_layers": 8, "hidden_size": 1024, "intermediate_size": 2048,
    "num_attention_heads": 8, "vocab_size": 1000})");
  CHECK_FALSE(missing.ok);
  CHECK(missing.error == "linear_num_value_heads: missing");
  const HfConfigResult bad = model_from_hf_config(R"({"model_type": "nemotron_h",
    "num_hidden_layers": 3, "hidden_size": 64, "intermediate_size": 128,
    "num_attention_heads": 4, "vocab_size": 100, "mamba_num_heads": 4, "mamba_head_dim": 16,
    "ssm_state_size": 16, "hybrid_override_pattern": "M*"})");
  CHECK_FALSE(bad.ok);
  CHECK(bad.error == "hybrid_override_pattern: 2 letters for 3 layers (num_hidden_layers)");
}

TEST_CASE("config.json of Mamba and Mamba-2 imports attention-free stacks", "[hybrid]") {
  // state-spaces/mamba-130m-hf config.json (MambaConfig): 129,135,360 parameters, as its GGUF.
  const sizer::HfConfigResult one = sizer::model_from_hf_config(
      R"({"model_type":"mamba","hidden_size":768,"num_hidden_layers":24,"vocab_size":50280,
          "state_size":16,"expand":2,"conv_kernel":4,"time_step_rank":48,
          "tie_word_embeddings":true})");
  INFO(one.error);
  REQUIRE(one.ok);
  CHECK(one.model.layer_pattern == std::string(24, 'M'));
  CHECK(sizer::attention_layer_count(one.model) == 0);
  CHECK(sizer::count_params(one.model).total == 129135360.0);
  // state-spaces/mamba2-130m: 24 heads of 64, one group, d_state 128.
  const sizer::HfConfigResult two = sizer::model_from_hf_config(
      R"({"model_type":"mamba2","hidden_size":768,"num_hidden_layers":24,"vocab_size":50288,
          "num_heads":24,"head_dim":64,"n_groups":1,"state_size":128,"expand":2})");
  INFO(two.error);
  REQUIRE(two.ok);
  CHECK(two.model.recurrent == sizer::RecurrentKind::mamba2);
  CHECK(two.model.recurrent_heads == 24);
  CHECK(sizer::kv_cache_bytes_per_token(sizer::normalize_model(two.model),
                                        *sizer::find_format("fp16")) == 0.0);
  const sizer::HfConfigResult bad =
      sizer::model_from_hf_config(R"({"model_type":"mamba","hidden_size":768})");
  CHECK_FALSE(bad.ok);
  CHECK_THAT(bad.error, Catch::Contains("num_hidden_layers"));
}
