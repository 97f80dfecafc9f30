// The formula behind each displayed number, with its inputs (Estimate::formulas), built only
// when a caller asks for explanations: never inside searches.
#include "engine_internal.hpp"
#include "sizer/activations.hpp"
#include "sizer/communication.hpp"
#include "sizer/inference_speed.hpp"
#include "sizer/layers.hpp"
#include "sizer/memory.hpp"
#include "sizer/training_math.hpp"
#include "sizer/vision.hpp"

namespace sizer {
namespace {

std::string gpu_count_text(int gpus) { return fmt_num(gpus) + (gpus == 1 ? " GPU" : " GPUs"); }

void inference_formulas(Estimate& e) {
  const Scenario& s = e.scenario;
  const NumberFormat& wf = weights_format_of(s);
  const NumberFormat& kf = kv_format_of(s);
  const MemoryBreakdown& m = e.memory;
  const InferenceResult& r = e.inference;
  auto& f = e.formulas;
  f["memory.weightsBytes"] =
      fmt_num(e.params.total) + " params x " + fmt_num(wf.bits_per_weight) + " bits / 8" +
      (wf.experts_only && e.params.routed_experts > 0
           ? " for the " + fmt_num(e.params.routed_experts) + " routed-expert params, " +
                 fmt_num(non_expert_bytes_per_param(wf) * 8.0) + " bits for the rest"
           : (wf.keeps_embeddings_16bit ? " (embeddings, LM head and norms at 16 bits)" : "")) +
      " / (" + fmt_num(s.parallel.tensor) + " TP x " + fmt_num(s.parallel.pipeline) +
      " PP) = " + fmt_bytes(m.weights_bytes);
  f["inference.kvCacheBytesPerToken"] =
      s.model.attention == AttentionKind::mla
          ? fmt_num(attention_layer_count(s.model)) + " layers x (" +
                fmt_num(s.model.kv_lora_rank) + " + " + fmt_num(s.model.qk_rope_head_dim) + ") x " +
                fmt_num(kf.bits_per_weight / 8) +
                " bytes = " + fmt_bytes(r.kv_cache_bytes_per_token)
          : "2 x " + fmt_num(attention_layer_count(s.model)) +
                (recurrent_layer_count(s.model) > 0 ? " attention" : "") + " layers x " +
                fmt_num(s.model.num_kv_heads) + " KV heads x " + fmt_num(s.model.head_dim) +
                " head dim x " + fmt_num(kf.bits_per_weight / 8) +
                " bytes = " + fmt_bytes(r.kv_cache_bytes_per_token);
  f["memory.kvCacheBytes"] =
      fmt_bytes(r.kv_cache_bytes_per_token) + " per token x " +
      fmt_num(double(s.inference.prompt_tokens) + s.inference.output_tokens) + " tokens x " +
      fmt_num(replica_batch(s)) + " sequences per replica (sliding windows capped, blocks of " +
      fmt_num(s.assumptions.kv_block_tokens) + ") / split = " + fmt_bytes(m.kv_cache_bytes);
  if (recurrent_layer_count(s.model) > 0) {
    f["memory.recurrentStateBytes"] =
        fmt_num(recurrent_state_values_per_layer(s.model)) + " state values x " +
        fmt_num(recurrent_layer_count(s.model)) + " recurrent layers x " +
        fmt_num(s.assumptions.recurrent_state_bytes) + " bytes x " + fmt_num(replica_batch(s)) +
        " sequences, whatever the context / split = " + fmt_bytes(m.recurrent_state_bytes);
  }
  f["memory.activationBytes"] =
      "prefill chunk working set + scores (" +
      std::string(s.assumptions.prefill_materializes_scores >= 0.5 ? "materialized"
                                                                   : "fused kernel, none") +
      ") + kept logits = " + fmt_bytes(m.activation_bytes);
  f["memory.overheadBytes"] =
      fmt_bytes(device_context_bytes(s)) +
      (is_cpu(s.hardware.gpu) ? " kept by the OS + " : " CUDA context + ") +
      fmt_num(s.assumptions.framework_overhead_fraction) +
      (s.mode == Mode::training ? " x (weights + gradients + optimizer states), gathered ZeRO-3 "
                                  "layers and the allocator's cache = "
                                : " x weights = ") +
      fmt_bytes(m.overhead_bytes);
  if (s.mode == Mode::training) {
    f["memory.allocatorCacheBytes"] = fmt_num(s.assumptions.allocator_cache_fraction) +
                                      " x what a step allocates and frees (activations, loss, "
                                      "gathered layers) = " +
                                      fmt_bytes(m.allocator_cache_bytes);
  }
  f["memory.reserveBytes"] =
      fmt_num(s.assumptions.engine_reserve_fraction) + " x " + fmt_bytes(m.capacity_bytes) +
      " - CUDA context" +
      (s.assumptions.reserve_holds_activations >= 0.5 ? " - activations (they live in it)" : "") +
      (s.assumptions.kv_free_memory_fraction > 0
           ? " + " + fmt_num(1.0 - s.assumptions.kv_free_memory_fraction) +
                 " x the memory left after weights, activations and overhead"
           : "") +
      " = " + fmt_bytes(m.reserve_bytes);
  f["inference.decodeStepSeconds"] =
      "max(" + fmt_bytes(r.weights_read_bytes_per_step * s.parallel.pipeline) + " weights + " +
      fmt_bytes(r.kv_read_bytes_per_step * s.parallel.pipeline) + " KV per GPU / " +
      fmt_num(effective_bandwidth_bytes_per_s(s.hardware.gpu, s.assumptions) / 1e9) +
      " GB/s effective, FLOPs / (" + fmt_num(inference_sustained_flops(s) / 1e12) +
      " TFLOPS sustained x " + fmt_num(s.assumptions.decode_compute_efficiency) + ")) + " +
      fmt_num(s.model.num_layers) + " layers x per-layer overhead + " +
      (fused_moe_kernel_seconds(s) > 0
           ? fmt_num(moe_layer_count(s.model)) + " MoE layers x " +
                 (uses_weight_only_moe_kernel(s)
                      ? fmt_num(s.assumptions.weight_only_moe_kernel_seconds * 1e6) +
                            " us weight-only MoE kernel (weightOnlyMoeKernelSeconds) + "
                      : fmt_num(s.assumptions.fused_moe_kernel_seconds * 1e6) +
                            " us fused MoE kernel (fusedMoeKernelSeconds) + ")
           : std::string()) +
      (r.gemm_floor_seconds_per_step > 0
           ? fmt_num(r.gemm_floor_seconds_per_step * 1e3) +
                 " ms block-FP8 GEMM floor (blockFp8GemmFloorSeconds) + "
           : std::string()) +
      (r.sampling_seconds_per_step > 0 ? fmt_num(r.sampling_seconds_per_step * 1e3) +
                                             " ms host sampling (samplingSecondsPerLogit) + "
                                       : std::string()) +
      fmt_num(r.communication_seconds_per_step * 1e3) +
      " ms communication = " + fmt_num(r.decode_step_seconds * 1e3) + " ms";
  if (r.image_tokens_per_sequence > 0) {
    f["inference.imageTokensPerSequence"] =
        fmt_num(s.inference.images) + " images x " +
        fmt_num(
            vision_tokens_per_image(s.model, s.inference.image_width, s.inference.image_height)) +
        " tokens per " + fmt_num(s.inference.image_width) + " x " +
        fmt_num(s.inference.image_height) + " image = " + fmt_num(r.image_tokens_per_sequence);
    f["inference.visionEncoderSeconds"] =
        fmt_num(s.inference.batch) + " sequences x " + fmt_num(s.inference.images) + " images x " +
        fmt_num(vision_encoder_flops_per_image(s.model, s.inference.image_width,
                                               s.inference.image_height)) +
        " FLOPs / (" + fmt_num(inference_sustained_flops(s) / 1e12) +
        " TFLOPS sustained x prefill efficiency) = " + fmt_num(r.vision_encoder_seconds) + " s";
  }
  if (m.nvme_bytes > 0) {
    f["memory.nvmeBytes"] =
        (s.mode == Mode::training ? std::string("ZeRO-Infinity states on the drive")
                                  : std::string("mmap-ed weights the RAM cannot hold, read at ") +
                                        fmt_num(s.hardware.host.nvme_gb_per_s) + " GB/s per step") +
        " = " + fmt_bytes(m.nvme_bytes);
  }
  f["inference.decodeTokensPerSecond"] = "1 / " + fmt_num(r.decode_step_seconds * 1e3) +
                                         " ms = " + fmt_num(r.decode_tokens_per_second);
  f["inference.ttftSeconds"] =
      "max(" +
      fmt_num(s.inference.batch * prefill_flops(s.model, e.params, s.inference.prompt_tokens)) +
      " FLOPs / (" + fmt_num(inference_sustained_flops(s) / 1e12) + " TFLOPS sustained x " +
      fmt_num(s.assumptions.prefill_compute_efficiency) + " x " + fmt_num(s.parallel.tensor) +
      " TP), weights read per chunk / bandwidth) + " +
      (r.prefill_dequantize_seconds > 0
           ? fmt_num(r.prefill_dequantize_seconds) + " s rebuilding 16-bit weights + "
           : std::string()) +
      "overheads = " + fmt_num(r.ttft_seconds) + " s";
  if (r.gemm_floor_seconds_per_step > 0) {
    f["inference.gemmFloorSecondsPerStep"] =
        "sum over the dense block-FP8 GEMMs of one step (attention projections, dense MLPs, "
        "shared experts) of max(0, " +
        fmt_num(s.assumptions.block_fp8_gemm_floor_seconds * 1e6) +
        " us - the GEMM's weight read or matmul time) = " +
        fmt_num(r.gemm_floor_seconds_per_step * 1e3) + " ms";
  }
  if (r.sampling_seconds_per_step > 0) {
    f["inference.samplingSecondsPerStep"] =
        fmt_num(r.sampling_seconds_per_step /
                (double(s.model.vocab_size) * s.assumptions.sampling_seconds_per_logit)) +
        " sequences x " + fmt_num(s.model.vocab_size) + " logits x " +
        fmt_num(s.assumptions.sampling_seconds_per_logit * 1e9) +
        " ns (samplingSecondsPerLogit) = " + fmt_num(r.sampling_seconds_per_step * 1e3) + " ms";
  }
  if (r.prefill_dequantize_seconds > 0) {
    const double chunk = s.assumptions.prefill_chunk_tokens;
    f["inference.prefillDequantizeSeconds"] =
        fmt_num(chunk > 0 ? std::ceil(double(s.inference.batch) * s.inference.prompt_tokens / chunk)
                          : 1.0) +
        " chunks x " + fmt_bytes(prefill_dequantize_bytes(s, e.params)) +
        " (quantized weights read, 16-bit copies written) / " + fmt_num(s.parallel.tensor) +
        " TP / effective bandwidth = " + fmt_num(r.prefill_dequantize_seconds) + " s";
  }
  f["inference.prefillTokensPerSecond"] =
      fmt_num(double(s.inference.batch) * s.inference.prompt_tokens) + " prompt tokens / " +
      fmt_num(r.ttft_seconds) + " s = " + fmt_num(r.prefill_tokens_per_second);
  f["inference.maxBatch"] = "largest batch whose memory fits " + fmt_bytes(m.capacity_bytes) +
                            " at " +
                            fmt_num(double(s.inference.prompt_tokens) + s.inference.output_tokens) +
                            " tokens = " + fmt_num(r.max_batch);
  f["inference.maxContextTokens"] = "largest prompt + output that fits at batch " +
                                    fmt_num(s.inference.batch) + " = " +
                                    fmt_num(r.max_context_tokens);
  f["inference.endToEndSeconds"] = fmt_num(r.ttft_seconds) + " s prefill + " +
                                   fmt_num(s.inference.output_tokens) + " tokens x " +
                                   fmt_num(r.decode_step_seconds * 1e3) +
                                   " ms per step = " + fmt_num(r.end_to_end_seconds) + " s";
  f["inference.throughputAtMaxBatch"] =
      "the aggregate throughput re-estimated at batch " + fmt_num(r.max_batch) +
      " (the most sequences that fit) = " + fmt_num(r.throughput_at_max_batch) + " tokens/s";
  {
    const int tp = s.parallel.tensor;
    const double one_call = tensor_parallel_all_reduce_seconds(s, s.inference.batch);
    f["inference.communicationSecondsPerStep"] =
        "2 all-reduces per layer x " + fmt_num(s.model.num_layers) + " layers, each of " +
        fmt_num(s.inference.batch) + " x " + fmt_num(s.model.hidden_size) + " x 2 bytes over " +
        fmt_num(tp) + " GPUs = " + fmt_num(one_call * 1e6) + " us (NCCL's faster protocol: LL = " +
        fmt_num(ring_latency_seconds(s.hardware, s.assumptions, tp, tp, 2) * 1e6) +
        " us + 2(t-1)/t x the bytes at a quarter of the link bandwidth, at most " +
        fmt_num(s.assumptions.ll_bus_bandwidth_cap_gb_per_s) +
        " GB/s; LL128 or Simple: a higher latency at the whole link bandwidth) = " +
        fmt_num(r.communication_seconds_per_step * 1e3) + " ms";
  }
  f["memory.hostRamBytes"] =
      "layers, KV cache and optimizer states kept in CPU RAM = " + fmt_bytes(m.host_ram_bytes);
  f["inference.throughputTokensPerSecond"] = fmt_num(s.inference.batch) + " sequences x " +
                                             fmt_num(s.inference.output_tokens) + " tokens / " +
                                             fmt_num(r.end_to_end_seconds) +
                                             " s = " + fmt_num(r.throughput_tokens_per_second);
}

void training_formulas(Estimate& e) {
  const Scenario& s = e.scenario;
  const TrainingWorkload& t = s.training;
  const MemoryBreakdown& m = e.memory;
  const TrainingResult& r = e.training;
  const NumberFormat& wf = weights_format_of(s);
  auto& f = e.formulas;
  const std::string zero = "ZeRO-" + fmt_num(t.zero_stage) + " over " + fmt_num(s.parallel.data);
  f["memory.weightsBytes"] =
      t.method == TrainingMethod::full
          ? fmt_num(e.params.total) + " params x " +
                fmt_num(t.mixed_precision ? 2 : wf.bits_per_weight / 8) + " bytes / model split (" +
                zero + ") = " + fmt_bytes(m.weights_bytes)
          : "frozen base in " + s.weights_format + " + adapters (" + fmt_num(r.trainable_params) +
                " params) = " + fmt_bytes(m.weights_bytes);
  f["memory.gradientBytes"] = fmt_num(r.trainable_params) + " trainable params x " +
                              fmt_num(gradient_bytes_per_param(t, wf)) + " bytes (" + zero +
                              ") = " + fmt_bytes(m.gradient_bytes);
  f["memory.optimizerBytes"] = fmt_num(r.trainable_params) + " trainable params x " +
                               fmt_num(optimizer_bytes_per_param(t, wf, s.model)) + " bytes (" +
                               zero + (t.offload_optimizer ? ", offloaded to CPU" : "") +
                               ") = " + fmt_bytes(m.optimizer_bytes);
  f["memory.activationBytes"] =
      fmt_num(t.micro_batch) + " x " + fmt_num(t.seq_len) + " tokens x " +
      fmt_num(activation_bytes_per_token_per_layer(s.model)) + " bytes per token per layer x " +
      fmt_num(s.model.num_layers) +
      " layers (recompute, flash, TP applied) + logits = " + fmt_bytes(m.activation_bytes);
  const std::string sustained = fmt_num(linear_matmul_fraction(s));
  const std::string attention =
      fmt_num(sustained_attention_fraction(s.hardware.gpu, s.assumptions));
  f["training.flopsPerToken"] = std::string(t.recompute == Recompute::full ? "8" : "6") + " x " +
                                fmt_num(matmul_params(e.params, s.model)) +
                                " params + attention = " + fmt_num(r.flops_per_token);
  f["training.stepSeconds"] =
      fmt_num(r.compute_seconds_per_step) + " s compute + " +
      fmt_num(r.communication_seconds_per_step) + " s exposed communication" +
      (r.rollout_seconds_per_step > 0
           ? " + " + fmt_num(r.rollout_seconds_per_step) + " s rollout generation"
           : "") +
      " = " + fmt_num(r.step_seconds) + " s";
  const RlWorkload rl = rl_workload(t);
  f["training.tokensPerStep"] =
      fmt_num(t.micro_batch) + " micro-batch x " +
      (rl.sequences_per_sample > 1 ? fmt_num(rl.sequences_per_sample) + " sequences per pair x "
                                   : "") +
      fmt_num(t.seq_len) + " tokens x " + fmt_num(t.grad_accumulation) + " accumulation x " +
      fmt_num(s.parallel.data) + " data-parallel replicas = " + fmt_num(r.tokens_per_step);
  if (rl.rollouts) {
    const Scenario gen = rollout_scenario(s);
    const bool separate = t.rollout_gpus > 0;
    const std::string where =
        separate ? "the " + fmt_num(t.rollout_gpus) + " separate rollout GPUs (tensor parallel)"
        : gen.hardware.gpus_per_node == 1
            ? std::string("one GPU")
            : "one replica's " + fmt_num(gen.hardware.gpus_per_node) + " GPUs";
    f["training.rolloutSecondsPerStep"] =
        fmt_num(gen.inference.batch) +
        (separate ? " sequences (micro-batch x accumulation x data-parallel ranks) of "
                  : " sequences (micro-batch x accumulation) of ") +
        fmt_num(gen.inference.prompt_tokens) + " prompt + " + fmt_num(gen.inference.output_tokens) +
        " generated tokens on " + where +
        ", as the inference estimate = " + fmt_num(r.rollout_seconds_per_step) + " s";
    f["memory.rolloutBytes"] =
        separate
            ? "generated on " + where + ": nothing on the training GPUs"
            : "KV cache of the rollouts (16-bit)" +
                  std::string(engine_profile_base(s.inference.engine) == Engine::vllm
                                  ? " + vLLM's own 16-bit weights"
                                  : "") +
                  " beyond the training activations it replaces = " + fmt_bytes(m.rollout_bytes);
  }
  f["training.totalFlops"] = fmt_num(r.flops_per_token) + " FLOPs per token x " +
                             fmt_num(t.tokens) + " tokens = " + fmt_num(r.total_flops);
  f["training.computeSecondsPerStep"] =
      "(linear matmuls at " + fmt_num(e.peak_flops / 1e12) + " TFLOPS x " + sustained +
      " sustained + causal attention at " + attention + " of the 16-bit peak) / " +
      fmt_num(s.assumptions.training_mfu) + " training efficiency + " +
      fmt_bytes(training_elementwise_bytes_per_token(s)) + " of elementwise traffic per token at " +
      fmt_num(s.hardware.gpu.memory_bandwidth_gb_per_s) + " GB/s x " +
      fmt_num(s.assumptions.elementwise_bandwidth_efficiency) + "; x " +
      fmt_num(r.tokens_per_step) + " tokens / " + fmt_num(total_gpus(s)) +
      " GPUs (pipeline bubble included) = " + fmt_num(r.compute_seconds_per_step) + " s";
  f["training.communicationSecondsPerStep"] =
      "exposed gradient reduce / ZeRO gathers / TP all-reduces over the links (" + zero + ", TP " +
      fmt_num(s.parallel.tensor) + ") = " + fmt_num(r.communication_seconds_per_step) + " s";
  f["memory.hostRamBytes"] = "optimizer states" +
                             std::string(t.offload_params ? " and parameters" : "") +
                             " offloaded to CPU RAM = " + fmt_bytes(m.host_ram_bytes);
  f["training.maxMicroBatch"] = "largest micro-batch whose memory fits " +
                                fmt_bytes(m.capacity_bytes) + " at " + fmt_num(t.seq_len) +
                                " tokens = " + fmt_num(r.max_micro_batch);
  f["training.maxSeqLen"] = "largest sequence length that fits at micro-batch " +
                            fmt_num(t.micro_batch) + " (searched up to the model's " +
                            fmt_num(s.model.max_position_embeddings) +
                            " trained tokens) = " + fmt_num(r.max_seq_len);
  f["training.tokensPerSecond"] = fmt_num(r.tokens_per_step) + " tokens / " +
                                  fmt_num(r.step_seconds) + " s = " + fmt_num(r.tokens_per_second);
  f["training.gpuHours"] = fmt_num(r.total_hours) + " h x " + fmt_num(billed_gpus(s)) +
                           " GPUs = " + fmt_num(r.gpu_hours);
  f["training.mfu"] = "model FLOPs per token (no recompute) x " + fmt_num(r.tokens_per_second) +
                      " tokens/s / (" + fmt_num(total_gpus(s)) + " x " +
                      fmt_num(e.peak_flops / 1e12) + " TFLOPS) = " + fmt_num(r.mfu);
  f["training.trainableParams"] = t.method == TrainingMethod::full
                                      ? "all " + fmt_num(e.params.total) + " parameters"
                                      : "r " + fmt_num(t.lora_rank) + " x (d_in + d_out) over " +
                                            fmt_num(double(t.lora_targets.size())) +
                                            " adapted matrices x " + fmt_num(s.model.num_layers) +
                                            " layers = " + fmt_num(r.trainable_params);
  f["training.totalHours"] = fmt_num(t.tokens) + " tokens / " + fmt_num(r.tokens_per_second) +
                             " tokens/s / 3600 = " + fmt_num(r.total_hours) + " h";
}

void common_formulas(Estimate& e) {
  const Scenario& s = e.scenario;
  auto& f = e.formulas;
  const Gpu& g = s.hardware.gpu;
  f["memory.capacityBytes"] =
      is_apple(g)
          ? fmt_bytes(g.memory_capacity_bytes) + " unified RAM x " +
                (s.assumptions.unified_memory_gpu_fraction > 0
                     ? fmt_num(s.assumptions.unified_memory_gpu_fraction) + " (your setting)"
                     : std::string(g.memory_capacity_bytes > 36.0 * 1073741824.0
                                       ? "0.75 (Metal's limit above 36 GB)"
                                       : "2/3 (Metal's limit up to 36 GB)")) +
                " = " + fmt_bytes(e.memory.capacity_bytes) + " the GPU may hold"
          : fmt_bytes(e.memory.capacity_bytes) + " as the device reports it";
  f["memory.perGpuBytes"] =
      "weights + KV + activations + gradients + optimizer + overhead + reserve = " +
      fmt_bytes(e.memory.per_gpu_bytes) + " of " + fmt_bytes(e.memory.capacity_bytes);
  const std::string rollout_engine_text =
      e.memory.rollout_engine_bytes > 0
          ? " + the rollout engine's " + fmt_bytes(e.memory.rollout_engine_bytes) + " on its " +
                fmt_num(s.training.rollout_gpus) + " GPUs"
          : "";
  if (e.memory.rollout_engine_bytes > 0) {
    f["memory.rolloutEngineBytes"] =
        "the rollout engine (" + fmt_num(s.training.rollout_gpus) +
        " GPUs, tensor-parallel: the model and the rollouts' KV cache, with the inference "
        "engine's overhead and reserve) = " +
        fmt_bytes(e.memory.rollout_engine_bytes);
  }
  f["memory.totalBytes"] =
      s.mode == Mode::training
          ? fmt_bytes(e.memory.per_gpu_bytes) + " per GPU x " + gpu_count_text(total_gpus(s)) +
                rollout_engine_text + " = " + fmt_bytes(e.memory.total_bytes)
          : "weights and KV cache once across the split + working memory, overhead and reserve "
            "on each of " +
                gpu_count_text(total_gpus(s)) + " = " + fmt_bytes(e.memory.total_bytes);
  f["cost.usdPerHour"] =
      gpu_count_text(billed_gpus(s)) + " x $" + fmt_num(e.cost.usd_per_gpu_hour) + " (" +
      (e.cost.price_known ? e.cost.basis + ", " + e.cost.provider : "price unknown") + ") = $" +
      fmt_num(e.cost.usd_per_hour);
  if (e.cost.purchase_usd > 0) {
    f["cost.ownUsdPerGpuHour"] =
        "$" + fmt_num(e.cost.purchase_usd) + " / (" + fmt_num(s.cost.own.years) +
        " years x 8760 h x " + fmt_num(s.cost.own.utilisation) + " busy) + " +
        fmt_num(s.hardware.gpu.tdp_w) + " W TDP x " + fmt_num(s.assumptions.board_power_fraction) +
        " under load x (1 + " + fmt_num(s.cost.own.host_overhead) + " host) x $" +
        fmt_num(s.cost.own.electricity_usd_per_kwh) + "/kWh = $" +
        fmt_num(e.cost.own_usd_per_gpu_hour) + "/h";
  }
  const double tps = s.mode == Mode::inference ? e.inference.throughput_tokens_per_second
                                               : e.training.tokens_per_second;
  f["params.total"] = "embedding " + fmt_num(e.params.embedding) + " + LM head " +
                      fmt_num(e.params.lm_head) + " + attention " + fmt_num(e.params.attention) +
                      " + MLP " + fmt_num(e.params.mlp) + " + norms " + fmt_num(e.params.norms) +
                      " = " + fmt_num(e.params.total);
  f["cost.totalUsd"] =
      s.mode == Mode::training
          ? fmt_num(e.training.gpu_hours) + " GPU-hours x $" + fmt_num(e.cost.usd_per_gpu_hour) +
                " = $" + fmt_num(e.cost.total_usd)
          : "$" + fmt_num(e.cost.usd_per_hour) + " x " + fmt_num(e.inference.end_to_end_seconds) +
                " s / 3600 = $" + fmt_num(e.cost.total_usd);
  f["cost.usdPerMillionTokens"] = "$" + fmt_num(e.cost.usd_per_hour) + " / (" + fmt_num(tps) +
                                  " tokens/s x 3600) x 1e6 = $" +
                                  fmt_num(e.cost.usd_per_million_tokens);
  if (e.energy.watts > 0) {
    f["energy.watts"] = gpu_count_text(billed_gpus(s)) + " x " + fmt_num(s.hardware.gpu.tdp_w) +
                        " W TDP x " + fmt_num(s.assumptions.board_power_fraction) +
                        " under load = " + fmt_num(e.energy.watts) + " W";
    f["energy.joulesPerToken"] = fmt_num(e.energy.watts) + " W / " + fmt_num(tps) +
                                 " tokens/s = " + fmt_num(e.energy.joules_per_token) + " J";
    f["energy.electricityUsdPerMillionTokens"] =
        fmt_num(e.energy.watts) + " W x (1 + " + fmt_num(s.cost.own.host_overhead) + " host) x $" +
        fmt_num(s.cost.own.electricity_usd_per_kwh) + "/kWh / (" + fmt_num(tps) +
        " tokens/s x 3600) x 1e6 = $" + fmt_num(e.energy.electricity_usd_per_million_tokens);
  }
}

}  // namespace

void add_formulas(Estimate& e) {
  if (e.scenario.mode == Mode::inference) {
    inference_formulas(e);
  } else {
    training_formulas(e);
  }
  common_formulas(e);
}

}  // namespace sizer
