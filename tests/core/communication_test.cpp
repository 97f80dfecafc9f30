// Collective latency by the path the GPUs share (docs/METHOD.md, "Communication"): NCCL's ring
// model, a base per call plus one hop latency per ring step, with the hop set by NVLink, PCIe
// with peer access, PCIe through host memory (GeForce, which also pays a fixed cost per call) or
// the network.
#include "sizer/communication.hpp"

#include <catch2/catch.hpp>

#include "engine_test_util.hpp"
#include "sizer/estimate.hpp"

using namespace sizer;
using namespace sizer_test;

TEST_CASE("GeForce cards have no PCIe peer access, data-centre and workstation cards do",
          "[communication][catalog]") {
  CHECK_FALSE(gpu("rtx-4090-24gb").pcie_peer_to_peer);
  CHECK_FALSE(gpu("rtx-3090-ti-24gb").pcie_peer_to_peer);
  CHECK(gpu("l40s-48gb").pcie_peer_to_peer);
  CHECK(gpu("rtx-a6000-48gb").pcie_peer_to_peer);
  CHECK(gpu("h100-sxm-80gb").pcie_peer_to_peer);
}

TEST_CASE("the path between a group's GPUs", "[communication]") {
  CHECK(intra_node_link_path(gpu("h100-sxm-80gb"), 8) == LinkPath::fabric);
  CHECK(intra_node_link_path(gpu("l40s-48gb"), 4) == LinkPath::pcie_peer);
  CHECK(intra_node_link_path(gpu("rtx-4090-24gb"), 2) == LinkPath::host_staged);
  // An RTX 3090 pair shares its NVLink bridge; four of them meet only through the host.
  CHECK(intra_node_link_path(gpu("rtx-3090-24gb"), 2) == LinkPath::fabric);
  CHECK(intra_node_link_path(gpu("rtx-3090-24gb"), 4) == LinkPath::host_staged);
  // A100 PCIe bridged pairs: eight of them ring over PCIe, with peer access.
  CHECK(intra_node_link_path(gpu("a100-pcie-80gb"), 8) == LinkPath::pcie_peer);
}

TEST_CASE("all-reduce latency: 3.6 us + 2 (n - 1) hops", "[communication]") {
  const Assumptions a = default_assumptions(Engine::generic);
  Hardware hgx;
  hgx.gpu = gpu("h100-sxm-80gb");
  hgx.gpus_per_node = 8;
  // NCCL's figures (src/graph/tuning.cc, ring LL): 3.6 + 14 x 0.47 = 10.18 us.
  CHECK(ring_latency_seconds(hgx, a, 8, 8, 2) == Approx(10.18e-6));
  CHECK(ring_latency_seconds(hgx, a, 2, 2, 2) == Approx(4.54e-6));
  // All-gather: half the steps.
  CHECK(ring_latency_seconds(hgx, a, 8, 8, 1) == Approx(3.6e-6 + 7 * 0.47e-6));
  // Two HGX nodes: 30 steps, 2 of them over the network (2.7 us), 28 over NVLink.
  hgx.nodes = 2;
  CHECK(ring_latency_seconds(hgx, a, 16, 16, 2) == Approx(3.6e-6 + 28 * 0.47e-6 + 2 * 2.7e-6));
  // Data-parallel ranks 8 GPUs apart (TP 8 inside each node) cross the network on every step.
  CHECK(ring_latency_seconds(hgx, a, 2, 16, 2) == Approx(3.6e-6 + 2 * 2.7e-6));

  Hardware pcie;
  pcie.gpu = gpu("l40s-48gb");
  pcie.gpus_per_node = 4;
  // 4 cards with peer access: 3.6 + 6 x 2.05 = 15.9 us before the bytes (the sglang-V100 PR #2
  // measurement less its 8 KB, below).
  CHECK(ring_latency_seconds(pcie, a, 4, 4, 2) == Approx(15.9e-6));

  Hardware geforce;
  geforce.gpu = gpu("rtx-4090-24gb");
  geforce.gpus_per_node = 4;
  // Through host memory: a fixed 32.5 us per call plus NCCL's 1.0 us per PCIe step. 2 cards
  // 3.6 + 32.5 + 2 x 1.0 = 38.1 us (SGLang PR #39605 less its 10 KB), 4 cards 42.1 us.
  CHECK(ring_latency_seconds(geforce, a, 2, 2, 2) == Approx(38.1e-6));
  CHECK(ring_latency_seconds(geforce, a, 4, 4, 2) == Approx(42.1e-6));
  CHECK(point_to_point_latency_seconds(geforce, a, 2) == Approx(37.1e-6));
  // 8 RTX 3090 without peer access: 50.1 us, where NVIDIA/nccl issue #1439 measured 54.18 us for
  // an 8-byte all-reduce (nccl-tests, no CUDA graph); per-step host latency said 244 us.
  Hardware eight;
  eight.gpu = gpu("rtx-3090-24gb");
  eight.gpus_per_node = 8;
  CHECK(ring_latency_seconds(eight, a, 8, 8, 2) == Approx(50.1e-6));
  CHECK(ring_latency_seconds(eight, a, 8, 8, 2) == Approx(54.18e-6).epsilon(0.1));
  CHECK(ring_latency_seconds(geforce, a, 1, 1, 2) == 0.0);
}

