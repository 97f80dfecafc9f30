// The results column: draws every results panel in order, plus the helpers they share
// (formula tooltips, section headers, widget rectangles for browser tests).
#include "panels/results.hpp"

#include <algorithm>

#include "imgui.h"
#include "logic/format.hpp"
#include "logic/i18n.hpp"
#include "panels/results_parts.hpp"
#include "platform.hpp"
#include "sizer/layouts.hpp"
#include "widgets/palette.hpp"

namespace app {
namespace results {

bool section(const char* key, const char* id_key) {
  const std::string label = std::string(tr(key)) + "###" + (id_key != nullptr ? id_key : key);
  return ImGui::CollapsingHeader(label.c_str(), ImGuiTreeNodeFlags_DefaultOpen);
}

std::string formula_for(const sizer::Estimate& e, const char* formula_key) {
  const auto it = e.formulas.find(formula_key);
  return it != e.formulas.end() ? it->second : local_formula(e, formula_key);
}

void formula_tooltip(const sizer::Estimate& e, const char* formula_key,
                     const std::string& headline) {
  ImGui::BeginTooltip();
  formula_body(e, formula_key, headline);
  ImGui::EndTooltip();
}

void formula_body(const sizer::Estimate& e, const char* formula_key, const std::string& headline) {
  // 30 em, or the screen's width less the tooltip's padding (a phone's tooltip stays on screen).
  const float em = ImGui::GetFontSize();
  ImGui::PushTextWrapPos(std::min(em * 30, ImGui::GetIO().DisplaySize.x - em * 2));
  if (!headline.empty()) ImGui::TextUnformatted(headline.c_str());
  const std::string formula = formula_for(e, formula_key);
  if (!formula.empty()) {
    ImGui::TextDisabled("%s", tr("res.tooltip.formula"));
    ImGui::TextUnformatted(formula.c_str());
  } else {
    ImGui::TextDisabled("%s", tr("res.tooltip.no_formula"));
  }
  ImGui::PopTextWrapPos();
}

void number_text(const App& app, const std::string& text, const char* formula_key,
                 const std::string& why) {
  ImGui::TextUnformatted(text.c_str());
  if (ImGui::IsItemHovered()) formula_tooltip(app.results, formula_key, why);
}

namespace {

// Text that wraps at its table cell's right edge: a long value ("$0.740 per GPU-hour · GPU cloud
// (on demand)") must stay readable in a 400 px wide column instead of being clipped.
void cell_text(const char* text) {
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(text);
  ImGui::PopTextWrapPos();
}

// The label cell of a value row; the value cell is next.
void value_row_label(const char* label_key) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  cell_text(tr(label_key));
  ImGui::TableNextColumn();
}

}  // namespace

void value_row(const App& app, const char* label_key, const std::string& value,
               const char* formula_key, const std::string& why) {
  value_row_label(label_key);
  cell_text(value.c_str());
  if (ImGui::IsItemHovered()) formula_tooltip(app.results, formula_key, why);
}

void value_row(const App& app, const char* label_key, const std::string& value,
               const char* formula_key, std::string (*why)(const App&)) {
  value_row_label(label_key);
  cell_text(value.c_str());
  if (ImGui::IsItemHovered()) formula_tooltip(app.results, formula_key, why(app));
}

bool has_string(const std::string& key) { return i18n::installed().count(key) != 0; }

void publish_last_item(const App& app, const std::string& id) {
  const ImVec2 min = ImGui::GetItemRectMin();
  const ImVec2 max = ImGui::GetItemRectMax();
  const float dpr = app.ui.dpr > 0 ? app.ui.dpr : 1.0f;
  platform::publish_widget_rect(id.c_str(), min.x / dpr, min.y / dpr, (max.x - min.x) / dpr,
                                (max.y - min.y) / dpr);
}

std::string gpu_name(const std::string& gpu_id) {
  const sizer::Gpu* gpu = sizer::find_gpu(gpu_id);
  return gpu && !gpu->name.empty() ? gpu->name : gpu_id;
}

void select_gpu(sizer::Scenario& s, const sizer::FitRow& row, int current_gpus) {
  if (const sizer::Gpu* gpu = sizer::find_gpu(row.gpu_id)) s.hardware.gpu = *gpu;
  // The fit table's chosen split, or (no split fits) the core's default split of the current
  // count.
  sizer::Layout layout;
  if (row.gpus > 0 &&
      sizer::make_layout(row.gpus, row.tensor_parallel, row.pipeline_parallel, layout)) {
    sizer::apply_layout(s, layout);
  } else if (sizer::default_layout(s, std::max(1, current_gpus), layout)) {
    sizer::apply_layout(s, layout);
  }
}

namespace {

void draw_error(const App& app) {
  ImGui::PushStyleColor(ImGuiCol_Text, widgets::to_vec4(widgets::bad_color()));
  ImGui::TextUnformatted(tr("res.error.title"));
  ImGui::PopStyleColor();
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(app.error.c_str());
  ImGui::PopTextWrapPos();
}

}  // namespace
}  // namespace results

void draw_results_column(App& app) {
  ImGui::PushID("results");
  if (!app.error.empty()) {
    results::draw_error(app);
  } else {
    results::draw_verdict(app);
    results::draw_memory(app);
    if (app.results.scenario.mode == sizer::Mode::inference) {
      results::draw_speed(app);
    } else {
      results::draw_training(app);
    }
    results::draw_bottleneck(app);
    results::draw_fit_table(app);
    results::draw_rules_of_thumb(app);
  }
  // The seed tables do not depend on the inputs: shown even while they are invalid.
  results::draw_seed_tables(app);
  // Pinned configurations stay visible (and restorable) even while the inputs are invalid.
  results::draw_compare(app);
  ImGui::PopID();
}

}  // namespace app
