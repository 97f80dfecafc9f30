// Memory per GPU: weights, overheads, training states. Values from the seeds (docs/SEEDS.md) and
// the reference formulas; tolerances say how close the seed's round numbers are.
#include "sizer/memory.hpp"

#include <catch2/catch.hpp>

#include "engine_test_util.hpp"
#include "sizer/params.hpp"

using namespace sizer;
using namespace sizer_test;

namespace {
double weights_gb(const std::string& model_id, const std::string& format_id) {
  return weights_bytes(count_params(normalize_model(model(model_id))), format(format_id)) / 1e9;
}
}  // namespace

TEST_CASE("7B at FP16 needs about 14 GB of weights (13.5 GB exactly)", "[memory]") {
  CHECK(weights_gb("llama-2-7b", "fp16") == Approx(6.738415616 * 2).epsilon(1e-6));
  CHECK(weights_gb("llama-2-7b", "int4") == Approx(6.738415616 * 0.5).epsilon(1e-6));
}

TEST_CASE("the seeds' precision table for 7B and 70B: 28/14/7/3.5 and 280/140/70/35 GB",
          "[memory]") {
  // The seeds round 6.74B to 7B and 69B to 70B; within 5% of their figures.
  const char* formats[] = {"fp32", "fp16", "int8", "int4"};
  const double seed_7b[] = {28, 14, 7, 3.5};
  const double seed_70b[] = {280, 140, 70, 35};
  for (int i = 0; i < 4; ++i) {
    CHECK(weights_gb("llama-2-7b", formats[i]) == Approx(seed_7b[i]).epsilon(0.05));
    CHECK(weights_gb("llama-2-70b", formats[i]) == Approx(seed_70b[i]).epsilon(0.05));
  }
}

TEST_CASE("70B at GPTQ 4-bit is 35-40 GB, not the seed's 17.5 GB", "[memory]") {
  const double gb = weights_gb("llama-2-70b", "gptq-4bit-g128");
  CHECK(gb > 35.0);
  CHECK(gb < 40.0);
}

TEST_CASE("the practical table: 13B FP16 26 GB, 34B FP16 68 GB, 13B INT4 6.5 GB", "[memory]") {
  CHECK(weights_gb("llama-2-13b", "fp16") == Approx(26).epsilon(0.01));
  CHECK(weights_gb("yi-34b", "fp16") == Approx(68).epsilon(0.02));
  CHECK(weights_gb("llama-2-13b", "int4") == Approx(6.5).epsilon(0.01));
  CHECK(weights_gb("yi-34b", "int4") == Approx(17).epsilon(0.02));
}

TEST_CASE("GGUF Q4_K_M of Llama 3 8B matches the 4.58 GiB file (M-048)", "[memory]") {
  CHECK(weights_gb("llama-3-8b", "gguf-q4_k_m") == Approx(4.917737554).epsilon(0.01));
}

TEST_CASE("7B at FP16 with KV cache and runtime needs 14-20 GB", "[memory]") {
  Scenario s = inference("llama-2-7b", "fp16", "a100-sxm-80gb");
  s.inference.prompt_tokens = 1536;
  s.inference.output_tokens = 512;
  const Estimate e = estimate(s);
  CHECK(e.memory.kv_cache_bytes == Approx(2048 * 524288.0));
  CHECK(e.memory.per_gpu_bytes / 1e9 > 14.5);
  CHECK(e.memory.per_gpu_bytes / 1e9 < 20.0);
}

TEST_CASE("an RTX 4090 runs 7B at FP16 and ~34B at 4 bits, not 70B", "[memory]") {
  Scenario s = inference("llama-2-7b", "fp16", "rtx-4090-24gb");
  s.inference.prompt_tokens = 1024;
  s.inference.output_tokens = 1024;
  const Estimate e7 = estimate(s);
  CHECK(e7.memory.fits);
  CHECK(e7.memory.headroom_bytes > 4e9);  // room for more KV cache
  Scenario s34 = inference("yi-34b", "gptq-4bit-g128", "rtx-4090-24gb");
  s34.inference.prompt_tokens = 1024;
  CHECK(estimate(s34).memory.fits);
  Scenario s70 = inference("llama-2-70b", "gptq-4bit-g128", "rtx-4090-24gb");
  CHECK_FALSE(estimate(s70).memory.fits);
}

TEST_CASE("an 80 GB card holds 80 GiB: capacity is binary, model sizes decimal", "[memory]") {
  CHECK(gpu("a100-sxm-80gb").memory_capacity_bytes == Approx(80.0 * 1073741824.0));
  Scenario s = inference("llama-2-7b", "fp16", "a100-sxm-80gb");
  CHECK(estimate(s).memory.capacity_bytes == Approx(85.899e9).epsilon(1e-4));
}

