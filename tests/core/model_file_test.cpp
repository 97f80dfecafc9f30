// Model files read by header: GGUF and safetensors headers written here in their real formats
// (model_file_writers.hpp), safetensors index files and config.json. Exact parameter counts and
// bytes are pinned to figures worked out by hand from the block layouts; then malformed and
// hostile input, which must fail with a message (never crash, never allocate what it claims).
#include "sizer/model_file.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "model_file_writers.hpp"
#include "sizer/catalog.hpp"
#include "sizer/params.hpp"

using sizer::ModelFileKind;
using sizer::ModelFileResult;
using sizer::ModelFileStatus;
using sizer_test::GgufWriter;
using sizer_test::SafetensorsWriter;

namespace {

ModelFileResult import(const std::vector<std::uint8_t>& bytes, const std::string& name,
                       std::uint64_t file_size = 0) {
  return sizer::import_model_file(bytes.data(), bytes.size(), name, file_size);
}

bool any_contains(const std::vector<std::string>& lines, const std::string& part) {
  for (const std::string& l : lines) {
    if (l.find(part) != std::string::npos) return true;
  }
  return false;
}

// A two-layer Llama-style model, hidden 256, 4 heads (2 KV), FFN 512, vocabulary 1000, in the
// Q4_K_M mix: Q4_K for most matrices, Q6_K for attn_v, ffn_down and output, F32 norms.
GgufWriter tiny_llama(bool with_tokens, bool with_all_value_types) {
  using namespace sizer_test;
  GgufWriter w;
  w.str("general.architecture", "llama");
  w.str("general.name", "tiny-llama-test");
  w.u32("general.file_type", 15);  // LLAMA_FTYPE_MOSTLY_Q4_K_M
  w.u32("general.quantization_version", 2);
  w.u32("llama.block_count", 2);
  w.u32("llama.context_length", 4096);
  w.u32("llama.embedding_length", 256);
  w.u32("llama.feed_forward_length", 512);
  w.u32("llama.attention.head_count", 4);
  w.u32("llama.attention.head_count_kv", 2);
  w.f32("llama.rope.freq_base", 500000.0f);
  w.f32("llama.attention.layer_norm_rms_epsilon", 1e-5f);
  if (with_tokens) {
    std::vector<std::string> tokens;
    for (int i = 0; i < 1000; ++i) tokens.push_back("t" + std::to_string(i));
    w.string_array("tokenizer.ggml.tokens", tokens);
    w.i32_array("tokenizer.ggml.token_type", std::vector<std::int32_t>(1000, 1));
  }
  if (with_all_value_types) {
    w.u8("test.u8", 200);
    w.i8("test.i8", -5);
    w.u16("test.u16", 60000);
    w.i16("test.i16", -300);
    w.i32("test.i32", -70000);
    w.boolean("test.bool", true);
    w.u64("test.u64", 1ull << 40);
    w.i64("test.i64", -(1ll << 40));
    w.f64("test.f64", 0.25);
    w.nested_array("test.nested", 3);
  }
  w.tensor("token_embd.weight", {256, 1000}, kQ4_K);
  w.tensor("output_norm.weight", {256}, kF32);
  w.tensor("output.weight", {256, 1000}, kQ6_K);
  for (int i = 0; i < 2; ++i) {
    const std::string b = "blk." + std::to_string(i) + ".";
    w.tensor(b + "attn_norm.weight", {256}, kF32);
    w.tensor(b + "attn_q.weight", {256, 256}, kQ4_K);
    w.tensor(b + "attn_k.weight", {256, 128}, kQ4_K);
    w.tensor(b + "attn_v.weight", {256, 128}, kQ6_K);
    w.tensor(b + "attn_output.weight", {256, 256}, kQ4_K);
    w.tensor(b + "ffn_norm.weight", {256}, kF32);
    w.tensor(b + "ffn_gate.weight", {256, 512}, kQ4_K);
    w.tensor(b + "ffn_up.weight", {256, 512}, kQ4_K);
    w.tensor(b + "ffn_down.weight", {512, 256}, kQ6_K);
  }
  return w;
}

// Llama-3-8B's tensor table (ggml order [in, out]) in a simplified Q4_K_M mix, header only.
GgufWriter llama3_8b_header() {
  using namespace sizer_test;
  GgufWriter w;
  w.str("general.architecture", "llama");
  w.str("general.name", "Meta-Llama-3-8B (header only)");
  w.u32("general.file_type", 15);
  w.u32("llama.block_count", 32);
  w.u32("llama.context_length", 8192);
  w.u32("llama.embedding_length", 4096);
  w.u32("llama.feed_forward_length", 14336);
  w.u32("llama.attention.head_count", 32);
  w.u32("llama.attention.head_count_kv", 8);
  w.u32("llama.vocab_size", 128256);
  w.tensor("token_embd.weight", {4096, 128256}, kQ4_K);
  w.tensor("output_norm.weight", {4096}, kF32);
  w.tensor("output.weight", {4096, 128256}, kQ6_K);
  for (int i = 0; i < 32; ++i) {
    const std::string b = "blk." + std::to_string(i) + ".";
    w.tensor(b + "attn_norm.weight", {4096}, kF32);
    w.tensor(b + "attn_q.weight", {4096, 4096}, kQ4_K);
    w.tensor(b + "attn_k.weight", {4096, 1024}, kQ4_K);
    w.tensor(b + "attn_v.weight", {4096, 1024}, kQ6_K);
    w.tensor(b + "attn_output.weight", {4096, 4096}, kQ4_K);
    w.tensor(b + "ffn_norm.weight", {4096}, kF32);
    w.tensor(b + "ffn_gate.weight", {4096, 14336}, kQ4_K);
    w.tensor(b + "ffn_up.weight", {4096, 14336}, kQ4_K);
    w.tensor(b + "ffn_down.weight", {14336, 4096}, kQ6_K);
  }
  return w;
}

// Header of a GGUF with one hostile metadata value appended after a valid architecture key.
std::vector<std::uint8_t> with_value(std::uint32_t type, const std::vector<std::uint8_t>& bytes) {
  GgufWriter w;
  w.str("general.architecture", "llama");
  w.raw_value("hostile", type, bytes);
  return w.header();
}

std::vector<std::uint8_t> le64(std::uint64_t v) {
  std::vector<std::uint8_t> out;
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
  return out;
}

}  // namespace

