// The Plan view's results: search statistics, the ranked plans with their reasons, the Pareto
// chart, and the empty state (what to relax when no plan meets the targets).
//
// [SECTION] text of a plan
// [SECTION] loading and links
// [SECTION] statistics
// [SECTION] Pareto chart
// [SECTION] ranked list
// [SECTION] empty state
#include <algorithm>
#include <cmath>

#include "imgui.h"
#include "logic/chart_scale.hpp"
#include "logic/format.hpp"
#include "logic/i18n.hpp"
#include "logic/report.hpp"
#include "logic/state_json.hpp"
#include "misc/cpp/imgui_stdlib.h"
#include "panels/inputs_widgets.hpp"
#include "panels/plan.hpp"
#include "platform.hpp"
#include "sizer/catalog.hpp"
#include "sizer/enums.hpp"
#include "sizer/prices.hpp"
#include "sizer/request_json.hpp"
#include "sizer/share_link.hpp"
#include "widgets/chart_frame.hpp"
#include "widgets/palette.hpp"

namespace app {
namespace {

bool training_result(const sizer::PlanResult& r) {
  return !r.plans.empty() && r.plans.front().scenario.mode == sizer::Mode::training;
}

const char* basis_key(sizer::PriceBasis b) {
  switch (b) {
    case sizer::PriceBasis::hyperscaler:
      return "plan.basis.hyperscaler";
    case sizer::PriceBasis::marketplace:
      return "plan.basis.marketplace";
    case sizer::PriceBasis::own:
      return "plan.basis.own";
    case sizer::PriceBasis::gpu_cloud:
      break;
  }
  return "plan.basis.gpu_cloud";
}

std::string gpu_name(const std::string& id) {
  const sizer::Gpu* g = sizer::find_gpu(id);
  return g != nullptr ? g->name : id;
}

std::string format_name(const std::string& id) {
  const sizer::NumberFormat* f = sizer::find_format(id);
  return f != nullptr ? f->name : id;
}

std::string pct_more(double a, double best) {
  return best > 0 ? fmt::percent(a / best - 1) : fmt::percent(NAN);
}

// The point a list row or the chart hovers this frame (drawn highlighted in both).
int g_hovered = -1;
int g_hovered_next = -1;

}  // namespace

// [SECTION] text of a plan

std::string plan_title(const sizer::Plan& p) {
  std::string t = trf("plan.title_cards", {fmt::integer(p.gpus), gpu_name(p.gpu_id)});
  if (p.scenario.mode == sizer::Mode::training)
    t += "  \xC2\xB7  " + std::string(tr(sizer::enum_entry(p.method).label_key));
  return t;
}

std::string plan_setup(const sizer::Plan& p) {
  const char* sep = "  \xC2\xB7  ";
  std::string s;
  if (p.tensor > 1 && p.pipeline > 1)
    s += trf("plan.split", {fmt::integer(p.tensor), fmt::integer(p.pipeline)}) + sep;
  else if (p.tensor > 1)
    s += trf("plan.split_tensor", {fmt::integer(p.tensor)}) + sep;
  else if (p.pipeline > 1)
    s += trf("plan.split_pipeline", {fmt::integer(p.pipeline)}) + sep;
  if (p.scenario.mode == sizer::Mode::training) {
    s += trf("plan.zero", {fmt::integer(p.zero_stage)});
    if (p.offload_optimizer) s += sep + std::string(tr("plan.offload"));
    s += sep +
         trf("plan.micro_batch", {fmt::integer(p.micro_batch), fmt::integer(p.grad_accumulation)});
    if (p.replicas > 1) s += sep + trf("plan.data_parallel", {fmt::integer(p.replicas)});
    s += sep +
         std::string(tr(("plan.recompute." + std::string(sizer::enum_id(p.recompute))).c_str()));
    s += sep + trf("plan.weights", {format_name(p.weights)});
    return s;
  }
  s += trf("plan.weights", {format_name(p.weights)}) + sep +
       trf("plan.kv", {format_name(p.kv_cache)}) + sep +
       trf(p.replicas > 1 ? "plan.batch_replicas" : "plan.batch_one",
           {fmt::integer(p.batch), fmt::integer(p.replicas)});
  return s;
}

std::string plan_reason(const sizer::PlanResult& r, int index, const PlanInputs& t) {
  const sizer::Plan& p = r.plans[static_cast<std::size_t>(index)];
  if (p.scenario.mode == sizer::Mode::training) {
    const std::string figures =
        p.price_known ? trf("plan.reason.train_figures",
                            {fmt::seconds(p.total_hours * 3600), fmt::usd(p.total_usd),
                             fmt::percent(p.mfu), fmt::percent(p.communication_share)})
                      : trf("plan.reason.train_figures_unpriced",
                            {fmt::seconds(p.total_hours * 3600), fmt::percent(p.mfu),
                             fmt::percent(p.communication_share)});
    std::string s;
    if (index == r.cheapest_within_deadline)
      s = trf(t.deadline_hours > 0 ? "plan.reason.cheapest_deadline" : "plan.reason.cheapest_any",
              {figures});
    else if (index == r.fastest_within_budget)
      s = trf(t.budget_usd > 0 ? "plan.reason.fastest_budget" : "plan.reason.fastest_any",
              {figures});
    else
      s = trf(p.meets_targets ? "plan.reason.train_other" : "plan.reason.train_misses", {figures});
    if (p.communication_share > 0.3) s += " " + std::string(tr("plan.reason.comm_dominates"));
    if (p.offload_optimizer) s += " " + std::string(tr("plan.reason.offload"));
    return s;
  }
  const sizer::Plan& best = r.plans.front();
  if (index == 0) {
    std::string s =
        trf("plan.reason.cheapest", {fmt::number(p.requests_per_second),
                                     fmt::usd(p.usd_per_million_tokens), fmt::usd(p.usd_per_hour)});
    auto other = std::find_if(r.plans.begin() + 1, r.plans.end(),
                              [&](const sizer::Plan& q) { return q.gpu_id != p.gpu_id; });
    if (other != r.plans.end())
      s += " " + trf("plan.reason.other_card",
                     {plan_title(*other),
                      pct_more(other->usd_per_million_tokens, p.usd_per_million_tokens)});
    s += " " + std::string(tr(p.prefill_share < 0.5 ? "plan.reason.memory_bound"
                                                    : "plan.reason.prefill_bound"));
    return s;
  }
  std::string s =
      trf("plan.reason.dearer", {pct_more(p.usd_per_million_tokens, best.usd_per_million_tokens)});
  if (p.ttft_p90_seconds < best.ttft_p90_seconds * 0.9) s += tr("plan.reason.faster_first_token");
  if (p.tokens_per_second_per_user > best.tokens_per_second_per_user * 1.1)
    s += tr("plan.reason.faster_per_user");
  if (p.usd_per_hour < best.usd_per_hour) s += tr("plan.reason.lower_per_hour");
  return s + tr("plan.reason.end");
}

// [SECTION] loading and links

void load_plan(App& app, const sizer::Plan& plan) {
  app.inputs = plan.scenario;
  app.ui.tab = tab_for(plan.scenario, app.ui.tab);
  app.ui.plan.open = false;
  app.ui.status_line = trf("plan.loaded", {plan_title(plan)});
  app.ui.status_is_error = false;
  app.dirty = true;
}

std::string plan_share_url(const App& app, const sizer::Plan& plan) {
  UiState ui = app.ui;
  ui.plan.open = false;
  ui.tab = tab_for(plan.scenario, app.ui.tab);
  return platform::page_url() + "#" +
         sizer::encode_share_fragment(sizer::scenario_to_request_json(plan.scenario),
                                      ui_to_json(ui));
}

// The training front among the priced plans. The core's pareto_cost_speed counts an unpriced
// plan's total_usd (0) as a cost, so one unpriced card "dominates" every priced plan; on a chart of
// cost the unpriced plans have no place (they are drawn nowhere).
std::vector<int> plan_chart_front(const sizer::PlanResult& r) {
  std::vector<int> front;
  const int n = static_cast<int>(r.plans.size());
  for (int i = 0; i < n; ++i) {
    const sizer::Plan& a = r.plans[static_cast<std::size_t>(i)];
    if (!a.price_known) continue;
    bool dominated = false;
    for (int j = 0; j < n && !dominated; ++j) {
      const sizer::Plan& b = r.plans[static_cast<std::size_t>(j)];
      if (j == i || !b.price_known) continue;
      dominated = b.total_usd <= a.total_usd && b.total_hours <= a.total_hours &&
                  (b.total_usd < a.total_usd || b.total_hours < a.total_hours);
    }
    if (!dominated) front.push_back(i);
  }
  return front;
}

// [SECTION] statistics

void draw_plan_stats(App& app) {
  const PlanRun& run = app.plan;
  if (!run.has_result || run.searching()) return;  // figures of the search once it ends
  const sizer::PlanStats& s = run.result.stats;
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%s",
                      trf("plan.stats", {fmt::count(s.evaluated_count), fmt::count(s.pruned_count),
                                         fmt::number(s.milliseconds)})
                          .c_str());
  ui::tag(app, "plan-stats");
  if (!run.result.plans.empty()) {
    if (ImGui::Button(tr("plan.csv")))
      platform::download("llm-sizer-plans.csv", "text/csv", plan_csv(run.result));
    ui::tag(app, "plan-csv");
  }
  ImGui::TextDisabled(
      "%s", trf("plan.stats_prices", {fmt::integer(s.gpu_types_priced), fmt::integer(s.gpu_types),
                                      tr(basis_key(app.inputs.cost.basis))})
                .c_str());
  ImGui::PopTextWrapPos();
  const std::vector<std::string>& unpriced = run.result.unpriced_gpus;
  if (!unpriced.empty()) {
    const bool training = app.inputs.mode == sizer::Mode::training;
    ImGui::TextDisabled("%s", trf(training ? "plan.unpriced_training" : "plan.unpriced",
                                  {fmt::integer(static_cast<double>(unpriced.size()))})
                                  .c_str());
    ImGui::SameLine();
    ImGui::TextDisabled("(?)");
    ui::tag(app, "plan-unpriced");
    if (ImGui::BeginItemTooltip()) {
      ImGui::PushTextWrapPos(ui::tooltip_wrap(30));
      const std::string names = unpriced_gpu_names(unpriced, app.inputs.cost.basis);
      ImGui::TextUnformatted(tr("plan.unpriced_tip"));
      ImGui::TextUnformatted(names.c_str());
      ImGui::PopTextWrapPos();
      ImGui::EndTooltip();
    }
  }
}

