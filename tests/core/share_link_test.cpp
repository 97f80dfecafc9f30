// Share links: the fragment codec round-trips requests and UI state, and decoding survives any
// input (unknown keys, bad numbers, bad escapes, huge links) while keeping what is valid.
#include "sizer/share_link.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "sizer/request_json.hpp"

using nlohmann::json;
using sizer::decode_share_fragment;
using sizer::encode_share_fragment;

namespace {

bool any_starts(const std::vector<std::string>& lines, const std::string& prefix) {
  for (const std::string& l : lines) {
    if (l.rfind(prefix, 0) == 0) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("a LoRA request becomes readable key=value pairs with a version", "[share-link]") {
  const std::string fragment = encode_share_fragment(
      R"({"mode": "training", "model": "llama-2-7b", "gpu": "rtx-4090-24gb", "gpuCount": 1,
          "training": {"method": "lora", "loraTargets": ["q", "v"]},
          "assumptions": {"decodeBandwidthEfficiency": 0.55}})",
      R"({"lang": "zh", "theme": "dark"})");
  CHECK(fragment ==
        "v=1&assumptions.decodeBandwidthEfficiency=0.55&gpu=rtx-4090-24gb&gpuCount=1"
        "&mode=training&model=llama-2-7b&training.loraTargets=q,v&training.method=lora"
        "&ui.lang=zh&ui.theme=dark");
}

TEST_CASE("decoding restores the typed request and the UI state", "[share-link]") {
  const auto d = decode_share_fragment(
      "#v=1&mode=training&model=llama-2-7b&gpuCount=8&sequenceParallel=true"
      "&training.loraTargets=q,v&training.tokens=2e9&assumptions.trainingMfu=0.35&ui.lang=zh");
  REQUIRE(d.ok);
  CHECK(d.errors.empty());
  const json r = json::parse(d.request_json);
  CHECK(r == json::parse(R"({"mode": "training", "model": "llama-2-7b", "gpuCount": 8,
                             "sequenceParallel": true, "assumptions": {"trainingMfu": 0.35},
                             "training": {"loraTargets": ["q", "v"], "tokens": 2e9}})"));
  CHECK(json::parse(d.ui_json) == json{{"lang", "zh"}});
}

TEST_CASE("text with spaces, commas, ampersands and Chinese survives the round trip",
          "[share-link]") {
  const json request = {{"gpu", {{"name", "我的 GPU, 4090 & co"}, {"memoryGb", 48}}},
                        {"model", {{"arch", {{"name", "4090"}, {"hiddenSize", 4096}}}}}};
  const std::string fragment = encode_share_fragment(request.dump(), "{}");
  CHECK(fragment.find(' ') == std::string::npos);
  CHECK(fragment.find("arch.hiddenSize=4096") != std::string::npos);
  const auto d = decode_share_fragment(fragment);
  REQUIRE(d.ok);
  CHECK(d.errors.empty());
  // "4090" stays text because name is a text field, not a number.
  CHECK(json::parse(d.request_json) == request);
}

TEST_CASE("an HF config travels under hf.* with lists marked []", "[share-link]") {
  const json request = {{"model",
                         {{"hfConfig",
                           {{"architectures", {"LlamaForCausalLM"}},
                            {"hidden_size", 4096},
                            {"rope_scaling", {{"factor", 8.0}, {"type", "llama3"}}},
                            {"tie_word_embeddings", false}}}}}};
  const std::string fragment = encode_share_fragment(request.dump(), "{}");
  CHECK(fragment.find("hf.architectures%5B%5D=LlamaForCausalLM") != std::string::npos);
  const auto d = decode_share_fragment(fragment);
  REQUIRE(d.ok);
  CHECK(d.errors.empty());
  CHECK(json::parse(d.request_json) == request);
}

TEST_CASE("bad pairs are reported and skipped, the valid ones are kept", "[share-link]") {
  const auto d = decode_share_fragment(
      "v=2&model=llama-2-7b&gpuCount=eight&batch=%ZZ&colour=red&noequals&"
      "kvInHostMemory=yes&batch=4&batch=5&gpu=h100-sxm-80gb&gpu.memoryGb=100&&=1");
  CHECK(d.ok);
  CHECK(any_starts(d.errors, "v: unknown version '2'"));
  CHECK(any_starts(d.errors, "gpuCount: not a number: 'eight'"));
  CHECK(any_starts(d.errors, "batch: bad percent-escape"));
  CHECK(any_starts(d.errors, "colour: unknown key"));
  CHECK(any_starts(d.errors, "noequals: no value"));
  CHECK(any_starts(d.errors, "kvInHostMemory: must be true or false"));
  CHECK(any_starts(d.errors, "batch: repeated or conflicting key"));
  CHECK(any_starts(d.errors, "gpu.memoryGb: conflicts with an earlier key"));
  CHECK(json::parse(d.request_json) ==
        json{{"model", "llama-2-7b"}, {"batch", 4}, {"gpu", "h100-sxm-80gb"}});
}

TEST_CASE("a link longer than 16 KB is refused without parsing it", "[share-link]") {
  const auto d = decode_share_fragment("v=1&model=" + std::string(20000, 'x'));
  CHECK_FALSE(d.ok);
  CHECK(d.request_json == "{}");
  REQUIRE(d.errors.size() == 1);
  CHECK(d.errors[0] == "link: longer than 16384 characters; ignored");
}

TEST_CASE("an empty link or one of only separators decodes to an empty request", "[share-link]") {
  for (const char* f : {"", "#", "&&&", "v=1"}) {
    INFO(f);
    const auto d = decode_share_fragment(f);
    CHECK_FALSE(d.ok);
    CHECK(d.request_json == "{}");
    CHECK(d.ui_json == "{}");
  }
}

TEST_CASE("a 70B training scenario survives request -> link -> request unchanged", "[share-link]") {
  const auto first = sizer::scenario_from_request_json(R"({
    "mode": "training", "model": "llama-2-70b", "gpu": "h100-sxm-80gb", "gpuCount": 64,
    "nodes": 8, "tensorParallel": 8, "pipelineParallel": 2, "weights": "bf16", "kvCache": "bf16",
    "training": {"method": "full", "zeroStage": 1, "recompute": "selective", "seqLen": 4096},
    "assumptions": {"trainingMfu": 0.42}})");
  REQUIRE(first.ok);
  const std::string request = sizer::scenario_to_request_json(first.scenario);
  const auto link = decode_share_fragment(encode_share_fragment(request, R"({"tab": "training"})"));
  REQUIRE(link.ok);
  CHECK(link.errors.empty());
  CHECK(json::parse(link.request_json) == json::parse(request));
  const auto second = sizer::scenario_from_request_json(link.request_json);
  REQUIRE(second.ok);
  CHECK(sizer::scenario_to_request_json(second.scenario) == request);
}

TEST_CASE("a list whose first item is empty keeps all its items (found by fuzzing)",
          "[share-link]") {
  const auto d = decode_share_fragment("hf.architectures%5B%5D=,.BfAh");
  REQUIRE(d.ok);
  const auto again = decode_share_fragment(encode_share_fragment(d.request_json, d.ui_json));
  CHECK(json::parse(again.request_json) == json::parse(d.request_json));
  CHECK(json::parse(d.request_json)["model"]["hfConfig"]["architectures"] == json({"", ".BfAh"}));
}

TEST_CASE("a request nested thousands deep encodes to just the version", "[share-link]") {
  const std::string deep =
      R"({"model": {"hfConfig": )" + std::string(5000, '{') + std::string(5000, '}') + "}}";
  CHECK(encode_share_fragment(deep, "{}") == "v=1");
}
