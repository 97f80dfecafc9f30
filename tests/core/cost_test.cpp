// Cost: cards x $/GPU-hour, $ per million tokens, training totals; unknown prices are zeros.
#include "sizer/cost.hpp"

#include <catch2/catch.hpp>
#include <cmath>

#include "engine_test_util.hpp"
#include "sizer/prices.hpp"

using namespace sizer;
using namespace sizer_test;

double quote(const char* gpu_id, QuoteKind kind) {
  const PriceQuote* q = find_quote(gpu_id, kind);
  return q ? q->usd : 0.0;
}

TEST_CASE("$/hour is cards x cloud price, $/1M tokens divides by throughput", "[cost]") {
  Scenario s = inference("llama-2-7b", "fp16", "a100-sxm-40gb", 2, 2, 1);
  const Estimate e = estimate(s);
  const double price = quote("a100-sxm-40gb", QuoteKind::gpu_cloud);
  REQUIRE(price > 0);
  CHECK(e.cost.price_known);
  CHECK(e.cost.usd_per_hour == Approx(2 * price));
  CHECK(e.cost.usd_per_million_tokens ==
        Approx(2 * price / (e.inference.throughput_tokens_per_second * 3600) * 1e6));
}

TEST_CASE("$ per million tokens: $4.10/h at 1,000 tokens/s is $1.14", "[cost]") {
  CHECK(usd_per_million_tokens(4.10, 1000) == Approx(1.1389).epsilon(1e-3));
  CHECK(usd_per_million_tokens(4.10, 0) == 0.0);
}

TEST_CASE("an unknown price gives price_known false and zeros, never NaN", "[cost]") {
  // A card nobody rents (docs/PRICES.md, "No source found"): a launch MSRP and nothing else.
  Scenario s = inference("llama-2-7b", "fp16", "radeon-rx-9070-xt-16gb");
  REQUIRE(price_quotes_for("radeon-rx-9070-xt-16gb").size() <= 1);  // a purchase price at most
  REQUIRE(quote("radeon-rx-9070-xt-16gb", QuoteKind::gpu_cloud) == 0);
  const Estimate e = estimate(s);
  CHECK_FALSE(e.cost.price_known);
  CHECK(e.cost.usd_per_hour == 0);
  CHECK(e.cost.usd_per_million_tokens == 0);
  CHECK(std::isfinite(e.cost.total_usd));
}

TEST_CASE("training cost = GPU-hours x $/GPU-hour", "[cost]") {
  Scenario s = training("llama-2-7b", "bf16", "h100-sxm-80gb", 8);
  s.training.zero_stage = 3;
  s.training.tokens = 1e10;
  const Estimate e = estimate(s);
  const double price = quote("h100-sxm-80gb", QuoteKind::gpu_cloud);
  REQUIRE(price > 0);
  CHECK(e.cost.total_usd == Approx(e.training.gpu_hours * price));
}

TEST_CASE("warnings carry ids and arguments so the UI can translate them", "[cost]") {
  // 70B FP16 on one RTX 4090 (no cloud price, does not fit) with BF16 KV on a V100-era check.
  Scenario s = inference("llama-2-70b", "fp16", "rtx-4090-24gb");
  const Estimate e = estimate(s);
  REQUIRE(e.warning_details.size() == e.warnings.size());
  for (std::size_t i = 0; i < e.warnings.size(); ++i) {
    CHECK(e.warning_details[i].text == e.warnings[i]);
    CHECK_FALSE(e.warning_details[i].id.empty());
  }
  bool over_capacity = false;
  for (const Warning& w : e.warning_details) {
    if (w.id != "memory-over-capacity") continue;
    over_capacity = true;
    REQUIRE(w.args.size() == 3);
    CHECK(w.args[1] == "GeForce RTX 4090");
  }
  CHECK(over_capacity);

  Scenario v = inference("llama-2-7b", "bf16", "v100-sxm2-32gb");
  v.kv_cache_format = "bf16";
  const Estimate ev = estimate(v);
  bool no_bf16 = false;
  for (const Warning& w : ev.warning_details) no_bf16 = no_bf16 || w.id == "no-bf16";
  CHECK(no_bf16);
}
