// The custom GPU form (issue 14): "copy H100 and edit" keeps the card's figures and table prices as
// its own, every field the core accepts is on the form with a label in both languages, a value the
// core refuses is named beside its field and leaves the card unchanged, and the custom card is
// used everywhere a catalog card is: the estimate, the fit table, saved work and share links.
#include "logic/custom_gpu.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <set>

#include "headless_imgui.hpp"
#include "logic/custom_gpu_fit.hpp"
#include "logic/saved_work_store.hpp"
#include "logic/state_json.hpp"
#include "panels/inputs.hpp"
#include "platform.hpp"
#include "sizer/prices.hpp"
#include "sizer/request_json.hpp"
#include "sizer/share_link.hpp"

using namespace app;

namespace {

App h100_app() {
  App app;
  app.inputs.model = *sizer::find_model("llama-3.1-8b");
  app.inputs.hardware.gpu = *sizer::find_gpu("h100-sxm-80gb");
  return app;
}

// The request's "gpu" value of the app's state.
nlohmann::json request_gpu(const App& app) {
  return nlohmann::json::parse(sizer::scenario_to_request_json(app.inputs))["gpu"];
}

bool has_nan(const std::string& text) {
  return text.find("nan") != std::string::npos || text.find("NaN") != std::string::npos ||
         text.find("inf ") != std::string::npos;
}

}  // namespace

TEST_CASE("copy H100 and edit: the same figures, its table prices as its own", "[ui][gpu]") {
  ui_test::HeadlessImGui imgui;
  App app = h100_app();
  const sizer::Gpu h100 = app.inputs.hardware.gpu;
  start_custom_gpu(app);
  const sizer::Gpu& g = app.inputs.hardware.gpu;
  CHECK(g.id == k_custom_gpu_id);
  CHECK(g.name == "H100 SXM5 80GB (custom)");
  CHECK(!is_catalog_gpu(g));
  CHECK(app.ui.gpu_form.open);
  CHECK(g.memory_bandwidth_gb_per_s == h100.memory_bandwidth_gb_per_s);
  CHECK(g.fp8_tensor_tflops == h100.fp8_tensor_tflops);
  // core/data/prices.csv: purchase 30000 USD, gpu-cloud 4.29 USD/h (Lambda) for h100-sxm-80gb.
  CHECK(g.launch_price_usd == sizer::find_quote("h100-sxm-80gb", sizer::QuoteKind::purchase)->usd);
  CHECK(g.cloud_usd_per_gpu_hour ==
        sizer::find_quote("h100-sxm-80gb", sizer::QuoteKind::gpu_cloud)->usd);
  recompute_if_dirty(app);
  REQUIRE(app.error.empty());
  CHECK(app.results.cost.price_known);
  // The request (and so the share link and saved state) holds the card as an object.
  CHECK(request_gpu(app).is_object());
  CHECK(request_gpu(app)["memoryBandwidthGbPerS"] == h100.memory_bandwidth_gb_per_s);
}

TEST_CASE("every GPU field the core accepts is on the form, labelled in both languages",
          "[ui][gpu]") {
  std::vector<std::string> errors;
  int files = 0;
  const i18n::Table table = ui_test::all_string_tables(errors, files);
  std::set<std::string> on_form;
  for (const GpuField* f : custom_gpu_form_fields()) {
    on_form.insert(f->key);
    const auto it = table.find(custom_gpu_label_key(*f));
    REQUIRE(it != table.end());
    CHECK(!it->second.en.empty());
    CHECK(!it->second.zh.empty());
  }
  for (const GpuField& f : sizer::record_fields<sizer::Gpu>()) {
    const std::string key = f.key;
    if (key == "id" || key == "memoryCapacityBytes") continue;  // custom; set by memoryGb
    CHECK(on_form.count(key) == 1);
  }
  // The groups' headings too.
  for (const GpuField* f : custom_gpu_form_fields())
    if (const char* group = custom_gpu_group_before(*f)) CHECK(table.count(group) == 1);
}