std::string unpriced_gpu_names(const std::vector<std::string>& gpu_ids, sizer::PriceBasis basis) {
  std::string names;
  for (const std::string& id : gpu_ids) {
    const sizer::Gpu* g = sizer::find_gpu(id);
    names += (names.empty() ? "" : ", ") + (g != nullptr ? g->name : id);
    if (g != nullptr && sizer::owned_but_not_sold(*g, basis))
      names += std::string(" ") + tr("plan.not_for_sale_suffix");
  }
  return names;
}

namespace {

// [SECTION] Pareto chart

// Inference: $ per million tokens against TTFT p90; training: total $ against hours. Both axes
// log, both minimised: the front (no plan is cheaper and faster) is drawn bright and joined,
// dominated plans dimmed. Returns the plan a click on the chart chose, or -1.
int draw_pareto(App& app, const sizer::PlanResult& r) {
  const bool training = training_result(r);
  std::vector<double> xs;
  std::vector<double> ys;
  for (const sizer::Plan& p : r.plans) {
    xs.push_back(training ? (p.price_known ? p.total_usd : NAN) : p.usd_per_million_tokens);
    ys.push_back(training ? p.total_hours : p.ttft_p90_seconds);
  }
  const std::vector<int> front = training ? plan_chart_front(r) : r.pareto_cost_latency;
  chart::Range xr = chart::sanitize_log(chart::data_range(xs, true));
  chart::Range yr = chart::sanitize_log(chart::data_range(ys, true));
  xr = chart::nice_log_range({xr.min / 1.3, xr.max * 1.3});
  yr = chart::nice_log_range({yr.min / 1.3, yr.max * 1.3});
  const float em = ui::em();
  ImGui::TextUnformatted(tr(training ? "plan.chart.title_training" : "plan.chart.title_inference"));
  const widgets::ChartFrame f = widgets::begin_chart(
      "##pareto", ImVec2(0, em * (app.ui.narrow ? 13.0f : 15.0f)),
      {xr, true, tr(training ? "plan.chart.x_training" : "plan.chart.x_inference")},
      {yr, true, tr(training ? "plan.chart.y_training" : "plan.chart.y_inference")});
  ui::tag(app, "plan-chart");
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->PushClipRect(f.plot_min, f.plot_max, true);
  const int n = static_cast<int>(r.plans.size());
  int hovered = f.hovered ? widgets::nearest_point(f, xs.data(), ys.data(), n, em) : -1;
  // The front, joined in cost order.
  std::vector<int> line = front;
  std::sort(line.begin(), line.end(), [&](int a, int b) { return xs[a] < xs[b]; });
  const ImU32 accent = widgets::series_color(0);
  for (std::size_t k = 1; k < line.size(); ++k) {
    const int a = line[k - 1];
    const int b = line[k];
    if (!(xs[a] > 0) || !(xs[b] > 0)) continue;
    draw->AddLine(ImVec2(f.x.to_pixel(xs[a]), f.y.to_pixel(ys[a])),
                  ImVec2(f.x.to_pixel(xs[b]), f.y.to_pixel(ys[b])), widgets::series_color(0, 0.6f),
                  0.12f * em);
  }
  const int shown = hovered >= 0 ? hovered : g_hovered;
  for (int pass = 0; pass < 2; ++pass) {  // dominated first, the front on top
    for (int i = 0; i < n; ++i) {
      const bool on_front = std::find(front.begin(), front.end(), i) != front.end();
      if (on_front != (pass == 1) || !(xs[i] > 0) || !(ys[i] > 0)) continue;
      const ImVec2 c(f.x.to_pixel(xs[i]), f.y.to_pixel(ys[i]));
      if (on_front) {
        draw->AddCircleFilled(c, 0.42f * em, accent);
        draw->AddCircle(c, 0.42f * em, widgets::page_background(), 0, 0.08f * em);
      } else {
        draw->AddCircleFilled(c, 0.3f * em,
                              (widgets::muted_text_color() & 0x00FFFFFFu) | 0x70000000u);
      }
      if (i == 0) draw->AddCircle(c, 0.62f * em, widgets::good_color(), 0, 0.12f * em);
      if (i == shown)
        draw->AddCircle(c, 0.8f * em, ImGui::GetColorU32(ImGuiCol_Text), 0, 0.1f * em);
    }
  }
  draw->PopClipRect();
  int clicked = -1;
  if (hovered >= 0) {
    g_hovered_next = hovered;
    const sizer::Plan& p = r.plans[static_cast<std::size_t>(hovered)];
    ImGui::BeginTooltip();
    ImGui::TextUnformatted(("#" + std::to_string(hovered + 1) + "  " + plan_title(p)).c_str());
    ImGui::TextDisabled("%s", plan_setup(p).c_str());
    if (training)
      ImGui::TextUnformatted(trf("plan.metrics_training_short",
                                 {fmt::seconds(p.total_hours * 3600),
                                  p.price_known ? fmt::usd(p.total_usd) : tr("plan.no_price")})
                                 .c_str());
    else
      ImGui::TextUnformatted(
          trf("plan.metrics_inference_short",
              {fmt::usd(p.usd_per_million_tokens), fmt::seconds(p.ttft_p90_seconds),
               fmt::number(p.tokens_per_second_per_user)})
              .c_str());
    ImGui::TextDisabled("%s", tr(std::find(front.begin(), front.end(), hovered) != front.end()
                                     ? "plan.chart.on_front"
                                     : "plan.chart.dominated"));
    ImGui::TextDisabled("%s", tr("plan.chart.click"));
    ImGui::EndTooltip();
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) clicked = hovered;
  }
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%s", tr("plan.chart.legend"));
  ImGui::PopTextWrapPos();
  return clicked;
}

