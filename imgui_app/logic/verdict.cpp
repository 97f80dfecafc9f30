#include "logic/verdict.hpp"

#include "logic/cpu_device.hpp"
#include "logic/format.hpp"
#include "logic/i18n.hpp"

namespace app {

std::string hardware_summary(const sizer::Scenario& s) {
  if (s.hardware.cpu_only) return device_name(s);  // one device, the host: no count
  return std::to_string(sizer::total_gpus(s)) + " \xC3\x97 " + device_name(s);  // U+00D7 sign
}

// A CPU-only run has one device, its RAM: no "per card".
std::string verdict_line(const sizer::Estimate& e) {
  const sizer::MemoryBreakdown& m = e.memory;
  const bool cpu_device = e.scenario.hardware.cpu_only;
  if (!m.fits) return trf("res.verdict.no_fit", {hardware_summary(e.scenario)});
  return trf(cpu_device ? "res.verdict.fits_cpu" : "res.verdict.fits",
             {hardware_summary(e.scenario), fmt::bytes(m.headroom_bytes)});
}

std::string need_line(const sizer::Estimate& e) {
  const sizer::MemoryBreakdown& m = e.memory;
  return trf(e.scenario.hardware.cpu_only ? "res.verdict.need_cpu" : "res.verdict.need",
             {fmt::bytes(m.per_gpu_bytes), fmt::bytes(m.capacity_bytes)});
}

}  // namespace app
