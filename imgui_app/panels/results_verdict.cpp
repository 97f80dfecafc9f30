// Verdict line: fits or not on this hardware, with the headroom; when it does not fit, the few
// cheapest changes that make it fit (app.suggestions), each applied with one click. Engine
// warnings follow.
#include <cmath>
#include <string>
#include <vector>

#include "imgui.h"
#include "logic/cpu_device.hpp"
#include "logic/custom_gpu.hpp"
#include "logic/format.hpp"
#include "logic/i18n.hpp"
#include "logic/state_json.hpp"
#include "logic/warning_text.hpp"
#include "panels/inputs.hpp"
#include "panels/inputs_widgets.hpp"
#include "panels/results_parts.hpp"
#include "sizer/scenario.hpp"
#include "widgets/palette.hpp"
#include "widgets/wrapped_button.hpp"

namespace app::results {
namespace {

const sizer::NumberFormat* format_of(const std::string& id) { return sizer::find_format(id); }

// "tensor parallel 4 × pipeline 2 × 2 data-parallel replicas": how a scenario splits its cards.
std::string layout_text(const sizer::Scenario& sc) {
  std::string text = trf("res.layout.tensor", {std::to_string(sc.parallel.tensor)});
  if (sc.parallel.pipeline > 1)
    text += " \xC3\x97 " + trf("res.layout.pipeline", {std::to_string(sc.parallel.pipeline)});
  const int data = sizer::derived_data_parallel(sc);
  if (data > 1) text += " \xC3\x97 " + trf("res.layout.data", {std::to_string(data)});
  return text;
}

// Suggestions are labelled by id so both languages get a sentence saying exactly what changes;
// the engine's English label stays the fallback for ids this table does not know.
std::string suggestion_label(const sizer::Suggestion& s) {
  const sizer::Scenario& sc = s.scenario;
  const bool training = sc.mode == sizer::Mode::training;
  if (s.id == "split") {
    return trf("res.suggest.split", {std::to_string(sizer::total_gpus(sc)), layout_text(sc)});
  }
  if (s.id == "quantize") {
    const sizer::NumberFormat* f = format_of(sc.weights_format);
    return trf("res.suggest.quantize", {f ? f->name : sc.weights_format});
  }
  if (s.id == "recompute") return tr("res.suggest.recompute");
  if (s.id == "zero" && sc.training.zero_stage >= 1 && sc.training.zero_stage <= 3) {
    const std::string key = "res.suggest.zero" + std::to_string(sc.training.zero_stage);
    return trf(key.c_str(), {std::to_string(sizer::derived_data_parallel(sc))});
  }
  if (s.id == "shorter-context") {
    if (training) {
      return trf("res.suggest.shorter_sequences", {fmt::integer(sc.training.seq_len)});
    }
    return trf("res.suggest.shorter_context",
               {fmt::integer(double(sc.inference.prompt_tokens) + sc.inference.output_tokens)});
  }
  if (s.id == "smaller-batch") {
    if (training) {
      return trf("res.suggest.smaller_micro_batch", {fmt::integer(sc.training.micro_batch),
                                                     fmt::integer(sc.training.grad_accumulation)});
    }
    return trf("res.suggest.smaller_batch", {fmt::integer(sc.inference.batch)});
  }
  if (s.id == "more-gpus") {
    return trf("res.suggest.more_gpus", {hardware_summary(sc), layout_text(sc)});
  }
  if (s.id == "lora") return trf("res.suggest.lora", {std::to_string(sc.training.lora_rank)});
  if (s.id == "qlora") return trf("res.suggest.qlora", {std::to_string(sc.training.lora_rank)});
  if (s.id == "offload" && training) return tr("res.suggest.offload_optimizer");
  if (s.id == "layer-offload") {
    return trf("res.suggest.offload_layers",
               {std::to_string(sc.inference.gpu_layers), std::to_string(sc.model.num_layers)});
  }
  return s.label;
}

void draw_headline(const App& app) {
  const sizer::MemoryBreakdown& m = app.results.memory;
  ImGui::PushTextWrapPos(0.0f);
  ImGui::PushStyleColor(ImGuiCol_Text,
                        widgets::to_vec4(m.fits ? widgets::good_color() : widgets::bad_color()));
  ImGui::TextUnformatted(verdict_line(app.results).c_str());
  ImGui::PopStyleColor();
  if (ImGui::IsItemHovered()) formula_tooltip(app.results, "memory.headroomBytes");
  ImGui::TextUnformatted(need_line(app.results).c_str());
  if (ImGui::IsItemHovered()) formula_tooltip(app.results, "memory.perGpuBytes");
  // Separate rollout GPUs (PPO / GRPO) hold their own engine: the figures above are the training
  // GPUs', the cost counts both (the core's billed_gpus).
  const sizer::Scenario& sc = app.results.scenario;
  const int billed = sizer::billed_gpus(sc);
  const int training_gpus = sizer::total_gpus(sc);
  if (billed > training_gpus) {
    ImGui::TextUnformatted(trf("res.verdict.rollout_gpus",
                               {std::to_string(billed - training_gpus), std::to_string(billed)})
                               .c_str());
  }
  if (m.host_ram_bytes > 0) {
    ImGui::TextUnformatted(
        trf("res.verdict.host_ram", {fmt::bytes(m.host_ram_bytes),
                                     fmt::bytes(app.results.scenario.hardware.host.ram_bytes)})
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
    const bool clicked = widgets::wrapped_button("##apply", label.c_str());
    publish_last_item(app, "suggestion-" + std::to_string(i));
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("%s", trf("res.verdict.suggestion_tip",
                                  {fmt::bytes(s.per_gpu_bytes),
                                   s.usd_per_hour > 0 ? fmt::usd(s.usd_per_hour) : fmt::k_dash})
                                  .c_str());
    }
    // The resulting memory goes beside the button when there is room (not on a phone).
    const std::string after = trf("res.verdict.suggestion_after", {fmt::bytes(s.per_gpu_bytes)});
    ImGui::SameLine();
    if (ImGui::CalcTextSize(after.c_str()).x > ImGui::GetContentRegionAvail().x) ImGui::NewLine();
    ImGui::TextDisabled("%s", after.c_str());
    if (clicked) {
      app.inputs = s.scenario;
      // A fix that changes the method (e.g. to QLoRA) shows its tab: never a silent mode change.
      app.ui.tab = tab_for(app.inputs, app.ui.tab);
      app.dirty = true;
    }
    ImGui::PopID();
  }
}

// The core names the device by its English name; the CPU device gets the page's language.
std::vector<std::string> price_args(const App& app, const sizer::Warning& w) {
  std::vector<std::string> args = w.args;
  const sizer::Scenario& s = app.results.scenario;
  for (std::string& a : args)
    if (s.hardware.cpu_only && a == s.hardware.gpu.name) a = device_name(s);
  return args;
}

bool is_price_warning(const sizer::Warning& w) {
  return w.id == "no-cloud-price" || w.id == "no-purchase-price";
}

// A card without a price on the basis: the warning points at the custom GPU form, where the card
// (or a copy of a catalog card) gets its own purchase and rental prices.
void draw_price_form_button(App& app) {
  const sizer::Gpu& card = app.inputs.hardware.gpu;
  const bool custom = !is_catalog_gpu(card);
  const std::string label =
      custom ? std::string(tr("gpu.form.set_price"))
             : trf("gpu.form.copy_to_price", {card.name.empty() ? card.id : card.name});
  if (widgets::wrapped_button("##price-form", label.c_str())) start_custom_gpu(app);
  ui::tag(app, "warning-price-form");
}

void draw_warnings(App& app) {
  if (app.results.warning_details.empty()) return;
  bool price_warning = false;
  ImGui::PushStyleColor(ImGuiCol_Text, widgets::to_vec4(widgets::warn_color()));
  ImGui::PushTextWrapPos(0.0f);
  for (const sizer::Warning& w : app.results.warning_details) {
    ImGui::Bullet();
    // The core's English names the request field (cost.usdPerGpuHour); the app's sentence names
    // the page's own controls, in both languages.
    const bool price = is_price_warning(w);
    price_warning |= price;
    ImGui::TextUnformatted(price ? trf(("warning." + w.id).c_str(), price_args(app, w)).c_str()
                                 : warning_text(w).c_str());
  }
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
  // A CPU has no card to copy: its price is typed in the cost section.
  if (price_warning && !app.inputs.hardware.cpu_only) draw_price_form_button(app);
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