// [SECTION] ranked list

// Returns the plan to load, or -1.
int draw_plan_list(App& app, const sizer::PlanResult& r) {
  int load = -1;
  const bool training = training_result(r);
  const float row_h = std::max(ImGui::GetFrameHeight(), ImGui::GetTextLineHeightWithSpacing());
  // An old link may name a plan past the list: the last one.
  app.ui.plan.rate_plan =
      std::clamp(app.ui.plan.rate_plan, 0, std::max(0, static_cast<int>(r.plans.size()) - 1));
  for (int i = 0; i < static_cast<int>(r.plans.size()); ++i) {
    const sizer::Plan& p = r.plans[static_cast<std::size_t>(i)];
    ImGui::PushID(i);
    ImGui::Separator();
    std::string head = "#" + std::to_string(i + 1) + "  " + plan_title(p);
    if (training && i == r.cheapest_within_deadline)
      head += "  \xC2\xB7  " +
              std::string(tr(app.ui.plan.deadline_hours > 0 ? "plan.badge.cheapest"
                                                            : "plan.badge.cheapest_any"));
    if (training && i == r.fastest_within_budget)
      head +=
          "  \xC2\xB7  " + std::string(tr(app.ui.plan.budget_usd > 0 ? "plan.badge.fastest"
                                                                     : "plan.badge.fastest_any"));
    const bool shown = i == g_hovered;
    ImGui::PushStyleVar(ImGuiStyleVar_SelectableTextAlign, ImVec2(0.0f, 0.5f));
    if (ImGui::Selectable(head.c_str(), shown, ImGuiSelectableFlags_None, ImVec2(0, row_h)))
      load = i;
    ImGui::PopStyleVar();
    ui::tag(app, ("plan-" + std::to_string(i)).c_str());
    if (ImGui::IsItemHovered()) {
      g_hovered_next = i;
      ImGui::SetTooltip("%s", tr("plan.load_tip"));
    }
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", plan_setup(p).c_str());
    std::string metrics;
    if (training) {
      metrics = trf("plan.metrics_training",
                    {fmt::seconds(p.total_hours * 3600),
                     p.price_known ? fmt::usd(p.total_usd) : tr("plan.no_price"),
                     p.price_known ? fmt::usd(p.usd_per_hour) : tr("plan.no_price"),
                     fmt::seconds(p.step_seconds), fmt::bytes(p.per_gpu_bytes)});
    } else {
      metrics = trf("plan.metrics_inference",
                    {fmt::usd(p.usd_per_hour), fmt::usd(p.usd_per_million_tokens),
                     fmt::seconds(p.ttft_p90_seconds), fmt::number(p.tokens_per_second_per_user)});
    }
    ImGui::TextUnformatted(metrics.c_str());
    ui::tag(app, ("plan-metrics-" + std::to_string(i)).c_str());
    ImGui::TextDisabled("%s", plan_reason(r, i, app.ui.plan).c_str());
    ImGui::PopTextWrapPos();
    if (ImGui::Button(tr("plan.use"))) load = i;
    ui::tag(app, ("plan-use-" + std::to_string(i)).c_str());
    ImGui::SameLine();
    if (ImGui::Button(tr("plan.copy_link"))) {
      app.plan.copied = i;
      app.plan.copied_url = plan_share_url(app, p);
      platform::copy_to_clipboard(app.plan.copied_url);
      app.ui.status_line = tr("share.copying");
      app.ui.status_is_error = false;
    }
    ui::tag(app, ("plan-link-" + std::to_string(i)).c_str());
    if (!training && i != app.ui.plan.rate_plan) {
      ImGui::SameLine();
      if (ImGui::Button(tr("plan.rates.show"))) app.ui.plan.rate_plan = i;
      ui::tag(app, ("plan-rates-show-" + std::to_string(i)).c_str());
    }
    if (app.plan.copied == i) {
      ImGui::SetNextItemWidth(-FLT_MIN);
      ImGui::InputText("##link", &app.plan.copied_url, ImGuiInputTextFlags_ReadOnly);
      ui::tag(app, ("plan-link-field-" + std::to_string(i)).c_str());
    }
    // The chosen plan's rate table, under its entry.
    if (!training && i == app.ui.plan.rate_plan) draw_plan_rates(app);
    ImGui::PopID();
  }
  return load;
}

