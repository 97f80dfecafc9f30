// The request field table (see request_fields.hpp). Ranges are far beyond any real run; they only
// keep products inside int and double precision.
#include "sizer/request_fields.hpp"

#include <algorithm>
#include <utility>

#include "sizer/enums.hpp"

namespace sizer {
namespace {

constexpr double kMaxDim = 1 << 20;
constexpr double kMaxCount = 1 << 16;
constexpr double kMaxTokens = 1 << 27;  // 134M tokens of context
constexpr double kMaxBatch = 1 << 20;

using R = RequestField;
using Shape = RequestFieldShape;

R whole(const char* group, const char* key, int& (*ref)(Scenario&), double min, double max,
        const char* unit, const char* doc) {
  return {group,
          key,
          Shape::scalar,
          FieldType::integer,
          ref,
          nullptr,
          nullptr,
          nullptr,
          nullptr,
          nullptr,
          nullptr,
          min,
          max,
          unit,
          doc};
}
R real(const char* group, const char* key, double& (*ref)(Scenario&), double min, double max,
       const char* unit, const char* doc) {
  return {group,   key,     Shape::scalar, FieldType::number, nullptr, ref, nullptr,
          nullptr, nullptr, nullptr,       nullptr,           min,     max, unit,
          doc};
}
R flag(const char* group, const char* key, bool& (*ref)(Scenario&), const char* doc) {
  return {group,
          key,
          Shape::scalar,
          FieldType::boolean,
          nullptr,
          nullptr,
          ref,
          nullptr,
          nullptr,
          nullptr,
          nullptr,
          0,
          0,
          "",
          doc};
}
R text(const char* group, const char* key, std::string& (*ref)(Scenario&), const char* doc) {
  return {group, key,     Shape::scalar, FieldType::text, nullptr, nullptr, nullptr,
          ref,   nullptr, nullptr,       nullptr,         0,       0,       "",
          doc};
}
R special(const char* group, const char* key, Shape shape, FieldType type, double min, double max,
          const char* unit, const char* doc) {
  return {group,   key,     shape,   type, nullptr, nullptr, nullptr, nullptr,
          nullptr, nullptr, nullptr, min,  max,     unit,    doc};
}
template <class E, E& (*Ref)(Scenario&)>
R choice(const char* group, const char* key, const char* doc) {
  return {group,
          key,
          Shape::scalar,
          FieldType::choice,
          nullptr,
          nullptr,
          nullptr,
          nullptr,
          [](const Scenario& s) { return enum_id(Ref(const_cast<Scenario&>(s))); },
          [](Scenario& s, std::string_view id) { return parse_enum(id, Ref(s)); },
          &enum_accepted_ids<E>,
          0,
          0,
          "",
          doc};
}

Mode& mode_of(Scenario& s) { return s.mode; }
Engine& engine_of(Scenario& s) { return s.inference.engine; }
ActivationPrecision& activations_of(Scenario& s) { return s.inference.activations; }
TrainingMethod& method_of(Scenario& s) { return s.training.method; }
TrainingObjective& objective_of(Scenario& s) { return s.training.objective; }
Optimizer& optimizer_of(Scenario& s) { return s.training.optimizer; }
Recompute& recompute_of(Scenario& s) { return s.training.recompute; }
TrainingFramework& framework_of(Scenario& s) { return s.training.framework; }
PriceBasis& price_basis_of(Scenario& s) { return s.cost.basis; }

}  // namespace

const std::vector<RequestField>& request_fields() {
  static const std::vector<RequestField> t = {
      choice<Mode, &mode_of>("", "mode", "inference or training"),
      choice<Engine, &engine_of>("", "engine", "engine profile (sets the assumptions' defaults)"),
      special("", "model", Shape::special_object, FieldType::text, 0, 0, "",
              "catalog id, {hfConfig: config.json} or {arch: {...}}"),
      special("", "gpu", Shape::special_object, FieldType::text, 0, 0, "",
              "catalog id, a GPU object (fields of listGpus()), or \"cpu\": the host's CPU"),
      special("", "weights", Shape::special_text, FieldType::text, 0, 0, "",
              "weight format id (listFormats())"),
      special("", "kvCache", Shape::special_text, FieldType::text, 0, 0, "", "KV cache format id"),
      choice<ActivationPrecision, &activations_of>(
          "", "activations",
          "inference: the activations' precision (auto = as the weight format; fp8 / int8 with "
          "8-bit weights W8A8, with 4-bit weights W4A8; bf16 / fp16 weight-only W8A16 / W4A16)"),
      special("", "gpuCount", Shape::special_number, FieldType::integer, 1, kMaxCount, "GPUs",
              "cards in total"),
      special("", "nodes", Shape::special_number, FieldType::integer, 1, kMaxCount, "nodes",
              "machines the cards are spread over (gpuCount must be a multiple)"),
      whole(
          "", "tensorParallel", [](Scenario& s) -> int& { return s.parallel.tensor; }, 1, kMaxCount,
          "", "tensor-parallel degree"),
      whole(
          "", "pipelineParallel", [](Scenario& s) -> int& { return s.parallel.pipeline; }, 1,
          kMaxCount, "", "pipeline stages"),
      whole(
          "", "dataParallel", [](Scenario& s) -> int& { return s.parallel.data; }, 0, kMaxCount, "",
          "replicas; 0 = gpuCount / (tensor x pipeline)"),
      whole(
          "", "expertParallel", [](Scenario& s) -> int& { return s.parallel.expert; }, 1, kMaxCount,
          "", "training: ranks the routed experts are spread over (divides dataParallel)"),
      whole(
          "", "virtualPipelineStages",
          [](Scenario& s) -> int& { return s.parallel.virtual_stages; }, 1, kMaxCount, "",
          "training: model chunks per pipeline stage (interleaved 1F1B)"),
      whole(
          "", "contextParallel", [](Scenario& s) -> int& { return s.parallel.context; }, 1,
          kMaxCount, "",
          "training: ranks each sequence is split over (ring attention); multiplies the GPUs a "
          "replica uses"),
      flag(
          "", "sequenceParallel", [](Scenario& s) -> bool& { return s.parallel.sequence; },
          "Megatron sequence parallel (splits activations by the tensor degree)"),
      whole(
          "", "batch", [](Scenario& s) -> int& { return s.inference.batch; }, 1, kMaxBatch,
          "sequences", "concurrent sequences"),
      whole(
          "", "promptTokens", [](Scenario& s) -> int& { return s.inference.prompt_tokens; }, 0,
          kMaxTokens, "tokens", "prompt length"),
      whole(
          "", "outputTokens", [](Scenario& s) -> int& { return s.inference.output_tokens; }, 0,
          kMaxTokens, "tokens", "generated tokens"),
      whole(
          "", "gpuLayers", [](Scenario& s) -> int& { return s.inference.gpu_layers; }, -1,
          kMaxCount, "layers", "layers on the GPU (llama.cpp -ngl); -1 = all"),
      flag(
          "", "kvInHostMemory",
          [](Scenario& s) -> bool& { return s.inference.kv_cache_in_host_memory; },
          "KV cache in host RAM"),
      flag(
          "", "mmapWeights", [](Scenario& s) -> bool& { return s.inference.mmap_weights; },
          "llama.cpp mmap: weights past the host RAM are read from the disk each step"),
      whole(
          "", "images", [](Scenario& s) -> int& { return s.inference.images; }, 0, 4096, "images",
          "images per sequence (vision-language models)"),
      whole(
          "", "imageWidth", [](Scenario& s) -> int& { return s.inference.image_width; }, 1, 65536,
          "pixels", "image width"),
      whole(
          "", "imageHeight", [](Scenario& s) -> int& { return s.inference.image_height; }, 1, 65536,
          "pixels", "image height"),
      real(
          "", "interNodeGBs", [](Scenario& s) -> double& { return s.hardware.inter_node_gb_per_s; },
          0, 1e6, "GB/s", "per GPU between nodes, one direction (InfiniBand NDR: 50)"),
      text(
          "host", "id", [](Scenario& s) -> std::string& { return s.hardware.host.id; },
          "host profile id (listHosts())"),
      special("host", "ramGB", Shape::special_number, FieldType::number, 0, 1e7, "GB",
              "host RAM, GB as marketed (binary: a 64 GB kit holds 64 GiB)"),
      real(
          "host", "bandwidthGBs",
          [](Scenario& s) -> double& { return s.hardware.host.bandwidth_gb_per_s; }, 0, 1e6, "GB/s",
          "host RAM bandwidth"),
      text(
          "host", "cpu", [](Scenario& s) -> std::string& { return s.hardware.host.cpu_name; },
          "the host's CPU (a label)"),
      whole(
          "host", "cpuCores", [](Scenario& s) -> int& { return s.hardware.host.cpu_cores; }, 1,
          kMaxCount, "cores", "CPU cores the model's threads use"),
      real(
          "host", "cpuFp32Tflops",
          [](Scenario& s) -> double& { return s.hardware.host.cpu_fp32_tflops; }, 0.001, 1e4,
          "TFLOPS", "CPU FP32 vector peak, all cores (16-bit weights)"),
      real(
          "host", "nvmeGBs", [](Scenario& s) -> double& { return s.hardware.host.nvme_gb_per_s; },
          0.01, 1e4, "GB/s", "NVMe read bandwidth (offload, mmap)"),
      real(
          "host", "cpuInt8Tops",
          [](Scenario& s) -> double& { return s.hardware.host.cpu_int8_tops; }, 0.001, 1e5, "TOPS",
          "CPU 8-bit integer dot-product peak, all cores (quantized weights)"),
      real(
          "host", "cpuAmxInt8Tops",
          [](Scenario& s) -> double& { return s.hardware.host.cpu_amx_int8_tops; }, 0, 1e5, "TOPS",
          "Intel AMX INT8 peak, all cores; 0 = no AMX (llama.cpp: Q4_0/Q4_1/Q8_0/K-quants)"),
      real(
          "host", "cpuWatts", [](Scenario& s) -> double& { return s.hardware.host.cpu_watts; }, 0,
          1e5, "W", "CPU rated power (TDP)"),
      choice<PriceBasis, &price_basis_of>("cost", "basis",
                                          "where the $/GPU-hour comes from (core/data/prices.csv)"),
      real(
          "cost", "usdPerGpuHour", [](Scenario& s) -> double& { return s.cost.usd_per_gpu_hour; },
          0, 1e6, "USD/h", "your own quote per card-hour; 0 = from the price table"),
      real(
          "cost", "purchaseUsd", [](Scenario& s) -> double& { return s.cost.purchase_usd; }, 0, 1e8,
          "USD", "your own purchase price per card (owning); 0 = from the price table"),
      real(
          "cost", "ownYears", [](Scenario& s) -> double& { return s.cost.own.years; }, 0.1, 50,
          "years", "owning: years the purchase is spread over"),
      real(
          "cost", "electricityUsdPerKwh",
          [](Scenario& s) -> double& { return s.cost.own.electricity_usd_per_kwh; }, 0, 10,
          "USD/kWh", "owning: electricity price"),
      real(
          "cost", "utilisation", [](Scenario& s) -> double& { return s.cost.own.utilisation; },
          0.01, 1, "", "owning: share of the hours the cards are busy"),
      real(
          "cost", "hostOverhead", [](Scenario& s) -> double& { return s.cost.own.host_overhead; },
          0, 10, "", "owning: host, fans and power supplies as a share of the boards' power"),
      choice<TrainingFramework, &framework_of>(
          "training", "framework", "training framework profile (sets the training assumptions)"),
      choice<TrainingMethod, &method_of>("training", "method", "full, lora or qlora"),
      choice<TrainingObjective, &objective_of>(
          "training", "objective",
          "sft, or preference / RL fine-tuning: dpo (chosen + rejected pairs), ppo (actor, critic, "
          "reward and reference models, rollouts), grpo (rollouts, no critic)"),
      whole(
          "training", "completionTokens",
          [](Scenario& s) -> int& { return s.training.completion_tokens; }, 1, kMaxTokens, "tokens",
          "ppo / grpo: tokens each rollout generates (the prompt is the rest of seqLen)"),
      whole(
          "training", "rolloutGpus", [](Scenario& s) -> int& { return s.training.rollout_gpus; }, 0,
          kMaxCount, "",
          "ppo / grpo: GPUs that generate the rollouts apart from the training GPUs (one engine, "
          "tensor parallel over them); 0 = colocated on the training GPUs"),
      flag(
          "training", "referenceModel",
          [](Scenario& s) -> bool& { return s.training.reference_model; },
          "dpo / ppo / grpo: a frozen reference model scores each sequence; false = none (GRPO "
          "beta 0, DPO with precomputed log-probabilities)"),
      choice<Optimizer, &optimizer_of>("training", "optimizer", "optimizer"),
      choice<Recompute, &recompute_of>("training", "recompute", "activation recomputation"),
      whole(
          "training", "loraRank", [](Scenario& s) -> int& { return s.training.lora_rank; }, 1,
          kMaxDim, "", "LoRA rank"),
      special("training", "loraTargets", Shape::special_list, FieldType::text, 0, 0, "",
              "adapted modules: q, k, v, o, gate, up, down"),
      whole(
          "training", "seqLen", [](Scenario& s) -> int& { return s.training.seq_len; }, 1,
          kMaxTokens, "tokens", "sequence length"),
      whole(
          "training", "microBatch", [](Scenario& s) -> int& { return s.training.micro_batch; }, 1,
          kMaxBatch, "sequences",
          "micro-batch per GPU (dpo: preference pairs, two sequences each)"),
      whole(
          "training", "gradAccumulation",
          [](Scenario& s) -> int& { return s.training.grad_accumulation; }, 1, kMaxBatch, "",
          "micro-batches per optimizer step"),
      whole(
          "training", "zeroStage", [](Scenario& s) -> int& { return s.training.zero_stage; }, 0, 3,
          "",
          "ZeRO / FSDP stage (1 shards the optimizer states: Megatron's distributed optimizer)"),
      whole(
          "training", "shardGroup", [](Scenario& s) -> int& { return s.training.shard_group; }, 0,
          kMaxCount, "",
          "HSDP: ZeRO / FSDP shards over groups of this many data-parallel ranks and replicates "
          "across the groups; 0 = the whole data-parallel group"),
      flag(
          "training", "flashAttention",
          [](Scenario& s) -> bool& { return s.training.flash_attention; },
          "fused attention (no score matrix kept)"),
      flag(
          "training", "offload", [](Scenario& s) -> bool& { return s.training.offload_optimizer; },
          "ZeRO-Offload: optimizer states in CPU RAM"),
      flag(
          "training", "offloadParams",
          [](Scenario& s) -> bool& { return s.training.offload_params; },
          "ZeRO-Infinity parameter offload (stage 3)"),
      flag(
          "training", "offloadNvme",
          [](Scenario& s) -> bool& { return s.training.offload_to_nvme; },
          "ZeRO-Infinity: the offloaded states on NVMe instead of host RAM"),
      flag(
          "training", "mixedPrecision",
          [](Scenario& s) -> bool& { return s.training.mixed_precision; },
          "BF16/FP16 compute with FP32 master weights"),
      real(
          "training", "tokens", [](Scenario& s) -> double& { return s.training.tokens; }, 1, 1e16,
          "tokens", "tokens to train on"),
      special("", "assumptions", Shape::special_object, FieldType::number, 0, 0, "",
              "overrides of the assumptions table (key: value)"),
  };
  return t;
}

std::string request_field_path(const RequestField& f) {
  return *f.group ? std::string(f.group) + "." + f.key : std::string(f.key);
}

const std::vector<const RequestField*>& request_fields_of_group(std::string_view group) {
  static const auto groups = [] {
    std::vector<std::pair<std::string, std::vector<const RequestField*>>> out;
    for (const RequestField& f : request_fields()) {
      auto it =
          std::find_if(out.begin(), out.end(), [&](const auto& g) { return g.first == f.group; });
      if (it == out.end()) it = out.insert(out.end(), {std::string(f.group), {}});
      it->second.push_back(&f);
    }
    return out;
  }();
  static const std::vector<const RequestField*> none;
  for (const auto& [name, fields] : groups) {
    if (name == group) return fields;
  }
  return none;
}

}  // namespace sizer
