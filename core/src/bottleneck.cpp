// What limits this scenario first: capacity, host offload, communication, bandwidth or compute.
// The label follows the time model itself (the decode step's kernel groups bound by their reads
// against those bound by their FLOPs), so the two never disagree.
#include <cstdio>

#include "engine_internal.hpp"
#include "sizer/training_math.hpp"

namespace sizer {
namespace {

std::string pct(double fraction) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.0f%%", fraction * 100.0);
  return buf;
}

bool offloaded(const Scenario& s) {
  return (s.inference.gpu_layers >= 0 && s.inference.gpu_layers < s.model.num_layers) ||
         s.inference.kv_cache_in_host_memory;
}

}  // namespace

// Communication counts as the bound once it takes this share of a step (or more).
constexpr double kCommunicationBoundShare = 0.3;

Bottleneck bottleneck_of(const Scenario& s, const Estimate& e) {
  if (!e.memory.fits) return Bottleneck::memory_capacity;
  if (s.mode == Mode::training) {
    return e.training.communication_share >= kCommunicationBoundShare ? Bottleneck::communication
                                                                      : Bottleneck::compute;
  }
  const InferenceResult& r = e.inference;
  if (offloaded(s)) return Bottleneck::host_offload;
  if (safe_div(r.communication_seconds_per_step, r.decode_step_seconds) >=
      kCommunicationBoundShare) {
    return Bottleneck::communication;
  }
  return r.decode_compute_bound_seconds > r.decode_memory_bound_seconds
             ? Bottleneck::compute
             : Bottleneck::memory_bandwidth;
}

std::string bottleneck_sentence(const Estimate& e) {
  const Scenario& s = e.scenario;
  const InferenceResult& r = e.inference;
  switch (e.bottleneck) {
    case Bottleneck::memory_capacity:
      return e.memory.first_reason;
    case Bottleneck::communication:
      if (s.mode == Mode::training) {
        return "Communication takes " + pct(e.training.communication_share) +
               " of each step: keep tensor parallel inside an NVLink domain, or use fewer, "
               "larger shards.";
      }
      return "Tensor-parallel all-reduces take " +
             pct(safe_div(r.communication_seconds_per_step, r.decode_step_seconds)) +
             " of each decode step over the " + s.hardware.gpu.interconnect + " link.";
    case Bottleneck::host_offload:
      return "Layers kept in host RAM stream at " + fmt_num(s.hardware.host.bandwidth_gb_per_s) +
             " GB/s instead of the card's " + fmt_num(s.hardware.gpu.memory_bandwidth_gb_per_s) +
             " GB/s.";
    case Bottleneck::compute:
      if (s.mode == Mode::training) {
        return "Compute-bound: " + fmt_num(e.training.flops_per_token) + " FLOPs per token at " +
               pct(s.assumptions.training_mfu) + " of the " +
               fmt_num(e.peak_flops / 1e12 * linear_matmul_fraction(s)) +
               " TFLOPS the card's matmuls sustain (" + fmt_num(e.peak_flops / 1e12) +
               " TFLOPS peak).";
      }
      return "Decode does " + fmt_num(r.decode_arithmetic_intensity) +
             " FLOPs per byte read: kernels whose FLOPs outlast their reads take " +
             fmt_num(r.decode_compute_bound_seconds * 1e3) +
             " ms per step at the achievable rate, more than the " +
             fmt_num(r.decode_memory_bound_seconds * 1e3) +
             " ms of kernels bound by memory reads: compute-bound.";
    case Bottleneck::memory_bandwidth:
      break;
  }
  return "Decode does " + fmt_num(r.decode_arithmetic_intensity) +
         " FLOPs per byte read: reading weights and KV cache takes " +
         fmt_num(r.decode_memory_bound_seconds * 1e3) + " ms per step, more than the " +
         fmt_num(r.decode_compute_bound_seconds * 1e3) +
         " ms of kernels bound by their FLOPs: bandwidth-bound (a larger batch or fewer bits per "
         "weight help).";
}

}  // namespace sizer
