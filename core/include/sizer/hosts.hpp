// Host profiles: RAM capacity and the bandwidth that streams offloaded weights, KV cache or
// optimizer states (channels x transfer rate x 8 bytes, JEDEC), and the CPU that computes the
// layers kept there or, CPU-only, the whole model.
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

// The device of a CPU-only run: the host's CPU with its RAM as device memory, the RAM's
// bandwidth, the CPU's peaks (FP32 vector, INT8 dot products) and power. No interconnect.
Gpu cpu_device(const HostProfile& host);

}  // namespace sizer
