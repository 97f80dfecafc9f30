// Solvers: largest batch / context, fewest GPUs, the format that fits, the fit table, fixes.
#include "sizer/solvers.hpp"

#include <algorithm>
#include <catch2/catch.hpp>

#include "engine_test_util.hpp"
#include "sizer/layouts.hpp"
#include "sizer/prices.hpp"
#include "sizer/request_json.hpp"

using namespace sizer;
using namespace sizer_test;

TEST_CASE("largest batch that fits is the edge: one more does not fit", "[solvers]") {
  Scenario s = inference("llama-2-7b", "fp16", "a100-sxm-80gb");
  s.inference.prompt_tokens = 1536;
  s.inference.output_tokens = 512;
  const int b = largest_batch_that_fits(s);
  // (85.9 GB - 13.5 GB weights - ~1.5 GB overheads) / (2048 x 512 KiB) = ~66.
  CHECK(b == Approx(66).margin(2));
  s.inference.batch = b;
  CHECK(estimate(s).memory.fits);
  s.inference.batch = b + 1;
  CHECK_FALSE(estimate(s).memory.fits);
}

TEST_CASE("largest context that fits at batch 1: Llama 3 8B on a 24 GB card", "[solvers]") {
  Scenario s = inference("llama-3-8b", "bf16", "rtx-4090-24gb");
  CHECK(largest_context_that_fits(s) == 8192);  // the model's trained context comes first
  s.model.max_position_embeddings = 1 << 20;    // raised (RoPE scaling): memory decides
  const int ctx = largest_context_that_fits(s);
  // (25.77 GB - 16.06 GB weights - 0.54 GB context - 0.8 GB framework (5%) - 0.25 GB prefill
  // chunk) / 128 KiB = ~61.8k tokens.
  CHECK(ctx == Approx(61800).epsilon(0.02));
  s.inference.prompt_tokens = ctx - s.inference.output_tokens;
  CHECK(estimate(s).memory.fits);
}

TEST_CASE("fewest GPUs: 70B at FP16 needs 2 x A100 80GB, 6 x RTX 4090", "[solvers]") {
  CHECK(fewest_gpus_that_fit(inference("llama-2-70b", "fp16", "a100-sxm-80gb")) == 2);
  // 138 GB / 6 = 23 GB per card (TP 2 x PP 3) plus ~2 GB overhead fits 24 GiB; 5 cannot split
  // 64 heads evenly and 138 / 5 would not fit anyway.
  CHECK(fewest_gpus_that_fit(inference("llama-2-70b", "fp16", "rtx-4090-24gb")) == 6);
  CHECK(fewest_gpus_that_fit(inference("llama-2-70b", "fp16", "rtx-4090-24gb"), 4) == 0);
}

TEST_CASE("the best format that fits 70B on one 48 GB card is a 4-5.6-bit format", "[solvers]") {
  Scenario s = inference("llama-2-70b", "fp16", "rtx-a6000-48gb");
  const std::string f = cheapest_format_that_fits(s);
  REQUIRE_FALSE(f.empty());
  const double bits = format(f).bits_per_weight;
  // 48 GiB = 51.5 GB: 69B x 5.57 bits = 48 GB fits with 2-3 GB of runtime; 6 bits would not.
  CHECK(bits > 4.0);
  CHECK(bits < 6.0);
  s.weights_format = f;
  CHECK(estimate(s).memory.fits);
}

TEST_CASE("the fit table covers the whole GPU catalog", "[solvers]") {
  // Its speed is a benchmark figure (bench/bench_estimate.cpp), not asserted here.
  Scenario s = inference("llama-3-8b", "bf16", "a100-sxm-80gb");
  const std::vector<FitRow> rows = fit_table(s);
  REQUIRE(rows.size() == gpu_catalog().size());
  for (const FitRow& r : rows) {
    if (r.gpu_id == "h100-sxm-80gb") {
      CHECK(r.gpus == 1);
      CHECK(r.tokens_per_second > 0);
    }
    if (r.gpu_id == "rtx-3060-12gb") CHECK(r.gpus == 2);
  }
}

TEST_CASE("the fit table takes the split with the lowest cost per token, not the fewest cards",
          "[solvers]") {
  // Llama-3-70B BF16 on L4 (24 GB): 7 cards fit only as pipeline 7 (every card waits for the
  // others each token); 8 cards at tensor parallel 8 read each card's share in parallel.
  const std::vector<FitRow> rows = fit_table(inference("llama-3-70b", "bf16", "l4-24gb"));
  for (const FitRow& r : rows) {
    if (r.gpu_id != "l4-24gb") continue;
    CHECK(r.gpus == 8);
    CHECK(r.tensor_parallel == 8);
    CHECK(r.pipeline_parallel == 1);
    CHECK(r.price_known);
    // 8 cards x the L4's GPU-cloud price over the tokens of one hour.
    CHECK(r.usd_per_million_tokens ==
          Approx(r.usd_per_hour / (r.tokens_per_second * 3600) * 1e6).epsilon(1e-9));
    CHECK(r.usd_per_hour == Approx(8 * find_quote("l4-24gb", QuoteKind::gpu_cloud)->usd));
  }
}

