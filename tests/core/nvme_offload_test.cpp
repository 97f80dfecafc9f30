// NVMe as the last tier (docs/METHOD.md, "Offload to NVMe"): ZeRO-Infinity keeps offloaded
// optimizer states and parameters on the drive and streams them each step; llama.cpp's mmap
// reads weights the RAM cannot hold from the disk again every step.
#include <catch2/catch.hpp>

#include "engine_test_util.hpp"
#include "sizer/hosts.hpp"
#include "sizer/memory.hpp"
#include "sizer/params.hpp"

using namespace sizer;
using namespace sizer_test;

namespace {

Scenario zero_infinity(bool nvme) {
  Scenario s = training("llama-3.1-70b", "bf16", "a100-sxm-80gb", 8);
  s.training.zero_stage = 3;
  s.training.offload_optimizer = true;
  s.training.offload_params = true;
  s.training.offload_to_nvme = nvme;
  s.training.recompute = Recompute::full;
  s.hardware.host = find_host("ddr5-8ch-512")->profile;
  return s;
}

}  // namespace

TEST_CASE("ZeRO-Infinity moves the offloaded states from host RAM to NVMe", "[nvme]") {
  const Estimate ram = estimate(zero_infinity(false));
  const Estimate nvme = estimate(zero_infinity(true));
  CHECK(ram.memory.nvme_bytes == 0.0);
  // The same bytes, on another tier; the gradients stay in pinned RAM.
  CHECK(nvme.memory.nvme_bytes + nvme.memory.host_ram_bytes == Approx(ram.memory.host_ram_bytes));
  CHECK(nvme.memory.nvme_bytes > nvme.memory.host_ram_bytes);
  CHECK(nvme.memory.per_gpu_bytes == Approx(ram.memory.per_gpu_bytes));
  // 70B x 12 bytes (AdamW moments + FP32 master) + 70B x 2 (BF16 weights) on the node's drive.
  const double total = count_params(model("llama-3.1-70b")).total;
  CHECK(nvme.memory.nvme_bytes == Approx(total * (12.0 + 2.0)));
  // The step reads and writes the states (2 x 12 bytes per parameter) and reads the weights
  // twice and writes them once, at 7 GB/s.
  const double extra = (2 * 12.0 * total + 3 * 2.0 * total) / 7e9;
  CHECK(nvme.training.communication_seconds_per_step -
            ram.training.communication_seconds_per_step ==
        Approx(extra));
  Scenario s = zero_infinity(true);
  s.training.offload_optimizer = false;
  s.training.offload_params = false;
  CHECK_THROWS_WITH(estimate(s), Catch::Contains("training.offloadNvme"));
}

TEST_CASE("mmap: weights past the RAM stream from the disk every step", "[nvme]") {
  // Llama 3.1 70B Q4_K_M (~42 GB) on a CPU with 32 GB of RAM.
  Scenario s = inference("llama-3.1-70b", "gguf-q4_k_m", "rtx-4090-24gb");
  s.hardware.cpu_only = true;
  s.hardware.host = find_host("ddr4-dual")->profile;
  s.inference.engine = Engine::llama_cpp;
  const Estimate resident = estimate(s);
  CHECK_FALSE(resident.memory.fits);
  s.inference.mmap_weights = true;
  const Estimate mapped = estimate(s);
  CHECK(mapped.memory.fits);
  CHECK(mapped.memory.nvme_bytes == Approx(-resident.memory.headroom_bytes));
  CHECK(mapped.memory.weights_bytes + mapped.memory.nvme_bytes ==
        Approx(resident.memory.weights_bytes));
  CHECK(mapped.inference.decode_memory_seconds ==
        Approx(resident.inference.decode_memory_seconds + mapped.memory.nvme_bytes / 7e9));
  // With a GPU, the host-resident layers are what the RAM must hold.
  Scenario g = inference("llama-3.1-70b", "gguf-q4_k_m", "rtx-4090-24gb");
  g.inference.engine = Engine::llama_cpp;
  g.inference.gpu_layers = 20;
  g.hardware.host = find_host("ddr4-dual")->profile;
  g.hardware.host.ram_bytes = 16.0 * kBytesPerMarketedGB;
  const Estimate no_mmap = estimate(g);
  CHECK_FALSE(no_mmap.memory.fits);
  g.inference.mmap_weights = true;
  const Estimate with_mmap = estimate(g);
  CHECK(with_mmap.memory.nvme_bytes == Approx(no_mmap.memory.host_ram_bytes - 16.0 * 1073741824.0));
  CHECK(with_mmap.memory.host_ram_bytes == Approx(16.0 * 1073741824.0));
  CHECK(with_mmap.inference.decode_tokens_per_second < no_mmap.inference.decode_tokens_per_second);
}
