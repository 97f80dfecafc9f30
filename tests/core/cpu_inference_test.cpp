// CPU-only inference and layers kept in host RAM (docs/METHOD.md, "CPU inference"): the host's
// CPU is the device, with its RAM, its RAM's bandwidth and its own peaks (INT8 dot products for
// quantized weights, FP32 FMAs for 16-bit ones).
#include <catch2/catch.hpp>

#include "engine_test_util.hpp"
#include "sizer/hosts.hpp"
#include "sizer/inference_speed.hpp"
#include "sizer/memory.hpp"
#include "sizer/params.hpp"
#include "sizer/request_json.hpp"
#include "sizer/solvers.hpp"

using namespace sizer;
using namespace sizer_test;

namespace {

Scenario on_cpu(const std::string& model_id, const std::string& weights, const std::string& host) {
  Scenario s = inference(model_id, weights, "rtx-4090-24gb");
  s.hardware.cpu_only = true;
  s.hardware.host = find_host(host)->profile;
  s.inference.engine = Engine::llama_cpp;
  s.inference.prompt_tokens = 512;
  s.inference.output_tokens = 128;
  return s;
}

}  // namespace

TEST_CASE("host presets carry their CPU's peaks: cores x base clock x ops per cycle", "[cpu]") {
  const HostProfile& desktop = find_host("ddr5-dual")->profile;
  CHECK(desktop.cpu_fp32_tflops == Approx(16 * 4.5 * 32 / 1000.0));  // Ryzen 9 7950X
  CHECK(desktop.cpu_int8_tops == Approx(16 * 4.5 * 128 / 1000.0));
  const HostProfile& xeon = find_host("ddr5-8ch-512")->profile;
  CHECK(xeon.cpu_int8_tops == Approx(56 * 2.0 * 256 / 1000.0));  // two 512-bit VNNI units
  CHECK(xeon.bandwidth_gb_per_s == Approx(8 * 38.4));
  const Gpu device = cpu_device(find_host("ddr5-12ch-1536")->profile);
  CHECK(device.cpu);
  CHECK(device.memory_capacity_bytes == Approx(1536.0 * 1073741824.0));
  CHECK(device.memory_bandwidth_gb_per_s == Approx(460.8));
  CHECK(device.name == "CPU only: EPYC 9654 (96 cores)");
}

TEST_CASE("CPU-only prefill runs at the CPU's integer peak for quantized weights", "[cpu]") {
  const Scenario s = normalize(on_cpu("llama-3.1-8b", "gguf-q5_0", "ddr5-dual"));
  const Estimate e = estimate(s);
  const ParamCounts p = count_params(s.model);
  // 9.216 TOPS x cpuComputeEfficiency 0.18 over 2 x N + attention FLOPs of a 512-token prompt.
  CHECK(s.assumptions.cpu_compute_efficiency == 0.18);
  const double compute = prefill_flops(s.model, p, 512) / (9.216e12 * 0.18);
  const double overhead = s.model.num_layers * s.assumptions.decode_overhead_seconds_per_layer;
  // llama.cpp without flash attention writes, soft-maxes and reads the FP32 scores: 3 passes of
  // 32 layers x 32 heads x 512 x 512 / 2 x 4 bytes through the RAM.
  const double scores = 3.0 * 32 * 32 * 512 * 512 / 2 * 4 / (89.6e9 * 0.7);
  CHECK(e.peak_flops == Approx(9.216e12));
  CHECK(e.inference.ttft_seconds == Approx(compute + overhead + scores));
  // 16-bit weights are multiplied in FP32: the FP32 vector peak.
  CHECK(estimate(on_cpu("llama-3.1-8b", "gguf-f16", "ddr5-dual")).peak_flops == Approx(2.304e12));
}

