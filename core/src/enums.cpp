// The enum tables (see enums.hpp). The order of each table is the order the UI lists the choices.
#include "sizer/enums.hpp"

#include "sizer/estimate.hpp"
#include "sizer/sweep.hpp"

namespace sizer {

template <>
const std::vector<EnumEntry<Mode>>& enum_entries<Mode>() {
  static const std::vector<EnumEntry<Mode>> t = {
      {Mode::inference, "inference", "mode.inference", "Inference"},
      {Mode::training, "training", "mode.training", "Training"}};
  return t;
}

template <>
const std::vector<EnumEntry<TrainingMethod>>& enum_entries<TrainingMethod>() {
  static const std::vector<EnumEntry<TrainingMethod>> t = {
      {TrainingMethod::full, "full", "method.full", "Full fine-tune"},
      {TrainingMethod::lora, "lora", "method.lora", "LoRA"},
      {TrainingMethod::qlora, "qlora", "method.qlora", "QLoRA"}};
  return t;
}

template <>
const std::vector<EnumEntry<Optimizer>>& enum_entries<Optimizer>() {
  static const std::vector<EnumEntry<Optimizer>> t = {
      {Optimizer::adamw, "adamw", "opt.adamw", "AdamW"},
      {Optimizer::adamw_8bit, "adamw-8bit", "opt.adamw_8bit", "AdamW 8-bit"},
      {Optimizer::sgd, "sgd", "opt.sgd", "SGD with momentum"},
      {Optimizer::adafactor, "adafactor", "opt.adafactor", "Adafactor"}};
  return t;
}

template <>
const std::vector<EnumEntry<TrainingObjective>>& enum_entries<TrainingObjective>() {
  static const std::vector<EnumEntry<TrainingObjective>> t = {
      {TrainingObjective::sft, "sft", "objective.sft", "Supervised (SFT)"},
      {TrainingObjective::dpo, "dpo", "objective.dpo", "DPO (preference pairs)"},
      {TrainingObjective::ppo, "ppo", "objective.ppo", "PPO (actor, critic, reward, reference)"},
      {TrainingObjective::grpo, "grpo", "objective.grpo", "GRPO (groups of rollouts)"}};
  return t;
}

template <>
const std::vector<EnumEntry<Recompute>>& enum_entries<Recompute>() {
  static const std::vector<EnumEntry<Recompute>> t = {
      {Recompute::none, "none", "recompute.none", "None"},
      {Recompute::selective, "selective", "recompute.selective", "Selective"},
      {Recompute::full, "full", "recompute.full", "Full (gradient checkpointing)"}};
  return t;
}

template <>
const std::vector<EnumEntry<PriceBasis>>& enum_entries<PriceBasis>() {
  static const std::vector<EnumEntry<PriceBasis>> t = {
      {PriceBasis::gpu_cloud, "gpu-cloud", "price.gpu_cloud", "GPU cloud (on demand)"},
      {PriceBasis::hyperscaler, "hyperscaler", "price.hyperscaler", "Hyperscaler (on demand)"},
      {PriceBasis::marketplace, "marketplace", "price.marketplace", "Marketplace"},
      {PriceBasis::own, "own", "price.own", "Owned (purchase + power)"}};
  return t;
}

template <>
const std::vector<EnumEntry<Engine>>& enum_entries<Engine>() {
  static const std::vector<EnumEntry<Engine>> t = {
      {Engine::generic, "generic", "engine.generic", "Generic"},
      {Engine::vllm, "vllm", "engine.vllm", "vLLM"},
      {Engine::llama_cpp, "llama.cpp", "engine.llama_cpp", "llama.cpp"},
      {Engine::transformers, "transformers", "engine.transformers", "HF Transformers"},
      {Engine::sglang, "sglang", "engine.sglang", "SGLang"},
      {Engine::tensorrt_llm, "tensorrt-llm", "engine.tensorrt_llm", "TensorRT-LLM"},
      {Engine::ollama, "ollama", "engine.ollama", "Ollama"},
      {Engine::mlc, "mlc", "engine.mlc", "MLC LLM"},
      {Engine::exllamav2, "exllamav2", "engine.exllamav2", "ExLlamaV2"},
      {Engine::autoawq, "autoawq", "engine.autoawq", "AutoAWQ (fused)"}};
  return t;
}

template <>
const std::vector<EnumEntry<TrainingFramework>>& enum_entries<TrainingFramework>() {
  static const std::vector<EnumEntry<TrainingFramework>> t = {
      {TrainingFramework::generic, "generic", "framework.generic", "Generic"},
      {TrainingFramework::transformers, "transformers", "framework.transformers",
       "HF Transformers + PEFT/TRL"},
      {TrainingFramework::unsloth, "unsloth", "framework.unsloth", "Unsloth"},
      {TrainingFramework::torchtune, "torchtune", "framework.torchtune", "torchtune"},
      {TrainingFramework::torchtitan, "torchtitan", "framework.torchtitan", "torchtitan (FSDP2)"},
      {TrainingFramework::megatron, "megatron", "framework.megatron", "Megatron-LM / NeMo"},
      {TrainingFramework::deepspeed, "deepspeed", "framework.deepspeed", "DeepSpeed"},
      {TrainingFramework::litgpt, "litgpt", "framework.litgpt", "LitGPT"}};
  return t;
}

template <>
const std::vector<EnumEntry<ComputeType>>& enum_entries<ComputeType>() {
  static const std::vector<EnumEntry<ComputeType>> t = {
      {ComputeType::fp16, "fp16", "compute.fp16", "FP16 tensor cores"},
      {ComputeType::bf16, "bf16", "compute.bf16", "BF16 tensor cores"},
      {ComputeType::fp8, "fp8", "compute.fp8", "FP8 tensor cores"},
      {ComputeType::int8, "int8", "compute.int8", "INT8 tensor cores"},
      {ComputeType::fp4, "fp4", "compute.fp4", "FP4 tensor cores"},
      {ComputeType::fp32, "fp32", "compute.fp32", "FP32 (no tensor cores)"}};
  return t;
}

template <>
const std::vector<EnumEntry<FormatFamily>>& enum_entries<FormatFamily>() {
  static const std::vector<EnumEntry<FormatFamily>> t = {
      {FormatFamily::plain, "plain", "family.plain", "Plain floating point"},
      {FormatFamily::gguf, "gguf", "family.gguf", "GGUF (llama.cpp)"},
      {FormatFamily::gptq, "gptq", "family.gptq", "GPTQ"},
      {FormatFamily::awq, "awq", "family.awq", "AWQ"},
      {FormatFamily::bnb, "bnb", "family.bnb", "bitsandbytes"},
      {FormatFamily::fp8, "fp8", "family.fp8", "FP8"},
      {FormatFamily::mxfp4, "mxfp4", "family.mxfp4", "MXFP4"},
      {FormatFamily::exl2, "exl2", "family.exl2", "EXL2 (ExLlamaV2)"},
      {FormatFamily::hqq, "hqq", "family.hqq", "HQQ"},
      {FormatFamily::other, "other", "family.other", "Other"},
      {FormatFamily::exl3, "exl3", "family.exl3", "EXL3 (ExLlamaV3)"}};
  return t;
}

template <>
const std::vector<EnumEntry<ActivationPrecision>>& enum_entries<ActivationPrecision>() {
  static const std::vector<EnumEntry<ActivationPrecision>> t = {
      {ActivationPrecision::automatic, "auto", "activations.auto", "As the weight format"},
      {ActivationPrecision::bf16, "bf16", "activations.bf16", "BF16"},
      {ActivationPrecision::fp16, "fp16", "activations.fp16", "FP16"},
      {ActivationPrecision::fp8, "fp8", "activations.fp8", "FP8 (W8A8 / W4A8)"},
      {ActivationPrecision::int8, "int8", "activations.int8", "INT8 (W8A8 / W4A8)"}};
  return t;
}

template <>
const std::vector<EnumEntry<AttentionKind>>& enum_entries<AttentionKind>() {
  static const std::vector<EnumEntry<AttentionKind>> t = {
      {AttentionKind::standard, "standard", "attention.standard", "Multi-head / GQA"},
      {AttentionKind::mla, "mla", "attention.mla", "Multi-head latent (MLA)"}};
  return t;
}

template <>
const std::vector<EnumEntry<RecurrentKind>>& enum_entries<RecurrentKind>() {
  static const std::vector<EnumEntry<RecurrentKind>> t = {
      {RecurrentKind::none, "none", "recurrent.none", "None"},
      {RecurrentKind::gated_deltanet, "gated-deltanet", "recurrent.gated_deltanet",
       "Gated DeltaNet"},
      {RecurrentKind::mamba2, "mamba2", "recurrent.mamba2", "Mamba-2"},
      {RecurrentKind::mamba, "mamba", "recurrent.mamba", "Mamba"}};
  return t;
}

template <>
const std::vector<EnumEntry<Bottleneck>>& enum_entries<Bottleneck>() {
  static const std::vector<EnumEntry<Bottleneck>> t = {
      {Bottleneck::memory_capacity, "memory-capacity", "res.bound.memory-capacity",
       "Memory capacity"},
      {Bottleneck::memory_bandwidth, "memory-bandwidth", "res.bound.memory-bandwidth",
       "Memory bandwidth"},
      {Bottleneck::compute, "compute", "res.bound.compute", "Compute"},
      {Bottleneck::communication, "communication", "res.bound.communication", "Communication"},
      {Bottleneck::host_offload, "host-offload", "res.bound.host-offload", "Host offload"}};
  return t;
}

template <>
const std::vector<EnumEntry<Measurement>>& enum_entries<Measurement>() {
  static const std::vector<EnumEntry<Measurement>> t = {
      {Measurement::peak_memory_bytes, "peakMemoryBytes", "cal.kind_memory",
       "Peak GPU memory (nvidia-smi)"},
      {Measurement::decode_tokens_per_second, "decodeTokensPerSecond", "cal.kind_decode",
       "Decode tokens/s"}};
  return t;
}

}  // namespace sizer
