// The Plan view (imgui_app/panels/plan*.cpp, logic/plan_inputs.cpp): its state survives the
// state JSON and share links, the search runs from the calculator's scenario, and the view renders
// for an inference and a training state, with plans and with none, in both languages at the
// desktop and the phone width.
#include <algorithm>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "app_state.hpp"
#include "fonts/ui_fonts.hpp"
#include "imgui.h"
#include "layout.hpp"
#include "logic/custom_gpu.hpp"
#include "logic/i18n.hpp"
#include "logic/link_restore.hpp"
#include "logic/state_json.hpp"
#include "panels/header.hpp"
#include "panels/plan.hpp"
#include "sizer/catalog.hpp"
#include "sizer/request_json.hpp"
#include "sizer/share_link.hpp"
#include "sizer/training_defaults.hpp"
#include "string_tables.hpp"

namespace {

struct HeadlessImGui {
  HeadlessImGui() {
    std::vector<std::string> errors;
    int files = 0;
    app::i18n::install(ui_test::all_string_tables(errors, files));
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DeltaTime = 1.0f / 60.0f;
    app::build_fonts(1.0f);
  }
  ~HeadlessImGui() { ImGui::DestroyContext(); }
};

int draw_frames(app::App& app, float width, float height, int frames) {
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(width, height);
  app.ui.narrow = width < 900;
  app::apply_style(false, 1.0f, app.ui.narrow);
  int vertices = 0;
  for (int i = 0; i < frames; ++i) {
    app::recompute_if_dirty(app);
    ImGui::NewFrame();
    app::draw_shell(app);
    ImGui::Render();
    vertices = ImGui::GetDrawData()->TotalVtxCount;
  }
  return vertices;
}

app::App inference_app() {
  app::App a;
  a.inputs.model = *sizer::find_model("llama-3.1-8b");
  a.inputs.hardware.gpu = *sizer::find_gpu("rtx-4090-24gb");
  a.inputs.assumptions = sizer::default_assumptions(sizer::Engine::generic);
  a.ui.tab = app::ModeTab::inference;
  a.ui.plan.open = true;
  return a;
}

app::App finetune_app() {
  app::App a = inference_app();
  a.inputs.mode = sizer::Mode::training;
  sizer::choose_training_method(a.inputs, sizer::TrainingMethod::lora);
  a.ui.tab = app::ModeTab::finetune;
  a.ui.plan.methods = {"lora", "qlora"};
  return a;
}

bool translated(const std::string& text) { return text.find("plan.") == std::string::npos; }

}  // namespace

TEST_CASE("the Plan view's targets and constraints survive the state JSON and share links",
          "[ui][plan]") {
  app::UiState ui;
  ui.plan.open = true;
  ui.plan.requests_per_second = 5;
  ui.plan.ttft_p90_seconds = 1.5;
  ui.plan.vendors = {"NVIDIA", "AMD"};
  ui.plan.consumer = false;
  ui.plan.max_gpus = 32;
  ui.plan.methods = {"qlora", "full"};
  ui.plan.kv_formats = {"fp8"};
  ui.plan.tensor_parallel = 4;
  ui.plan.pipeline_parallel = 2;
  const sizer::Scenario s = inference_app().inputs;

  const app::StateMerge back =
      app::merge_state(sizer::Scenario{}, app::UiState{}, app::state_to_json(s, ui));
  REQUIRE(back.ok);
  CHECK(back.ui.plan == ui.plan);
  CHECK(back.scenario.model.id == "llama-3.1-8b");

  // Links carry UI fields as text; they come back as numbers, booleans and lists.
  const std::string fragment =
      sizer::encode_share_fragment(sizer::scenario_to_request_json(s), app::ui_to_json(ui));
  CHECK(fragment.find("ui.planRps=5") != std::string::npos);
  CHECK(fragment.find("ui.planTensorParallel=4") != std::string::npos);
  CHECK(fragment.find("ui.planPipelineParallel=2") != std::string::npos);
  const app::LinkRestore r = app::restore_link(fragment, s, app::UiState{});
  REQUIRE(r.ok);
  CHECK(r.ui.plan == ui.plan);

  // Defaults are not written: a plain state stays as short as before.
  CHECK(app::ui_to_json(app::UiState{}).find("plan") == std::string::npos);

  const app::StateMerge bad = app::merge_state(s, app::UiState{}, R"({"planMaxGpus": 0})");
  CHECK_FALSE(bad.ok);
  CHECK_THAT(bad.error, Catch::Contains("planMaxGpus"));
  const app::StateMerge bad_method =
      app::merge_state(s, app::UiState{}, R"({"planMethods": "dpo"})");
  CHECK_FALSE(bad_method.ok);
  // A split degree is a whole number from 0 (any) to 4096; anything else names the key.
  for (const char* split :
       {R"({"planTensorParallel": -1})", R"({"planTensorParallel": 2.5})",
        R"({"planPipelineParallel": "two"})", R"({"planPipelineParallel": 5000})"}) {
    const app::StateMerge bad_split = app::merge_state(s, app::UiState{}, split);
    CHECK_FALSE(bad_split.ok);
    CHECK_THAT(bad_split.error, Catch::Contains("Parallel"));
  }
  const app::LinkRestore bad_link =
      app::restore_link(sizer::encode_share_fragment(sizer::scenario_to_request_json(s),
                                                     R"({"planTensorParallel":"x"})"),
                        s, app::UiState{});
  REQUIRE(bad_link.ok);  // the rest of the link still opens; the bad pin is ignored, with a notice
  CHECK(bad_link.ui.plan.tensor_parallel == 0);
  CHECK_FALSE(bad_link.notices.empty());
}

