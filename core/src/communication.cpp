// Collective times over the link a group of GPUs actually shares.
#include "sizer/communication.hpp"

#include <algorithm>

#include "engine_internal.hpp"
#include "sizer/layers.hpp"

namespace sizer {

bool group_inside_fabric(const Gpu& g, int group_size) {
  if (!g.has_nvlink) return false;
  // nvlink_domain_gpus: 2 for bridged pairs (A100/H100 PCIe, RTX 3090, A6000), 8 for HGX boards,
  // 72 for NVL72; 0 = the catalog gives no domain, taken as the whole node.
  return g.nvlink_domain_gpus <= 0 || group_size <= g.nvlink_domain_gpus;
}

double link_gb_per_s(const Hardware& hw, int group_size) {
  if (group_size <= 1) return 0.0;
  if (group_size > hw.gpus_per_node) return hw.inter_node_gb_per_s;
  const Gpu& g = hw.gpu;
  // gpus.csv holds bidirectional per-GPU totals: NVLink 4 = 900 (450 each way); cards without a
  // GPU-to-GPU link hold the PCIe x16 bidirectional rate. A group wider than the NVLink domain
  // (8 x A100 PCIe joined by pair bridges) runs its ring over PCIe: the slowest hop sets the pace.
  if (group_inside_fabric(g, group_size) || !(g.pcie_gb_per_s_unidirectional > 0)) {
    if (g.interconnect_gb_per_s_bidirectional > 0) {
      return g.interconnect_gb_per_s_bidirectional / 2.0;
    }
  }
  return g.pcie_gb_per_s_unidirectional;
}

LinkPath intra_node_link_path(const Gpu& g, int group_size) {
  if (group_inside_fabric(g, group_size) && g.interconnect_gb_per_s_bidirectional > 0) {
    return LinkPath::fabric;
  }
  return g.pcie_peer_to_peer ? LinkPath::pcie_peer : LinkPath::host_staged;
}

namespace {

double hop_latency_seconds(LinkPath path, const Assumptions& a) {
  switch (path) {
    case LinkPath::fabric:
      return a.nvlink_hop_latency_s;
    case LinkPath::pcie_peer:
      return a.pcie_hop_latency_s;
    case LinkPath::host_staged:
      return a.host_staged_hop_latency_s;
    case LinkPath::network:
      return a.network_hop_latency_s;
  }
  return a.pcie_hop_latency_s;
}

// The fixed cost of a transfer through host memory (NCCL's SHM transport between cards without
// peer access), paid once per call on top of its ring steps; 0 on the other paths.
double host_staged_call_seconds(LinkPath path, const Assumptions& a) {
  return path == LinkPath::host_staged ? a.host_staged_collective_latency_s : 0.0;
}

// A ring's steps: how many stay inside a node (over `inside`) and how many cross the network.
struct RingSteps {
  double intra = 0;
  double network = 0;
  LinkPath inside = LinkPath::fabric;
};

RingSteps ring_steps(const Hardware& hw, int ranks, int span_gpus, int steps_per_rank) {
  const int per_node = std::max(1, hw.gpus_per_node);
  const int span = std::max(ranks, span_gpus);
  // Nodes the ring crosses: NCCL counts 2 (nodes - 1) of an all-reduce's steps as network steps.
  const int nodes = std::min(ranks, (span + per_node - 1) / per_node);
  RingSteps r;
  r.network = double(steps_per_rank) * (nodes - 1);
  r.intra = double(steps_per_rank) * (ranks - 1) - r.network;
  r.inside = intra_node_link_path(hw.gpu, std::min(span, per_node));
  return r;
}

// NCCL's LL protocol: the base plus each step's hop over its path.
double ll_latency_seconds(const RingSteps& r, const Assumptions& a) {
  return a.collective_latency_s + host_staged_call_seconds(r.inside, a) +
         r.intra * hop_latency_seconds(r.inside, a) +
         r.network * hop_latency_seconds(LinkPath::network, a);
}

// The protocol NCCL uses for large messages: LL128 inside one NVLink domain, Simple elsewhere.
// A step is never faster than the same path's small-message step (host-staged copies, the
// measured PCIe hop).
double large_message_latency_seconds(const RingSteps& r, const Assumptions& a) {
  if (r.network == 0 && r.inside == LinkPath::fabric) {
    return a.ll128_collective_latency_s +
           r.intra * std::max(a.ll128_nvlink_hop_latency_s, hop_latency_seconds(r.inside, a));
  }
  const double simple_intra =
      r.inside == LinkPath::fabric ? a.simple_nvlink_hop_latency_s : a.simple_pcie_hop_latency_s;
  return a.simple_collective_latency_s + host_staged_call_seconds(r.inside, a) +
         r.intra * std::max(simple_intra, hop_latency_seconds(r.inside, a)) +
         r.network *
             std::max(a.simple_network_hop_latency_s, hop_latency_seconds(LinkPath::network, a));
}

}  // namespace

double ring_latency_seconds(const Hardware& hw, const Assumptions& a, int ranks, int span_gpus,
                            int steps_per_rank) {
  if (ranks <= 1) return 0.0;
  return ll_latency_seconds(ring_steps(hw, ranks, span_gpus, steps_per_rank), a);
}

double point_to_point_latency_seconds(const Hardware& hw, const Assumptions& a, int group_size) {
  if (group_size <= 1) return 0.0;
  const LinkPath path = group_size > std::max(1, hw.gpus_per_node)
                            ? LinkPath::network
                            : intra_node_link_path(hw.gpu, group_size);
  return a.collective_latency_s + host_staged_call_seconds(path, a) + hop_latency_seconds(path, a);
}

double ring_collective_seconds(const Hardware& hw, const Assumptions& a, double bytes, int ranks,
                               int span_gpus, int steps_per_rank, double link_gb_per_s) {
  if (ranks <= 1 || bytes <= 0) return 0.0;
  const RingSteps r = ring_steps(hw, ranks, span_gpus, steps_per_rank);
  // Bytes each GPU sends: 2 (n-1)/n of the buffer for an all-reduce, (n-1)/n for a gather.
  const double wire_bytes = steps_per_rank * double(ranks - 1) / ranks * bytes;
  const double bus = link_gb_per_s * 1e9 * a.link_efficiency;
  // LL: a quarter of the bus bandwidth for an all-reduce or a ring across nodes, a third for a
  // gather inside a node, capped (NCCL's tuning model).
  const double ll_share = (steps_per_rank == 2 || r.network > 0) ? 0.25 : 1.0 / 3.0;
  const double ll_bus = std::min(a.ll_bus_bandwidth_cap_gb_per_s * 1e9, bus * ll_share);
  const double ll = ll_latency_seconds(r, a) + safe_div(wire_bytes, ll_bus);
  const double large = large_message_latency_seconds(r, a) + safe_div(wire_bytes, bus);
  return std::min(ll, large);
}

double tensor_parallel_all_reduce_seconds(const Scenario& s, double tokens) {
  const int tp = s.parallel.tensor;
  if (tp <= 1) return 0.0;
  const double bytes = tokens * s.model.hidden_size * 2.0;  // 16-bit activations
  return ring_collective_seconds(s.hardware, s.assumptions, bytes, tp, tp, 2,
                                 link_gb_per_s(s.hardware, tp));
}

double tensor_parallel_seconds(const Scenario& s, double tokens) {
  // One all-reduce after each mixer (attention or recurrent) and each MLP, Megatron-LM: two per
  // plain decoder layer.
  return tensor_parallel_sync_points(s.model) * tensor_parallel_all_reduce_seconds(s, tokens);
}

double expert_all_to_all_call_seconds(const Scenario& s, double tokens) {
  const int ep = std::max(1, s.parallel.expert);
  if (ep <= 1 || s.model.num_experts <= 0) return 0.0;
  const Assumptions& a = s.assumptions;
  const double bytes = tokens * s.model.experts_per_token * s.model.hidden_size * 2.0 *
                       double(ep - 1) / ep / std::max(1, s.parallel.tensor);
  const double link = link_gb_per_s(s.hardware, ep * s.parallel.tensor) * 1e9 * a.link_efficiency;
  return safe_div(bytes, link) +
         point_to_point_latency_seconds(s.hardware, a, ep * s.parallel.tensor);
}

}  // namespace sizer
