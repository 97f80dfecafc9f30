// What blocks you first (seed 003): capacity, optimizer states, bandwidth, interconnect.
#include <catch2/catch.hpp>

#include "engine_test_util.hpp"
#include "sizer/enums.hpp"

using namespace sizer;
using namespace sizer_test;

TEST_CASE("running 7B at FP16 on an 8 GB card is blocked by capacity", "[bottleneck]") {
  const Estimate e = estimate(inference("llama-2-7b", "fp16", "rtx-3060-12gb"), {true});
  CHECK(e.bottleneck == Bottleneck::memory_capacity);
  CHECK(std::string(enum_id(e.bottleneck)) == "memory-capacity");
  CHECK(e.bottleneck_sentence.find("weights alone") != std::string::npos);
}

TEST_CASE("fine-tuning 7B on one 80 GB card is blocked by optimizer states", "[bottleneck]") {
  Scenario s = training("llama-2-7b", "bf16", "a100-sxm-80gb");
  const Estimate e = estimate(s, {true});
  CHECK(e.bottleneck == Bottleneck::memory_capacity);
  CHECK(e.bottleneck_sentence.find("optimizer states") != std::string::npos);
}

TEST_CASE("high-concurrency serving of 7B stays bandwidth-bound below the ridge point",
          "[bottleneck]") {
  Scenario s = inference("llama-2-7b", "fp16", "a100-sxm-80gb");
  s.inference.engine = Engine::vllm;
  s.inference.batch = 32;
  const Estimate e = estimate(s);
  CHECK(e.bottleneck == Bottleneck::memory_bandwidth);
  CHECK(e.ridge_point_flops_per_byte == Approx(312e12 / 2039e9).epsilon(0.01));
  CHECK(std::string(enum_id(e.bottleneck)) == "memory-bandwidth");
}

TEST_CASE("very large batches of a small model turn decode compute-bound", "[bottleneck]") {
  Scenario s = inference("llama-3.2-1b", "bf16", "h100-sxm-80gb");
  s.inference.batch = 1024;
  s.inference.prompt_tokens = 64;
  s.inference.output_tokens = 64;
  CHECK(estimate(s).bottleneck == Bottleneck::compute);
}

TEST_CASE("training across nodes over PCIe cards is blocked by the interconnect", "[bottleneck]") {
  Scenario s = training("llama-2-13b", "bf16", "rtx-4090-24gb", 8);
  s.hardware.nodes = 4;
  s.hardware.inter_node_gb_per_s = 3;  // 25 GbE
  s.training.zero_stage = 3;
  s.training.recompute = Recompute::full;
  s.training.seq_len = 1024;
  const Estimate e = estimate(s);
  REQUIRE(e.memory.fits);
  CHECK(e.bottleneck == Bottleneck::communication);
  CHECK(std::string(enum_id(e.bottleneck)) == "communication");
}
