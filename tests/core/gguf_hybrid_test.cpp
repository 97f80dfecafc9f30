// GGUF files of hybrid and recurrent stacks (Nemotron-H, Falcon-H1, Jamba, Mamba, Mamba-2), written
// here with the keys and tensor tables llama.cpp's converter writes and its loader reads. The
// architecture a file gives must count the same parameters as the model's config.json, and as the
// file's own tensor table; malformed ssm keys and per-layer arrays are named, never a crash.
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "model_file_writers.hpp"
#include "sizer/estimate.hpp"
#include "sizer/hf_config.hpp"
#include "sizer/kv_cache.hpp"
#include "sizer/layers.hpp"
#include "sizer/model_file.hpp"
#include "sizer/params.hpp"

using sizer::ModelFileResult;
using sizer_test::GgufWriter;
using sizer_test::kBF16;
using sizer_test::kF32;

namespace {

using u64 = std::uint64_t;

ModelFileResult import(const GgufWriter& w, const std::string& name = "model.gguf") {
  const std::vector<std::uint8_t> bytes = w.header();
  return sizer::import_model_file(bytes.data(), bytes.size(), name, w.file_size());
}

bool any_contains(const std::vector<std::string>& lines, const std::string& part) {
  for (const std::string& l : lines) {
    if (l.find(part) != std::string::npos) return true;
  }
  return false;
}

double total(const sizer::ModelArch& m) { return sizer::count_params(m).total; }

std::string block(int layer) { return "blk." + std::to_string(layer) + "."; }

// A Mamba-2 mixer's tensors as llama.cpp creates them (nemotron-h / mamba2 load_arch_tensors):
// in_proj to z, x, B, C, dt; a depthwise conv with bias over x, B, C; dt bias, A, D per head; the
// gated norm in groups; out_proj.
void mamba2_tensors(GgufWriter& w, int layer, u64 hidden, u64 heads, u64 head_dim, u64 groups,
                    u64 state, u64 conv) {
  const std::string b = block(layer);
  const u64 inner = heads * head_dim;
  const u64 conv_dim = inner + 2 * groups * state;
  w.tensor(b + "ssm_in.weight", {hidden, 2 * inner + 2 * groups * state + heads}, kBF16);
  w.tensor(b + "ssm_conv1d.weight", {conv, conv_dim}, kF32);
  w.tensor(b + "ssm_conv1d.bias", {conv_dim}, kF32);
  w.tensor(b + "ssm_dt.bias", {heads}, kF32);
  w.tensor(b + "ssm_a", {1, heads}, kF32);
  w.tensor(b + "ssm_d", {1, heads}, kF32);
  w.tensor(b + "ssm_norm.weight", {inner / groups, groups}, kF32);
  w.tensor(b + "ssm_out.weight", {inner, hidden}, kBF16);
}

// A Mamba-1 mixer (mamba / jamba load_arch_tensors); Jamba adds RMSNorms on dt, B and C.
void mamba1_tensors(GgufWriter& w, int layer, u64 hidden, u64 inner, u64 state, u64 rank, u64 conv,
                    bool dt_b_c_norms) {
  const std::string b = block(layer);
  w.tensor(b + "ssm_in.weight", {hidden, 2 * inner}, kBF16);
  w.tensor(b + "ssm_conv1d.weight", {conv, inner}, kF32);
  w.tensor(b + "ssm_conv1d.bias", {inner}, kF32);
  w.tensor(b + "ssm_x.weight", {inner, rank + 2 * state}, kBF16);
  w.tensor(b + "ssm_dt.weight", {rank, inner}, kBF16);
  w.tensor(b + "ssm_dt.bias", {inner}, kF32);
  if (dt_b_c_norms) {
    w.tensor(b + "ssm_dt_norm.weight", {rank}, kF32);
    w.tensor(b + "ssm_b_norm.weight", {state}, kF32);
    w.tensor(b + "ssm_c_norm.weight", {state}, kF32);
  }
  w.tensor(b + "ssm_a", {state, inner}, kF32);
  w.tensor(b + "ssm_d", {inner}, kF32);
  w.tensor(b + "ssm_out.weight", {inner, hidden}, kBF16);
}

void attention_tensors(GgufWriter& w, int layer, u64 hidden, u64 heads, u64 kv, u64 head_dim) {
  const std::string b = block(layer);
  w.tensor(b + "attn_q.weight", {hidden, heads * head_dim}, kBF16);
  w.tensor(b + "attn_k.weight", {hidden, kv * head_dim}, kBF16);
  w.tensor(b + "attn_v.weight", {hidden, kv * head_dim}, kBF16);
  w.tensor(b + "attn_output.weight", {heads * head_dim, hidden}, kBF16);
}

void embeddings(GgufWriter& w, u64 hidden, u64 vocab, bool tied) {
  w.tensor("token_embd.weight", {hidden, vocab}, kBF16);
  w.tensor("output_norm.weight", {hidden}, kF32);
  if (!tied) w.tensor("output.weight", {hidden, vocab}, kBF16);
}

// Nemotron-H as NemotronHModel writes it: Mamba-2 keys, and per-layer head_count_kv and
// feed_forward_length that are 0 where the layer lacks attention / an MLP.
struct NemotronShape {
  std::string pattern;  // hybrid_override_pattern: M Mamba-2, * attention, - MLP
  u64 hidden, heads, kv, head_dim, ff, vocab, m_heads, m_head_dim, groups, state, conv;
};

GgufWriter nemotron_h(const NemotronShape& s, const std::string& arch = "nemotron_h") {
  GgufWriter w;
  w.str("general.architecture", arch);
  w.str("general.name", "NVIDIA-Nemotron-Nano-9B-v2");
  const int layers = static_cast<int>(s.pattern.size());
  w.u32(arch + ".block_count", static_cast<std::uint32_t>(layers));
  // GraniteHybridModel writes 2^20 for stacks without RoPE.
  w.u32(arch + ".context_length", 1u << 20);
  w.u32(arch + ".embedding_length", static_cast<std::uint32_t>(s.hidden));
  w.u32(arch + ".attention.head_count", static_cast<std::uint32_t>(s.heads));
  std::vector<std::int32_t> kv, ff;
  for (char c : s.pattern) {
    kv.push_back(c == '*' ? static_cast<std::int32_t>(s.kv) : 0);
    ff.push_back(c == '-' || c == 'E' ? static_cast<std::int32_t>(s.ff) : 0);
  }
  w.i32_array(arch + ".attention.head_count_kv", kv);
  w.i32_array(arch + ".feed_forward_length", ff);
  w.u32(arch + ".attention.key_length", static_cast<std::uint32_t>(s.head_dim));
  w.u32(arch + ".attention.value_length", static_cast<std::uint32_t>(s.head_dim));
  w.u32(arch + ".ssm.conv_kernel", static_cast<std::uint32_t>(s.conv));
  w.u32(arch + ".ssm.state_size", static_cast<std::uint32_t>(s.state));
  w.u32(arch + ".ssm.group_count", static_cast<std::uint32_t>(s.groups));
  w.u32(arch + ".ssm.time_step_rank", static_cast<std::uint32_t>(s.m_heads));
  w.u32(arch + ".ssm.inner_size", static_cast<std::uint32_t>(s.m_heads * s.m_head_dim));
  embeddings(w, s.hidden, s.vocab, false);
  for (int i = 0; i < layers; ++i) {
    w.tensor(block(i) + "attn_norm.weight", {s.hidden}, kF32);
    const char c = s.pattern[static_cast<std::size_t>(i)];
    if (c == 'M')
      mamba2_tensors(w, i, s.hidden, s.m_heads, s.m_head_dim, s.groups, s.state, s.conv);
    if (c == '*') attention_tensors(w, i, s.hidden, s.heads, s.kv, s.head_dim);
    if (c == '-') {
      w.tensor(block(i) + "ffn_up.weight", {s.hidden, s.ff}, kBF16);
      w.tensor(block(i) + "ffn_down.weight", {s.ff, s.hidden}, kBF16);
    }
  }
  return w;
}

// NVIDIA-Nemotron-Nano-9B-v2 (its config.json below; hybrid_layers_test.cpp pins the same).
const char* kNemotronPattern = "M-M-M-MM-M-M-M*-M-M-M*-M-M-M-M*-M-M-M-M*-M-MM-M-M-M-M-M-";
const NemotronShape kNemotronNano9b{kNemotronPattern, 4480, 40, 8, 128, 15680,
                                    131072,           128,  80, 8, 128, 4};
const char* kNemotronNano9bConfig = R"({
  "model_type": "nemotron_h", "num_hidden_layers": 56, "hidden_size": 4480,
  "intermediate_size": 15680, "num_attention_heads": 40, "num_key_value_heads": 8,
  "head_dim": 128, "vocab_size": 131072, "tie_word_embeddings": false,
  "hybrid_override_pattern": "M-M-M-MM-M-M-M*-M-M-M*-M-M-M-M*-M-M-M-M*-M-MM-M-M-M-M-M-",
  "ssm_state_size": 128, "conv_kernel": 4, "n_groups": 8, "mamba_num_heads": 128,
  "mamba_head_dim": 80, "max_position_embeddings": 131072})";

