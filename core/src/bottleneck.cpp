// What limits this scenario first: capacity, host offload, communication, bandwidth or compute.
#include <cstdio>

#include "engine_internal.hpp"

namespace sizer {

std::string bottleneck_id(Bottleneck b) {
  switch (b) {
    case Bottleneck::memory_capacity:
      return "memory-capacity";
    case Bottleneck::memory_bandwidth:
      return "memory-bandwidth";
    case Bottleneck::compute:
      return "compute";
    case Bottleneck::communication:
      return "communication";
    case Bottleneck::host_offload:
      return "host-offload";
  }
  return "memory-bandwidth";
}

namespace {

std::string pct(double fraction) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.0f%%", fraction * 100.0);
  return buf;
}

}  // namespace

// Communication counts as the bound once it takes this share of a step (or more).
constexpr double kCommunicationBoundShare = 0.3;

void classify_bottleneck(Estimate& e) {
  const Scenario& s = e.scenario;
  if (!e.memory.fits) {
    e.bottleneck = Bottleneck::memory_capacity;
    e.bottleneck_sentence = e.memory.first_reason;
    return;
  }
  if (s.mode == Mode::training) {
    const TrainingResult& t = e.training;
    if (t.communication_share >= kCommunicationBoundShare) {
      e.bottleneck = Bottleneck::communication;
      e.bottleneck_sentence = "Communication takes " + pct(t.communication_share) +
                              " of each step: keep tensor parallel inside an NVLink domain, "
                              "or use fewer, larger shards.";
    } else {
      e.bottleneck = Bottleneck::compute;
      e.bottleneck_sentence = "Compute-bound: " + fmt_num(t.flops_per_token) +
                              " FLOPs per token at " + pct(s.assumptions.training_mfu) +
                              " of the " + fmt_num(e.peak_flops / 1e12) + " TFLOPS peak.";
    }
    return;
  }
  const InferenceResult& r = e.inference;
  const bool offloaded =
      (s.inference.gpu_layers >= 0 && s.inference.gpu_layers < s.model.num_layers) ||
      s.inference.kv_cache_in_host_memory;
  const double comm_share = safe_div(r.communication_seconds_per_step, r.decode_step_seconds);
  if (offloaded) {
    e.bottleneck = Bottleneck::host_offload;
    e.bottleneck_sentence = "Layers kept in host RAM stream at " +
                            fmt_num(s.hardware.host.bandwidth_gb_per_s) +
                            " GB/s instead of the card's " +
                            fmt_num(s.hardware.gpu.memory_bandwidth_gb_per_s) + " GB/s.";
  } else if (comm_share >= kCommunicationBoundShare) {
    e.bottleneck = Bottleneck::communication;
    e.bottleneck_sentence = "Tensor-parallel all-reduces take " + pct(comm_share) +
                            " of each decode step over the " + s.hardware.gpu.interconnect +
                            " link.";
  } else if (r.decode_arithmetic_intensity < e.ridge_point_flops_per_byte) {
    e.bottleneck = Bottleneck::memory_bandwidth;
    e.bottleneck_sentence = "Decode does " + fmt_num(r.decode_arithmetic_intensity) +
                            " FLOPs per byte read, below the card's ridge point of " +
                            fmt_num(e.ridge_point_flops_per_byte) +
                            ": bandwidth-bound (a larger batch or fewer bits per weight help).";
  } else {
    e.bottleneck = Bottleneck::compute;
    e.bottleneck_sentence = "Decode does " + fmt_num(r.decode_arithmetic_intensity) +
                            " FLOPs per byte read, above the card's ridge point of " +
                            fmt_num(e.ridge_point_flops_per_byte) + ": compute-bound.";
  }
}

}  // namespace sizer
