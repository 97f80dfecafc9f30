// normalize(): derived defaults; validate(): problems that make a scenario meaningless, each
// message starting with the request field it is about (camelCase, as in the JS contract).
#include "sizer/scenario.hpp"

#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>

#include "engine_internal.hpp"
#include "sizer/communication.hpp"
#include "sizer/enums.hpp"
#include "sizer/hosts.hpp"
#include "sizer/layers.hpp"
#include "sizer/layouts.hpp"
#include "sizer/params.hpp"
#include "sizer/training_math.hpp"
#include "sizer/vision.hpp"

namespace sizer {

int total_gpus(const Scenario& s) {
  return std::max(1, s.hardware.gpus_per_node) * std::max(1, s.hardware.nodes);
}

int billed_gpus(const Scenario& s) {
  const bool rollouts = s.mode == Mode::training && rl_workload(s.training).rollouts;
  return total_gpus(s) + (rollouts ? std::max(0, s.training.rollout_gpus) : 0);
}

std::string validation_message(const Scenario& normalized) {
  std::string message;
  for (const std::string& p : validate(normalized)) message += (message.empty() ? "" : "; ") + p;
  return message;
}

int derived_data_parallel(const Scenario& s) {
  const long long split = static_cast<long long>(std::max(1, s.parallel.tensor)) *
                          std::max(1, s.parallel.pipeline) * std::max(1, s.parallel.context);
  return static_cast<int>(std::max(1LL, total_gpus(s) / split));
}

int gradient_sync_ranks(const Scenario& s) {
  return std::max(1, s.parallel.data) * std::max(1, s.parallel.context);
}

int zero_shard_ranks(const Scenario& s) {
  const int data = std::max(1, s.parallel.data);
  const int group = s.training.shard_group > 0 ? std::min(s.training.shard_group, data) : data;
  return group * std::max(1, s.parallel.context);
}

int replica_batch(const Scenario& s) {
  const int replicas = std::max(1, s.parallel.data);
  const int batch = std::max(1, s.inference.batch);
  return batch / replicas + (batch % replicas != 0 ? 1 : 0);
}

namespace {

EngineSetup engine_setup(const Scenario& s) {
  EngineSetup setup;
  setup.gpu_memory_bytes = s.hardware.gpu.memory_capacity_bytes;
  setup.gpu_is_a100 = s.hardware.gpu.id.find("a100") != std::string::npos;
  setup.gpu_is_intel = s.hardware.gpu.vendor == "Intel" && !is_cpu(s.hardware.gpu);
  const auto vulkan = s.assumption_overrides.find("llamaCppVulkan");
  setup.llama_cpp_vulkan = vulkan != s.assumption_overrides.end() && vulkan->second >= 0.5;
  setup.tensor_ranks = std::max(1, s.parallel.tensor);
  setup.world_size = setup.tensor_ranks * std::max(1, s.parallel.pipeline);
  return setup;
}

}  // namespace

Assumptions profile_defaults(const Scenario& s) {
  return default_assumptions(
      s.inference.engine,
      s.mode == Mode::training ? s.training.framework : TrainingFramework::generic,
      engine_setup(s));
}

void apply_assumption_profile(Scenario& s) {
  s.assumptions = profile_defaults(s);
  for (const auto& [key, value] : s.assumption_overrides) set_assumption(s.assumptions, key, value);
}

void apply_engine_setup_defaults(Scenario& s) {
  apply_setup_rules(s.assumptions, s.inference.engine, engine_setup(s), s.assumption_overrides);
}

Scenario normalize(Scenario s) {
  s.model = normalize_model(std::move(s.model));
  if (s.hardware.cpu_only) {
    // One device, the host itself: every layer and the KV cache are in "device" memory.
    s.hardware.gpu = cpu_device(s.hardware.host);
    s.inference.gpu_layers = -1;
    s.inference.kv_cache_in_host_memory = false;
  }
  s.hardware.gpus_per_node = std::max(1, s.hardware.gpus_per_node);
  s.hardware.nodes = std::max(1, s.hardware.nodes);
  s.parallel.tensor = std::max(1, s.parallel.tensor);
  s.parallel.pipeline = std::max(1, s.parallel.pipeline);
  s.parallel.context = std::max(1, s.parallel.context);
  if (s.parallel.data <= 0) s.parallel.data = derived_data_parallel(s);
  apply_assumption_profile(s);
  s.resolved_weights = find_format(s.weights_format);
  s.resolved_kv = find_format(s.kv_cache_format);
  return s;
}

namespace {

// Context parallel splits each sequence into 2 x cp chunks, rank r taking chunks r and 2cp - 1 - r
// so that every rank does the same causal attention work (Megatron-Core, torchtitan): the
// sequence must divide into them, and attention must be a fused kernel working on blocks.
std::vector<std::string> context_parallel_problems(const Scenario& s) {
  std::vector<std::string> problems;
  const int cp = s.parallel.context;
  if (cp < 1) problems.push_back("contextParallel: must be at least 1");
  if (cp <= 1) return problems;
  if (s.mode != Mode::training) {
    problems.push_back("contextParallel: splits training sequences; inference takes 1");
    return problems;
  }
  if (s.training.seq_len % (2LL * cp) != 0) {
    problems.push_back("contextParallel: 2 x " + std::to_string(cp) +
                       " must divide training.seqLen (" + std::to_string(s.training.seq_len) + ")");
  }
  if (!s.training.flash_attention) {
    problems.push_back(
        "contextParallel: ring attention runs on fused (FlashAttention) kernels; turn on "
        "training.flashAttention");
  }
  const long long split = static_cast<long long>(std::max(1, s.parallel.tensor)) *
                          std::max(1, s.parallel.pipeline) * cp;
  if (total_gpus(s) % split != 0) {
    problems.push_back("contextParallel: tensor x pipeline x context (" + std::to_string(split) +
                       ") must divide the GPU count (" + std::to_string(total_gpus(s)) + ")");
  }
  return problems;
}

bool arch_has(const std::string& arch, const char* word) {
  std::string lower = arch;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return lower.find(word) != std::string::npos;
}

}  // namespace

std::vector<std::string> validate(const Scenario& s) {
  std::vector<std::string> problems;
  const ModelArch& m = s.model;
  const int tp = s.parallel.tensor;
  const int pp = s.parallel.pipeline;
  const int gpus = total_gpus(s);
  if (m.hidden_size <= 0) problems.push_back("model.hiddenSize: must be positive");
  if (m.num_layers <= 0) problems.push_back("model.numLayers: must be positive");
  // Attention-free stacks (Mamba, Mamba-2) have no heads; every other model needs them.
  if (m.num_heads <= 0 && attention_layer_count(m) > 0) {
    problems.push_back("model.numHeads: must be positive");
  }
  if (m.vocab_size <= 0) problems.push_back("model.vocabSize: must be positive");
  if (std::string layers = layer_pattern_problem(m); !layers.empty()) problems.push_back(layers);
  const ActivationPrecision act = s.inference.activations;
  if (s.mode == Mode::inference &&
      (act == ActivationPrecision::fp8 || act == ActivationPrecision::int8)) {
    const NumberFormat* wf = find_format(s.weights_format);
    if (wf != nullptr && wf->bits_per_weight > 8.5) {
      problems.push_back(std::string("activations: ") + enum_id(act) +
                         " activations need weights of 8 bits or fewer (W8A8, W4A8); " +
                         s.weights_format + " has " + std::to_string(int(wf->bits_per_weight)));
    }
  }
  if (m.num_kv_heads > 0 && m.num_heads > 0 && m.num_heads % m.num_kv_heads != 0) {
    problems.push_back("model.numKeyValueHeads: must divide the attention heads");
  }
  if (tp < 1) problems.push_back("tensorParallel: must be at least 1");
  if (pp < 1) problems.push_back("pipelineParallel: must be at least 1");
  if (tp >= 1 && pp >= 1) {
    // 64-bit products: requests may carry large (range-checked) degrees.
    const long long model_split = static_cast<long long>(tp) * pp;
    if (gpus % model_split != 0) {
      problems.push_back("tensorParallel: tensorParallel x pipelineParallel (" +
                         std::to_string(model_split) + ") must divide the GPU count (" +
                         std::to_string(gpus) + ")");
    }
    if (m.num_heads > 0 && m.num_heads % tp != 0) {
      problems.push_back("tensorParallel: " + std::to_string(tp) + " must divide the " +
                         std::to_string(m.num_heads) + " attention heads");
    }
    if (recurrent_layer_count(m) > 0 && m.recurrent_heads > 0 &&
        (m.recurrent_heads % tp != 0 || m.recurrent_groups % tp != 0)) {
      problems.push_back("tensorParallel: " + std::to_string(tp) +
                         " must divide the recurrent layers' heads (" +
                         std::to_string(m.recurrent_heads) + ") and groups (" +
                         std::to_string(m.recurrent_groups) + ")");
    }
    const int kv = m.num_kv_heads > 0 ? m.num_kv_heads : m.num_heads;
    if (kv > 0 && m.attention == AttentionKind::standard && kv % tp != 0 && tp % kv != 0) {
      problems.push_back("tensorParallel: " + std::to_string(tp) + " and the " +
                         std::to_string(kv) + " KV heads must divide one another");
    }
    const long long cp = std::max(1, s.parallel.context);
    if (s.parallel.data > 0 && s.parallel.data * model_split * cp != gpus) {
      problems.push_back(std::string("dataParallel: tensor x pipeline x ") +
                         (cp > 1 ? "context x " : "") + "data (" +
                         std::to_string(s.parallel.data * model_split * cp) +
                         ") must equal the GPU count (" + std::to_string(gpus) + ")");
    }
    if (m.num_layers > 0 && pp > m.num_layers) {
      problems.push_back("pipelineParallel: more stages than layers");
    }
    const int ep = s.parallel.expert;
    if (ep < 1) problems.push_back("expertParallel: must be at least 1");
    if (ep > 1 && m.num_experts <= 0) {
      problems.push_back("expertParallel: the model has no routed experts");
    } else if (ep > 1 && m.num_experts % ep != 0) {
      problems.push_back("expertParallel: " + std::to_string(ep) + " must divide the " +
                         std::to_string(m.num_experts) + " experts");
    }
    const long long data = s.parallel.data > 0 ? s.parallel.data : gpus / (model_split * cp);
    if (ep > 1 && data % ep != 0) {
      problems.push_back("expertParallel: " + std::to_string(ep) +
                         " must divide the data-parallel degree (" + std::to_string(data) + ")");
    }
    const int v = s.parallel.virtual_stages;
    if (v < 1) problems.push_back("virtualPipelineStages: must be at least 1");
    if (v > 1 && pp < 2) {
      problems.push_back("virtualPipelineStages: needs pipelineParallel of 2 or more");
    } else if (v > 1 && m.num_layers > 0 && m.num_layers % (static_cast<long long>(pp) * v) != 0) {
      problems.push_back("virtualPipelineStages: pipeline x virtual stages (" +
                         std::to_string(static_cast<long long>(pp) * v) + ") must divide the " +
                         std::to_string(m.num_layers) + " layers");
    }
  }
  for (const std::string& p : context_parallel_problems(s)) problems.push_back(p);
  if (s.mode == Mode::inference) {
    if (s.inference.batch < 1) problems.push_back("batch: must be at least 1");
    if (s.inference.prompt_tokens < 1) problems.push_back("promptTokens: must be at least 1");
    if (s.inference.output_tokens < 0) problems.push_back("outputTokens: must not be negative");
  } else {
    if (s.training.micro_batch < 1) problems.push_back("training.microBatch: must be at least 1");
    if (s.training.seq_len < 1) problems.push_back("training.seqLen: must be at least 1");
    if (s.training.grad_accumulation < 1) {
      problems.push_back("training.gradAccumulation: must be at least 1");
    }
    if (!(s.training.tokens > 0)) problems.push_back("training.tokens: must be positive");
    if (s.training.zero_stage < 0 || s.training.zero_stage > 3) {
      problems.push_back("training.zeroStage: must be 0, 1, 2 or 3");
    }
    const bool rollouts = rl_workload(s.training).rollouts;
    if (rollouts &&
        (s.training.completion_tokens < 1 || s.training.completion_tokens >= s.training.seq_len)) {
      problems.push_back("training.completionTokens: rollouts generate from 1 to seqLen - 1 (" +
                         std::to_string(s.training.seq_len - 1) + ") tokens after the prompt");
    }
    const int rollout_gpus = s.training.rollout_gpus;
    if (rollout_gpus < 0) {
      problems.push_back("training.rolloutGpus: must not be negative");
    } else if (rollout_gpus > 0 && !rollouts) {
      problems.push_back(
          "training.rolloutGpus: only PPO and GRPO generate rollouts; use 0 with sft or dpo");
    } else if (rollout_gpus > 0) {
      const std::vector<int> degrees = valid_tensor_degrees(m, rollout_gpus);
      if (std::find(degrees.begin(), degrees.end(), rollout_gpus) == degrees.end()) {
        problems.push_back(
            "training.rolloutGpus: the rollout engine splits the model tensor-"
            "parallel over its " +
            std::to_string(rollout_gpus) + " GPUs, which must divide the attention and KV heads (" +
            std::to_string(m.num_heads) + ", " + std::to_string(m.num_kv_heads) + ")");
      }
    }
    const int group = s.training.shard_group;
    const long long data_ranks = s.parallel.data > 0
                                     ? s.parallel.data
                                     : gpus / (static_cast<long long>(std::max(1, tp)) *
                                               std::max(1, pp) * std::max(1, s.parallel.context));
    if (group < 0) problems.push_back("training.shardGroup: must not be negative");
    if (group > 0 && s.training.zero_stage < 1) {
      problems.push_back(
          "training.shardGroup: shards ZeRO / FSDP states; needs zeroStage 1 or more");
    } else if (group > 0 && data_ranks % group != 0) {
      problems.push_back("training.shardGroup: " + std::to_string(group) +
                         " must divide the data-parallel degree (" + std::to_string(data_ranks) +
                         ")");
    }
    if (s.training.offload_to_nvme && !s.training.offload_optimizer && !s.training.offload_params) {
      problems.push_back(
          "training.offloadNvme: puts offloaded states on NVMe; turn on training.offload or "
          "training.offloadParams");
    }
    if (s.training.method != TrainingMethod::full && s.training.lora_rank < 1) {
      problems.push_back("training.loraRank: must be at least 1");
    }
  }
  if (s.hardware.cpu_only) {
    if (s.mode == Mode::training) {
      problems.push_back("gpu: CPU-only (\"cpu\") runs inference only; pick a GPU to train");
    }
    if (gpus != 1) {
      problems.push_back("gpuCount: a CPU-only run has one device (the host), not " +
                         std::to_string(gpus));
    }
  }
  if (find_format(s.weights_format) == nullptr) {
    problems.push_back("weights: unknown format '" + s.weights_format + "'");
  }
  if (s.mode == Mode::inference && find_format(s.kv_cache_format) == nullptr) {
    problems.push_back("kvCache: unknown format '" + s.kv_cache_format + "'");
  }
  if (!(s.hardware.gpu.memory_capacity_bytes > 0)) {
    problems.push_back(s.hardware.cpu_only ? "host.ramGB: must be positive"
                                           : "gpu: memory capacity must be positive");
  }
  // Every speed figure divides by the bandwidth: a card without one would look infinitely fast.
  if (!(s.hardware.gpu.memory_bandwidth_gb_per_s > 0)) {
    problems.push_back(s.hardware.cpu_only ? "host.bandwidthGBs: must be positive"
                                           : "gpu.memoryBandwidthGbPerS: must be positive");
  }
  return problems;
}

// Warnings: the scenario runs, but a choice is slow or unsupported on this card.
// What an engine that loads only its own files loads (docs/METHOD.md, "Engine profiles"):
// llama.cpp (and Ollama) read GGUF files (README: "llama.cpp requires the model to be stored in
// the GGUF file format"; a plain 16-bit choice stands for GGUF F16 / BF16, MXFP4 and NVFP4 are
// GGUF types of ggml-common.h), ExLlamaV2 loads EXL2 and GPTQ checkpoints and 16-bit ones
// (README), MLC LLM runs weights converted by `mlc_llm convert_weight` (q0f16 / q0bf16 / q0f32,
// q4f16_1, q4f16_awq from AWQ checkpoints), and AutoAWQ's fused modules run AWQ checkpoints
// (from_quantized; a 16-bit model is only its input for quantization). Null when the engine loads
// `f` or loads any file.
namespace {

struct EngineFiles {
  const char* warning_id;
  const char* loads;
};

const EngineFiles* files_engine_cannot_load(Engine engine, const NumberFormat& f) {
  static const EngineFiles llama_cpp{"engine-format-llama-cpp", "GGUF files"};
  static const EngineFiles exllamav2{"engine-format-exllamav2", "EXL2 and GPTQ files (or 16-bit)"};
  static const EngineFiles mlc{"engine-format-mlc",
                               "weights converted by mlc_llm (q0f16, q4f16_1, q4f16_awq)"};
  static const EngineFiles autoawq{"engine-format-autoawq", "AWQ checkpoints"};
  const FormatFamily family = f.family;
  if (engine == Engine::autoawq) return family == FormatFamily::awq ? nullptr : &autoawq;
  if (family == FormatFamily::plain) return nullptr;  // every other one loads 16-bit weights
  if (engine_profile_base(engine) == Engine::llama_cpp) {
    const bool gguf_type =
        family == FormatFamily::gguf || family == FormatFamily::mxfp4 || f.id == "nvfp4";
    return gguf_type ? nullptr : &llama_cpp;
  }
  if (engine == Engine::exllamav2) {
    return family == FormatFamily::exl2 || family == FormatFamily::gptq ? nullptr : &exllamav2;
  }
  if (engine == Engine::mlc) {
    return family == FormatFamily::awq || f.id == "mlc-q4f16_1" ? nullptr : &mlc;
  }
  return nullptr;
}

}  // namespace

std::vector<Warning> scenario_warnings(const Scenario& s) {
  std::vector<Warning> w;
  const Gpu& g = s.hardware.gpu;
  const int tp = s.parallel.tensor;
  if (tp > s.hardware.gpus_per_node) {
    w.push_back({"tp-spans-nodes",
                 {std::to_string(tp), std::to_string(s.hardware.gpus_per_node)},
                 "tensorParallel: " + std::to_string(tp) + " spans nodes (" +
                     std::to_string(s.hardware.gpus_per_node) +
                     " GPUs per node); every layer's all-reduce crosses the inter-node link"});
  } else if (tp > 1 && intra_node_link_path(g, tp) == LinkPath::host_staged) {
    const double latency_us = ring_latency_seconds(s.hardware, s.assumptions, tp, tp, 2) * 1e6;
    w.push_back({"tp-through-host",
                 {g.name, fmt_num(latency_us)},
                 "tensorParallel: " + g.name +
                     " has neither NVLink between these cards nor PCIe peer access; each "
                     "tensor-parallel all-reduce goes through host memory (about " +
                     fmt_num(latency_us) + " us)"});
  } else if (tp > 1 && !g.has_nvlink) {
    w.push_back(
        {"tp-without-nvlink",
         {g.name},
         "tensorParallel: " + g.name + " has no NVLink; tensor-parallel all-reduces go over PCIe"});
  } else if (tp > 1 && g.nvlink_domain_gpus > 0 && tp > g.nvlink_domain_gpus) {
    w.push_back({"tp-beyond-nvlink-domain",
                 {std::to_string(tp), g.name, std::to_string(g.nvlink_domain_gpus)},
                 "tensorParallel: " + std::to_string(tp) + " spans more than the " +
                     std::to_string(g.nvlink_domain_gpus) + " " + g.name +
                     " GPUs one NVLink domain joins; its all-reduces go over PCIe"});
  }
  const NumberFormat* wf = find_format(s.weights_format);
  const NumberFormat* kf = find_format(s.kv_cache_format);
  auto uses = [&](ComputeType dtype) {
    return (wf != nullptr && wf->compute_dtype == dtype) ||
           (s.mode == Mode::inference && kf != nullptr && kf->id.find(enum_id(dtype)) == 0);
  };
  if (uses(ComputeType::fp8) && !g.supports_fp8) {
    w.push_back({"no-fp8",
                 {g.name},
                 "weights: " + g.name +
                     " has no FP8 tensor cores; FP8 runs as weight-only (upcast to 16-bit)"});
  }
  const ActivationPrecision act = s.inference.activations;
  const bool fp8_act = act == ActivationPrecision::fp8 && !g.supports_fp8;
  const bool int8_act = act == ActivationPrecision::int8 && !(g.int8_tensor_tops > 0);
  if (s.mode == Mode::inference && (fp8_act || int8_act)) {
    const std::string kind = fp8_act ? "FP8" : "INT8";
    w.push_back({"activations-unsupported",
                 {g.name, kind},
                 "activations: " + g.name + " has no " + kind +
                     " tensor cores; the matmuls run at its 16-bit peak"});
  }
  // Only a BF16 format asks for BF16 tensor cores: FP16 weights (and FP16 mixed precision with
  // loss scaling, what V100/T4 training uses) run on FP16 ones.
  const bool bf16 =
      s.weights_format.find("bf16") != std::string::npos ||
      (s.mode == Mode::inference && s.kv_cache_format.find("bf16") != std::string::npos);
  if (bf16 && !g.supports_bf16 && g.vendor == "NVIDIA") {
    w.push_back(
        {"no-bf16",
         {g.name, g.architecture},
         "weights: " + g.name + " has no BF16 tensor cores (" + g.architecture + "); use FP16"});
  }
  const bool wants_flash = s.mode == Mode::training
                               ? s.training.flash_attention
                               : s.assumptions.prefill_materializes_scores < 0.5;
  if (wants_flash && !g.supports_flash_attention_2 && g.vendor == "NVIDIA" &&
      (arch_has(g.architecture, "volta") || arch_has(g.architecture, "turing"))) {
    // What the numbers assume: PyTorch's SDPA / xformers memory-efficient kernels still run on
    // sm70/sm75 and keep no score matrix, so only the speed of attention differs.
    w.push_back({"no-flash-attention",
                 {g.name},
                 "flashAttention: FlashAttention-2 does not run on " + g.name +
                     "; PyTorch falls back to its memory-efficient attention (xformers / SDPA), "
                     "which keeps no score matrix but runs slower"});
  }
  if (s.mode == Mode::training && s.training.method == TrainingMethod::full && wf != nullptr &&
      wf->bits_per_weight < 16) {
    w.push_back({"full-training-needs-float",
                 {wf->name},
                 "weights: " + wf->name +
                     " weights cannot carry gradients; full training keeps BF16 weights, "
                     "gradients and optimizer states (8 bytes per parameter with AdamW, 6 with "
                     "8-bit AdamW). The seed's 1-byte arithmetic is shown as its rule of thumb"});
  }
  if (s.mode == Mode::inference && wf != nullptr) {
    if (const EngineFiles* files = files_engine_cannot_load(s.inference.engine, *wf)) {
      w.push_back({files->warning_id,
                   {wf->name},
                   "weights: " + std::string(enum_entry(s.inference.engine).label) + " loads " +
                       files->loads + "; " + wf->name +
                       " is not one of them, so the figures are for a file it cannot run"});
    }
  }
  // Context beyond what the model was trained for: it runs only with RoPE scaling (YaRN, linear
  // or NTK) by the ratio, which the numbers here do not model.
  const double context = s.mode == Mode::inference
                             ? double(prompt_tokens_with_images(s)) + s.inference.output_tokens
                             : double(s.training.seq_len);
  const int trained = s.model.max_position_embeddings;
  if (trained > 0 && context > trained) {
    char factor[32];
    std::snprintf(factor, sizeof factor, "%.1f", context / trained);
    w.push_back({"context-beyond-model",
                 {std::to_string(static_cast<long long>(context)), std::to_string(trained), factor},
                 std::string(s.mode == Mode::inference ? "promptTokens" : "training.seqLen") +
                     ": " + std::to_string(static_cast<long long>(context)) +
                     " tokens exceed the model's trained context of " + std::to_string(trained) +
                     "; it needs RoPE scaling by " + factor +
                     "x (YaRN / linear), and quality drops beyond the trained length"});
  }
  return w;
}

}  // namespace sizer