// Jamba as JambaModel writes it: one head_count_kv per layer (attention every attn_layer_period
// from attn_layer_offset), Mamba-1 keys, expert counts; which layers route is in the tensors.
struct JambaShape {
  int layers, attn_period, attn_offset, expert_period, expert_offset;
  u64 hidden, heads, kv, ff, vocab, experts, used, inner, state, rank, conv;
};

GgufWriter jamba(const JambaShape& s, bool with_routers = true) {
  GgufWriter w;
  w.str("general.architecture", "jamba");
  w.str("general.name", "Jamba-v0.1");
  w.u32("jamba.block_count", static_cast<std::uint32_t>(s.layers));
  w.u32("jamba.context_length", 262144);
  w.u32("jamba.embedding_length", static_cast<std::uint32_t>(s.hidden));
  w.u32("jamba.feed_forward_length", static_cast<std::uint32_t>(s.ff));
  w.u32("jamba.attention.head_count", static_cast<std::uint32_t>(s.heads));
  std::vector<std::int32_t> kv;
  for (int i = 0; i < s.layers; ++i) {
    const bool attention = i >= s.attn_offset && (i - s.attn_offset) % s.attn_period == 0;
    kv.push_back(attention ? static_cast<std::int32_t>(s.kv) : 0);
  }
  w.i32_array("jamba.attention.head_count_kv", kv);
  w.u32("jamba.ssm.conv_kernel", static_cast<std::uint32_t>(s.conv));
  w.u32("jamba.ssm.inner_size", static_cast<std::uint32_t>(s.inner));
  w.u32("jamba.ssm.state_size", static_cast<std::uint32_t>(s.state));
  w.u32("jamba.ssm.time_step_rank", static_cast<std::uint32_t>(s.rank));
  w.u32("jamba.expert_count", static_cast<std::uint32_t>(s.experts));
  w.u32("jamba.expert_used_count", static_cast<std::uint32_t>(s.used));
  embeddings(w, s.hidden, s.vocab, false);
  for (int i = 0; i < s.layers; ++i) {
    const std::string b = block(i);
    w.tensor(b + "attn_norm.weight", {s.hidden}, kF32);
    if (kv[static_cast<std::size_t>(i)] == 0) {
      mamba1_tensors(w, i, s.hidden, s.inner, s.state, s.rank, s.conv, true);
    } else {
      attention_tensors(w, i, s.hidden, s.heads, s.kv, s.hidden / s.heads);
    }
    w.tensor(b + "ffn_norm.weight", {s.hidden}, kF32);
    const bool moe = i >= s.expert_offset && (i - s.expert_offset) % s.expert_period == 0;
    if (moe && with_routers) {
      w.tensor(b + "ffn_gate_inp.weight", {s.hidden, s.experts}, kF32);
      w.tensor(b + "ffn_gate_exps.weight", {s.hidden, s.ff, s.experts}, kBF16);
      w.tensor(b + "ffn_up_exps.weight", {s.hidden, s.ff, s.experts}, kBF16);
      w.tensor(b + "ffn_down_exps.weight", {s.ff, s.hidden, s.experts}, kBF16);
    } else if (!moe) {
      w.tensor(b + "ffn_gate.weight", {s.hidden, s.ff}, kBF16);
      w.tensor(b + "ffn_up.weight", {s.hidden, s.ff}, kBF16);
      w.tensor(b + "ffn_down.weight", {s.ff, s.hidden}, kBF16);
    }
  }
  return w;
}

