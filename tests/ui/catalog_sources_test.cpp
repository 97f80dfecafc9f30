// The web build's catalogs leave out the source cells of GPUs and prices (imgui_app/app_catalogs.py)
// and en-late.tsv brings them after the first frame; logic/catalog_sources.hpp finds them by key.
// The split here is the web build's (tests/ui/CMakeLists.txt), so key and escaping must agree.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "logic/catalog_sources.hpp"
#include "sizer/prices.hpp"
#include "string_tables.hpp"

using namespace app;

namespace {

int g_loads = 0;

std::string split_late_rows() {
  ++g_loads;
  return ui_test::read_file(std::filesystem::path(SIZER_SPLIT_STRINGS_DIR) / "en-late.tsv");
}

// Nothing compiled in, en-late.tsv as the loader's answer; the previous table comes back after.
struct LateOnly {
  i18n::Table before = i18n::installed();
  LateOnly() {
    i18n::install({});
    i18n::set_language(i18n::Language::en);
    g_loads = 0;
    i18n::set_late_loader(split_late_rows);
  }
  ~LateOnly() {
    i18n::set_late_loader(nullptr);
    i18n::install(before);
  }
};

}  // namespace

TEST_CASE("catalog sources: every GPU's and price's source arrives with en-late.tsv",
          "[ui][catalog]") {
  LateOnly late;
  int gpus = 0;
  for (const sizer::Gpu& full : sizer::gpu_catalog()) {
    sizer::Gpu as_in_web_build = full;
    as_in_web_build.source.clear();
    INFO(full.id);
    CHECK(gpu_source(as_in_web_build) == full.source);
    CHECK(gpu_source(full) == full.source);  // a record's own text wins
    ++gpus;
  }
  CHECK(gpus > 100);
  CHECK(g_loads == 1);  // one fetch for all of them
  int prices = 0;
  for (const sizer::PriceQuote& q : sizer::price_quotes()) {
    sizer::CostResult c;
    c.quote = &q;
    INFO(q.gpu_id << " " << sizer::quote_kind_id(q.kind));
    CHECK(price_source(c) == q.source);
    ++prices;
  }
  CHECK(prices > 150);
}

TEST_CASE("catalog sources: a custom card or price without a source shows none", "[ui][catalog]") {
  LateOnly late;
  sizer::Gpu custom;
  custom.id = "my-card";
  CHECK(gpu_source(custom).empty());
  custom.source = "my datasheet";
  CHECK(gpu_source(custom) == "my datasheet");
  sizer::CostResult own_price;  // a price the user typed has no quote
  CHECK(price_source(own_price).empty());
  CHECK(catalog_source_key("prices", {"h100-sxm-80gb", "gpu-cloud"}) ==
        "catalog.prices.source.h100-sxm-80gb.gpu-cloud");
}