TEST_CASE("a Q4_K_M GGUF gives its exact parameters, bytes per type and architecture", "[gguf]") {
  const GgufWriter w = tiny_llama(true, true);
  const ModelFileResult r = import(w.header(), "tiny-llama-Q4_K_M.gguf", w.file_size());
  REQUIRE(r.status == ModelFileStatus::ok);
  CHECK(r.kind == ModelFileKind::gguf);
  CHECK(r.weights_format == "gguf-q4_k_m");
  CHECK(r.exact.known);
  CHECK(r.exact.complete);
  CHECK(r.exact.tensor_count == 21);
  // embd 256x1000 + output 256x1000 + norm 256 + 2 x (q 65536 + k 32768 + v 32768 + o 65536 +
  // 3 x 131072 MLP + 2 x 256 norms)
  CHECK(r.exact.parameters == 1692928);
  // Q4_K: 144 bytes per 256 values; Q6_K: 210 per 256; F32: 4 per value.
  CHECK(r.exact.bytes_by_type.at("Q4_K") == 623232);
  CHECK(r.exact.bytes_by_type.at("Q6_K") == 478800);
  CHECK(r.exact.bytes_by_type.at("F32") == 5120);
  CHECK(r.exact.weights_bytes == 1107152);
  CHECK(r.exact.parameters_by_type.at("F32") == 1280);
  CHECK(r.warnings.empty());

  const sizer::ModelArch& m = r.model;
  CHECK(r.model_complete);
  CHECK(m.model_type == "llama");
  CHECK(m.name == "tiny-llama-test");
  CHECK(m.hidden_size == 256);
  CHECK(m.num_layers == 2);
  CHECK(m.num_heads == 4);
  CHECK(m.num_kv_heads == 2);
  CHECK(m.head_dim == 64);
  CHECK(m.intermediate_size == 512);
  CHECK(m.vocab_size == 1000);  // from tokenizer.ggml.tokens
  CHECK(m.max_position_embeddings == 4096);
  CHECK_FALSE(m.tie_word_embeddings);
  CHECK(m.mlp_gated);
  CHECK(m.norms_per_layer == 2);
  CHECK(m.published_format == "gguf-q4_k_m");
  // The engine's own count of the architecture agrees with the tensor table.
  CHECK(sizer::count_params(sizer::normalize_model(m)).total == Approx(1692928.0).epsilon(0));
}

TEST_CASE("a multi-GB GGUF is sized from its header alone", "[gguf]") {
  const GgufWriter w = llama3_8b_header();
  const std::vector<std::uint8_t> header = w.header();
  REQUIRE(header.size() < 20000);
  const std::uint64_t file_size = w.file_size();
  CHECK(file_size > 5000000000ull);
  const ModelFileResult r = import(header, "Meta-Llama-3-8B-Q4_K_M.gguf", file_size);
  REQUIRE(r.status == ModelFileStatus::ok);
  CHECK(r.exact.parameters == 8030261248ull);  // Llama-3-8B's published count
  CHECK(r.exact.weights_bytes == 5172420608ull);
  CHECK(r.exact.bytes_by_type.at("Q4_K") == 3088908288ull);
  CHECK(r.exact.bytes_by_type.at("Q6_K") == 2082447360ull);
  CHECK(r.exact.bytes_by_type.at("F32") == 1064960);
  CHECK(r.bytes_needed <= header.size());  // where the tensor table ends
  CHECK(r.bytes_needed + 32 > header.size());
  CHECK(r.warnings.empty());
  const sizer::ModelArch* catalog = sizer::find_model("llama-3-8b");
  REQUIRE(catalog != nullptr);
  CHECK(sizer::count_params(sizer::normalize_model(r.model)).total ==
        Approx(sizer::count_params(sizer::normalize_model(*catalog)).total).epsilon(0));

  // The same header read as if it were the whole file: the data is missing.
  const ModelFileResult cut = import(header, "Meta-Llama-3-8B-Q4_K_M.gguf");
  REQUIRE(cut.status == ModelFileStatus::ok);
  CHECK(any_contains(cut.warnings, "truncated download"));
}

TEST_CASE("a slice that ends inside the GGUF header asks for more bytes until it has enough",
          "[gguf]") {
  const GgufWriter w = tiny_llama(true, false);
  const std::vector<std::uint8_t> header = w.header();
  std::size_t slice = 1024;
  int calls = 0;
  ModelFileResult r;
  for (; calls < 64; ++calls) {
    std::vector<std::uint8_t> part(header.begin(), header.begin() + std::min(slice, header.size()));
    r = import(part, "tiny.gguf", w.file_size());
    if (r.status != ModelFileStatus::needs_more_bytes) break;
    REQUIRE(r.bytes_needed > part.size());
    REQUIRE(r.bytes_needed <= header.size());
    slice = std::max<std::size_t>(r.bytes_needed, slice * 2);  // what JS does
  }
  CHECK(r.status == ModelFileStatus::ok);
  CHECK(calls < 10);
  CHECK(r.exact.parameters == 1692928);
}

