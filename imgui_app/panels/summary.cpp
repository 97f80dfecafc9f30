#include "panels/summary.hpp"

#include "imgui.h"
#include "logic/format.hpp"
#include "logic/i18n.hpp"
#include "panels/inputs_widgets.hpp"
#include "widgets/palette.hpp"

namespace app {

std::string summary_text(const App& app) {
  if (!app.error.empty()) return tr("summary.invalid");
  const sizer::Estimate& e = app.results;
  const sizer::MemoryBreakdown& m = e.memory;
  std::string line =
      std::string(m.fits ? tr("summary.fits") : tr("summary.no_fit")) + "  " +
      trf("summary.memory", {fmt::bytes(m.per_gpu_bytes), fmt::bytes(m.capacity_bytes)});
  const bool inference = e.scenario.mode == sizer::Mode::inference;
  const double tokens_per_s =
      inference ? e.inference.throughput_tokens_per_second : e.training.tokens_per_second;
  // A plan that does not fit has no speed or cost (the core's JSON gives null): dashes.
  line += "  \xC2\xB7  " +
          (m.fits ? trf("res.unit.tok_s", {fmt::number(tokens_per_s)}) : std::string(fmt::k_dash));
  // An unknown price is a dash, never $0.
  const std::string usd =
      e.cost.price_known && m.fits ? fmt::usd(e.cost.usd_per_million_tokens) : fmt::k_dash;
  line += "  \xC2\xB7  " + trf("summary.per_million", {usd});
  return line;
}

bool draw_summary_line(App& app) {
  std::string text = summary_text(app) + "  \xE2\x86\x93";  // down arrow: opens the results
  // Too wide for the screen: break before the speed, so nothing is clipped.
  const float room = ImGui::GetContentRegionAvail().x - 2 * ImGui::GetStyle().FramePadding.x;
  const std::size_t speed = text.find("  \xC2\xB7  ");
  if (ImGui::CalcTextSize(text.c_str()).x > room && speed != std::string::npos)
    text.replace(speed, 6, "\n");
  const bool fits = app.error.empty() && app.results.memory.fits;
  const ImU32 color = fits ? widgets::good_color() : widgets::bad_color();
  ImGui::PushStyleColor(ImGuiCol_Text, widgets::to_vec4(color));
  ImGui::PushStyleVar(ImGuiStyleVar_ButtonTextAlign, ImVec2(0, 0.5f));
  const bool tapped = ImGui::Button(text.c_str(), ImVec2(-FLT_MIN, 0));
  ImGui::PopStyleVar();
  ImGui::PopStyleColor();
  ui::tag(app, "summary-line");
  return tapped;
}

}  // namespace app
