#include "sizer/hosts.hpp"

namespace sizer {

const std::vector<HostPreset>& host_catalog() {
  // JEDEC transfer rates x 8 bytes per channel: DDR4-3200 25.6 GB/s, DDR5-5600 44.8 GB/s,
  // DDR5-4800 38.4 GB/s per channel. RAM sizes binary, as DIMMs are built (kBytesPerMarketedGB).
  static const std::vector<HostPreset> hosts = {
      {{"ddr4-dual", 32 * kBytesPerMarketedGB, 51.2},
       "host.ddr4_dual",
       "32 GB DDR4-3200, 2 channels (51 GB/s)",
       "JEDEC DDR4-3200: 25.6 GB/s per channel"},
      {{"ddr5-dual", 64 * kBytesPerMarketedGB, 89.6},
       "host.ddr5_dual",
       "64 GB DDR5-5600, 2 channels (90 GB/s)",
       "JEDEC DDR5-5600: 44.8 GB/s per channel"},
      {{"ddr5-dual-128", 128 * kBytesPerMarketedGB, 89.6},
       "host.ddr5_dual_128",
       "128 GB DDR5-5600, 2 channels (90 GB/s)",
       "JEDEC DDR5-5600: 44.8 GB/s per channel"},
      {{"ddr5-8ch-512", 512 * kBytesPerMarketedGB, 307.2},
       "host.ddr5_8ch",
       "512 GB DDR5-4800, 8 channels (307 GB/s)",
       "JEDEC DDR5-4800: 38.4 GB/s per channel"},
      {{"ddr5-12ch-1536", 1536 * kBytesPerMarketedGB, 460.8},
       "host.ddr5_12ch",
       "1.5 TB DDR5-4800, 12 channels (461 GB/s)",
       "JEDEC DDR5-4800: 38.4 GB/s per channel"},
  };
  return hosts;
}

const HostPreset* find_host(const std::string& id) {
  for (const HostPreset& h : host_catalog()) {
    if (h.profile.id == id) return &h;
  }
  return nullptr;
}

}  // namespace sizer