// [SECTION] empty state

std::string relax_text(const App& app, const PlanRelaxation& x) {
  const std::string key = "plan.relax." + x.what;
  const std::string best =
      x.best.scenario.mode == sizer::Mode::training
          ? trf("plan.relax.best_training",
                {plan_title(x.best), fmt::seconds(x.best.total_hours * 3600),
                 x.best.price_known ? fmt::usd(x.best.total_usd) : tr("plan.no_price")})
          : trf("plan.relax.best_inference",
                {plan_title(x.best), fmt::usd(x.best.usd_per_million_tokens)});
  (void)app;
  return trf(key.c_str(), {fmt::integer(x.value)}) + " " + best;
}

void apply_relaxation(App& app, const PlanRelaxation& x) {
  PlanInputs& p = app.ui.plan;
  if (x.what == "ttft") p.ttft_p90_seconds = 0;
  if (x.what == "tokensPerUser") p.tokens_per_second_per_user = 0;
  if (x.what == "requestsPerSecond") p.requests_per_second = 0;
  if (x.what == "throughput") p.throughput_tokens_per_second = 0;
  if (x.what == "deadline") p.deadline_hours = 0;
  if (x.what == "budget") p.budget_usd = 0;
  if (x.what == "usdPerHour") p.usd_per_hour_max = 0;
  if (x.what == "maxGpus") p.max_gpus = static_cast<int>(x.value);
  if (x.what == "hardware") {
    p.vendors.clear();
    p.consumer = true;
  }
  if (x.what == "split") {
    p.tensor_parallel = 0;
    p.pipeline_parallel = 0;
  }
}

