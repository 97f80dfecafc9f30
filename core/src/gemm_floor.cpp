// Block-FP8 GEMM floor: at a few rows, a block-scaled FP8 GEMM's time is set by the kernel's
// fixed work (scale loads, per-token-group activation quantization, split-K reduction), not by
// its weights. Kernel benchmarks at M = 1 on DeepSeek-V3's TP8 shapes: SGLang PR #5820.
#include "sizer/gemm_floor.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "engine_internal.hpp"
#include "sizer/inference_speed.hpp"
#include "sizer/layers.hpp"

namespace sizer {
namespace {

// One kind of dense GEMM in a model: its weights per GPU and how many a forward pass runs.
struct DenseGemm {
  double params_per_gpu;
  double count;
};

// The dense weight GEMMs of a forward pass as vLLM and SGLang fuse them: q/k/v in one GEMM,
// gate and up in one. MLA's down-projections of the query and the latent are one replicated
// GEMM (fused_qkv_a_proj, ReplicatedLinear), its key/value up-projection is absorbed into
// 16-bit batched matmuls, not a block-FP8 GEMM. Recurrent mixers are left out.
std::vector<DenseGemm> dense_gemms(const ModelArch& m, double tp) {
  const double h = m.hidden_size;
  const double heads = m.num_heads;
  const double attention_layers = attention_layer_count(m);
  const double moe_layers = moe_layer_count(m);
  const double dense_mlp_layers = std::max(0.0, mlp_layer_count(m) - moe_layers);
  const double gate_up = m.mlp_gated ? 2.0 : 1.0;
  std::vector<DenseGemm> gemms;
  if (m.attention == AttentionKind::mla) {
    const double qk_head = double(m.qk_nope_head_dim) + m.qk_rope_head_dim;
    const double latent = double(m.kv_lora_rank) + m.qk_rope_head_dim;
    if (m.q_lora_rank > 0) {
      gemms.push_back({h * (m.q_lora_rank + latent), attention_layers});
      gemms.push_back({m.q_lora_rank * heads * qk_head / tp, attention_layers});
    } else {
      gemms.push_back({h * heads * qk_head / tp, attention_layers});
      gemms.push_back({h * latent, attention_layers});
    }
    gemms.push_back({heads * m.v_head_dim * h / tp, attention_layers});
  } else {
    const double q_width = heads * m.head_dim;
    const double q_proj = m.attention_output_gate ? 2 * q_width : q_width;
    const double kv_width = double(m.num_kv_heads) * m.head_dim;
    gemms.push_back({h * (q_proj + 2 * kv_width) / tp, attention_layers});
    gemms.push_back({q_width * h / tp, attention_layers});
  }
  if (dense_mlp_layers > 0) {
    gemms.push_back({h * gate_up * m.intermediate_size / tp, dense_mlp_layers});
    gemms.push_back({double(m.intermediate_size) * h / tp, dense_mlp_layers});
  }
  if (moe_layers > 0 && m.num_shared_experts > 0) {
    const double shared = double(m.num_shared_experts) * m.shared_expert_intermediate_size;
    gemms.push_back({h * gate_up * shared / tp, moe_layers});
    gemms.push_back({shared * h / tp, moe_layers});
  }
  return gemms;
}

}  // namespace

bool is_block_scaled_fp8(const NumberFormat& f) {
  return f.family == FormatFamily::fp8 && f.block.find("128x128") != std::string::npos;
}

bool block_fp8_gemm_floor_applies(const Scenario& s) {
  return s.assumptions.block_fp8_gemm_floor_seconds > 0 && !is_cpu(s.hardware.gpu) &&
         is_block_scaled_fp8(weights_format_of(s));
}

double block_fp8_gemm_floor_seconds(const Scenario& s, double tokens) {
  if (!block_fp8_gemm_floor_applies(s)) return 0.0;
  const double floor = s.assumptions.block_fp8_gemm_floor_seconds;
  const double bytes_per_param = weights_format_of(s).bits_per_weight / 8.0;
  const double bandwidth = effective_bandwidth_bytes_per_s(s.hardware.gpu, s.assumptions);
  const double matmul_rate = inference_sustained_flops(s) * s.assumptions.decode_compute_efficiency;
  double extra = 0.0;
  for (const DenseGemm& g : dense_gemms(s.model, std::max(1, s.parallel.tensor))) {
    const double read = safe_div(g.params_per_gpu * bytes_per_param, bandwidth);
    const double math = safe_div(2.0 * tokens * g.params_per_gpu, matmul_rate);
    extra += g.count * std::max(0.0, floor - std::max(read, math));
  }
  return extra;
}

}  // namespace sizer
