// Catalogs of GPUs, model architectures and number formats. The data lives in core/data/*.csv
// (one row per item, each with its source) and is compiled into the binary; ids are the public
// contract (docs/DATA.md says where each table comes from).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace sizer {

struct Gpu {
  std::string id;
  std::string vendor;
  std::string name;
  std::string architecture;
  int year = 0;
  double memory_gb = 0;              // as marketed (decimal label; see memory_capacity_bytes)
  double memory_capacity_bytes = 0;  // what the device reports (e.g. 80 GB card = 80 GiB)
  std::string memory_type;           // HBM3, GDDR6X, LPDDR5 ...
  double memory_bandwidth_gb_per_s = 0;
  double fp32_tflops = 0;
  double fp16_tensor_tflops = 0;  // dense (no sparsity)
  double bf16_tensor_tflops = 0;  // dense; 0 = not supported
  double fp8_tensor_tflops = 0;   // dense; 0 = not supported
  double int8_tensor_tops = 0;    // dense; 0 = not supported
  double fp4_tensor_tflops = 0;   // dense; 0 = not supported
  // Share of the BF16 / FP8 dense peak that the card's best-shaped matmuls sustain, measured
  // (clocks under load, power limits, the vendor's BLAS); 0 = not measured.
  double matmul_efficiency = 0;
  double matmul_efficiency_fp8 = 0;
  // Share of the 16-bit dense peak that FlashAttention-class kernels sustain over forward and
  // backward (causal, head dim 128, long sequences); 0 = not measured.
  double attention_efficiency = 0;
  std::string interconnect;                        // e.g. "NVLink 4 (18 links)", "PCIe 4.0 x16"
  double interconnect_gb_per_s_bidirectional = 0;  // per GPU, both directions summed
  bool has_nvlink = false;  // a GPU-to-GPU fabric faster than PCIe (NVLink, Infinity Fabric...)
  // How many GPUs that fabric joins: 2 for bridged pairs, 8 for HGX/OAM boards, 72 for NVL72;
  // 0 = none. Tensor parallelism wider than this runs over PCIe / the network.
  int nvlink_domain_gpus = 0;
  double pcie_gb_per_s_unidirectional = 0;  // host link, one direction
  // Whether the driver lets GPUs read each other's memory over PCIe. GeForce cards refuse it
  // (`nvidia-smi topo -m` says SYS): their collectives go through host memory (NCCL's SHM
  // transport), which costs far more latency per ring step.
  bool pcie_peer_to_peer = true;
  double tdp_w = 0;
  bool datacenter = false;  // false: consumer / workstation / Apple
  bool supports_bf16 = false;
  bool supports_fp8 = false;
  bool supports_flash_attention_2 = false;
  bool cpu = false;  // a CPU running the model itself (CPU-only inference; built from the host)
  double launch_price_usd = 0;  // 0 = unknown
  // Whether buyers can own one at all. Google's TPUs and AWS's A10G are only rented (by the chip-
  // or instance-hour), so owning them has no price to find (docs/PRICES.md).
  bool for_sale = true;
  double cloud_usd_per_gpu_hour = 0;  // 0 = unknown
  std::string source;
  std::string notes;
};

enum class AttentionKind { standard, mla };

// The mixer of layers that keep a fixed-size recurrent state instead of a KV cache.
enum class RecurrentKind { none, gated_deltanet, mamba2, mamba };