TEST_CASE("CPU-only decode streams the weights from RAM at the host's bandwidth", "[cpu]") {
  const Scenario s = normalize(on_cpu("llama-3.1-8b", "gguf-q4_k_m", "ddr5-dual"));
  const Estimate e = estimate(s);
  const double bw = 89.6e9 * s.assumptions.host_bandwidth_efficiency;
  CHECK(e.inference.decode_memory_seconds > e.inference.decode_compute_seconds);
  CHECK(
      e.inference.decode_memory_seconds ==
      Approx((e.inference.weights_read_bytes_per_step + e.inference.kv_read_bytes_per_step) / bw));
  CHECK(e.bottleneck == Bottleneck::memory_bandwidth);
  // The RAM is the device memory; the OS keeps its share, no CUDA context.
  CHECK(e.memory.capacity_bytes == Approx(64.0 * 1073741824.0));
  CHECK(e.memory.overhead_bytes ==
        Approx(s.assumptions.host_os_reserve_bytes +
               s.assumptions.framework_overhead_fraction * e.memory.weights_bytes));
  CHECK(e.memory.host_ram_bytes == 0.0);
  CHECK(e.memory.fits);
  // A 12-channel EPYC reads 5.1x faster.
  const Estimate epyc = estimate(on_cpu("llama-3.1-8b", "gguf-q4_k_m", "ddr5-12ch-1536"));
  CHECK(epyc.inference.decode_memory_seconds ==
        Approx(e.inference.decode_memory_seconds * 89.6 / 460.8));
}

TEST_CASE("layers kept in host RAM are computed by the host's CPU", "[cpu]") {
  Scenario s = inference("llama-3.1-8b", "gguf-q4_k_m", "rtx-4090-24gb");
  s.inference.engine = Engine::llama_cpp;
  s.inference.batch = 64;  // compute matters at this batch
  const Estimate all = estimate(s);
  s.inference.gpu_layers = 16;  // half of the 32 layers on the card
  const Scenario n = normalize(s);
  const Estimate half = estimate(s);
  // The card's matmuls run at its sustained rate (peak x its measured matmul share).
  const double gpu_rate = inference_sustained_flops(n);
  const double step_flops =
      all.inference.decode_compute_seconds * (gpu_rate * n.assumptions.decode_compute_efficiency);
  const double host_peak = cpu_peak_flops(n.hardware.host, format("gguf-q4_k_m"));
  CHECK(host_peak == Approx(9.216e12));
  // The host computes its 16 layers and the output layer (llama.cpp keeps it with them).
  const double head = 64 * 2.0 * count_params(n.model).lm_head;
  const double host_flops = head + (step_flops - head) * 0.5;
  CHECK(half.inference.decode_compute_seconds ==
        Approx((step_flops - host_flops) / (gpu_rate * n.assumptions.decode_compute_efficiency) +
               host_flops / (host_peak * n.assumptions.cpu_compute_efficiency)));
  CHECK(half.inference.decode_tokens_per_second < all.inference.decode_tokens_per_second);
}

TEST_CASE("gpu \"cpu\" in a request: the host's preset, its overrides and the round trip",
          "[cpu]") {
  const RequestResult r = scenario_from_request_json(
      R"({"model":"llama-3.1-8b","weights":"gguf-q4_k_m","gpu":"cpu","engine":"llama.cpp",
          "host":{"id":"ddr5-12ch-1536","ramGB":768}})");
  REQUIRE(r.ok);
  CHECK(r.scenario.hardware.cpu_only);
  CHECK(r.scenario.hardware.host.cpu_name == "EPYC 9654");
  CHECK(r.scenario.hardware.host.cpu_cores == 96);
  CHECK(r.scenario.hardware.host.ram_bytes == Approx(768.0 * 1073741824.0));
  const std::string written = scenario_to_request_json(r.scenario);
  CHECK_THAT(written, Catch::Contains(R"("gpu":"cpu")"));
  const RequestResult back = scenario_from_request_json(written);
  REQUIRE(back.ok);
  CHECK(back.scenario.hardware.cpu_only);
  CHECK(back.scenario.hardware.host.cpu_int8_tops == Approx(29.4912));
  CHECK(estimate(back.scenario).memory.capacity_bytes == Approx(768.0 * 1073741824.0));
}

