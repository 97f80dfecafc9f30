// Compare: pin up to four configurations (app.pinned) and see them beside the current one; cells
// that differ from the current configuration are highlighted. A pinned column can be restored
// (its inputs become the current inputs) or removed.
#include <functional>
#include <string>
#include <vector>

#include "imgui.h"
#include "logic/format.hpp"
#include "logic/i18n.hpp"
#include "panels/inputs_widgets.hpp"
#include "panels/results_parts.hpp"
#include "sizer/enums.hpp"
#include "widgets/palette.hpp"

namespace app::results {
namespace {

constexpr size_t kMaxPinned = 4;

struct Row {
  const char* label_key;
  const char* formula_key;
  std::function<std::string(const sizer::Estimate&)> value;
  bool training_only = false;
  bool inference_only = false;
};

std::string model_name(const sizer::Scenario& s) {
  return s.model.name.empty() ? s.model.id : s.model.name;
}

std::string format_name(const std::string& id) {
  const sizer::NumberFormat* f = sizer::find_format(id);
  return f ? f->name : id;
}

std::string workload(const sizer::Scenario& s) {
  if (s.mode == sizer::Mode::inference) {
    return trf("res.cmp.workload_inference",
               {fmt::integer(s.inference.batch),
                fmt::integer(double(s.inference.prompt_tokens) + s.inference.output_tokens)});
  }
  const char* method = s.training.method == sizer::TrainingMethod::full   ? "res.cmp.method_full"
                       : s.training.method == sizer::TrainingMethod::lora ? "res.cmp.method_lora"
                                                                          : "res.cmp.method_qlora";
  return trf("res.cmp.workload_training",
             {tr(method), fmt::integer(s.training.seq_len), fmt::integer(s.training.micro_batch)});
}

const std::vector<Row>& rows() {
  static const std::vector<Row> table = {
      {"res.cmp.model", "", [](const sizer::Estimate& e) { return model_name(e.scenario); }},
      {"res.cmp.hardware", "",
       [](const sizer::Estimate& e) { return hardware_summary(e.scenario); }},
      {"res.cmp.weights_format", "",
       [](const sizer::Estimate& e) { return format_name(e.scenario.weights_format); }},
      {"res.cmp.workload", "", [](const sizer::Estimate& e) { return workload(e.scenario); }},
      {"res.cmp.per_gpu", "memory.perGpuBytes",
       [](const sizer::Estimate& e) { return fmt::bytes(e.memory.per_gpu_bytes); }},
      {"res.cmp.fits", "memory.headroomBytes",
       [](const sizer::Estimate& e) {
         return std::string(tr(e.memory.fits ? "res.cmp.yes" : "res.cmp.no"));
       }},
      {"res.speed.ttft", "inference.ttftSeconds",
       [](const sizer::Estimate& e) { return fmt::seconds(e.inference.ttft_seconds); }, false,
       true},
      {"res.speed.decode", "inference.decodeTokensPerSecond",
       [](const sizer::Estimate& e) { return fmt::number(e.inference.decode_tokens_per_second); },
       false, true},
      {"res.speed.throughput", "inference.throughputTokensPerSecond",
       [](const sizer::Estimate& e) {
         return fmt::number(e.inference.throughput_tokens_per_second);
       },
       false, true},
      {"res.train.step", "training.stepSeconds",
       [](const sizer::Estimate& e) { return fmt::seconds(e.training.step_seconds); }, true},
      {"res.train.total_time", "training.totalHours",
       [](const sizer::Estimate& e) { return fmt::seconds(e.training.total_hours * 3600); }, true},
      {"res.cost.per_hour", "cost.usdPerHour",
       [](const sizer::Estimate& e) {
         return e.cost.price_known ? fmt::usd(e.cost.usd_per_hour) : fmt::k_dash;
       }},
      {"res.cost.per_million", "cost.usdPerMillionTokens",
       [](const sizer::Estimate& e) {
         return e.cost.price_known ? fmt::usd(e.cost.usd_per_million_tokens) : fmt::k_dash;
       }},
      {"res.train.cost", "cost.totalUsd",
       [](const sizer::Estimate& e) {
         return e.cost.price_known ? fmt::usd(e.cost.total_usd) : fmt::k_dash;
       },
       true},
      {"res.bottleneck.title", "bottleneck",
       [](const sizer::Estimate& e) {
         const std::string key = sizer::enum_entry(e.bottleneck).label_key;
         return std::string(tr(key.c_str()));
       }},
  };
  return table;
}

void pin_current(App& app) {
  PinnedConfig p;
  p.inputs = app.inputs;
  p.results = app.results;
  p.label = model_name(app.results.scenario) + " / " + hardware_summary(app.results.scenario);
  app.pinned.push_back(std::move(p));
}

}  // namespace

void draw_compare(App& app) {
  if (!section("res.cmp.title")) return;
  ImGui::PushID("compare");
  const bool can_pin = app.error.empty() && app.pinned.size() < kMaxPinned;
  ImGui::BeginDisabled(!can_pin);
  if (ImGui::Button(tr("res.cmp.pin"))) pin_current(app);
  ImGui::EndDisabled();
  publish_last_item(app, "compare-pin");
  ImGui::SameLine();
  ImGui::TextDisabled("%s", trf("res.cmp.pinned_count",
                                {std::to_string(app.pinned.size()), std::to_string(kMaxPinned)})
                                .c_str());
  if (app.pinned.empty()) {
    ImGui::TextDisabled("%s", tr("res.cmp.empty"));
    ImGui::PopID();
    return;
  }

  const bool have_current = app.error.empty();
  const int columns = 1 + (have_current ? 1 : 0) + static_cast<int>(app.pinned.size());
  // Mode-specific rows appear when any compared configuration has that mode.
  bool any_inference = have_current && app.results.scenario.mode == sizer::Mode::inference;
  bool any_training = have_current && app.results.scenario.mode == sizer::Mode::training;
  for (const PinnedConfig& p : app.pinned) {
    any_inference |= p.results.scenario.mode == sizer::Mode::inference;
    any_training |= p.results.scenario.mode == sizer::Mode::training;
  }
  std::vector<const Row*> shown;
  for (const Row& row : rows()) {
    if ((row.inference_only && !any_inference) || (row.training_only && !any_training)) continue;
    shown.push_back(&row);
  }
  // A horizontally scrolling table is a child window that would otherwise take all the height
  // left in the column (and keep the wheel); size it to its rows: header, buttons, data, and the
  // horizontal scrollbar.
  const ImGuiStyle& style = ImGui::GetStyle();
  const float row_h = ImGui::GetTextLineHeight() + style.CellPadding.y * 2 + 1;
  const float table_h =
      row_h * static_cast<float>(shown.size() + 2) + style.ScrollbarSize + style.CellPadding.y * 2;
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_ScrollX |
                                ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg;
  if (!ImGui::BeginTable("##compare", columns, flags, ImVec2(0, table_h))) {
    ImGui::PopID();
    return;
  }
  ImGui::TableSetupScrollFreeze(1, 0);
  ImGui::TableSetupColumn("##what");
  if (have_current) ImGui::TableSetupColumn(tr("res.cmp.current"));
  for (size_t i = 0; i < app.pinned.size(); ++i) {
    const std::string name =
        trf("res.cmp.pinned_n", {std::to_string(i + 1)}) + "###pin" + std::to_string(i);
    ImGui::TableSetupColumn(name.c_str());
  }
  ImGui::TableHeadersRow();

  // Restore / remove buttons under each pinned header.
  int remove = -1;
  int restore = -1;
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  if (have_current) ImGui::TableNextColumn();
  for (size_t i = 0; i < app.pinned.size(); ++i) {
    ImGui::TableNextColumn();
    ImGui::PushID(static_cast<int>(i));
    if (ui::small_button(app, tr("res.cmp.restore"))) restore = static_cast<int>(i);
    publish_last_item(app, "compare-restore-" + std::to_string(i));
    ImGui::SameLine();
    if (ui::small_button(app, tr("res.cmp.remove"))) remove = static_cast<int>(i);
    publish_last_item(app, "compare-remove-" + std::to_string(i));
    ImGui::PopID();
  }

  const ImU32 highlight = widgets::series_color(1, 0.25f);
  for (const Row* shown_row : shown) {
    const Row& row = *shown_row;

    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(tr(row.label_key));
    auto applies = [&](const sizer::Estimate& e) {
      const bool inference = e.scenario.mode == sizer::Mode::inference;
      return !(row.inference_only && !inference) && !(row.training_only && inference);
    };
    const std::string reference =
        have_current
            ? (applies(app.results) ? row.value(app.results) : fmt::k_dash)
            : (applies(app.pinned[0].results) ? row.value(app.pinned[0].results) : fmt::k_dash);
    auto cell = [&](const sizer::Estimate& e, bool compare) {
      ImGui::TableNextColumn();
      const std::string v = applies(e) ? row.value(e) : fmt::k_dash;
      if (compare && v != reference) {
        ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, highlight);
      }
      ImGui::TextUnformatted(v.c_str());
      // The formula recorded for that configuration, not the current one.
      if (ImGui::IsItemHovered() && *row.formula_key) formula_tooltip(e, row.formula_key);
    };
    if (have_current) cell(app.results, false);
    for (size_t i = 0; i < app.pinned.size(); ++i) {
      cell(app.pinned[i].results, have_current || i > 0);
    }
  }
  ImGui::EndTable();
  ImGui::TextDisabled("%s", tr("res.cmp.legend"));

  if (restore >= 0) {
    app.inputs = app.pinned[static_cast<size_t>(restore)].inputs;
    app.dirty = true;
  }
  if (remove >= 0) app.pinned.erase(app.pinned.begin() + remove);
  ImGui::PopID();
}

}  // namespace app::results
