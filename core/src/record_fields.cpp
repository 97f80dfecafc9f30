// The field tables of every record (see record_fields.hpp). Ranges: far beyond any real model or
// card, they only keep sums inside int / double precision (hidden size 1M, 64k layers, 16M
// vocabulary, 1e6 GB/s, 1e6 TFLOPS).
#include "sizer/record_fields.hpp"

#include "sizer/enums.hpp"
#include "sizer/plan.hpp"

namespace sizer {
namespace {

constexpr double kMaxDim = 1 << 20;
constexpr double kMaxCount = 1 << 16;
constexpr double kMaxTokens = 1 << 27;

template <class T>
RecordField<T> text(const char* key, const char* column, std::string T::*m, const char* doc) {
  return {key,     column,  FieldType::text, m, nullptr, nullptr, nullptr,
          nullptr, nullptr, nullptr,         0, 0,       "",      doc};
}
template <class T>
RecordField<T> whole(const char* key, const char* column, int T::*m, double min, double max,
                     const char* unit, const char* doc) {
  return {key,     column,  FieldType::integer,
          nullptr, m,       nullptr,
          nullptr, nullptr, nullptr,
          nullptr, min,     max,
          unit,    doc};
}
template <class T>
RecordField<T> real(const char* key, const char* column, double T::*m, double max, const char* unit,
                    const char* doc) {
  return {key,     column,  FieldType::number, nullptr, nullptr, m,    nullptr,
          nullptr, nullptr, nullptr,           0,       max,     unit, doc};
}
template <class T>
RecordField<T> flag(const char* key, const char* column, bool T::*m, const char* doc) {
  return {key,     column,  FieldType::boolean,
          nullptr, nullptr, nullptr,
          m,       nullptr, nullptr,
          nullptr, 0,       0,
          "",      doc};
}
template <class T, class E, E T::*M>
const char* get_choice(const T& t) {
  return enum_id(t.*M);
}
template <class T, class E, E T::*M>
bool set_choice(T& t, std::string_view id) {
  return parse_enum(id, t.*M);
}
template <class T, class E, E T::*M>
RecordField<T> choice(const char* key, const char* column, const char* doc) {
  return {key,
          column,
          FieldType::choice,
          nullptr,
          nullptr,
          nullptr,
          nullptr,
          &get_choice<T, E, M>,
          &set_choice<T, E, M>,
          &enum_accepted_ids<E>,
          0,
          0,
          "",
          doc};
}

}  // namespace

template <>
const std::vector<RecordField<Gpu>>& record_fields<Gpu>() {
  using G = Gpu;
  static const std::vector<RecordField<G>> t = {
      text<G>("id", "id", &G::id, "catalog id"),
      text<G>("vendor", "vendor", &G::vendor, "NVIDIA, AMD, Apple, Intel, Google"),
      text<G>("name", "name", &G::name, "marketing name"),
      text<G>("architecture", "architecture", &G::architecture, "chip architecture"),
      whole<G>("year", "year", &G::year, 0, 3000, "", "launch year"),
      real<G>("memoryGb", "memory_gb", &G::memory_gb, 1e6, "GB",
              "memory as marketed (the label's number)"),
      real<G>("memoryCapacityBytes", "memory_capacity_bytes", &G::memory_capacity_bytes, 1e15,
              "bytes", "what the device reports (an 80 GB card reports 80 GiB)"),
      text<G>("memoryType", "memory_type", &G::memory_type, "HBM3, GDDR6X, LPDDR5 ..."),
      real<G>("memoryBandwidthGbPerS", "memory_bandwidth_gb_per_s", &G::memory_bandwidth_gb_per_s,
              1e6, "GB/s", "spec memory bandwidth"),
      real<G>("fp32Tflops", "fp32_tflops", &G::fp32_tflops, 1e6, "TFLOPS", "FP32 (non-tensor)"),
      real<G>("fp16TensorTflops", "fp16_tensor_tflops", &G::fp16_tensor_tflops, 1e6, "TFLOPS",
              "dense FP16 tensor peak (no sparsity)"),
      real<G>("bf16TensorTflops", "bf16_tensor_tflops", &G::bf16_tensor_tflops, 1e6, "TFLOPS",
              "dense BF16 tensor peak; 0 = not supported"),
      real<G>("fp8TensorTflops", "fp8_tensor_tflops", &G::fp8_tensor_tflops, 1e6, "TFLOPS",
              "dense FP8 tensor peak; 0 = not supported"),
      real<G>("int8TensorTops", "int8_tensor_tops", &G::int8_tensor_tops, 1e6, "TOPS",
              "dense INT8 tensor peak; 0 = not supported"),
      real<G>("fp4TensorTflops", "fp4_tensor_tflops", &G::fp4_tensor_tflops, 1e6, "TFLOPS",
              "dense FP4 tensor peak; 0 = not supported"),
      real<G>("matmulEfficiency", "matmul_efficiency", &G::matmul_efficiency, 1.0, "fraction",
              "share of the BF16 peak that measured matmuls sustain (MAMF); 0 = not measured"),
      real<G>("matmulEfficiencyFp8", "matmul_efficiency_fp8", &G::matmul_efficiency_fp8, 1.0,
              "fraction", "share of the FP8 peak that measured matmuls sustain; 0 = not measured"),
      real<G>("attentionEfficiency", "attention_efficiency", &G::attention_efficiency, 1.0,
              "fraction",
              "share of the 16-bit peak that fused attention kernels sustain in training "
              "(forward + backward); 0 = not measured"),
      text<G>("interconnect", "interconnect", &G::interconnect, "GPU-to-GPU link"),
      real<G>("interconnectGbPerSBidirectional", "interconnect_gb_per_s_bidirectional",
              &G::interconnect_gb_per_s_bidirectional, 1e6, "GB/s",
              "per GPU, both directions summed"),
      flag<G>("hasNvlink", "has_nvlink", &G::has_nvlink,
              "a GPU-to-GPU fabric faster than PCIe (NVLink, Infinity Fabric ...)"),
      whole<G>("nvlinkDomainGpus", "nvlink_domain_gpus", &G::nvlink_domain_gpus, 0, kMaxCount,
               "GPUs", "GPUs that fabric joins: 2 bridged pairs, 8 HGX, 72 NVL72; 0 = none"),
      real<G>("pcieGbPerSUnidirectional", "pcie_gb_per_s_unidirectional",
              &G::pcie_gb_per_s_unidirectional, 1e6, "GB/s", "host link, one direction"),
      flag<G>("pcieP2p", "pcie_peer_to_peer", &G::pcie_peer_to_peer,
              "GPUs may read each other's memory over PCIe (false on GeForce: collectives go "
              "through host memory)"),
      real<G>("tdpW", "tdp_w", &G::tdp_w, 1e6, "W", "board power"),
      flag<G>("datacenter", "datacenter", &G::datacenter,
              "data-centre part (false: consumer, workstation, Apple)"),
      flag<G>("supportsBf16", "supports_bf16", &G::supports_bf16, "BF16 tensor cores"),
      flag<G>("supportsFp8", "supports_fp8", &G::supports_fp8, "FP8 tensor cores"),
      flag<G>("supportsFlashAttention2", "supports_flash_attention_2",
              &G::supports_flash_attention_2, "FlashAttention-2 runs on it"),
      real<G>("launchPriceUsd", nullptr, &G::launch_price_usd, 1e9, "USD",
              "a custom card's purchase price (catalog cards: core/data/prices.csv); 0 = unknown"),
      real<G>("cloudUsdPerGpuHour", nullptr, &G::cloud_usd_per_gpu_hour, 1e6, "USD/h",
              "a custom card's rental price per GPU-hour (catalog cards: core/data/prices.csv); "
              "0 = unknown"),
      flag<G>("forSale", "for_sale", &G::for_sale,
              "buyers can own one (false: only rented, as Google's TPUs and AWS's A10G: owning "
              "has no price)"),
      text<G>("source", "source", &G::source, "where the figures come from"),
      text<G>("notes", "notes", &G::notes, "caveats"),
  };
  return t;
}

template <>
const std::vector<RecordField<ModelArch>>& record_fields<ModelArch>() {
  using M = ModelArch;
  static const std::vector<RecordField<M>> t = {
      text<M>("id", "id", &M::id, "catalog id"),
      text<M>("name", "name", &M::name, "display name"),
      text<M>("family", "family", &M::family, "model family"),
      text<M>("hfRepo", "hf_repo", &M::hf_repo, "Hugging Face repository"),
      text<M>("modelType", "model_type", &M::model_type, "config.json model_type"),
      real<M>("officialParamsB", "official_params_b", &M::official_params_b, 1e6, "billions",
              "vendor headline parameter count (may include vision towers)"),
      real<M>("officialActiveParamsB", "official_active_params_b", &M::official_active_params_b,
              1e6, "billions", "active parameters per token; 0 = dense"),
      whole<M>("hiddenSize", "hidden_size", &M::hidden_size, 0, kMaxDim, "", "model width"),
      whole<M>("numLayers", "num_layers", &M::num_layers, 0, kMaxCount, "", "decoder layers"),
      whole<M>("numHeads", "num_heads", &M::num_heads, 0, kMaxCount, "", "attention heads"),
      whole<M>("numKvHeads", "num_kv_heads", &M::num_kv_heads, 0, kMaxCount, "",
               "key/value heads (GQA); 0 = numHeads"),
      whole<M>("headDim", "head_dim", &M::head_dim, 0, kMaxDim, "", "0 = hiddenSize / numHeads"),
      whole<M>("intermediateSize", "intermediate_size", &M::intermediate_size, 0, kMaxDim * 8, "",
               "MLP width"),
      whole<M>("vocabSize", "vocab_size", &M::vocab_size, 0, 1 << 24, "", "vocabulary"),
      flag<M>("tieWordEmbeddings", "tie_word_embeddings", &M::tie_word_embeddings,
              "LM head shares the embedding"),
      whole<M>("maxPositionEmbeddings", "max_position_embeddings", &M::max_position_embeddings, 0,
               kMaxTokens, "tokens", "trained context length"),
      flag<M>("mlpGated", "mlp_gated", &M::mlp_gated, "gated MLP (SwiGLU/GeGLU: 3 matrices)"),
      flag<M>("attentionBias", "attention_bias", &M::attention_bias, "q/k/v biases"),
      flag<M>("attentionOutBias", "attention_out_bias", &M::attention_out_bias, "o_proj bias"),
      flag<M>("mlpBias", "mlp_bias", &M::mlp_bias, "MLP biases"),
      flag<M>("layerNormWithBias", "layer_norm_with_bias", &M::layer_norm_with_bias,
              "LayerNorm (2h) instead of RMSNorm (h)"),
      whole<M>("normsPerLayer", "norms_per_layer", &M::norms_per_layer, 0, 16, "",
               "norms per layer"),
      flag<M>("qkNorm", "qk_norm", &M::qk_norm, "per-head q/k norms"),
      flag<M>("learnedPositionEmbeddings", "learned_position_embeddings",
              &M::learned_position_embeddings, "learned absolute positions (GPT-2)"),
      whole<M>("slidingWindow", "sliding_window", &M::sliding_window, 0, kMaxTokens, "tokens",
               "local attention window; 0 = every layer global"),
      whole<M>("localGlobalPeriod", "local_global_period", &M::local_global_period, 0, kMaxCount,
               "", "layers per local/global period"),
      whole<M>("globalLayersPerPeriod", "global_layers_per_period", &M::global_layers_per_period, 0,
               kMaxCount, "", "global layers in each period"),
      whole<M>("numExperts", "num_experts", &M::num_experts, 0, kMaxCount, "",
               "routed experts; 0 = dense"),
      whole<M>("expertsPerToken", "experts_per_token", &M::experts_per_token, 0, kMaxCount, "",
               "routed experts per token"),
      whole<M>("numSharedExperts", "num_shared_experts", &M::num_shared_experts, 0, kMaxCount, "",
               "always-on experts"),
      whole<M>("moeIntermediateSize", "moe_intermediate_size", &M::moe_intermediate_size, 0,
               kMaxDim * 8, "", "expert MLP width"),
      whole<M>("sharedExpertIntermediateSize", "shared_expert_intermediate_size",
               &M::shared_expert_intermediate_size, 0, kMaxDim * 8, "",
               "shared expert width; 0 = moeIntermediateSize"),
      whole<M>("firstKDenseLayers", "first_k_dense_layers", &M::first_k_dense_layers, 0, kMaxCount,
               "", "leading dense layers"),
      whole<M>("moeLayerPeriod", "moe_layer_period", &M::moe_layer_period, 1, kMaxCount, "",
               "every Nth layer is MoE"),
      choice<M, AttentionKind, &M::attention>("attention", "attention",
                                              "standard (MHA/GQA) or mla"),
      whole<M>("kvLoraRank", "kv_lora_rank", &M::kv_lora_rank, 0, kMaxDim, "", "MLA latent"),
      whole<M>("qLoraRank", "q_lora_rank", &M::q_lora_rank, 0, kMaxDim, "", "MLA low-rank q"),
      whole<M>("qkRopeHeadDim", "qk_rope_head_dim", &M::qk_rope_head_dim, 0, kMaxDim, "",
               "MLA RoPE key dim"),
      whole<M>("qkNopeHeadDim", "qk_nope_head_dim", &M::qk_nope_head_dim, 0, kMaxDim, "",
               "MLA non-RoPE q/k dim"),
      whole<M>("vHeadDim", "v_head_dim", &M::v_head_dim, 0, kMaxDim, "", "MLA value dim"),
      flag<M>("attentionOutputGate", "attention_output_gate", &M::attention_output_gate,
              "q_proj also emits a per-head output gate (Qwen3-Next)"),
      flag<M>("sharedExpertGate", "shared_expert_gate", &M::shared_expert_gate,
              "a hidden -> 1 gate scales the shared expert (Qwen2-MoE, Qwen3-Next)"),
      text<M>("layerPattern", "layer_pattern", &M::layer_pattern,
              "one letter per layer: A attention+MLP, R recurrent+MLP, P both+MLP, M recurrent, "
              "* attention, - MLP, E experts; empty = all A"),
      choice<M, RecurrentKind, &M::recurrent>("recurrent", "recurrent",
                                              "recurrent mixer: none, gated-deltanet, mamba2, "
                                              "mamba"),
      whole<M>("recurrentHeads", "recurrent_heads", &M::recurrent_heads, 0, kMaxDim * 8, "",
               "GDN value heads, Mamba-2 heads, Mamba's inner width"),
      whole<M>("recurrentGroups", "recurrent_groups", &M::recurrent_groups, 0, kMaxDim, "",
               "GDN key heads, Mamba-2 B/C groups"),
      whole<M>("recurrentStateDim", "recurrent_state_dim", &M::recurrent_state_dim, 0, kMaxDim, "",
               "GDN key head dim, Mamba d_state"),
      whole<M>("recurrentHeadDim", "recurrent_head_dim", &M::recurrent_head_dim, 0, kMaxDim, "",
               "GDN value head dim, Mamba-2 head dim"),
      whole<M>("recurrentConvKernel", "recurrent_conv_kernel", &M::recurrent_conv_kernel, 0, 64, "",
               "short convolution width"),
      whole<M>("recurrentDtRank", "recurrent_dt_rank", &M::recurrent_dt_rank, 0, kMaxDim, "",
               "Mamba time-step rank"),
      real<M>("visionParams", "vision_params", &M::vision_params, 1e11, "parameters",
              "image encoder + projector (vision-language models); 0 = text only"),
      whole<M>("visionLayers", "vision_layers", &M::vision_layers, 0, 1024, "", "ViT blocks"),
      whole<M>("visionHiddenSize", "vision_hidden_size", &M::vision_hidden_size, 0, kMaxDim, "",
               "ViT width"),
      whole<M>("visionPatchSize", "vision_patch_size", &M::vision_patch_size, 0, 1024, "pixels",
               "pixels per patch side"),
      whole<M>("visionImageSize", "vision_image_size", &M::vision_image_size, 0, 65536, "pixels",
               "side every image is resized to; 0 = native resolution"),
      whole<M>("visionMerge", "vision_merge", &M::vision_merge, 1, 64, "",
               "patches merged or pooled per token side"),
      whole<M>("visionTokensPerImage", "vision_tokens_per_image", &M::vision_tokens_per_image, 0,
               kMaxTokens, "tokens", "fixed tokens per image; 0 = from the patches"),
      whole<M>("visionWindowPatches", "vision_window_patches", &M::vision_window_patches, 0,
               kMaxTokens, "patches", "patches per attention window; 0 = full attention"),
      whole<M>("visionFullAttentionLayers", "vision_full_attention_layers",
               &M::vision_full_attention_layers, 0, 1024, "",
               "ViT layers with full attention when windowed"),
      text<M>("weightsDtype", "weights_dtype", &M::weights_dtype, "published dtype"),
      text<M>("publishedFormat", "published_format", &M::published_format,
              "format id of the released checkpoint"),
      text<M>("source", "source", &M::source, "where the shapes come from"),
      text<M>("notes", "notes", &M::notes, "caveats"),
  };
  return t;
}

template <>
const std::vector<RecordField<NumberFormat>>& record_fields<NumberFormat>() {
  using F = NumberFormat;
  static const std::vector<RecordField<F>> t = {
      text<F>("id", "id", &F::id, "format id"),
      choice<F, FormatFamily, &F::family>("family", "family", "format family"),
      text<F>("name", "name", &F::name, "display name"),
      real<F>("bitsPerWeight", "bits_per_weight", &F::bits_per_weight, 64, "bits",
              "effective bits per weight, scales and zeros included"),
      text<F>("block", "block", &F::block, "group / block layout"),
      choice<F, ComputeType, &F::compute_dtype>("computeDtype", "compute_dtype",
                                                "tensor-core peak used for matmuls"),
      flag<F>("keepsEmbeddings16bit", "keeps_embeddings_16bit", &F::keeps_embeddings_16bit,
              "embeddings and LM head stay 16-bit"),
      flag<F>("usableForKvCache", "usable_for_kv_cache", &F::usable_for_kv_cache,
              "can store the KV cache"),
      flag<F>("expertsOnly", "experts_only", &F::experts_only,
              "only the routed experts are in this format; other tensors at nonExpertBits"),
      real<F>("nonExpertBits", "non_expert_bits", &F::non_expert_bits, 64, "bits",
              "tensors other than the routed experts in an experts-only format; 0 = 16-bit"),
      real<F>("outputBits", "output_bits", &F::output_bits, 64, "bits",
              "LM head (and a tied embedding) in a GGUF file of this type; 0 = as the rest"),
      real<F>("tokenEmbeddingBits", "token_embedding_bits", &F::token_embedding_bits, 64, "bits",
              "token embedding in a GGUF file of this type; 0 = as the rest"),
      real<F>("metalMatVecOps", "metal_mv_ops", &F::metal_mv_ops, 100, "operations",
              "ALU operations per weight in llama.cpp's Metal mat-vec kernel; 0 = not counted"),
      text<F>("source", "source", &F::source, "definition / paper"),
      text<F>("notes", "notes", &F::notes, "caveats"),
  };
  return t;
}

template <>
const std::vector<RecordField<ParamCounts>>& record_fields<ParamCounts>() {
  using P = ParamCounts;
  static const std::vector<RecordField<P>> t = {
      real<P>("total", nullptr, &P::total, 0, "parameters", "every parameter, all experts"),
      real<P>("active", nullptr, &P::active, 0, "parameters", "per token"),
      real<P>("embedding", nullptr, &P::embedding, 0, "parameters", "input embedding"),
      real<P>("lmHead", nullptr, &P::lm_head, 0, "parameters", "0 when tied"),
      real<P>("attention", nullptr, &P::attention, 0, "parameters", "all layers"),
      real<P>("recurrent", nullptr, &P::recurrent, 0, "parameters",
              "recurrent mixers (Gated DeltaNet, Mamba) of hybrid layers"),
      real<P>("mlp", nullptr, &P::mlp, 0, "parameters", "all layers, all experts"),
      real<P>("routedExperts", nullptr, &P::routed_experts, 0, "parameters",
              "routed experts' matrices, all MoE layers (0 for dense models)"),
      real<P>("norms", nullptr, &P::norms, 0, "parameters", "norm weights"),
      real<P>("vision", nullptr, &P::vision, 0, "parameters",
              "image encoder + projector (in total, kept at 16 bits)"),
  };
  return t;
}

template <>
const std::vector<RecordField<MemoryBreakdown>>& record_fields<MemoryBreakdown>() {
  using B = MemoryBreakdown;
  static const std::vector<RecordField<B>> t = {
      real<B>("perGpuBytes", nullptr, &B::per_gpu_bytes, 0, "bytes", "sum of the terms, per GPU"),
      real<B>("weightsBytes", nullptr, &B::weights_bytes, 0, "bytes", "weights per GPU"),
      real<B>("kvCacheBytes", nullptr, &B::kv_cache_bytes, 0, "bytes", "KV cache per GPU"),
      real<B>("recurrentStateBytes", nullptr, &B::recurrent_state_bytes, 0, "bytes",
              "hybrid models: the recurrent layers' state per GPU, fixed per sequence"),
      real<B>("activationBytes", nullptr, &B::activation_bytes, 0, "bytes", "activations"),
      real<B>("gradientBytes", nullptr, &B::gradient_bytes, 0, "bytes", "gradients"),
      real<B>("optimizerBytes", nullptr, &B::optimizer_bytes, 0, "bytes", "optimizer states"),
      real<B>("overheadBytes", nullptr, &B::overhead_bytes, 0, "bytes",
              "CUDA context + framework working memory (training: + the allocator's cache)"),
      real<B>("allocatorCacheBytes", nullptr, &B::allocator_cache_bytes, 0, "bytes",
              "training: freed blocks the caching allocator keeps reserved; part of overhead"),
      real<B>("reserveBytes", nullptr, &B::reserve_bytes, 0, "bytes",
              "memory the engine leaves unused"),
      real<B>("rolloutBytes", nullptr, &B::rollout_bytes, 0, "bytes",
              "ppo / grpo: the rollouts' KV cache and a vLLM engine's own weights, beyond the "
              "training activations they alternate with"),
      real<B>("capacityBytes", nullptr, &B::capacity_bytes, 0, "bytes", "usable device memory"),
      real<B>("headroomBytes", nullptr, &B::headroom_bytes, 0, "bytes",
              "capacity - per GPU (negative = does not fit)"),
      real<B>("totalBytes", nullptr, &B::total_bytes, 0, "bytes",
              "over all GPUs (with the rollout engine's)"),
      real<B>("rolloutEngineBytes", nullptr, &B::rollout_engine_bytes, 0, "bytes",
              "ppo / grpo with training.rolloutGpus: the rollout engine's memory over all of its "
              "GPUs (the model and the rollouts' KV cache)"),
      real<B>("hostRamBytes", nullptr, &B::host_ram_bytes, 0, "bytes",
              "CPU RAM for offloaded layers, KV cache or optimizer states"),
      real<B>("nvmeBytes", nullptr, &B::nvme_bytes, 0, "bytes",
              "on the NVMe drive: ZeRO-Infinity states, mmap-ed weights past the RAM"),
      flag<B>("fits", nullptr, &B::fits, "fits on the GPUs and in host RAM"),
      text<B>("firstReason", nullptr, &B::first_reason, "why it does not fit; empty when it fits"),
  };
  return t;
}

template <>
const std::vector<RecordField<InferenceResult>>& record_fields<InferenceResult>() {
  using R = InferenceResult;
  static const std::vector<RecordField<R>> t = {
      real<R>("ttftSeconds", nullptr, &R::ttft_seconds, 0, "s", "prefill of the prompt"),
      real<R>("prefillTokensPerSecond", nullptr, &R::prefill_tokens_per_second, 0, "tokens/s",
              "prompt tokens per second"),
      real<R>("decodeTokensPerSecond", nullptr, &R::decode_tokens_per_second, 0, "tokens/s",
              "per sequence"),
      real<R>("throughputTokensPerSecond", nullptr, &R::throughput_tokens_per_second, 0, "tokens/s",
              "output tokens over the batch, prefill included"),
      real<R>("decodeStepSeconds", nullptr, &R::decode_step_seconds, 0, "s", "one decode step"),
      real<R>("decodeMemorySeconds", nullptr, &R::decode_memory_seconds, 0, "s",
              "weights + KV reads of one step at the effective bandwidth"),
      real<R>("decodeComputeSeconds", nullptr, &R::decode_compute_seconds, 0, "s",
              "matmuls of one step at the achievable peak"),
      real<R>("decodeMemoryBoundSeconds", nullptr, &R::decode_memory_bound_seconds, 0, "s",
              "the step's kernel groups (matmuls, attention) whose reads outlast their FLOPs"),
      real<R>("decodeComputeBoundSeconds", nullptr, &R::decode_compute_bound_seconds, 0, "s",
              "the step's kernel groups whose FLOPs outlast their reads"),
      real<R>("kvCacheBytesPerToken", nullptr, &R::kv_cache_bytes_per_token, 0, "bytes",
              "all layers, one sequence"),
      real<R>("weightsReadBytesPerStep", nullptr, &R::weights_read_bytes_per_step, 0, "bytes",
              "per GPU"),
      real<R>("kvReadBytesPerStep", nullptr, &R::kv_read_bytes_per_step, 0, "bytes", "per GPU"),
      real<R>("imageTokensPerSequence", nullptr, &R::image_tokens_per_sequence, 0, "tokens",
              "the images' tokens, part of the prompt"),
      real<R>("visionEncoderSeconds", nullptr, &R::vision_encoder_seconds, 0, "s",
              "encoding the batch's images, part of the time to first token"),
      real<R>("prefillDequantizeSeconds", nullptr, &R::prefill_dequantize_seconds, 0, "s",
              "writing quantized weights out as 16-bit values for each prompt chunk, part of the "
              "time to first token (prefillDequantizesWeights)"),
      real<R>("gemmFloorSecondsPerStep", nullptr, &R::gemm_floor_seconds_per_step, 0, "s",
              "block-FP8 GEMM floor in a decode step (blockFp8GemmFloorSeconds)"),
      real<R>("samplingSecondsPerStep", nullptr, &R::sampling_seconds_per_step, 0, "s",
              "sampling the step's tokens on the host (samplingSecondsPerLogit)"),
      real<R>("communicationSecondsPerStep", nullptr, &R::communication_seconds_per_step, 0, "s",
              "tensor / pipeline hand-offs per decode step"),
      whole<R>("maxBatch", nullptr, &R::max_batch, 0, 0, "sequences", "most sequences that fit"),
      whole<R>("maxContextTokens", nullptr, &R::max_context_tokens, 0, 0, "tokens",
               "longest prompt + output that fits at this batch, at most the trained context"),
      whole<R>("kvCacheCapacityTokens", nullptr, &R::kv_cache_capacity_tokens, 0, 0, "tokens",
               "tokens per sequence the memory holds at this batch, whatever the trained "
               "context (vLLM's GPU KV cache size / batch)"),
      real<R>("throughputAtMaxBatch", nullptr, &R::throughput_at_max_batch, 0, "tokens/s",
              "aggregate throughput at maxBatch"),
      real<R>("decodeArithmeticIntensity", nullptr, &R::decode_arithmetic_intensity, 0,
              "FLOPs/byte", "decode FLOPs per byte read"),
      real<R>("prefillArithmeticIntensity", nullptr, &R::prefill_arithmetic_intensity, 0,
              "FLOPs/byte", "prefill FLOPs per byte read"),
      real<R>("endToEndSeconds", nullptr, &R::end_to_end_seconds, 0, "s",
              "prefill + every output token"),
  };
  return t;
}

template <>
const std::vector<RecordField<TrainingResult>>& record_fields<TrainingResult>() {
  using R = TrainingResult;
  static const std::vector<RecordField<R>> t = {
      real<R>("flopsPerToken", nullptr, &R::flops_per_token, 0, "FLOPs",
              "executed FLOPs per token (recompute included)"),
      real<R>("totalFlops", nullptr, &R::total_flops, 0, "FLOPs", "over the whole job"),
      real<R>("stepSeconds", nullptr, &R::step_seconds, 0, "s", "one optimizer step"),
      real<R>("computeSecondsPerStep", nullptr, &R::compute_seconds_per_step, 0, "s",
              "compute, bubble included"),
      real<R>("communicationSecondsPerStep", nullptr, &R::communication_seconds_per_step, 0, "s",
              "exposed communication"),
      real<R>("rolloutSecondsPerStep", nullptr, &R::rollout_seconds_per_step, 0, "s",
              "ppo / grpo: generating the step's rollouts (prefill + decode)"),
      real<R>("tokensPerStep", nullptr, &R::tokens_per_step, 0, "tokens", "global batch"),
      real<R>("tokensPerSecond", nullptr, &R::tokens_per_second, 0, "tokens/s", "whole job"),
      real<R>("totalHours", nullptr, &R::total_hours, 0, "h", "wall-clock"),
      real<R>("gpuHours", nullptr, &R::gpu_hours, 0, "GPU-h", "wall-clock x GPUs"),
      real<R>("mfu", nullptr, &R::mfu, 0, "fraction", "model FLOPs utilisation"),
      real<R>("trainableParams", nullptr, &R::trainable_params, 0, "parameters", "trained"),
      real<R>("communicationShare", nullptr, &R::communication_share, 0, "fraction",
              "of step time"),
      whole<R>("maxMicroBatch", nullptr, &R::max_micro_batch, 0, 0, "sequences",
               "most sequences per micro-batch that fit at this seqLen (0 = not even 1)"),
      whole<R>("maxSeqLen", nullptr, &R::max_seq_len, 0, 0, "tokens",
               "longest seqLen that fits at this micro-batch, at most the model's trained "
               "context (0 = none)"),
  };
  return t;
}

template <>
const std::vector<RecordField<CostResult>>& record_fields<CostResult>() {
  using C = CostResult;
  static const std::vector<RecordField<C>> t = {
      real<C>("usdPerHour", nullptr, &C::usd_per_hour, 0, "USD/h",
              "all GPUs; null when the price is unknown"),
      real<C>("usdPerMillionTokens", nullptr, &C::usd_per_million_tokens, 0, "USD",
              "per million output (or training) tokens; null when unknown"),
      real<C>("totalUsd", nullptr, &C::total_usd, 0, "USD",
              "one batch (inference) or the whole job (training); null when unknown"),
      flag<C>("priceKnown", nullptr, &C::price_known, "the card has a price"),
      text<C>("unknownReason", nullptr, &C::unknown_reason,
              "why the cost figures are null; empty when known"),
      real<C>("usdPerGpuHour", nullptr, &C::usd_per_gpu_hour, 0, "USD/h",
              "the price used per card; null when unknown"),
      text<C>("basis", nullptr, &C::basis,
              "gpu-cloud, hyperscaler, marketplace, own or custom (your quote)"),
      text<C>("provider", nullptr, &C::provider, "who the price is from"),
      text<C>("priceDate", nullptr, &C::price_date, "YYYY-MM of the price"),
      text<C>("priceSource", nullptr, &C::price_source, "where the price is published"),
      real<C>("purchaseUsd", nullptr, &C::purchase_usd, 0, "USD",
              "purchase price per card; 0 = unknown"),
      real<C>("ownUsdPerGpuHour", nullptr, &C::own_usd_per_gpu_hour, 0, "USD/h",
              "owning: amortised purchase + power per busy hour; 0 = no purchase price"),
      real<C>("powerUsdPerGpuHour", nullptr, &C::power_usd_per_gpu_hour, 0, "USD/h",
              "board power x (1 + host overhead) x electricity"),
      real<C>("breakEvenMonths", nullptr, &C::break_even_months, 0, "months",
              "renting this long costs as much as buying; 0 = cannot say"),
  };
  return t;
}

template <>
const std::vector<RecordField<EnergyResult>>& record_fields<EnergyResult>() {
  using E = EnergyResult;
  static const std::vector<RecordField<E>> t = {
      real<E>("watts", nullptr, &E::watts, 0, "W",
              "all GPU boards while running (TDP x boardPowerFraction); null when unknown"),
      real<E>("joulesPerToken", nullptr, &E::joules_per_token, 0, "J",
              "board energy per output (or training) token"),
      real<E>("tokensPerWatt", nullptr, &E::tokens_per_watt, 0, "tokens/s/W",
              "tokens per second per board watt (tokens per joule)"),
      real<E>("electricityUsdPerMillionTokens", nullptr, &E::electricity_usd_per_million_tokens, 0,
              "USD", "boards x (1 + hostOverhead) x electricityUsdPerKwh, per million tokens"),
  };
  return t;
}

template <>
const std::vector<RecordField<FitRow>>& record_fields<FitRow>() {
  using R = FitRow;
  static const std::vector<RecordField<R>> t = {
      text<R>("gpu", nullptr, &R::gpu_id, "catalog id"),
      whole<R>("gpus", nullptr, &R::gpus, 0, 0, "GPUs", "cards of the chosen layout; 0 = none fit"),
      whole<R>("tensorParallel", nullptr, &R::tensor_parallel, 0, 0, "", "of the chosen layout"),
      whole<R>("pipelineParallel", nullptr, &R::pipeline_parallel, 0, 0, "",
               "of the chosen layout"),
      real<R>("perGpuBytes", nullptr, &R::per_gpu_bytes, 0, "bytes", "memory per GPU"),
      real<R>("capacityBytes", nullptr, &R::capacity_bytes, 0, "bytes", "usable per GPU"),
      real<R>("tokensPerSecond", nullptr, &R::tokens_per_second, 0, "tokens/s",
              "inference: aggregate; training: job"),
      flag<R>("priceKnown", nullptr, &R::price_known, "the card has a price"),
      real<R>("usdPerHour", nullptr, &R::usd_per_hour, 0, "USD/h", "null when unknown"),
      real<R>("usdPerMillionTokens", nullptr, &R::usd_per_million_tokens, 0, "USD",
              "null when unknown"),
      real<R>("gpuSecondsPerMillionTokens", nullptr, &R::gpu_seconds_per_million_tokens, 0, "GPU-s",
              "the layout's cost in GPU time, known without a price"),
      choice<R, Bottleneck, &R::bottleneck>("bottleneck", nullptr, "what limits the layout"),
  };
  return t;
}

template <>
const std::vector<RecordField<Plan>>& record_fields<Plan>() {
  using P = Plan;
  static const std::vector<RecordField<P>> t = {
      text<P>("gpu", nullptr, &P::gpu_id, "catalog id"),
      whole<P>("gpuCount", nullptr, &P::gpus, 0, 0, "GPUs", "cards in total, all replicas"),
      whole<P>("nodes", nullptr, &P::nodes, 0, 0, "nodes", "machines"),
      whole<P>("tensorParallel", nullptr, &P::tensor, 0, 0, "", "per replica"),
      whole<P>("pipelineParallel", nullptr, &P::pipeline, 0, 0, "", "per replica"),
      whole<P>("replicas", nullptr, &P::replicas, 0, 0, "",
               "inference: copies of the model; training: data-parallel degree"),
      text<P>("weights", nullptr, &P::weights, "weight format id"),
      text<P>("kvCache", nullptr, &P::kv_cache, "KV-cache format id (inference)"),
      choice<P, TrainingMethod, &P::method>("method", nullptr, "training method"),
      flag<P>("priceKnown", nullptr, &P::price_known, "the card has a price on the basis"),
      real<P>("usdPerHour", nullptr, &P::usd_per_hour, 0, "USD/h", "all cards; null when unknown"),
      real<P>("usdPerMillionTokens", nullptr, &P::usd_per_million_tokens, 0, "USD",
              "at the operating point (inference: output tokens); null when unknown"),
      real<P>("perGpuBytes", nullptr, &P::per_gpu_bytes, 0, "bytes", "memory per GPU"),
      real<P>("capacityBytes", nullptr, &P::capacity_bytes, 0, "bytes", "usable per GPU"),
      whole<P>("batch", nullptr, &P::batch, 0, 0, "sequences",
               "inference: running sequences per replica at the operating point"),
      whole<P>("maxBatch", nullptr, &P::max_batch, 0, 0, "sequences",
               "inference: what one replica's memory holds at this context"),
      real<P>("requestsPerSecond", nullptr, &P::requests_per_second, 0, "requests/s",
              "inference: served, all replicas"),
      real<P>("requestsPerSecondCapacity", nullptr, &P::requests_per_second_capacity, 0,
              "requests/s", "inference: the most the replicas serve at this batch"),
      real<P>("ttftP90Seconds", nullptr, &P::ttft_p90_seconds, 0, "s",
              "inference: 90th percentile time to first token, with prefill queueing"),
      real<P>("tokensPerSecondPerUser", nullptr, &P::tokens_per_second_per_user, 0, "tokens/s",
              "inference: 1 / time per output token, prefills interleaved"),
      real<P>("throughputTokensPerSecond", nullptr, &P::throughput_tokens_per_second, 0, "tokens/s",
              "inference: output tokens/s, all replicas"),
      real<P>("prefillShare", nullptr, &P::prefill_share, 0, "",
              "inference: share of each replica's time spent in prefill"),
      whole<P>("zeroStage", nullptr, &P::zero_stage, 0, 0, "", "training"),
      flag<P>("offloadOptimizer", nullptr, &P::offload_optimizer, "training: optimizer in CPU RAM"),
      whole<P>("microBatch", nullptr, &P::micro_batch, 0, 0, "sequences", "training"),
      whole<P>("gradAccumulation", nullptr, &P::grad_accumulation, 0, 0, "", "training"),
      choice<P, Recompute, &P::recompute>("recompute", nullptr, "training"),
      real<P>("stepSeconds", nullptr, &P::step_seconds, 0, "s", "training: one optimizer step"),
      real<P>("totalHours", nullptr, &P::total_hours, 0, "h", "training: the whole job"),
      real<P>("totalUsd", nullptr, &P::total_usd, 0, "USD",
              "training: the whole job; null when unknown"),
      real<P>("mfu", nullptr, &P::mfu, 0, "", "training: model FLOPs utilisation"),
      real<P>("communicationShare", nullptr, &P::communication_share, 0, "",
              "training: of each step"),
      flag<P>("meetsTargets", nullptr, &P::meets_targets, "every target holds"),
      text<P>("reason", nullptr, &P::reason, "one sentence: why it ranks here"),
  };
  return t;
}

template <>
const std::vector<RecordField<PlanStats>>& record_fields<PlanStats>() {
  using S = PlanStats;
  static const std::vector<RecordField<S>> t = {
      real<S>("candidates", nullptr, &S::candidates_count, 0, "",
              "card x split x format combinations considered"),
      real<S>("evaluated", nullptr, &S::evaluated_count, 0, "", "memory and speed evaluations"),
      real<S>("pruned", nullptr, &S::pruned_count, 0, "",
              "candidates dropped before a full evaluation (bound or dominated)"),
      whole<S>("gpuTypes", nullptr, &S::gpu_types, 0, 0, "", "card types the constraints allow"),
      whole<S>("gpuTypesPriced", nullptr, &S::gpu_types_priced, 0, 0, "",
               "of them, with a price on the basis"),
      real<S>("milliseconds", nullptr, &S::milliseconds, 0, "ms", "search time"),
  };
  return t;
}

}  // namespace sizer
