// The Plan view's rate table and chart, under the chosen entry of the ranked inference plans: the
// cards, latency and cost the planner gives at rates from a quarter to four times the plan's
// (logic/plan_rates.hpp). The points are computed k_rates_slice_ms per frame, so the page keeps
// drawing.
#include "logic/plan_rates.hpp"

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "imgui.h"
#include "logic/format.hpp"
#include "logic/i18n.hpp"
#include "panels/inputs_widgets.hpp"
#include "panels/plan.hpp"
#include "widgets/line_chart.hpp"
#include "widgets/palette.hpp"

namespace app {
namespace {

// As the search's slices (panels/plan.cpp): a frame stays under 1/60 s with the drawing.
constexpr double k_rates_slice_ms = 12;

// The multiples as written in the table, shortest form ("0.25", "4"; fmt::number would write
// "0.250").
std::string factor_text(double factor) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", factor);
  return trf("plan.rates.factor", {buf});
}

std::string rate_text(double rps) { return trf("plan.rates.rps", {fmt::number(rps)}); }

// "8" over "2 × 4 cards" (replicas × cards in each; "2 replicas" of one card each), "*" when it
// is another split.
void cards_cell(const RatePoint& pt) {
  const sizer::Plan& p = pt.plan;
  ImGui::Text("%s%s", fmt::integer(p.gpus).c_str(), pt.same_split ? "" : " *");
  const int per_replica = p.tensor * p.pipeline;
  const std::string n = fmt::integer(p.replicas);
  const std::string line = per_replica > 1
                               ? trf("plan.rates.replicas_of", {n, fmt::integer(per_replica)})
                           : p.replicas > 1 ? trf("plan.rates.replicas", {n})
                                            : std::string(tr("plan.rates.replica_1"));
  ImGui::TextDisabled("%s", line.c_str());
}

void draw_table(App& app, const RateCurve& c) {
  const bool narrow = app.ui.narrow;
  // On a phone two figures share a column, one under the other.
  const int columns = narrow ? 4 : 6;
  const ImGuiTableFlags flags =
      ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp;
  ImGui::BeginGroup();
  if (!ImGui::BeginTable("##rates", columns, flags)) {
    ImGui::EndGroup();
    return;
  }
  // Fixed stretch weights: ImGui's proportional ones divide by the columns' measured widths, which
  // are all 0 (a NaN weight) when the table is first laid out scrolled out of view.
  auto column = [](const char* key, float weight) {
    ImGui::TableSetupColumn(tr(key), ImGuiTableColumnFlags_WidthStretch, weight);
  };
  column("plan.rates.col_rate", 1.0f);
  column("plan.rates.col_cards", narrow ? 1.0f : 1.6f);
  if (narrow) {
    column("plan.rates.col_latency_narrow", 1.2f);
    column("plan.rates.col_cost_narrow", 1.5f);
  } else {
    column("plan.rates.col_ttft", 1.0f);
    column("plan.rates.col_per_user", 1.0f);
    column("plan.rates.col_usd_per_hour", 1.0f);
    column("plan.rates.col_usd_per_million", 1.0f);
  }
  ImGui::TableHeadersRow();
  // Cells wrap their text (a phone's are narrow) rather than cut it off.
  ImGui::PushTextWrapPos(0.0f);
  const ImU32 target_bg = widgets::series_color(0, 0.18f);
  for (std::size_t i = 0; i < c.points.size(); i += k_rate_table_step) {
    const RatePoint& pt = c.points[i];
    ImGui::TableNextRow();
    if (pt.factor == 1) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, target_bg);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(factor_text(pt.factor).c_str());
    ImGui::TextDisabled("%s", rate_text(pt.requests_per_second).c_str());
    ImGui::TableNextColumn();
    if (!pt.served) {
      ImGui::TextDisabled("%s", fmt::k_dash);
      ImGui::TableNextColumn();
      ImGui::TextDisabled("%s", pt.error.empty() ? tr("plan.rates.not_served")
                                                 : trf("plan.rates.failed", {pt.error}).c_str());
      continue;
    }
    cards_cell(pt);
    const sizer::Plan& p = pt.plan;
    const std::string ttft = fmt::seconds(p.ttft_p90_seconds);
    const std::string per_user =
        trf("plan.rates.tokens_per_s", {fmt::number(p.tokens_per_second_per_user)});
    const std::string per_hour = trf("plan.rates.per_hour", {fmt::usd(p.usd_per_hour)});
    // A phone's column has no room for "per M tokens" in its heading: the cell says it.
    const std::string per_million =
        narrow ? trf("plan.rates.per_million", {fmt::usd(p.usd_per_million_tokens)})
               : fmt::usd(p.usd_per_million_tokens);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(ttft.c_str());
    if (narrow) {
      ImGui::TextDisabled("%s", per_user.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(per_million.c_str());
      ImGui::TextDisabled("%s", per_hour.c_str());
      continue;
    }
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(per_user.c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(per_hour.c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(per_million.c_str());
  }
  ImGui::PopTextWrapPos();
  ImGui::EndTable();
  ImGui::EndGroup();
  ui::tag(app, "plan-rates-table");
}

void draw_chart(App& app, const RateCurve& c) {
  widgets::LineChartSpec spec;
  std::vector<double> cost;
  for (const RatePoint& pt : c.points) {
    spec.x.push_back(pt.requests_per_second);
    cost.push_back(pt.served ? pt.plan.usd_per_million_tokens : NAN);
  }
  spec.series.push_back({tr("plan.rates.series_cost"), widgets::series_color(0), cost});
  spec.x_label = tr("plan.rates.axis_rate");
  spec.y_label = tr("plan.rates.axis_cost");
  spec.highlight_x = c.reference_rps;
  spec.log_y = false;  // from zero: how far the cost falls reads as a length
  const float em = ui::em();
  ImGui::BeginGroup();
  const widgets::ChartHover hover = widgets::line_chart(
      "plan-rates-chart", spec, ImVec2(0, em * (app.ui.narrow ? 11.0f : 12.0f)));
  ImGui::EndGroup();
  ui::tag(app, "plan-rates-chart");
  if (hover.point < 0) return;
  const RatePoint& pt = c.points[static_cast<std::size_t>(hover.point)];
  ImGui::BeginTooltip();
  ImGui::TextUnformatted(
      (factor_text(pt.factor) + "  \xC2\xB7  " + rate_text(pt.requests_per_second)).c_str());
  if (pt.served) {
    const sizer::Plan& p = pt.plan;
    ImGui::TextUnformatted(
        trf("plan.rates.tip_cards",
            {fmt::integer(p.gpus), fmt::integer(p.replicas), fmt::integer(p.batch)})
            .c_str());
    ImGui::TextUnformatted(
        trf("plan.metrics_inference",
            {fmt::usd(p.usd_per_hour), fmt::usd(p.usd_per_million_tokens),
             fmt::seconds(p.ttft_p90_seconds), fmt::number(p.tokens_per_second_per_user)})
            .c_str());
    if (!pt.same_split) ImGui::TextDisabled("%s", tr("plan.rates.tip_other_split"));
  } else {
    ImGui::TextDisabled("%s", tr("plan.rates.not_served"));
  }
  ImGui::EndTooltip();
}

}  // namespace

void draw_plan_rates(App& app) {
  const PlanRun& run = app.plan;
  const int index = app.ui.plan.rate_plan;
  const sizer::Plan& plan = run.result.plans.at(static_cast<std::size_t>(index));
  const std::string key = rate_curve_key(run.searched, index);
  RateCurve& c = app.plan_rates;
  if (c.key != key) c = start_rate_curve(run.request, plan, key);
  if (!c.done()) {
    advance_rate_curve(c, k_rates_slice_ms);
    app.dirty = true;  // an idle page sleeps (main.cpp): keep drawing until the curve is done
  }

  ImGui::Spacing();
  ImGui::Indent();
  ImGui::TextUnformatted(tr("plan.rates.title"));
  ui::tag(app, "plan-rates");
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%s",
                      trf(c.from_target ? "plan.rates.intro_target" : "plan.rates.intro_capacity",
                          {rate_text(c.reference_rps)})
                          .c_str());
  ImGui::PopTextWrapPos();
  if (!c.done()) {
    ImGui::TextDisabled("%s", trf("plan.rates.computing",
                                  {fmt::integer(static_cast<double>(c.points.size())),
                                   fmt::integer(static_cast<double>(std::size(k_rate_factors)))})
                                  .c_str());
    ui::tag(app, "plan-rates-computing");
    ImGui::Unindent();
    return;
  }
  draw_table(app, c);
  bool other_split = false;  // a row marked "*"
  for (std::size_t i = 0; i < c.points.size(); i += k_rate_table_step)
    other_split |= c.points[i].served && !c.points[i].same_split;
  ImGui::PushTextWrapPos(0.0f);
  if (other_split) ImGui::TextDisabled("%s", tr("plan.rates.other_split"));
  ImGui::PopTextWrapPos();
  draw_chart(app, c);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%s", tr("plan.rates.note"));
  ImGui::PopTextWrapPos();
  // On a line of its own: wrapped inside the note, a figure could break at its decimal point.
  ImGui::TextDisabled(
      "%s", trf("plan.rates.timing", {fmt::integer(static_cast<double>(std::size(k_rate_factors))),
                                      fmt::number(c.milliseconds)})
                .c_str());
  ImGui::Unindent();
  ImGui::Spacing();
}

}  // namespace app
