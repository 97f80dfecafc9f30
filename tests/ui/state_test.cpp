#include <catch2/catch.hpp>

#include "logic/link_restore.hpp"
#include "logic/state_json.hpp"
#include "sizer/catalog.hpp"
#include "sizer/estimate.hpp"
#include "sizer/share_link.hpp"
#include "string_tables.hpp"

using namespace app;

namespace {

sizer::Scenario llama8b_on_4090() {
  sizer::Scenario s;
  s.model = *sizer::find_model("llama-3.1-8b");
  s.hardware.gpu = *sizer::find_gpu("rtx-4090-24gb");
  s.assumptions = sizer::default_assumptions(sizer::Engine::generic);
  return s;
}

}  // namespace

TEST_CASE("setState merges a partial state: request fields and UI fields", "[ui][state]") {
  UiState ui;
  StateMerge m =
      merge_state(llama8b_on_4090(), ui, R"({"batch": 8, "lang": "zh", "theme": "dark"})");
  REQUIRE(m.ok);
  CHECK(m.scenario.inference.batch == 8);
  CHECK(m.scenario.model.id == "llama-3.1-8b");  // untouched
  CHECK(m.ui.lang == Lang::zh);
  CHECK(m.ui.theme == Theme::dark);
}

TEST_CASE("setState errors name the field and change nothing", "[ui][state]") {
  UiState ui;
  sizer::Scenario s = llama8b_on_4090();
  StateMerge bad_count = merge_state(s, ui, R"({"gpuCount": -1})");
  CHECK_FALSE(bad_count.ok);
  CHECK_THAT(bad_count.error, Catch::Contains("gpuCount"));
  StateMerge bad_lang = merge_state(s, ui, R"({"lang": "fr"})");
  CHECK_FALSE(bad_lang.ok);
  CHECK_THAT(bad_lang.error, Catch::Contains("lang"));
  StateMerge not_json = merge_state(s, ui, "[1, 2");
  CHECK_FALSE(not_json.ok);
  CHECK(not_json.error == "state: expected a JSON object");
}

TEST_CASE("a partial naming LoRA training lands on the fine-tune tab", "[ui][state]") {
  UiState ui;
  StateMerge m =
      merge_state(llama8b_on_4090(), ui, R"({"mode": "training", "training": {"method": "lora"}})");
  REQUIRE(m.ok);
  CHECK(m.scenario.mode == sizer::Mode::training);
  CHECK(m.ui.tab == ModeTab::finetune);
  StateMerge pre = merge_state(llama8b_on_4090(), ui, R"({"mode": "training"})");
  REQUIRE(pre.ok);
  CHECK(pre.ui.tab == ModeTab::pretrain);
}

TEST_CASE("the full state round-trips through JSON", "[ui][state]") {
  UiState ui;
  ui.lang = Lang::zh;
  ui.tab = ModeTab::inference;
  sizer::Scenario s = llama8b_on_4090();
  s.inference.batch = 16;
  s.inference.prompt_tokens = 3000;
  std::string json = state_to_json(s, ui);
  StateMerge back = merge_state(sizer::Scenario{}, UiState{}, json);
  REQUIRE(back.ok);
  CHECK(back.scenario.inference.batch == 16);
  CHECK(back.scenario.inference.prompt_tokens == 3000);
  CHECK(back.scenario.hardware.gpu.id == "rtx-4090-24gb");
  CHECK(back.ui.lang == Lang::zh);
}

namespace {
// The notices are sentences from the string tables.
void install_strings() {
  std::vector<std::string> errors;
  int files = 0;
  app::i18n::install(ui_test::all_string_tables(errors, files));
  app::i18n::set_language(app::i18n::Language::en);
}
}  // namespace

TEST_CASE("a link with one bad key restores the rest and says what was ignored", "[ui][state]") {
  install_strings();
  app::UiState ui;
  const std::string request =
      R"({"mode":"inference","model":"llama-3.1-8b","gpu":"h100-sxm-80gb","batch":0,"promptTokens":2048})";
  const std::string fragment = sizer::encode_share_fragment(request, R"({"lang":"zh"})");
  const app::LinkRestore r = app::restore_link(fragment, llama8b_on_4090(), ui);
  REQUIRE(r.ok);
  CHECK(r.scenario.hardware.gpu.id == "h100-sxm-80gb");
  CHECK(r.scenario.inference.prompt_tokens == 2048);
  CHECK(r.ui.lang == app::Lang::zh);
  REQUIRE(r.notices.size() == 1);
  CHECK(r.notices[0].find("batch") != std::string::npos);
}

TEST_CASE("a tensor-parallel degree the model cannot take moves to the nearest valid one",
          "[ui][state]") {
  install_strings();
  app::UiState ui;
  const std::string request =
      R"({"mode":"inference","model":"llama-2-70b","gpu":"h100-sxm-80gb","gpuCount":8,"tensorParallel":7})";
  const app::LinkRestore r =
      app::restore_link(sizer::encode_share_fragment(request, "{}"), llama8b_on_4090(), ui);
  REQUIRE(r.ok);
  CHECK(r.scenario.parallel.tensor == 4);
  CHECK(sizer::total_gpus(r.scenario) == 8);
  REQUIRE(r.notices.size() == 1);
  CHECK(r.notices[0].find("7") != std::string::npos);
  CHECK(r.notices[0].find("4") != std::string::npos);
}

TEST_CASE("units are a UI field of the state and of links", "[ui][state]") {
  app::UiState ui;
  ui.units = app::fmt::ByteUnits::decimal;
  CHECK(app::ui_to_json(ui).find("\"units\":\"GB\"") != std::string::npos);
  app::UiState back;
  std::string error;
  CHECK(app::apply_ui_json(R"({"units":"GB"})", back, error));
  CHECK(back.units == app::fmt::ByteUnits::decimal);
  CHECK_FALSE(app::apply_ui_json(R"({"units":"MB"})", back, error));
  CHECK(error.find("units") != std::string::npos);
}

TEST_CASE("a link whose every key is refused keeps the current state", "[ui][state]") {
  install_strings();
  app::UiState ui;
  const app::LinkRestore r = app::restore_link("v=1&model=no-such-model&batch=-5",
                                               llama8b_on_4090(), ui);
  REQUIRE(r.ok);
  CHECK(r.scenario.model.id == "llama-3.1-8b");  // the current model, not a request default
  CHECK(r.scenario.inference.batch == 1);
  CHECK(r.notices.size() == 2);
}
