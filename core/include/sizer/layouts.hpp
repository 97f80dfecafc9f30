// How n cards can split a model: tensor parallel (inside a node, dividing the attention and KV
// heads), pipeline parallel (at most one stage per layer) and data-parallel replicas. The fit
// table, the solvers, the app's pickers and JavaScript (sizer.layouts) all ask these functions.
#pragma once

#include <vector>

#include "sizer/scenario.hpp"

namespace sizer {

// GPUs per node when a search adds cards: HGX / DGX boards hold 8 (and so does the fit table).
constexpr int kGpusPerNode = 8;

struct Layout {
  int gpus = 1;
  int gpus_per_node = 1;
  int nodes = 1;
  int tensor = 1;
  int pipeline = 1;
  int data = 1;
};

// Tensor degrees that divide the attention heads and the KV heads (or are a multiple of them,
// as vLLM and Megatron replicate KV heads; MLA has no KV heads to split), and divide the GPUs of
// one node: tensor parallelism stays inside a node, its all-reduces need the fast link.
std::vector<int> valid_tensor_degrees(const ModelArch& model, int gpus_per_node);

// Pipeline degrees that divide the GPUs left after tensor parallelism, at most one per layer.
std::vector<int> valid_pipeline_degrees(const ModelArch& model, int total_gpus, int tensor);

// Expert-parallel degrees for training: they divide the routed experts and the data-parallel
// degree (the EP group sits inside it); {1} for a dense model.
std::vector<int> valid_expert_degrees(const ModelArch& model, int data_parallel);

// Interleaved-1F1B chunks per stage: pipeline x chunks divides the layers; {1} without a
// pipeline.
std::vector<int> valid_virtual_stage_counts(const ModelArch& model, int pipeline);

// Context-parallel degrees for training: c divides the GPUs one tensor x pipeline split leaves
// (`replica_gpus`), and 2c divides the sequence (each rank takes two load-balanced chunks).
std::vector<int> valid_context_degrees(int replica_gpus, int seq_len);

// HSDP shard groups: 0 (ZeRO over the whole data-parallel group) and each divisor from 2 to
// data_parallel / 2.
std::vector<int> valid_shard_groups(int data_parallel);

// Nodes for n cards: one node up to kGpusPerNode, else whole nodes (false when n is not a
// multiple of kGpusPerNode).
bool node_split(int gpus, int& gpus_per_node, int& nodes);

// Every valid (tensor, pipeline, data) split of n cards for this scenario's model. Training with
// ZeRO / FSDP (stage >= 1) shards over data parallelism only.
std::vector<Layout> layouts_for(const Scenario& s, int gpus);

// The split a new multi-card choice starts from: the largest tensor degree inside a node, the
// pipeline across the rest, no replicas (ZeRO training: all data parallel). False when n cards
// cannot hold a valid split.
bool default_layout(const Scenario& s, int gpus, Layout& out);

// The layout of n cards split tensor x pipeline (the rest data parallel); false when that is not
// a valid split of n cards into nodes.
bool make_layout(int gpus, int tensor, int pipeline, Layout& out);

void apply_layout(Scenario& s, const Layout& layout);

}  // namespace sizer