TEST_CASE("the planner request follows the calculator's scenario and the Plan view's inputs",
          "[ui][plan]") {
  app::App a = finetune_app();
  a.ui.plan.deadline_hours = 12;
  a.ui.plan.vendors = {"NVIDIA"};
  const sizer::PlanRequest fine = app::plan_request(a.inputs, a.ui.plan, true);
  CHECK(fine.base.model.id == "llama-3.1-8b");
  CHECK(fine.targets.deadline_hours == 12);
  CHECK(fine.targets.requests_per_second == 0);  // inference targets are not sent for training
  CHECK(fine.constraints.vendors == std::vector<std::string>{"NVIDIA"});
  CHECK(fine.constraints.methods.size() == 2);
  // Pre-training compares nothing: the scenario's own (full) method.
  const sizer::PlanRequest pre = app::plan_request(a.inputs, a.ui.plan, false);
  REQUIRE(pre.constraints.methods.size() == 1);
  CHECK(pre.constraints.methods[0] == sizer::TrainingMethod::lora);

  // KV-cache formats: the ticked ones of the core's set for the engine reach the planner.
  app::App serve = inference_app();
  serve.ui.plan.kv_formats = {"fp8", "gguf-q8_0"};  // Q8_0 is not a vLLM KV format: dropped
  const sizer::PlanRequest kv = app::plan_request(serve.inputs, serve.ui.plan, false);
  CHECK(kv.constraints.kv_formats == std::vector<std::string>{"fp8"});
  app::run_plan_search(serve.inputs, serve.ui.plan, false, serve.plan);
  REQUIRE_FALSE(serve.plan.result.plans.empty());
  for (const sizer::Plan& p : serve.plan.result.plans) CHECK(p.kv_cache == "fp8");

  // A pinned split reaches the planner, and every plan keeps it.
  app::App split = inference_app();
  split.ui.plan.tensor_parallel = 2;
  const sizer::PlanRequest pinned = app::plan_request(split.inputs, split.ui.plan, false);
  CHECK(pinned.constraints.tensor_parallel == 2);
  CHECK(pinned.constraints.pipeline_parallel == 0);
  app::run_plan_search(split.inputs, split.ui.plan, false, split.plan);
  REQUIRE_FALSE(split.plan.result.plans.empty());
  for (const sizer::Plan& p : split.plan.result.plans) CHECK(p.tensor == 2);

  // A custom GPU in the calculator is planned beside the catalog's cards; a catalog card is not
  // sent twice.
  CHECK(kv.constraints.custom_gpus.empty());
  app::App own = inference_app();
  own.inputs.hardware.gpu = app::custom_gpu_from(*sizer::find_gpu("h100-sxm-80gb"), "My H100");
  own.inputs.hardware.gpu.cloud_usd_per_gpu_hour = 0.05;  // below every catalog rental
  const sizer::PlanRequest mine = app::plan_request(own.inputs, own.ui.plan, false);
  REQUIRE(mine.constraints.custom_gpus.size() == 1);
  CHECK(mine.constraints.custom_gpus[0].name == "My H100");
  app::run_plan_search(own.inputs, own.ui.plan, false, own.plan);
  REQUIRE_FALSE(own.plan.result.plans.empty());
  CHECK(own.plan.result.plans.front().scenario.hardware.gpu.name == "My H100");
}

