// Serving-engine profiles (docs/METHOD.md, "Engine profiles"): SGLang and TensorRT-LLM start
// from vLLM's kernel constants and size their KV pools their own way; Ollama runs llama.cpp.
#include <catch2/catch.hpp>

#include "engine_test_util.hpp"
#include "sizer/assumptions.hpp"
#include "sizer/enums.hpp"
#include "sizer/estimate.hpp"
#include "sizer/request_json.hpp"
#include "sizer/share_link.hpp"

using namespace sizer;
using namespace sizer_test;

namespace {

Scenario llama_8b_on_h100(Engine engine) {
  Scenario s = inference("llama-3.1-8b", "bf16", "h100-sxm-80gb");
  s.inference.engine = engine;
  s.inference.batch = 16;
  s.inference.prompt_tokens = 1024;
  s.inference.output_tokens = 256;
  return s;
}

// Batch-1 decode speed of one card under `engine`.
double batch1_decode_tps(const char* model, const char* weights, const char* gpu, Engine engine,
                         int prompt, int output) {
  Scenario s = inference(model, weights, gpu);
  s.inference.engine = engine;
  s.inference.prompt_tokens = prompt;
  s.inference.output_tokens = output;
  return estimate(normalize(s)).inference.decode_tokens_per_second;
}

}  // namespace

TEST_CASE("SGLang and TensorRT-LLM inherit vLLM's kernel constants", "[engines]") {
  const Assumptions vllm = default_assumptions(Engine::vllm);
  for (Engine e : {Engine::sglang, Engine::tensorrt_llm}) {
    const Assumptions a = default_assumptions(e);
    INFO(enum_id(e));
    CHECK(a.decode_overhead_seconds_per_layer == vllm.decode_overhead_seconds_per_layer);
    CHECK(a.prefill_compute_efficiency == vllm.prefill_compute_efficiency);
    CHECK(a.decode_compute_efficiency == vllm.decode_compute_efficiency);
    CHECK(a.engine_non_torch_bytes == 0.0);
    CHECK(a.sampler_profile_sequences == 0);
  }
  // vLLM counts its non-torch memory instead of 1% of the weights, SGLang the memory free after
  // loading; TensorRT-LLM keeps the 1%.
  CHECK(vllm.framework_overhead_fraction == 0.0);
  CHECK(default_assumptions(Engine::sglang).framework_overhead_fraction == 0.0);
  CHECK(default_assumptions(Engine::tensorrt_llm).framework_overhead_fraction == 0.01);
  CHECK(vllm.engine_non_torch_bytes == Approx(0.3 * 1073741824.0));
  const Assumptions sglang = default_assumptions(Engine::sglang);
  // Without a card, SGLang's fallbacks: mem_fraction_static 0.88, chunked_prefill_size 4096.
  CHECK(sglang.engine_reserve_fraction == Approx(0.12));
  CHECK(sglang.reserve_holds_activations == 1.0);
  CHECK(sglang.kv_block_tokens == 1);
  CHECK(sglang.prefill_chunk_tokens == 4096);
  const Assumptions trt = default_assumptions(Engine::tensorrt_llm);
  CHECK(trt.kv_free_memory_fraction == 0.9);
  CHECK(trt.engine_reserve_fraction == 0.0);
  CHECK(trt.kv_block_tokens == 32);
}

TEST_CASE("Ollama has llama.cpp's profile and samples each token in Go", "[engines]") {
  const Assumptions ollama = default_assumptions(Engine::ollama);
  const Assumptions llama = default_assumptions(Engine::llama_cpp);
  for (const AssumptionInfo& info : assumption_table()) {
    double a = 0, b = 0;
    REQUIRE(get_assumption(ollama, info.key, a));
    REQUIRE(get_assumption(llama, info.key, b));
    INFO(info.key);
    if (info.key == "samplingSecondsPerLogit") {
      // ollama PR #15542: 548,624 ns per 128,000-logit top-k sample; llama-bench never samples.
      CHECK(a == Approx(548624e-9 / 128000).epsilon(0.01));
      CHECK(b == 0.0);
    } else {
      CHECK(a == b);
    }
  }
}

