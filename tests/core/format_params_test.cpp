// Formats by number (issue 14): EXL2 and EXL3 at any average bpw, HQQ at any bits and group, a
// custom bits + group format; errors name the field and the valid range.
#include "sizer/format_params.hpp"

#include <catch2/catch.hpp>

#include "sizer/params.hpp"
#include "sizer/request_json.hpp"

using namespace sizer;

TEST_CASE("EXL2 at 3.5 bpw sizes the linear weights at 3.5 bits", "[formats]") {
  const NumberFormat* f = find_format("exl2-3.5");
  REQUIRE(f != nullptr);
  CHECK(f->bits_per_weight == 3.5);
  CHECK(f->family == FormatFamily::exl2);
  CHECK(f->compute_dtype == ComputeType::fp16);
  CHECK(find_format("exl2-3.5") == f);  // built once: scenarios keep the pointer
  const RequestResult r = scenario_from_request_json(
      R"({"model": "llama-3-8b", "gpu": "rtx-4090-24gb", "weights": "exl2-3.5"})");
  REQUIRE(r.ok);
  const Estimate e = estimate(r.scenario);
  const ParamCounts p = count_params(r.scenario.model);
  const double side = p.embedding + p.lm_head + p.norms;
  const double side_bits = f->keeps_embeddings_16bit ? 16 : 3.5;
  CHECK(e.memory.weights_bytes == Approx((p.total - side) * 3.5 / 8 + side * side_bits / 8));
}

TEST_CASE("EXL3 at 2.5 bpw: 8B of linear weights in 2.5 GB", "[formats]") {
  const NumberFormat* f = find_format("exl3-2.5");
  REQUIRE(f != nullptr);
  CHECK(f->family == FormatFamily::exl3);
  CHECK(f->bits_per_weight == 2.5);
  CHECK(f->compute_dtype == ComputeType::fp16);
  const RequestResult r =
      scenario_from_request_json(R"({"model": "llama-3-8b", "weights": "exl3-2.5"})");
  REQUIRE(r.ok);
  const ParamCounts p = count_params(r.scenario.model);
  // Llama 3 8B: 8,030,261,248 parameters x 2.5 bits / 8 = 2.51 GB.
  CHECK(estimate(r.scenario).memory.weights_bytes == Approx(8030261248.0 * 2.5 / 8));
  CHECK(p.total == 8030261248.0);
  const RequestResult range =
      scenario_from_request_json(R"({"model": "llama-3-8b", "weights": "exl3-9"})");
  CHECK_THAT(range.error, Catch::Contains("from 1 to 8"));
}

TEST_CASE("HQQ and custom formats: bits plus an FP16 scale and zero per group", "[formats]") {
  const NumberFormat* hqq = find_format("hqq-3bit-g32");
  REQUIRE(hqq != nullptr);
  CHECK(hqq->bits_per_weight == Approx(3 + 32.0 / 32));
  const NumberFormat* custom = find_format("custom-3.5bit-g128");
  REQUIRE(custom != nullptr);
  CHECK(custom->bits_per_weight == Approx(3.5 + 0.25));
  const NumberFormat* per_channel = find_format("custom-6bit");
  REQUIRE(per_channel != nullptr);
  CHECK(per_channel->bits_per_weight == 6);
  CHECK_FALSE(custom->usable_for_kv_cache);
}

TEST_CASE("formats by number: out of range or malformed ids are refused, naming the field",
          "[formats]") {
  for (const char* bad :
       {"exl2-1.5", "exl2-9", "exl2-", "exl2-abc", "exl2-4x", "hqq-5bit-g64", "hqq-4bit",
        "hqq-4bit-g3", "custom-0.5bit", "custom-4bit-g64.5", "custom-4bit-g1e9", "custom-nanbit",
        "exl2-1e999", "exl3-0.5", "exl3-9", "exl3-"}) {
    INFO(bad);
    CHECK(find_format(bad) == nullptr);
    const RequestResult r = scenario_from_request_json(
        std::string(R"({"model": "llama-3-8b", "weights": ")") + bad + "\"}");
    CHECK_FALSE(r.ok);
    CHECK_THAT(r.error, Catch::StartsWith("weights:"));
  }
  const RequestResult range =
      scenario_from_request_json(R"({"model": "llama-3-8b", "weights": "exl2-9"})");
  CHECK_THAT(range.error, Catch::Contains("from 2 to 8"));
  const RequestResult kv =
      scenario_from_request_json(R"({"model": "llama-3-8b", "kvCache": "custom-4bit-g64"})");
  CHECK_FALSE(kv.ok);
}

TEST_CASE("a GGUF IQ2_XXS file gives its output Q5_K and its token embedding Q2_K",
          "[formats][gguf]") {
  const RequestResult r = scenario_from_request_json(
      R"({"model": "llama-3-8b", "gpu": "rtx-4090-24gb", "weights": "gguf-iq2_xxs"})");
  REQUIRE(r.ok);
  const ParamCounts p = count_params(r.scenario.model);
  // Llama 3 8B: 525,336,576-parameter embedding and head (128,256 x 4096), untied.
  REQUIRE(p.embedding == 525336576.0);
  const double body = p.total - p.embedding - p.lm_head - p.norms;
  const double want = (body + p.norms) * 2.0625 / 8 + p.lm_head * 5.5 / 8 + p.embedding * 2.625 / 8;
  const double got = estimate(r.scenario).memory.weights_bytes;
  CHECK(got == Approx(want));
  CHECK(got == Approx(2.333e9).epsilon(0.001));  // published files: about 2.4 GB; nominal 2.07
  // A tied embedding takes the output's type (Llama 3.2 1B, IQ4_XS: Q6_K).
  const RequestResult tied =
      scenario_from_request_json(R"({"model": "llama-3.2-1b", "weights": "gguf-iq4_xs"})");
  REQUIRE(tied.ok);
  const ParamCounts t = count_params(tied.scenario.model);
  REQUIRE(t.lm_head == 0.0);
  const double tied_body = t.total - t.embedding - t.norms;
  CHECK(estimate(tied.scenario).memory.weights_bytes ==
        Approx((tied_body + t.norms) * 4.25 / 8 + t.embedding * 6.5625 / 8));
  // File mixes keep their whole-file average for every tensor.
  const RequestResult mix =
      scenario_from_request_json(R"({"model": "llama-3-8b", "weights": "gguf-q4_k_m"})");
  REQUIRE(mix.ok);
  CHECK(estimate(mix.scenario).memory.weights_bytes == Approx(8030261248.0 * 4.9 / 8));
}