TEST_CASE("the Plan view renders an inference and a training search in both languages",
          "[ui][plan][frames]") {
  HeadlessImGui imgui;
  for (app::i18n::Language lang : {app::i18n::Language::en, app::i18n::Language::zh}) {
    app::i18n::set_language(lang);
    for (bool training : {false, true}) {
      INFO((training ? "training " : "inference ")
           << (lang == app::i18n::Language::zh ? "zh" : "en"));
      app::App a = training ? finetune_app() : inference_app();
      app::run_plan_search(a.inputs, a.ui.plan, training, a.plan);
      REQUIRE(a.plan.result.error.empty());
      REQUIRE_FALSE(a.plan.result.plans.empty());
      const sizer::Plan& best = a.plan.result.plans.front();
      CHECK(best.price_known);
      CHECK(a.plan.result.stats.evaluated_count > 0);
      for (int i = 0; i < static_cast<int>(a.plan.result.plans.size()); ++i) {
        const std::string reason = app::plan_reason(a.plan.result, i, a.ui.plan);
        CHECK(translated(reason));
        CHECK(!reason.empty());
      }
      CHECK(translated(app::plan_title(best)));
      CHECK(translated(app::plan_setup(best)));
      if (lang == app::i18n::Language::zh) {
        CHECK(app::plan_reason(a.plan.result, 0, a.ui.plan).find("\xE6\x9C\x80") !=
              std::string::npos);  // 最
      }
      if (training) {
        // The chart's front: priced plans only, led by the cheapest (an unpriced plan costs 0
        // in the core's front and would "dominate" them all).
        const std::vector<int> front = app::plan_chart_front(a.plan.result);
        REQUIRE_FALSE(front.empty());
        CHECK(front.front() == 0);
        for (int i : front) CHECK(a.plan.result.plans[static_cast<std::size_t>(i)].price_known);
      }
      CHECK(draw_frames(a, 1280, 800, 3) > 0);
      CHECK(draw_frames(a, 400, 800, 3) > 0);
      CHECK(a.ui.plan.open);
      // Its search was for these inputs: drawing does not start another one.
      CHECK(a.plan.searched == app::plan_signature(a.inputs, a.ui.plan, training));
    }
  }
}

TEST_CASE("with nothing meeting the targets the Plan view says what to relax", "[ui][plan]") {
  HeadlessImGui imgui;
  app::i18n::set_language(app::i18n::Language::zh);
  app::App a = inference_app();
  a.ui.plan.ttft_p90_seconds = 1e-4;  // no card answers in 0.1 ms
  app::run_plan_search(a.inputs, a.ui.plan, false, a.plan);
  CHECK(a.plan.result.plans.empty());
  REQUIRE_FALSE(a.plan.relaxations.empty());
  CHECK(a.plan.relaxations.front().what == "ttft");
  CHECK_FALSE(a.plan.model_never_fits);
  CHECK(draw_frames(a, 1280, 800, 2) > 0);
  CHECK(draw_frames(a, 400, 800, 2) > 0);

  // A pinned tensor degree the model has no split for (3 does not divide 32 heads): no plan, and
  // the empty state offers to let the planner pick; the control shows the pin, marked.
  app::App odd = inference_app();
  odd.ui.plan.tensor_parallel = 3;
  app::run_plan_search(odd.inputs, odd.ui.plan, false, odd.plan);
  CHECK(odd.plan.result.plans.empty());
  const auto split = std::find_if(odd.plan.relaxations.begin(), odd.plan.relaxations.end(),
                                  [](const app::PlanRelaxation& x) { return x.what == "split"; });
  REQUIRE(split != odd.plan.relaxations.end());
  CHECK(split->best.tensor != 3);
  CHECK(draw_frames(odd, 1280, 800, 2) > 0);
  CHECK(draw_frames(odd, 400, 800, 2) > 0);
  CHECK(odd.ui.plan.tensor_parallel == 3);  // drawing keeps the user's pin

  // A 405B model on at most one consumer card: nothing, whatever the targets.
  app::App big = inference_app();
  big.inputs.model = *sizer::find_model("llama-3.1-405b");
  big.ui.plan.max_gpus = 1;
  big.ui.plan.vendors = {"NVIDIA"};
  app::run_plan_search(big.inputs, big.ui.plan, false, big.plan);
  CHECK(big.plan.result.plans.empty());
  CHECK(draw_frames(big, 400, 800, 2) > 0);
}

