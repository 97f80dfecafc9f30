// Model files and engine logs: the pick button and drop hint, the paste box, what was read, the
// file's exact figures beside the estimate, and the log's figures with the calibrations they
// offer.
#include <algorithm>
#include <string>

#include "imgui.h"
#include "logic/file_intake.hpp"
#include "logic/format.hpp"
#include "logic/hub_lookup.hpp"
#include "logic/i18n.hpp"
#include "logic/log_offers.hpp"
#include "misc/cpp/imgui_stdlib.h"
#include "panels/files_panel.hpp"
#include "panels/inputs_widgets.hpp"
#include "platform.hpp"

namespace app::files_panel {
namespace {

const ImVec4 k_error_color(0.95f, 0.35f, 0.3f, 1);

void draw_messages(const App& app) {
  const FilesPanelState& f = app.files;
  if (f.messages.empty()) return;
  if (f.message_is_error) ImGui::PushStyleColor(ImGuiCol_Text, k_error_color);
  for (const std::string& m : f.messages) ImGui::TextWrapped("%s", m.c_str());
  if (f.message_is_error) ImGui::PopStyleColor();
  ui::tag(app, "files-message");
}

// "vllm.gpu_memory_utilization" -> "gpu memory utilization" (the engine is in the heading).
std::string figure_name(const std::string& key) {
  std::string name = key.substr(key.find('.') == std::string::npos ? 0 : key.find('.') + 1);
  for (char& c : name)
    if (c == '_') c = ' ';
  return name;
}

void disabled_wrapped(const char* text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", text);
  ImGui::PopStyleColor();
}

std::string exact_count(std::uint64_t v) {
  return fmt::count(static_cast<double>(v)) + "  (" + std::to_string(v) + ")";
}

// Exact, from the file | estimate, for parameters and weight bytes.
void draw_exact(App& app, const FileModelInfo& info, bool waiting) {
  ImGui::SeparatorText(tr("files.exact_title"));
  std::string source = info.file_name;
  if (info.split_count > 1 && info.split_index > 0)
    source += "  \xC2\xB7  " + trf("files.part", {std::to_string(info.split_index),
                                                  std::to_string(info.split_count)});
  ImGui::TextDisabled("%s", source.c_str());
  if (waiting) ImGui::TextWrapped("%s", tr("files.waiting_config"));
  const ImGuiTableFlags flags =
      ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp;
  if (!ImGui::BeginTable("##exact", 3, flags)) return;
  ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableSetupColumn(tr("files.col_exact"), ImGuiTableColumnFlags_WidthStretch, 1.8f);
  ImGui::TableSetupColumn(tr("files.col_estimate"), ImGuiTableColumnFlags_WidthStretch, 1.2f);
  ImGui::TableHeadersRow();
  const bool have_estimate = !waiting && app.error.empty();
  const sizer::Estimate& e = app.results;
  const double gpus_holding_weights =
      static_cast<double>(e.scenario.parallel.tensor) * e.scenario.parallel.pipeline;
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(tr("files.row_params"));
  ImGui::TableNextColumn();
  ImGui::TextWrapped("%s",
                     info.parameters > 0 ? exact_count(info.parameters).c_str() : fmt::k_dash);
  ui::tag(app, "file-exact-params");
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(have_estimate ? fmt::count(e.params.total).c_str() : "\xE2\x80\x94");
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(tr("files.row_bytes"));
  ImGui::TableNextColumn();
  ImGui::TextWrapped("%s", (fmt::bytes(static_cast<double>(info.weights_bytes)) + "  (" +
                            std::to_string(info.weights_bytes) + " B)")
                               .c_str());
  ui::tag(app, "file-exact-bytes");
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(have_estimate
                             ? fmt::bytes(e.memory.weights_bytes * gpus_holding_weights).c_str()
                             : "\xE2\x80\x94");
  ImGui::EndTable();
  if (!info.complete) ImGui::TextWrapped("%s", tr("files.part_only"));
}

void draw_log(App& app) {
  FilesPanelState& f = app.files;
  if (f.log.figures.empty()) return;
  ImGui::SeparatorText(trf("files.log_title", {log_engine_name(f.log.engine)}).c_str());
  // Up to 10 rows at their own height; a longer log scrolls inside a table of about 10 lines.
  const bool long_log = f.log.figures.size() > 10;
  ImGuiTableFlags flags =
      ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp;
  if (long_log) flags |= ImGuiTableFlags_ScrollY;
  const float row_h = ImGui::GetTextLineHeight() + 2 * ImGui::GetStyle().CellPadding.y;
  if (ImGui::BeginTable("##log", 4, flags, ImVec2(0, long_log ? 11 * row_h + 2 : 0))) {
    if (long_log) ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn(tr("files.col_line"), ImGuiTableColumnFlags_WidthStretch, 0.5f);
    ImGui::TableSetupColumn(tr("files.col_figure"), ImGuiTableColumnFlags_WidthStretch, 2.0f);
    ImGui::TableSetupColumn(tr("files.col_measured"), ImGuiTableColumnFlags_WidthStretch, 1.2f);
    ImGui::TableSetupColumn(tr("files.col_estimate"), ImGuiTableColumnFlags_WidthStretch, 1.2f);
    ImGui::TableHeadersRow();
    for (const sizer::LogFigure& fig : f.log.figures) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::Text("%d", fig.line_number);
      ImGui::TableNextColumn();
      std::string what = figure_name(fig.key);
      if (!fig.label.empty()) what += " (" + fig.label + ")";
      ImGui::TextWrapped("%s", what.c_str());
      if (ImGui::BeginItemTooltip()) {
        ImGui::PushTextWrapPos(ui::tooltip_wrap(36));
        ImGui::TextUnformatted(fig.line_text.c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
      }
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(log_figure_text(fig).c_str());
      ImGui::TableNextColumn();
      const std::string estimate = app.error.empty() ? estimate_figure_text(fig, app.results) : "";
      ImGui::TextDisabled("%s", estimate.empty() ? "\xE2\x80\x94" : estimate.c_str());
    }
    ImGui::EndTable();
  }
  ui::tag(app, "log-figures");
  if (f.offers.empty()) {
    disabled_wrapped(tr("files.no_offers"));
    return;
  }
  for (std::size_t i = 0; i < f.offers.size(); ++i) {
    LogOffer& o = f.offers[i];
    ImGui::PushID(static_cast<int>(i));
    if (o.ok) {
      ImGui::TextWrapped("%s", trf("files.offer", {std::to_string(o.line_number), o.figure_key,
                                                   o.assumption_key, fmt::number(o.value, 4)})
                                   .c_str());
      const auto it = app.inputs.assumption_overrides.find(o.assumption_key);
      const bool applied = it != app.inputs.assumption_overrides.end() && it->second == o.value;
      ImGui::BeginDisabled(applied);
      if (ImGui::Button(tr(applied ? "files.offer_applied" : "files.offer_apply"))) {
        if (apply_log_offer(o, f.log, app.inputs)) app.dirty = true;
      }
      ImGui::EndDisabled();
      ui::tag(app, ("log-offer-apply-" + std::to_string(i)).c_str());
    } else {
      ImGui::PushStyleColor(ImGuiCol_Text, k_error_color);
      ImGui::TextWrapped(
          "%s", trf("files.offer_failed", {std::to_string(o.line_number), o.figure_key, o.error})
                    .c_str());
      ImGui::PopStyleColor();
    }
    ImGui::PopID();
  }
}

// The Hub look-up: an id and a button; nothing is sent before the button (or Enter) is pressed.
void draw_hub_lookup(App& app) {
  FilesPanelState& f = app.files;
  ImGui::TextUnformatted(tr("hub.label"));
  const float button_w = ImGui::CalcTextSize(tr("hub.look_up")).x +
                         2 * ImGui::GetStyle().FramePadding.x + ImGui::GetStyle().ItemSpacing.x;
  ImGui::SetNextItemWidth(std::max(ui::em() * 8, ImGui::GetContentRegionAvail().x - button_w));
  bool go = ImGui::InputTextWithHint(
      "##hub", "meta-llama/Llama-3.1-8B", &f.hub_id,
      ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
  ui::tag(app, "hub-id");
  ImGui::SameLine();
  ImGui::BeginDisabled(f.hub_busy || f.hub_id.empty());
  go |= ImGui::Button(tr("hub.look_up"));
  ImGui::EndDisabled();
  ui::tag(app, "hub-look-up");
  disabled_wrapped(tr("hub.note"));
  if (!go || f.hub_busy || f.hub_id.empty()) return;
  const std::size_t a = f.hub_id.find_first_not_of(" \t");
  const std::size_t b = f.hub_id.find_last_not_of(" \t");
  const std::string id = a == std::string::npos ? std::string() : f.hub_id.substr(a, b - a + 1);
  const std::string problem = hub_id_problem(id);
  if (!problem.empty()) {
    f.messages = {problem};
    f.message_is_error = true;
    return;
  }
  f.hub_busy = true;
  f.messages = {trf("hub.asking", {id})};
  f.message_is_error = false;
  platform::fetch_hub_model(id);
}

}  // namespace

void draw_import(App& app) {
  FilesPanelState& f = app.files;
  ImGui::TextWrapped("%s", tr("files.intro"));
  draw_hub_lookup(app);
  if (ImGui::Button(tr("files.open"))) platform::pick_file();
  ui::tag(app, "files-open");
  ImGui::SameLine();
  disabled_wrapped(tr("files.drop_hint"));
  ImGui::TextUnformatted(tr("files.paste_label"));
  ImGui::InputTextMultiline("##paste", &f.pasted_text, ImVec2(-FLT_MIN, ui::em() * 6));
  ui::tag(app, "files-paste");
  ImGui::BeginDisabled(f.pasted_text.empty());
  if (ImGui::Button(tr("files.read"))) take_text(app, f.pasted_text, "");
  ui::tag(app, "files-read");
  ImGui::SameLine();
  if (ImGui::Button(tr("files.clear"))) f.pasted_text.clear();
  ImGui::EndDisabled();
  draw_messages(app);
  if (app.ui.file_model.active())
    draw_exact(app, app.ui.file_model, false);
  else if (f.pending.active())
    draw_exact(app, f.pending, true);
  draw_log(app);
}

}  // namespace app::files_panel
