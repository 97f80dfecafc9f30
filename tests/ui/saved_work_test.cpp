// Saved work (issue 11): the versioned storage schema read from corrupted, older, newer and
// foreign data without losing any of it (set aside, never deleted), item by item; export and
// import that never overwrite; and the store behind the panel (platform storage, native twin).
#include "logic/saved_work.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "../saved_work_samples.hpp"
#include "logic/saved_work_store.hpp"
#include "logic/state_json.hpp"
#include "platform.hpp"
#include "sizer/catalog.hpp"
#include "string_tables.hpp"

using namespace app;
using json = nlohmann::json;

namespace {

using saved_work_samples::k_good_config;
using saved_work_samples::saved_text;

App fresh_app() {
  std::vector<std::string> errors;
  int files = 0;
  i18n::install(ui_test::all_string_tables(errors, files));
  App app;
  app.inputs.model = *sizer::find_model("llama-3.1-8b");
  app.inputs.hardware.gpu = *sizer::find_gpu("rtx-4090-24gb");
  return app;
}

// platform_native keeps storage in a map for the whole test binary: start each test clean.
void clear_storage() {
  platform::storage_set(k_saved_work_key, "");
  platform::storage_set(k_saved_work_aside_key, "");
}

}  // namespace

TEST_CASE("an item that does not read is set aside alone, the rest loads", "[ui][saved]") {
  const std::string text = saved_text(std::string("[") + k_good_config + R"(,
      {"name": "Bad count", "state": {"gpuCount": -3}},
      {"name": "", "state": {}},
      {"state": {"batch": 2}},
      "just a string",
      {"name": "Bad model", "state": {"model": "no-such-model-xyz"}}])");
  SavedWorkRead r = read_saved_work(text);
  REQUIRE(r.work.configs.size() == 1);
  CHECK(r.work.configs[0].name == "Box A");
  REQUIRE(r.set_aside.size() == 5);
  CHECK_THAT(r.set_aside[0].reason,
             Catch::Contains("configs[1] (\"Bad count\")") && Catch::Contains("gpuCount"));
  CHECK(json::parse(r.set_aside[0].data)["name"] == "Bad count");
  CHECK_THAT(r.set_aside[4].reason, Catch::Contains("no-such-model-xyz"));
  // Lists of the wrong type, bad models and GPUs.
  r = read_saved_work(R"({"schema": "llm-sizer/saved-work", "version": 1, "configs": {"a": 1},
      "models": [{"name": "m", "model": {"arch": {"hiddenSize": "wide"}}},
                 {"name": "f", "model": "llama-2-7b", "file": {"fileParameters": "many"}}],
      "gpus": [{"name": "g", "gpu": {"memoryGb": -1}}, {"name": "ok", "gpu": "rtx-4090-24gb"}]})");
  CHECK(r.work.empty());
  CHECK(r.set_aside.size() == 5);
}

TEST_CASE("the store: save, reload, load, rename, delete, export and import", "[ui][saved]") {
  clear_storage();
  App app = fresh_app();
  load_saved_work(app);
  CHECK(app.files.saved.empty());
  app.inputs.inference.batch = 6;
  save_current_config(app, "Six");
  save_current_config(app, "Six");
  save_current_config(app, "");
  REQUIRE(app.files.saved.configs.size() == 3);
  CHECK(app.files.saved.configs[1].name == "Six (2)");
  CHECK_THAT(app.files.saved.configs[2].name, Catch::Contains("Llama 3.1 8B"));

  App reloaded = fresh_app();  // a new page: reads storage
  load_saved_work(reloaded);
  REQUIRE(reloaded.files.saved.configs.size() == 3);
  reloaded.ui.lang = Lang::zh;
  REQUIRE(load_saved_config(reloaded, 0));
  CHECK(reloaded.inputs.inference.batch == 6);
  CHECK(reloaded.ui.lang == Lang::zh);          // loading a configuration keeps the page's language
  rename_saved_config(reloaded, 0, "Six (2)");  // taken: gets its own number
  CHECK(reloaded.files.saved.configs[0].name == "Six (2) (2)");
  delete_saved_config(reloaded, 2);
  CHECK(reloaded.files.saved.configs.size() == 2);

  const std::string exported = export_saved_work(reloaded);
  CHECK(looks_like_saved_work(exported));
  clear_storage();
  App other = fresh_app();
  load_saved_work(other);
  import_saved_work(other, exported);
  CHECK(other.files.saved.configs.size() == 2);
  import_saved_work(other, exported);
  CHECK(other.files.saved.configs.size() == 2);  // nothing twice
  CHECK_THAT(other.files.saved_notice, Catch::Contains("skipped"));
  import_saved_work(other, "{\"schema\": \"llm-sizer/saved-work\", \"version\": 3}");
  CHECK(other.files.saved_notice_is_error);
  CHECK(other.files.saved.configs.size() == 2);
}

TEST_CASE("the store keeps corrupted storage aside and loads the rest, with a notice",
          "[ui][saved]") {
  clear_storage();
  const std::string text =
      saved_text(std::string("[") + k_good_config + R"(, {"name": "Broken", "state": 7}])");
  platform::storage_set(k_saved_work_key, text);
  App app = fresh_app();
  load_saved_work(app);
  REQUIRE(app.files.saved.configs.size() == 1);
  CHECK(app.files.saved_notice_is_error);
  CHECK_THAT(app.files.saved_notice, Catch::Contains(k_saved_work_aside_key));
  const json aside = json::parse(platform::storage_get(k_saved_work_aside_key));
  REQUIRE(aside.size() == 1);
  CHECK(json::parse(aside[0]["data"].get<std::string>())["name"] == "Broken");
  // Storage now holds what did read; loading again says nothing more.
  App again = fresh_app();
  load_saved_work(again);
  CHECK(again.files.saved.configs.size() == 1);
  CHECK(again.files.saved_notice.empty());
  clear_storage();
}

TEST_CASE("custom models and GPUs are kept and used, catalog ones are not kept", "[ui][saved]") {
  clear_storage();
  App app = fresh_app();
  load_saved_work(app);
  CHECK_FALSE(can_save_current_model(app));
  CHECK_FALSE(can_save_current_gpu(app));
  app.inputs.model.id = "custom";
  app.inputs.model.name = "My arch";
  app.inputs.model.num_layers = 7;
  app.ui.file_model.file_name = "x.gguf";
  app.ui.file_model.parameters = 123;
  app.inputs.hardware.gpu.id = "custom";
  app.inputs.hardware.gpu.name = "My card";
  REQUIRE(can_save_current_model(app));
  REQUIRE(can_save_current_gpu(app));
  save_current_model(app);
  save_current_gpu(app);
  App other = fresh_app();
  load_saved_work(other);
  REQUIRE(other.files.saved.models.size() == 1);
  REQUIRE(other.files.saved.gpus.size() == 1);
  REQUIRE(use_saved_model(other, 0));
  CHECK(other.inputs.model.num_layers == 7);
  CHECK(other.ui.file_model.parameters == 123);
  REQUIRE(use_saved_gpu(other, 0));
  CHECK(other.inputs.hardware.gpu.name == "My card");
  clear_storage();
}