TEST_CASE("a GGUF cut at any byte gives an error or a request for more, never a result",
          "[gguf][malformed]") {
  const std::vector<std::uint8_t> full = tiny_llama(false, true).header();
  const std::uint64_t header_end = import(full, "tiny.gguf").bytes_needed;  // before padding
  REQUIRE(header_end > full.size() - 32);
  for (std::size_t n = 0; n < full.size(); ++n) {
    const std::vector<std::uint8_t> part(full.begin(), full.begin() + n);
    INFO("cut at " << n);
    const ModelFileResult cut = import(part, "tiny.gguf", n);  // the file really is n bytes
    const ModelFileResult slice = import(part, "tiny.gguf", full.size() + 4096);  // a slice
    if (n < header_end) {
      REQUIRE(cut.status == ModelFileStatus::error);
      REQUIRE_FALSE(cut.error.empty());
      REQUIRE(slice.status == ModelFileStatus::needs_more_bytes);
      REQUIRE(slice.bytes_needed > n);
    } else {  // the whole header is there; only the (never read) data is missing
      REQUIRE(cut.status == ModelFileStatus::ok);
      REQUIRE(any_contains(cut.warnings, "truncated download"));
      REQUIRE(slice.status == ModelFileStatus::ok);
    }
  }
}

TEST_CASE("hostile GGUF headers fail by name without allocating what they claim",
          "[gguf][malformed]") {
  GgufWriter base;
  base.str("general.architecture", "llama");
  std::vector<std::uint8_t> bytes = base.header();

  SECTION("wrong magic") {
    bytes[0] = 'X';
    const ModelFileResult r = import(bytes, "model.gguf");
    CHECK(r.status == ModelFileStatus::error);
    CHECK(r.error.find("GGUF magic") != std::string::npos);
  }
  SECTION("version 1") {
    bytes[4] = 1;
    CHECK(import(bytes, "m.gguf").error.find("version 1") != std::string::npos);
  }
  SECTION("a big-endian file") {
    bytes[4] = 0, bytes[7] = 3;
    CHECK(import(bytes, "m.gguf").error.find("big-endian") != std::string::npos);
  }
  SECTION("a huge tensor count") {
    for (int i = 0; i < 8; ++i) bytes[8 + i] = 0xFF;
    CHECK(import(bytes, "m.gguf").error.find("tensors is above the limit") != std::string::npos);
  }
  SECTION("a huge metadata count") {
    for (int i = 0; i < 8; ++i) bytes[16 + i] = 0x7F;
    CHECK(import(bytes, "m.gguf").error.find("metadata entries") != std::string::npos);
  }
  SECTION("a string claiming 2^63 bytes") {
    std::vector<std::uint8_t> v = le64(1ull << 63);
    const ModelFileResult r = import(with_value(8, v), "m.gguf", 1ull << 40);
    CHECK(r.status == ModelFileStatus::error);
    CHECK(r.error.find("above the limit") != std::string::npos);
  }
  SECTION("an array claiming 2^40 elements") {
    std::vector<std::uint8_t> v = {4, 0, 0, 0};
    const std::vector<std::uint8_t> count = le64(1ull << 40);
    v.insert(v.end(), count.begin(), count.end());
    const ModelFileResult r = import(with_value(9, v), "m.gguf", 1ull << 40);
    CHECK(r.error.find("array of") != std::string::npos);
  }
  SECTION("arrays nested five deep") {
    std::vector<std::uint8_t> v;
    for (int i = 0; i < 5; ++i) {
      v.insert(v.end(), {9, 0, 0, 0});
      const std::vector<std::uint8_t> one = le64(1);
      v.insert(v.end(), one.begin(), one.end());
    }
    CHECK(import(with_value(9, v), "m.gguf").error.find("nested deeper") != std::string::npos);
  }
  SECTION("an unknown value type") {
    CHECK(import(with_value(13, {}), "m.gguf").error.find("not a GGUF type") != std::string::npos);
  }
}

TEST_CASE("GGUF tensor tables with impossible tensors fail by name", "[gguf][malformed]") {
  using namespace sizer_test;
  auto one_tensor = [](const std::vector<std::uint64_t>& dims, BlockLayout type) {
    GgufWriter w;
    w.str("general.architecture", "llama");
    w.tensor("blk.0.attn_q.weight", dims, type);
    return w.header();
  };
  CHECK(import(one_tensor({100, 4}, kQ4_K), "m.gguf").error.find("not a multiple of Q4_K") !=
        std::string::npos);
  CHECK(import(one_tensor({1, 2, 3, 4, 5}, kF32), "m.gguf").error.find("dimensions") !=
        std::string::npos);
  CHECK(import(one_tensor({1ull << 40, 1ull << 40}, kF32), "m.gguf")
            .error.find("more elements than any model") != std::string::npos);
  CHECK(import(one_tensor({32}, BlockLayout{77, 1, 1}), "m.gguf").error.find("ggml type 77") !=
        std::string::npos);
  GgufWriter w;
  w.str("general.architecture", "llama");
  w.u32("general.alignment", 48);
  CHECK(import(w.header(), "m.gguf").error.find("power of two") != std::string::npos);
}

TEST_CASE("every ggml block layout matches the catalog's bits per weight", "[gguf]") {
  // {ggml type id, catalog format id}: block bytes x 8 / block values must equal the row.
  const std::vector<std::pair<std::uint32_t, std::string>> pairs = {
      {0, "gguf-f32"},        {1, "gguf-f16"},        {30, "gguf-bf16"},
      {2, "gguf-q4_0"},       {3, "gguf-q4_1"},       {6, "gguf-q5_0"},
      {7, "gguf-q5_1"},       {8, "gguf-q8_0"},       {10, "ggml-type-q2_k"},
      {11, "ggml-type-q3_k"}, {12, "ggml-type-q4_k"}, {13, "ggml-type-q5_k"},
      {14, "gguf-q6_k"},      {16, "gguf-iq2_xxs"},   {17, "gguf-iq2_xs"},
      {22, "gguf-iq2_s"},     {18, "gguf-iq3_xxs"},   {21, "gguf-iq3_s"},
      {19, "gguf-iq1_s"},     {29, "gguf-iq1_m"},     {20, "gguf-iq4_nl"},
      {23, "gguf-iq4_xs"},    {34, "gguf-tq1_0"},     {35, "gguf-tq2_0"},
      {39, "gguf-mxfp4"},     {40, "nvfp4"},
  };
  for (const auto& [id, format] : pairs) {
    const sizer::GgmlType* type = sizer::find_ggml_type(id);
    const sizer::NumberFormat* f = sizer::find_format(format);
    INFO(format);
    REQUIRE(type != nullptr);
    REQUIRE(f != nullptr);
    CHECK(type->block_bytes * 8.0 / type->block_elements == Approx(f->bits_per_weight));
  }
  CHECK(sizer::find_ggml_type(15)->block_bytes == 292);  // Q8_K: fp32 d + 256 int8 + 16 int16
  CHECK(sizer::find_ggml_type(4) == nullptr);            // Q4_2: removed
}