// ai21labs/Jamba-v0.1 (its config.json below; hybrid_layers_test.cpp pins the same).
const JambaShape kJambaV01{32, 8, 4, 2, 1, 4096, 32, 8, 14336, 65536, 16, 2, 8192, 16, 256, 4};
const char* kJambaConfig = R"({
  "model_type": "jamba", "num_hidden_layers": 32, "hidden_size": 4096,
  "intermediate_size": 14336, "num_attention_heads": 32, "num_key_value_heads": 8,
  "vocab_size": 65536, "tie_word_embeddings": false, "num_experts": 16,
  "num_experts_per_tok": 2, "expert_layer_period": 2, "expert_layer_offset": 1,
  "attn_layer_period": 8, "attn_layer_offset": 4, "mamba_d_state": 16, "mamba_d_conv": 4,
  "mamba_expand": 2, "mamba_dt_rank": 256, "max_position_embeddings": 262144})";

// Mamba / Mamba-2 as MambaModel / Mamba2Model write them: head_count and feed_forward_length 0,
// context 2^20, the embedding tied (output.weight omitted).
GgufWriter mamba1(int layers, u64 hidden, u64 vocab, u64 state, u64 rank, u64 conv) {
  GgufWriter w;
  w.str("general.architecture", "mamba");
  w.str("general.name", "mamba-130m-hf");
  w.u32("mamba.block_count", static_cast<std::uint32_t>(layers));
  w.u32("mamba.context_length", 1u << 20);
  w.u32("mamba.embedding_length", static_cast<std::uint32_t>(hidden));
  w.u32("mamba.feed_forward_length", 0);
  w.u32("mamba.attention.head_count", 0);
  w.u32("mamba.ssm.conv_kernel", static_cast<std::uint32_t>(conv));
  w.u32("mamba.ssm.inner_size", static_cast<std::uint32_t>(2 * hidden));
  w.u32("mamba.ssm.state_size", static_cast<std::uint32_t>(state));
  w.u32("mamba.ssm.time_step_rank", static_cast<std::uint32_t>(rank));
  w.boolean("mamba.ssm.dt_b_c_rms", false);
  embeddings(w, hidden, vocab, true);
  for (int i = 0; i < layers; ++i) {
    w.tensor(block(i) + "attn_norm.weight", {hidden}, kF32);
    mamba1_tensors(w, i, hidden, 2 * hidden, state, rank, conv, false);
  }
  return w;
}

