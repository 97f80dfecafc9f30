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

double all_reduce_seconds(double bytes, int n, double gb_per_s, double efficiency,
                          double latency_s) {
  if (n <= 1 || bytes <= 0) return 0.0;
  const double bw = gb_per_s * 1e9 * efficiency;
  return safe_div(2.0 * (n - 1) / n * bytes, bw) + latency_s;
}

double all_gather_seconds(double bytes, int n, double gb_per_s, double efficiency,
                          double latency_s) {
  if (n <= 1 || bytes <= 0) return 0.0;
  const double bw = gb_per_s * 1e9 * efficiency;
  return safe_div(double(n - 1) / n * bytes, bw) + latency_s;
}

double tensor_parallel_seconds(const Scenario& s, double tokens) {
  const int tp = s.parallel.tensor;
  if (tp <= 1) return 0.0;
  const Assumptions& a = s.assumptions;
  const double bytes = tokens * s.model.hidden_size * 2.0;  // 16-bit activations
  const double one = all_reduce_seconds(bytes, tp, link_gb_per_s(s.hardware, tp), a.link_efficiency,
                                        a.collective_latency_s);
  // One all-reduce after each mixer (attention or recurrent) and each MLP, Megatron-LM: two per
  // plain decoder layer.
  return tensor_parallel_sync_points(s.model) * one;
}

double expert_all_to_all_call_seconds(const Scenario& s, double tokens) {
  const int ep = std::max(1, s.parallel.expert);
  if (ep <= 1 || s.model.num_experts <= 0) return 0.0;
  const Assumptions& a = s.assumptions;
  const double bytes = tokens * s.model.experts_per_token * s.model.hidden_size * 2.0 *
                       double(ep - 1) / ep / std::max(1, s.parallel.tensor);
  const double link = link_gb_per_s(s.hardware, ep * s.parallel.tensor) * 1e9 * a.link_efficiency;
  return safe_div(bytes, link) + a.collective_latency_s;
}

}  // namespace sizer
