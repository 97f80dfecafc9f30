// Energy (docs/METHOD.md, "Energy"): boards at TDP x boardPowerFraction, joules per token, tokens
// per watt and electricity per million tokens; unknown without a TDP, null when nothing fits.
#include "sizer/energy.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "sizer/catalog.hpp"
#include "sizer/request_json.hpp"

using namespace sizer;

namespace {

Scenario llama_on_h100s(int gpus) {
  Scenario s;
  s.model = *find_model("llama-3-8b");
  s.weights_format = "bf16";
  s.hardware.gpu = *find_gpu("h100-sxm-80gb");
  s.hardware.gpus_per_node = gpus;
  s.inference.engine = Engine::vllm;
  s.inference.batch = 32;
  return s;
}

}  // namespace

TEST_CASE("energy: 700 W H100 boards at 76% draw 532 W each", "[energy]") {
  const Estimate e = estimate(llama_on_h100s(2));
  CHECK(e.scenario.hardware.gpu.tdp_w == 700);
  CHECK(e.energy.watts == Approx(2 * 532.0));
  const double tps = e.inference.throughput_tokens_per_second;
  REQUIRE(tps > 0);
  CHECK(e.energy.joules_per_token == Approx(1064.0 / tps));
  CHECK(e.energy.tokens_per_watt == Approx(tps / 1064.0));
  // Boards x (1 + 0.82 host overhead) x $0.127/kWh, per million tokens.
  CHECK(e.energy.electricity_usd_per_million_tokens ==
        Approx(1.064 * 1.82 * 0.127 / (tps * 3600.0) * 1e6));
  // The owner's power cost per card uses the same board power.
  CHECK(e.cost.power_usd_per_gpu_hour == Approx(0.532 * 1.82 * 0.127));
}

TEST_CASE("energy: the share of TDP is an assumption the user can change", "[energy]") {
  Scenario s = llama_on_h100s(1);
  s.assumption_overrides["boardPowerFraction"] = 1.0;
  const Estimate e = estimate(s);
  CHECK(e.energy.watts == Approx(700));
  // A board that draws nothing (or more than its rating) is refused, naming the field.
  for (const char* bad : {"0", "1.5"}) {
    const RequestResult r = scenario_from_request_json(
        std::string(R"({"model": "llama-3-8b", "gpu": "h100-sxm-80gb", "assumptions": )") +
        R"({"boardPowerFraction": )" + bad + "}}");
    CHECK_FALSE(r.ok);
    CHECK_THAT(r.error, Catch::Contains("assumptions.boardPowerFraction"));
  }
}

TEST_CASE("energy: unknown without a TDP, null in JSON when the plan does not fit", "[energy]") {
  Scenario s = llama_on_h100s(1);
  s.hardware.gpu.tdp_w = 0;
  const Estimate e = estimate(s);
  CHECK(e.energy.watts == 0);
  CHECK(e.energy.joules_per_token == 0);
  const nlohmann::json none = nlohmann::json::parse(estimate_to_json(e));
  CHECK(none["energy"]["watts"].is_null());
  CHECK(none["energy"]["joulesPerToken"].is_null());

  Scenario big = llama_on_h100s(1);
  big.model = *find_model("llama-3.1-405b");
  const nlohmann::json over = nlohmann::json::parse(estimate_to_json(estimate(big)));
  CHECK(over["memory"]["fits"] == false);
  CHECK(over["energy"]["watts"].is_null());
  const nlohmann::json ok = nlohmann::json::parse(estimate_to_json(estimate(llama_on_h100s(1))));
  CHECK(ok["energy"]["watts"] == Approx(532));
}