TEST_CASE("SGLang's reserve holds the activations, vLLM's does not", "[engines]") {
  const Estimate vllm = estimate(llama_8b_on_h100(Engine::vllm));
  const Estimate sglang = estimate(llama_8b_on_h100(Engine::sglang));
  const double cap = vllm.memory.capacity_bytes;
  const double context = vllm.scenario.assumptions.cuda_context_bytes;
  // Both budgets are a share of the total CUDA reports: the card less the driver's reservation.
  const double driver = vllm.scenario.assumptions.driver_reserved_bytes;
  CHECK(vllm.memory.reserve_bytes == Approx(0.1 * cap + 0.9 * driver - context));
  REQUIRE(sglang.memory.activation_bytes > 0);
  // SGLang's static share (0.835 on an H100) is of the memory free after its init: the context
  // is in it.
  CHECK(sglang.memory.reserve_bytes ==
        Approx(0.165 * (cap - context) + 0.835 * driver - sglang.memory.activation_bytes));
}

TEST_CASE("TensorRT-LLM's KV pool is 90% of the memory left after loading", "[engines]") {
  const Estimate e = estimate(llama_8b_on_h100(Engine::tensorrt_llm));
  const MemoryBreakdown& m = e.memory;
  const double free_after_load =
      m.capacity_bytes - m.weights_bytes - m.activation_bytes - m.overhead_bytes;
  CHECK(m.reserve_bytes == Approx(0.1 * free_after_load));
  // The largest batch leaves no more than that 10% unused.
  Scenario full = llama_8b_on_h100(Engine::tensorrt_llm);
  full.inference.batch = e.inference.max_batch;
  const Estimate at_max = estimate(full);
  CHECK(at_max.memory.fits);
  CHECK(at_max.memory.kv_cache_bytes <= 0.9 * free_after_load);
  full.inference.batch = e.inference.max_batch + 1;
  CHECK_FALSE(estimate(full).memory.fits);
}

TEST_CASE("MLC LLM: CUDA-graph decode, 16-token pages, 0.85 of the card", "[engines]") {
  const Assumptions mlc = default_assumptions(Engine::mlc);
  CHECK(mlc.decode_overhead_seconds_per_layer ==
        default_assumptions(Engine::vllm).decode_overhead_seconds_per_layer);
  CHECK(mlc.decode_bandwidth_efficiency == 0.89);
  CHECK(mlc.kv_block_tokens == 16);
  CHECK(mlc.engine_reserve_fraction == Approx(0.15));
  CHECK(mlc.prefill_chunk_tokens == 8192);
  CHECK(mlc.framework_overhead_fraction == 0.0);
  CHECK(mlc.sampler_profile_sequences == 0);
  // Batch-1 decode of Llama-2-7B in q4f16_1 on an RTX 4090: weights at 0.89 x 1008 GB/s plus
  // 20 us per layer, within 1% of the 204.8 tokens/s llm-perf-bench measured (P-023).
  CHECK(batch1_decode_tps("llama-2-7b", "mlc-q4f16_1", "rtx-4090-24gb", Engine::mlc, 8, 256) ==
        Approx(205.7).epsilon(0.005));
}

TEST_CASE(
    "ExLlamaV2: 12 C++ launches, 3 extension calls and 4 eager ops per layer, FP16 rebuild for "
    "prompts, 256-token pages",
    "[engines]") {
  const Assumptions exl = default_assumptions(Engine::exllamav2);
  const Assumptions generic = default_assumptions(Engine::generic);
  // Host time of a decoder layer, counted in its 2023-09 code: 12 kernels launched from C++ x
  // 3.48 us, 3 Python calls into the extension x 1 us, 4 eager attention ops x 7.1 us.
  CHECK(exl.decode_overhead_seconds_per_layer == Approx(12 * 3.48e-6 + 3 * 1.0e-6 + 4 * 7.1e-6));
  CHECK(exl.decode_overhead_seconds_per_layer == Approx(73.16e-6));
  // No published bandwidth share for its kernels: the generic values, not a fit on its rows.
  CHECK(exl.decode_bandwidth_efficiency == generic.decode_bandwidth_efficiency);
  CHECK(exl.decode_bandwidth_efficiency_hbm == generic.decode_bandwidth_efficiency_hbm);
  CHECK(exl.prefill_chunk_tokens == 2048);
  CHECK(exl.prefill_dequantizes_weights == 1.0);
  CHECK(exl.kv_block_tokens == 256);
  // TinyLlama 3.0 bpw on an RTX 4090, 128 + 128 tokens: 388 MB of weights and 4.3 MB of KV at
  // 0.8 x 1008 GB/s (0.486 ms) plus 22 layers x 73.16 us (1.610 ms) = 2.096 ms a step, 477
  // tokens/s; the README measured 635 (P-215). Host time is most of the step.
  CHECK(batch1_decode_tps("tinyllama-1.1b", "exl2-3.0", "rtx-4090-24gb", Engine::exllamav2, 128,
                          128) == Approx(477.1).epsilon(0.005));
  // The engine ids round-trip.
  Engine parsed = Engine::generic;
  REQUIRE(parse_enum("exllamav2", parsed));
  CHECK(parsed == Engine::exllamav2);
  REQUIRE(parse_enum("mlc", parsed));
  CHECK(parsed == Engine::mlc);
}

