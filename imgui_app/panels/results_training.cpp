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
  // A plan that does not fit never runs: its times, speed, utilisation and cost are dashes, with
  // why (as the JSON has nulls). What it would train and compute stays.
  const bool fits = app.results.memory.fits;
  const std::string not_fit = fits ? std::string() : std::string(tr("res.speed.not_fit"));
  const auto running = [&](const std::string& value) {
    return fits ? value : std::string(fmt::k_dash);
  };
  value_row(app, "res.train.step", running(fmt::seconds(t.step_seconds)), "training.stepSeconds",
            not_fit);
  value_row(app, "res.train.tokens_per_step", fmt::count(t.tokens_per_step),
            "training.tokensPerStep");
  // What memory allows ("how long a context can I fine-tune on this card?"): shown whether or not
  // the current setting fits, like the memory figures.
  value_row(app, "res.train.max_seq_len", fmt::integer(t.max_seq_len), "training.maxSeqLen");
  publish_last_item(app, "training-max-seq-len");
  value_row(app, "res.train.max_micro_batch", fmt::integer(t.max_micro_batch),
            "training.maxMicroBatch");
  if (t.rollout_seconds_per_step > 0) {
    value_row(app, "res.train.rollout", running(fmt::seconds(t.rollout_seconds_per_step)),
              "training.rolloutSecondsPerStep", not_fit);
  }
  value_row(app, "res.train.tokens_per_second",
            running(trf("res.unit.tok_s", {fmt::number(t.tokens_per_second)})),
            "training.tokensPerSecond", not_fit);
  value_row(app, "res.train.total_time", running(fmt::seconds(t.total_hours * 3600)),
            "training.totalHours", not_fit);
  value_row(app, "res.train.gpu_hours", running(fmt::number(t.gpu_hours)), "training.gpuHours",
            not_fit);
  value_row(app, "res.train.cost",
            running(c.price_known ? fmt::usd(c.total_usd) : std::string(tr("res.cost.unknown"))),
            "cost.totalUsd", not_fit);
  if (c.price_known) {
    value_row(app, "res.cost.per_hour", running(fmt::usd(c.usd_per_hour)), "cost.usdPerHour",
              not_fit);
  }
  draw_price_rows(app);
  value_row(app, "res.train.mfu", running(fmt::percent(t.mfu)), "training.mfu", not_fit);
  value_row(app, "res.train.trainable", fmt::count(t.trainable_params), "training.trainableParams");
  value_row(app, "res.train.flops_per_token", fmt::count(t.flops_per_token),
            "training.flopsPerToken");
  value_row(app, "res.train.total_flops", fmt::flops(t.total_flops), "training.totalFlops");
  ImGui::EndTable();
}

void draw_step_split(const App& app) {
  const sizer::TrainingResult& t = app.results.training;
  if (!app.results.memory.fits) {
    // No step runs, so there is no split to draw: a dash, and why on hover.
    ImGui::TextUnformatted(trf("res.train.comm_share", {fmt::k_dash}).c_str());
    publish_last_item(app, "training-split");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("res.speed.not_fit"));
    return;
  }
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
