#include "logic/cpu_device.hpp"

#include "logic/catalog_search.hpp"
#include "logic/i18n.hpp"

namespace app {

void use_cpu_device(sizer::Scenario& s) {
  s.hardware.cpu_only = true;
  s.hardware.gpus_per_node = 1;
  s.hardware.nodes = 1;
  s.parallel.tensor = 1;
  s.parallel.pipeline = 1;
  s.parallel.data = 0;
  s.parallel.expert = 1;
  s.parallel.virtual_stages = 1;
}

void use_gpu_device(sizer::Scenario& s, const sizer::Gpu& gpu) {
  s.hardware.cpu_only = false;
  s.hardware.gpu = gpu;
}

bool cpu_entry_matches(const std::string& query) {
  return matches_query(std::string(sizer::kCpuDeviceId) + " " + tr("cpu.pick"), query);
}

std::string device_name(const sizer::Scenario& s) {
  if (s.hardware.cpu_only) {
    return trf("cpu.device_name",
               {s.hardware.host.cpu_name, std::to_string(s.hardware.host.cpu_cores)});
  }
  return s.hardware.gpu.name.empty() ? s.hardware.gpu.id : s.hardware.gpu.name;
}

bool needs_gpus(const sizer::Suggestion& suggestion) {
  for (const char* id : {"split", "more-gpus", "offload", "layer-offload"}) {
    if (suggestion.id == id) return true;
  }
  return false;
}

const sizer::RequestField* find_request_field(const std::string& group, const std::string& key) {
  for (const sizer::RequestField& f : sizer::request_fields()) {
    if (group == f.group && key == f.key) return &f;
  }
  return nullptr;
}

}  // namespace app
