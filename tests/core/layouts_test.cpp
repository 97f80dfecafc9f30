// Valid splits of a model over n cards (core/src/layouts.cpp): the rules the pickers, the fit
// table and JavaScript share.
#include "sizer/layouts.hpp"

#include <catch2/catch.hpp>

#include "engine_test_util.hpp"

using namespace sizer;
using namespace sizer_test;

namespace {

ModelArch heads(int h, int kv) {
  ModelArch m;
  m.num_heads = h;
  m.num_kv_heads = kv;
  m.num_layers = 32;
  return m;
}

}  // namespace

TEST_CASE("tensor parallel offers only degrees dividing the heads inside one node", "[layouts]") {
  // Llama 3 8B: 32 heads, 8 KV heads, 8 GPUs per node.
  CHECK(valid_tensor_degrees(heads(32, 8), 8) == std::vector<int>{1, 2, 4, 8});
  CHECK(valid_tensor_degrees(heads(40, 40), 8) == std::vector<int>{1, 2, 4, 8});
  // 28 heads / 4 KV heads (Qwen2.5 7B): 8 does not divide 28.
  CHECK(valid_tensor_degrees(heads(28, 4), 8) == std::vector<int>{1, 2, 4});
  // 6 GPUs in a node: 4 does not divide the node.
  CHECK(valid_tensor_degrees(heads(32, 8), 6) == std::vector<int>{1, 2});
  // KV heads fewer than the degree must divide it (MQA replicates the single KV head).
  CHECK(valid_tensor_degrees(heads(16, 1), 8) == std::vector<int>{1, 2, 4, 8});
  CHECK(valid_tensor_degrees(heads(0, 0), 1) == std::vector<int>{1});
}

TEST_CASE("MLA has no KV heads to split: DeepSeek-V3 takes any degree dividing its 128 heads",
          "[layouts]") {
  // The app's own copy of this rule missed the MLA case (it checked num_kv_heads).
  ModelArch m = model("deepseek-v3");
  m.num_kv_heads = 3;  // a value that would block every degree if KV heads were checked
  CHECK(valid_tensor_degrees(m, 8) == std::vector<int>{1, 2, 4, 8});
}

TEST_CASE("pipeline degrees divide the remaining GPUs and never exceed the layers", "[layouts]") {
  ModelArch m = heads(32, 8);
  CHECK(valid_pipeline_degrees(m, 16, 4) == std::vector<int>{1, 2, 4});
  m.num_layers = 2;
  CHECK(valid_pipeline_degrees(m, 8, 1) == std::vector<int>{1, 2});
  m.num_layers = 80;
  CHECK(valid_pipeline_degrees(m, 1, 1) == std::vector<int>{1});
}

TEST_CASE("16 cards are two nodes of 8, 12 cards cannot be split into nodes", "[layouts]") {
  int per_node = 0, nodes = 0;
  REQUIRE(node_split(16, per_node, nodes));
  CHECK(per_node == 8);
  CHECK(nodes == 2);
  CHECK_FALSE(node_split(12, per_node, nodes));
  REQUIRE(node_split(6, per_node, nodes));
  CHECK(per_node == 6);
  CHECK(nodes == 1);
}

TEST_CASE("70B on 8 cards starts from tensor parallel 8 inside the node", "[layouts]") {
  const Scenario s = inference("llama-3-70b", "bf16", "h100-sxm-80gb");
  Layout l;
  REQUIRE(default_layout(s, 8, l));
  CHECK(l.tensor == 8);
  CHECK(l.pipeline == 1);
  CHECK(l.data == 1);
  REQUIRE(default_layout(s, 16, l));
  CHECK(l.tensor == 8);
  CHECK(l.pipeline == 2);
  CHECK(l.nodes == 2);
  // Every split of 8 cards multiplies out to 8 and divides the heads.
  for (const Layout& x : layouts_for(s, 8)) {
    CHECK(x.tensor * x.pipeline * x.data == 8);
    CHECK(64 % x.tensor == 0);
  }
  CHECK(layouts_for(s, 8).size() == 10);  // (1,1..8), (2,1..4), (4,1..2), (8,1) = 4+3+2+1
}

TEST_CASE("ZeRO training shards over data parallelism only", "[layouts]") {
  Scenario s = training("llama-2-7b", "bf16", "a100-sxm-80gb");
  s.training.zero_stage = 3;
  const std::vector<Layout> ls = layouts_for(s, 8);
  REQUIRE(ls.size() == 1);
  CHECK(ls[0].data == 8);
  CHECK(ls[0].tensor == 1);
}

TEST_CASE("make_layout refuses splits that do not divide the cards", "[layouts]") {
  Layout l;
  CHECK(make_layout(8, 4, 2, l));
  CHECK(l.data == 1);
  CHECK(make_layout(8, 2, 2, l));
  CHECK(l.data == 2);
  CHECK_FALSE(make_layout(8, 3, 1, l));
  CHECK_FALSE(make_layout(12, 4, 1, l));  // 12 cards are not whole nodes of 8
}

TEST_CASE(
    "expert-parallel degrees divide the experts and the data degree, virtual stages the layers",
    "[layouts]") {
  const ModelArch& mixtral = model("mixtral-8x7b");  // 8 experts, 32 layers
  CHECK(valid_expert_degrees(mixtral, 8) == std::vector<int>{1, 2, 4, 8});
  CHECK(valid_expert_degrees(mixtral, 6) == std::vector<int>{1, 2});
  CHECK(valid_expert_degrees(model("llama-3.1-8b"), 8) == std::vector<int>{1});
  CHECK(valid_virtual_stage_counts(mixtral, 1) == std::vector<int>{1});
  CHECK(valid_virtual_stage_counts(mixtral, 4) == std::vector<int>{1, 2, 4, 8});
}