GgufWriter mamba2(int layers, u64 hidden, u64 vocab, u64 head_dim, u64 groups, u64 state,
                  u64 conv) {
  GgufWriter w;
  const u64 inner = 2 * hidden;
  w.str("general.architecture", "mamba2");
  w.str("general.name", "mamba2-130m");
  w.u32("mamba2.block_count", static_cast<std::uint32_t>(layers));
  w.u32("mamba2.context_length", 1u << 20);
  w.u32("mamba2.embedding_length", static_cast<std::uint32_t>(hidden));
  w.u32("mamba2.feed_forward_length", 0);
  w.u32("mamba2.attention.head_count", 0);
  w.u32("mamba2.ssm.conv_kernel", static_cast<std::uint32_t>(conv));
  w.u32("mamba2.ssm.inner_size", static_cast<std::uint32_t>(inner));
  w.u32("mamba2.ssm.state_size", static_cast<std::uint32_t>(state));
  w.u32("mamba2.ssm.time_step_rank", static_cast<std::uint32_t>(inner / head_dim));
  w.u32("mamba2.ssm.group_count", static_cast<std::uint32_t>(groups));
  embeddings(w, hidden, vocab, true);
  for (int i = 0; i < layers; ++i) {
    w.tensor(block(i) + "attn_norm.weight", {hidden}, kF32);
    mamba2_tensors(w, i, hidden, inner / head_dim, head_dim, groups, state, conv);
  }
  return w;
}

// Falcon-H1 as FalconH1Model writes it: scalar heads, Mamba-2 keys (time_step_rank =
// mamba_d_ssm / mamba_d_head).
GgufWriter falcon_h1(int layers) {
  GgufWriter w;
  w.str("general.architecture", "falcon-h1");
  w.str("general.name", "Falcon-H1-1.5B-Base");
  w.u32("falcon-h1.block_count", static_cast<std::uint32_t>(layers));
  w.u32("falcon-h1.context_length", 131072);
  w.u32("falcon-h1.embedding_length", 2048);
  w.u32("falcon-h1.feed_forward_length", 4608);
  w.u32("falcon-h1.attention.head_count", 8);
  w.u32("falcon-h1.attention.head_count_kv", 2);
  w.u32("falcon-h1.attention.key_length", 128);
  w.u32("falcon-h1.attention.value_length", 128);
  w.u32("falcon-h1.vocab_size", 65537);
  w.u32("falcon-h1.ssm.conv_kernel", 4);
  w.u32("falcon-h1.ssm.inner_size", 3072);
  w.u32("falcon-h1.ssm.state_size", 256);
  w.u32("falcon-h1.ssm.time_step_rank", 48);
  w.u32("falcon-h1.ssm.group_count", 1);
  w.tensor("token_embd.weight", {2048, 65537}, kBF16);
  w.tensor("output.weight", {2048, 65537}, kBF16);
  w.tensor("blk.0.attn_norm.weight", {2048}, kF32);
  w.tensor("blk.0.ffn_norm.weight", {2048}, kF32);
  w.tensor("blk.0.ffn_gate.weight", {2048, 4608}, kBF16);
  w.tensor("blk.0.ffn_up.weight", {2048, 4608}, kBF16);
  return w;
}

