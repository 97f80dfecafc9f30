// Valid splits of a model over n cards (see layouts.hpp).
#include "sizer/layouts.hpp"

#include <algorithm>

namespace sizer {

std::vector<int> valid_tensor_degrees(const ModelArch& m, int gpus_per_node) {
  std::vector<int> out;
  const int heads = m.num_heads;
  const int kv = m.num_kv_heads > 0 ? m.num_kv_heads : heads;
  for (int d = 1; d <= std::max(1, gpus_per_node); ++d) {
    if (gpus_per_node % d != 0) continue;
    if (heads > 0 && heads % d != 0) continue;
    if (m.attention == AttentionKind::standard && kv > 0 && kv % d != 0 && d % kv != 0) continue;
    out.push_back(d);
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

bool default_layout(const Scenario& s, int gpus, Layout& out) {
  Layout best;
  bool found = false;
  for (const Layout& l : layouts_for(s, gpus)) {
    if (s.mode == Mode::training && s.training.zero_stage > 0) return out = l, true;
    if (l.data != 1) continue;
    if (!found || l.tensor > best.tensor) {
      best = l;
      found = true;
    }
  }
  if (found) out = best;
  return found;
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
}

}  // namespace sizer
