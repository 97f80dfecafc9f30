// CPU-only inference, images and NVMe in the app (issue 14): choosing the host's CPU in the GPU
// picker and a GPU again, the device's name in both languages, the image inputs of a
// vision-language model, mmap and ZeRO-Infinity's NVMe, and share links carrying all of them.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "headless_imgui.hpp"
#include "logic/cpu_device.hpp"
#include "logic/link_restore.hpp"
#include "logic/state_json.hpp"
#include "sizer/catalog.hpp"
#include "sizer/estimate.hpp"
#include "sizer/hosts.hpp"
#include "sizer/request_json.hpp"
#include "sizer/share_link.hpp"
#include "sizer/vision.hpp"

using ui_test::draw_frames;
using ui_test::HeadlessImGui;

namespace {

// main.cpp default_scenario(), with a host preset of the core's catalog.
sizer::Scenario on_host(const char* model, const char* host_id) {
  sizer::Scenario s;
  s.model = *sizer::find_model(model);
  s.hardware.gpu = *sizer::find_gpu("rtx-4090-24gb");
  s.hardware.host = sizer::find_host(host_id)->profile;
  return s;
}

app::App app_with(const sizer::Scenario& s, app::Lang lang) {
  app::App a;
  a.inputs = s;
  a.ui.lang = lang;
  app::i18n::set_language(lang == app::Lang::zh ? app::i18n::Language::zh
                                                : app::i18n::Language::en);
  a.dirty = true;
  return a;
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The state through the app's own share link (main.cpp share_fragment) and back onto the
// default state, as a click on the link does.
sizer::Scenario through_link(const sizer::Scenario& s) {
  const std::string fragment = sizer::encode_share_fragment(sizer::scenario_to_request_json(s),
                                                            app::ui_to_json(app::UiState{}));
  const app::LinkRestore r =
      app::restore_link(fragment, on_host("llama-3.1-8b", "ddr5-dual"), app::UiState{});
  REQUIRE(r.ok);
  CHECK(r.notices.empty());
  return r.scenario;
}

}  // namespace

TEST_CASE("CPU only: one device, the host's CPU, and a GPU picked again restores GPU mode",
          "[ui][cpu]") {
  sizer::Scenario s = on_host("llama-3.1-8b", "ddr5-12ch-1536");
  s.hardware.gpus_per_node = 4;
  s.parallel.tensor = 4;
  app::use_cpu_device(s);
  CHECK(s.hardware.cpu_only);
  CHECK(sizer::total_gpus(s) == 1);
  CHECK(s.parallel.tensor == 1);
  CHECK(sizer::validate(sizer::normalize(s)).empty());
  const sizer::Estimate e = sizer::estimate(s);
  CHECK(e.scenario.hardware.gpu.cpu);
  CHECK(e.inference.decode_tokens_per_second > 0);
  app::use_gpu_device(s, *sizer::find_gpu("h100-sxm-80gb"));
  CHECK_FALSE(s.hardware.cpu_only);
  CHECK(sizer::estimate(s).scenario.hardware.gpu.id == "h100-sxm-80gb");
}

TEST_CASE("the picker's search finds the CPU entry by \"cpu\" and only by its words", "[ui][cpu]") {
  HeadlessImGui imgui;
  app::i18n::set_language(app::i18n::Language::en);
  CHECK(app::cpu_entry_matches(""));
  CHECK(app::cpu_entry_matches("cpu"));
  CHECK(app::cpu_entry_matches("CPU"));
  CHECK(app::cpu_entry_matches("host"));
  CHECK_FALSE(app::cpu_entry_matches("4090"));
  // Typed in Chinese, the Chinese label finds it too; "cpu" still does.
  app::i18n::set_language(app::i18n::Language::zh);
  CHECK(app::cpu_entry_matches("cpu"));
  CHECK(app::cpu_entry_matches("\xE6\x9C\xAC\xE6\x9C\xBA"));  // 本机
}

TEST_CASE("the results name the CPU device in English and Chinese", "[ui][cpu]") {
  HeadlessImGui imgui;
  sizer::Scenario s = on_host("llama-3.1-8b", "ddr5-12ch-1536");
  s.weights_format = "gguf-q4_k_m";
  app::use_cpu_device(s);
  for (app::Lang lang : {app::Lang::en, app::Lang::zh}) {
    app::App a = app_with(s, lang);
    for (float width : {1280.0f, 400.0f}) {
      INFO((lang == app::Lang::zh ? "zh " : "en ") << width);
      std::string text;
      CHECK(draw_frames(a, width, 8000, 3, &text) > 0);  // tall: every panel drawn
      CHECK(a.error.empty());
      if (lang == app::Lang::en) {
        CHECK(app::device_name(a.inputs) == "CPU only: EPYC 9654 (96 cores)");
        CHECK(has(text, "CPU only: EPYC 9654 (96 cores)"));
        CHECK(has(text, "CPU cores"));
      } else {
        CHECK(has(text,
                  "\xE4\xBB\x85 CPU\xEF\xBC\x9A"
                  "EPYC 9654"));  // 仅 CPU：EPYC 9654
        CHECK_FALSE(has(text, "CPU only"));
        CHECK_FALSE(has(text, " cores"));
      }
      CHECK_FALSE(has(text, "cpu."));  // every key translated
      CHECK_FALSE(has(text, "res.mem.per_gpu"));
    }
  }
}

TEST_CASE("CPU only on the training tab shows the core's validation message", "[ui][cpu]") {
  HeadlessImGui imgui;
  sizer::Scenario s = on_host("llama-3.1-8b", "ddr5-dual");
  app::use_cpu_device(s);
  s.mode = sizer::Mode::training;
  app::App a = app_with(s, app::Lang::en);
  a.ui.tab = app::ModeTab::pretrain;
  std::string text;
  CHECK(draw_frames(a, 1280, 8000, 2, &text) > 0);
  CHECK(has(a.error, "runs inference only"));
  CHECK(has(text, "runs inference only"));
}

TEST_CASE("a vision-language model takes images: tokens per image from the core", "[ui][vision]") {
  HeadlessImGui imgui;
  sizer::Scenario s = on_host("qwen2.5-vl-7b", "ddr5-dual");
  s.hardware.gpu = *sizer::find_gpu("h100-sxm-80gb");
  s.inference.images = 2;
  const double per_image = sizer::vision_tokens_per_image(s.model, 1024, 1024);
  REQUIRE(per_image > 0);
  app::App a = app_with(s, app::Lang::en);
  std::string text;
  CHECK(draw_frames(a, 1280, 8000, 3, &text) > 0);
  REQUIRE(a.error.empty());
  CHECK(has(text, app::fmt::integer(per_image) + " tokens per 1024 x 1024 image"));
  CHECK(has(text, "vision encoder"));
  CHECK(a.results.inference.image_tokens_per_sequence == Approx(2 * per_image));
  CHECK(has(text, "Image tokens per request"));
  CHECK(has(text, "Image encoder (in the first token)"));
  // A text-only model has no image row.
  app::App text_only = app_with(on_host("llama-3.1-8b", "ddr5-dual"), app::Lang::zh);
  CHECK(draw_frames(text_only, 400, 800, 2, &text) > 0);
  CHECK_FALSE(has(text, "work.images"));
}

TEST_CASE("mmap past the RAM and ZeRO-Infinity on NVMe show an \"on NVMe\" figure", "[ui][nvme]") {
  HeadlessImGui imgui;
  // 70B at 16 bits on a 32 GB host, CPU only: mmap streams what the RAM cannot hold.
  sizer::Scenario s = on_host("llama-3.1-70b", "ddr4-dual");
  s.inference.engine = sizer::Engine::llama_cpp;
  app::use_cpu_device(s);
  s.inference.mmap_weights = true;
  app::App a = app_with(s, app::Lang::en);
  std::string text;
  CHECK(draw_frames(a, 1280, 8000, 3, &text) > 0);
  REQUIRE(a.error.empty());
  CHECK(a.results.memory.nvme_bytes > 0);
  CHECK(has(text, "mmap the model file"));
  CHECK(has(text, "On NVMe"));
  // Training: the NVMe box waits for an offload, saying why; with one on, it is taken.
  sizer::Scenario t = on_host("llama-3.1-8b", "ddr5-dual");
  t.hardware.gpu = *sizer::find_gpu("h100-sxm-80gb");
  t.mode = sizer::Mode::training;
  app::App b = app_with(t, app::Lang::en);
  b.ui.tab = app::ModeTab::pretrain;
  CHECK(draw_frames(b, 1280, 8000, 2, &text) > 0);
  CHECK(has(text, "Offload to NVMe (ZeRO-Infinity)"));
  CHECK(has(text, "Turn on an offload above first"));
  b.inputs.training.zero_stage = 3;
  b.inputs.training.offload_optimizer = true;
  b.inputs.training.offload_to_nvme = true;
  b.dirty = true;
  CHECK(draw_frames(b, 1280, 8000, 2, &text) > 0);
  REQUIRE(b.error.empty());
  CHECK(b.results.memory.nvme_bytes > 0);
  CHECK_FALSE(has(text, "Turn on an offload above first"));
}

TEST_CASE("share links carry CPU only, the host's CPU, images, mmap and NVMe", "[ui][links]") {
  HeadlessImGui imgui;
  sizer::Scenario s = on_host("qwen2.5-vl-7b", "ddr5-12ch-1536");
  app::use_cpu_device(s);
  s.hardware.host.cpu_cores = 48;  // an edited preset value
  s.hardware.host.nvme_gb_per_s = 12.5;
  s.inference.engine = sizer::Engine::llama_cpp;
  s.inference.mmap_weights = true;
  s.inference.images = 2;
  s.inference.image_width = 800;
  s.inference.image_height = 600;
  const sizer::Scenario back = through_link(s);
  CHECK(back.hardware.cpu_only);
  CHECK(back.hardware.host.id == "ddr5-12ch-1536");
  CHECK(back.hardware.host.cpu_name == "EPYC 9654");
  CHECK(back.hardware.host.cpu_cores == 48);
  CHECK(back.hardware.host.nvme_gb_per_s == Approx(12.5));
  CHECK(back.inference.mmap_weights);
  CHECK(back.inference.images == 2);
  CHECK(back.inference.image_width == 800);
  CHECK(back.inference.image_height == 600);
  CHECK(back.model.id == "qwen2.5-vl-7b");
  CHECK(sizer::scenario_to_request_json(back) == sizer::scenario_to_request_json(s));

  sizer::Scenario t = on_host("llama-3.1-8b", "ddr5-dual");
  t.mode = sizer::Mode::training;
  t.training.zero_stage = 3;
  t.training.offload_params = true;
  t.training.offload_to_nvme = true;
  const sizer::Scenario t_back = through_link(t);
  CHECK(t_back.training.offload_to_nvme);
  CHECK(t_back.training.offload_params);
  CHECK_FALSE(t_back.hardware.cpu_only);
}

TEST_CASE("old links open: a host preset id alone loads its CPU", "[ui][links]") {
  HeadlessImGui imgui;
  // As versions before the CPU fields wrote them: host id, RAM and bandwidth only.
  const std::string request = R"({"mode":"inference","model":"llama-3.1-8b","gpu":"rtx-4090-24gb",)"
                              R"("host":{"id":"ddr5-8ch-512","ramGB":512,"bandwidthGBs":307.2}})";
  const app::LinkRestore r =
      app::restore_link(sizer::encode_share_fragment(request, "{}"),
                        on_host("llama-3.1-8b", "ddr5-dual"), app::UiState{});
  REQUIRE(r.ok);
  CHECK(r.notices.empty());
  CHECK_FALSE(r.scenario.hardware.cpu_only);
  CHECK(r.scenario.hardware.host.cpu_name == "Xeon Platinum 8480+");
  CHECK(r.scenario.inference.images == 0);
  CHECK_FALSE(r.scenario.inference.mmap_weights);
}

TEST_CASE("a CPU-only run is offered no GPU ways to fit", "[ui][cpu]") {
  sizer::Suggestion split;
  split.id = "more-gpus";
  sizer::Suggestion quantize;
  quantize.id = "quantize";
  CHECK(app::needs_gpus(split));
  CHECK_FALSE(app::needs_gpus(quantize));
}
