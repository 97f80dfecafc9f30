// Share links made by every released version decode the same forever (issue 11). Each entry of
// golden_links.json is a link as that version wrote it (or as people type and paste them) and the
// state the app restored from it, on top of the default state: every key recorded there must come
// back with the same value (keys added by later versions may appear beside them), with as many
// notices. Append links when a version adds fields; never edit a recorded state to make a change
// pass. SIZER_GOLDEN_LINKS_RECORD=1 prints the states of the current build for new entries.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "logic/link_restore.hpp"
#include "logic/state_json.hpp"
#include "sizer/catalog.hpp"
#include "string_tables.hpp"

using json = nlohmann::json;

namespace {

// main.cpp default_scenario(): the state a link is restored on top of.
sizer::Scenario default_state() {
  sizer::Scenario s;
  s.model = *sizer::find_model("llama-3.1-8b");
  s.hardware.gpu = *sizer::find_gpu("rtx-4090-24gb");
  return s;
}

// Every key of `expected` is in `actual` with the same value (objects compared the same way).
void require_subset(const json& expected, const json& actual, const std::string& path) {
  if (expected.is_object() && actual.is_object()) {
    for (auto it = expected.begin(); it != expected.end(); ++it) {
      INFO(path + "." + it.key());
      REQUIRE(actual.contains(it.key()));
      require_subset(it.value(), actual[it.key()], path + "." + it.key());
    }
    return;
  }
  INFO(path);
  if (expected.is_number() && actual.is_number())
    CHECK(actual.get<double>() == Approx(expected.get<double>()).epsilon(1e-12));
  else
    CHECK(actual == expected);
}

}  // namespace

TEST_CASE("share links of every released version decode to their recorded states", "[ui][links]") {
  std::vector<std::string> errors;
  int files = 0;
  app::i18n::install(ui_test::all_string_tables(errors, files));
  const std::filesystem::path file =
      std::filesystem::path(SIZER_TESTS_DIR) / "ui" / "golden_links.json";
  std::ifstream in(file);
  REQUIRE(in.good());
  std::stringstream text;
  text << in.rdbuf();
  const json golden = json::parse(text.str());
  REQUIRE(golden.is_array());
  REQUIRE(golden.size() >= 10);
  const bool record = std::getenv("SIZER_GOLDEN_LINKS_RECORD") != nullptr;
  json recorded = json::array();
  for (const json& entry : golden) {
    const std::string fragment = entry.at("link").get<std::string>();
    INFO(entry.at("version").get<std::string>()
         << ": " << entry.at("what").get<std::string>() << "\n"
         << fragment);
    const app::LinkRestore r = app::restore_link(fragment, default_state(), app::UiState{});
    REQUIRE(r.ok);
    const json actual = json::parse(app::state_to_json(r.scenario, r.ui));
    if (record) {
      json e = entry;
      e["state"] = actual;
      e["notices"] = r.notices.size();
      recorded.push_back(e);
      continue;
    }
    require_subset(entry.at("state"), actual, "state");
    CHECK(r.notices.size() == entry.at("notices").get<std::size_t>());
  }
  if (record) std::cout << recorded.dump(1) << "\n";
}
