// The training result's limits (issue 9, section 5): the longest sequence at the micro-batch and
// the largest micro-batch at the sequence length, per framework, as the solvers find them.
#include <catch2/catch.hpp>

#include "engine_test_util.hpp"
#include "sizer/enums.hpp"
#include "sizer/estimate.hpp"
#include "sizer/solvers.hpp"

using namespace sizer;
using namespace sizer_test;

namespace {

Scenario qlora_8b_on_4090(TrainingFramework framework) {
  Scenario s = training("llama-3.1-8b", "bnb-nf4", "rtx-4090-24gb");
  s.training.method = TrainingMethod::qlora;
  s.training.framework = framework;
  s.training.seq_len = 2048;
  s.training.micro_batch = 1;
  s.training.recompute = Recompute::full;
  return s;
}

bool fits_at(Scenario s, int seq_len, int micro_batch) {
  s.training.seq_len = seq_len;
  s.training.micro_batch = micro_batch;
  return estimate(s).memory.fits;
}

}  // namespace

TEST_CASE("a training estimate gives the longest sequence and largest micro-batch that fit",
          "[training][solvers]") {
  for (TrainingFramework f : {TrainingFramework::transformers, TrainingFramework::unsloth}) {
    const Scenario s = qlora_8b_on_4090(f);
    const TrainingResult t = estimate(s).training;
    INFO(enum_id(f));
    // Each limit is the edge: it fits, one more does not (or it is the trained context).
    REQUIRE(t.max_seq_len > 2048);
    CHECK(t.max_seq_len == largest_context_that_fits(s));
    CHECK(fits_at(s, t.max_seq_len, 1));
    if (t.max_seq_len < s.model.max_position_embeddings) {
      CHECK_FALSE(fits_at(s, t.max_seq_len + 1, 1));
    }
    REQUIRE(t.max_micro_batch >= 1);
    CHECK(t.max_micro_batch == largest_batch_that_fits(s));
    CHECK(fits_at(s, 2048, t.max_micro_batch));
    CHECK_FALSE(fits_at(s, 2048, t.max_micro_batch + 1));
  }
  // Unsloth offloads the checkpoints and never builds the full logits: a longer context fits.
  CHECK(estimate(qlora_8b_on_4090(TrainingFramework::unsloth)).training.max_seq_len >
        estimate(qlora_8b_on_4090(TrainingFramework::transformers)).training.max_seq_len);
}

TEST_CASE("a training setup that does not fit reports 0 as its limits", "[training][solvers]") {
  Scenario s = training("llama-3.1-70b", "bf16", "rtx-4090-24gb");
  s.training.method = TrainingMethod::full;
  const Estimate e = estimate(s);
  CHECK_FALSE(e.memory.fits);
  CHECK(e.training.max_seq_len == 0);
  CHECK(e.training.max_micro_batch == 0);
}