TEST_CASE("vLLM leaves 10% of the card unused, the CUDA context inside it", "[memory]") {
  Scenario s = inference("llama-3-8b", "bf16", "a100-sxm-80gb");
  s.inference.engine = Engine::vllm;
  const Estimate e = estimate(s);
  // Its 90% is of the total CUDA reports: the card less the driver's reservation.
  const Assumptions& a = e.scenario.assumptions;
  CHECK(e.memory.reserve_bytes ==
        Approx(0.1 * 80 * 1073741824.0 + 0.9 * a.driver_reserved_bytes - a.cuda_context_bytes));
}

TEST_CASE("mixed-precision AdamW needs 16 bytes per parameter before activations", "[memory]") {
  Scenario s = training("llama-2-7b", "bf16", "a100-sxm-80gb");
  const Estimate e = estimate(s);
  const double states = e.memory.weights_bytes + e.memory.gradient_bytes + e.memory.optimizer_bytes;
  CHECK(states == Approx(16 * 6.738415616e9).epsilon(1e-6));
  // The seeds' 7B full training "about 112 GB+": 16 x 6.74e9 = 108 GB before activations.
  CHECK(states / 1e9 == Approx(112).epsilon(0.05));
  CHECK_FALSE(e.memory.fits);
}

TEST_CASE("pure BF16 AdamW is 8 bytes per parameter and 8-bit AdamW 10, not a fixed 16",
          "[memory]") {
  const ModelArch m = normalize_model(model("llama-2-7b"));
  TrainingWorkload t;
  t.mixed_precision = false;
  CHECK(gradient_bytes_per_param(t, format("bf16")) +
            optimizer_bytes_per_param(t, format("bf16"), m) + 2.0 ==
        Approx(8.0));
  t.mixed_precision = true;
  t.optimizer = Optimizer::adamw_8bit;
  CHECK(2.0 + gradient_bytes_per_param(t, format("bf16")) +
            optimizer_bytes_per_param(t, format("bf16"), m) ==
        Approx(10.0));
  t.optimizer = Optimizer::sgd;
  CHECK(optimizer_bytes_per_param(t, format("bf16"), m) == Approx(8.0));  // master + momentum
  t.optimizer = Optimizer::adafactor;
  CHECK(optimizer_bytes_per_param(t, format("bf16"), m) < 4.01);  // master + factored moments
}

TEST_CASE("70B optimizer states at 12 bytes per parameter are about 840 GB", "[memory]") {
  Scenario s = training("llama-2-70b", "bf16", "a100-sxm-80gb");
  CHECK(estimate(s).memory.optimizer_bytes / 1e9 == Approx(840).epsilon(0.02));
}

TEST_CASE("ZeRO-3 over 8 GPUs divides weights, gradients and optimizer states by 8", "[memory]") {
  Scenario s = training("llama-2-7b", "bf16", "a100-sxm-80gb", 8);
  s.training.zero_stage = 3;
  const Estimate e = estimate(s);
  CHECK(e.memory.weights_bytes == Approx(6.738415616e9 * 2 / 8).epsilon(1e-6));
  CHECK(e.memory.gradient_bytes == Approx(6.738415616e9 * 2 / 8).epsilon(1e-6));
  CHECK(e.memory.optimizer_bytes == Approx(6.738415616e9 * 12 / 8).epsilon(1e-6));
}

TEST_CASE("ZeRO-Offload moves optimizer states and gradients to host RAM", "[memory]") {
  Scenario s = training("llama-2-7b", "bf16", "rtx-4090-24gb");
  s.training.offload_optimizer = true;
  s.hardware.host.ram_bytes = 256e9;
  const Estimate e = estimate(s);
  CHECK(e.memory.optimizer_bytes == 0);
  CHECK(e.memory.gradient_bytes == 0);
  CHECK(e.memory.host_ram_bytes == Approx(6.738415616e9 * 14).epsilon(1e-6));
}

TEST_CASE("LoRA r=8 on q and v of Llama 2 7B trains 4,194,304 parameters (PEFT)", "[memory]") {
  CHECK(lora_trainable_params(normalize_model(model("llama-2-7b")), 8, {"q", "v"}) == 4194304.0);
}

TEST_CASE("full fine-tuning of 7B needs ~80 GB+, LoRA fits one 24 GB card", "[memory]") {
  Scenario full = training("llama-2-7b", "bf16", "rtx-4090-24gb");
  full.training.seq_len = 512;
  CHECK(estimate(full).memory.per_gpu_bytes / 1e9 > 80);
  Scenario lora = full;
  lora.training.method = TrainingMethod::lora;
  lora.training.recompute = Recompute::full;
  const Estimate e = estimate(lora);
  CHECK(e.memory.fits);
  CHECK(e.memory.gradient_bytes < 0.2e9);
}

