// The seed tables view: the seeds' teaching tables computed by the engine for the models and
// formats the user picks (each row's model and each precision column's format is a combo), the
// seed's own figure beside each cell and a mark with a note where they differ.
#include <algorithm>
#include <string>
#include <vector>

#include "imgui.h"
#include "logic/format.hpp"
#include "logic/i18n.hpp"
#include "logic/seed_tables.hpp"
#include "panels/results_parts.hpp"
#include "sizer/catalog.hpp"
#include "widgets/list_row.hpp"
#include "widgets/palette.hpp"

namespace app::results {
namespace {

// The tables for the current picks, computed again only when the picks change (dozens of
// estimates and card searches: never once per frame).
const std::vector<SeedTable>& tables_for(const SeedTablePicks& picks) {
  static SeedTablePicks cached_picks;
  static std::vector<SeedTable> cached;
  static bool valid = false;
  if (!valid || !(picks == cached_picks)) {
    cached = compute_seed_tables(picks);
    cached_picks = picks;
    valid = true;
  }
  return cached;
}

bool model_combo(std::string& id) {
  const sizer::ModelArch* current = sizer::find_model(id);
  bool changed = false;
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (ImGui::BeginCombo("##model", current ? current->name.c_str() : id.c_str(),
                        ImGuiComboFlags_HeightLarge)) {
    for (const sizer::ModelArch& m : sizer::model_catalog()) {
      if (widgets::list_row(m.name.c_str(), m.id == id)) {
        id = m.id;
        changed = true;
      }
    }
    ImGui::EndCombo();
  }
  return changed;
}

bool format_combo(std::string& id) {
  const sizer::NumberFormat* current = sizer::find_format(id);
  bool changed = false;
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (ImGui::BeginCombo("##format", current ? current->name.c_str() : id.c_str(),
                        ImGuiComboFlags_HeightLarge)) {
    for (const sizer::NumberFormat& f : sizer::format_catalog()) {
      if (widgets::list_row(f.name.c_str(), f.id == id)) {
        id = f.id;
        changed = true;
      }
    }
    ImGui::EndCombo();
  }
  return changed;
}

std::string engine_text(const SeedTable& t, const SeedCell& c) {
  if (!c.engine_known) return t.kind == SeedTableKind::cards ? tr("tables.none_fit") : fmt::k_dash;
  if (t.kind != SeedTableKind::cards) return fmt::bytes(c.engine);
  return fmt::integer(c.engine) + " \xC3\x97 " + gpu_name(c.gpu_id);
}

// The engine's figure, and under it the seed's (marked when they differ, with a note on hover).
void draw_cell(const App& app, const SeedTable& t, const SeedCell& c, const std::string& tag) {
  ImGui::TextUnformatted(engine_text(t, c).c_str());
  publish_last_item(app, tag);
  if (c.seed_text.empty()) return;
  const ImU32 color = c.differs ? widgets::warn_color() : widgets::muted_text_color();
  ImGui::PushStyleColor(ImGuiCol_Text, widgets::to_vec4(color));
  const std::string seed =
      trf(c.differs ? "tables.seed_differs" : "tables.seed_agrees", {c.seed_text});
  ImGui::TextUnformatted(seed.c_str());
  ImGui::PopStyleColor();
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28);
    ImGui::TextUnformatted(tr(c.differs ? "tables.why_differs" : "tables.why_agrees"));
    ImGui::TextDisabled("%s", tr(t.seed_source_key.c_str()));
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

void draw_table(App& app, const SeedTable& t, std::vector<std::string>& row_picks,
                std::vector<std::string>* column_picks, const char* id) {
  const int columns = 1 + static_cast<int>(t.column_ids.size());
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX;
  // The header and the rows (two lines each), the horizontal scroll bar and a line of slack
  // (rows grow past their minimum where the item spacing is larger, on phones).
  const ImGuiStyle& style = ImGui::GetStyle();
  // Headers wrap onto a second line in their column.
  const float header_h =
      std::max(ImGui::GetFrameHeight(), 2 * ImGui::GetTextLineHeightWithSpacing()) +
      2 * style.CellPadding.y;
  const float row_h = std::max(ImGui::GetFrameHeight(), 2 * ImGui::GetTextLineHeightWithSpacing()) +
                      2 * style.CellPadding.y;
  const float height = header_h + row_h * static_cast<float>(row_picks.size()) +
                       style.ScrollbarSize + ImGui::GetTextLineHeightWithSpacing();
  if (!ImGui::BeginTable(id, columns, flags, ImVec2(0, height))) return;
  ImGui::TableSetupColumn(tr("tables.col.model"), ImGuiTableColumnFlags_WidthFixed,
                          ImGui::GetFontSize() * 9);
  for (std::size_t c = 0; c < t.column_ids.size(); ++c) {
    const char* header = t.column_keys.empty() ? "" : tr(t.column_keys[c].c_str());
    ImGui::TableSetupColumn(header, ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 10);
  }
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers, header_h);
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(tr("tables.col.model"));
  for (std::size_t c = 0; c < t.column_ids.size(); ++c) {
    ImGui::TableNextColumn();
    ImGui::PushID(static_cast<int>(c));
    if (column_picks != nullptr) {
      format_combo((*column_picks)[c]);
    } else {
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextUnformatted(tr(t.column_keys[c].c_str()));
      ImGui::PopTextWrapPos();
    }
    ImGui::PopID();
  }
  for (std::size_t r = 0; r < t.cells.size(); ++r) {
    ImGui::TableNextRow(ImGuiTableRowFlags_None, row_h);
    ImGui::TableNextColumn();
    ImGui::PushID(static_cast<int>(r));
    model_combo(row_picks[r]);
    for (std::size_t c = 0; c < t.cells[r].size(); ++c) {
      ImGui::TableNextColumn();
      draw_cell(app, t, t.cells[r][c],
                std::string(id + 2) + "-" + std::to_string(r) + "-" + std::to_string(c));
    }
    ImGui::PopID();
  }
  ImGui::EndTable();
}

}  // namespace

void draw_seed_tables(App& app) {
  const std::string label = std::string(tr("tables.title")) + "###tables.title";
  const bool open = ImGui::CollapsingHeader(label.c_str());
  publish_last_item(app, "seed-tables-header");
  if (!open) return;
  ImGui::PushID("seed-tables");
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%s", tr("tables.intro"));
  ImGui::PopTextWrapPos();
  // A copy: the combos edit the picks while the cached tables are drawn.
  const std::vector<SeedTable> tables = tables_for(app.ui.seed_table_picks);
  SeedTablePicks& picks = app.ui.seed_table_picks;
  ImGui::SeparatorText(tr("tables.precision"));
  draw_table(app, tables[0], picks.precision_models, &picks.precision_formats, "##precision");
  ImGui::SeparatorText(tr("tables.practical"));
  draw_table(app, tables[1], picks.practical_models, nullptr, "##practical");
  ImGui::SeparatorText(tr("tables.cards"));
  draw_table(app, tables[2], picks.cards_models, nullptr, "##cards");
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%s", tr("tables.cards_note"));
  ImGui::PopTextWrapPos();
  ImGui::PopID();
}

}  // namespace app::results
