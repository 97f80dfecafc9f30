// Saved work (issue 11), the core's reader: the versioned schema read from corrupted, older,
// newer and foreign data without losing any of it (set aside whole, unchanged), item by item;
// the app's state check as a hook; export and import that never overwrite.
#include "sizer/saved_work.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "../saved_work_samples.hpp"

using namespace sizer;
using json = nlohmann::json;

namespace {

using saved_work_samples::k_good_config;
using saved_work_samples::saved_text;

}  // namespace

TEST_CASE("saved work round-trips through its JSON", "[saved]") {
  SavedWork w;
  w.configs.push_back({"Box A", R"({"batch":4,"model":"llama-2-7b"})"});
  FileModelInfo file;
  file.file_name = "m.gguf";
  file.kind = "gguf";
  file.parameters = 8030261248;
  file.weights_bytes = 16061054976;
  w.models.push_back(
      {"My model",
       R"({"arch":{"hiddenSize":256,"numLayers":2,"numHeads":4,"intermediateSize":512,"vocabSize":1000}})",
       file});
  w.gpus.push_back(
      {"My card",
       R"({"name":"My card","memoryGb":48,"memoryBandwidthGbPerS":900,"fp16TensorTflops":150})"});
  const SavedWorkRead r = read_saved_work(write_saved_work(w));
  INFO((r.set_aside.empty() ? "" : r.set_aside.front().reason));
  REQUIRE(r.set_aside.empty());
  REQUIRE(r.work.configs.size() == 1);
  CHECK(r.work.configs[0].name == "Box A");
  REQUIRE(r.work.models.size() == 1);
  CHECK(r.work.models[0].file.parameters == 8030261248);
  CHECK(r.work.models[0].file.weights_bytes == 16061054976);
  REQUIRE(r.work.gpus.size() == 1);
  CHECK(json::parse(write_saved_work(r.work)) == json::parse(write_saved_work(w)));
}

TEST_CASE("corrupted, older, newer and foreign saved work is set aside whole, unchanged",
          "[saved]") {
  const std::string cases[] = {
      "{\"schema\": \"llm-sizer/saved-work\", \"version\": 1, \"configs\": [",  // cut short
      "\xFF\xFE garbage",
      saved_text(std::string("[") + k_good_config + "]", 0),   // older
      saved_text(std::string("[") + k_good_config + "]", 7),   // newer
      saved_text("[]", 1, "someone-else/notes"),               // foreign schema
      R"({"configs": []})",                                    // no schema at all
      R"({"schema": "llm-sizer/saved-work", "configs": []})",  // no version
      R"(["a", "list"])",
      std::string(200, '[') + std::string(200, ']'),  // nested deeper than any request
  };
  for (const std::string& text : cases) {
    INFO(text.substr(0, 80));
    const SavedWorkRead r = read_saved_work(text);
    CHECK(r.work.empty());
    REQUIRE(r.set_aside.size() == 1);
    CHECK(r.set_aside[0].data == text);
    CHECK_FALSE(r.set_aside[0].reason.empty());
  }
  CHECK_THAT(read_saved_work(saved_text("[]", 7)).set_aside[0].reason, Catch::Contains("newer"));
  CHECK_THAT(read_saved_work(saved_text("[]", 0)).set_aside[0].reason, Catch::Contains("older"));
  CHECK(read_saved_work("").set_aside.empty());
}

TEST_CASE("a configuration's state is the app's to check, without a check any object reads",
          "[saved]") {
  const std::string text = saved_text(std::string("[") + k_good_config +
                                      R"(, {"name": "B", "state": {"ui": {"whatever": 1}}}])");
  const SavedWorkRead unchecked = read_saved_work(text);
  CHECK(unchecked.set_aside.empty());
  CHECK(unchecked.work.configs.size() == 2);
  SavedWorkChecks checks;
  checks.state = [](const std::string& state_json) {
    return state_json.find("whatever") != std::string::npos ? "ui.whatever: unknown" : "";
  };
  const SavedWorkRead checked = read_saved_work(text, checks);
  REQUIRE(checked.work.configs.size() == 1);
  CHECK(checked.work.configs[0].name == "Box A");
  REQUIRE(checked.set_aside.size() == 1);
  CHECK(checked.set_aside[0].reason == "configs[1] (\"B\"): state: ui.whatever: unknown");
  CHECK(json::parse(checked.set_aside[0].data)["name"] == "B");
}

TEST_CASE("set-aside data is appended, never replaced, whatever the store held", "[saved]") {
  std::string store = append_set_aside("", {{"first", "{1"}});
  store = append_set_aside(store, {{"second", "{2"}});
  json j = json::parse(store);
  REQUIRE(j.size() == 2);
  CHECK(j[0]["data"] == "{1");
  CHECK(j[1]["reason"] == "second");
  j = json::parse(append_set_aside("not a list {", {{"third", "x"}}));
  REQUIRE(j.size() == 2);
  CHECK(j[0]["data"] == "not a list {");
}

TEST_CASE("importing never overwrites: taken names get a number, identical items are skipped",
          "[saved]") {
  CHECK(unique_name({}, "a") == "a");
  CHECK(unique_name({"a", "a (2)"}, "a") == "a (3)");
  SavedWork current;
  current.configs.push_back({"Box", R"({"batch":1})"});
  SavedWork incoming;
  incoming.configs.push_back({"Box", R"({"batch":1})"});  // the same
  incoming.configs.push_back({"Box", R"({"batch":9})"});  // same name, other content
  incoming.configs.push_back({"New", R"({"batch":2})"});
  const SavedWorkMerge m = merge_saved_work(current, incoming);
  CHECK(m.added == 2);
  CHECK(m.identical == 1);
  REQUIRE(m.renamed.size() == 1);
  CHECK(m.renamed[0] == "Box -> Box (2)");
  REQUIRE(m.merged.configs.size() == 3);
  CHECK(m.merged.configs[0].state_json == R"({"batch":1})");
  CHECK(m.merged.configs[1].name == "Box (2)");
}