// A small header of `arch` with one value under test and nothing else of the ssm family.
GgufWriter minimal(const std::string& arch, int layers) {
  GgufWriter w;
  w.str("general.architecture", arch);
  w.u32(arch + ".block_count", static_cast<std::uint32_t>(layers));
  w.u32(arch + ".embedding_length", 256);
  w.u32(arch + ".attention.head_count", 4);
  w.u32(arch + ".vocab_size", 1000);
  return w;
}

void ssm_keys(GgufWriter& w, const std::string& arch) {
  w.u32(arch + ".ssm.conv_kernel", 4);
  w.u32(arch + ".ssm.inner_size", 512);
  w.u32(arch + ".ssm.state_size", 16);
  w.u32(arch + ".ssm.time_step_rank", 8);
  w.u32(arch + ".ssm.group_count", 1);
}

}  // namespace

TEST_CASE("a Nemotron-H GGUF gives the layers and parameters of its config.json",
          "[gguf][hybrid]") {
  const ModelFileResult r = import(nemotron_h(kNemotronNano9b), "Nemotron-Nano-9B-v2-BF16.gguf");
  INFO(r.error);
  for (const std::string& warning : r.warnings) UNSCOPED_INFO(warning);
  REQUIRE(r.model_complete);
  CHECK(r.warnings.empty());  // the per-layer arrays are what the format means, not a problem
  const sizer::ModelArch& m = r.model;
  CHECK(m.model_type == "nemotron_h");
  CHECK(m.recurrent == sizer::RecurrentKind::mamba2);
  CHECK(m.layer_pattern == kNemotronPattern);
  CHECK(m.num_kv_heads == 8);
  CHECK(m.intermediate_size == 15680);
  CHECK(m.recurrent_heads == 128);
  CHECK(m.recurrent_head_dim == 80);  // ssm.inner_size 10240 / ssm.time_step_rank 128
  CHECK(m.recurrent_groups == 8);
  CHECK(m.recurrent_state_dim == 128);
  CHECK_FALSE(m.mlp_gated);
  CHECK(m.norms_per_layer == 1);
  CHECK(sizer::recurrent_mixer_params(m) == 147446144.0);

  const sizer::HfConfigResult config = sizer::model_from_hf_config(kNemotronNano9bConfig);
  REQUIRE(config.ok);
  CHECK(m.layer_pattern == config.model.layer_pattern);
  CHECK(total(m) == total(config.model));
  // The tensor table holds exactly the parameters the architecture counts: 8,888,227,328
  // (the Hub: 8.89B).
  CHECK(static_cast<double>(r.exact.parameters) == total(m));
  CHECK(r.exact.parameters == 8888227328u);
  CHECK(sizer::kv_cache_bytes_per_token(sizer::normalize_model(m), *sizer::find_format("fp16")) ==
        4 * 2 * 8 * 128 * 2.0);
}

TEST_CASE("a nemotron_h_moe GGUF routes every MLP layer through experts", "[gguf][hybrid]") {
  // NemotronHModel (MoE) writes moe_intermediate_size into feed_forward_length of the expert
  // layers and the expert keys; the experts are up / squared ReLU / down like the MLP.
  const NemotronShape s{"ME*EME", 256, 4, 2, 64, 128, 1000, 8, 32, 1, 16, 4};
  GgufWriter w = nemotron_h(s, "nemotron_h_moe");
  w.u32("nemotron_h_moe.expert_count", 8);
  w.u32("nemotron_h_moe.expert_used_count", 2);
  w.u32("nemotron_h_moe.expert_feed_forward_length", 128);
  w.u32("nemotron_h_moe.expert_shared_feed_forward_length", 256);
  w.u32("nemotron_h_moe.expert_shared_count", 1);
  const ModelFileResult r = import(w);
  INFO(r.error);
  for (const std::string& warning : r.warnings) UNSCOPED_INFO(warning);
  REQUIRE(r.model_complete);
  const sizer::ModelArch& m = r.model;
  CHECK(m.model_type == "nemotron_h");
  CHECK(m.layer_pattern == "ME*EME");
  CHECK(sizer::moe_layer_count(m) == 3);
  CHECK(sizer::attention_layer_count(m) == 1);
  CHECK(m.moe_intermediate_size == 128);
  CHECK(m.shared_expert_intermediate_size == 256);
  CHECK(m.num_shared_experts == 1);
  CHECK_FALSE(m.mlp_gated);
}

