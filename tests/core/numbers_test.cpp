// The engine's own number text (formulas, warnings, suggestion labels): never an exponent, and
// every byte figure of a warning also travels as a number, so a UI can write it in its own unit.
#include <catch2/catch.hpp>
#include <cmath>
#include <regex>

#include "engine_test_util.hpp"
#include "sizer/estimate.hpp"
#include "sizer/solvers.hpp"

using namespace sizer;
using namespace sizer_test;

namespace {

// "1.14e+03", "6.74e+09", "1e-05": what %g writes for large and small numbers.
bool has_exponent(const std::string& text) {
  static const std::regex exponent("[0-9]e[+-][0-9]");
  return std::regex_search(text, exponent);
}

const Warning* find_warning(const Estimate& e, const std::string& id) {
  for (const Warning& w : e.warning_details)
    if (w.id == id) return &w;
  return nullptr;
}

}  // namespace

TEST_CASE("70B full training on one H100 warns about 1.1 TB per card, not 1.1e+03 GB",
          "[numbers]") {
  const Estimate e = estimate(training("llama-2-70b", "bf16", "h100-sxm-80gb"), {true});
  REQUIRE_FALSE(e.memory.fits);
  REQUIRE(e.memory.per_gpu_bytes > 1e12);
  const Warning* w = find_warning(e, "memory-over-capacity");
  REQUIRE(w != nullptr);
  REQUIRE(w->args.size() == 3);
  // Three significant digits (trailing zeros dropped, as %.3g does) in the largest unit that
  // keeps the value at 1 or more: 1.2e12 bytes is "1.2 TB".
  const std::regex terabytes("1(\\.[0-9]{1,2})? TB");
  CHECK(std::regex_match(w->args[0], terabytes));
  CHECK(w->args[2] == "85.5 GB");  // 80 GiB as the card reports it, less the engine's reserve
  CHECK_FALSE(has_exponent(w->text));
  // The raw figures behind the byte arguments, NaN for the card's name.
  REQUIRE(w->arg_bytes.size() == w->args.size());
  CHECK(w->arg_bytes[0] == e.memory.per_gpu_bytes);
  CHECK(std::isnan(w->arg_bytes[1]));
  CHECK(w->arg_bytes[2] == e.memory.capacity_bytes);
}

TEST_CASE("warnings without byte figures carry no byte arguments", "[numbers]") {
  Scenario s = inference("llama-2-7b", "bf16", "v100-sxm2-32gb");
  s.kv_cache_format = "bf16";
  const Estimate e = estimate(s);
  const Warning* w = find_warning(e, "no-bf16");
  REQUIRE(w != nullptr);
  CHECK(w->arg_bytes.empty());
}

TEST_CASE("host RAM shortfall names both byte figures as numbers", "[numbers]") {
  Scenario s = training("llama-2-70b", "bf16", "h100-sxm-80gb", 8);
  s.training.zero_stage = 3;
  s.training.offload_optimizer = true;
  s.training.recompute = Recompute::full;  // the GPUs hold the rest; the host RAM does not
  s.hardware.host.ram_bytes = 64e9;
  const Estimate e = estimate(s);
  const Warning* w = find_warning(e, "memory-over-host-ram");
  REQUIRE(w != nullptr);
  REQUIRE(w->arg_bytes.size() == 2);
  CHECK(w->arg_bytes[0] == e.memory.host_ram_bytes);
  CHECK(w->arg_bytes[1] == 64e9);
  CHECK(w->args[1] == "64 GB");
}

TEST_CASE("formulas write large counts in full and small ones without an exponent", "[numbers]") {
  const Estimate e = estimate(inference("llama-2-7b", "fp16", "a100-sxm-80gb"), {true});
  CHECK(e.formulas.at("inference.kvCacheBytesPerToken") ==
        "2 x 32 layers x 32 KV heads x 128 head dim x 2 bytes = 524 kB");
  // Seven-digit token counts, trillions of FLOPs and a 405B model's terabytes alike.
  Scenario big = training("llama-3.1-405b", "bf16", "h100-sxm-80gb");
  big.training.tokens = 15e12;
  for (const Estimate& x : {e, estimate(big, {true})}) {
    for (const auto& [key, text] : x.formulas) {
      INFO(key << ": " << text);
      CHECK_FALSE(has_exponent(text));
    }
    for (const std::string& text : x.warnings) {
      INFO(text);
      CHECK_FALSE(has_exponent(text));
    }
    for (const RuleOfThumb& r : x.rules_of_thumb) {
      INFO(r.why_different);
      CHECK_FALSE(has_exponent(r.why_different));
    }
  }
  for (const Suggestion& s : suggestions_to_fit(big, 8)) {
    INFO(s.label);
    CHECK_FALSE(has_exponent(s.label));
  }
}
