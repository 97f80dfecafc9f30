// The assumptions' prose in the web app (imgui_app/logic/assumption_prose.hpp): its copy of the
// core table leaves sources and reasons out, and en-late.tsv brings them as the rows
// assumption_prose_rows() writes. Here (native, prose compiled in) the rows are checked against
// the core's tables, and the lookups against a table that has only the late rows.
#include "logic/assumption_prose.hpp"

#include <catch2/catch.hpp>

#include "logic/i18n.hpp"
#include "sizer/enums.hpp"

using namespace app;

namespace {

std::string prose_rows() { return assumption_prose_rows(); }

}  // namespace

TEST_CASE("every source and reason becomes one well-formed late row", "[ui][assumptions]") {
  i18n::Table rows;
  CHECK(i18n::parse_tsv(assumption_prose_rows(), "assumptions-late.tsv", rows).empty());
  std::size_t expected = 0;
  for (const sizer::AssumptionInfo& info : sizer::assumption_table()) {
    REQUIRE_FALSE(info.source.empty());
    CHECK(rows.at(assumption_source_key(info.key)).en == info.source);
    ++expected;
  }
  for (const sizer::ProfileChange& c : sizer::engine_profile_changes()) {
    CHECK(rows.at(default_reason_key("profile", sizer::enum_id(c.engine), c.key)).en == c.why);
    ++expected;
  }
  for (const sizer::SetupRule& r : sizer::engine_setup_rules()) {
    CHECK(rows.at(default_reason_key("setup", sizer::enum_id(r.engine), r.key)).en == r.why);
    ++expected;
  }
  for (const sizer::FrameworkChange& c : sizer::framework_profile_changes()) {
    CHECK(rows.at(default_reason_key("framework", sizer::enum_id(c.framework), c.key)).en == c.why);
    ++expected;
  }
  CHECK(rows.size() == expected);  // no key written twice
}

TEST_CASE("a source or reason the build left out comes from the late rows", "[ui][assumptions]") {
  const i18n::Table before = i18n::installed();
  i18n::install({});
  i18n::set_late_loader(prose_rows);
  // What the web app's core copy returns: the key and value, no prose.
  sizer::AssumptionInfo info;
  info.key = "weightOnlyMoeKernelSeconds";
  CHECK(assumption_source(info).find("FlagGems") != std::string::npos);
  const sizer::DefaultReason web{"profile", "vllm", ""};
  CHECK(default_reason_why(web, "decodeOverheadSecondsPerLayer") ==
        "CUDA graphs replay decode steps");
  const sizer::DefaultReason rule{"setup", "sglang", ""};
  CHECK(default_reason_why(rule, "engineReserveFraction").find("mem_fraction_static") !=
        std::string::npos);
  // The generic default has no reason; the core's own text wins where it has one.
  CHECK(default_reason_why(sizer::DefaultReason{}, "decodeBandwidthEfficiency").empty());
  CHECK(default_reason_why({"profile", "vllm", "own"}, "decodeOverheadSecondsPerLayer") == "own");
  i18n::set_late_loader(nullptr);
  i18n::install(before);
}