TEST_CASE("a Jamba GGUF finds its expert layers in the tensor table", "[gguf][hybrid]") {
  const ModelFileResult r = import(jamba(kJambaV01), "Jamba-v0.1-BF16.gguf");
  INFO(r.error);
  for (const std::string& warning : r.warnings) UNSCOPED_INFO(warning);
  REQUIRE(r.model_complete);
  CHECK(r.warnings.empty());
  const sizer::ModelArch& m = r.model;
  CHECK(m.recurrent == sizer::RecurrentKind::mamba);
  CHECK(m.layer_pattern.substr(0, 8) == "RRRRARRR");
  CHECK(m.recurrent_heads == 8192);  // ssm.inner_size: Mamba-1 channels
  CHECK(m.recurrent_dt_rank == 256);
  CHECK(m.moe_layer_period == 2);  // routers (ffn_gate_inp) in layers 1, 3, 5 ...
  CHECK(m.norms_per_layer == 2);   // ssm_dt_norm, ssm_b_norm, ssm_c_norm belong to the mixer
  CHECK(sizer::moe_layer_count(m) == 16);

  const sizer::HfConfigResult config = sizer::model_from_hf_config(kJambaConfig);
  REQUIRE(config.ok);
  CHECK(m.layer_pattern == config.model.layer_pattern);
  CHECK(total(m) == total(config.model));
  CHECK(sizer::count_params(m).active == sizer::count_params(config.model).active);
  CHECK(total(m) == Approx(51.57e9).epsilon(0.001));
  // The tensor table also holds Jamba's RMSNorms on dt, B and C (dt_rank + 2 x d_state = 288
  // weights in each of the 28 Mamba layers), which the core's Mamba-1 mixer does not count.
  CHECK(static_cast<double>(r.exact.parameters) == total(m) + 28 * 288.0);
}

TEST_CASE("a Falcon-H1 GGUF runs attention and Mamba-2 side by side in every layer",
          "[gguf][hybrid]") {
  const ModelFileResult r = import(falcon_h1(24), "Falcon-H1-1.5B-Base-BF16.gguf");
  INFO(r.error);
  for (const std::string& warning : r.warnings) UNSCOPED_INFO(warning);
  REQUIRE(r.model_complete);
  const sizer::ModelArch& m = r.model;
  CHECK(m.layer_pattern == std::string(24, 'P'));
  CHECK(m.recurrent_head_dim == 64);  // 3072 / 48
  CHECK(m.head_dim == 128);
  const sizer::HfConfigResult config = sizer::model_from_hf_config(R"({
    "model_type": "falcon_h1", "num_hidden_layers": 24, "hidden_size": 2048,
    "intermediate_size": 4608, "num_attention_heads": 8, "num_key_value_heads": 2,
    "head_dim": 128, "vocab_size": 65537, "mamba_d_state": 256, "mamba_d_conv": 4,
    "mamba_n_groups": 1, "mamba_n_heads": 48, "mamba_d_head": 64, "mamba_d_ssm": 3072})");
  REQUIRE(config.ok);
  CHECK(m.layer_pattern == config.model.layer_pattern);
  CHECK(total(m) == total(config.model));
}

