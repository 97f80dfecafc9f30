// QLoRA and LLM.int8: the frozen k-bit base is dequantized to 16 bits before each matmul, once per
// micro-batch whatever its token count (bitsandbytes MatMul4Bit / MatMul8bitLt).
#include <catch2/catch.hpp>

#include "engine_test_util.hpp"
#include "sizer/params.hpp"
#include "sizer/training_math.hpp"

using namespace sizer;
using namespace sizer_test;

namespace {

// Llama-2-7B's linear layers: 6,738,415,616 - 2 x 131,072,000 (embedding, LM head) - 266,240
// norm weights (4,096 x 65).
constexpr double kBody = 6476005376.0;

Scenario adapter(const std::string& weights, TrainingMethod method, Recompute recompute) {
  Scenario s = training("llama-2-7b", weights, "rtx-4090-24gb", 1);
  s.training.method = method;
  s.training.recompute = recompute;
  s.training.seq_len = 512;
  s.training.micro_batch = 1;
  s.training.grad_accumulation = 4;
  return normalize(s);
}

}  // namespace

TEST_CASE("dequantization bytes per micro-batch", "[training][qlora]") {
  const Scenario nf4 = adapter("bnb-nf4-dq", TrainingMethod::qlora, Recompute::none);
  const ParamCounts p = count_normalized_params(nf4.model);
  // Read 4.127 bits, write 2 bytes, per forward; forward + input-gradient backward.
  CHECK(dequantize_bytes_per_forward(nf4, p) == Approx(kBody * (4.127 / 8 + 2)));
  CHECK(dequantize_bytes_per_micro_batch(nf4, p) == Approx(2 * kBody * (4.127 / 8 + 2)));
  // Full recompute runs the forward twice.
  const Scenario recompute = adapter("bnb-nf4-dq", TrainingMethod::qlora, Recompute::full);
  CHECK(dequantize_bytes_per_micro_batch(recompute, p) == Approx(3 * kBody * (4.127 / 8 + 2)));
  // LLM.int8's forward is an int8 GEMM: only the backward dequantizes (1 + 2 bytes).
  const Scenario int8 = adapter("bnb-int8", TrainingMethod::lora, Recompute::none);
  CHECK(dequantize_bytes_per_micro_batch(int8, p) == Approx(kBody * 3.0));
  // A 16-bit base and full fine-tuning dequantize nothing.
  CHECK(dequantize_bytes_per_micro_batch(adapter("bf16", TrainingMethod::lora, Recompute::none),
                                         p) == 0.0);
  CHECK(dequantize_bytes_per_micro_batch(adapter("fp8", TrainingMethod::lora, Recompute::none),
                                         p) == 0.0);
}

TEST_CASE("QLoRA's step adds the dequantization at the streaming rate", "[training][qlora]") {
  // The same adapters on an FP16 base run the same matmuls at the same peak (the NF4 format
  // computes in FP16): the step differs by 4 micro-batches x 2 passes of dequantization at
  // 1,008 GB/s x 0.87 (elementwiseBandwidthEfficiency).
  const Estimate qlora = estimate(adapter("bnb-nf4-dq", TrainingMethod::qlora, Recompute::none));
  const Estimate lora = estimate(adapter("fp16", TrainingMethod::lora, Recompute::none));
  const double dequantize = 4 * 2 * kBody * (4.127 / 8 + 2) / (1008e9 * 0.87);
  CHECK(qlora.training.compute_seconds_per_step - lora.training.compute_seconds_per_step ==
        Approx(dequantize).epsilon(1e-6));
  CHECK(qlora.training.tokens_per_second < lora.training.tokens_per_second);
}
