// Properties over many models, cards and settings: monotone memory, ZeRO never hurts, TP
// divides, decode under the roofline, numbers always finite.
#include <catch2/catch.hpp>
#include <cmath>

#include "engine_test_util.hpp"
#include "sizer/memory.hpp"
#include "sizer/params.hpp"

using namespace sizer;
using namespace sizer_test;

namespace {

bool all_finite(const Estimate& e) {
  const MemoryBreakdown& m = e.memory;
  const InferenceResult& i = e.inference;
  const TrainingResult& t = e.training;
  const double values[] = {m.weights_bytes,
                           m.kv_cache_bytes,
                           m.activation_bytes,
                           m.gradient_bytes,
                           m.optimizer_bytes,
                           m.overhead_bytes,
                           m.reserve_bytes,
                           m.per_gpu_bytes,
                           m.total_bytes,
                           m.host_ram_bytes,
                           i.ttft_seconds,
                           i.prefill_tokens_per_second,
                           i.decode_tokens_per_second,
                           i.throughput_tokens_per_second,
                           i.decode_step_seconds,
                           i.decode_arithmetic_intensity,
                           i.end_to_end_seconds,
                           t.flops_per_token,
                           t.step_seconds,
                           t.tokens_per_second,
                           t.total_hours,
                           t.gpu_hours,
                           t.mfu,
                           e.cost.usd_per_hour,
                           e.cost.usd_per_million_tokens,
                           e.cost.total_usd,
                           e.ridge_point_flops_per_byte,
                           e.peak_flops};
  for (double v : values) {
    if (!std::isfinite(v) || v < 0) return false;
  }
  return true;
}

const char* kModels[] = {"llama-2-7b", "llama-3-70b", "mixtral-8x7b", "deepseek-v3",
                         "gemma-2-9b", "qwen3-8b",    "gpt2",         "gpt-oss-20b"};
const char* kGpus[] = {"a100-sxm-80gb",  "rtx-4090-24gb", "h100-sxm-80gb",
                       "apple-m2-ultra", "mi300x-192gb",  "t4-16gb"};

}  // namespace

TEST_CASE("every catalog model on every catalog GPU gives finite, non-negative numbers",
          "[properties]") {
  for (const ModelArch& m : model_catalog()) {
    Scenario s = inference(m.id, "fp16", "h100-sxm-80gb");
    INFO(m.id);
    CHECK(all_finite(estimate(s)));
    s.mode = Mode::training;
    s.training.method = TrainingMethod::lora;
    CHECK(all_finite(estimate(s)));
  }
  for (const Gpu& g : gpu_catalog()) {
    INFO(g.id);
    CHECK(all_finite(estimate(inference("llama-3-8b", "gguf-q4_k_m", g.id))));
    Scenario t = training("llama-3.2-1b", "bf16", g.id);
    CHECK(all_finite(estimate(t)));
  }
}

TEST_CASE("memory grows with context, batch and bits", "[properties]") {
  for (const char* id : kModels) {
    INFO(id);
    Scenario s = inference(id, "fp16", "h100-sxm-80gb");
    double previous = 0;
    for (int ctx : {128, 1024, 8192, 65536}) {
      s.inference.prompt_tokens = ctx;
      const double bytes = estimate(s).memory.per_gpu_bytes;
      CHECK(bytes > previous);
      previous = bytes;
    }
    previous = 0;
    for (int batch : {1, 2, 8, 64}) {
      s.inference.batch = batch;
      const double bytes = estimate(s).memory.per_gpu_bytes;
      CHECK(bytes > previous);
      previous = bytes;
    }
    previous = 0;
    for (const char* f : {"gguf-q2_k", "int4", "gptq-4bit-g128", "int8", "fp16", "fp32"}) {
      s.weights_format = f;
      const double bytes = estimate(s).memory.weights_bytes;
      CHECK(bytes > previous);
      previous = bytes;
    }
  }
}