TEST_CASE("a typed value is taken when the core accepts it, else named beside its field",
          "[ui][gpu]") {
  ui_test::HeadlessImGui imgui;
  App app = h100_app();
  start_custom_gpu(app);
  recompute_if_dirty(app);
  const double decode_before = app.results.inference.decode_tokens_per_second;
  CustomGpuForm& form = app.ui.gpu_form;

  CHECK(edit_custom_gpu_field(app.inputs, form, "memoryBandwidthGbPerS", "6,700"));
  CHECK(app.inputs.hardware.gpu.memory_bandwidth_gb_per_s == 6700);
  CHECK(form.errors.empty());
  app.dirty = true;
  recompute_if_dirty(app);
  CHECK(app.results.inference.decode_tokens_per_second > 1.5 * decode_before);

  // validate(): bandwidth must be positive. The card keeps 6700 and the field says why.
  CHECK_FALSE(edit_custom_gpu_field(app.inputs, form, "memoryBandwidthGbPerS", "0"));
  CHECK(app.inputs.hardware.gpu.memory_bandwidth_gb_per_s == 6700);
  REQUIRE(form.errors.count("memoryBandwidthGbPerS") == 1);
  CHECK_THAT(form.errors["memoryBandwidthGbPerS"], Catch::Contains("must be more than 0"));
  CHECK(form.typed["memoryBandwidthGbPerS"] == "0");

  // Not a number, and outside the record table's range (memoryGb: 0 to 1e6 GB).
  CHECK_FALSE(edit_custom_gpu_field(app.inputs, form, "memoryGb", "lots"));
  CHECK_THAT(form.errors["memoryGb"], Catch::Contains("is not a number"));
  CHECK_FALSE(edit_custom_gpu_field(app.inputs, form, "memoryGb", "2e9"));
  CHECK_THAT(form.errors["memoryGb"], Catch::Contains("outside"));
  CHECK_FALSE(edit_custom_gpu_field(app.inputs, form, "memoryGb", "0"));
  CHECK_THAT(form.errors["memoryGb"], Catch::Contains("must be more than 0"));
  CHECK(app.inputs.hardware.gpu.memory_gb == 80);

  // memoryGb sizes the capacity as the core's reader does (a "141 GB" card reports 141 GiB).
  CHECK(edit_custom_gpu_field(app.inputs, form, "memoryGb", "141"));
  CHECK(app.inputs.hardware.gpu.memory_capacity_bytes == 141 * sizer::kBytesPerMarketedGB);
  CHECK(form.errors.count("memoryGb") == 0);
  // A whole-number field refuses fractions; text and flags are taken as they are.
  CHECK_FALSE(edit_custom_gpu_field(app.inputs, form, "nvlinkDomainGpus", "7.5"));
  CHECK(edit_custom_gpu_field(app.inputs, form, "nvlinkDomainGpus", "72"));
  CHECK(edit_custom_gpu_field(app.inputs, form, "name", "My B200-ish"));
  CHECK(set_custom_gpu_flag(app.inputs, form, "supportsFp8", false));
  CHECK_FALSE(app.inputs.hardware.gpu.supports_fp8);
  CHECK(app.inputs.hardware.gpu.name == "My B200-ish");
  CHECK(app.inputs.hardware.gpu.id == k_custom_gpu_id);

  // Another card put in (a link, saved work): what was typed for this one goes.
  CHECK_FALSE(edit_custom_gpu_field(app.inputs, form, "memoryBandwidthGbPerS", "0"));
  sync_custom_gpu_form(form, app.inputs.hardware.gpu);
  CHECK(form.errors.count("memoryBandwidthGbPerS") == 1);
  sync_custom_gpu_form(form, *sizer::find_gpu("rtx-4090-24gb"));
  CHECK(form.errors.empty());
  CHECK(form.typed.empty());
}

TEST_CASE("the form draws at desktop and phone widths in both languages, errors and no NaN",
          "[ui][gpu]") {
  ui_test::HeadlessImGui imgui;
  for (const char* lang : {"en", "zh"}) {
    for (const float width : {1280.0f, 400.0f}) {
      App app = h100_app();
      i18n::set_language(std::string(lang) == "zh" ? i18n::Language::zh : i18n::Language::en);
      app.ui.lang = std::string(lang) == "zh" ? Lang::zh : Lang::en;
      start_custom_gpu(app);
      edit_custom_gpu_field(app.inputs, app.ui.gpu_form, "memoryBandwidthGbPerS", "0");
      std::string text;
      CHECK(ui_test::draw_frames(app, width, 800, 3, &text) > 0);
      CHECK_FALSE(has_nan(text));
      // A window tall enough to show the whole form: its labels and the refused value's reason
      // (headless frames draw no CJK glyphs, so the Chinese text is checked in the table).
      CHECK(ui_test::draw_frames(app, width, 6000, 3, &text) > 0);
      CHECK_FALSE(has_nan(text));
      if (std::string(lang) == "en") {
        CHECK_THAT(text, Catch::Contains("Bandwidth, GB/s"));
        CHECK_THAT(text, Catch::Contains("Rental, USD per GPU-hour"));
        CHECK_THAT(text, Catch::Contains("must be more than 0"));
      } else {
        CHECK(std::string(tr("gpu.field.memoryBandwidthGbPerS")) == "显存带宽（GB/s）");
      }
    }
  }
  i18n::set_language(i18n::Language::en);
}

