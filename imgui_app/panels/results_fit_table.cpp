// "Which GPUs can run this?": a sortable, filterable table over the whole catalog (app.fit): fewest
// cards, per-card memory use, tokens/s, $/hour, $ per million tokens and the bound. Clicking a row
// selects that GPU with that many cards.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "imgui.h"
#include "logic/format.hpp"
#include "logic/i18n.hpp"
#include "panels/results_parts.hpp"
#include "sizer/enums.hpp"
#include "widgets/gpu_card.hpp"
#include "widgets/list_row.hpp"
#include "widgets/palette.hpp"

namespace app::results {
namespace {

enum Column { kGpu, kCards, kMemory, kTokens, kPerHour, kPerMillion, kBound, kColumnCount };

// Column ids as stored in UiState::fit_table_sort (share links and saved state use them).
constexpr const char* kColumnIds[kColumnCount] = {
    "gpu",       "gpus", "perGpuBytes", "tokensPerSecond", "usdPerHour", "usdPerMillionTokens",
    "bottleneck"};

int column_from_id(const std::string& id) {
  for (int i = 0; i < kColumnCount; ++i) {
    if (id == kColumnIds[i]) return i;
  }
  return kPerMillion;
}

// Sort key of a row for a column; rows that do not fit and unknown prices sort last either way.
struct Key {
  bool missing;
  double number;
  std::string text;
};

Key key_of(const sizer::FitRow& r, int column) {
  const bool none = r.gpus == 0;
  switch (column) {
    case kGpu:
      return {false, 0, gpu_name(r.gpu_id)};
    case kCards:
      return {none, double(r.gpus), {}};
    case kMemory:
      return {none, r.capacity_bytes > 0 ? r.per_gpu_bytes / r.capacity_bytes : 0, {}};
    case kTokens:
      return {none || !(r.tokens_per_second > 0), r.tokens_per_second, {}};
    case kPerHour:
      return {none || !(r.usd_per_hour > 0), r.usd_per_hour, {}};
    case kPerMillion:
      return {none || !(r.usd_per_million_tokens > 0), r.usd_per_million_tokens, {}};
    default:
      return {none, 0, sizer::enum_id(r.bottleneck)};
  }
}

bool row_less(const sizer::FitRow& a, const sizer::FitRow& b, int column, bool ascending) {
  const Key ka = key_of(a, column);
  const Key kb = key_of(b, column);
  if (ka.missing != kb.missing) return kb.missing;
  const int cmp = !ka.text.empty() || !kb.text.empty()
                      ? ka.text.compare(kb.text)
                      : (ka.number < kb.number ? -1 : (ka.number > kb.number ? 1 : 0));
  if (cmp != 0) return ascending ? cmp < 0 : cmp > 0;
  return a.gpu_id < b.gpu_id;  // stable, readable tie-break
}

bool matches(const sizer::FitRow& r, const ImGuiTextFilter& filter, bool only_fitting) {
  if (only_fitting && r.gpus == 0) return false;
  if (!filter.IsActive()) return true;
  const sizer::Gpu* g = sizer::find_gpu(r.gpu_id);
  const std::string text = r.gpu_id + " " + (g ? g->name + " " + g->vendor : std::string());
  return filter.PassFilter(text.c_str());
}

// The custom card's row (logic/custom_gpu_fit.hpp) is named by the card in use.
const sizer::Gpu* row_gpu(const App& app, const sizer::FitRow& r) {
  if (const sizer::Gpu* g = sizer::find_gpu(r.gpu_id)) return g;
  const sizer::Gpu& current = app.results.scenario.hardware.gpu;
  return current.id == r.gpu_id ? &current : nullptr;
}

std::string row_name(const App& app, const sizer::FitRow& r) {
  const sizer::Gpu* g = row_gpu(app, r);
  return g != nullptr && !g->name.empty() ? g->name : r.gpu_id;
}

std::string money_or_dash(double usd) { return usd > 0 ? fmt::usd(usd) : fmt::k_dash; }

void row_tooltip_body(const App& app, const sizer::FitRow& r) {
  std::string head = row_name(app, r);
  if (r.gpus == 0) {
    head += "\n" + std::string(tr("res.fit.none"));
  } else {
    const double share = r.capacity_bytes > 0 ? r.per_gpu_bytes / r.capacity_bytes : 0;
    head += "\n" + trf("res.fit.tip_memory", {fmt::bytes(r.per_gpu_bytes),
                                              fmt::bytes(r.capacity_bytes), fmt::percent(share)});
    head += "\n" + trf("res.fit.tip_cost",
                       {money_or_dash(r.usd_per_hour), money_or_dash(r.usd_per_million_tokens)});
  }
  head += "\n" + std::string(tr("res.fit.tip_click"));
  formula_body(app.results, "fit.gpus", head);
}

}  // namespace

void draw_fit_table(App& app) {
  if (!section("res.fit.title")) return;
  ImGui::PushID("fit");
  if (app.fit.empty()) {
    ImGui::TextDisabled("%s", tr("res.fit.empty"));
    ImGui::PopID();
    return;
  }
  const float em = ImGui::GetFontSize();
  static ImGuiTextFilter filter;
  static bool only_fitting = false;
  ImGui::SetNextItemWidth(std::min(14 * em, ImGui::GetContentRegionAvail().x));
  if (ImGui::InputTextWithHint("##filter", tr("res.fit.filter_hint"), filter.InputBuf,
                               IM_ARRAYSIZE(filter.InputBuf))) {
    filter.Build();
  }
  publish_last_item(app, "fit-filter");
  ImGui::SameLine();
  ImGui::Checkbox(tr("res.fit.only_fitting"), &only_fitting);
  publish_last_item(app, "fit-only-fitting");

  std::vector<sizer::FitRow> rows;
  for (const sizer::FitRow& r : app.fit) {
    if (matches(r, filter, only_fitting)) rows.push_back(r);
  }
  const bool training = app.results.scenario.mode == sizer::Mode::training;

  // Wide screens: every column fits, widths shared by weight. Phones: fixed widths with a narrow
  // name column (the full name is in the row tooltip) and horizontal scrolling for the rest.
  const bool narrow = app.ui.narrow;
  const ImGuiTableFlags flags = ImGuiTableFlags_Sortable | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_ScrollY |
                                (narrow ? ImGuiTableFlags_ScrollX | ImGuiTableFlags_SizingFixedFit
                                        : ImGuiTableFlags_SizingStretchProp);
  // Twelve rows in view; six on a phone, where its rows are a finger tall and a taller table
  // would take most of the screen's drags for its own scrolling.
  const float row_h = ImGui::GetFrameHeight();
  const std::size_t rows_in_view = narrow ? 6 : 12;
  const float height =
      row_h * (static_cast<float>(std::min<size_t>(rows.size(), rows_in_view)) + 1.6f);
  if (!ImGui::BeginTable(narrow ? "##fit_narrow" : "##fit", kColumnCount, flags,
                         ImVec2(0, height))) {
    ImGui::PopID();
    return;
  }
  const int sort_column = column_from_id(app.ui.fit_table_sort);
  const char* per_million_key =
      training ? "res.fit.col_per_million_train" : "res.fit.col_per_million";
  const char* headers[kColumnCount] = {tr("res.fit.col_gpu"),      tr("res.fit.col_cards"),
                                       tr("res.fit.col_memory"),   tr("res.fit.col_tokens"),
                                       tr("res.fit.col_per_hour"), tr(per_million_key),
                                       tr("res.fit.col_bound")};
  for (int c = 0; c < kColumnCount; ++c) {
    ImGuiTableColumnFlags cf = c == kGpu ? ImGuiTableColumnFlags_NoHide : 0;
    if (c == sort_column) {
      cf |= ImGuiTableColumnFlags_DefaultSort |
            (app.ui.fit_table_ascending ? ImGuiTableColumnFlags_PreferSortAscending
                                        : ImGuiTableColumnFlags_PreferSortDescending);
    }
    float width = 0;  // 0 = automatic (fixed fit) or weight 1 (stretch)
    if (c == kGpu) {
      cf |= narrow ? ImGuiTableColumnFlags_WidthFixed : ImGuiTableColumnFlags_WidthStretch;
      width = narrow ? 8 * em : 2.6f;
    } else if (c == kMemory && !narrow) {
      cf |= ImGuiTableColumnFlags_WidthStretch;
      width = 1.8f;
    } else {
      cf |= ImGuiTableColumnFlags_WidthFixed;  // numbers: as wide as their header or content
    }
    ImGui::TableSetupColumn(headers[c], cf, width, static_cast<ImGuiID>(c));
  }
  ImGui::TableSetupScrollFreeze(1, 1);
  ImGui::TableHeadersRow();

  if (ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs()) {
    if (specs->SpecsDirty && specs->SpecsCount > 0) {
      const ImGuiTableColumnSortSpecs& s = specs->Specs[0];
      const ImGuiID id = s.ColumnUserID;
      app.ui.fit_table_sort = kColumnIds[id < kColumnCount ? id : ImGuiID{kPerMillion}];
      app.ui.fit_table_ascending = s.SortDirection != ImGuiSortDirection_Descending;
      specs->SpecsDirty = false;
    }
  }
  const int column = column_from_id(app.ui.fit_table_sort);
  const bool ascending = app.ui.fit_table_ascending;
  std::stable_sort(rows.begin(), rows.end(), [&](const sizer::FitRow& a, const sizer::FitRow& b) {
    return row_less(a, b, column, ascending);
  });

  const std::string& current = app.results.scenario.hardware.gpu.id;
  const int current_gpus = sizer::total_gpus(app.results.scenario);
  // Only the rows in view are submitted: a hundred rows of text each frame cost the software
  // renderer of headless browsers (and phones) more than the whole rest of the page.
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(rows.size()));
  while (clipper.Step())
    for (size_t i = static_cast<size_t>(clipper.DisplayStart);
         i < static_cast<size_t>(clipper.DisplayEnd); ++i) {
      const sizer::FitRow& r = rows[i];
      const bool none = r.gpus == 0;
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::PushID(r.gpu_id.c_str());
      const bool selected = r.gpu_id == current;
      if (none)
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
      const bool clicked = widgets::table_row(row_name(app, r).c_str(), selected);
      if (none) ImGui::PopStyleColor();
      publish_last_item(app, "fit-row-" + std::to_string(i));
      publish_last_item(app, "fit-row-" + r.gpu_id);
      if (ImGui::IsItemHovered()) {
        // The card's facts beside the row's figures.
        ImGui::BeginTooltip();
        row_tooltip_body(app, r);
        ImGui::Separator();
        if (const sizer::Gpu* g = row_gpu(app, r)) widgets::gpu_card(*g, false);
        ImGui::EndTooltip();
      }
      if (clicked) {
        select_gpu(app.inputs, r, current_gpus);
        app.dirty = true;
      }
      ImGui::TableNextColumn();
      ImGui::AlignTextToFramePadding();
      ImGui::TextUnformatted(none ? fmt::k_dash : std::to_string(r.gpus).c_str());
      ImGui::TableNextColumn();
      ImGui::AlignTextToFramePadding();
      if (none) {
        ImGui::TextUnformatted(fmt::k_dash);
      } else {
        const double share = r.capacity_bytes > 0 ? r.per_gpu_bytes / r.capacity_bytes : 0;
        const std::string used =
            narrow ? fmt::percent(share)
                   : fmt::bytes(r.per_gpu_bytes) + " (" + fmt::percent(share) + ")";
        ImGui::TextUnformatted(used.c_str());
      }
      ImGui::TableNextColumn();
      ImGui::AlignTextToFramePadding();
      ImGui::TextUnformatted(none ? fmt::k_dash : fmt::number(r.tokens_per_second).c_str());
      ImGui::TableNextColumn();
      ImGui::AlignTextToFramePadding();
      ImGui::TextUnformatted(money_or_dash(r.usd_per_hour).c_str());
      ImGui::TableNextColumn();
      ImGui::AlignTextToFramePadding();
      ImGui::TextUnformatted(none ? fmt::k_dash : money_or_dash(r.usd_per_million_tokens).c_str());
      ImGui::TableNextColumn();
      ImGui::AlignTextToFramePadding();
      const std::string bound = sizer::enum_entry(r.bottleneck).label_key;
      ImGui::TextUnformatted(none ? fmt::k_dash : tr(bound.c_str()));
      ImGui::PopID();
    }
  ImGui::EndTable();
  ImGui::TextDisabled(
      "%s",
      trf("res.fit.count", {std::to_string(rows.size()), std::to_string(app.fit.size())}).c_str());
  ImGui::PopID();
}

}  // namespace app::results