TEST_CASE("an MXFP4 expert mix is named by the type of its other tensors", "[gguf]") {
  using namespace sizer_test;
  constexpr BlockLayout kBf16{30, 1, 2};
  auto gpt_oss = [](std::uint32_t file_type, BlockLayout rest) {
    GgufWriter w;
    w.str("general.architecture", "gpt-oss");
    if (file_type != 0) w.u32("general.file_type", file_type);
    w.tensor("blk.0.ffn_up_exps.weight", {2880, 2880, 32}, kMxfp4);
    w.tensor("blk.0.attn_q.weight", {2880, 4096}, rest);
    w.tensor("blk.0.attn_norm.weight", {2880}, kF32);
    return import(w.header(), "o.gguf", w.file_size());
  };
  SECTION("llama.cpp's MXFP4_MOE: the rest at Q8_0") {
    const ModelFileResult r = gpt_oss(38, kQ8_0);
    CHECK(r.weights_format == "gguf-mxfp4");
    for (const std::string& w : r.warnings) CHECK(w.find("MXFP4 tensors") == std::string::npos);
  }
  SECTION("Ollama-style: the rest 16-bit, file type F16") {
    const ModelFileResult r = gpt_oss(1, kF16);
    CHECK(r.weights_format == "gguf-mxfp4-f16");
    // Beside the header's "architecture incomplete" (this test writes no shape keys).
    CHECK(std::any_of(r.warnings.begin(), r.warnings.end(), [](const std::string& w) {
      return w.find("general.file_type says F16 but MXFP4 tensors hold most of the bytes") !=
             std::string::npos;
    }));
  }
  SECTION("no file type, the rest BF16") {
    const ModelFileResult r = gpt_oss(0, kBf16);
    CHECK(r.weights_format == "gguf-mxfp4-f16");
    CHECK(r.model.weights_dtype == "MXFP4_MOE (rest BF16)");
  }
  SECTION("MXFP4_MOE file type with 16-bit attention") {
    CHECK(gpt_oss(38, kF16).weights_format == "gguf-mxfp4-f16");
  }
}

TEST_CASE("without general.file_type the format comes from the dominant tensor type", "[gguf]") {
  using namespace sizer_test;
  GgufWriter w;
  w.str("general.architecture", "qwen3");
  w.tensor("token_embd.weight", {256, 1000}, kQ8_0);
  w.tensor("blk.0.attn_q.weight", {256, 256}, kQ4_K);
  const ModelFileResult r = import(w.header(), "x.gguf", w.file_size());
  REQUIRE(r.status == ModelFileStatus::ok);
  CHECK(r.weights_format == "gguf-q8_0");
  CHECK(r.model.model_type == "qwen3");
  CHECK_FALSE(r.model_complete);
  CHECK(any_contains(r.warnings, "architecture incomplete"));
}

TEST_CASE("the first part of a split GGUF is read and says what it covers", "[gguf]") {
  GgufWriter w = tiny_llama(false, false);
  w.u16("split.no", 0);
  w.u16("split.count", 3);
  w.i32("split.tensors.count", 63);
  const ModelFileResult r = import(w.header(), "tiny-00001-of-00003.gguf", w.file_size());
  REQUIRE(r.status == ModelFileStatus::ok);
  CHECK(r.split_index == 1);
  CHECK(r.split_count == 3);
  CHECK_FALSE(r.exact.complete);
  CHECK(any_contains(r.warnings, "part 1 of 3 of a split GGUF"));
  CHECK(r.model_complete);  // the metadata (first part) holds the whole architecture

  // output.weight may sit in a later part: a first part without it is not read as tied.
  GgufWriter first;
  first.str("general.architecture", "llama");
  first.u16("split.count", 2);
  first.tensor("token_embd.weight", {256, 1000}, sizer_test::kQ4_K);
  const ModelFileResult part = import(first.header(), "m-00001-of-00002.gguf", first.file_size());
  CHECK_FALSE(part.model.tie_word_embeddings);
  CHECK(any_contains(part.warnings, "only its 1 tensors"));
}