TEST_CASE("8 x H100 that do not hold 70B FP16 unsplit are first offered the split", "[solvers]") {
  Scenario s = inference("llama-2-70b", "fp16", "h100-sxm-80gb", 8, 1, 1);
  REQUIRE_FALSE(estimate(s).memory.fits);  // every card holds all 140 GB
  const std::vector<Suggestion> fixes = suggestions_to_fit(s, 3);
  REQUIRE_FALSE(fixes.empty());
  CHECK(fixes[0].id == "split");
  CHECK(fixes[0].scenario.parallel.tensor == 8);
  CHECK(fixes[0].label == "Split over the 8 cards: tensor parallel 8");
  Layout l;
  REQUIRE(best_fitting_layout(s, 8, l));
  CHECK(l.tensor == 8);
}

TEST_CASE("training fixes: gradient checkpointing first, never an inference-only format",
          "[solvers]") {
  Scenario s = training("llama-2-7b", "bf16", "rtx-4090-24gb");
  s.training.method = TrainingMethod::lora;
  s.training.recompute = Recompute::none;
  s.training.seq_len = 4096;
  s.training.micro_batch = 2;
  const std::vector<Suggestion> fixes = suggestions_to_fit(s, 8);
  REQUIRE_FALSE(fixes.empty());
  CHECK(fixes[0].id == "recompute");
  for (const Suggestion& f : fixes) {
    INFO(f.id << ": " << f.label);
    CHECK(f.id != "quantize");
    CHECK(f.scenario.mode == Mode::training);
    CHECK(find_format(f.scenario.weights_format)->family != FormatFamily::gguf);
    CHECK(f.changes_method == (f.scenario.training.method != s.training.method));
  }
}

TEST_CASE("LoRA and QLoRA default to gradient checkpointing, and say so", "[solvers]") {
  const RequestResult r = scenario_from_request_json(
      R"({"mode": "training", "model": "llama-2-7b", "training": {"method": "lora"}})");
  REQUIRE(r.ok);
  CHECK(r.scenario.training.recompute == Recompute::full);
  bool said = false;
  for (const std::string& w : r.warnings) said |= w.rfind("training.recompute: not given", 0) == 0;
  CHECK(said);
  const RequestResult given = scenario_from_request_json(
      R"({"mode": "training", "training": {"method": "lora", "recompute": "none"}})");
  CHECK(given.scenario.training.recompute == Recompute::none);
  const RequestResult full = scenario_from_request_json(R"({"mode": "training"})");
  CHECK(full.scenario.training.recompute == Recompute::none);
}

TEST_CASE("suggestions make a non-fitting scenario fit", "[solvers]") {
  Scenario s = inference("llama-2-70b", "fp16", "rtx-4090-24gb");
  const std::vector<Suggestion> fixes = suggestions_to_fit(s, 5);
  REQUIRE_FALSE(fixes.empty());
  for (const Suggestion& f : fixes) {
    CHECK(estimate(f.scenario).memory.fits);
    CHECK(f.per_gpu_bytes > 0);
  }
  CHECK(suggestions_to_fit(inference("llama-2-7b", "fp16", "a100-sxm-80gb")).empty());
}

TEST_CASE("full fine-tuning of 7B on a 24 GB card is fixed by QLoRA or offload", "[solvers]") {
  Scenario s = training("llama-2-7b", "bf16", "rtx-4090-24gb");
  s.training.seq_len = 512;
  s.training.recompute = Recompute::full;
  s.hardware.host.ram_bytes = 256e9;
  bool qlora = false;
  for (const Suggestion& f : suggestions_to_fit(s, 6)) qlora |= f.id == "qlora";
  CHECK(qlora);
}

namespace {

// The largest value of `field` in [1, limit] that fits, by walking every value (the reference).
int walk_largest(Scenario s, int& (*field)(Scenario&), int limit) {
  int best = 0;
  for (int v = 1; v <= limit; ++v) {
    field(s) = v;
    if (!estimate(s).memory.fits) break;
    best = v;
  }
  return best;
}

int& prompt_of(Scenario& s) { return s.inference.prompt_tokens; }
int& batch_of(Scenario& s) { return s.inference.batch; }

}  // namespace