TEST_CASE("a collective takes NCCL's faster protocol: LL up to about a megabyte",
          "[communication]") {
  const Assumptions a = default_assumptions(Engine::generic);
  // The two measured calls the hop latencies come from, whole. 4 V100 PCIe (16 GB/s), 8 KB: LL
  // moves 2 x 3/4 x 8 KB at a quarter of 16 x 0.7 GB/s (4.4 us) after 15.9 us (haohervchb/
  // sglang-V100 PR #2: 20.3 us).
  Hardware v100;
  v100.gpu = gpu("v100-pcie-16gb");
  v100.gpus_per_node = 4;
  CHECK(ring_collective_seconds(v100, a, 8192, 4, 4, 2, 16) == Approx(20.3e-6).epsilon(0.005));
  // 2 RTX 5070 Ti through host memory (PCIe 5.0, 64 GB/s), 10 KB: 38 + 0.9 us (SGLang PR #39605:
  // 39 us).
  Hardware blackwell;
  blackwell.gpu = gpu("rtx-5070-ti-16gb");
  blackwell.gpus_per_node = 2;
  CHECK(ring_collective_seconds(blackwell, a, 10240, 2, 2, 2, 64) == Approx(39e-6).epsilon(0.005));

  // 8 H100 SXM, 1 MiB (a decode step of 64 sequences of a 8,192-wide model): LL's bus is a
  // quarter of 450 x 0.7 GB/s = 78.75 GB/s: 10.18 + 2 x 7/8 x 1 MiB / 78.75 GB/s = 33.5 us; LL128
  // would take 10 + 14 x 1.9 + 5.8 = 42.4 us. SGLang PR #2904 measured its custom all-reduce
  // kernels on H100 at 33.8 us (TP 8), 31.1 (TP 4) and 19.9 (TP 2) for 1 MB, where the bus
  // bandwidth alone (the model before) says 15.9 us.
  Hardware hgx;
  hgx.gpu = gpu("h100-sxm-80gb");
  hgx.gpus_per_node = 8;
  const double mib = 1048576;
  CHECK(ring_collective_seconds(hgx, a, mib, 8, 8, 2, 450) ==
        Approx(10.18e-6 + 1.75 * mib / 78.75e9));
  CHECK(ring_collective_seconds(hgx, a, mib, 4, 4, 2, 450) ==
        Approx(3.6e-6 + 6 * 0.47e-6 + 1.5 * mib / 78.75e9));
  // Two ranks make fewer LL128 steps: 10 + 2 x 1.9 us + 1 MiB / 315 GB/s = 17.1 us beats LL's 17.9.
  CHECK(ring_collective_seconds(hgx, a, mib, 2, 2, 2, 450) == Approx(13.8e-6 + mib / 315e9));
  // Large buffers go LL128 inside the NVLink domain: 36.6 us + the bus bandwidth.
  CHECK(ring_collective_seconds(hgx, a, 64 * mib, 8, 8, 2, 450) ==
        Approx(36.6e-6 + 1.75 * 64 * mib / 315e9));
  // An all-gather inside a node gets a third of the bus on LL (105 GB/s), capped at 87.7 GB/s.
  CHECK(ring_collective_seconds(hgx, a, 256 * 1024, 8, 8, 1, 450) ==
        Approx(3.6e-6 + 7 * 0.47e-6 + 0.875 * 256 * 1024 / 87.7e9));
  // Across two nodes the ring runs Simple: 8.4 + 28 x 3.4 + 2 x 9.6 us, at the network's 50 GB/s.
  hgx.nodes = 2;
  CHECK(ring_collective_seconds(hgx, a, 1024 * mib, 16, 16, 2, 50) ==
        Approx(8.4e-6 + 28 * 3.4e-6 + 2 * 9.6e-6 + 2 * 15.0 / 16 * 1024 * mib / 35e9));
  // Nothing to send, or one rank: no time.
  CHECK(ring_collective_seconds(hgx, a, 0, 8, 8, 2, 450) == 0.0);
  CHECK(ring_collective_seconds(hgx, a, mib, 1, 1, 2, 450) == 0.0);
}

