// [SECTION] table of constants
// [SECTION] calibrate
#include "panels/assumptions.hpp"

#include <cmath>
#include <exception>
#include <string>

#include "imgui.h"
#include "logic/assumption_prose.hpp"
#include "logic/format.hpp"
#include "logic/i18n.hpp"
#include "panels/inputs_widgets.hpp"
#include "sizer/assumptions.hpp"
#include "sizer/enums.hpp"
#include "sizer/sweep.hpp"

namespace app {
namespace {

// [SECTION] table of constants

std::string value_text(double v, const std::string& unit) {
  if (unit == "bytes") return fmt::bytes(v);
  if (unit == "fraction") return fmt::percent(v);
  if (unit == "seconds") return fmt::seconds(v);
  return fmt::number(v);
}

// The engine's or training framework's name in the page's language.
std::string setter_label(const sizer::DefaultReason& reason) {
  if (reason.kind == "framework") {
    sizer::TrainingFramework framework{};
    if (sizer::parse_enum(reason.set_by, framework))
      return tr(sizer::enum_entry(framework).label_key);
  } else {
    sizer::Engine engine{};
    if (sizer::parse_enum(reason.set_by, engine)) return tr(sizer::enum_entry(engine).label_key);
  }
  return reason.set_by;
}

// "Default for vLLM: CUDA graphs replay decode steps", or "" where the generic default stands.
std::string default_reason_text(const sizer::Scenario& s, const std::string& key) {
  const sizer::TrainingFramework framework =
      s.mode == sizer::Mode::training ? s.training.framework : sizer::TrainingFramework::generic;
  const sizer::DefaultReason reason = sizer::default_reason(s.inference.engine, framework, key);
  const std::string why = default_reason_why(reason, key);
  if (why.empty()) return {};
  return trf("assume.set_by", {setter_label(reason), why});
}

void draw_table(App& app) {
  sizer::Scenario& s = app.inputs;
  const sizer::Assumptions defaults = sizer::profile_defaults(s);
  ImGuiTableFlags flags =
      ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp;
  if (!ImGui::BeginTable("##assumptions", 3, flags)) return;
  ImGui::TableSetupColumn(tr("assume.col_name"), ImGuiTableColumnFlags_WidthStretch, 2.2f);
  ImGui::TableSetupColumn(tr("assume.col_default"), ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableSetupColumn(tr("assume.col_value"), ImGuiTableColumnFlags_WidthStretch, 1.6f);
  ImGui::TableHeadersRow();
  for (const sizer::AssumptionInfo& info : sizer::assumption_table()) {
    ImGui::PushID(info.key.c_str());
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextWrapped("%s", info.label.c_str());
    if (ImGui::BeginItemTooltip()) {
      ImGui::PushTextWrapPos(ui::tooltip_wrap(30));
      ImGui::Text("%s\n%s: %s", info.key.c_str(), tr("assume.source"),
                  assumption_source(info).c_str());
      const std::string reason = default_reason_text(s, info.key);
      if (!reason.empty()) ImGui::TextUnformatted(reason.c_str());
      ImGui::PopTextWrapPos();
      ImGui::EndTooltip();
    }
    double def = 0;
    sizer::get_assumption(defaults, info.key, def);
    ImGui::TableNextColumn();
    ImGui::TextDisabled("%s", value_text(def, info.unit).c_str());
    ImGui::TableNextColumn();
    auto it = s.assumption_overrides.find(info.key);
    bool overridden = it != s.assumption_overrides.end();
    double v = overridden ? it->second : def;
    ImGui::SetNextItemWidth(overridden ? -ui::em() * 2.2f : -FLT_MIN);
    // Bytes in the page's unit (GB or GiB), seconds in microseconds, in the page's words.
    const bool bytes = info.unit == "bytes", seconds = info.unit == "seconds";
    const double scale = bytes ? fmt::bytes_per_gigabyte_unit() : (seconds ? 1e-6 : 1.0);
    const std::string format = bytes     ? std::string("%.3f ") + fmt::gigabyte_unit()
                               : seconds ? std::string("%.3g ") + tr("time.us")
                                         : std::string("%.4g");
    double shown = v / scale;
    if (ImGui::InputDouble("##v", &shown, 0, 0, format.c_str()) && std::isfinite(shown) &&
        shown >= 0) {
      v = shown * scale;
      s.assumption_overrides[info.key] = v;
      sizer::set_assumption(s.assumptions, info.key, v);
      app.dirty = true;
    }
    ui::tag(app, ("assumption-" + info.key).c_str());
    if (overridden) {
      ImGui::SameLine();
      if (ui::small_button(app, "\xC3\x97")) {  // × resets to the profile default
        s.assumption_overrides.erase(info.key);
        sizer::set_assumption(s.assumptions, info.key, def);
        app.dirty = true;
      }
      ImGui::SetItemTooltip("%s", tr("assume.reset"));
    }
    ImGui::PopID();
  }
  ImGui::EndTable();
}

// [SECTION] calibrate

void draw_calibrate(App& app) {
  UiState& ui = app.ui;
  ImGui::SeparatorText(tr("cal.title"));
  ImGui::TextWrapped("%s", tr("cal.intro"));
  int kind = ui.calibrate_kind;
  const auto& kinds = sizer::enum_entries<sizer::Measurement>();
  if (ui::combo(app, "cal.measured", "calibrate-kind", &kind, static_cast<int>(kinds.size()),
                [&](int i) { return tr(kinds[static_cast<std::size_t>(i)].label_key); }))
    ui.calibrate_kind = kind;
  ui::row_begin(app, "cal.value");
  ImGui::InputDouble("##v", &ui.calibrate_value, 0, 0,
                     tr(ui.calibrate_kind == 0 ? "cal.unit_gib" : "cal.unit_tps"));
  ui::tag(app, "calibrate-value");
  ui::row_end();
  if (ImGui::Button(tr("cal.fit"))) {
    const sizer::Measurement m = sizer::enum_at<sizer::Measurement>(ui.calibrate_kind);
    // nvidia-smi prints MiB; the field takes GiB (MiB / 1024).
    double measured =
        ui.calibrate_kind == 0 ? ui.calibrate_value * 1073741824.0 : ui.calibrate_value;
    const sizer::Calibration c = sizer::calibrate(app.inputs, m, measured);
    if (c.ok) {
      app.inputs.assumption_overrides[c.key] = c.value;
      app.dirty = true;
      ui.calibrate_message = trf("cal.done", {c.key, fmt::number(c.value, 4)});
    } else {
      ui.calibrate_message = tr(("cal.err." + c.error_id).c_str());
    }
  }
  ui::tag(app, "calibrate-fit");
  if (!ui.calibrate_message.empty()) ImGui::TextWrapped("%s", ui.calibrate_message.c_str());
}

}  // namespace

void draw_assumptions_panel(App& app) {
  ImGui::Spacing();
  bool open = ImGui::CollapsingHeader(tr("assume.title"));
  ui::tag(app, "assumptions-header");
  if (!open) return;
  try {
    ImGui::TextWrapped("%s", tr("assume.intro"));
    draw_table(app);
    draw_calibrate(app);
  } catch (const std::exception& e) {
    ImGui::TextWrapped("%s: %s", tr("error.inputs"), e.what());
  }
}

}  // namespace app