TEST_CASE("Mamba and Mamba-2 GGUFs are every layer recurrent, with no KV cache", "[gguf][hybrid]") {
  // state-spaces/mamba-130m-hf: d_model 768, 24 layers, d_state 16, dt_rank 48, vocabulary padded
  // to 50,280.
  const ModelFileResult r = import(mamba1(24, 768, 50280, 16, 48, 4), "mamba-130m-f16.gguf");
  INFO(r.error);
  for (const std::string& warning : r.warnings) UNSCOPED_INFO(warning);
  REQUIRE(r.model_complete);
  const sizer::ModelArch& m = r.model;
  CHECK(m.layer_pattern == std::string(24, 'M'));
  CHECK(sizer::attention_layer_count(m) == 0);
  CHECK(m.tie_word_embeddings);
  CHECK(sizer::kv_cache_bytes_per_token(sizer::normalize_model(m), *sizer::find_format("fp16")) ==
        0.0);
  CHECK(sizer::recurrent_state_values_per_layer(m) == 1536 * 16 + 3 * 1536.0);
  // 129,135,360 parameters (the Hub: 129M), the same from the tensors and the architecture.
  CHECK(static_cast<double>(r.exact.parameters) == total(m));
  CHECK(r.exact.parameters == 129135360u);

  // state-spaces/mamba2-130m: d_model 768, 24 layers, head dim 64 (24 heads), 1 group, d_state
  // 128, vocabulary padded to 50,288.
  const ModelFileResult r2 = import(mamba2(24, 768, 50288, 64, 1, 128, 4), "mamba2-130m.gguf");
  INFO(r2.error);
  for (const std::string& warning : r2.warnings) UNSCOPED_INFO(warning);
  REQUIRE(r2.model_complete);
  CHECK(r2.model.layer_pattern == std::string(24, 'M'));
  CHECK(r2.model.recurrent_heads == 24);
  CHECK(r2.model.recurrent_head_dim == 64);
  CHECK(static_cast<double>(r2.exact.parameters) == total(r2.model));

  // An attention-free model estimates: no KV cache, one fixed state per sequence.
  sizer::Scenario s;
  s.model = r2.model;
  s.weights_format = "bf16";
  s.hardware.gpu = *sizer::find_gpu("rtx-4090-24gb");
  s.inference.batch = 8;
  s.inference.prompt_tokens = 100000;
  const sizer::Estimate e = sizer::estimate(s);
  CHECK(e.memory.kv_cache_bytes == 0.0);
  CHECK(e.memory.recurrent_state_bytes > 0.0);
  CHECK(e.memory.fits);
  CHECK(e.inference.decode_tokens_per_second > 0.0);
}

