// Context parallel (sequences split over ranks, ring attention) and HSDP (ZeRO inside shard
// groups, replicated across them).
#include <catch2/catch.hpp>

#include "engine_test_util.hpp"
#include "sizer/activations.hpp"
#include "sizer/communication.hpp"
#include "sizer/solvers.hpp"
#include "sizer/training_math.hpp"

using namespace sizer;
using namespace sizer_test;

namespace {

Scenario long_context(int cp) {
  Scenario s = training("llama-3.1-8b", "bf16", "h100-sxm-80gb", 8);
  s.parallel.context = cp;
  s.training.seq_len = 32768;
  s.training.zero_stage = 1;
  s.training.recompute = Recompute::full;
  return s;
}

}  // namespace

TEST_CASE("context parallel: each rank holds its share of the sequence, data parallel shrinks",
          "[training][context-parallel]") {
  const Scenario cp2 = normalize(long_context(2));
  CHECK(cp2.parallel.data == 4);  // 8 GPUs / (TP 1 x PP 1 x CP 2)
  CHECK(gradient_sync_ranks(cp2) == 8);
  CHECK(zero_shard_ranks(cp2) == 8);  // ZeRO shards over data x context ranks

  // Activations are linear in the tokens a rank holds (fused attention keeps no scores): CP 2 at
  // 32k = CP 1 at 16k.
  Scenario half = long_context(1);
  half.training.seq_len = 16384;
  const TrainingActivations a2 = training_activations(cp2, PipelineStage::first);
  const TrainingActivations a1 = training_activations(normalize(half), PipelineStage::first);
  CHECK(a2.saved_bytes == Approx(a1.saved_bytes));
  CHECK(a2.loss_bytes == Approx(a1.loss_bytes));

  // Same optimizer shard as 8 data-parallel ranks; half the global batch in tokens.
  const Estimate e2 = estimate(long_context(2));
  const Estimate e1 = estimate(long_context(1));
  CHECK(e2.memory.optimizer_bytes == Approx(e1.memory.optimizer_bytes));
  CHECK(e2.memory.activation_bytes < 0.55 * e1.memory.activation_bytes);
  CHECK(e2.training.tokens_per_step == Approx(e1.training.tokens_per_step / 2));
}

TEST_CASE("context parallel ring: (cp - 1) hops of a K+V chunk per layer and pass",
          "[training][context-parallel]") {
  const Scenario s = normalize(long_context(2));
  // Llama-3.1-8B: 8 KV heads x 128 = 1,024; a rank's chunk of 16,384 tokens, K and V, 2 bytes.
  const double chunk = 16384.0 * 2 * 1024 * 2;
  // 1 hop x 4 passes (forward, backward twice, recomputed forward) x 32 layers.
  const double hops = 1.0 * 4 * 32;
  const double link = link_gb_per_s(s.hardware, 2) * 1e9 * s.assumptions.link_efficiency;
  CHECK(link_gb_per_s(s.hardware, 2) == Approx(450));  // NVLink 4, one direction
  CHECK(context_parallel_transfer_seconds(s) ==
        Approx(hops * (chunk / link + 4.07e-6)));  // NCCL base 3.6 us + one NVLink hop 0.47 us
  // Over NVLink the ring hides under 32k-token attention: no exposed time beyond CP 1's.
  const Estimate e2 = estimate(long_context(2));
  CHECK(e2.training.communication_seconds_per_step < 0.05 * e2.training.compute_seconds_per_step);
  CHECK(context_parallel_transfer_seconds(normalize(long_context(1))) == 0.0);
}