TEST_CASE("GGUF key families of MLA, sliding-window and MoE architectures", "[gguf]") {
  using namespace sizer_test;
  SECTION("deepseek2 (DeepSeek-V3 shapes)") {
    GgufWriter w;
    w.str("general.architecture", "deepseek2");
    w.u32("deepseek2.block_count", 61);
    w.u32("deepseek2.embedding_length", 7168);
    w.u32("deepseek2.feed_forward_length", 18432);
    w.u32("deepseek2.attention.head_count", 128);
    w.u32("deepseek2.attention.head_count_kv", 128);
    w.u32("deepseek2.attention.q_lora_rank", 1536);
    w.u32("deepseek2.attention.kv_lora_rank", 512);
    w.u32("deepseek2.attention.key_length", 192);
    w.u32("deepseek2.attention.value_length", 128);
    w.u32("deepseek2.rope.dimension_count", 64);
    w.u32("deepseek2.expert_count", 256);
    w.u32("deepseek2.expert_used_count", 8);
    w.u32("deepseek2.expert_shared_count", 1);
    w.u32("deepseek2.expert_feed_forward_length", 2048);
    w.u32("deepseek2.leading_dense_block_count", 3);
    w.u32("deepseek2.vocab_size", 129280);
    w.u32("deepseek2.context_length", 163840);
    w.tensor("output.weight", {7168, 129280}, kQ6_K);
    const ModelFileResult r = import(w.header(), "ds.gguf", w.file_size());
    REQUIRE(r.status == ModelFileStatus::ok);
    const sizer::ModelArch& m = r.model;
    CHECK(m.model_type == "deepseek_v3");
    CHECK(m.attention == sizer::AttentionKind::mla);
    CHECK(m.kv_lora_rank == 512);
    CHECK(m.q_lora_rank == 1536);
    CHECK(m.qk_rope_head_dim == 64);
    CHECK(m.qk_nope_head_dim == 128);
    CHECK(m.v_head_dim == 128);
    CHECK(m.num_experts == 256);
    CHECK(m.experts_per_token == 8);
    CHECK(m.num_shared_experts == 1);
    CHECK(m.moe_intermediate_size == 2048);
    CHECK(m.first_k_dense_layers == 3);
    CHECK(r.model_complete);
  }
  SECTION("gemma3: 5 local layers to 1 global") {
    GgufWriter w;
    w.str("general.architecture", "gemma3");
    w.u32("gemma3.attention.sliding_window", 1024);
    const ModelFileResult r = import(w.header(), "g.gguf");
    CHECK(r.model.sliding_window == 1024);
    CHECK(r.model.local_global_period == 6);
    CHECK(r.model.global_layers_per_period == 1);
  }
  SECTION("gpt-oss: alternating, with MXFP4 experts") {
    GgufWriter w;
    w.str("general.architecture", "gpt-oss");
    w.u32("general.file_type", 38);  // MXFP4_MOE
    w.u32("gpt-oss.attention.sliding_window", 128);
    w.tensor("blk.0.ffn_up_exps.weight", {2880, 2880, 32}, kMxfp4);
    const ModelFileResult r = import(w.header(), "o.gguf", w.file_size());
    CHECK(r.model.model_type == "gpt_oss");
    CHECK(r.model.local_global_period == 2);
    CHECK(r.weights_format == "gguf-mxfp4");
    CHECK(r.exact.bytes_by_type.at("MXFP4") == 2880ull * 2880 * 32 / 32 * 17);
  }
  SECTION("qwen2moe: a shared expert width means one shared expert") {
    GgufWriter w;
    w.str("general.architecture", "qwen2moe");
    w.u32("qwen2moe.expert_count", 60);
    w.u32("qwen2moe.expert_used_count", 4);
    w.u32("qwen2moe.expert_feed_forward_length", 1408);
    w.u32("qwen2moe.expert_shared_feed_forward_length", 5632);
    const ModelFileResult r = import(w.header(), "q.gguf");
    CHECK(r.model.model_type == "qwen2_moe");
    CHECK(r.model.num_shared_experts == 1);
    CHECK(r.model.shared_expert_intermediate_size == 5632);
  }
  SECTION("a per-layer KV head array takes its largest value, with a warning") {
    GgufWriter w;
    w.str("general.architecture", "llama");
    w.i32_array("llama.attention.head_count_kv", {2, 4, 4});
    const ModelFileResult r = import(w.header(), "a.gguf");
    CHECK(r.model.num_kv_heads == 4);
    CHECK(any_contains(r.warnings, "per-layer array"));
  }
}

// --- safetensors ---------------------------------------------------------------------------

namespace {

// Qwen3-style two-layer model in BF16 (q_norm gives head_dim, so heads are known).
SafetensorsWriter tiny_qwen3_bf16() {
  SafetensorsWriter w;
  w.metadata("format", "pt");
  w.tensor("model.embed_tokens.weight", "BF16", {1000, 256});
  for (int i = 0; i < 2; ++i) {
    const std::string b = "model.layers." + std::to_string(i) + ".";
    w.tensor(b + "input_layernorm.weight", "BF16", {256});
    w.tensor(b + "self_attn.q_proj.weight", "BF16", {512, 256});
    w.tensor(b + "self_attn.k_proj.weight", "BF16", {128, 256});
    w.tensor(b + "self_attn.v_proj.weight", "BF16", {128, 256});
    w.tensor(b + "self_attn.o_proj.weight", "BF16", {256, 512});
    w.tensor(b + "self_attn.q_norm.weight", "BF16", {64});
    w.tensor(b + "self_attn.k_norm.weight", "BF16", {64});
    w.tensor(b + "post_attention_layernorm.weight", "BF16", {256});
    w.tensor(b + "mlp.gate_proj.weight", "BF16", {768, 256});
    w.tensor(b + "mlp.up_proj.weight", "BF16", {768, 256});
    w.tensor(b + "mlp.down_proj.weight", "BF16", {256, 768});
  }
  w.tensor("model.norm.weight", "BF16", {256});
  return w;
}

}  // namespace

