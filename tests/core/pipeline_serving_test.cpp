// Pipeline parallel in serving engines (docs/METHOD.md, "Inference speed"): vLLM, SGLang and
// TensorRT-LLM keep one micro-batch per stage in flight, so a batch of b decodes as pp
// micro-batches of b / pp that pass the stages at the same time.
#include <catch2/catch.hpp>

#include "engine_test_util.hpp"
#include "sizer/estimate.hpp"

using namespace sizer;
using namespace sizer_test;

namespace {

Scenario llama70b_pp8(int batch, bool micro_batches) {
  Scenario s = inference("llama-3.1-70b", "fp8-e4m3-per-tensor", "h100-sxm-80gb", 8, 1, 8);
  s.inference.engine = Engine::vllm;
  s.inference.batch = batch;
  s.inference.prompt_tokens = 1000;
  s.inference.output_tokens = 1000;
  if (!micro_batches) s.assumption_overrides["pipelineMicroBatches"] = 0.0;
  return s;
}

}  // namespace

TEST_CASE("serving engines decode a pipeline's micro-batches at once", "[inference][pipeline]") {
  REQUIRE(default_assumptions(Engine::vllm).pipeline_micro_batches == 1.0);
  REQUIRE(default_assumptions(Engine::sglang).pipeline_micro_batches == 1.0);
  REQUIRE(default_assumptions(Engine::tensorrt_llm).pipeline_micro_batches == 1.0);
  REQUIRE(default_assumptions(Engine::llama_cpp).pipeline_micro_batches == 0.0);
  REQUIRE(default_assumptions(Engine::transformers).pipeline_micro_batches == 0.0);

  // 64 sequences over 8 stages: each sequence's step is one pass of a micro-batch of 8.
  const Estimate pipelined = estimate(llama70b_pp8(64, true));
  const Estimate one_micro_batch = estimate(llama70b_pp8(8, false));
  CHECK(pipelined.inference.decode_step_seconds ==
        Approx(one_micro_batch.inference.decode_step_seconds));
  // The same 64 sequences passing the stages as one batch read all their KV cache every step.
  const Estimate in_turn = estimate(llama70b_pp8(64, false));
  CHECK(pipelined.inference.decode_step_seconds < in_turn.inference.decode_step_seconds);
  CHECK(pipelined.inference.throughput_tokens_per_second >
        in_turn.inference.throughput_tokens_per_second);
  // Fewer sequences than stages: micro-batches of one, the same step as a lone sequence.
  CHECK(estimate(llama70b_pp8(4, true)).inference.decode_step_seconds ==
        Approx(estimate(llama70b_pp8(1, false)).inference.decode_step_seconds));
}