TEST_CASE("a custom card without a price: the warning points at the form", "[ui][gpu]") {
  ui_test::HeadlessImGui imgui;
  App app = h100_app();
  start_custom_gpu(app);
  edit_custom_gpu_field(app.inputs, app.ui.gpu_form, "cloudUsdPerGpuHour", "0");
  app.ui.gpu_form.open = false;
  app.dirty = true;
  std::string text;
  ui_test::draw_frames(app, 1280, 800, 3, &text);
  CHECK_FALSE(app.results.cost.price_known);
  CHECK_THAT(text, Catch::Contains("give the card its own prices in the custom GPU form"));
  CHECK_THAT(text, Catch::Contains("Set this card's prices in the custom GPU form"));
  // A catalog card without a price is offered a custom copy to price.
  App t4;
  t4.inputs.model = *sizer::find_model("llama-3.1-8b");
  t4.inputs.cost.basis = sizer::PriceBasis::own;
  for (const sizer::Gpu& g : sizer::gpu_catalog()) {
    if (sizer::find_quote(g.id, sizer::QuoteKind::purchase) == nullptr && g.for_sale &&
        g.memory_gb >= 24) {
      t4.inputs.hardware.gpu = g;
      break;
    }
  }
  ui_test::draw_frames(t4, 1280, 800, 3, &text);
  REQUIRE_FALSE(t4.results.cost.price_known);
  CHECK_THAT(text, Catch::Contains("as a custom GPU and give it a price"));
  // A part that is only rented is sent to a rental basis, not to a purchase price.
  t4.inputs.hardware.gpu = *sizer::find_gpu("tpu-v5e");
  t4.dirty = true;
  ui_test::draw_frames(t4, 1280, 800, 3, &text);
  CHECK_THAT(text, Catch::Contains("is not sold, only rented"));
  CHECK_THAT(text, Catch::Contains("choose a rental price basis"));
  CHECK_THAT(text, Catch::Contains("is not sold, only rented: pick"));  // Price used
  CHECK_THAT(text, !Catch::Contains("as a custom GPU and give it a price"));
  i18n::set_language(i18n::Language::zh);
  ui_test::draw_frames(t4, 1280, 800, 3, &text);
  CHECK_THAT(text, Catch::Contains("不出售、只能租用"));
  i18n::set_language(i18n::Language::en);
}

TEST_CASE("the custom card has its row in the fit table", "[ui][gpu]") {
  ui_test::HeadlessImGui imgui;
  App app = h100_app();
  start_custom_gpu(app);
  recompute_if_dirty(app);
  REQUIRE(!app.fit.empty());
  const sizer::FitRow& custom = app.fit.front();
  CHECK(custom.gpu_id == k_custom_gpu_id);
  // The copy has the H100's figures: the same row as the catalog's H100 (priced by its copied
  // gpu-cloud price, the same 4.29 USD/h).
  const sizer::FitRow* h100 = nullptr;
  for (const sizer::FitRow& r : app.fit)
    if (r.gpu_id == "h100-sxm-80gb") h100 = &r;
  REQUIRE(h100 != nullptr);
  CHECK(custom.gpus == h100->gpus);
  CHECK(custom.tensor_parallel == h100->tensor_parallel);
  CHECK(custom.tokens_per_second == Approx(h100->tokens_per_second));
  CHECK(custom.usd_per_million_tokens == Approx(h100->usd_per_million_tokens));
  std::string text;
  ui_test::draw_frames(app, 1280, 800, 2, &text);
  CHECK_THAT(text, Catch::Contains("H100 SXM5 80GB (custom)"));
}

TEST_CASE("the custom card is kept in saved work and travels in share links", "[ui][gpu]") {
  ui_test::HeadlessImGui imgui;
  platform::storage_set(k_saved_work_key, "");
  App app = h100_app();
  load_saved_work(app);
  start_custom_gpu(app);
  edit_custom_gpu_field(app.inputs, app.ui.gpu_form, "memoryGb", "96");
  const sizer::Gpu made = app.inputs.hardware.gpu;
  REQUIRE(can_save_current_gpu(app));
  save_current_gpu(app);
  REQUIRE(app.files.saved.gpus.size() == 1);

  App later = h100_app();
  load_saved_work(later);
  REQUIRE(later.files.saved.gpus.size() == 1);
  REQUIRE(use_saved_gpu(later, 0));
  CHECK(later.inputs.hardware.gpu.memory_gb == 96);
  CHECK(later.inputs.hardware.gpu.launch_price_usd == made.launch_price_usd);

  // Share link: state -> fragment -> state gives the same card.
  const std::string request = sizer::scenario_to_request_json(app.inputs);
  const std::string fragment = sizer::encode_share_fragment(request, "{}");
  CHECK_THAT(fragment, Catch::Contains("gpu.memoryGb=96"));
  const sizer::DecodedLink link = sizer::decode_share_fragment(fragment);
  REQUIRE(link.ok);
  const sizer::RequestResult back = sizer::scenario_from_request_json(link.request_json);
  REQUIRE(back.ok);
  CHECK(back.scenario.hardware.gpu.memory_capacity_bytes == made.memory_capacity_bytes);
  CHECK(back.scenario.hardware.gpu.cloud_usd_per_gpu_hour == made.cloud_usd_per_gpu_hour);
  CHECK(back.scenario.hardware.gpu.name == made.name);
  platform::storage_set(k_saved_work_key, "");
}