TEST_CASE("the searches over KV blocks and replicas find the value a walk finds", "[solvers]") {
  // Paged blocks (vLLM: 16 tokens), a context offset by output and image tokens, sliding-window
  // layers, and data-parallel replicas that split the users: memory is a staircase there, and
  // the searches step over it by whole blocks / replicas before looking inside one.
  struct Case {
    const char* model;
    const char* gpu;
    Engine engine;
    int output;
    int images;
    int replicas;
    int batch;
  };
  const Case cases[] = {
      {"llama-3-8b", "rtx-4090-24gb", Engine::vllm, 512, 0, 1, 8},
      {"llama-3-8b", "rtx-4090-24gb", Engine::vllm, 333, 0, 1, 3},
      {"gemma-2-9b", "l40s-48gb", Engine::vllm, 100, 0, 1, 5},
      {"qwen2.5-vl-7b", "rtx-4090-24gb", Engine::vllm, 77, 2, 1, 2},
      {"llama-3-8b", "rtx-4090-24gb", Engine::llama_cpp, 200, 0, 1, 4},
      {"llama-3-8b", "a100-sxm-80gb", Engine::vllm, 256, 0, 3, 7},
  };
  for (const Case& c : cases) {
    Scenario s = inference(c.model, "bf16", c.gpu, c.replicas);
    s.inference.engine = c.engine;
    s.parallel.data = c.replicas;
    s.inference.output_tokens = c.output;
    s.inference.images = c.images;
    s.inference.batch = c.batch;
    s.inference.prompt_tokens = 1000;
    s.model.max_position_embeddings = 1 << 20;
    INFO(c.model << " on " << c.gpu << ", output " << c.output << ", replicas " << c.replicas);
    const int context = largest_context_that_fits(s);
    REQUIRE(context > c.output);
    const int prompt = context - c.output;
    // The edge, and the neighbours a walk from below would have found.
    Scenario at = s;
    at.inference.prompt_tokens = prompt;
    CHECK(estimate(at).memory.fits);
    at.inference.prompt_tokens = prompt + 1;
    CHECK_FALSE(estimate(at).memory.fits);
    // No hole below the edge: every 97th prompt below it fits (memory only grows with it).
    for (int p = 1; p < prompt; p += std::max(1, prompt / 97)) {
      at.inference.prompt_tokens = p;
      CHECK(estimate(at).memory.fits);
    }
    s.inference.prompt_tokens = 2048;
    const int batch = largest_batch_that_fits(s);
    CHECK(batch == walk_largest(s, batch_of, batch + 2 * c.replicas + 1));
  }
  // A short walk pins the context search exactly where 64 users leave each a short context.
  Scenario tight = inference("llama-3-8b", "bf16", "rtx-4090-24gb");
  tight.inference.engine = Engine::vllm;
  tight.inference.batch = 64;
  tight.inference.output_tokens = 37;
  tight.inference.prompt_tokens = 1;
  tight.model.max_position_embeddings = 1 << 20;
  const int walked = walk_largest(tight, prompt_of, 4096);
  const int searched = largest_context_that_fits(tight);
  REQUIRE(walked > 16);
  CHECK(searched == walked + 37);
}

TEST_CASE("each fit-table row is the cheapest per token of every split a walk evaluates",
          "[solvers]") {
  // The fit table skips inference layouts with more pipeline stages at a tensor degree that
  // already fits (stages add cards, never decode speed); a walk over every split of the fewest
  // cards up to twice as many, through estimate(), must find no cheaper one.
  std::vector<Scenario> cases;
  cases.push_back(inference("llama-3-70b", "bf16", "h100-sxm-80gb"));
  cases.push_back(inference("llama-3-70b", "awq-4bit-g128", "rtx-4090-24gb"));
  cases.push_back(inference("qwen3-30b-a3b", "bf16", "l40s-48gb"));
  cases.back().parallel.expert = 1;
  for (Scenario& s : cases) {
    s.inference.engine = Engine::vllm;
    s.inference.batch = 16;
    s.inference.prompt_tokens = 2000;
    s.inference.output_tokens = 200;
  }
  const std::vector<std::string> cards = {"h100-sxm-80gb", "a100-pcie-40gb", "rtx-4090-24gb",
                                          "l40s-48gb",     "rtx-3090-24gb",  "mi300x-192gb"};
  for (const Scenario& base : cases) {
    const std::vector<FitRow> rows = fit_table(base, 16);
    for (const FitRow& row : rows) {
      if (std::find(cards.begin(), cards.end(), row.gpu_id) == cards.end()) continue;
      INFO(base.model.id << " on " << row.gpu_id);
      Scenario s = base;
      s.hardware.gpu = gpu(row.gpu_id);
      const int fewest = fewest_gpus_that_fit(s, 16);
      CHECK((row.gpus > 0) == (fewest > 0));
      if (fewest == 0) continue;
      double best = 0;
      for (int n = fewest; n <= std::min(16, 2 * fewest); ++n) {
        for (const Layout& l : layouts_for(normalize(s), n)) {
          if (l.data != 1) continue;
          Scenario at = s;
          apply_layout(at, l);
          if (!validation_message(normalize(at)).empty()) continue;
          const Estimate e = estimate(at);
          if (!e.memory.fits || !(e.inference.throughput_tokens_per_second > 0)) continue;
          const double cost = n * 1e6 / e.inference.throughput_tokens_per_second;
          if (best == 0 || cost < best) best = cost;
        }
      }
      CHECK(row.gpu_seconds_per_million_tokens == Approx(best).epsilon(1e-9));
    }
  }
}
