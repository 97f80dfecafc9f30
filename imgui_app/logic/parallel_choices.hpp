// Which parallel degrees make sense, so the pickers offer only valid ones. Pure C++.
#pragma once

#include <vector>

namespace app {

// Tensor-parallel degrees: divide the attention heads (and the KV heads, or are a multiple of
// them, as vLLM requires), divide the GPUs of one node (tensor parallelism stays inside a node:
// its all-reduces need NVLink-class bandwidth).
std::vector<int> valid_tensor_degrees(int num_heads, int num_kv_heads, int gpus_per_node);

// Pipeline degrees: divide the GPUs left after tensor parallelism and are at most the layer count.
std::vector<int> valid_pipeline_degrees(int num_layers, int total_gpus, int tensor);

}  // namespace app