TEST_CASE("ZeRO stages never increase per-GPU memory", "[properties]") {
  for (const char* id : {"llama-2-7b", "llama-3-70b", "mixtral-8x7b", "qwen3-8b"}) {
    for (TrainingMethod method : {TrainingMethod::full, TrainingMethod::lora}) {
      for (int gpus : {1, 2, 8}) {
        Scenario s = training(id, "bf16", "h100-sxm-80gb", gpus);
        s.training.method = method;
        double previous = 1e300;
        for (int stage = 0; stage <= 3; ++stage) {
          s.training.zero_stage = stage;
          const double bytes = estimate(s).memory.per_gpu_bytes;
          INFO(id << " gpus " << gpus << " stage " << stage);
          CHECK(bytes <= previous * (1 + 1e-12));
          previous = bytes;
        }
      }
    }
  }
}

TEST_CASE("tensor parallel divides weights per GPU", "[properties]") {
  for (const char* id : {"llama-2-70b", "llama-3-70b", "qwen3-8b", "mixtral-8x7b"}) {
    const Estimate one = estimate(inference(id, "fp16", "h100-sxm-80gb"));
    for (int tp : {2, 4, 8}) {
      const Estimate e = estimate(inference(id, "fp16", "h100-sxm-80gb", tp, tp, 1));
      CHECK(e.memory.weights_bytes == Approx(one.memory.weights_bytes / tp).epsilon(1e-9));
    }
  }
}

TEST_CASE("decode never beats the bandwidth roofline", "[properties]") {
  for (const char* id : kModels) {
    for (const char* g : kGpus) {
      for (int batch : {1, 16, 256}) {
        Scenario s = inference(id, "fp16", g);
        s.inference.batch = batch;
        const Estimate e = estimate(s);
        const double bytes =
            e.inference.weights_read_bytes_per_step + e.inference.kv_read_bytes_per_step;
        const double roofline = gpu(g).memory_bandwidth_gb_per_s * 1e9 / bytes;
        INFO(id << " on " << g << " batch " << batch);
        CHECK(e.inference.decode_tokens_per_second <= roofline);
      }
    }
  }
}

TEST_CASE("more KV bits, longer prompts and bigger models never speed decode", "[properties]") {
  Scenario s = inference("llama-2-13b", "fp16", "a100-sxm-80gb");
  const double base = estimate(s).inference.decode_tokens_per_second;
  s.inference.prompt_tokens = 4000;
  CHECK(estimate(s).inference.decode_tokens_per_second < base);
  Scenario big = inference("llama-2-70b", "fp16", "a100-sxm-80gb");
  CHECK(estimate(big).inference.decode_tokens_per_second < base);
}

TEST_CASE("invalid scenarios name the field", "[properties]") {
  Scenario s = inference("llama-2-7b", "fp16", "a100-sxm-80gb", 4, 3, 1);
  const std::vector<std::string> problems = validate(normalize(s));
  REQUIRE_FALSE(problems.empty());
  CHECK(problems[0].rfind("tensorParallel", 0) == 0);
  CHECK_THROWS_AS(estimate(s), std::invalid_argument);
  Scenario f = inference("llama-2-7b", "no-such-format", "a100-sxm-80gb");
  CHECK_THROWS_WITH(estimate(f), Catch::Contains("weights"));
  Scenario b = inference("llama-2-7b", "fp16", "a100-sxm-80gb");
  b.inference.batch = 0;
  CHECK_THROWS_WITH(estimate(b), Catch::Contains("batch"));
}

TEST_CASE("assumption overrides replace the engine profile's value", "[properties]") {
  Scenario s = inference("llama-2-7b", "fp16", "a100-sxm-80gb");
  const double base = estimate(s).inference.decode_tokens_per_second;
  s.assumption_overrides["decodeBandwidthEfficiencyHbm"] = 0.325;
  const Estimate e = estimate(s);
  CHECK(e.scenario.assumptions.decode_bandwidth_efficiency_hbm == 0.325);
  CHECK(e.inference.decode_tokens_per_second < 0.6 * base);
  double v = 0;
  CHECK(get_assumption(default_assumptions(Engine::vllm), "engineReserveFraction", v));
  CHECK(v == Approx(0.1));
  CHECK_FALSE(set_assumption(s.assumptions, "noSuchKey", 1));
  for (const AssumptionInfo& info : assumption_table()) {
    CHECK_FALSE(info.source.empty());
    CHECK(get_assumption(s.assumptions, info.key, v));
  }
}
