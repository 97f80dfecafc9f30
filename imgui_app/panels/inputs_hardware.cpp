// The hardware section: a searchable GPU picker with filters (and "CPU only", the host's CPU as
// the device), GPUs per node and nodes, parallel degrees limited to valid choices, engine
// profile, host profile and llama.cpp GPU layers and mmap.
//
// [SECTION] GPU picker
// [SECTION] parallelism
// [SECTION] engine
#include <algorithm>
#include <string>
#include <vector>

#include "imgui.h"
#include "logic/catalog_search.hpp"
#include "logic/cpu_device.hpp"
#include "logic/engine_profile.hpp"
#include "logic/format.hpp"
#include "logic/i18n.hpp"
#include "logic/saved_work_store.hpp"
#include "misc/cpp/imgui_stdlib.h"
#include "panels/inputs.hpp"
#include "panels/inputs_widgets.hpp"
#include "sizer/enums.hpp"
#include "sizer/layouts.hpp"
#include "widgets/gpu_card.hpp"
#include "widgets/list_row.hpp"

namespace app {
namespace {

// [SECTION] GPU picker

// "80.0 GiB  ·  3,350 GB/s": the memory the device reports, in the page's byte unit (the marketed
// label is in the card's name).
std::string gpu_details(const sizer::Gpu& g) {
  return fmt::bytes(g.memory_capacity_bytes) + "  \xC2\xB7  " +
         trf("gpu.bandwidth", {fmt::number(g.memory_bandwidth_gb_per_s)});
}

void draw_gpu_filters(App& app, const std::vector<sizer::Gpu>& catalog) {
  UiState& ui = app.ui;
  std::vector<std::string> vendors = gpu_vendors(catalog);
  float w = ImGui::GetContentRegionAvail().x;
  float third = (w - 2 * ImGui::GetStyle().ItemSpacing.x) / 3;
  ImGui::SetNextItemWidth(third);
  const char* any = tr("gpu.any_vendor");
  if (ImGui::BeginCombo("##vendor", ui.gpu_vendor.empty() ? any : ui.gpu_vendor.c_str())) {
    if (widgets::list_row(any, ui.gpu_vendor.empty())) ui.gpu_vendor.clear();
    for (const std::string& v : vendors)
      if (widgets::list_row(v.c_str(), v == ui.gpu_vendor)) ui.gpu_vendor = v;
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(third);
  const int mems[] = {0, 16, 24, 48, 80, 141};
  std::string mem_label = ui.gpu_min_memory_gb > 0
                              ? trf("gpu.min_memory", {fmt::number(ui.gpu_min_memory_gb)})
                              : std::string(tr("gpu.any_memory"));
  if (ImGui::BeginCombo("##mem", mem_label.c_str())) {
    for (int m : mems) {
      std::string l = m > 0 ? trf("gpu.min_memory", {std::to_string(m)}) : tr("gpu.any_memory");
      if (widgets::list_row(l.c_str(), ui.gpu_min_memory_gb == m)) ui.gpu_min_memory_gb = m;
    }
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(third);
  const char* kinds[] = {"gpu.kind_any", "gpu.kind_datacenter", "gpu.kind_consumer"};
  if (ImGui::BeginCombo("##kind", tr(kinds[ui.gpu_kind]))) {
    for (int k = 0; k < 3; ++k)
      if (widgets::list_row(tr(kinds[k]), ui.gpu_kind == k)) ui.gpu_kind = k;
    ImGui::EndCombo();
  }
}

// The custom GPUs kept in saved work, before the catalog: picked like a catalog card.
void draw_saved_gpus(App& app) {
  load_saved_work(app);
  const std::vector<SavedGpu>& saved = app.files.saved.gpus;
  if (saved.empty()) return;
  ImGui::SeparatorText(tr("gpu.saved_custom"));
  for (std::size_t i = 0; i < saved.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    if (widgets::list_row(saved[i].name.c_str(), false) && use_saved_gpu(app, i))
      ImGui::CloseCurrentPopup();
    if (i == 0) ui::tag(app, "gpu-saved-first");
    ImGui::PopID();
  }
  ImGui::SeparatorText(tr("gpu.catalog_cards"));
}

// "CPU only (this host's CPU)" above the cards, when the search text finds it.
void draw_cpu_entry(App& app) {
  if (!cpu_entry_matches(app.ui.gpu_filter)) return;
  if (widgets::list_row(tr("cpu.pick"), app.inputs.hardware.cpu_only)) {
    use_cpu_device(app.inputs);
    app.dirty = true;
    ImGui::CloseCurrentPopup();
  }
  ui::tag(app, "gpu-cpu-only");
}

// What the CPU device is, in the place of the card's details line.
void draw_cpu_details(const App& app) {
  const sizer::HostProfile& h = app.inputs.hardware.host;
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled(
      "%s", trf("cpu.details", {fmt::bytes(h.ram_bytes), fmt::number(h.bandwidth_gb_per_s),
                                fmt::number(h.cpu_int8_tops), fmt::number(h.cpu_fp32_tflops)})
                .c_str());
  ImGui::PopTextWrapPos();
  ui::tag(app, "gpu-details");
}

void draw_gpu_picker(App& app) {
  const auto& catalog = sizer::gpu_catalog();
  sizer::Gpu& current = app.inputs.hardware.gpu;
  const bool cpu = app.inputs.hardware.cpu_only;
  ui::row_begin(app, "gpu.label");
  bool open =
      ImGui::BeginCombo("##v", device_name(app.inputs).c_str(), ImGuiComboFlags_HeightLargest);
  ui::tag(app, "gpu-picker");
  if (open) {
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    ImGui::SetNextItemWidth(-FLT_MIN);
    ImGui::InputTextWithHint("##search", tr("gpu.search_hint"), &app.ui.gpu_filter);
    ui::tag(app, "gpu-search");
    draw_gpu_filters(app, catalog);
    GpuFilter filter{app.ui.gpu_filter, app.ui.gpu_vendor, app.ui.gpu_min_memory_gb,
                     static_cast<GpuKind>(app.ui.gpu_kind)};
    std::vector<int> matches = filter_gpus(catalog, filter);
    // Above the catalog's scrolling list: always in view, whatever card the list scrolls to.
    draw_cpu_entry(app);
    draw_saved_gpus(app);
    ImGui::BeginChild("##list", ImVec2(0, ui::em() * 20), ImGuiChildFlags_None);
    for (int i : matches) {
      const sizer::Gpu& g = catalog[static_cast<std::size_t>(i)];
      ImGui::PushID(i);
      bool selected = !cpu && g.id == current.id;
      if (widgets::list_row(g.name.c_str(), selected)) {
        use_gpu_device(app.inputs, g);
        app.dirty = true;
        ImGui::CloseCurrentPopup();
      }
      if (ImGui::IsItemHovered()) widgets::gpu_card_tooltip(g);
      if (i == matches.front()) ui::tag(app, "gpu-first-match");
      if (matches.size() > 1 && i == matches[1]) ui::tag(app, "gpu-second-match");
      if (selected && ImGui::IsWindowAppearing()) ImGui::SetScrollHereY();
      std::string details = gpu_details(g);
      float w = ImGui::CalcTextSize(details.c_str()).x;
      float right = ImGui::GetContentRegionMax().x;
      if (right - w > ImGui::CalcTextSize(g.name.c_str()).x + ui::em()) {
        ImGui::SameLine(right - w);
        widgets::align_text_to_list_row();
        ImGui::TextDisabled("%s", details.c_str());
      }
      ImGui::PopID();
    }
    if (matches.empty() && !cpu_entry_matches(app.ui.gpu_filter))
      ImGui::TextDisabled("%s", tr("gpu.no_match"));
    ImGui::EndChild();
    ImGui::EndCombo();
  }
  ui::row_end();
  if (cpu) {
    draw_cpu_details(app);
    return;  // no card to show or copy: the host section edits the CPU
  }
  if (!current.id.empty()) {
    // The catalog's interconnect description is in the GPU card; this line says it in words.
    const std::string link =
        current.nvlink_domain_gpus > 1
            ? trf("gpu.link_domain", {std::to_string(current.nvlink_domain_gpus)})
            : std::string(tr("gpu.link_none"));
    ImGui::TextDisabled("%s  \xC2\xB7  %s", gpu_details(current).c_str(), link.c_str());
    ui::tag(app, "gpu-details");
    if (ImGui::IsItemHovered()) widgets::gpu_card_tooltip(current);
    // The same card inline, opened by a click or tap (a phone has no hover).
    const std::string title = std::string(tr("gpu.card.title")) + "###gpu-card";
    if (ImGui::TreeNodeEx(title.c_str(), ImGuiTreeNodeFlags_FramePadding)) {
      ui::tag(app, "gpu-card-toggle");
      widgets::gpu_card(current, true);
      ui::tag(app, "gpu-card");
      ImGui::TreePop();
    } else {
      ui::tag(app, "gpu-card-toggle");
    }
  }
  draw_custom_gpu(app);
}

// [SECTION] parallelism

// A combo over a list of integers; true when changed.
bool int_choice(App& app, const char* key, const char* tag_id, int* v,
                const std::vector<int>& choices) {
  int index = static_cast<int>(std::find(choices.begin(), choices.end(), *v) - choices.begin());
  if (index >= static_cast<int>(choices.size())) index = -1;
  if (ui::combo(app, key, tag_id, &index, static_cast<int>(choices.size()),
                [&](int i) { return std::to_string(choices[static_cast<std::size_t>(i)]); })) {
    *v = choices[static_cast<std::size_t>(index)];
    return true;
  }
  return false;
}

void draw_parallelism(App& app) {
  sizer::Scenario& s = app.inputs;
  if (s.hardware.cpu_only) {
    // The core runs a CPU-only scenario on one device (validate(): "one device, the host").
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", tr("cpu.no_split"));
    ImGui::PopTextWrapPos();
    ui::tag(app, "cpu-no-split");
    return;
  }
  sizer::Hardware& hw = s.hardware;
  bool changed = false;
  bool count_changed = ui::slider_int(app, "hw.gpus_per_node", "gpus-per-node", &hw.gpus_per_node,
                                      1, 16, "unit.gpus", false);
  count_changed |= ui::slider_int(app, "hw.nodes", "nodes", &hw.nodes, 1, 512, "unit.nodes", true);
  changed |= count_changed;
  int total = hw.gpus_per_node * hw.nodes;
  std::vector<int> tp = sizer::valid_tensor_degrees(s.model, hw.gpus_per_node);
  // A new card count starts from the core's default split (tensor inside a node, pipeline
  // across), not from replicas that each hold the whole model.
  sizer::Layout start;
  if (count_changed && sizer::default_layout(s, total, start) &&
      std::find(tp.begin(), tp.end(), start.tensor) != tp.end()) {
    const std::vector<int> pp_start = sizer::valid_pipeline_degrees(s.model, total, start.tensor);
    if (std::find(pp_start.begin(), pp_start.end(), start.pipeline) != pp_start.end()) {
      s.parallel.tensor = start.tensor;
      s.parallel.pipeline = start.pipeline;
      s.parallel.data = 0;
    }
  }
  // Keep the degrees valid when the model or GPU count changed under them.
  if (std::find(tp.begin(), tp.end(), s.parallel.tensor) == tp.end()) {
    int best = 1;
    for (int d : tp)
      if (d <= s.parallel.tensor) best = d;
    s.parallel.tensor = best;
    changed = true;
  }
  ui::help_for_next_row("help.tensor");
  changed |= int_choice(app, "hw.tensor", "tensor-parallel", &s.parallel.tensor, tp);
  std::vector<int> pp = sizer::valid_pipeline_degrees(s.model, total, s.parallel.tensor);
  if (std::find(pp.begin(), pp.end(), s.parallel.pipeline) == pp.end()) {
    s.parallel.pipeline = 1;
    changed = true;
  }
  changed |= int_choice(app, "hw.pipeline", "pipeline-parallel", &s.parallel.pipeline, pp);
  // Context parallel (training): ring attention over the sequence needs FlashAttention's blocks
  // and a sequence that splits into 2 x cp chunks (the core's rule: valid_context_degrees).
  const std::vector<int> cp =
      s.mode == sizer::Mode::training && s.training.flash_attention
          ? sizer::valid_context_degrees(total / (s.parallel.tensor * s.parallel.pipeline),
                                         s.training.seq_len)
          : std::vector<int>{1};
  if (std::find(cp.begin(), cp.end(), s.parallel.context) == cp.end()) {
    s.parallel.context = 1;
    changed = true;
  }
  if (cp.size() > 1) {
    ui::help_for_next_row("help.context");
    changed |= int_choice(app, "hw.context", "context-parallel", &s.parallel.context, cp);
  }
  const int data = sizer::derived_data_parallel(s);
  if (s.parallel.data != 0 && s.parallel.data != data) {
    s.parallel.data = 0;  // derived: the GPUs left over
    changed = true;
  }
  ui::row_begin(app, "hw.data");
  ImGui::AlignTextToFramePadding();
  ImGui::Text("%d", data);
  ui::tag(app, "data-parallel");
  ui::row_end();
  if (s.mode == sizer::Mode::training && s.parallel.tensor > 1)
    changed |= ui::checkbox(app, "hw.sequence_parallel", "sequence-parallel", &s.parallel.sequence);
  // Expert parallel (training and serving) and interleaved stages (training), offered where the
  // core says they apply.
  const bool training = s.mode == sizer::Mode::training;
  const std::vector<int> ep = sizer::valid_expert_degrees(s.model, data);
  if (std::find(ep.begin(), ep.end(), s.parallel.expert) == ep.end()) {
    s.parallel.expert = 1;
    changed = true;
  }
  if (ep.size() > 1) {
    ui::help_for_next_row("help.expert");
    changed |= int_choice(app, "hw.expert", "expert-parallel", &s.parallel.expert, ep);
  }
  const std::vector<int> vp = training
                                  ? sizer::valid_virtual_stage_counts(s.model, s.parallel.pipeline)
                                  : std::vector<int>{1};
  if (std::find(vp.begin(), vp.end(), s.parallel.virtual_stages) == vp.end()) {
    s.parallel.virtual_stages = 1;
    changed = true;
  }
  if (vp.size() > 1)
    changed |=
        int_choice(app, "hw.virtual_stages", "virtual-stages", &s.parallel.virtual_stages, vp);
  if (changed) app.dirty = true;
}

// [SECTION] engine

void draw_engine(App& app) {
  sizer::Scenario& s = app.inputs;
  if (s.mode == sizer::Mode::inference) {
    const auto& engines = sizer::enum_entries<sizer::Engine>();
    int index = sizer::enum_index(s.inference.engine);
    ui::help_for_next_row("help.engine");
    if (ui::combo(app, "hw.engine", "engine", &index, static_cast<int>(engines.size()),
                  [&](int i) { return tr(engines[static_cast<std::size_t>(i)].label_key); })) {
      apply_engine(s, sizer::enum_at<sizer::Engine>(index));
      app.dirty = true;
    }
  } else {
    const auto& frameworks = sizer::enum_entries<sizer::TrainingFramework>();
    int index = sizer::enum_index(s.training.framework);
    ui::help_for_next_row("help.framework");
    if (ui::combo(app, "hw.framework", "framework", &index, static_cast<int>(frameworks.size()),
                  [&](int i) { return tr(frameworks[static_cast<std::size_t>(i)].label_key); })) {
      s.training.framework = sizer::enum_at<sizer::TrainingFramework>(index);
      sizer::apply_assumption_profile(s);
      app.dirty = true;
    }
  }
}

}  // namespace

void draw_hardware_section(App& app) {
  ui::section("section.hardware");
  draw_gpu_picker(app);
  draw_parallelism(app);
  draw_engine(app);
  draw_host(app);
}

}  // namespace app
