// The Plan view's rate curve (logic/plan_rates.cpp, panels/plan_rates.cpp): at the plan's own rate
// the row is the plan; more requests never need fewer cards; with the cards fixed the cost per
// token falls as the rate grows; the view draws the table in both languages at both widths.
#include "logic/plan_rates.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>

#include "headless_imgui.hpp"
#include "logic/state_json.hpp"
#include "sizer/catalog.hpp"
#include "sizer/training_defaults.hpp"

namespace {

// The issue's serving case: Llama-3.1-70B at 5 requests/s, 2k in / 256 out, TTFT p90 <= 2 s,
// >= 20 tokens/s per user.
app::App serving_app() {
  app::App a;
  a.inputs.model = *sizer::find_model("llama-3.1-70b");
  a.inputs.hardware.gpu = *sizer::find_gpu("h100-sxm-80gb");
  a.inputs.assumptions = sizer::default_assumptions(sizer::Engine::generic);
  a.inputs.inference.prompt_tokens = 2000;
  a.inputs.inference.output_tokens = 256;
  a.ui.tab = app::ModeTab::inference;
  a.ui.plan.open = true;
  a.ui.plan.requests_per_second = 5;
  a.ui.plan.ttft_p90_seconds = 2;
  a.ui.plan.tokens_per_second_per_user = 20;
  return a;
}

app::RateCurve curve_of(const app::App& a, int index) {
  const sizer::Plan& p = a.plan.result.plans.at(static_cast<std::size_t>(index));
  app::RateCurve c =
      app::start_rate_curve(a.plan.request, p, app::rate_curve_key(a.plan.searched, index));
  int slices = 0;
  while (app::advance_rate_curve(c, 0)) ++slices;  // 0 ms: one point per call
  CHECK(slices == static_cast<int>(std::size(app::k_rate_factors)) - 1);
  return c;
}

const app::RatePoint& at_factor(const app::RateCurve& c, double factor) {
  for (const app::RatePoint& pt : c.points)
    if (pt.factor == factor) return pt;
  FAIL("no point at " << factor);
  return c.points.front();
}

void check_row_is_plan(const app::RatePoint& pt, const sizer::Plan& p) {
  REQUIRE(pt.served);
  CHECK(pt.same_split);
  CHECK(pt.plan.gpu_id == p.gpu_id);
  CHECK(pt.plan.gpus == p.gpus);
  CHECK(pt.plan.replicas == p.replicas);
  CHECK(pt.plan.tensor == p.tensor);
  CHECK(pt.plan.batch == p.batch);
  CHECK(pt.plan.usd_per_hour == Approx(p.usd_per_hour));
  CHECK(pt.plan.usd_per_million_tokens == Approx(p.usd_per_million_tokens));
  CHECK(pt.plan.ttft_p90_seconds == Approx(p.ttft_p90_seconds));
  CHECK(pt.plan.tokens_per_second_per_user == Approx(p.tokens_per_second_per_user));
}

}  // namespace

TEST_CASE("the rate curve: the plan at its rate, more cards for more requests", "[ui][plan]") {
  app::App a = serving_app();
  app::run_plan_search(a.inputs, a.ui.plan, false, a.plan);
  REQUIRE(a.plan.result.plans.size() >= 2);
  const sizer::Plan& best = a.plan.result.plans.front();
  const app::RateCurve c = curve_of(a, 0);
  REQUIRE(c.done());
  CHECK(c.from_target);
  CHECK(c.reference_rps == 5);
  INFO(app::rate_curve_json(c));
  check_row_is_plan(at_factor(c, 1), best);
  CHECK(at_factor(c, 0.25).served);  // a quarter of the load fits in what the plan has
  for (std::size_t i = 1; i < c.points.size(); ++i) {
    const app::RatePoint& lo = c.points[i - 1];
    const app::RatePoint& hi = c.points[i];
    CHECK(hi.requests_per_second > lo.requests_per_second);
    CHECK(hi.requests_per_second == Approx(hi.factor * 5));
    if (!lo.served) CHECK_FALSE(hi.served);  // a rate the limits cannot serve, nor any above it
    if (!lo.served || !hi.served) continue;
    CHECK(hi.plan.gpus >= lo.plan.gpus);  // more requests never need fewer cards
    CHECK(hi.plan.usd_per_hour >= lo.plan.usd_per_hour * (1 - 1e-12));
    // The same cards serving more requests: each token is cheaper.
    if (hi.plan.gpus == lo.plan.gpus)
      CHECK(hi.plan.usd_per_million_tokens < lo.plan.usd_per_million_tokens);
  }
  // The highest rate the limits still serve needs more cards than a quarter of the load (which
  // rate that is depends on the cheapest card the price table has).
  const app::RatePoint* highest = nullptr;
  for (const app::RatePoint& p : c.points)
    if (p.served) highest = &p;
  REQUIRE(highest != nullptr);
  CHECK(highest->factor >= 2);
  CHECK(highest->plan.gpus > at_factor(c, 0.25).plan.gpus);

  // Another plan of the list has its own curve, through its own figures.
  const app::RateCurve second = curve_of(a, 1);
  check_row_is_plan(at_factor(second, 1), a.plan.result.plans[1]);

  // The summary the browser tests read.
  const nlohmann::json j = nlohmann::json::parse(app::rate_curve_json(c));
  CHECK(j["done"] == true);
  CHECK(j["points"].size() == std::size(app::k_rate_factors));
  CHECK(j["points"][4]["gpuCount"] == best.gpus);
}