TEST_CASE("context parallel refuses what ring attention cannot run",
          "[training][context-parallel]") {
  Scenario s = long_context(2);
  s.training.seq_len = 32766;
  CHECK_THROWS_WITH(estimate(s),
                    Catch::Contains("contextParallel: 2 x 2 must divide training.seqLen"));
  s = long_context(2);
  s.training.flash_attention = false;
  CHECK_THROWS_WITH(estimate(s), Catch::Contains("turn on training.flashAttention"));
  s = long_context(3);
  CHECK_THROWS_WITH(estimate(s), Catch::Contains("must divide the GPU count"));
  Scenario inf = inference("llama-3.1-8b", "bf16", "h100-sxm-80gb", 2);
  inf.parallel.context = 2;
  CHECK_THROWS_WITH(estimate(inf), Catch::Contains("contextParallel: splits training sequences"));
  s = long_context(2);
  s.parallel.data = 8;
  CHECK_THROWS_WITH(estimate(s), Catch::Contains("tensor x pipeline x context x data (16)"));
}

TEST_CASE("HSDP: ZeRO-3 shards inside the group, gradients all-reduce across groups",
          "[training][hsdp]") {
  Scenario s = training("llama-3.1-8b", "bf16", "h100-sxm-80gb", 8);
  s.hardware.nodes = 4;  // 32 GPUs over InfiniBand
  s.training.zero_stage = 3;
  s.training.seq_len = 4096;
  s.training.micro_batch = 2;
  s.training.recompute = Recompute::full;
  const Estimate fsdp = estimate(s);
  s.training.shard_group = 8;
  const Estimate hsdp = estimate(s);
  CHECK(zero_shard_ranks(normalize(s)) == 8);
  // A quarter of the shards: four times the model states per GPU.
  CHECK(hsdp.memory.optimizer_bytes == Approx(4 * fsdp.memory.optimizer_bytes));
  CHECK(hsdp.memory.gradient_bytes == Approx(4 * fsdp.memory.gradient_bytes));
  // Gathers over NVLink instead of the network: less exposed communication.
  CHECK(hsdp.training.communication_seconds_per_step <
        fsdp.training.communication_seconds_per_step);

  s.training.shard_group = 3;
  CHECK_THROWS_WITH(
      estimate(s),
      Catch::Contains("training.shardGroup: 3 must divide the data-parallel degree (32)"));
  s.training.shard_group = 8;
  s.training.zero_stage = 0;
  CHECK_THROWS_WITH(estimate(s), Catch::Contains("needs zeroStage 1 or more"));
}

TEST_CASE("the longest trainable sequence under context parallel splits into 2 x cp chunks",
          "[training][context-parallel]") {
  Scenario s = training("llama-3.1-8b", "bf16", "h100-sxm-80gb", 8);
  s.training.zero_stage = 3;
  s.training.recompute = Recompute::full;
  s.parallel.context = 4;
  const int longest = largest_context_that_fits(s);
  REQUIRE(longest > 0);
  CHECK(longest % 8 == 0);
  s.training.seq_len = longest;
  CHECK(validate(normalize(s)).empty());
  // Fewer tokens per GPU: the same card takes a longer sequence than without the split.
  s.parallel.context = 1;
  CHECK(longest > largest_context_that_fits(s));
}

TEST_CASE("tensor-parallel all-reduces under context parallel move a rank's slice of the sequence",
          "[training][context-parallel]") {
  // TP 2 x CP 2 on 4 H100s: each rank holds 8,192 / 2 tokens of each sequence, so its tensor-
  // parallel collectives carry 4,096 tokens per micro-batch. The gradient all-reduce over the two
  // context ranks and the ring transfers hide under the compute, so the exposed communication is
  // the tensor-parallel time alone.
  Scenario s = training("llama-3-8b", "bf16", "h100-sxm-80gb", 4);
  s.parallel.tensor = 2;
  s.parallel.context = 2;
  s.training.seq_len = 8192;
  s.training.micro_batch = 1;
  s.training.grad_accumulation = 4;
  const Scenario n = normalize(s);
  const Estimate e = estimate(s);
  const double tp = 2.0 * 4 * tensor_parallel_seconds(n, 4096);
  CHECK(e.training.communication_seconds_per_step == Approx(tp).epsilon(1e-9));
}