TEST_CASE("a BF16 safetensors header gives exact parameters, bytes and the shapes it holds",
          "[safetensors]") {
  const SafetensorsWriter w = tiny_qwen3_bf16();
  const ModelFileResult r = import(w.header(), "model.safetensors", w.file_size());
  REQUIRE(r.status == ModelFileStatus::ok);
  CHECK(r.kind == ModelFileKind::safetensors);
  CHECK(r.weights_format == "bf16");
  // 256000 embed + 256 norm + 2 x (2 x 256 norms + q 131072 + k 32768 + v 32768 + o 131072 +
  // 2 x 64 qk-norms + 3 x 196608 MLP)
  CHECK(r.exact.parameters == 2092544);
  CHECK(r.exact.weights_bytes == 2 * 2092544);
  CHECK(r.exact.bytes_by_type.at("BF16") == 2 * 2092544);
  CHECK(r.exact.tensor_count == 24);
  CHECK(r.exact.complete);
  const sizer::ModelArch& m = r.model;
  CHECK(m.vocab_size == 1000);
  CHECK(m.hidden_size == 256);
  CHECK(m.num_layers == 2);
  CHECK(m.intermediate_size == 768);
  CHECK(m.head_dim == 64);
  CHECK(m.num_heads == 8);
  CHECK(m.num_kv_heads == 2);
  CHECK(m.qk_norm);
  CHECK(m.tie_word_embeddings);  // no lm_head.weight
  CHECK_FALSE(r.model_complete);
  CHECK(any_contains(r.warnings, "config.json"));
}

TEST_CASE("quantized safetensors checkpoints count packed values and skip scales",
          "[safetensors]") {
  SECTION("FP8 with 128x128 block scales (DeepSeek-V3 style)") {
    SafetensorsWriter w;
    w.tensor("model.embed_tokens.weight", "BF16", {1000, 256});
    w.tensor("model.layers.0.mlp.down_proj.weight", "F8_E4M3", {256, 768});
    w.tensor("model.layers.0.mlp.down_proj.weight_scale_inv", "F32", {2, 6});
    const ModelFileResult r = import(w.header(), "model.safetensors", w.file_size());
    REQUIRE(r.status == ModelFileStatus::ok);
    CHECK(r.weights_format == "fp8-e4m3-block128");
    CHECK(r.exact.parameters == 256000 + 196608);
    CHECK(r.exact.bytes_by_type.at("F8_E4M3") == 196608);
    CHECK(r.exact.bytes_by_type.at("F32") == 48);
    CHECK(r.exact.weights_bytes == 512000 + 196608 + 48);
  }
  SECTION("GPTQ 4-bit, group 128: qweight [in/8, out], scales [in/128, out], g_idx [in]") {
    SafetensorsWriter w;
    w.tensor("model.layers.0.mlp.down_proj.qweight", "I32", {768 / 8, 256});
    w.tensor("model.layers.0.mlp.down_proj.qzeros", "I32", {6, 256 / 8});
    w.tensor("model.layers.0.mlp.down_proj.scales", "F16", {6, 256});
    w.tensor("model.layers.0.mlp.down_proj.g_idx", "I32", {768});
    const ModelFileResult r = import(w.header(), "model.safetensors", w.file_size());
    REQUIRE(r.status == ModelFileStatus::ok);
    CHECK(r.weights_format == "gptq-4bit-g128");
    CHECK(r.exact.parameters == 196608);
    CHECK(r.exact.parameters_by_type.at("GPTQ int4") == 196608);
    CHECK(r.exact.bytes_by_type.at("GPTQ int4") == 98304);
    CHECK(r.exact.bytes_by_type.at("I32") == 6 * 32 * 4 + 768 * 4);
    CHECK(r.exact.bytes_by_type.at("F16") == 6 * 256 * 2);
  }
  SECTION("AWQ 4-bit GEMM: qweight [in, out/8], scales [in/128, out]") {
    SafetensorsWriter w;
    w.tensor("model.layers.0.mlp.down_proj.qweight", "I32", {768, 256 / 8});
    w.tensor("model.layers.0.mlp.down_proj.qzeros", "I32", {6, 256 / 8});
    w.tensor("model.layers.0.mlp.down_proj.scales", "F16", {6, 256});
    const ModelFileResult r = import(w.header(), "model.safetensors", w.file_size());
    REQUIRE(r.status == ModelFileStatus::ok);
    CHECK(r.weights_format == "awq-4bit-g128");
    CHECK(r.exact.parameters == 196608);
    CHECK(r.exact.bytes_by_type.at("AWQ int4") == 98304);
  }
  SECTION("MXFP4 expert blocks and scales (gpt-oss style)") {
    SafetensorsWriter w;
    w.tensor("model.layers.0.self_attn.q_proj.weight", "BF16", {512, 256});
    w.tensor("model.layers.0.mlp.experts.gate_up_proj_blocks", "U8", {4, 1024, 8, 16});
    w.tensor("model.layers.0.mlp.experts.gate_up_proj_scales", "U8", {4, 1024, 8});
    w.tensor("model.layers.0.mlp.router.weight", "BF16", {4, 256});
    const ModelFileResult r = import(w.header(), "model.safetensors", w.file_size());
    REQUIRE(r.status == ModelFileStatus::ok);
    CHECK(r.weights_format == "mxfp4");
    CHECK(r.exact.parameters_by_type.at("MXFP4") == 4ull * 1024 * 8 * 16 * 2);
    CHECK(r.exact.parameters == 4ull * 1024 * 256 + 131072 + 1024);
    CHECK(r.exact.bytes_by_type.at("U8") == 4 * 1024 * 8);
    CHECK(r.model.num_experts == 4);
  }
}

TEST_CASE("a multi-GB safetensors shard is sized from its header and knows it is a shard",
          "[safetensors]") {
  SafetensorsWriter w;
  w.tensor("model.embed_tokens.weight", "BF16", {128256, 8192});
  for (int i = 0; i < 10; ++i) {
    const std::string b = "model.layers." + std::to_string(i) + ".mlp.";
    w.tensor(b + "gate_proj.weight", "BF16", {28672, 8192});
    w.tensor(b + "up_proj.weight", "BF16", {28672, 8192});
    w.tensor(b + "down_proj.weight", "BF16", {8192, 28672});
  }
  const std::uint64_t expected = 128256ull * 8192 + 30ull * 28672 * 8192;
  const ModelFileResult r = import(w.header(), "model-00001-of-00030.safetensors", w.file_size());
  REQUIRE(r.status == ModelFileStatus::ok);
  CHECK(r.exact.parameters == expected);
  CHECK(r.exact.weights_bytes == 2 * expected);
  CHECK(w.file_size() > 14000000000ull);
  CHECK(r.split_index == 1);
  CHECK(r.split_count == 30);
  CHECK_FALSE(r.exact.complete);
  CHECK(any_contains(r.warnings, "shard 1 of 30"));
}

