// Host (CPU RAM) profiles for offloading: capacity and the bandwidth that streams offloaded
// weights, KV cache or optimizer states. Bandwidth = channels x transfer rate x 8 bytes (JEDEC).
#pragma once

#include <string>
#include <vector>

#include "sizer/scenario.hpp"

namespace sizer {

struct HostPreset {
  HostProfile profile;
  const char* label_key;  // the app's string tables
  const char* label;      // English
  const char* source;
};

// "ddr5-dual" is the default host of a Scenario (HostProfile's defaults).
const std::vector<HostPreset>& host_catalog();
const HostPreset* find_host(const std::string& id);

}  // namespace sizer