TEST_CASE("loading a plan puts its card and split into the calculator", "[ui][plan]") {
  app::App a = inference_app();
  app::run_plan_search(a.inputs, a.ui.plan, false, a.plan);
  REQUIRE_FALSE(a.plan.result.plans.empty());
  const sizer::Plan p = a.plan.result.plans.front();
  app::load_plan(a, p);
  CHECK_FALSE(a.ui.plan.open);
  CHECK(a.inputs.hardware.gpu.id == p.gpu_id);
  CHECK(a.inputs.weights_format == p.weights);
  CHECK(a.ui.tab == app::ModeTab::inference);
  app::recompute_if_dirty(a);
  CHECK(a.error.empty());
  CHECK(a.results.memory.fits);
  // Its share link opens the same card.
  const std::string url = app::plan_share_url(a, p);
  const std::size_t hash = url.find('#');
  REQUIRE(hash != std::string::npos);
  const app::LinkRestore r =
      app::restore_link(url.substr(hash + 1), sizer::Scenario{}, app::UiState{});
  REQUIRE(r.ok);
  CHECK(r.scenario.hardware.gpu.id == p.gpu_id);
  CHECK_FALSE(r.ui.plan.open);
}

TEST_CASE("a training search runs a slice per frame and ends with the same plans", "[ui][plan]") {
  HeadlessImGui imgui;
  app::i18n::set_language(app::i18n::Language::en);
  app::App whole = finetune_app();
  app::run_plan_search(whole.inputs, whole.ui.plan, true, whole.plan);
  REQUIRE_FALSE(whole.plan.result.plans.empty());

  app::App a = finetune_app();
  app::start_plan_search(a.inputs, a.ui.plan, true, a.plan);
  CHECK(a.plan.searching());
  int slices = 0;
  double last = 0;
  // A budget of 0 ms still makes one step per call: the search cannot stall.
  while (app::advance_plan_search(a.plan, 0)) {
    ++slices;
    CHECK(a.plan.progress >= last);
    last = a.plan.progress;
    if (slices == 3) CHECK(draw_frames(a, 1280, 800, 1) > 0);  // drawn while it searches
  }
  CHECK(slices > 3);  // one card type per step
  CHECK(a.plan.progress == 1);
  CHECK_FALSE(a.plan.searching());
  REQUIRE(a.plan.result.plans.size() == whole.plan.result.plans.size());
  for (std::size_t i = 0; i < whole.plan.result.plans.size(); ++i) {
    CHECK(a.plan.result.plans[i].gpu_id == whole.plan.result.plans[i].gpu_id);
    CHECK(a.plan.result.plans[i].total_usd == whole.plan.result.plans[i].total_usd);
  }
}

TEST_CASE("owned, the planner's unpriced list says which parts are never sold", "[ui][plan]") {
  HeadlessImGui imgui;
  app::App a = inference_app();
  a.inputs.cost.basis = sizer::PriceBasis::own;
  app::run_plan_search(a.inputs, a.ui.plan, false, a.plan);
  REQUIRE(a.plan.result.error.empty());
  const std::vector<std::string>& unpriced = a.plan.result.unpriced_gpus;
  // The TPUs and the A10G have no purchase price (core/data/gpus.csv for_sale = false).
  CHECK(std::find(unpriced.begin(), unpriced.end(), "tpu-v5e") != unpriced.end());
  CHECK(std::find(unpriced.begin(), unpriced.end(), "mi210-64gb") != unpriced.end());
  const std::string owned = app::unpriced_gpu_names(unpriced, sizer::PriceBasis::own);
  CHECK_THAT(owned, Catch::Contains("TPU v5e (per chip) (not sold, rented only)"));
  CHECK_THAT(owned, Catch::Contains("A10G (AWS-only variant) (not sold, rented only)"));
  CHECK_THAT(owned, Catch::Contains("Instinct MI210") && !Catch::Contains("MI210 (not sold"));
  // Rented, a missing price is only missing: no such words.
  CHECK_THAT(app::unpriced_gpu_names({"tpu-v5e"}, sizer::PriceBasis::gpu_cloud),
             !Catch::Contains("not sold"));
  app::i18n::set_language(app::i18n::Language::zh);
  CHECK_THAT(app::unpriced_gpu_names({"tpu-v5e"}, sizer::PriceBasis::own),
             Catch::Contains("不出售"));
  app::i18n::set_language(app::i18n::Language::en);
  CHECK(draw_frames(a, 1280, 800, 3) > 0);
}
