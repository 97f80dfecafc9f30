// The input column: mode tabs, then the model, precision, workload and hardware sections.
//
// [SECTION] mode tabs
// [SECTION] precision
// [SECTION] column
#include "panels/inputs.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <string>
#include <vector>

#include "imgui.h"
#include "logic/format.hpp"
#include "logic/format_picker.hpp"
#include "logic/i18n.hpp"
#include "misc/cpp/imgui_stdlib.h"
#include "panels/inputs_widgets.hpp"
#include "sizer/catalog.hpp"
#include "sizer/enums.hpp"
#include "sizer/scenario.hpp"
#include "sizer/training_defaults.hpp"
#include "widgets/list_row.hpp"

namespace app {
namespace {

// [SECTION] mode tabs

void set_tab(App& app, ModeTab tab) {
  sizer::Scenario& s = app.inputs;
  app.ui.tab = tab;
  if (tab == ModeTab::inference) {
    s.mode = sizer::Mode::inference;
  } else {
    s.mode = sizer::Mode::training;
    // Each tab's method with the core's defaults for it (LoRA: gradient checkpointing on).
    if (tab == ModeTab::pretrain && s.training.method != sizer::TrainingMethod::full)
      sizer::choose_training_method(s, sizer::TrainingMethod::full);
    if (tab == ModeTab::finetune && s.training.method == sizer::TrainingMethod::full)
      sizer::choose_training_method(s, sizer::TrainingMethod::lora);
  }
  sizer::apply_assumption_profile(s);  // the framework's assumptions apply in training only
  app.dirty = true;
}

}  // namespace

void draw_mode_tabs(App& app) {
  // The tab ImGui showed open last frame. A user click shows up as a change of the open tab; a
  // change from outside (setState, share link) is pushed into the tab bar with SetSelected.
  static int open_last_frame = -1;
  // The calculator and the Plan view draw the bar in different windows (a new bar each): a bar
  // seen for the first time is told which tab is open.
  static ImGuiID bar_last_frame = 0;
  const ImGuiID bar = ImGui::GetID("##mode");
  if (bar != bar_last_frame) open_last_frame = -1;
  bar_last_frame = bar;
  struct TabDef {
    ModeTab tab;
    const char* key;
    const char* tag;
  };
  const TabDef tabs[] = {{ModeTab::inference, "tab.inference", "tab-inference"},
                         {ModeTab::finetune, "tab.finetune", "tab-finetune"},
                         {ModeTab::pretrain, "tab.pretrain", "tab-pretrain"}};
  if (!ImGui::BeginTabBar("##mode", ImGuiTabBarFlags_FittingPolicyResizeDown)) return;
  int open_now = -1;
  for (const TabDef& t : tabs) {
    int id = static_cast<int>(t.tab);
    ImGuiTabItemFlags flags =
        (app.ui.tab == t.tab && open_last_frame != id) ? ImGuiTabItemFlags_SetSelected : 0;
    std::string label = std::string(tr(t.key)) + "###" + t.tag;
    bool open = ImGui::BeginTabItem(label.c_str(), nullptr, flags);
    ui::tag(app, t.tag);
    if (open) {
      open_now = id;
      ImGui::EndTabItem();
    }
  }
  // The planner for this tab's question (panels/plan.cpp), or back to the calculator.
  const bool plan_open = app.ui.plan.open;
  std::string plan_label = std::string(tr(plan_open ? "plan.back" : "plan.tab")) + "###tab-plan";
  ImGui::PushStyleColor(ImGuiCol_Tab, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
  if (ImGui::TabItemButton(plan_label.c_str(), ImGuiTabItemFlags_Trailing)) {
    app.ui.plan.open = !plan_open;
    app.dirty = true;
  }
  ImGui::PopStyleColor();
  ui::tag(app, "tab-plan");
  ImGui::EndTabBar();
  if (open_now >= 0 && open_last_frame >= 0 && open_now != open_last_frame &&
      open_now != static_cast<int>(app.ui.tab))
    set_tab(app, static_cast<ModeTab>(open_now));
  open_last_frame = open_now;
  if (app.ui.tab == ModeTab::finetune) {
    // LoRA and QLoRA first (the fine-tuning methods people pick), full fine-tuning last.
    const sizer::TrainingMethod order[] = {
        sizer::TrainingMethod::lora, sizer::TrainingMethod::qlora, sizer::TrainingMethod::full};
    sizer::TrainingMethod& m = app.inputs.training.method;
    bool first = true;
    for (sizer::TrainingMethod choice : order) {
      if (!first) ImGui::SameLine();
      first = false;
      const sizer::EnumEntry<sizer::TrainingMethod>& e = sizer::enum_entry(choice);
      if (ImGui::RadioButton(tr(e.label_key), m == choice) && m != choice) {
        // The core's defaults for the method: QLoRA's NF4 base, gradient checkpointing for
        // LoRA and QLoRA (the recompute picker shows it, and the user can turn it off).
        sizer::choose_training_method(app.inputs, choice);
        app.dirty = true;
      }
      ui::tag(app, (std::string("method-") + e.id).c_str());
    }
  }
}

namespace {

// [SECTION] precision

std::string format_label(const sizer::NumberFormat& f) {
  return f.name + "  \xC2\xB7  " + trf("fmt.bits", {fmt::number(f.bits_per_weight)});
}

// A searchable list grouped by family; each entry shows its bits per weight and a one-line plain
// explanation.
void format_combo(App& app, const char* label_key, const char* tag_id, std::string& format_id,
                  bool kv_only) {
  const auto& all = sizer::format_catalog();
  const sizer::NumberFormat* current = sizer::find_format(format_id);
  ui::row_begin(app, label_key);
  const std::string preview = current ? format_label(*current) : format_id;
  // Wider than the row: the entries carry an explanation.
  const float popup_w = std::min(ui::em() * 28, ImGui::GetMainViewport()->WorkSize.x - ui::em());
  ImGui::SetNextWindowSizeConstraints(ImVec2(popup_w, 0), ImVec2(FLT_MAX, FLT_MAX));
  const bool open = ImGui::BeginCombo("##v", preview.c_str(), ImGuiComboFlags_HeightLargest);
  ui::tag(app, tag_id);
  if (open) {
    std::string& query = kv_only ? app.ui.kv_format_filter : app.ui.format_filter;
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    ImGui::SetNextItemWidth(-FLT_MIN);
    ImGui::InputTextWithHint("##search", tr("format.search_hint"), &query);
    ui::tag(app, (std::string(tag_id) + "-search").c_str());
    ImGui::BeginChild("##list", ImVec2(0, ui::em() * 22), ImGuiChildFlags_None);
    int shown = 0;
    for (const FormatGroup& g : format_groups(all, query, kv_only, format_id)) {
      ImGui::SeparatorText(tr(sizer::enum_entry(g.family).label_key));
      for (int i : g.indices) {
        const sizer::NumberFormat& f = all[static_cast<std::size_t>(i)];
        ImGui::PushID(i);
        const bool selected = f.id == format_id;
        if (widgets::list_row(f.name.c_str(), selected)) {
          format_id = f.id;
          app.dirty = true;
          ImGui::CloseCurrentPopup();
        }
        ui::tag(app, (std::string(tag_id) + "-option-" + f.id).c_str());
        if (shown == 0) ui::tag(app, (std::string(tag_id) + "-first-match").c_str());
        ++shown;
        if (selected && ImGui::IsWindowAppearing()) ImGui::SetScrollHereY();
        const std::string bits = trf("fmt.bits", {fmt::number(f.bits_per_weight)});
        ImGui::SameLine(ImGui::GetContentRegionMax().x - ImGui::CalcTextSize(bits.c_str()).x);
        widgets::align_text_to_list_row();
        ImGui::TextUnformatted(bits.c_str());
        ImGui::Indent(ui::em());
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextDisabled("%s", tr(format_about_key(f).c_str()));
        ImGui::PopTextWrapPos();
        ImGui::Unindent(ui::em());
        ImGui::PopID();
      }
    }
    if (shown == 0) ImGui::TextDisabled("%s", tr("format.no_match"));
    ImGui::EndChild();
    ImGui::EndCombo();
  }
  ui::row_end();
}

// EXL2 and EXL3 come at any average bits per weight: a slider writes the core's "exl2-<bpw>" /
// "exl3-<bpw>" id (the ranges are format_params.cpp's).
void draw_exl_bits(App& app, std::string& format_id) {
  const sizer::NumberFormat* f = sizer::find_format(format_id);
  if (f == nullptr) return;
  const bool exl3 = f->family == sizer::FormatFamily::exl3;
  if (f->family != sizer::FormatFamily::exl2 && !exl3) return;
  const double low = exl3 ? 1.0 : 2.0;
  double bpw = f->bits_per_weight;
  ui::help_for_next_row(exl3 ? "help.exl3_bits" : "help.exl2_bits");
  if (ui::slider_double(app, exl3 ? "precision.exl3_bits" : "precision.exl2_bits",
                        exl3 ? "exl3-bits" : "exl2-bits", &bpw, low, 8, "unit.bpw", false)) {
    bpw = std::round(std::clamp(bpw, low, 8.0) * 20) / 20;  // repos name bpw to 0.05
    format_id = (exl3 ? "exl3-" : "exl2-") + fmt::number(bpw, 4);
    app.dirty = true;
  }
}

void draw_precision(App& app) {
  ui::section("section.precision");
  sizer::Scenario& s = app.inputs;
  ui::help_for_next_row("help.weights_format");
  format_combo(app, "precision.weights", "weights-format", s.weights_format, false);
  draw_exl_bits(app, s.weights_format);
  if (s.mode == sizer::Mode::inference) {
    format_combo(app, "precision.kv", "kv-format", s.kv_cache_format, true);
    const auto& precisions = sizer::enum_entries<sizer::ActivationPrecision>();
    int act = sizer::enum_index(s.inference.activations);
    ui::help_for_next_row("help.activations");
    if (ui::combo(app, "precision.activations", "activations", &act,
                  static_cast<int>(precisions.size()),
                  [&](int i) { return tr(precisions[static_cast<std::size_t>(i)].label_key); })) {
      s.inference.activations = sizer::enum_at<sizer::ActivationPrecision>(act);
      app.dirty = true;
    }
    return;
  }
  if (ui::checkbox(app, "precision.mixed", "mixed-precision", &s.training.mixed_precision))
    app.dirty = true;
  const auto& optimizers = sizer::enum_entries<sizer::Optimizer>();
  int opt = sizer::enum_index(s.training.optimizer);
  if (ui::combo(app, "precision.optimizer", "optimizer", &opt, static_cast<int>(optimizers.size()),
                [&](int i) { return tr(optimizers[static_cast<std::size_t>(i)].label_key); })) {
    s.training.optimizer = sizer::enum_at<sizer::Optimizer>(opt);
    app.dirty = true;
  }
  if (s.training.method != sizer::TrainingMethod::full) {
    if (ui::slider_int(app, "train.lora_rank", "lora-rank", &s.training.lora_rank, 1, 512,
                       "unit.int", true))
      app.dirty = true;
  }
}

}  // namespace

// [SECTION] column

void draw_inputs_column(App& app) {
  // The catalogs and engine defaults come from the core; while they are missing (or throw), the
  // column says so instead of crashing the page.
  try {
    draw_mode_tabs(app);
    draw_model_section(app);
    draw_precision(app);
    draw_workload_section(app);
    draw_hardware_section(app);
    draw_cost_section(app);
  } catch (const std::exception& e) {
    ImGui::TextWrapped("%s: %s", tr("error.inputs"), e.what());
  }
}

}  // namespace app
