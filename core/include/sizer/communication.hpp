// Collective communication times (docs/METHOD.md, "Communication").
#pragma once

#include "sizer/scenario.hpp"

namespace sizer {

// One-direction bandwidth (GB/s) of the link a group of `group_size` GPUs talks over: NVLink
// (half the bidirectional total), PCIe, or the inter-node network when the group spans nodes.
// True when `group_size` GPUs all sit inside one NVLink / Infinity Fabric domain.
bool group_inside_fabric(const Gpu& gpu, int group_size);

double link_gb_per_s(const Hardware& hw, int group_size);

// The path a collective's ring steps take between two GPUs of a group: the NVLink / Infinity
// Fabric domain, PCIe with peer access, PCIe through host memory (cards without peer access),
// or the network between nodes.
enum class LinkPath { fabric, pcie_peer, host_staged, network };

// The path between neighbours inside one node for a group of `group_size` GPUs.
LinkPath intra_node_link_path(const Gpu& gpu, int group_size);

// Latency of one ring collective, NCCL's model (src/graph/tuning.cc): collectiveLatencySeconds
// + one hop latency per step, steps = steps_per_rank x (ranks - 1) (2 for an all-reduce, 1 for an
// all-gather or reduce-scatter). `span_gpus` GPUs hold the ranks (tensor-parallel ranks in
// between stretch a data-parallel group); steps that cross nodes pay the network's hop latency.
double ring_latency_seconds(const Hardware& hw, const Assumptions& a, int ranks, int span_gpus,
                            int steps_per_rank);

// Latency of one point-to-point transfer (a pipeline hop, an expert dispatch) inside a group of
// `group_size` GPUs: the base plus one hop.
double point_to_point_latency_seconds(const Hardware& hw, const Assumptions& a, int group_size);

// One ring collective of a `bytes` buffer over `ranks` GPUs (spread over `span_gpus`; an
// all-reduce has 2 steps per rank, an all-gather or reduce-scatter 1), NCCL's tuning model
// (src/graph/tuning.cc): each GPU sends steps x (n-1)/n x bytes, and NCCL takes the faster of
// its protocols. LL: ring_latency_seconds + bytes / (a quarter of the bus bandwidth, a third for
// a gather inside a node, at most llBusBandwidthCapGbPerS); LL128 inside an NVLink domain or
// Simple elsewhere: their own latencies + bytes / the bus bandwidth (link x linkEfficiency).
double ring_collective_seconds(const Hardware& hw, const Assumptions& a, double bytes, int ranks,
                               int span_gpus, int steps_per_rank, double link_gb_per_s);

// One tensor-parallel all-reduce of tokens x hidden x 2 bytes (0 without tensor parallel).
double tensor_parallel_all_reduce_seconds(const Scenario& normalized, double tokens);

// Tensor-parallel all-reduces for one decode step or one prefill: one after each mixer and each
// MLP (2 per plain layer) of tokens x hidden x 2 bytes.
double tensor_parallel_seconds(const Scenario& normalized, double tokens);

// Expert parallel: one all-to-all (a dispatch or a combine) of `tokens` tokens of one replica in
// one MoE layer: tokens x k x hidden x 2 bytes, (ep - 1) / ep of it leaving the GPU, split over
// the tensor-parallel ranks, over the link the ep x tp group shares. 0 without expert parallel.
double expert_all_to_all_call_seconds(const Scenario& normalized, double tokens);

}  // namespace sizer