TEST_CASE("CPU-only is one device and inference only", "[cpu]") {
  Scenario s = on_cpu("llama-3.1-8b", "gguf-q4_k_m", "ddr5-dual");
  s.hardware.gpus_per_node = 2;
  CHECK_THROWS_WITH(estimate(s), Catch::Contains("gpuCount: a CPU-only run has one device"));
  s = on_cpu("llama-3.1-8b", "bf16", "ddr5-dual");
  s.mode = Mode::training;
  CHECK_THROWS_WITH(estimate(s), Catch::Contains("runs inference only"));
  s = on_cpu("llama-3.1-8b", "gguf-q4_k_m", "ddr5-dual");
  s.hardware.host.bandwidth_gb_per_s = 0;
  CHECK_THROWS_WITH(estimate(s), Catch::Contains("host.bandwidthGBs: must be positive"));
  const RequestResult bad =
      scenario_from_request_json(R"({"gpu":"cpu","host":{"cpuInt8Tops":-1}})");
  CHECK_FALSE(bad.ok);
  CHECK_THAT(bad.error, Catch::Contains("host.cpuInt8Tops"));
}

TEST_CASE("prompt batches stream host-resident weights to the GPU over PCIe", "[cpu]") {
  Scenario s = inference("llama-3.1-8b", "gguf-q4_k_m", "rtx-4090-24gb");
  s.inference.engine = Engine::llama_cpp;
  s.inference.gpu_layers = 16;
  s.inference.prompt_tokens = 64;  // >= 32 tokens: ggml's CUDA backend runs those matmuls
  const Scenario n = normalize(s);
  const Estimate e = estimate(s);
  // What is multiplied: half the body and the head (the embedding is only looked up).
  const ParamCounts p = count_params(n.model);
  const NumberFormat& q4 = format("gguf-q4_k_m");
  const double embedding = p.embedding * embedding_bytes_per_param(q4, p);
  const double head = p.lm_head * lm_head_bytes_per_param(q4);
  const double body = weights_bytes(p, q4) - embedding - head;
  const double host_weights = body / 2 + head;
  const double pcie =
      n.hardware.gpu.pcie_gb_per_s_unidirectional * 1e9 * n.assumptions.link_efficiency;
  REQUIRE(pcie < 89.6e9 * n.assumptions.host_bandwidth_efficiency);
  // The body's host half, the embedding and the head cross the link once per chunk.
  CHECK(e.inference.ttft_seconds > host_weights / pcie);
  CHECK(e.inference.ttft_seconds < host_weights / pcie + 0.03);
  s.inference.prompt_tokens = 16;  // a small batch stays on the CPU, at the RAM's speed
  CHECK(estimate(s).inference.ttft_seconds < host_weights / pcie);
}

TEST_CASE("AMX: types with AMX kernels run at the tiles' INT8 peak", "[cpu]") {
  const HostProfile& xeon = find_host("ddr5-8ch-512")->profile;
  CHECK(xeon.cpu_amx_int8_tops == Approx(56 * 2.0 * 2048 / 1000.0));
  CHECK(cpu_peak_flops(xeon, format("gguf-q4_0")) == Approx(229.376e12));
  CHECK(cpu_peak_flops(xeon, format("gguf-q4_k_m")) == Approx(229.376e12));
  // IQ3_S has no AMX kernel: the VNNI peak; BF16 weights: the FP32 vector peak.
  CHECK(cpu_peak_flops(xeon, format("gguf-iq3_s")) == Approx(28.672e12));
  CHECK(cpu_peak_flops(xeon, format("gguf-bf16")) == Approx(7.168e12));
  // Zen 4 has no AMX.
  CHECK(cpu_peak_flops(find_host("ddr5-12ch-1536")->profile, format("gguf-q4_0")) ==
        Approx(29.4912e12));
  const Estimate e = estimate(on_cpu("llama-3.1-8b", "gguf-q4_0", "ddr5-8ch-512"));
  CHECK(e.peak_flops == Approx(229.376e12));
}

TEST_CASE("the fit table and the planner search cards from a CPU-only scenario", "[cpu]") {
  Scenario s = on_cpu("llama-3.1-8b", "gguf-q4_k_m", "ddr5-dual");
  const std::vector<FitRow> rows = fit_table(s, 8);
  REQUIRE_FALSE(rows.empty());
  const FitRow* h100 = nullptr;
  for (const FitRow& r : rows) {
    if (r.gpu_id == "h100-sxm-80gb") h100 = &r;
  }
  REQUIRE(h100 != nullptr);
  CHECK(h100->capacity_bytes == Approx(gpu("h100-sxm-80gb").memory_capacity_bytes));
  CHECK(h100->gpus == 1);
}
