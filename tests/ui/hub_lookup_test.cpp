// The Hugging Face look-up (issue 14): the Hub's replies, recorded (tests/browser/fixtures/hub/),
// read the way a dropped config.json and index.json are; every failure says what happened and
// changes nothing; a model found is kept in saved work for offline use. No network.
#include "logic/hub_lookup.hpp"

#include <catch2/catch.hpp>
#include <filesystem>

#include "headless_imgui.hpp"
#include "logic/saved_work_store.hpp"
#include "platform.hpp"
#include "string_tables.hpp"

using namespace app;

namespace {

std::string fixture(const char* name) {
  return ui_test::read_file(std::filesystem::path(SIZER_TESTS_DIR) / "browser" / "fixtures" /
                            "hub" / name);
}

App fresh_app() {
  std::vector<std::string> errors;
  int files = 0;
  i18n::install(ui_test::all_string_tables(errors, files));
  platform::storage_set(k_saved_work_key, "");
  App app;
  app.inputs.model = *sizer::find_model("llama-2-7b");
  app.inputs.hardware.gpu = *sizer::find_gpu("h100-sxm-80gb");
  return app;
}

std::string joined(const App& app) {
  std::string all;
  for (const std::string& m : app.files.messages) all += m + "\n";
  return all;
}

HubReply llama_reply() {
  return {"meta-llama/Llama-3.1-8B", 200, fixture("llama-3.1-8b.config.json"), 200,
          fixture("llama-3.1-8b.index.json")};
}

}  // namespace

TEST_CASE("Hub ids follow the Hub client's rule", "[ui][hub]") {
  fresh_app();
  CHECK(hub_id_problem("meta-llama/Llama-3.1-8B").empty());
  CHECK(hub_id_problem("Qwen/Qwen3-32B").empty());
  CHECK(hub_id_problem("gpt2").empty());  // a canonical model without an owner
  CHECK_FALSE(hub_id_problem("").empty());
  CHECK_FALSE(hub_id_problem("a/b/c").empty());
  CHECK_FALSE(hub_id_problem("https://huggingface.co/x/y").empty());
  CHECK_FALSE(hub_id_problem("x/-y").empty());
  CHECK_FALSE(hub_id_problem("x/y..z").empty());
  CHECK_FALSE(hub_id_problem("owner/na me").empty());
  CHECK_FALSE(hub_id_problem(std::string(97, 'a')).empty());
  CHECK_THAT(hub_id_problem("a/b/c"), Catch::Contains("is not a Hugging Face id"));
}

TEST_CASE("a recorded config.json and index from the Hub make the model, kept for offline use",
          "[ui][hub]") {
  App app = fresh_app();
  take_hub_reply(app, llama_reply());
  INFO(joined(app));
  REQUIRE_FALSE(app.files.message_is_error);
  CHECK(app.inputs.model.name == "meta-llama/Llama-3.1-8B");
  CHECK(app.inputs.model.hf_repo == "meta-llama/Llama-3.1-8B");
  CHECK(app.inputs.model.hidden_size == 4096);
  CHECK(app.inputs.model.max_position_embeddings == 131072);
  app.dirty = true;
  recompute_if_dirty(app);
  REQUIRE(app.error.empty());
  // 8,030,261,248 parameters: embeddings and head 2 x 128256 x 4096, 32 layers of 218,112,000,
  // and the final norm (the count Meta publishes as 8.03B).
  CHECK(app.results.params.total == 8030261248.0);
  // The index gives the exact size of the published weights.
  CHECK(app.ui.file_model.weights_bytes == 16060522496u);
  CHECK_THAT(joined(app), Catch::Contains("Found meta-llama/Llama-3.1-8B on the Hub"));
  CHECK_THAT(joined(app), Catch::Contains("kept in saved work"));
  REQUIRE(app.files.saved.models.size() == 1);
  CHECK(app.files.saved.models[0].name == "meta-llama/Llama-3.1-8B");

  // Offline later: the saved model is there, the same as looked up.
  App offline = fresh_app();
  platform::storage_set(k_saved_work_key, write_saved_work(app.files.saved));
  load_saved_work(offline);
  INFO(offline.files.saved_notice);
  REQUIRE(offline.files.saved.models.size() == 1);
  REQUIRE(use_saved_model(offline, 0));
  CHECK(offline.inputs.model.name == "meta-llama/Llama-3.1-8B");
  // Looking it up again keeps one copy.
  take_hub_reply(app, llama_reply());
  CHECK(app.files.saved.models.size() == 1);
  platform::storage_set(k_saved_work_key, "");
}

TEST_CASE("a config.json without an index still reads (checkpoints in one file)", "[ui][hub]") {
  App app = fresh_app();
  HubReply r = llama_reply();
  r.index_status = 404;
  r.index_text.clear();
  take_hub_reply(app, r);
  REQUIRE_FALSE(app.files.message_is_error);
  CHECK(app.inputs.model.name == "meta-llama/Llama-3.1-8B");
  CHECK_FALSE(app.ui.file_model.active());
  platform::storage_set(k_saved_work_key, "");
}

TEST_CASE("gated, missing, offline and malformed replies say so and change nothing", "[ui][hub]") {
  struct Case {
    HubReply reply;
    const char* says;
  };
  const Case cases[] = {
      {{"meta-llama/Llama-3.3-70B-Instruct", 401, "", 0, ""}, "is gated or private (HTTP 401)"},
      {{"org/private-model", 403, "", 0, ""}, "is gated or private (HTTP 403)"},
      {{"nobody/no-such-model", 404, "", 0, ""}, "was not found"},
      {{"Qwen/Qwen3-32B", k_hub_offline, "", 0, ""}, "You are offline"},
      {{"Qwen/Qwen3-32B", k_hub_no_answer, "", 0, ""}, "did not answer"},
      {{"Qwen/Qwen3-32B", 500, "", 0, ""}, "HTTP 500"},
      {{"Qwen/Qwen3-32B", 200, "<!doctype html><title>Hugging Face</title>", 0, ""},
       "not a JSON object"},
      {{"Qwen/Qwen3-32B", 200, "{\"hidden_size\": 4096, \"num_hidden_layers\": ", 0, ""},
       "could not be used"},
      {{"Qwen/Qwen3-32B", 200, "{\"model_type\": \"llama\"}", 0, ""}, "could not be used"},
  };
  for (const Case& c : cases) {
    App app = fresh_app();
    const sizer::ModelArch before = app.inputs.model;
    app.files.hub_busy = true;
    take_hub_reply(app, c.reply);
    INFO(c.reply.repo_id << " " << c.reply.config_status << ": " << joined(app));
    CHECK(app.files.message_is_error);
    CHECK_FALSE(app.files.hub_busy);
    CHECK_THAT(joined(app), Catch::Contains(c.says));
    CHECK(app.inputs.model.id == before.id);
    CHECK(app.files.saved.models.empty());
  }
}