void draw_empty(App& app) {
  const PlanRun& run = app.plan;
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(widgets::to_vec4(widgets::warn_color()), "%s", tr("plan.empty.title"));
  ui::tag(app, "plan-empty");
  const sizer::PlanStats& s = run.result.stats;
  if (s.gpu_types == 0) {
    ImGui::TextUnformatted(tr("plan.empty.no_cards"));
  } else if (s.gpu_types_priced == 0) {
    ImGui::TextUnformatted(trf("plan.empty.no_prices",
                               {fmt::integer(s.gpu_types), tr(basis_key(app.inputs.cost.basis))})
                               .c_str());
  } else if (run.model_never_fits) {
    ImGui::TextUnformatted(trf(app.inputs.mode == sizer::Mode::training
                                   ? "plan.empty.never_training"
                                   : "plan.empty.never_inference",
                               {app.inputs.model.name, fmt::integer(app.ui.plan.max_gpus)})
                               .c_str());
  } else {
    ImGui::TextUnformatted(tr("plan.empty.relax_intro"));
  }
  int apply = -1;
  for (int i = 0; i < static_cast<int>(run.relaxations.size()); ++i) {
    ImGui::PushID(i);
    ImGui::Bullet();
    ImGui::TextUnformatted(relax_text(app, run.relaxations[static_cast<std::size_t>(i)]).c_str());
    if (ImGui::Button(tr("plan.relax.apply"))) apply = i;
    ui::tag(app, ("plan-relax-" + std::to_string(i)).c_str());
    ImGui::PopID();
  }
  ImGui::PopTextWrapPos();
  if (apply >= 0) apply_relaxation(app, run.relaxations[static_cast<std::size_t>(apply)]);
}

}  // namespace

