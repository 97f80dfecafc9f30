// Training: step time, tokens/s, total time, GPU-hours and cost, and how each step splits into
// compute and communication.
#include "imgui.h"
#include "logic/format.hpp"
#include "logic/i18n.hpp"
#include "panels/results_parts.hpp"
#include "widgets/palette.hpp"
#include "widgets/stacked_bar.hpp"

namespace app::results {
namespace {

void draw_figures(const App& app) {
  const sizer::TrainingResult& t = app.results.training;
  const sizer::CostResult& c = app.results.cost;
  if (!ImGui::BeginTable("##training", 2,
                         ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg)) {
    return;
  }
  ImGui::TableSetupColumn("##label", ImGuiTableColumnFlags_WidthStretch, 1.6f);
  ImGui::TableSetupColumn("##value", ImGuiTableColumnFlags_WidthStretch, 1.0f);
  value_row(app, "res.train.step", fmt::seconds(t.step_seconds), "training.stepSeconds");
  value_row(app, "res.train.tokens_per_step", fmt::count(t.tokens_per_step),
            "training.tokensPerStep");
  value_row(app, "res.train.tokens_per_second",
            trf("res.unit.tok_s", {fmt::number(t.tokens_per_second)}), "training.tokensPerSecond");
  value_row(app, "res.train.total_time", fmt::seconds(t.total_hours * 3600), "training.totalHours");
  value_row(app, "res.train.gpu_hours", fmt::number(t.gpu_hours), "training.gpuHours");
  value_row(app, "res.train.cost",
            c.price_known ? fmt::usd(c.total_usd) : std::string(tr("res.cost.unknown")),
            "cost.totalUsd");
  if (c.price_known) {
    value_row(app, "res.cost.per_hour", fmt::usd(c.usd_per_hour), "cost.usdPerHour");
  }
  draw_price_rows(app);
  value_row(app, "res.train.mfu", fmt::percent(t.mfu), "training.mfu");
  value_row(app, "res.train.trainable", fmt::count(t.trainable_params), "training.trainableParams");
  value_row(app, "res.train.flops_per_token", fmt::count(t.flops_per_token),
            "training.flopsPerToken");
  value_row(app, "res.train.total_flops", fmt::number(t.total_flops), "training.totalFlops");
  ImGui::EndTable();
}

void draw_step_split(const App& app) {
  const sizer::TrainingResult& t = app.results.training;
  const float em = ImGui::GetFontSize();
  ImGui::TextUnformatted(
      trf("res.train.comm_share", {fmt::percent(t.communication_share)}).c_str());
  if (ImGui::IsItemHovered()) formula_tooltip(app.results, "training.communicationShare");
  widgets::StackedBarSpec spec;
  spec.segments = {
      {tr("res.train.compute"), t.compute_seconds_per_step, widgets::series_color(0)},
      {tr("res.train.communication"), t.communication_seconds_per_step, widgets::series_color(1)},
  };
  const int hovered = widgets::stacked_bar("##split", spec, 0, 1.6f * em);
  publish_last_item(app, "training-split");
  if (hovered >= 0) {
    const widgets::BarSegment& s = spec.segments[static_cast<size_t>(hovered)];
    formula_tooltip(
        app.results,
        hovered == 0 ? "training.computeSecondsPerStep" : "training.communicationSecondsPerStep",
        std::string(s.label) + ": " + fmt::seconds(s.value));
  }
  widgets::legend(spec.segments);
}

}  // namespace

void draw_training(const App& app) {
  if (!section("res.train.title")) return;
  ImGui::PushID("training");
  draw_figures(app);
  ImGui::Spacing();
  draw_step_split(app);
  ImGui::PopID();
}

}  // namespace app::results
