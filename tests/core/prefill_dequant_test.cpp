// Prefill kernels that rebuild 16-bit weights from quantized ones for every prompt chunk
// (llama.cpp's CUDA backend before PR #8075, bitsandbytes, AutoAWQ's GEMM at 1024+ tokens):
// the pass reads each quantized weight and writes it as 2 bytes, at the memory rate.
#include <catch2/catch.hpp>

#include "engine_test_util.hpp"
#include "sizer/assumptions.hpp"
#include "sizer/inference_speed.hpp"
#include "sizer/params.hpp"

using namespace sizer;
using namespace sizer_test;

namespace {

// Llama-2-7B's linear layers: 6,738,415,616 - 2 x 131,072,000 (embedding, LM head) - 266,240
// norm weights (4,096 x 65).
constexpr double kBody = 6476005376.0;

Scenario llama_cpp_prefill(const std::string& weights, const std::string& gpu_id, double flag) {
  Scenario s = inference("llama-2-7b", weights, gpu_id);
  s.inference.engine = Engine::llama_cpp;
  s.assumption_overrides["prefillDequantizesWeights"] = flag;
  s.inference.prompt_tokens = 2048;
  s.inference.output_tokens = 1;
  return normalize(s);
}

}  // namespace

TEST_CASE("the dequantization pass moves the quantized bytes in and 2 bytes per weight out",
          "[inference][dequant]") {
  const Scenario q4 = llama_cpp_prefill("gguf-q4_k_m", "rtx-4090-24gb", 1.0);
  const ParamCounts p = count_normalized_params(q4.model);
  CHECK(prefill_dequantize_bytes(q4, p) == Approx(kBody * (4.9 / 8 + 2)));
  // MMQ (the flag off), 16-bit weights, CPUs and Apple GPUs have no such pass.
  CHECK(prefill_dequantize_bytes(llama_cpp_prefill("gguf-q4_k_m", "rtx-4090-24gb", 0.0), p) == 0);
  CHECK(prefill_dequantize_bytes(llama_cpp_prefill("gguf-f16", "rtx-4090-24gb", 1.0), p) == 0);
  CHECK(prefill_dequantize_bytes(llama_cpp_prefill("gguf-q4_k_m", "apple-m2-ultra", 1.0), p) == 0);
  Scenario cpu = inference("llama-2-7b", "gguf-q4_k_m", "rtx-4090-24gb");
  cpu.hardware.cpu_only = true;
  cpu.inference.engine = Engine::llama_cpp;
  cpu.assumption_overrides["prefillDequantizesWeights"] = 1.0;
  CHECK(prefill_dequantize_bytes(normalize(cpu), p) == 0);
}

TEST_CASE("each 512-token ubatch pays the pass once, added to the time to first token",
          "[inference][dequant]") {
  const Estimate old_build = estimate(llama_cpp_prefill("gguf-q4_k_m", "rtx-4090-24gb", 1.0));
  const Estimate mmq = estimate(llama_cpp_prefill("gguf-q4_k_m", "rtx-4090-24gb", 0.0));
  // 2048 tokens in ubatches of 512: four passes at 1,008 GB/s x 0.9 (decodeBandwidthEfficiency).
  const double pass = 4 * kBody * (4.9 / 8 + 2) / (1008e9 * 0.9);
  CHECK(old_build.inference.prefill_dequantize_seconds == Approx(pass).epsilon(1e-6));
  CHECK(mmq.inference.prefill_dequantize_seconds == 0.0);
  CHECK(old_build.inference.ttft_seconds - mmq.inference.ttft_seconds ==
        Approx(pass).epsilon(1e-6));
  EstimateOptions explain;
  explain.explain = true;
  const Estimate explained =
      estimate(llama_cpp_prefill("gguf-q4_k_m", "rtx-4090-24gb", 1.0), explain);
  CHECK(explained.formulas.at("inference.prefillDequantizeSeconds").find("4 chunks") == 0);
  CHECK(explained.formulas.at("inference.ttftSeconds").find("rebuilding 16-bit weights") !=
        std::string::npos);
  // Decode is untouched: the pass is a prompt-batch path.
  CHECK(old_build.inference.decode_tokens_per_second ==
        Approx(mmq.inference.decode_tokens_per_second));
}

TEST_CASE("profiles: transformers' quantized kernels rebuild weights, llama.cpp's MMQ does not",
          "[inference][dequant]") {
  CHECK(default_assumptions(Engine::transformers).prefill_dequantizes_weights == 1.0);
  CHECK(default_assumptions(Engine::llama_cpp).prefill_dequantizes_weights == 0.0);
  CHECK(default_assumptions(Engine::vllm).prefill_dequantizes_weights == 0.0);
}

TEST_CASE("llama.cpp on Intel GPUs: the SYCL backend expands quantized weights for oneDNN",
          "[inference][dequant]") {
  EngineSetup intel;
  intel.gpu_is_intel = true;
  CHECK(default_assumptions(Engine::llama_cpp, TrainingFramework::generic, intel)
            .prefill_dequantizes_weights == 1.0);
  CHECK(default_assumptions(Engine::llama_cpp, TrainingFramework::generic, EngineSetup{})
            .prefill_dequantizes_weights == 0.0);
  // Through estimate(): an Arc B580 pays four passes over Llama-2-7B's Q4_K_M body at 456 GB/s x
  // 0.9; an RTX 4090 (CUDA MMQ) pays none.
  Scenario arc = inference("llama-2-7b", "gguf-q4_k_m", "intel-arc-b580-12gb");
  arc.inference.engine = Engine::llama_cpp;
  arc.inference.prompt_tokens = 2048;
  arc.inference.output_tokens = 1;
  const Estimate on_arc = estimate(normalize(arc));
  CHECK(on_arc.inference.prefill_dequantize_seconds ==
        Approx(4 * kBody * (4.9 / 8 + 2) / (456e9 * 0.9)).epsilon(1e-6));
  Scenario rtx = arc;
  rtx.hardware.gpu = gpu("rtx-4090-24gb");
  CHECK(estimate(normalize(rtx)).inference.prefill_dequantize_seconds == 0.0);
}
