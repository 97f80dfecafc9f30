#include "logic/parallel_choices.hpp"

namespace app {

std::vector<int> valid_tensor_degrees(int num_heads, int num_kv_heads, int gpus_per_node) {
  std::vector<int> out;
  if (num_kv_heads <= 0) num_kv_heads = num_heads;
  for (int d = 1; d <= gpus_per_node; ++d) {
    if (gpus_per_node % d != 0) continue;
    if (num_heads > 0 && num_heads % d != 0) continue;
    if (num_kv_heads > 0 && num_kv_heads % d != 0 && d % num_kv_heads != 0) continue;
    out.push_back(d);
  }
  if (out.empty()) out.push_back(1);
  return out;
}

std::vector<int> valid_pipeline_degrees(int num_layers, int total_gpus, int tensor) {
  std::vector<int> out;
  if (tensor < 1) tensor = 1;
  int rest = total_gpus / tensor;
  for (int p = 1; p <= rest; ++p) {
    if (rest % p != 0) continue;
    if (num_layers > 0 && p > num_layers) continue;
    out.push_back(p);
  }
  if (out.empty()) out.push_back(1);
  return out;
}

}  // namespace app
