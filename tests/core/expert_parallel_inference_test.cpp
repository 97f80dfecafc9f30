// Expert parallel in serving (docs/METHOD.md, "Inference speed"): the ep replicas of a group hold
// the routed experts once between them, read only their share of the experts the group's tokens
// chose, and pay a dispatch and a combine all-to-all per MoE layer.
#include <catch2/catch.hpp>

#include "engine_test_util.hpp"
#include "sizer/communication.hpp"
#include "sizer/estimate.hpp"
#include "sizer/memory.hpp"

using namespace sizer;
using namespace sizer_test;

namespace {

Scenario qwen3_moe_on_4_h100(int ep) {
  Scenario s = inference("qwen3-30b-a3b", "bf16", "h100-sxm-80gb", 4, 1);
  s.inference.engine = Engine::vllm;
  s.inference.batch = 64;  // 16 per replica
  s.inference.prompt_tokens = 1000;
  s.inference.output_tokens = 200;
  s.parallel.expert = ep;
  return s;
}

}  // namespace

TEST_CASE("expert parallel spreads the routed experts over the replicas", "[expert-parallel]") {
  const Estimate one = estimate(qwen3_moe_on_4_h100(1));
  const Estimate four = estimate(qwen3_moe_on_4_h100(4));
  // Qwen3-30B-A3B: 48 layers x 128 experts x 3 x 2048 x 768 = 28.99B expert parameters, BF16.
  const double experts = routed_expert_params(model("qwen3-30b-a3b")) * 2.0;
  CHECK(experts == Approx(48.0 * 128 * 3 * 2048 * 768 * 2));
  CHECK(four.memory.weights_bytes == Approx(one.memory.weights_bytes - experts * 3 / 4));
  CHECK(four.memory.total_bytes < one.memory.total_bytes);
  CHECK(four.inference.max_batch > one.inference.max_batch);
}

TEST_CASE("expert parallel decode pays two all-to-alls per MoE layer", "[expert-parallel]") {
  const Scenario s = normalize(qwen3_moe_on_4_h100(4));
  const Estimate one = estimate(qwen3_moe_on_4_h100(1));
  const Estimate four = estimate(qwen3_moe_on_4_h100(4));
  // 16 tokens per replica x 8 experts x 2048 x 2 bytes, 3/4 of it to other GPUs, over NVLink.
  const double call = expert_all_to_all_call_seconds(s, 16);
  const double bytes = 16 * 8 * 2048 * 2.0 * 3 / 4;
  CHECK(call ==
        Approx(bytes / (link_gb_per_s(s.hardware, 4) * 1e9 * s.assumptions.link_efficiency) +
               4.07e-6));  // NCCL base 3.6 us + one NVLink hop 0.47 us
  CHECK(four.inference.communication_seconds_per_step == Approx(2 * 48 * call));
  CHECK(one.inference.communication_seconds_per_step == 0.0);
  // Each GPU reads a quarter of the experts the 64 sequences chose, not all the experts its 16
  // sequences chose.
  CHECK(four.inference.weights_read_bytes_per_step < one.inference.weights_read_bytes_per_step);
}

TEST_CASE("with pipeline stages a decode step still pays every MoE layer's all-to-alls",
          "[expert-parallel]") {
  // 8 GPUs: 2 pipeline stages of 4 replicas with expert parallel 4. A token passes both stages in
  // turn within one step, so the step pays 2 x 48 all-to-alls, as without stages; vLLM keeps a
  // micro-batch per stage in flight (pipeline_serving_test.cpp), so each step carries 16 / 2 = 8
  // of a replica's 16 sequences.
  Scenario staged = qwen3_moe_on_4_h100(4);
  staged.hardware.gpus_per_node = 8;
  staged.parallel.pipeline = 2;
  const Scenario s = normalize(staged);
  const Estimate e = estimate(staged);
  const double call = expert_all_to_all_call_seconds(s, 8);
  CHECK(e.inference.communication_seconds_per_step > 2 * 48 * call);  // plus the stage hop
  // One batch through the stages in turn: stages add memory room, never decode speed.
  staged.assumption_overrides["pipelineMicroBatches"] = 0.0;
  CHECK(estimate(staged).inference.decode_step_seconds >=
        estimate(qwen3_moe_on_4_h100(4)).inference.decode_step_seconds);
}

TEST_CASE("expert parallel in serving is checked against the replicas", "[expert-parallel]") {
  Scenario s = qwen3_moe_on_4_h100(8);
  CHECK_THROWS_WITH(estimate(s),
                    Catch::Contains("expertParallel: 8 must divide the data-parallel"));
  s = inference("llama-3.1-8b", "bf16", "h100-sxm-80gb", 2, 1);
  s.parallel.expert = 2;
  CHECK_THROWS_WITH(estimate(s),
                    Catch::Contains("expertParallel: the model has no routed experts"));
}
