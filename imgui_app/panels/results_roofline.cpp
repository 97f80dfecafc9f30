// Bottleneck: one sentence naming what limits this workload (translated by bottleneck id, with the
// engine's detailed sentence on hover) and, for inference, the roofline of the card with the
// prefill and decode points.
#include "imgui.h"
#include "logic/format.hpp"
#include "logic/i18n.hpp"
#include "panels/results_parts.hpp"
#include "sizer/enums.hpp"
#include "widgets/palette.hpp"
#include "widgets/roofline.hpp"

namespace app::results {
namespace {

// Decimal units with an SI prefix for FLOP/s and bytes/s labels on the chart.
std::string flops_text(double flops_per_s) {
  return trf("res.unit.tflops", {fmt::number(flops_per_s / 1e12)});
}

void draw_roofline(const App& app) {
  const sizer::Estimate& e = app.results;
  const float em = ImGui::GetFontSize();
  widgets::RooflineSpec spec;
  spec.peak_flops_per_s = e.peak_flops;
  spec.bandwidth_bytes_per_s = e.scenario.hardware.gpu.memory_bandwidth_gb_per_s * 1e9;
  spec.points = {
      {tr("res.roof.prefill"), e.inference.prefill_arithmetic_intensity, widgets::series_color(1)},
      {tr("res.roof.decode"), e.inference.decode_arithmetic_intensity, widgets::series_color(0)},
  };
  spec.x_label = tr("res.roof.axis_intensity");
  spec.y_label = tr("res.roof.axis_flops");
  const std::string ridge = trf("res.roof.ridge", {fmt::number(e.ridge_point_flops_per_byte)});
  const std::string compute = trf("res.roof.compute", {flops_text(e.peak_flops)});
  const std::string memory = trf(
      "res.roof.memory", {fmt::number(e.scenario.hardware.gpu.memory_bandwidth_gb_per_s / 1e3)});
  spec.ridge_label = ridge.c_str();
  spec.compute_label = compute.c_str();
  spec.memory_label = memory.c_str();
  const int hovered = widgets::roofline("roofline", spec, ImVec2(0, 16 * em));
  publish_last_item(app, "roofline");
  if (hovered >= 0) {
    const widgets::RooflinePoint& p = spec.points[static_cast<size_t>(hovered)];
    const bool memory_bound = p.flops_per_byte < e.ridge_point_flops_per_byte;
    const std::string head =
        std::string(p.label) + "\n" +
        trf("res.roof.tip_intensity", {fmt::number(p.flops_per_byte)}) + "\n" +
        trf("res.roof.tip_attainable",
            {flops_text(widgets::roof_flops_per_s(spec, p.flops_per_byte))}) +
        "\n" + tr(memory_bound ? "res.roof.tip_memory_bound" : "res.roof.tip_compute_bound");
    formula_tooltip(app.results,
                    hovered == 0 ? "inference.prefillArithmeticIntensity"
                                 : "inference.decodeArithmeticIntensity",
                    head);
  }
}

}  // namespace

void draw_bottleneck(const App& app) {
  if (!section("res.roof.title")) return;
  ImGui::PushID("bottleneck");
  const std::string id = sizer::enum_id(app.results.bottleneck);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(tr(("res.bottleneck." + id).c_str()));
  ImGui::PopTextWrapPos();
  if (ImGui::IsItemHovered() && !app.results.bottleneck_sentence.empty()) {
    formula_tooltip(app.results, "bottleneck", app.results.bottleneck_sentence);
  }
  if (app.results.scenario.mode == sizer::Mode::inference) draw_roofline(app);
  ImGui::PopID();
}

}  // namespace app::results
