// Verdict line: fits or not on this hardware, with the headroom; when it does not fit, the few
// cheapest changes that make it fit (app.suggestions), each applied with one click. Engine
// warnings follow.
#include <cmath>

#include "imgui.h"
#include "logic/format.hpp"
#include "logic/i18n.hpp"
#include "panels/results_parts.hpp"
#include "widgets/palette.hpp"

namespace app::results {
namespace {

const sizer::NumberFormat* format_of(const std::string& id) { return sizer::find_format(id); }

// Suggestions are labelled by id so both languages get a sentence; the engine's English label
// stays the fallback for ids this table does not know.
std::string suggestion_label(const sizer::Suggestion& s) {
  const sizer::Scenario& sc = s.scenario;
  if (s.id == "quantize") {
    const sizer::NumberFormat* f = format_of(sc.weights_format);
    return trf("res.suggest.quantize", {f ? f->name : sc.weights_format});
  }
  if (s.id == "kv-quantize") {
    const sizer::NumberFormat* f = format_of(sc.kv_cache_format);
    return trf("res.suggest.kv_quantize", {f ? f->name : sc.kv_cache_format});
  }
  if (s.id == "shorter-context") {
    const double tokens = sc.mode == sizer::Mode::training
                              ? sc.training.seq_len
                              : double(sc.inference.prompt_tokens) + sc.inference.output_tokens;
    return trf("res.suggest.shorter_context", {fmt::integer(tokens)});
  }
  if (s.id == "smaller-batch") {
    const int batch =
        sc.mode == sizer::Mode::training ? sc.training.micro_batch : sc.inference.batch;
    return trf("res.suggest.smaller_batch", {fmt::integer(batch)});
  }
  if (s.id == "more-gpus") return trf("res.suggest.more_gpus", {hardware_summary(sc)});
  if (s.id == "qlora") return tr("res.suggest.qlora");
  if (s.id == "lora") return tr("res.suggest.lora");
  if (s.id == "offload") return tr("res.suggest.offload");
  if (s.id == "recompute") return tr("res.suggest.recompute");
  if (s.id == "zero") return trf("res.suggest.zero", {std::to_string(sc.training.zero_stage)});
  if (s.id == "bigger-gpu") return trf("res.suggest.bigger_gpu", {hardware_summary(sc)});
  return s.label;
}

void draw_headline(const App& app) {
  const sizer::MemoryBreakdown& m = app.results.memory;
  const std::string hw = hardware_summary(app.results.scenario);
  ImGui::PushTextWrapPos(0.0f);
  if (m.fits) {
    ImGui::PushStyleColor(ImGuiCol_Text, widgets::to_vec4(widgets::good_color()));
    ImGui::TextUnformatted(
        trf("res.verdict.fits", {hw, fmt::bytes_binary(m.headroom_bytes)}).c_str());
  } else {
    ImGui::PushStyleColor(ImGuiCol_Text, widgets::to_vec4(widgets::bad_color()));
    ImGui::TextUnformatted(trf("res.verdict.no_fit", {hw}).c_str());
  }
  ImGui::PopStyleColor();
  if (ImGui::IsItemHovered()) formula_tooltip(app.results, "memory.headroomBytes");
  ImGui::TextUnformatted(trf("res.verdict.need", {fmt::bytes_binary(m.per_gpu_bytes),
                                                  fmt::bytes_binary(m.capacity_bytes)})
                             .c_str());
  if (ImGui::IsItemHovered()) formula_tooltip(app.results, "memory.perGpuBytes");
  if (!m.fits && !m.first_reason.empty()) ImGui::TextDisabled("%s", m.first_reason.c_str());
  if (m.host_ram_bytes > 0) {
    ImGui::TextUnformatted(trf("res.verdict.host_ram",
                               {fmt::bytes_binary(m.host_ram_bytes),
                                fmt::bytes_binary(app.results.scenario.hardware.host.ram_bytes)})
                               .c_str());
    if (ImGui::IsItemHovered()) formula_tooltip(app.results, "memory.hostRamBytes");
  }
  ImGui::PopTextWrapPos();
}

void draw_suggestions(App& app) {
  if (app.results.memory.fits) return;
  if (app.suggestions.empty()) {
    ImGui::TextDisabled("%s", tr("res.verdict.no_suggestion"));
    return;
  }
  ImGui::TextUnformatted(tr("res.verdict.suggestions"));
  // Copy: applying a suggestion replaces app.inputs, and the next recompute replaces the list.
  const std::vector<sizer::Suggestion> list = app.suggestions;
  for (size_t i = 0; i < list.size(); ++i) {
    const sizer::Suggestion& s = list[i];
    ImGui::PushID(static_cast<int>(i));
    const std::string label = suggestion_label(s);
    const bool clicked = ImGui::Button(label.c_str());
    publish_last_item(app, "suggestion-" + std::to_string(i));
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("%s", trf("res.verdict.suggestion_tip",
                                  {fmt::bytes_binary(s.per_gpu_bytes),
                                   s.usd_per_hour > 0 ? fmt::usd(s.usd_per_hour) : fmt::k_dash})
                                  .c_str());
    }
    ImGui::SameLine();
    ImGui::TextDisabled(
        "%s", trf("res.verdict.suggestion_after", {fmt::bytes_binary(s.per_gpu_bytes)}).c_str());
    if (clicked) {
      app.inputs = s.scenario;
      app.dirty = true;
    }
    ImGui::PopID();
  }
}

void draw_warnings(const App& app) {
  if (app.results.warnings.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, widgets::to_vec4(widgets::warn_color()));
  ImGui::PushTextWrapPos(0.0f);
  for (const std::string& w : app.results.warnings) {
    ImGui::Bullet();
    ImGui::TextUnformatted(w.c_str());
  }
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
}

}  // namespace

void draw_verdict(App& app) {
  ImGui::PushID("verdict");
  ImGui::BeginGroup();
  draw_headline(app);
  ImGui::EndGroup();
  publish_last_item(app, "verdict");
  draw_suggestions(app);
  draw_warnings(app);
  ImGui::Spacing();
  ImGui::PopID();
}

}  // namespace app::results