TEST_CASE("safetensors headers cut at any byte fail or ask for more", "[safetensors][malformed]") {
  const std::vector<std::uint8_t> full = tiny_qwen3_bf16().header();
  for (std::size_t n = 0; n < full.size(); ++n) {
    const std::vector<std::uint8_t> part(full.begin(), full.begin() + n);
    INFO("cut at " << n);
    const ModelFileResult cut = import(part, "model.safetensors", n);
    REQUIRE(cut.status == ModelFileStatus::error);
    REQUIRE_FALSE(cut.error.empty());
    const ModelFileResult slice = import(part, "model.safetensors", full.size() + 100);
    REQUIRE(slice.status == ModelFileStatus::needs_more_bytes);
    REQUIRE(slice.bytes_needed > n);
  }
}

TEST_CASE("malformed safetensors headers fail by name", "[safetensors][malformed]") {
  auto header = [](const std::string& text) { return SafetensorsWriter::with_json(text); };
  auto error_of = [&](const std::string& text) {
    return import(header(text), "model.safetensors").error;
  };
  std::vector<std::uint8_t> huge = le64(200000000);
  huge.push_back('{');
  CHECK(import(huge, "model.safetensors").error.find("100,000,000") != std::string::npos);
  CHECK(error_of("{\"a\": ").find("not a valid JSON") != std::string::npos);
  CHECK(error_of("[1, 2]").find("does not start with '{'") != std::string::npos);
  CHECK(error_of(R"({"__metadata__": 3})").find("__metadata__") != std::string::npos);
  CHECK(error_of(R"({"w": {"dtype": "Q9", "shape": [2], "data_offsets": [0, 2]}})")
            .find("dtype 'Q9'") != std::string::npos);
  CHECK(error_of(R"({"w": {"dtype": "F32", "shape": [-2], "data_offsets": [0, 8]}})")
            .find("non-negative integers") != std::string::npos);
  CHECK(
      error_of(R"({"w": {"dtype": "F32", "shape": [2], "data_offsets": [0, 9]}})").find("need 8") !=
      std::string::npos);
  CHECK(error_of(R"({"a": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]},
                     "b": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]}})")
            .find("gap or overlap") != std::string::npos);
  CHECK(error_of(R"({"w": {"dtype": "F32", "shape": [4294967296, 4294967296, 4294967296],
                     "data_offsets": [0, 8]}})")
            .find("more elements") != std::string::npos);
  CHECK(error_of(R"({"w": {"dtype": "F32", "shape": [2], "data_offsets": [8]}})")
            .find("[begin, end]") != std::string::npos);
  CHECK(import({}, "model.safetensors").error == "the file is empty");
  CHECK(import({0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09}, "notes.txt")
            .error.find("not a model file") != std::string::npos);
}

TEST_CASE("model.safetensors.index.json gives the total size and the shard names",
          "[safetensors]") {
  const std::string text = R"({
    "metadata": {"total_size": 13761300000, "total_parameters": 20914757184},
    "weight_map": {
      "model.embed_tokens.weight": "model-00001-of-00003.safetensors",
      "model.layers.0.mlp.experts.gate_up_proj_blocks": "model-00001-of-00003.safetensors",
      "model.layers.0.mlp.experts.gate_up_proj_scales": "model-00002-of-00003.safetensors",
      "model.layers.23.self_attn.q_proj.weight": "model-00003-of-00003.safetensors",
      "lm_head.weight": "model-00003-of-00003.safetensors"}})";
  const std::vector<std::uint8_t> bytes(text.begin(), text.end());
  const ModelFileResult r = import(bytes, "model.safetensors.index.json");
  REQUIRE(r.status == ModelFileStatus::ok);
  CHECK(r.kind == ModelFileKind::safetensors_index);
  CHECK(r.exact.weights_bytes == 13761300000ull);
  CHECK(r.exact.parameters == 20914757184ull);
  CHECK(r.exact.tensor_count == 5);
  CHECK(r.split_count == 3);
  CHECK(r.weights_format == "mxfp4");
  CHECK(r.model.num_layers == 24);
  CHECK_FALSE(r.model.tie_word_embeddings);

  const std::string floating = R"({"metadata": {"total_size": 1.4e10}, "weight_map": {}})";
  const ModelFileResult f = import(std::vector<std::uint8_t>(floating.begin(), floating.end()),
                                   "model.safetensors.index.json");
  CHECK(f.exact.weights_bytes == 14000000000ull);
  CHECK(any_contains(f.warnings, "total_parameters"));

  const std::string bad = R"({"metadata": {"total_size": "big"}, "weight_map": {}})";
  CHECK(import(std::vector<std::uint8_t>(bad.begin(), bad.end()), "model.safetensors.index.json")
            .error.find("total_size") != std::string::npos);
  const std::string no_map = R"({"metadata": {}})";
  CHECK(import(std::vector<std::uint8_t>(no_map.begin(), no_map.end()),
               "model.safetensors.index.json")
            .error.find("weight_map") != std::string::npos);
}