TEST_CASE("QLoRA fine-tunes LLaMA-65B within 48 GB (Dettmers et al. 2023)", "[memory]") {
  Scenario s = training("llama-65b", "bnb-nf4-dq", "rtx-a6000-48gb");
  s.training.method = TrainingMethod::qlora;
  s.training.seq_len = 512;
  s.training.recompute = Recompute::full;
  const Estimate e = estimate(s);
  CHECK(e.memory.fits);
  CHECK(e.memory.weights_bytes / 1e9 == Approx(34.0).epsilon(0.06));
}

TEST_CASE("4 x V100 32 GB cannot hold Vicuna 65B at FP16, QLoRA fits in ~50 GB", "[memory]") {
  Scenario fp16 = inference("llama-65b", "fp16", "v100-sxm2-32gb", 4, 4, 1);
  const Estimate e = estimate(fp16);
  CHECK(e.memory.weights_bytes * 4 / 1e9 > 128);
  CHECK_FALSE(e.memory.fits);
  Scenario q = training("llama-65b", "bnb-nf4-dq", "v100-sxm2-32gb", 4);
  q.training.method = TrainingMethod::qlora;
  q.training.zero_stage = 3;
  q.training.seq_len = 512;
  q.training.recompute = Recompute::full;
  q.training.mixed_precision = true;
  const Estimate eq = estimate(q);
  CHECK(eq.memory.fits);
  // The seed's ~50 GB counts weights and adapters; four CUDA contexts and four activation
  // buffers add ~10 GB over the four cards.
  CHECK((eq.memory.weights_bytes + eq.memory.optimizer_bytes) * 4 / 1e9 < 40);
  CHECK(eq.memory.per_gpu_bytes * 4 / 1e9 < 64);
  bool flash_warning = false;
  for (const std::string& w : eq.warnings)
    flash_warning |= w.find("FlashAttention") != std::string::npos;
  CHECK(flash_warning);
}

TEST_CASE("tensor parallel divides the weights, pipeline stages add the larger end", "[memory]") {
  const ParamCounts p = count_params(normalize_model(model("llama-2-70b")));
  const double one = weights_bytes_per_gpu(p, format("fp16"), 1, 1);
  CHECK(weights_bytes_per_gpu(p, format("fp16"), 4, 1) == Approx(one / 4));
  const double ends = 32000.0 * 8192 * 2;
  CHECK(weights_bytes_per_gpu(p, format("fp16"), 1, 4) ==
        Approx((one - 2 * ends) / 4 + ends).epsilon(1e-9));
}

TEST_CASE("mixture of experts keeps every expert resident", "[memory]") {
  CHECK(weights_gb("mixtral-8x7b", "fp16") == Approx(46.7 * 2).epsilon(0.01));
}

TEST_CASE("every shown number carries its formula with the inputs substituted", "[memory]") {
  const Estimate e = estimate(inference("llama-2-7b", "fp16", "a100-sxm-80gb"), {true});
  CHECK(e.formulas.at("memory.weightsBytes") ==
        "6,738,415,616 params x 16 bits / 8 / (1 TP x 1 PP) = 13.5 GB");
  CHECK(e.formulas.at("inference.kvCacheBytesPerToken") ==
        "2 x 32 layers x 32 KV heads x 128 head dim x 2 bytes = 524 kB");
  // Every number the results panels show (imgui_app/panels/results_*.cpp) has its formula.
  for (const char* key :
       {"memory.kvCacheBytes", "memory.perGpuBytes", "memory.totalBytes", "memory.hostRamBytes",
        "inference.ttftSeconds", "inference.decodeTokensPerSecond", "inference.endToEndSeconds",
        "inference.throughputAtMaxBatch", "inference.communicationSecondsPerStep",
        "cost.usdPerHour"}) {
    INFO(key);
    CHECK(e.formulas.count(key) == 1);
  }
  Scenario t = training("llama-2-7b", "bf16", "a100-sxm-80gb");
  const Estimate et = estimate(t, {true});
  for (const char* key :
       {"training.tokensPerStep", "training.totalFlops", "training.computeSecondsPerStep",
        "training.communicationSecondsPerStep", "training.stepSeconds", "memory.totalBytes"}) {
    INFO(key);
    CHECK(et.formulas.count(key) == 1);
  }
  CHECK(et.formulas.at("training.tokensPerStep") ==
        "1 micro-batch x 2048 tokens x 1 accumulation x 1 data-parallel replicas = 2048");
  CHECK(et.formulas.at("memory.optimizerBytes") ==
        "6,738,415,616 trainable params x 12 bytes (ZeRO-0 over 1) = 80.9 GB");
}

