// Host (CPU RAM) profiles for offloading: capacity and the bandwidth that streams offloaded
// weights, KV cache or optimizer states. Bandwidths are channel count x transfer rate x 8 bytes.
#pragma once

#include <string>
#include <vector>

namespace app {

struct HostProfile {
  std::string id;
  const char* label_key;  // i18n key
  double ram_bytes;
  double bandwidth_gb_per_s;
};

const std::vector<HostProfile>& host_profiles();

}  // namespace app