void draw_plan_results(App& app) {
  g_hovered = g_hovered_next;
  g_hovered_next = -1;
  const PlanRun& run = app.plan;
  ui::section("plan.section.results");
  if (!run.has_result) {
    ImGui::TextDisabled("%s", tr("plan.not_yet"));
    return;
  }
  if (run.searching()) {  // the page stays live; the plans replace this when the search ends
    const int percent = static_cast<int>(run.progress * 100 + 0.5);
    ImGui::ProgressBar(static_cast<float>(run.progress), ImVec2(-FLT_MIN, 0),
                       trf("plan.searching_share", {std::to_string(percent)}).c_str());
    ui::tag(app, "plan-progress");
    return;
  }
  const sizer::PlanResult& r = run.result;
  if (!r.error.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(widgets::to_vec4(widgets::bad_color()), "%s",
                       trf("plan.error", {r.error}).c_str());
    ImGui::PopTextWrapPos();
    return;
  }
  if (r.plans.empty()) {
    draw_empty(app);
    return;
  }
  ImGui::TextUnformatted(
      trf("plan.found", {fmt::integer(static_cast<double>(r.plans.size()))}).c_str());
  ui::tag(app, "plan-found");
  const int chart_pick = draw_pareto(app, r);
  const int list_pick = draw_plan_list(app, r);
  const int pick = list_pick >= 0 ? list_pick : chart_pick;
  // Copy first: load_plan replaces the state that owns the result's scenario.
  if (pick >= 0) load_plan(app, sizer::Plan(r.plans[static_cast<std::size_t>(pick)]));
}

}  // namespace app