namespace {
// One client of Llama 3.1 70B AWQ at TP 4 on four cards, 512 + 256 tokens (vLLM issue #6955's
// setup).
Scenario one_client_70b_awq_tp4(const char* gpu_id) {
  Scenario s = inference("llama-3.1-70b", "awq-4bit-g128", gpu_id, 4, 4);
  s.inference.batch = 1;
  s.inference.prompt_tokens = 512;
  s.inference.output_tokens = 256;
  return s;
}
}  // namespace

TEST_CASE("tensor parallel on GeForce cards pays host-staged all-reduces", "[communication]") {
  const Scenario s = one_client_70b_awq_tp4("rtx-4090-24gb");
  const Scenario n = normalize(s);
  // 80 layers x 2 all-reduces of 8,192 x 2 bytes over PCIe 4.0 (32 GB/s x 0.7, a quarter of it
  // on LL), 42.1 us of latency each (3.6 + 32.5 through host memory + 6 steps x 1.0).
  const double bytes = 8192 * 2.0;
  const double ll_bus = 32e9 * 0.7 / 4;
  const double one = 2.0 * 3 / 4 * bytes / ll_bus + 42.1e-6;
  CHECK(tensor_parallel_seconds(n, 1) == Approx(160 * one));
  // The same cards with peer access (a custom copy) pay 15.9 us of latency per all-reduce.
  Scenario peer = s;
  peer.hardware.gpu.pcie_peer_to_peer = true;
  CHECK(tensor_parallel_seconds(normalize(peer), 1) ==
        Approx(160 * (2.0 * 3 / 4 * bytes / ll_bus + 15.9e-6)));
  CHECK(estimate(peer).inference.decode_tokens_per_second >
        1.2 * estimate(s).inference.decode_tokens_per_second);
}

TEST_CASE("one client of a 70B model at TP 4 on RTX 3090 Ti cards decodes ~46 tokens/s (P-148)",
          "[communication]") {
  // vLLM issue #6955: Llama 3.1 70B AWQ over 4 RTX 3090 Ti on PCIe, one client, 46 tokens/s.
  // Four cards outgrow the bridge's pair, so the 160 all-reduces per token go through host
  // memory at 42 us each (a per-step host latency said 107 us, and 32 tokens/s).
  Scenario s = one_client_70b_awq_tp4("rtx-3090-ti-24gb");
  s.inference.engine = Engine::vllm;
  const Estimate e = estimate(s);
  CHECK(intra_node_link_path(e.scenario.hardware.gpu, 4) == LinkPath::host_staged);
  CHECK(e.inference.decode_tokens_per_second == Approx(46).epsilon(0.15));
}

TEST_CASE("tensor parallel through host memory is named, with its latency", "[communication]") {
  const Estimate geforce =
      estimate(inference("llama-3.1-70b", "awq-4bit-g128", "rtx-4090-24gb", 4, 4));
  bool named = false;
  for (const Warning& w : geforce.warning_details) {
    if (w.id != "tp-through-host") continue;
    named = true;
    REQUIRE(w.args.size() == 2);
    CHECK(w.args[0] == "GeForce RTX 4090");
    CHECK(w.args[1] == "42.1");
  }
  CHECK(named);
  // Cards with peer access keep the PCIe warning.
  const Estimate l40s = estimate(inference("llama-3.1-70b", "awq-4bit-g128", "l40s-48gb", 4, 4));
  for (const Warning& w : l40s.warning_details) CHECK(w.id != "tp-through-host");
}
