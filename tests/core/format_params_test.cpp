// Formats by number (issue 14): EXL2 at any average bpw, HQQ at any bits and group, a custom
// bits + group format; errors name the field and the valid range.
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
  for (const char* bad : {"exl2-1.5", "exl2-9", "exl2-", "exl2-abc", "exl2-4x", "hqq-5bit-g64",
                          "hqq-4bit", "hqq-4bit-g3", "custom-0.5bit", "custom-4bit-g64.5",
                          "custom-4bit-g1e9", "custom-nanbit", "exl2-1e999"}) {
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