TEST_CASE("AutoAWQ: 17 eager launches per fused layer, in-kernel dequantization", "[engines]") {
  const Assumptions awq = default_assumptions(Engine::autoawq);
  const Assumptions hf = default_assumptions(Engine::transformers);
  const Assumptions generic = default_assumptions(Engine::generic);
  // 17 kernel launches per decoder layer x 7.1 us of eager PyTorch host time each.
  CHECK(awq.decode_overhead_seconds_per_layer == Approx(17 * 7.1e-6));
  CHECK(awq.decode_overhead_seconds_per_layer == Approx(120.7e-6));
  // The AWQ kernels dequantize inside the GEMM / GEMV: no separate pass, no Python expert loop.
  CHECK(awq.dequant_overhead_seconds_per_layer == 0.0);
  CHECK(awq.eager_expert_loop_seconds == 0.0);
  // No published bandwidth share for its kernels: the generic values, not HF Transformers' fit.
  CHECK(awq.decode_bandwidth_efficiency == generic.decode_bandwidth_efficiency);
  CHECK(awq.decode_bandwidth_efficiency_hbm == generic.decode_bandwidth_efficiency_hbm);
  // HF Transformers' own profile is unchanged.
  CHECK(hf.decode_overhead_seconds_per_layer == Approx(600e-6));
  CHECK(hf.dequant_overhead_seconds_per_layer == Approx(600e-6));
  CHECK(hf.decode_bandwidth_efficiency_hbm == 0.8);
  // The rest is HF generate()'s: the prompt in one pass, FP16 rebuild for long prompts.
  CHECK(engine_profile_base(Engine::autoawq) == Engine::transformers);
  CHECK(awq.prefill_chunk_tokens == hf.prefill_chunk_tokens);
  CHECK(awq.prefill_compute_efficiency == hf.prefill_compute_efficiency);
  CHECK(awq.prefill_dequantizes_weights == 1.0);
  CHECK(awq.framework_overhead_fraction == hf.framework_overhead_fraction);
  // Mistral-7B AWQ on an RTX 4090, batch 1, 64 + 64 tokens: the weights at 0.8 x 1008 GB/s
  // (4.84 ms) plus 32 layers x 121 us (3.86 ms) = 8.70 ms a step. AutoAWQ's README measured 156
  // tokens/s (P-014): the step adds host time to GPU time where launches partly overlap kernels.
  CHECK(batch1_decode_tps("mistral-7b-v0.1", "awq-4bit-g128", "rtx-4090-24gb", Engine::autoawq, 64,
                          64) == Approx(114.9).epsilon(0.005));
  // The same request under eager HF Transformers pays 600 us per layer.
  CHECK(batch1_decode_tps("mistral-7b-v0.1", "awq-4bit-g128", "rtx-4090-24gb", Engine::transformers,
                          64, 64) == Approx(41.59).epsilon(0.005));
  // The id round-trips through a request and a share link.
  Engine parsed = Engine::generic;
  REQUIRE(parse_enum("autoawq", parsed));
  CHECK(parsed == Engine::autoawq);
  CHECK(enum_id(Engine::autoawq) == std::string("autoawq"));
  const auto first = scenario_from_request_json(
      R"({"model": "mistral-7b-v0.1", "weights": "awq-4bit-g128", "engine": "autoawq"})");
  REQUIRE(first.ok);
  CHECK(first.scenario.inference.engine == Engine::autoawq);
  const std::string request = scenario_to_request_json(first.scenario);
  const auto link = decode_share_fragment(encode_share_fragment(request, "{}"));
  REQUIRE(link.ok);
  const auto second = scenario_from_request_json(link.request_json);
  REQUIRE(second.ok);
  CHECK(second.scenario.inference.engine == Engine::autoawq);
  CHECK(scenario_to_request_json(second.scenario) == request);
}

