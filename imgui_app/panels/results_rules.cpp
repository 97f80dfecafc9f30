// Rules of thumb: the seeds' quick estimates (app.results.rules_of_thumb) beside the matching
// figure of the detailed estimate, and why they differ.
#include <cmath>

#include "imgui.h"
#include "logic/format.hpp"
#include "logic/i18n.hpp"
#include "panels/results_parts.hpp"

namespace app::results {
namespace {

std::string ratio_text(double quick, double detailed) {
  if (!(quick > 0) || !(detailed > 0)) return fmt::k_dash;
  return trf("res.rot.ratio", {fmt::number(quick / detailed)});
}

}  // namespace

void draw_rules_of_thumb(const App& app) {
  if (!section("res.rot.title")) return;
  ImGui::PushID("rules");
  const std::vector<sizer::RuleOfThumb>& rules = app.results.rules_of_thumb;
  if (rules.empty()) {
    ImGui::TextDisabled("%s", tr("res.rot.empty"));
    ImGui::PopID();
    return;
  }
  const float em = ImGui::GetFontSize();
  for (size_t i = 0; i < rules.size(); ++i) {
    const sizer::RuleOfThumb& r = rules[i];
    ImGui::PushID(static_cast<int>(i));
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(rule_text(r, "label").c_str());
    ImGui::PopTextWrapPos();
    ImGui::Indent(em);
    // Memory rules compare bytes; compute rules (6ND) compare FLOPs.
    const bool flops = r.value_flops > 0;
    const double quick_value = flops ? r.value_flops : r.value_bytes;
    const double detailed_value = flops ? r.detailed_flops : r.detailed_bytes;
    const std::string quick = flops ? trf("res.rot.quick_flops", {fmt::flops(r.value_flops)})
                                    : trf("res.rot.quick", {fmt::bytes(r.value_bytes)});
    const std::string detailed = flops
                                     ? trf("res.rot.detailed_flops", {fmt::flops(r.detailed_flops)})
                                     : trf("res.rot.detailed", {fmt::bytes(r.detailed_bytes)});
    const std::string formula_key = "rulesOfThumb." + r.id;
    ImGui::TextUnformatted(quick.c_str());
    if (ImGui::IsItemHovered()) formula_tooltip(app.results, formula_key.c_str());
    ImGui::TextUnformatted(detailed.c_str());
    if (ImGui::IsItemHovered()) formula_tooltip(app.results, formula_key.c_str());
    ImGui::TextDisabled("%s", ratio_text(quick_value, detailed_value).c_str());
    const std::string why = rule_text(r, "why");
    if (!why.empty()) {
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextDisabled("%s", why.c_str());
      ImGui::PopTextWrapPos();
    }
    ImGui::Unindent(em);
    ImGui::PopID();
    ImGui::Spacing();
  }
  ImGui::PopID();
}

}  // namespace app::results
