// Formulas for displayed numbers the engine does not record in Estimate::formulas: relations that
// hold by definition between figures already in the Estimate (headroom = usable - used, a step's
// communication share, the ridge point), restated with their values. Nothing here computes a new
// result; the engine's own formula always wins when it has one.
#include "logic/cpu_device.hpp"
#include "logic/format.hpp"
#include "logic/i18n.hpp"
#include "panels/results_parts.hpp"

namespace app::results {

std::string local_formula(const sizer::Estimate& e, const std::string& key) {
  const sizer::MemoryBreakdown& m = e.memory;
  const sizer::Gpu& gpu = e.scenario.hardware.gpu;
  if (key == "memory.headroomBytes") {
    return trf("res.formula.headroom", {fmt::bytes(m.capacity_bytes), fmt::bytes(m.per_gpu_bytes),
                                        fmt::bytes(m.headroom_bytes)});
  }
  if (key == "memory.capacityBytes") {
    return trf("res.formula.capacity",
               {device_name(e.scenario), fmt::number(gpu.memory_gb), fmt::bytes(m.capacity_bytes)});
  }
  if (key == "training.communicationShare") {
    return trf("res.formula.comm_share", {fmt::seconds(e.training.communication_seconds_per_step),
                                          fmt::seconds(e.training.step_seconds),
                                          fmt::percent(e.training.communication_share)});
  }
  if (key == "inference.decodeArithmeticIntensity" ||
      key == "inference.prefillArithmeticIntensity") {
    return trf("res.formula.intensity",
               {fmt::number(e.peak_flops / 1e12), fmt::number(gpu.memory_bandwidth_gb_per_s),
                fmt::number(e.ridge_point_flops_per_byte)});
  }
  if (key == "fit.gpus") return tr("res.formula.fit_gpus");
  const std::string rule_prefix = "rulesOfThumb.";
  if (key.compare(0, rule_prefix.size(), rule_prefix) == 0) {
    const std::string id = key.substr(rule_prefix.size());
    for (const sizer::RuleOfThumb& r : e.rules_of_thumb) {
      if (r.id == id) return rule_text(r, "label") + "\n" + rule_text(r, "why");
    }
  }
  return {};
}

std::string rule_text(const sizer::RuleOfThumb& rule, const char* part) {
  const std::string fallback = std::string(part) == "label" ? rule.label : rule.why_different;
  // English comes from the engine (its sentences carry this scenario's numbers); Chinese from the
  // string table by rule id, when it has a row.
  if (i18n::language() != i18n::Language::zh) return fallback;
  const std::string key = "res.rot." + rule.id + "." + part;
  return has_string(key) ? tr(key.c_str()) : fallback;
}

}  // namespace app::results
