// The least time of a block-scaled FP8 GEMM at a few tokens (docs/METHOD.md, "Block-FP8 GEMM
// floor").
#pragma once

#include "sizer/catalog.hpp"
#include "sizer/scenario.hpp"

namespace sizer {

// FP8 weights with 128x128 block scales (DeepSeek-V3, Kimi K2, Qwen3-FP8): their dense GEMMs
// run the block-scaled kernels (vLLM's w8a8_block_fp8_matmul, sgl-kernel, DeepGEMM).
bool is_block_scaled_fp8(const NumberFormat& format);

// The floor applies: a positive blockFp8GemmFloorSeconds, block-scaled FP8 weights, a GPU.
// (Callers test it first, so a page that never sizes such weights never runs the GEMM walk
// below: the app's first frame leaves it in app.deferred.wasm.)
bool block_fp8_gemm_floor_applies(const Scenario& normalized);

// Time a forward pass of `tokens` tokens spends above the roofline because each dense GEMM on
// block-scaled FP8 weights takes at least assumptions.blockFp8GemmFloorSeconds: the sum, over
// the dense weight GEMMs one GPU runs (attention projections, dense MLPs, shared experts, fused
// as the engines fuse them), of max(0, floor - max(weight read, matmul) time). Routed experts
// are the fused MoE kernel's (fusedMoeKernelSeconds). 0 where the floor does not apply.
double block_fp8_gemm_floor_seconds(const Scenario& normalized, double tokens);

}  // namespace sizer
