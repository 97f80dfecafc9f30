#include "logic/host_profiles.hpp"

namespace app {

const std::vector<HostProfile>& host_profiles() {
  // JEDEC transfer rates x 8 bytes per channel: DDR4-3200 25.6 GB/s, DDR5-5600 44.8 GB/s,
  // DDR5-4800 38.4 GB/s per channel. The default "ddr5-dual" matches sizer::HostProfile.
  static const std::vector<HostProfile> profiles = {
      {"ddr4-dual", "host.ddr4_dual", 32e9, 51.2},
      {"ddr5-dual", "host.ddr5_dual", 64e9, 89.6},
      {"ddr5-dual-128", "host.ddr5_dual_128", 128e9, 89.6},
      {"ddr5-8ch-512", "host.ddr5_8ch", 512e9, 307.2},
      {"ddr5-12ch-1536", "host.ddr5_12ch", 1536e9, 460.8},
  };
  return profiles;
}

}  // namespace app
