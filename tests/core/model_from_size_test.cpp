// A model known only by its size (issue 14): the closest catalog shapes, layers scaled to the
// size, labelled as an estimate; errors name the field.
#include "sizer/model_from_size.hpp"

#include <catch2/catch.hpp>

#include "sizer/params.hpp"
#include "sizer/request_json.hpp"

using namespace sizer;

TEST_CASE("a 7B dense model from its size alone", "[model-size]") {
  const RequestResult r = scenario_from_request_json(
      R"({"model": {"arch": {"officialParamsB": 7}}, "gpu": "rtx-4090-24gb"})");
  REQUIRE(r.ok);
  const ModelArch& m = r.scenario.model;
  CHECK(m.num_experts == 0);
  CHECK(count_params(m).total == Approx(7e9).epsilon(0.05));
  REQUIRE_FALSE(r.warnings.empty());
  CHECK_THAT(r.warnings.front(), Catch::Contains("typical shape") && Catch::Contains("layers"));
  CHECK_THAT(m.source, Catch::Contains("typical shape"));
  CHECK(estimate(r.scenario).memory.weights_bytes > 0);
}

TEST_CASE("a 30B MoE with 3B active takes an MoE's shapes", "[model-size]") {
  const RequestResult r = scenario_from_request_json(
      R"({"model": {"arch": {"officialParamsB": 30, "officialActiveParamsB": 3}}})");
  REQUIRE(r.ok);
  const ModelArch& m = r.scenario.model;
  CHECK(m.num_experts > 0);
  const ParamCounts p = count_params(m);
  CHECK(p.total == Approx(30e9).epsilon(0.05));
  CHECK(p.active < 0.25 * p.total);
}

TEST_CASE("a named family is preferred, shapes given are kept", "[model-size]") {
  ModelArch m;
  m.official_params_b = 8;
  m.family = "qwen3";
  std::string note;
  REQUIRE(shape_from_size(m, note));
  CHECK(m.family == "qwen3");
  CHECK_THAT(note, Catch::Contains("Qwen"));
  // With shapes, nothing is borrowed: the ordinary validation applies.
  const RequestResult partial = scenario_from_request_json(
      R"({"model": {"arch": {"officialParamsB": 7, "hiddenSize": 4096}}})");
  CHECK(partial.ok);
  CHECK_THROWS(estimate(partial.scenario));  // numLayers etc. still missing
}