TEST_CASE("malformed ssm keys and per-layer arrays are named and leave the model incomplete",
          "[gguf][hybrid][malformed]") {
  SECTION("a Mamba-2 file without its ssm keys") {
    GgufWriter w = minimal("mamba2", 4);
    const ModelFileResult r = import(w);
    CHECK(r.status == sizer::ModelFileStatus::ok);
    CHECK_FALSE(r.model_complete);
    CHECK(any_contains(r.warnings, "mamba2.ssm.time_step_rank: missing (llama.cpp's loader"));
    CHECK(any_contains(r.warnings, "mamba2.ssm.group_count: missing"));
    CHECK(any_contains(r.warnings, "model.recurrentHeads: must be positive"));
  }
  SECTION("zero, negative and non-numeric sizes") {
    GgufWriter w = minimal("mamba", 4);
    w.u32("mamba.ssm.conv_kernel", 65);
    w.u32("mamba.ssm.inner_size", 0);
    w.i32("mamba.ssm.state_size", -16);
    w.str("mamba.ssm.time_step_rank", "auto");
    const ModelFileResult r = import(w);
    CHECK_FALSE(r.model_complete);
    CHECK(any_contains(r.warnings, "mamba.ssm.inner_size: must be positive"));
    // Above what a request can carry (recurrentConvKernel: at most 64).
    CHECK(any_contains(r.warnings,
                       "mamba.ssm.conv_kernel: 65 is above the limit of "
                       "model.recurrentConvKernel (64)"));
    CHECK(any_contains(r.warnings, "mamba.ssm.state_size: not a usable count; ignored"));
    CHECK(any_contains(r.warnings, "mamba.ssm.time_step_rank: not a usable count"));
  }
  SECTION("an inner size the heads do not divide") {
    GgufWriter w = minimal("mamba2", 4);
    ssm_keys(w, "mamba2");
    w.u32("mamba2.ssm.time_step_rank", 7);
    const ModelFileResult r = import(w);
    CHECK_FALSE(r.model_complete);
    CHECK(any_contains(r.warnings,
                       "mamba2.ssm.inner_size (512) is not a multiple of the head "
                       "count mamba2.ssm.time_step_rank (7)"));
  }
  SECTION("a per-layer array of the wrong length") {
    GgufWriter w = minimal("nemotron_h", 4);
    ssm_keys(w, "nemotron_h");
    w.i32_array("nemotron_h.attention.head_count_kv", {0, 2, 0});
    w.i32_array("nemotron_h.feed_forward_length", {0, 0, 512, 0});
    const ModelFileResult r = import(w);
    CHECK_FALSE(r.model_complete);
    CHECK(any_contains(r.warnings,
                       "nemotron_h.attention.head_count_kv: 3 values for 4 layers (block_count)"));
    CHECK(any_contains(r.warnings, "needed per layer to tell the Mamba-2, attention and MLP"));
  }
  SECTION("per-layer arrays of strings or negative counts") {
    GgufWriter w = minimal("jamba", 2);
    ssm_keys(w, "jamba");
    w.string_array("jamba.attention.head_count_kv", {"0", "8"});
    w.i32_array("jamba.feed_forward_length", {512, -1});
    const ModelFileResult r = import(w);
    CHECK_FALSE(r.model_complete);
    CHECK(any_contains(r.warnings, "jamba.attention.head_count_kv: not a count or an array"));
    CHECK(any_contains(r.warnings, "jamba.feed_forward_length: not a usable count"));
  }
  SECTION("layers whose widths differ keep the largest, with a warning") {
    NemotronShape s{"M*-*-", 256, 4, 2, 64, 512, 1000, 8, 32, 1, 16, 4};
    GgufWriter w = nemotron_h(s);
    w.i32_array("nemotron_h.feed_forward_length", {0, 0, 512, 0, 768});  // the later key wins
    const ModelFileResult r = import(w);
    CHECK(r.model_complete);
    CHECK(r.model.intermediate_size == 768);
    CHECK(any_contains(r.warnings, "nemotron_h.feed_forward_length: the layers differ"));
  }
  SECTION("more layers than a request can carry") {
    GgufWriter w = minimal("mamba", 1 << 20);
    ssm_keys(w, "mamba");
    const ModelFileResult r = import(w);
    CHECK_FALSE(r.model_complete);
    CHECK(any_contains(r.warnings, "mamba.block_count: 1048576 layers is above the limit"));
  }
  SECTION("a Jamba part without router tensors assumes JambaConfig's expert period") {
    JambaShape s{4, 4, 1, 2, 1, 256, 4, 2, 512, 1000, 4, 2, 512, 16, 16, 4};
    const ModelFileResult r = import(jamba(s, false));
    CHECK(r.model_complete);
    CHECK(r.model.moe_layer_period == 2);
    CHECK(any_contains(r.warnings, "no router tensors"));
  }
}

// Seeds for fuzz_gguf (hidden: run with SIZER_WRITE_CORPUS=<tests/fuzz/corpus>).
TEST_CASE("write hybrid GGUF fuzz seeds", "[.write-corpus]") {
  const char* root = std::getenv("SIZER_WRITE_CORPUS");
  REQUIRE(root != nullptr);
  auto write = [&](const std::string& name, const GgufWriter& w) {
    const std::vector<std::uint8_t> bytes = w.header();
    std::ofstream out(std::string(root) + "/gguf/" + name, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()),
              static_cast<std::streamsize>(bytes.size()));
    REQUIRE(out.good());
  };
  write("nemotron-h-tiny.gguf", nemotron_h({"M*-M-", 64, 4, 2, 16, 128, 100, 4, 16, 2, 8, 4}));
  GgufWriter moe = nemotron_h({"ME*E", 64, 4, 2, 16, 32, 100, 4, 16, 2, 8, 4}, "nemotron_h_moe");
  moe.u32("nemotron_h_moe.expert_count", 4);
  moe.u32("nemotron_h_moe.expert_used_count", 2);
  write("nemotron-h-moe-tiny.gguf", moe);
  write("jamba-tiny.gguf", jamba({4, 4, 1, 2, 1, 64, 4, 2, 128, 100, 4, 2, 128, 8, 4, 4}));
  write("mamba-tiny.gguf", mamba1(2, 64, 100, 8, 4, 4));
  write("mamba2-tiny.gguf", mamba2(2, 64, 100, 16, 1, 8, 4));
  write("falcon-h1-header.gguf", falcon_h1(2));
  GgufWriter bad = minimal("nemotron_h", 4);
  ssm_keys(bad, "nemotron_h");
  bad.i32_array("nemotron_h.attention.head_count_kv", {0, 2, 0});
  bad.i32_array("nemotron_h.feed_forward_length", {0, -1, 512, 0});
  write("nemotron-h-bad-arrays.gguf", bad);
}
