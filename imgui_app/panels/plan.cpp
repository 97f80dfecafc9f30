// The Plan view: layout, targets and constraints, and when the search runs.
//
// [SECTION] fields
// [SECTION] targets and constraints
// [SECTION] search scheduling
// [SECTION] view
#include "panels/plan.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "imgui.h"
#include "layout.hpp"
#include "logic/i18n.hpp"
#include "panels/inputs.hpp"
#include "panels/inputs_widgets.hpp"
#include "sizer/catalog.hpp"
#include "sizer/enums.hpp"

namespace app {
namespace {

// A search starts this long after the last edit (the app stays awake 0.7 s after input, main.cpp).
constexpr double k_plan_idle_s = 0.35;

// [SECTION] fields

// A labelled number field; `help_key` explains the target ("0 = none").
bool number_row(App& app, const char* label_key, const char* tag_id, double* v,
                const char* help_key) {
  ui::help_for_next_row(help_key);
  ui::row_begin(app, label_key);
  bool changed = ImGui::InputDouble("##v", v, 0, 0, "%.4g");
  ui::tag(app, tag_id);
  if (changed) *v = std::isfinite(*v) ? std::clamp(*v, 0.0, 1e9) : 0.0;
  ui::row_end();
  return changed;
}

bool int_row(App& app, const char* label_key, const char* tag_id, int* v, int lo, int hi,
             const char* help_key) {
  ui::help_for_next_row(help_key);
  ui::row_begin(app, label_key);
  bool changed = ImGui::InputInt("##v", v, 0, 0);
  ui::tag(app, tag_id);
  if (changed) *v = std::clamp(*v, lo, hi);
  ui::row_end();
  return changed;
}

// Starts the next checkbox on this line when it fits, else on the next one.
void flow(bool first, const char* label) {
  if (first) return;
  const ImGuiStyle& s = ImGui::GetStyle();
  const float w = ImGui::GetFrameHeight() + s.ItemInnerSpacing.x + ImGui::CalcTextSize(label).x;
  ImGui::SameLine();
  if (ImGui::GetContentRegionAvail().x < w + s.ItemSpacing.x) ImGui::NewLine();
}

// Checkboxes over `choices`; `chosen` empty means all of them. The last one cannot be unticked
// (an empty choice would mean "all" again).
void choice_boxes(App& app, const char* tag_prefix, const std::vector<std::string>& choices,
                  const std::vector<std::string>& labels, std::vector<std::string>& chosen) {
  for (std::size_t i = 0; i < choices.size(); ++i) {
    const std::string& id = choices[i];
    flow(i == 0, labels[i].c_str());
    bool on = chosen.empty() || std::find(chosen.begin(), chosen.end(), id) != chosen.end();
    ImGui::PushID(static_cast<int>(i));
    if (ImGui::Checkbox(labels[i].c_str(), &on)) {
      std::vector<std::string> next;
      for (const std::string& c : choices) {
        const bool was =
            chosen.empty() || std::find(chosen.begin(), chosen.end(), c) != chosen.end();
        if (c == id ? on : was) next.push_back(c);
      }
      if (!next.empty()) chosen = next.size() == choices.size() ? std::vector<std::string>{} : next;
    }
    ui::tag(app, (std::string(tag_prefix) + id).c_str());
    ImGui::PopID();
  }
}

// "Any" (0) or one of the degrees the core offers for this request. A pinned degree that the model
// or the card limit no longer allows stays shown, marked, until the user picks another (its search
// finds nothing, and the empty state offers to let the planner pick).
void degree_row(App& app, const char* label_key, const char* tag_id, int* v,
                std::vector<int> degrees, const char* help_key) {
  degrees.insert(degrees.begin(), 0);
  const bool offered = std::find(degrees.begin(), degrees.end(), *v) != degrees.end();
  if (!offered) degrees.push_back(*v);
  int index = static_cast<int>(std::find(degrees.begin(), degrees.end(), *v) - degrees.begin());
  ui::help_for_next_row(help_key);
  if (ui::combo(app, label_key, tag_id, &index, static_cast<int>(degrees.size()),
                [&](int i) -> std::string {
                  const int d = degrees[static_cast<std::size_t>(i)];
                  if (d == 0) return tr("plan.split_any");
                  if (!offered && d == *v)
                    return trf("plan.split_unavailable", {std::to_string(d)});
                  return std::to_string(d);
                }))
    *v = degrees[static_cast<std::size_t>(index)];
}

// [SECTION] targets and constraints

void draw_targets(App& app) {
  PlanInputs& p = app.ui.plan;
  const bool training = app.inputs.mode == sizer::Mode::training;
  ui::section(training ? "plan.section.targets_training" : "plan.section.targets_inference");
  if (training) {
    number_row(app, "plan.deadline", "plan-deadline", &p.deadline_hours, "plan.help.deadline");
    number_row(app, "plan.budget", "plan-budget", &p.budget_usd, "plan.help.budget");
    int_row(app, "plan.global_batch", "plan-global-batch", &p.global_batch, 0, 4096,
            "plan.help.global_batch");
    if (app.ui.tab == ModeTab::finetune) {
      ui::row_begin(app, "plan.methods");
      ui::row_end();
      const sizer::TrainingMethod order[] = {
          sizer::TrainingMethod::lora, sizer::TrainingMethod::qlora, sizer::TrainingMethod::full};
      std::vector<std::string> ids;
      std::vector<std::string> labels;
      for (sizer::TrainingMethod m : order) {
        ids.push_back(sizer::enum_id(m));
        labels.push_back(tr(sizer::enum_entry(m).label_key));
      }
      if (!app.ui.narrow) ImGui::SameLine(ui::em() * 10.5f);
      // Empty = the calculator's method only: show that, and start an explicit list from it.
      std::vector<std::string> chosen = p.methods;
      if (chosen.empty()) chosen = {sizer::enum_id(app.inputs.training.method)};
      choice_boxes(app, "plan-method-", ids, labels, chosen);
      p.methods = chosen.empty() ? std::vector<std::string>(ids) : chosen;
      if (p.methods.size() == 1 && p.methods[0] == sizer::enum_id(app.inputs.training.method))
        p.methods.clear();
    }
  } else {
    number_row(app, "plan.rps", "plan-rps", &p.requests_per_second, "plan.help.rps");
    number_row(app, "plan.ttft", "plan-ttft", &p.ttft_p90_seconds, "plan.help.ttft");
    number_row(app, "plan.tokens_per_user", "plan-tokens-per-user", &p.tokens_per_second_per_user,
               "plan.help.tokens_per_user");
    number_row(app, "plan.throughput", "plan-throughput", &p.throughput_tokens_per_second,
               "plan.help.throughput");
  }
}

void draw_constraints(App& app) {
  PlanInputs& p = app.ui.plan;
  ui::section("plan.section.constraints");
  ImGui::TextUnformatted(tr("plan.vendors"));
  const std::vector<std::string> vendors = catalog_vendors();
  choice_boxes(app, "plan-vendor-", vendors, vendors, p.vendors);
  ImGui::Checkbox(tr("plan.consumer"), &p.consumer);
  ui::tag(app, "plan-consumer");
  int_row(app, "plan.max_gpus", "plan-max-gpus", &p.max_gpus, 1, 4096, "plan.help.max_gpus");
  number_row(app, "plan.usd_per_hour_max", "plan-usd-per-hour", &p.usd_per_hour_max,
             "plan.help.usd_per_hour_max");
  // The split of each model copy: the degrees the planner's search can give this model.
  sizer::PlanRequest request = plan_request(app.inputs, p, false);
  degree_row(app, "plan.tensor", "plan-tensor", &p.tensor_parallel,
             sizer::planner_tensor_degrees(request), "plan.help.tensor");
  request.constraints.tensor_parallel = p.tensor_parallel;
  degree_row(app, "plan.pipeline", "plan-pipeline", &p.pipeline_parallel,
             sizer::planner_pipeline_degrees(request), "plan.help.pipeline");
  if (app.inputs.mode == sizer::Mode::inference) {
    ImGui::TextUnformatted(tr("plan.formats"));
    ImGui::SameLine();
    ImGui::TextDisabled("%s", tr("plan.formats_hint"));
    const std::vector<std::string> ids = plan_format_choices(app.inputs.inference.engine);
    std::vector<std::string> labels;
    for (const std::string& id : ids) {
      const sizer::NumberFormat* f = sizer::find_format(id);
      labels.push_back(f != nullptr ? f->name : id);
    }
    choice_boxes(app, "plan-format-", ids, labels, p.formats);
    ImGui::TextUnformatted(tr("plan.kv_formats"));
    ImGui::SameLine();
    ImGui::TextDisabled("%s", tr("plan.formats_hint"));
    const std::vector<std::string> kv_ids = sizer::planner_kv_formats(app.inputs.inference.engine);
    std::vector<std::string> kv_labels;
    for (const std::string& id : kv_ids) {
      const sizer::NumberFormat* f = sizer::find_format(id);
      kv_labels.push_back(f != nullptr ? f->name : id);
    }
    choice_boxes(app, "plan-kv-format-", kv_ids, kv_labels, p.kv_formats);
  }
}

// [SECTION] search scheduling

// Runs the search once per change, k_plan_idle_s after the last edit, or at once when the user
// presses "Find plans". The search runs k_search_slice_ms per frame (the training search one card
// type at a time), so the page keeps drawing and taking input, with the share searched shown.
// Only a fast search starts on its own: in the browser the inference search takes ~30-60 ms, a
// training search comparing methods ~0.5-1 s of slices; that one waits for "Find plans".
constexpr double k_auto_search_max_ms = 150;
constexpr double k_search_slice_ms = 12;

struct Schedule {
  bool run_next_frame = false;
  bool requested = false;       // by "Find plans" (a phone then scrolls to the answer)
  double last_ms[2] = {0, -1};  // per mode (inference, training); -1 = not measured yet
};
Schedule g_schedule;

bool training_mode(const App& app) { return app.inputs.mode == sizer::Mode::training; }

bool auto_search(const App& app) {
  const double ms = g_schedule.last_ms[training_mode(app) ? 1 : 0];
  return ms >= 0 && ms <= k_auto_search_max_ms;
}

bool stale(const App& app) { return app.plan.pending != app.plan.searched; }

void schedule_search(App& app, bool find_pressed) {
  PlanRun& run = app.plan;
  const bool compare = app.ui.tab == ModeTab::finetune;
  if (g_schedule.run_next_frame) {
    g_schedule.run_next_frame = false;
    start_plan_search(app.inputs, app.ui.plan, compare, run);
    run.pending = run.searched;
  }
  if (run.searching()) {
    // An idle page sleeps (main.cpp): keep it drawing while the search runs and once after.
    app.dirty = true;
    if (advance_plan_search(run, k_search_slice_ms)) return;
    g_schedule.last_ms[training_mode(app) ? 1 : 0] = run.total_ms;
    run.scroll_to_results = app.ui.narrow && g_schedule.requested;
    g_schedule.requested = false;
    return;
  }
  const std::string sig = plan_signature(app.inputs, app.ui.plan, compare);
  const double now = ImGui::GetTime();
  if (sig != run.pending) {
    run.pending = sig;
    run.pending_since = now;
  }
  if (find_pressed) {
    g_schedule.run_next_frame = true;
    g_schedule.requested = true;
    return;
  }
  if (sig != run.searched && auto_search(app) && now - run.pending_since >= k_plan_idle_s &&
      !ImGui::IsAnyMouseDown())
    g_schedule.run_next_frame = true;
}

// [SECTION] view

void draw_plan_inputs(App& app, bool& find_pressed) {
  draw_mode_tabs(app);
  ImGui::PushTextWrapPos(0.0f);
  const char* what =
      app.inputs.mode == sizer::Mode::training ? "plan.intro_training" : "plan.intro_inference";
  // The model on its own line: a name with spaces inside Chinese text wraps badly.
  ImGui::TextUnformatted(trf("plan.model_line", {app.inputs.model.name}).c_str());
  ui::tag(app, "plan-model");
  ImGui::TextDisabled("%s", tr(what));
  ImGui::PopTextWrapPos();
  draw_targets(app);
  draw_constraints(app);
  ImGui::Spacing();
  if (ImGui::Button(tr("plan.find"), ImVec2(-FLT_MIN, 0))) find_pressed = true;
  ui::tag(app, "plan-find");
  if (app.plan.searching()) {
    const int percent = static_cast<int>(app.plan.progress * 100 + 0.5);
    ImGui::TextDisabled("%s", trf("plan.searching_share", {std::to_string(percent)}).c_str());
    ui::tag(app, "plan-searching");
  } else if (g_schedule.run_next_frame || (stale(app) && auto_search(app))) {
    ImGui::TextDisabled("%s", tr("plan.searching"));
    ui::tag(app, "plan-searching");
  } else if (stale(app)) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s",
                        tr(app.plan.has_result ? "plan.press_find_again" : "plan.press_find"));
    ImGui::PopTextWrapPos();
    ui::tag(app, "plan-press-find");
  }
  draw_plan_stats(app);
}

}  // namespace

void draw_plan_view(App& app) {
  bool find_pressed = false;
  if (app.ui.narrow) {
    ImGui::BeginChild("##plan_column");
    draw_plan_inputs(app, find_pressed);
    ImGui::Spacing();
    ImGui::Separator();
    if (app.plan.scroll_to_results) {  // a phone user pressed Find plans: show the answer
      ImGui::SetScrollHereY(0.0f);
      app.plan.scroll_to_results = false;
    }
    draw_plan_results(app);
    drag_scroll_window();
    ImGui::EndChild();
  } else {
    const float avail = ImGui::GetContentRegionAvail().x;
    const float inputs_w = std::max(ImGui::GetFontSize() * 26, avail * 0.4f);
    ImGui::BeginChild("##plan_inputs", ImVec2(inputs_w, 0), ImGuiChildFlags_None);
    draw_plan_inputs(app, find_pressed);
    drag_scroll_window();
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("##plan_results", ImVec2(0, 0), ImGuiChildFlags_None);
    draw_plan_results(app);
    drag_scroll_window();
    ImGui::EndChild();
  }
  schedule_search(app, find_pressed);
}

}  // namespace app