struct ModelArch {
  std::string id;
  std::string name;
  std::string family;
  std::string hf_repo;
  std::string model_type;
  double official_params_b = 0;         // vendor headline figure (may include vision towers)
  double official_active_params_b = 0;  // 0 = dense
  int hidden_size = 0;
  int num_layers = 0;
  int num_heads = 0;
  int num_kv_heads = 0;  // 0 -> num_heads (normalize)
  int head_dim = 0;      // 0 -> hidden / heads (normalize)
  int intermediate_size = 0;
  int vocab_size = 0;
  bool tie_word_embeddings = false;
  int max_position_embeddings = 0;
  bool mlp_gated = true;
  bool attention_bias = false;      // q/k/v biases
  bool attention_out_bias = false;  // o_proj bias (GPT-2, gpt-oss, ChatGLM-6B)
  bool mlp_bias = false;
  bool layer_norm_with_bias = false;  // LayerNorm (2h) vs RMSNorm (h)
  int norms_per_layer = 2;
  bool qk_norm = false;
  bool learned_position_embeddings = false;  // GPT-2
  // Sliding-window / chunked local attention. window 0 = every layer global.
  int sliding_window = 0;
  // Of every `local_global_period` layers, `global_layers_per_period` are global; the rest hold at
  // most `sliding_window` tokens. period 0 with a window = every layer local.
  int local_global_period = 0;
  int global_layers_per_period = 0;
  // Mixture of experts (num_experts 0 = dense).
  int num_experts = 0;
  int experts_per_token = 0;
  int num_shared_experts = 0;
  int moe_intermediate_size = 0;
  int shared_expert_intermediate_size = 0;  // 0 -> moe_intermediate_size
  int first_k_dense_layers = 0;
  int moe_layer_period = 1;  // every Nth layer is MoE (Llama 4 Maverick: 2)
  // Multi-head latent attention (DeepSeek-V2/V3, Kimi K2).
  AttentionKind attention = AttentionKind::standard;
  int kv_lora_rank = 0;
  int q_lora_rank = 0;  // 0 = no low-rank q
  int qk_rope_head_dim = 0;
  int qk_nope_head_dim = 0;
  int v_head_dim = 0;
  // Qwen3-Next: q_proj also emits a sigmoid gate per head (attn_output_gate), twice its width.
  bool attention_output_gate = false;
  // Qwen2-MoE / Qwen3-Next: a sigmoid gate (hidden -> 1) scales the shared expert.
  bool shared_expert_gate = false;
  // Hybrid stacks (core/include/sizer/layers.hpp): one letter per layer. Empty = every layer is
  // attention + MLP.
  std::string layer_pattern;
  // Recurrent mixer shape (Gated DeltaNet / Mamba-2 / Mamba-1): heads x state_dim x head_dim
  // state values per layer plus a (conv_kernel - 1)-token convolution window.
  RecurrentKind recurrent = RecurrentKind::none;
  int recurrent_heads = 0;      // GDN value heads; Mamba-2 heads; Mamba-1 the inner width
  int recurrent_groups = 0;     // GDN key heads; Mamba-2 B/C groups; Mamba-1 0
  int recurrent_state_dim = 0;  // GDN key head dim; Mamba d_state
  int recurrent_head_dim = 0;   // GDN value head dim; Mamba-2 head dim; Mamba-1 1
  int recurrent_conv_kernel = 0;
  int recurrent_dt_rank = 0;  // Mamba-1's time-step rank
  // Vision-language models: the image encoder (a ViT and its projector into the LLM) and how an
  // image becomes tokens (docs/METHOD.md, "Images"). vision_params = 0: text only.
  double vision_params = 0;         // encoder + projector, as in the checkpoint
  int vision_layers = 0;            // ViT blocks
  int vision_hidden_size = 0;       // ViT width
  int vision_patch_size = 0;        // pixels per patch side
  int vision_image_size = 0;        // the side every image is resized to; 0 = native resolution
  int vision_merge = 1;             // patches merged (or pooled) per token side
  int vision_tokens_per_image = 0;  // a fixed count the processor emits; 0 = from the patches
  // Windowed ViT attention (Qwen2.5-VL: 8 x 8-patch windows, 4 of 32 layers full); 0 = all full.
  int vision_window_patches = 0;
  int vision_full_attention_layers = 0;
  std::string weights_dtype;  // as published (bfloat16, float16, ...)
  // Format id (format_catalog) of the released checkpoint: "bf16", "fp16", "fp32",
  // "fp8-e4m3-block128" (DeepSeek-V3, Kimi K2, MiniMax-M2), "mxfp4" (gpt-oss: experts only).
  std::string published_format;
  std::string source;
  std::string notes;
};

enum class FormatFamily { plain, gguf, gptq, awq, bnb, fp8, mxfp4, exl2, hqq, other, exl3 };

// The tensor-core path a format's matmuls run on (which peak of the card applies).
enum class ComputeType { fp16, bf16, fp8, int8, fp4, fp32 };

struct NumberFormat {
  std::string id;
  FormatFamily family = FormatFamily::plain;
  std::string name;
  double bits_per_weight = 16;  // effective, including scales/zeros
  std::string block;            // group / block description
  // Compute path used for matmuls: which tensor-core peak applies (fp16, bf16, fp8, int8, fp4).
  ComputeType compute_dtype = ComputeType::fp16;
  // Embeddings and LM head stay in 16-bit for GPTQ/AWQ/bnb (true) or are quantized too (GGUF).
  bool keeps_embeddings_16bit = false;
  bool usable_for_kv_cache = false;
  // Only the routed experts are in this format (gpt-oss's MXFP4: modules_to_not_convert lists
  // attention, router, embeddings and LM head); every other tensor has non_expert_bits.
  bool experts_only = false;
  // Bits of those other tensors; 0 = 16-bit. llama.cpp's MXFP4_MOE file type stores them as Q8_0
  // (8.5).
  double non_expert_bits = 0;
  // Tensor roles a GGUF file type gives their own type (llama.cpp's quantizer): the LM head (and a
  // tied embedding) and the token embedding, in bits per weight; 0 = as the other side tensors.
  double output_bits = 0;
  double token_embedding_bits = 0;
  // ALU operations per weight of llama.cpp's Metal mat-vec kernel for this type (counted from
  // ggml-metal.metal; file mixes by their bits); 0 = not counted.
  double metal_mv_ops = 0;
  std::string source;
  std::string notes;
};

const std::vector<Gpu>& gpu_catalog();
const std::vector<ModelArch>& model_catalog();
const std::vector<NumberFormat>& format_catalog();

const Gpu* find_gpu(const std::string& id);

// Stacked HBM (HBM, HBM2e, HBM3...): the engines' bandwidth efficiency differs from GDDR/LPDDR.
inline bool has_hbm(const Gpu& g) { return g.memory_type.rfind("HBM", 0) == 0; }
// Apple silicon: unified memory under Metal's working-set limit.
inline bool is_cpu(const Gpu& g) { return g.cpu; }
inline bool is_apple(const Gpu& g) { return g.vendor.size() == 5 && g.vendor == "Apple"; }
const ModelArch* find_model(const std::string& id);
const NumberFormat* find_format(const std::string& id);

// Problems found while loading the compiled-in data (malformed CSV, missing required column,
// unparsable number). Empty for a good build; the tests require it to be empty.
const std::vector<std::string>& catalog_load_errors();

}  // namespace sizer
