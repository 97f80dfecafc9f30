// Valid splits of a model over n cards (see layouts.hpp).
#include "sizer/layouts.hpp"

#include <algorithm>

namespace sizer {

namespace {

bool tensor_degree_valid(const ModelArch& m, int d, int gpus_per_node) {
  const int kv = m.num_kv_heads > 0 ? m.num_kv_heads : m.num_heads;
  if (gpus_per_node % d != 0) return false;
  if (m.num_heads > 0 && m.num_heads % d != 0) return false;
  return m.attention == AttentionKind::mla || kv <= 0 || kv % d == 0 || d % kv == 0;
}

}  // namespace

std::vector<int> valid_tensor_degrees(const ModelArch& m, int gpus_per_node) {
  std::vector<int> out;
  for (int d = 1; d <= std::max(1, gpus_per_node); ++d) {
    if (tensor_degree_valid(m, d, gpus_per_node)) out.push_back(d);
  }
  if (out.empty()) out.push_back(1);
  return out;
}

std::vector<int> valid_pipeline_degrees(const ModelArch& m, int total_gpus, int tensor) {
  std::vector<int> out;
  const int rest = std::max(1, total_gpus / std::max(1, tensor));
  for (int p = 1; p <= rest; ++p) {
    if (rest % p != 0) continue;
    if (m.num_layers > 0 && p > m.num_layers) continue;
    out.push_back(p);
  }
  if (out.empty()) out.push_back(1);
  return out;
}

std::vector<int> valid_expert_degrees(const ModelArch& m, int data_parallel) {
  std::vector<int> out = {1};
  if (m.num_experts <= 1) return out;
  for (int e = 2; e <= std::min(m.num_experts, data_parallel); ++e) {
    if (m.num_experts % e == 0 && data_parallel % e == 0) out.push_back(e);
  }
  return out;
}

std::vector<int> valid_virtual_stage_counts(const ModelArch& m, int pipeline) {
  std::vector<int> out = {1};
  if (pipeline < 2 || m.num_layers <= 0) return out;
  for (int v = 2; v * pipeline <= m.num_layers; ++v) {
    if (m.num_layers % (v * pipeline) == 0) out.push_back(v);
  }
  return out;
}

std::vector<int> valid_context_degrees(int replica_gpus, int seq_len) {
  std::vector<int> out = {1};
  for (int c = 2; c <= replica_gpus; ++c) {
    if (replica_gpus % c == 0 && seq_len % (2 * c) == 0) out.push_back(c);
  }
  return out;
}

std::vector<int> valid_shard_groups(int data_parallel) {
  std::vector<int> out = {0};
  for (int g = 2; g <= data_parallel / 2; ++g) {
    if (data_parallel % g == 0) out.push_back(g);
  }
  return out;
}

bool node_split(int gpus, int& gpus_per_node, int& nodes) {
  if (gpus < 1) return false;
  if (gpus <= kGpusPerNode) {
    gpus_per_node = gpus;
    nodes = 1;
    return true;
  }
  if (gpus % kGpusPerNode != 0) return false;
  gpus_per_node = kGpusPerNode;
  nodes = gpus / kGpusPerNode;
  return true;
}

std::vector<Layout> layouts_for(const Scenario& s, int gpus) {
  std::vector<Layout> out;
  Layout base;
  base.gpus = gpus;
  if (!node_split(gpus, base.gpus_per_node, base.nodes)) return out;
  if (s.mode == Mode::training && s.training.zero_stage > 0) {
    base.data = gpus;
    out.push_back(base);
    return out;
  }
  for (int tp : valid_tensor_degrees(s.model, base.gpus_per_node)) {
    for (int pp : valid_pipeline_degrees(s.model, gpus, tp)) {
      Layout l = base;
      l.tensor = tp;
      l.pipeline = pp;
      l.data = gpus / (tp * pp);
      if (l.data * tp * pp == gpus) out.push_back(l);
    }
  }
  return out;
}

// The same answer as the widest no-replica entry of layouts_for(), without building the list (the
// fit table asks for every card count of every card type).
bool default_layout(const Scenario& s, int gpus, Layout& out) {
  Layout l;
  l.gpus = gpus;
  if (!node_split(gpus, l.gpus_per_node, l.nodes)) return false;
  if (s.mode == Mode::training && s.training.zero_stage > 0) {
    l.data = gpus;
    out = l;
    return true;
  }
  for (int tp = l.gpus_per_node; tp >= 1; --tp) {
    if (!tensor_degree_valid(s.model, tp, l.gpus_per_node)) continue;
    const int pp = gpus / tp;
    if (s.model.num_layers > 0 && pp > s.model.num_layers) return false;
    l.tensor = tp;
    l.pipeline = pp;
    l.data = 1;
    out = l;
    return true;
  }
  return false;
}

bool make_layout(int gpus, int tensor, int pipeline, Layout& out) {
  Layout l;
  l.gpus = gpus;
  if (tensor < 1 || pipeline < 1 || !node_split(gpus, l.gpus_per_node, l.nodes)) return false;
  if (gpus % (tensor * pipeline) != 0) return false;
  l.tensor = tensor;
  l.pipeline = pipeline;
  l.data = gpus / (tensor * pipeline);
  out = l;
  return true;
}

void apply_layout(Scenario& s, const Layout& l) {
  s.hardware.gpus_per_node = l.gpus_per_node;
  s.hardware.nodes = l.nodes;
  s.parallel.tensor = l.tensor;
  s.parallel.pipeline = l.pipeline;
  s.parallel.data = l.data;
  apply_engine_setup_defaults(s);  // SGLang's memory share follows the ranks
}

}  // namespace sizer
