// Rules of thumb: the seeds' quick estimates (app.results.rules_of_thumb) beside the matching
// figure of the detailed estimate, and why they differ.
#include <cmath>

#include "imgui.h"
#include "logic/format.hpp"
#include "logic/i18n.hpp"
#include "panels/results_parts.hpp"

namespace app::results {
namespace {

// A rule's label and explanation come from the engine in English; when the string table has a
// translation for the rule's id it is used instead (both languages then read the same rule).
std::string rule_text(const std::string& id, const char* part, const std::string& fallback) {
  const std::string key = "res.rot." + id + "." + part;
  return has_string(key) ? tr(key.c_str()) : fallback;
}

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
    ImGui::TextUnformatted(rule_text(r.id, "label", r.label).c_str());
    ImGui::PopTextWrapPos();
    ImGui::Indent(em);
    const std::string quick = trf("res.rot.quick", {fmt::bytes_decimal(r.value_bytes)});
    const std::string detailed = trf("res.rot.detailed", {fmt::bytes_decimal(r.detailed_bytes),
                                                          fmt::bytes_binary(r.detailed_bytes)});
    ImGui::TextUnformatted(quick.c_str());
    if (ImGui::IsItemHovered()) formula_tooltip(app.results, ("rulesOfThumb." + r.id).c_str());
    ImGui::TextUnformatted(detailed.c_str());
    if (ImGui::IsItemHovered()) formula_tooltip(app.results, "memory.perGpuBytes");
    ImGui::TextDisabled("%s", ratio_text(r.value_bytes, r.detailed_bytes).c_str());
    const std::string why = rule_text(r.id, "why", r.why_different);
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