TEST_CASE("the rate curve without a rate target scales what one replica serves", "[ui][plan]") {
  app::App a = serving_app();
  a.ui.plan.requests_per_second = 0;
  app::run_plan_search(a.inputs, a.ui.plan, false, a.plan);
  REQUIRE_FALSE(a.plan.result.plans.empty());
  const sizer::Plan& best = a.plan.result.plans.front();
  const app::RateCurve c = curve_of(a, 0);
  CHECK_FALSE(c.from_target);
  CHECK(c.reference_rps == best.requests_per_second);
  check_row_is_plan(at_factor(c, 1), best);
  CHECK(at_factor(c, 1).plan.replicas == 1);
  CHECK(at_factor(c, 4).plan.replicas > 1);  // past one replica's load: more replicas
}

TEST_CASE("a rate the card limit cannot serve reads as not served", "[ui][plan]") {
  app::App a = serving_app();
  app::run_plan_search(a.inputs, a.ui.plan, false, a.plan);
  REQUIRE_FALSE(a.plan.result.plans.empty());
  // The limit at exactly the plan's cards: four times the rate needs more.
  a.plan.request.constraints.max_gpus = a.plan.result.plans.front().gpus;
  const app::RateCurve c = curve_of(a, 0);
  CHECK(at_factor(c, 1).served);
  CHECK_FALSE(at_factor(c, 4).served);
  CHECK(at_factor(c, 4).error.empty());
}

TEST_CASE("the chosen plan of the rate table is kept in links but is no search input",
          "[ui][plan]") {
  app::App a = serving_app();
  a.ui.plan.rate_plan = 3;
  const app::StateMerge back =
      app::merge_state(sizer::Scenario{}, app::UiState{}, app::state_to_json(a.inputs, a.ui));
  REQUIRE(back.ok);
  CHECK(back.ui.plan.rate_plan == 3);
  app::PlanInputs other = a.ui.plan;
  other.rate_plan = 0;
  CHECK(app::plan_signature(a.inputs, a.ui.plan, false) ==
        app::plan_signature(a.inputs, other, false));
  const app::StateMerge bad = app::merge_state(a.inputs, app::UiState{}, R"({"planRatePlan": -1})");
  CHECK_FALSE(bad.ok);
  CHECK_THAT(bad.error, Catch::Contains("planRatePlan"));
}

TEST_CASE("the Plan view draws the rate table in both languages at both widths",
          "[ui][plan][frames]") {
  ui_test::HeadlessImGui imgui;
  REQUIRE(app::has_cjk_font());
  // Words of the rate section that a Chinese page must not show in English.
  const std::regex english("\\b(tokens|cards|req/s|Rate|Cards|Latency|Cost|Per user|Per hour)\\b");
  for (app::i18n::Language lang : {app::i18n::Language::en, app::i18n::Language::zh}) {
    for (float width : {1280.0f, 400.0f}) {
      app::i18n::set_language(lang);
      const bool zh = lang == app::i18n::Language::zh;
      INFO((zh ? "zh " : "en ") << width);
      app::App a = serving_app();
      a.ui.lang = zh ? app::Lang::zh : app::Lang::en;
      a.ui.plan.rate_plan = 99;  // past the list (an old link): the last plan
      app::run_plan_search(a.inputs, a.ui.plan, false, a.plan);
      REQUIRE_FALSE(a.plan.result.plans.empty());
      std::string text;
      int frames = 0;
      // The curve is computed a slice per frame while the view draws.
      do {
        CHECK(ui_test::draw_frames(a, width, 800, 1, &text) > 0);
      } while (!a.plan_rates.done() && ++frames < 100);
      REQUIRE(a.plan_rates.done());
      CHECK(a.ui.plan.rate_plan == static_cast<int>(a.plan.result.plans.size()) - 1);
      CHECK(a.plan_rates.key == app::rate_curve_key(a.plan.searched, a.ui.plan.rate_plan));
      // Tall enough to hold the whole column: text scrolled out of view is not drawn.
      ui_test::draw_frames(a, width, 8000, 2, &text);
      CHECK(text.find("plan.rates") == std::string::npos);  // every key translated
      // The section: from its title to the plan list's first entry.
      const std::size_t from = text.find(zh ? "\xE9\x80\x9F\xE7\x8E\x87"  // 速率
                                            : "request rate");
      REQUIRE(from != std::string::npos);
      const std::string section = text.substr(from, text.find("#1 ", from) - from);
      INFO(section);
      for (const char* row : {"0.25\xC3\x97", "1\xC3\x97", "4\xC3\x97"})  // 0.25x, 1x, 4x
        CHECK(section.find(row) != std::string::npos);
      if (zh) CHECK_FALSE(std::regex_search(section, english));
      // Drawing does not start another search.
      CHECK(a.plan.searched == app::plan_signature(a.inputs, a.ui.plan, false));
    }
  }
  app::i18n::set_language(app::i18n::Language::en);
}
