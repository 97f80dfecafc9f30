// Collective latency by the path the GPUs share (docs/METHOD.md, "Communication"): NCCL's ring
// model, a base per call plus one hop latency per ring step, with the hop set by NVLink, PCIe
// with peer access, PCIe through host memory (GeForce) or the network.
#include "sizer/communication.hpp"

#include <catch2/catch.hpp>

#include "engine_test_util.hpp"
#include "sizer/estimate.hpp"

using namespace sizer;
using namespace sizer_test;

TEST_CASE("GeForce cards have no PCIe peer access; data-centre and workstation cards do",
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
  // 4 cards with peer access: 3.6 + 6 x 2.8 = 20.4 us, the sglang-V100 PR #2 measurement.
  CHECK(ring_latency_seconds(pcie, a, 4, 4, 2) == Approx(20.4e-6));

  Hardware geforce;
  geforce.gpu = gpu("rtx-4090-24gb");
  geforce.gpus_per_node = 4;
  // Through host memory: 2 cards 3.6 + 2 x 17.7 = 39 us (SGLang PR #39605), 4 cards 109.8 us.
  CHECK(ring_latency_seconds(geforce, a, 2, 2, 2) == Approx(39e-6));
  CHECK(ring_latency_seconds(geforce, a, 4, 4, 2) == Approx(109.8e-6));
  CHECK(point_to_point_latency_seconds(geforce, a, 2) == Approx(21.3e-6));
  CHECK(ring_latency_seconds(geforce, a, 1, 1, 2) == 0.0);
}

TEST_CASE("tensor parallel on GeForce cards pays host-staged all-reduces", "[communication]") {
  Scenario s = inference("llama-3.1-70b", "awq-4bit-g128", "rtx-4090-24gb", 4, 4);
  s.inference.batch = 1;
  s.inference.prompt_tokens = 512;
  s.inference.output_tokens = 256;
  const Scenario n = normalize(s);
  // 80 layers x 2 all-reduces of 8,192 x 2 bytes over PCIe 4.0 (32 GB/s x 0.7), 109.8 us each.
  const double bytes = 8192 * 2.0;
  const double one = 2.0 * 3 / 4 * bytes / (32e9 * 0.7) + 109.8e-6;
  CHECK(tensor_parallel_seconds(n, 1) == Approx(160 * one));
  // The same cards with peer access (a custom copy) pay 20.4 us per all-reduce.
  Scenario peer = s;
  peer.hardware.gpu.pcie_peer_to_peer = true;
  CHECK(tensor_parallel_seconds(normalize(peer), 1) ==
        Approx(160 * (2.0 * 3 / 4 * bytes / (32e9 * 0.7) + 20.4e-6)));
  CHECK(estimate(peer).inference.decode_tokens_per_second >
        1.2 * estimate(s).inference.decode_tokens_per_second);
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
    CHECK(w.args[1] == "110");
  }
  CHECK(named);
  // Cards with peer access keep the PCIe warning.
  const Estimate l40s = estimate(inference("llama-3.1-70b", "awq-4bit-g128", "l40s-48gb", 4, 4));
  for (const Warning& w : l40s.warning_details) CHECK(w.id != "tp-through-host");
}
