#include "widgets/gpu_card.hpp"

#include "imgui.h"
#include "logic/catalog_sources.hpp"
#include "logic/format.hpp"
#include "logic/i18n.hpp"
#include "sizer/prices.hpp"

namespace app::widgets {
namespace {

// A catalog figure: 0 means the catalog has none (not "zero").
std::string figure_or_unknown(double v, const std::string& shown) {
  return v > 0 ? shown : std::string(tr("gpu.card.unknown"));
}

std::string peak(double v, const char* unit) {
  return v > 0 ? fmt::number(v) + " " + unit : std::string(tr("gpu.card.no_support"));
}

std::string yes_no(bool v) { return tr(v ? "gpu.card.yes" : "gpu.card.no"); }

}  // namespace

std::vector<GpuFact> gpu_facts(const sizer::Gpu& g) {
  std::vector<GpuFact> f;
  const std::string memory =
      trf("gpu.card.memory_value", {fmt::number(g.memory_gb), fmt::bytes(g.memory_capacity_bytes),
                                    g.memory_type.empty() ? fmt::k_dash : g.memory_type});
  f.push_back({tr("gpu.card.memory"), figure_or_unknown(g.memory_gb, memory)});
  f.push_back(
      {tr("gpu.card.bandwidth"),
       figure_or_unknown(g.memory_bandwidth_gb_per_s,
                         trf("gpu.bandwidth", {fmt::number(g.memory_bandwidth_gb_per_s)}))});
  f.push_back({tr("gpu.card.fp32"), peak(g.fp32_tflops, "TFLOPS")});
  f.push_back({tr("gpu.card.fp16"), peak(g.fp16_tensor_tflops, "TFLOPS")});
  f.push_back({tr("gpu.card.bf16"), peak(g.bf16_tensor_tflops, "TFLOPS")});
  f.push_back({tr("gpu.card.fp8"), peak(g.fp8_tensor_tflops, "TFLOPS")});
  f.push_back({tr("gpu.card.int8"), peak(g.int8_tensor_tops, "TOPS")});
  f.push_back({tr("gpu.card.fp4"), peak(g.fp4_tensor_tflops, "TFLOPS")});
  f.push_back({tr("gpu.card.formats"),
               trf("gpu.card.formats_value", {yes_no(g.supports_bf16), yes_no(g.supports_fp8),
                                              yes_no(g.supports_flash_attention_2)})});
  f.push_back({tr("gpu.card.interconnect"),
               g.interconnect.empty() ? std::string(tr("gpu.card.unknown")) : g.interconnect});
  f.push_back({tr("gpu.card.link_speed"),
               figure_or_unknown(g.interconnect_gb_per_s_bidirectional,
                                 trf("gpu.card.link_value",
                                     {fmt::number(g.interconnect_gb_per_s_bidirectional)}))});
  f.push_back({tr("gpu.card.nvlink_domain"),
               g.nvlink_domain_gpus > 0
                   ? trf("gpu.card.domain_value", {std::to_string(g.nvlink_domain_gpus)})
                   : std::string(tr("gpu.card.no_nvlink"))});
  // Without it, collectives between these cards pass through host memory (docs/METHOD.md).
  f.push_back({tr("gpu.card.pcie_p2p"),
               tr(g.pcie_peer_to_peer ? "gpu.card.pcie_p2p_yes" : "gpu.card.pcie_p2p_no")});
  f.push_back({tr("gpu.card.power"), figure_or_unknown(g.tdp_w, fmt::number(g.tdp_w) + " W")});
  // Prices: one row per basis of the price table (a custom card: its own figures), each with
  // provider and date; the sources are in core/data/prices.csv.
  struct Basis {
    sizer::QuoteKind kind;
    const char* label_key;
  };
  const Basis bases[] = {{sizer::QuoteKind::purchase, "gpu.card.purchase"},
                         {sizer::QuoteKind::hyperscaler, "gpu.card.hyperscaler"},
                         {sizer::QuoteKind::gpu_cloud, "gpu.card.gpu_cloud"},
                         {sizer::QuoteKind::marketplace, "gpu.card.marketplace"}};
  for (const Basis& b : bases) {
    const bool purchase = b.kind == sizer::QuoteKind::purchase;
    const double own_figure = purchase ? g.launch_price_usd : g.cloud_usd_per_gpu_hour;
    std::string value;
    if (own_figure > 0) {
      value = purchase ? fmt::usd(own_figure) : trf("gpu.card.per_hour", {fmt::usd(own_figure)});
    } else if (const sizer::PriceQuote* q = sizer::find_quote(g.id, b.kind)) {
      value = (purchase ? fmt::usd(q->usd) : trf("gpu.card.per_hour", {fmt::usd(q->usd)})) +
              "  \xC2\xB7  " + q->provider + ", " + q->date;
    } else {
      value = tr(purchase && !g.for_sale ? "gpu.card.not_for_sale" : "gpu.card.unknown");
    }
    f.push_back({tr(b.label_key), value});
  }
  return f;
}

void gpu_card(const sizer::Gpu& g, bool fit_width) {
  const float em = ImGui::GetFontSize();
  ImGui::TextUnformatted(g.name.empty() ? g.id.c_str() : g.name.c_str());
  ImGui::TextDisabled("%s  \xC2\xB7  %s", g.vendor.c_str(), g.architecture.c_str());
  // Inline (fit_width) the values wrap inside the column; a tooltip grows to fit them instead.
  const ImGuiTableFlags sizing =
      fit_width ? ImGuiTableFlags_SizingStretchProp : ImGuiTableFlags_SizingFixedFit;
  if (ImGui::BeginTable("##gpucard", 2, sizing | ImGuiTableFlags_RowBg)) {
    if (fit_width) {
      ImGui::TableSetupColumn("##label", ImGuiTableColumnFlags_WidthFixed, em * 9);
      ImGui::TableSetupColumn("##value", ImGuiTableColumnFlags_WidthStretch);
    }
    for (const GpuFact& f : gpu_facts(g)) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextDisabled("%s", f.label.c_str());
      ImGui::TableNextColumn();
      if (fit_width) ImGui::PushTextWrapPos(0.0f);
      ImGui::TextUnformatted(f.value.c_str());
      if (fit_width) ImGui::PopTextWrapPos();
    }
    ImGui::EndTable();
  }
  const float right = fit_width ? 0.0f : ImGui::GetCursorPosX() + em * 28;
  ImGui::PushTextWrapPos(right);
  const std::string source = gpu_source(g);
  ImGui::TextDisabled("%s",
                      trf("gpu.card.source", {source.empty() ? fmt::k_dash : source}).c_str());
  if (!g.notes.empty()) ImGui::TextDisabled("%s", g.notes.c_str());
  ImGui::PopTextWrapPos();
}

void gpu_card_tooltip(const sizer::Gpu& g) {
  ImGui::BeginTooltip();
  gpu_card(g, false);
  ImGui::EndTooltip();
}

}  // namespace app::widgets
