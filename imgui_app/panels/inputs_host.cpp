// The host the GPUs sit in (or, CPU only, the device itself): a preset combo; with "CPU only"
// its CPU and memory, each value editable within the core's request range; for llama.cpp and
// Ollama the GPU layers, KV cache in host RAM and mmap.
#include <algorithm>
#include <string>

#include "imgui.h"
#include "logic/cpu_device.hpp"
#include "logic/i18n.hpp"
#include "panels/inputs.hpp"
#include "panels/inputs_widgets.hpp"
#include "sizer/hosts.hpp"

namespace app {
namespace {

// One host value as a slider with a typed entry, within the range of the core's request field
// `host.<key>` (the rule the request reader applies to the same value).
bool host_number(App& app, const char* key, const char* label_key, const char* unit_key,
                 double* v) {
  const sizer::RequestField* f = find_request_field("host", key);
  if (f == nullptr) return false;
  const std::string tag = std::string("host-") + key;
  // A logarithmic slider needs a positive lower end; 0 (a field's minimum) is still typed.
  const double lo = std::max(f->min, 0.001);
  return ui::slider_double(app, label_key, tag.c_str(), v, lo, f->max, unit_key, true);
}

void draw_cpu_fields(App& app) {
  sizer::HostProfile& h = app.inputs.hardware.host;
  bool changed = false;
  if (const sizer::RequestField* f = find_request_field("host", "cpuCores")) {
    changed |=
        ui::slider_int(app, "cpu.cores", "host-cpuCores", &h.cpu_cores, static_cast<int>(f->min),
                       static_cast<int>(f->max), "unit.cores", true);
  }
  ui::help_for_next_row("help.cpu_int8");
  changed |= host_number(app, "cpuInt8Tops", "cpu.int8_tops", "unit.tops", &h.cpu_int8_tops);
  ui::help_for_next_row("help.cpu_amx");
  changed |=
      host_number(app, "cpuAmxInt8Tops", "cpu.amx_int8_tops", "unit.tops", &h.cpu_amx_int8_tops);
  changed |=
      host_number(app, "cpuFp32Tflops", "cpu.fp32_tflops", "unit.tflops", &h.cpu_fp32_tflops);
  changed |= host_number(app, "cpuWatts", "cpu.watts", "unit.watts", &h.cpu_watts);
  // The request's host.ramGB is marketed GB, binary like the DIMMs (sizer::kBytesPerMarketedGB).
  double ram_gb = h.ram_bytes / sizer::kBytesPerMarketedGB;
  if (host_number(app, "ramGB", "cpu.ram", "unit.gb", &ram_gb)) {
    h.ram_bytes = ram_gb * sizer::kBytesPerMarketedGB;
    changed = true;
  }
  changed |=
      host_number(app, "bandwidthGBs", "cpu.bandwidth", "unit.gb_per_s", &h.bandwidth_gb_per_s);
  changed |= host_number(app, "nvmeGBs", "cpu.nvme", "unit.gb_per_s", &h.nvme_gb_per_s);
  if (changed) app.dirty = true;
}

void draw_llama_cpp_offload(App& app) {
  sizer::Scenario& s = app.inputs;
  if (!s.hardware.cpu_only) {
    int layers = s.model.num_layers > 0 ? s.model.num_layers : 1;
    int v = s.inference.gpu_layers < 0 ? layers : std::min(s.inference.gpu_layers, layers);
    ui::help_for_next_row("help.gpu_layers");
    if (ui::slider_int(app, "hw.gpu_layers", "gpu-layers", &v, 0, layers, "unit.layers", false)) {
      s.inference.gpu_layers = v >= layers ? -1 : v;
      app.dirty = true;
    }
    if (ui::checkbox(app, "hw.kv_in_host", "kv-in-host", &s.inference.kv_cache_in_host_memory))
      app.dirty = true;
  }
  if (ui::checkbox(app, "hw.mmap", "mmap-weights", &s.inference.mmap_weights)) app.dirty = true;
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_DelayShort)) ImGui::SetTooltip("%s", tr("help.mmap"));
}

}  // namespace

void draw_host(App& app) {
  sizer::Scenario& s = app.inputs;
  const std::vector<sizer::HostPreset>& hosts = sizer::host_catalog();
  int host = -1;
  for (std::size_t i = 0; i < hosts.size(); ++i)
    if (hosts[i].profile.id == s.hardware.host.id) host = static_cast<int>(i);
  ui::help_for_next_row("help.host");
  if (ui::combo(app, s.hardware.cpu_only ? "cpu.host" : "hw.host", "host-profile", &host,
                static_cast<int>(hosts.size()),
                [&](int i) { return tr(hosts[static_cast<std::size_t>(i)].label_key); })) {
    s.hardware.host = hosts[static_cast<std::size_t>(host)].profile;
    app.dirty = true;
  }
  if (s.hardware.cpu_only) draw_cpu_fields(app);
  // Ollama runs llama.cpp underneath (its num_gpu is -ngl, and it maps the file too).
  const bool llama_cpp_family =
      s.inference.engine == sizer::Engine::llama_cpp || s.inference.engine == sizer::Engine::ollama;
  if (s.mode == sizer::Mode::inference && llama_cpp_family) draw_llama_cpp_offload(app);
}

}  // namespace app
