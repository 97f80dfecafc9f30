// What each layer of a model holds (docs/METHOD.md, "Hybrid layers"): attention, a recurrent
// mixer (Gated DeltaNet, Mamba-2, Mamba), an MLP, routed experts. Plain decoders have attention
// and an MLP in every layer; hybrid stacks declare a layer pattern, one letter per layer:
//   A attention + MLP          R recurrent mixer + MLP (Qwen3-Next's linear layers, Jamba)
//   P attention and recurrent mixer side by side + MLP (Falcon-H1)
//   M recurrent mixer alone    * attention alone    - MLP alone    E routed experts alone
// (M, *, - and E are Nemotron-H's hybrid_override_pattern letters).
#pragma once

#include <string>

#include "sizer/catalog.hpp"

namespace sizer {

// The letters a layer pattern may hold, in the order above.
inline constexpr const char* kLayerPatternLetters = "ARPM*-E";

bool layer_has_attention(const ModelArch& model, int layer);
bool layer_has_recurrent_mixer(const ModelArch& model, int layer);
bool layer_has_mlp(const ModelArch& model, int layer);
// The layer's MLP is routed experts: the E letters of a pattern that has them, else from
// first_k_dense_layers and moe_layer_period.
bool layer_is_moe(const ModelArch& model, int layer);

int attention_layer_count(const ModelArch& model);
int recurrent_layer_count(const ModelArch& model);
// Layers with an MLP block (dense or MoE).
int mlp_layer_count(const ModelArch& model);
// Layers with routed experts; 0 for dense.
int moe_layer_count(const ModelArch& model);
// Mixers and MLPs: each ends in a row-parallel matrix, so one all-reduce each under tensor
// parallelism (a parallel-hybrid layer's attention and mixer are summed first: one).
int tensor_parallel_sync_points(const ModelArch& model);

// Parameters of one recurrent mixer (no norms outside it), as the reference implementations
// build it: Qwen3-Next's Qwen3NextGatedDeltaNet, Nemotron-H / Falcon-H1's Mamba-2 mixer,
// Jamba's Mamba mixer.
double recurrent_mixer_params(const ModelArch& model);

// Values one sequence keeps in one recurrent layer, whatever its length: the state
// (heads x state_dim x head_dim) and the convolution's last conv_kernel - 1 inputs.
double recurrent_state_values_per_layer(const ModelArch& model);

// What is wrong with the pattern and the recurrent shape, naming the field; empty when fine.
std::string layer_pattern_problem(const ModelArch& model);

}  // namespace sizer
