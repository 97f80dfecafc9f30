#include "sizer/hosts.hpp"

namespace sizer {

const std::vector<HostPreset>& host_catalog() {
  // RAM: JEDEC transfer rates x 8 bytes per channel (DDR4-3200 25.6 GB/s, DDR5-5600 44.8 GB/s,
  // DDR5-4800 38.4 GB/s per channel); sizes binary, as DIMMs are built (kBytesPerMarketedGB).
  // CPU peaks: cores x base clock x operations per cycle per core, from the vendors' core
  // counts and base clocks and the cores' vector units (FP32: two 256-bit FMA pipes = 32
  // FLOPs/cycle on Zen 3 / Zen 4, two 512-bit FMA units = 64 on Sapphire Rapids; INT8 dot
  // products: 64 multiply-adds = 128 ops/cycle on Zen 3 (AVX2 vpmaddubsw on two pipes) and Zen 4
  // (AVX-512 VNNI, 512-bit ops on two 256-bit pipes), 256 on Sapphire Rapids (two 512-bit VNNI
  // units); AMX: 2,048 INT8 ops per cycle per core (Intel's AMX TMUL: 1,024 multiply-adds).
  static const std::vector<HostPreset> hosts = {
      {{"ddr4-dual", 32 * kBytesPerMarketedGB, 51.2, "Ryzen 7 5800X", 8, 0.9728, 3.8912, 0, 105},
       "host.ddr4_dual",
       "Ryzen 7 5800X, 32 GB DDR4-3200, 2 channels (51 GB/s)",
       "JEDEC DDR4-3200: 25.6 GB/s per channel; AMD Ryzen 7 5800X: 8 cores, 3.8 GHz base, 105 W"},
      {{"ddr5-dual", 64 * kBytesPerMarketedGB, 89.6, "Ryzen 9 7950X", 16, 2.304, 9.216, 0, 170},
       "host.ddr5_dual",
       "Ryzen 9 7950X, 64 GB DDR5-5600, 2 channels (90 GB/s)",
       "JEDEC DDR5-5600: 44.8 GB/s per channel; AMD Ryzen 9 7950X: 16 cores, 4.5 GHz base, 170 W"},
      {{"ddr5-dual-128", 128 * kBytesPerMarketedGB, 89.6, "Ryzen 9 7950X", 16, 2.304, 9.216, 0,
        170},
       "host.ddr5_dual_128",
       "Ryzen 9 7950X, 128 GB DDR5-5600, 2 channels (90 GB/s)",
       "JEDEC DDR5-5600: 44.8 GB/s per channel; AMD Ryzen 9 7950X: 16 cores, 4.5 GHz base, 170 W"},
      {{"ddr5-8ch-512", 512 * kBytesPerMarketedGB, 307.2, "Xeon Platinum 8480+", 56, 7.168, 28.672,
        229.376, 350},
       "host.ddr5_8ch",
       "Xeon Platinum 8480+, 512 GB DDR5-4800, 8 channels (307 GB/s)",
       "JEDEC DDR5-4800: 38.4 GB/s per channel; Intel Xeon Platinum 8480+: 56 cores, 2.0 GHz "
       "base, 350 W, 8 DDR5-4800 channels, AMX (56 x 2.0 GHz x 2,048 = 229 INT8 TOPS)"},
      {{"ddr5-12ch-1536", 1536 * kBytesPerMarketedGB, 460.8, "EPYC 9654", 96, 7.3728, 29.4912, 0,
        360},
       "host.ddr5_12ch",
       "EPYC 9654, 1.5 TB DDR5-4800, 12 channels (461 GB/s)",
       "JEDEC DDR5-4800: 38.4 GB/s per channel; AMD EPYC 9654: 96 cores, 2.4 GHz base, 360 W, "
       "12 DDR5-4800 channels"},
  };
  return hosts;
}

const HostPreset* find_host(const std::string& id) {
  for (const HostPreset& h : host_catalog()) {
    if (h.profile.id == id) return &h;
  }
  return nullptr;
}

Gpu cpu_device(const HostProfile& host) {
  Gpu g;
  g.id = kCpuDeviceId;
  g.vendor = "CPU";
  g.name = "CPU only: " + host.cpu_name + " (" + std::to_string(host.cpu_cores) + " cores)";
  g.architecture = "CPU";
  g.memory_gb = host.ram_bytes / kBytesPerMarketedGB;
  g.memory_capacity_bytes = host.ram_bytes;
  g.memory_type = "DDR";
  g.memory_bandwidth_gb_per_s = host.bandwidth_gb_per_s;
  g.fp32_tflops = host.cpu_fp32_tflops;
  g.int8_tensor_tops = host.cpu_int8_tops;
  g.tdp_w = host.cpu_watts;
  g.supports_bf16 = true;  // converted to FP32 for the multiply, as FP16 is
  g.cpu = true;
  g.source = "host profile (core/src/hosts.cpp)";
  return g;
}

}  // namespace sizer