TEST_CASE("Apple unified memory: the GPU holds Metal's working set, not all of RAM", "[memory]") {
  // llama.cpp prints recommendedMaxWorkingSetSize = 51539.61 MB on a 64 GB M1 Max.
  Scenario s = inference("llama-2-7b", "fp16", "apple-m1-max");
  const Estimate e = estimate(s);
  CHECK(e.memory.capacity_bytes == Approx(0.75 * 64 * 1073741824.0));
  CHECK(e.memory.capacity_bytes / 1e6 == Approx(51539.6).epsilon(1e-4));
  // 32 GB and below: two thirds.
  const Estimate small = estimate(inference("llama-2-7b", "fp16", "apple-m1-max-24c-32gb"));
  CHECK(small.memory.capacity_bytes == Approx(32 * 1073741824.0 * 2 / 3));
  // `sudo sysctl iogpu.wired_limit_mb=58000` on the 64 GB machine: the user's own share.
  s.assumption_overrides["unifiedMemoryGpuFraction"] = 58000.0 / 65536.0;
  CHECK(estimate(s).memory.capacity_bytes == Approx(58000 * 1048576.0));
  // Discrete cards are unchanged.
  CHECK(estimate(inference("llama-2-7b", "fp16", "rtx-4090-24gb")).memory.capacity_bytes ==
        gpu("rtx-4090-24gb").memory_capacity_bytes);
}

TEST_CASE("gpt-oss GGUFs size the experts as MXFP4 and the rest as Q8_0 or F16", "[memory]") {
  // llama-bench's size column: "gpt-oss 20B MXFP4 MoE" 11.27 GiB (llama.cpp's MXFP4_MOE type:
  // every non-expert tensor Q8_0) and "gpt-oss 20B F16" 12.83 GiB (non-expert tensors 16-bit,
  // Ollama's gpt-oss:20b layout).
  const ParamCounts p = count_params(model("gpt-oss-20b"));
  const double experts = p.routed_experts;
  const double q8_mix = weights_bytes(p, format("gguf-mxfp4"));
  CHECK(q8_mix == Approx(experts * 4.25 / 8 + (p.total - experts) * 8.5 / 8).epsilon(1e-9));
  CHECK(q8_mix / 1073741824.0 == Approx(11.27).margin(0.1));
  const double f16_mix = weights_bytes(p, format("gguf-mxfp4-f16"));
  CHECK(f16_mix == Approx(experts * 4.25 / 8 + (p.total - experts) * 2).epsilon(1e-9));
  CHECK(f16_mix / 1073741824.0 == Approx(12.83).margin(0.1));
  // A decode step reads the Q8_0 attention and LM head at 8.5 bits, not at the experts' 4.25.
  Scenario s = inference("gpt-oss-20b", "gguf-mxfp4", "rtx-5090-32gb");
  s.inference.engine = Engine::llama_cpp;
  const double read = estimate(s).inference.weights_read_bytes_per_step;
  const double embedding = p.embedding * 8.5 / 8;
  const double active_experts = experts * 4.0 / 32 * 4.25 / 8;
  CHECK(read == Approx((p.total - experts) * 8.5 / 8 - embedding + active_experts).epsilon(0.01));
}

TEST_CASE("MXFP4 as gpt-oss ships it quantizes only the experts (gpt-oss-20b: about 13.8 GB)",
          "[memory]") {
  // quantization_config.modules_to_not_convert: attention, router, embeddings and LM head stay
  // BF16; the 24 x 32 experts (3 x 2880 x 2880 each, with their 3 x 2880 biases) are MXFP4 at
  // 4.25 bits.
  Scenario s = inference("gpt-oss-20b", "mxfp4", "h100-sxm-80gb");
  const Estimate e = estimate(s);
  const double experts = 24.0 * 32 * (3 * 2880 * 2880 + 3 * 2880);
  CHECK(e.params.routed_experts == experts);
  CHECK(e.memory.weights_bytes ==
        Approx(experts * 4.25 / 8 + (e.params.total - experts) * 2).epsilon(1e-9));
  CHECK(e.memory.weights_bytes / 1e9 == Approx(13.8).margin(0.1));  // the checkpoint's files
  // A dense model has no experts: the format applies to every linear layer as before.
  CHECK(weights_bytes(count_params(model("llama-3-8b")), format("mxfp4")) < 8.1e9 * 2 * 0.5);
}
