// The inputs of one estimate: plain values, no behaviour. Requests from JS, share links and the UI
// all produce a Scenario; estimate() turns it into an Estimate.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "sizer/assumptions.hpp"
#include "sizer/catalog.hpp"

namespace sizer {

enum class Mode { inference, training };
enum class TrainingMethod { full, lora, qlora };
enum class Optimizer { adamw, adamw_8bit, sgd, adafactor };
enum class Recompute { none, selective, full };
// What a training step optimises: the supervised next-token loss, or preference / reinforcement
// learning with the extra models and rollouts each needs (docs/METHOD.md, "RL fine-tuning").
enum class TrainingObjective { sft, dpo, ppo, grpo };
// The precision of the activations a matmul multiplies the weights with (inference): with the
// weight format it picks the kernel and the tensor-core peak. automatic = the weight format's own
// (FP8 formats W8A8, GPTQ / AWQ / GGUF weight-only W4A16 ...).
enum class ActivationPrecision { automatic, bf16, fp16, fp8, int8 };
// Where a card's price comes from (core/data/prices.csv, one value per card and basis): renting
// from a hyperscaler, a GPU cloud or a marketplace, or owning it (purchase + power, amortised).
enum class PriceBasis { gpu_cloud, hyperscaler, marketplace, own };

// Memory sizes "in GB" are read the way memory is built and sold: binary. A 64 GB DIMM kit holds
// 64 GiB, as an "80 GB" H100 reports 80 GiB. Bandwidths are decimal GB/s.
constexpr double kBytesPerMarketedGB = 1073741824.0;

// The request's `gpu` id for CPU-only inference (the host's CPU is the device).
constexpr const char* kCpuDeviceId = "cpu";

// The machine the GPUs sit in: its RAM (offloaded layers, KV cache, optimizer states) and its
// CPU, which runs the layers kept in host RAM and, with `gpu: "cpu"`, the whole model.
struct HostProfile {
  std::string id = "ddr5-dual";
  double ram_bytes = 64 * kBytesPerMarketedGB;
  double bandwidth_gb_per_s = 89.6;  // dual-channel DDR5-5600
  std::string cpu_name = "Ryzen 9 7950X";
  int cpu_cores = 16;
  // Peaks of all cores at the base clock (core/src/hosts.cpp derives each preset's): FP32 vector
  // FMAs (16-bit weights are converted and multiplied in FP32) and 8-bit integer dot products
  // (what llama.cpp's CPU kernels use for quantized weights: activations quantized to Q8).
  double cpu_fp32_tflops = 2.304;
  double cpu_int8_tops = 9.216;
  // Intel AMX tiles (Sapphire Rapids and later): the INT8 peak of every core's TMUL unit; 0 = no
  // AMX. llama.cpp's AMX kernels cover Q4_0, Q4_1, Q8_0, Q4_K, Q5_K, Q6_K and IQ4_XS.
  double cpu_amx_int8_tops = 0;
  double cpu_watts = 170;  // the CPU's rated power (TDP / default PPT)
  // The NVMe drive offloaded state or mmap-ed weights stream from (PCIe 4.0 x4: ~7 GB/s reads).
  double nvme_gb_per_s = 7.0;
};

struct Hardware {
  Gpu gpu;  // a catalog copy or user-defined
  int gpus_per_node = 1;
  int nodes = 1;
  // Between nodes, per GPU, one direction (InfiniBand NDR 400 Gb/s = 50 GB/s).
  double inter_node_gb_per_s = 50;
  HostProfile host;
  // No GPU: the host's CPU runs the model from host RAM (`gpu: "cpu"`); normalize() builds the
  // device from the host profile.
  bool cpu_only = false;
};

struct Parallelism {
  int tensor = 1;
  int pipeline = 1;
  int data = 0;           // 0 = derived: total GPUs / (tensor * pipeline)
  bool sequence = false;  // Megatron sequence parallel (divides activations by tensor)
  // Expert parallel (training): the routed experts spread over this many of the data-parallel
  // ranks (Megatron's EP group sits inside the data-parallel group; must divide it).
  int expert = 1;
  // Interleaved 1F1B: model chunks per pipeline stage (Megatron virtual pipeline stages).
  int virtual_stages = 1;
  // Context parallel (training): each sequence split over this many ranks, which exchange K and V
  // in a ring around attention (Megatron-Core / torchtitan). It multiplies the GPUs a replica uses.
  int context = 1;
};

struct InferenceWorkload {
  int batch = 1;  // concurrent sequences
  int prompt_tokens = 512;
  int output_tokens = 256;
  Engine engine = Engine::generic;
  ActivationPrecision activations = ActivationPrecision::automatic;
  // Offload (llama.cpp -ngl): layers kept on the GPU; -1 = all.
  int gpu_layers = -1;
  bool kv_cache_in_host_memory = false;
  // llama.cpp maps the file (mmap): weights the host RAM cannot hold are read from the disk
  // again each step instead of failing to load.
  bool mmap_weights = false;
  // Images per sequence (vision-language models) and their size in pixels.
  int images = 0;
  int image_width = 1024;
  int image_height = 1024;
};

struct TrainingWorkload {
  TrainingFramework framework = TrainingFramework::generic;  // sets the training assumptions
  TrainingMethod method = TrainingMethod::full;
  TrainingObjective objective = TrainingObjective::sft;
  // PPO / GRPO: tokens each rollout generates (TRL's max_completion_length default); the prompt is
  // the rest of seq_len.
  int completion_tokens = 256;
  // DPO / PPO / GRPO: a frozen reference model scores every sequence (DPO's log-ratio, the KL
  // penalty). false = none is loaded: GRPO with beta 0 (TRL's default), DPO with precomputed
  // reference log-probabilities.
  bool reference_model = true;
  // PPO / GRPO: GPUs of the same type that generate the rollouts apart from the training GPUs
  // (one engine, tensor parallel over them: TRL's vllm_mode "server", OpenRLHF's vLLM engines);
  // 0 = colocated: the training GPUs generate too, alternating with training.
  int rollout_gpus = 0;
  Optimizer optimizer = Optimizer::adamw;
  bool mixed_precision = true;  // BF16/FP16 compute with FP32 master weights
  int lora_rank = 16;
  // Adapted modules: any of q,k,v,o,gate,up,down.
  std::vector<std::string> lora_targets = {"q", "k", "v", "o", "gate", "up", "down"};
  int seq_len = 2048;
  int micro_batch = 1;
  int grad_accumulation = 1;
  Recompute recompute = Recompute::none;
  bool flash_attention = true;
  int zero_stage = 0;
  // HSDP / hybrid shard: ZeRO shards over groups of this many data-parallel ranks (times the
  // context-parallel ranks) and replicates across the groups; 0 = the whole data-parallel group.
  int shard_group = 0;
  bool offload_optimizer = false;  // ZeRO-Offload: optimizer states (and master weights) in CPU RAM
  bool offload_params = false;     // ZeRO-Infinity style parameter offload (stage 3)
  bool offload_to_nvme = false;    // ZeRO-Infinity: the offloaded states live on NVMe, not in RAM
  double tokens = 1e9;             // tokens to train on
};

// Owning cards: purchase amortised over the busy hours of `years`, plus power (docs/METHOD.md,
// "Cost"; the defaults' sources are in core/src/prices.cpp).
struct Ownership {
  double years = 3;
  double electricity_usd_per_kwh = 0.127;
  double utilisation = 1.0;     // share of the hours the cards run at the estimated speed
  double host_overhead = 0.82;  // host, fans and power supplies, as a share of the boards' power
};

struct CostInputs {
  PriceBasis basis = PriceBasis::gpu_cloud;
  double usd_per_gpu_hour = 0;  // the user's own quote; 0 = from the price table
  // The user's own purchase price per card (owning, break-even); 0 = from the price table. Any
  // card can be priced so, the 24 without a catalog purchase price included (docs/PRICES.md).
  double purchase_usd = 0;
  Ownership own;
};

struct Scenario {
  Mode mode = Mode::inference;
  ModelArch model;
  std::string weights_format = "fp16";  // format id
  std::string kv_cache_format = "fp16";
  Hardware hardware;
  Parallelism parallel;
  InferenceWorkload inference;
  TrainingWorkload training;
  CostInputs cost;
  // The user's overrides, by assumption key: the only assumptions a scenario stores.
  std::map<std::string, double> assumption_overrides;
  // Derived by normalize(): the engine profile's defaults with the overrides applied, and the
  // catalog entries of the two format ids (nullptr for an unknown id), so the term functions
  // look nothing up.
  Assumptions assumptions = default_assumptions(Engine::generic);
  const NumberFormat* resolved_weights = nullptr;
  const NumberFormat* resolved_kv = nullptr;
};

// Fills derived defaults (kv heads = heads, head dim = hidden / heads, data degree...).
Scenario normalize(Scenario s);

// The assumptions' defaults for this scenario: its engine's profile and, in training, its
// framework's (before the user's overrides).
Assumptions profile_defaults(const Scenario& s);

// Sets the scenario's assumptions to its profile's defaults with the user's overrides on top
// (normalize() does it; the app after switching engine, framework or mode).
void apply_assumption_profile(Scenario& s);

// Re-applies the engine's setup rules (engine_setup_rules) to a normalized scenario whose card or
// split changed, keeping the user's overrides: the searches' fast paths call it instead of
// normalize().
void apply_engine_setup_defaults(Scenario& s);

// Problems that make the scenario meaningless, each naming the field. Empty = valid.
std::vector<std::string> validate(const Scenario& s);

// validate()'s problems joined with "; " (the message estimate() throws); "" when valid.
std::string validation_message(const Scenario& normalized);

int total_gpus(const Scenario& s);

// The GPUs a run rents or powers: the training (or serving) GPUs plus PPO / GRPO's separate
// rollout GPUs.
int billed_gpus(const Scenario& s);

// Data-parallel replicas the cards leave: total GPUs / (tensor x pipeline x context), at least 1
// (what normalize() sets when the request leaves dataParallel at 0).
int derived_data_parallel(const Scenario& s);

// Inference: the sequences one data-parallel replica serves. Replicas are independent copies of
// the model that split the users (vLLM / SGLang data parallel, or one engine per card behind a
// load balancer), so the busiest holds ceil(batch / replicas).
int replica_batch(const Scenario& s);

// Training: the ranks ZeRO / FSDP shards the model states over: the shard group (the whole
// data-parallel group unless HSDP) times the context-parallel ranks, which hold the same weights.
int zero_shard_ranks(const Scenario& normalized);

// Training: the ranks that hold the same weights and reduce their gradients together: data x
// context parallel.
int gradient_sync_ranks(const Scenario& normalized);

}  // namespace sizer