TEST_CASE("an engine given a file format it cannot load says so", "[engines][warnings]") {
  auto warning_ids = [](const char* weights, Engine engine) {
    Scenario s = inference("llama-2-7b", weights, "rtx-4090-24gb");
    s.inference.engine = engine;
    std::vector<std::string> ids;
    for (const Warning& w : estimate(normalize(s)).warning_details) ids.push_back(w.id);
    return ids;
  };
  using Catch::Matchers::VectorContains;
  CHECK_THAT(warning_ids("awq-4bit-g128", Engine::llama_cpp),
             VectorContains(std::string("engine-format-llama-cpp")));
  CHECK_THAT(warning_ids("awq-4bit-g128", Engine::ollama),
             VectorContains(std::string("engine-format-llama-cpp")));
  CHECK_THAT(warning_ids("gguf-q4_k_m", Engine::exllamav2),
             VectorContains(std::string("engine-format-exllamav2")));
  CHECK_THAT(warning_ids("exl2-4.0", Engine::mlc),
             VectorContains(std::string("engine-format-mlc")));
  CHECK_THAT(warning_ids("gptq-4bit-g128", Engine::autoawq),
             VectorContains(std::string("engine-format-autoawq")));
  CHECK_THAT(warning_ids("fp16", Engine::autoawq),
             VectorContains(std::string("engine-format-autoawq")));
  // What each loads: no warning.
  for (const auto& [weights, engine] :
       std::vector<std::pair<const char*, Engine>>{{"gguf-q4_k_m", Engine::llama_cpp},
                                                   {"fp16", Engine::llama_cpp},
                                                   {"exl2-4.0", Engine::exllamav2},
                                                   {"gptq-4bit-g128", Engine::exllamav2},
                                                   {"mlc-q4f16_1", Engine::mlc},
                                                   {"awq-4bit-g128", Engine::mlc},
                                                   {"bf16", Engine::mlc},
                                                   {"awq-4bit-g128", Engine::autoawq},
                                                   {"gguf-q4_k_m", Engine::vllm}}) {
    INFO(weights << " under " << enum_id(engine));
    for (const std::string& id : warning_ids(weights, engine))
      CHECK(id.rfind("engine-format", 0) == std::string::npos);
  }
}
TEST_CASE("each default says which profile set it and why", "[assumptions]") {
  // vLLM's own change.
  DefaultReason r =
      default_reason(Engine::vllm, TrainingFramework::generic, "decodeOverheadSecondsPerLayer");
  CHECK(r.kind == "profile");
  CHECK(r.set_by == "vllm");
  CHECK(r.why == "CUDA graphs replay decode steps");
  // SGLang inherits vLLM's values: named as vLLM's.
  r = default_reason(Engine::sglang, TrainingFramework::generic, "weightOnlyMoeKernelSeconds");
  CHECK(r.set_by == "vllm");
  CHECK(r.why.find("FlagGems") != std::string::npos);
  // A setup rule is applied last: SGLang's own reserve share, not vLLM's utilisation.
  r = default_reason(Engine::sglang, TrainingFramework::generic, "engineReserveFraction");
  CHECK(r.kind == "setup");
  CHECK(r.set_by == "sglang");
  CHECK(r.why.find("mem_fraction_static") != std::string::npos);
  // A training framework's change.
  r = default_reason(Engine::generic, TrainingFramework::unsloth, "lossBytesPerLogit");
  CHECK(r.kind == "framework");
  CHECK(r.set_by == "unsloth");
  CHECK(r.why.find("Cut Cross-Entropy") != std::string::npos);
  // The generic default: nothing set it.
  r = default_reason(Engine::generic, TrainingFramework::generic, "decodeBandwidthEfficiency");
  CHECK(r.kind.empty());
  CHECK(r.set_by.empty());
  CHECK(r.why.empty());
  // Every reason agrees with the value: a key whose default differs from the generic one for an
  // engine has a reason, and one that does not differ has none or the same value restated.
  const Assumptions generic = default_assumptions(Engine::generic);
  for (const EnumEntry<Engine>& e : enum_entries<Engine>()) {
    const Assumptions a = default_assumptions(e.value, TrainingFramework::generic, EngineSetup{});
    for (const AssumptionInfo& info : assumption_table()) {
      double value = 0, base = 0;
      get_assumption(a, info.key, value);
      get_assumption(generic, info.key, base);
      if (value != base)
        CHECK_FALSE(default_reason(e.value, TrainingFramework::generic, info.key).why.empty());
    }
  }
}