TEST_CASE("a config.json sets the architecture and its quantization_config the format",
          "[model-file]") {
  const std::string text = R"({"model_type": "qwen3", "hidden_size": 1024,
    "num_hidden_layers": 28, "num_attention_heads": 16, "num_key_value_heads": 8,
    "head_dim": 128, "intermediate_size": 3072, "vocab_size": 151936,
    "tie_word_embeddings": true, "max_position_embeddings": 40960,
    "quantization_config": {"quant_method": "awq", "bits": 4, "group_size": 128}})";
  const ModelFileResult r =
      import(std::vector<std::uint8_t>(text.begin(), text.end()), "config.json");
  REQUIRE(r.status == ModelFileStatus::ok);
  CHECK(r.kind == ModelFileKind::config_json);
  CHECK(r.weights_format == "awq-4bit-g128");
  CHECK(r.model_complete);
  CHECK_FALSE(r.exact.known);
  CHECK(r.model.num_layers == 28);
  const std::string partial = "{\"model_type\": \"qwen3\"";
  const ModelFileResult more =
      import(std::vector<std::uint8_t>(partial.begin(), partial.end()), "config.json", 5000);
  CHECK(more.status == ModelFileStatus::needs_more_bytes);
  CHECK(more.bytes_needed == 5000);
}

// Writes the fuzzers' seed files (hidden: run with SIZER_WRITE_CORPUS=<tests/fuzz/corpus>).
TEST_CASE("write fuzz seed corpora", "[.write-corpus]") {
  const char* root = std::getenv("SIZER_WRITE_CORPUS");
  REQUIRE(root != nullptr);
  auto write = [&](const std::string& path, const std::vector<std::uint8_t>& bytes) {
    std::ofstream out(std::string(root) + "/" + path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()),
              static_cast<std::streamsize>(bytes.size()));
    REQUIRE(out.good());
  };
  write("gguf/tiny-llama-q4_k_m.gguf", tiny_llama(false, true).header());
  GgufWriter split = tiny_llama(false, false);
  split.u16("split.no", 0);
  split.u16("split.count", 2);
  write("gguf/split-part.gguf", split.header());
  write("safetensors/qwen3-bf16.safetensors", tiny_qwen3_bf16().header());
  SafetensorsWriter gptq;
  gptq.tensor("model.layers.0.mlp.down_proj.qweight", "I32", {96, 256});
  gptq.tensor("model.layers.0.mlp.down_proj.qzeros", "I32", {6, 32});
  gptq.tensor("model.layers.0.mlp.down_proj.scales", "F16", {6, 256});
  gptq.tensor("model.layers.0.mlp.down_proj.g_idx", "I32", {768});
  write("safetensors/gptq.safetensors", gptq.header());
  SafetensorsWriter mixed;
  mixed.tensor("model.layers.0.mlp.experts.gate_up_proj_blocks", "U8", {2, 64, 2, 16});
  mixed.tensor("model.layers.0.mlp.experts.gate_up_proj_scales", "U8", {2, 64, 2});
  mixed.tensor("model.layers.0.mlp.down_proj.weight", "F8_E4M3", {64, 64});
  mixed.tensor("model.layers.0.mlp.down_proj.weight_scale_inv", "F32", {1, 1});
  write("safetensors/mxfp4-fp8.safetensors", mixed.header());
}

TEST_CASE("a Qwen3-Next GGUF reads its Gated DeltaNet layers from the ssm keys", "[gguf][hybrid]") {
  using namespace sizer_test;
  GgufWriter w;
  w.str("general.architecture", "qwen3next");
  w.str("general.name", "Qwen3-Next-80B-A3B-Instruct");
  w.u32("qwen3next.block_count", 48);
  w.u32("qwen3next.context_length", 262144);
  w.u32("qwen3next.embedding_length", 2048);
  w.u32("qwen3next.feed_forward_length", 5120);
  w.u32("qwen3next.attention.head_count", 16);
  w.u32("qwen3next.attention.head_count_kv", 2);
  w.u32("qwen3next.attention.key_length", 256);
  w.u32("qwen3next.expert_count", 512);
  w.u32("qwen3next.expert_used_count", 10);
  w.u32("qwen3next.expert_feed_forward_length", 512);
  w.u32("qwen3next.expert_shared_feed_forward_length", 512);
  w.u32("qwen3next.vocab_size", 151936);
  w.u32("qwen3next.full_attention_interval", 4);
  w.u32("qwen3next.ssm.conv_kernel", 4);
  w.u32("qwen3next.ssm.state_size", 128);
  w.u32("qwen3next.ssm.group_count", 16);
  w.u32("qwen3next.ssm.time_step_rank", 32);
  w.u32("qwen3next.ssm.inner_size", 4096);
  w.tensor("token_embd.weight", {2048, 151936}, kQ4_K);
  w.tensor("output.weight", {2048, 151936}, kQ6_K);
  const ModelFileResult r = import(w.header(), "Qwen3-Next-80B-A3B-Q4_K_M.gguf");
  INFO(r.error);
  for (const std::string& warning : r.warnings) UNSCOPED_INFO(warning);
  REQUIRE(r.model_complete);
  const sizer::ModelArch& m = r.model;
  CHECK(m.recurrent == sizer::RecurrentKind::gated_deltanet);
  CHECK(m.layer_pattern == [] {
    std::string p;
    for (int i = 0; i < 12; ++i) p += "RRRA";
    return p;
  }());
  CHECK(m.recurrent_head_dim == 128);
  // The same architecture as the catalog row: 79,674,391,296 parameters.
  CHECK(sizer::count_params(m).total == 79674391296.0);
  // A recurrent layer without its shape is named, and the model is left incomplete.
  GgufWriter bad;
  bad.str("general.architecture", "qwen3next");
  bad.u32("qwen3next.block_count", 4);
  bad.u32("qwen3next.embedding_length", 256);
  bad.u32("qwen3next.feed_forward_length", 512);
  bad.u32("qwen3next.attention.head_count", 4);
  bad.u32("qwen3next.vocab_size", 1000);
  const ModelFileResult incomplete = import(bad.header(), "broken.gguf");
  CHECK_FALSE(incomplete.model_complete);
  CHECK(any_contains(incomplete.warnings, "model.recurrentHeads: must be positive"));
}
