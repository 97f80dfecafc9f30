// Memory: a stacked bar of the most loaded GPU's memory (weights, KV cache, activations, gradients,
// optimizer states, overhead, reserve) against the card's usable capacity, a table of the same
// figures in GiB and GB, CPU RAM when layers, KV cache or optimizer states are offloaded, and the
// NVMe drive when states (ZeRO-Infinity) or mmap-ed weights live there. CPU only: the host's RAM
// is the device's memory, named so.
#include <iterator>

#include "imgui.h"
#include "logic/format.hpp"
#include "logic/i18n.hpp"
#include "panels/results_parts.hpp"
#include "widgets/palette.hpp"
#include "widgets/stacked_bar.hpp"

namespace app::results {
namespace {

struct Category {
  const char* label_key;
  const char* formula_key;
  double sizer::MemoryBreakdown::*bytes;
};

// One colour per category, the same in every chart of the app (the index is the colour).
constexpr Category kCategories[] = {
    {"res.mem.weights", "memory.weightsBytes", &sizer::MemoryBreakdown::weights_bytes},
    {"res.mem.kv_cache", "memory.kvCacheBytes", &sizer::MemoryBreakdown::kv_cache_bytes},
    {"res.mem.activations", "memory.activationBytes", &sizer::MemoryBreakdown::activation_bytes},
    {"res.mem.gradients", "memory.gradientBytes", &sizer::MemoryBreakdown::gradient_bytes},
    {"res.mem.optimizer", "memory.optimizerBytes", &sizer::MemoryBreakdown::optimizer_bytes},
    {"res.mem.overhead", "memory.overheadBytes", &sizer::MemoryBreakdown::overhead_bytes},
    {"res.mem.reserve", "memory.reserveBytes", &sizer::MemoryBreakdown::reserve_bytes},
    {"res.mem.recurrent", "memory.recurrentStateBytes",
     &sizer::MemoryBreakdown::recurrent_state_bytes},
    {"res.mem.rollout", "memory.rolloutBytes", &sizer::MemoryBreakdown::rollout_bytes},
};

}  // namespace

void draw_memory(const App& app) {
  const bool cpu_device = app.results.scenario.hardware.cpu_only;
  if (!section(cpu_device ? "res.mem.title_cpu" : "res.mem.title", "res.mem.title")) return;
  ImGui::PushID("memory");
  const sizer::MemoryBreakdown& m = app.results.memory;
  const float em = ImGui::GetFontSize();

  widgets::StackedBarSpec spec;
  for (int i = 0; i < static_cast<int>(std::size(kCategories)); ++i) {
    spec.segments.push_back(
        {tr(kCategories[i].label_key), m.*kCategories[i].bytes, widgets::series_color(i)});
  }
  spec.capacity = m.capacity_bytes;
  const std::string capacity_label = trf("res.mem.capacity", {fmt::bytes(m.capacity_bytes)});
  spec.capacity_label = capacity_label.c_str();

  const int gpus = sizer::total_gpus(app.results.scenario);
  const bool cpu = app.results.scenario.hardware.cpu_only;
  const char* caption = cpu        ? "cpu.mem.bar_caption"
                        : gpus > 1 ? "res.mem.bar_caption_many"
                                   : "res.mem.bar_caption_one";
  ImGui::TextUnformatted(trf(caption, {std::to_string(gpus), fmt::bytes(m.per_gpu_bytes)}).c_str());
  const int hovered = widgets::stacked_bar("##bar", spec, 0, 2.2f * em);
  publish_last_item(app, "memory-bar");
  if (hovered >= 0) {
    const Category& c = kCategories[hovered];
    const double bytes = m.*c.bytes;
    const double share = m.per_gpu_bytes > 0 ? bytes / m.per_gpu_bytes : 0;
    formula_tooltip(app.results, c.formula_key,
                    std::string(tr(c.label_key)) + ": " + fmt::bytes(bytes) + "\n" +
                        trf("res.mem.share", {fmt::percent(share)}));
  }
  widgets::legend(spec.segments);

  if (ImGui::BeginTable("##figures", 2,
                        ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg |
                            ImGuiTableFlags_BordersInnerH)) {
    ImGui::TableSetupColumn(tr("res.mem.col_part"), ImGuiTableColumnFlags_WidthStretch, 2.0f);
    ImGui::TableSetupColumn(fmt::gigabyte_unit(), ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableHeadersRow();
    // Sums and limits get a tinted row so they stand apart from the parts.
    auto row = [&](const char* label_key, double bytes, const char* formula_key, bool summary) {
      ImGui::TableNextRow();
      if (summary) {
        ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1,
                               ImGui::GetColorU32(ImGuiCol_Header, 0.5f));
      }
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(tr(label_key));
      ImGui::TableNextColumn();
      number_text(app, fmt::bytes(bytes), formula_key);
    };
    for (const Category& c : kCategories) {
      if (m.*c.bytes > 0) row(c.label_key, m.*c.bytes, c.formula_key, false);
    }
    row(cpu ? "cpu.mem.in_ram" : "res.mem.per_gpu", m.per_gpu_bytes, "memory.perGpuBytes", true);
    row(cpu ? "cpu.mem.usable" : "res.mem.usable", m.capacity_bytes, "memory.capacityBytes", true);
    row(m.headroom_bytes >= 0 ? "res.mem.headroom" : "res.mem.shortfall",
        m.headroom_bytes >= 0 ? m.headroom_bytes : -m.headroom_bytes, "memory.headroomBytes", true);
    if (m.rollout_engine_bytes > 0) {
      row("res.mem.rollout_engine", m.rollout_engine_bytes, "memory.rolloutEngineBytes", true);
      publish_last_item(app, "memory-rollout-engine");
    }
    if (gpus > 1 || m.rollout_engine_bytes > 0) {
      row("res.mem.total", m.total_bytes, "memory.totalBytes", true);
    }
    if (m.host_ram_bytes > 0)
      row("res.mem.host_ram", m.host_ram_bytes, "memory.hostRamBytes", true);
    if (m.nvme_bytes > 0) {
      row("res.mem.nvme", m.nvme_bytes, "memory.nvmeBytes", true);
      publish_last_item(app, "memory-nvme");
    }
    ImGui::EndTable();
  }
  // The catalog's marketed size vs what the device reports: say which unit a label uses.
  const sizer::Gpu& gpu = app.results.scenario.hardware.gpu;
  if (gpu.memory_gb > 0 && !cpu) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", trf("res.mem.units_note", {fmt::number(gpu.memory_gb),
                                                         fmt::bytes(gpu.memory_capacity_bytes)})
                                  .c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::PopID();
}

}  // namespace app::results
