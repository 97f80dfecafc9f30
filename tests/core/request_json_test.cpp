// The JSON contract of sizer.estimate(request): defaults, every malformed-input class, round trips
// and the result object.
#include "sizer/request_json.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

#include "sizer/share_link.hpp"

using nlohmann::json;
using sizer::scenario_from_request_json;

namespace {

// The error of a request that must be rejected (fails the test if it is accepted).
std::string error_of(const std::string& request) {
  const sizer::RequestResult r = scenario_from_request_json(request);
  CHECK_FALSE(r.ok);
  return r.error;
}

bool any_contains(const std::vector<std::string>& lines, const std::string& part) {
  for (const std::string& l : lines) {
    if (l.find(part) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("a request that is not a JSON object is rejected with a message", "[request-json]") {
  CHECK(error_of("") == "request: not valid JSON");
  CHECK(error_of("{\"mode\": ") == "request: not valid JSON");
  CHECK(error_of("{\"mode\": NaN}") == "request: not valid JSON");
  CHECK(error_of("[1, 2]").rfind("request: must be a JSON object", 0) == 0);
  CHECK(error_of("\"llama-2-7b\"").rfind("request: must be a JSON object", 0) == 0);
  CHECK(error_of("{\"mode\": \"\xff\"}") == "request: not valid JSON");
}

TEST_CASE("an unknown mode or engine names the field and the accepted values", "[request-json]") {
  CHECK(error_of(R"({"mode": "serve"})") ==
        "mode: unknown value 'serve'; accepted: inference, training");
  CHECK(error_of(R"({"mode": 1})") == "mode: unknown value '1'; accepted: inference, training");
  CHECK(error_of(R"({"engine": "tgi"})") ==
        "engine: unknown value 'tgi'; accepted: generic, vllm, llama.cpp, transformers, sglang, "
        "tensorrt-llm, ollama, mlc, exllamav2, autoawq");
}

TEST_CASE("7B at FP16 on one RTX 4090: a minimal request takes the documented defaults",
          "[request-json]") {
  const auto r = scenario_from_request_json(R"({"model": "llama-2-7b"})");
  REQUIRE(r.ok);
  CHECK(r.warnings.empty());
  const sizer::Scenario& s = r.scenario;
  CHECK(s.mode == sizer::Mode::inference);
  CHECK(s.model.id == "llama-2-7b");
  CHECK(s.model.hidden_size == 4096);
  CHECK(s.hardware.gpu.id == "rtx-4090-24gb");
  CHECK(s.weights_format == "fp16");
  CHECK(s.kv_cache_format == "fp16");
  CHECK(s.hardware.gpus_per_node == 1);
  CHECK(s.hardware.nodes == 1);
  CHECK(s.inference.batch == 1);
  CHECK(s.inference.prompt_tokens == 512);
  CHECK(s.inference.output_tokens == 256);
  CHECK(s.inference.engine == sizer::Engine::generic);
  CHECK(s.assumption_overrides.empty());
}

TEST_CASE("an unknown format suggests similar ids", "[request-json]") {
  const std::string e = error_of(R"({"weights": "q4"})");
  CHECK(e.rfind("weights: unknown format 'q4'; try ", 0) == 0);
  CHECK(e.find("gguf-q4_k_m") != std::string::npos);
  CHECK(error_of(R"({"model": "llama-7b"})").find("llama-2-7b") != std::string::npos);
  CHECK(error_of(R"({"gpu": "rtx-4090"})").find("rtx-4090-24gb") != std::string::npos);
  CHECK(error_of(R"({"weights": 4})") == "weights: must be a string (got '4')");
}

TEST_CASE("a weights-only format cannot hold the KV cache", "[request-json]") {
  const std::string e = error_of(R"({"kvCache": "gguf-q4_k_m"})");
  CHECK(e.rfind("kvCache: 'gguf-q4_k_m' is not a KV cache format; try ", 0) == 0);
  for (const char* id : {"fp32", "fp16", "bf16", "fp8", "int8", "int4"}) {
    INFO(id);
    CHECK(scenario_from_request_json(json{{"kvCache", id}}.dump()).ok);
  }
}

TEST_CASE("counts must be integers in range: zero, negative, fractional, huge, strings",
          "[request-json]") {
  const std::string range = "gpuCount: must be an integer from 1 to 65536";
  for (const char* bad : {"0", "-1", "1.5", "1e300", "\"4\"", "true", "null", "[]"}) {
    INFO(bad);
    CHECK(error_of(std::string(R"({"gpuCount": )") + bad + "}").rfind(range, 0) == 0);
  }
  CHECK(error_of(R"({"promptTokens": -5})").rfind("promptTokens: must be an integer", 0) == 0);
  CHECK(error_of(R"({"batch": 1e300})").rfind("batch: must be an integer", 0) == 0);
  CHECK(error_of(R"({"batch": 1e400})") == "request: not valid JSON");  // beyond double
  CHECK(error_of(R"({"training": {"zeroStage": 4}})") ==
        "training.zeroStage: must be an integer from 0 to 3 (got '4')");
  CHECK(scenario_from_request_json(R"({"gpuCount": 8.0})").scenario.hardware.gpus_per_node == 8);
}

TEST_CASE("eight GPUs on two nodes give four per node, uneven splits are rejected",
          "[request-json]") {
  const auto r = scenario_from_request_json(R"({"gpuCount": 8, "nodes": 2})");
  REQUIRE(r.ok);
  CHECK(r.scenario.hardware.gpus_per_node == 4);
  CHECK(r.scenario.hardware.nodes == 2);
  CHECK(error_of(R"({"gpuCount": 12, "nodes": 5})") ==
        "nodes: gpuCount (12) must be a multiple of nodes (5)");
}

TEST_CASE("unknown fields are ignored with a warning", "[request-json]") {
  const auto r = scenario_from_request_json(
      R"({"colour": "red", "training": {"lr": 0.1}, "assumptions": {"magic": 2}})");
  REQUIRE(r.ok);
  CHECK(any_contains(r.warnings, "colour: unknown field, ignored"));
  CHECK(any_contains(r.warnings, "training.lr: unknown field, ignored"));
  CHECK(any_contains(r.warnings, "assumptions.magic: unknown assumption, ignored"));
}

TEST_CASE("booleans, objects and lists are type-checked", "[request-json]") {
  CHECK(error_of(R"({"kvInHostMemory": 1})") == "kvInHostMemory: must be true or false (got '1')");
  CHECK(error_of(R"({"host": 64})") == "host: must be an object (got '64')");
  CHECK(error_of(R"({"training": {"loraTargets": ["q", "mlp"]}})") ==
        "training.loraTargets: unknown module 'mlp'; accepted: q, k, v, o, gate, up, down");
  CHECK(error_of(R"({"training": {"loraTargets": []}})")
            .rfind("training.loraTargets: must be a non-empty list", 0) == 0);
  CHECK(error_of(R"({"training": {"method": "dpo"}})") ==
        "training.method: unknown value 'dpo'; accepted: full, lora, qlora");
  CHECK(error_of(R"({"host": {"ramGB": -64}})").rfind("host.ramGB: must be a number", 0) == 0);
  CHECK(error_of(R"({"model": 7})").rfind("model: must be a catalog id", 0) == 0);
  CHECK(error_of(R"({"model": {"arch": {"hiddenSize": "big"}}})")
            .rfind("model.arch.hiddenSize: must be an integer", 0) == 0);
}

TEST_CASE("deeply nested or enormous requests fail cleanly", "[request-json]") {
  const std::string deep = std::string(20000, '[') + std::string(20000, ']');
  CHECK(error_of(deep) == "request: nested deeper than 64 levels");
  const std::string deep_config =
      R"({"model": {"hfConfig": )" + std::string(100, '{') + std::string(100, '}') + "}}";
  CHECK(error_of(deep_config) == "request: nested deeper than 64 levels");
  CHECK(error_of("[1, [2]]") == "request: must be a JSON object (got a list)");
  // Brackets inside strings do not count.
  CHECK(sizer::json_depth_within(R"({"a": "[[[[\"[[["})", 1));
  CHECK_FALSE(sizer::json_depth_within("[[", 1));
  const std::string long_id = R"({"model": ")" + std::string(100000, 'x') + "\"}";
  CHECK(error_of(long_id) == "model: longer than 256 characters");
}

TEST_CASE("assumption overrides apply on top of the engine profile", "[request-json]") {
  const auto r = scenario_from_request_json(
      R"({"engine": "vllm", "assumptions": {"decodeBandwidthEfficiency": 0.55}})");
  REQUIRE(r.ok);
  CHECK(r.scenario.assumptions.decode_bandwidth_efficiency == Approx(0.55).epsilon(1e-12));
  CHECK(r.scenario.assumption_overrides.at("decodeBandwidthEfficiency") == 0.55);
  CHECK(error_of(R"({"assumptions": {"decodeBandwidthEfficiency": -1}})") ==
        "assumptions.decodeBandwidthEfficiency: must be above 0 and at most 1 (got '-1')");
  CHECK(error_of(R"({"assumptions": {"decodeBandwidthEfficiency": "x"}})") ==
        "assumptions.decodeBandwidthEfficiency: must be a number (got 'x')");
  // A bandwidth cap of 0 would make LL transfers free: refused, naming the field.
  CHECK(error_of(R"({"assumptions": {"llBusBandwidthCapGbPerS": 0}})") ==
        "assumptions.llBusBandwidthCapGbPerS: must be above 0 and at most 10000 (got '0')");
}

TEST_CASE("a QLoRA training request round-trips through scenario_to_request_json",
          "[request-json]") {
  const std::string request = R"({
    "mode": "training", "model": "llama-2-13b", "weights": "bnb-nf4", "kvCache": "bf16",
    "gpu": "a100-sxm-80gb", "gpuCount": 16, "nodes": 2, "tensorParallel": 2,
    "pipelineParallel": 2, "dataParallel": 4, "sequenceParallel": true, "engine": "transformers",
    "interNodeGBs": 25, "host": {"ramGB": 512, "bandwidthGBs": 200},
    "assumptions": {"trainingMfu": 0.35},
    "training": {"method": "qlora", "optimizer": "adamw-8bit", "loraRank": 64,
                 "loraTargets": ["q", "v"], "seqLen": 4096, "microBatch": 2,
                 "gradAccumulation": 8, "recompute": "selective", "flashAttention": false,
                 "zeroStage": 2, "offload": true, "offloadParams": false,
                 "mixedPrecision": true, "tokens": 2e9}})";
  const auto first = scenario_from_request_json(request);
  REQUIRE(first.ok);
  CHECK(first.warnings.empty());
  const std::string written = sizer::scenario_to_request_json(first.scenario);
  const json w = json::parse(written);
  CHECK(w["model"] == "llama-2-13b");
  CHECK(w["gpu"] == "a100-sxm-80gb");
  CHECK(w["gpuCount"] == 16);
  CHECK(w["assumptions"]["trainingMfu"] == 0.35);
  CHECK(w["training"]["loraTargets"] == json({"q", "v"}));
  const auto second = scenario_from_request_json(written);
  REQUIRE(second.ok);
  CHECK(second.warnings.empty());
  CHECK(sizer::scenario_to_request_json(second.scenario) == written);
}

TEST_CASE("a custom architecture and a custom GPU round-trip as objects", "[request-json]") {
  const std::string request = R"({
    "model": {"arch": {"name": "Tiny", "hiddenSize": 1024, "numLayers": 8, "numHeads": 16,
                       "numKvHeads": 4, "intermediateSize": 2816, "vocabSize": 32000,
                       "attention": "standard"}},
    "gpu": {"name": "My card", "memoryGb": 16, "memoryBandwidthGbPerS": 448,
            "fp16TensorTflops": 80}})";
  const auto first = scenario_from_request_json(request);
  REQUIRE(first.ok);
  CHECK(first.scenario.model.id == "custom");
  CHECK(first.scenario.model.num_kv_heads == 4);
  // 16 GB of card memory is reported as 16 GiB, like the catalog's cards.
  CHECK(first.scenario.hardware.gpu.memory_capacity_bytes == 16.0 * 1073741824.0);
  const std::string written = sizer::scenario_to_request_json(first.scenario);
  const json w = json::parse(written);
  CHECK(w["model"]["arch"]["hiddenSize"] == 1024);
  CHECK(w["gpu"]["memoryBandwidthGbPerS"] == 448);
  const auto second = scenario_from_request_json(written);
  REQUIRE(second.ok);
  CHECK(sizer::scenario_to_request_json(second.scenario) == written);
}

TEST_CASE("an M3 Max with 64 GB round-trips with its 600-character notes", "[request-json]") {
  const auto first =
      scenario_from_request_json(R"({"gpu": {"base": "apple-m3-max", "memoryGb": 64}})");
  REQUIRE(first.ok);
  const std::string written = sizer::scenario_to_request_json(first.scenario);
  CHECK(json::parse(written)["gpu"]["notes"] == sizer::find_gpu("apple-m3-max")->notes);
  const auto second = scenario_from_request_json(written);
  REQUIRE(second.ok);
  CHECK(sizer::scenario_to_request_json(second.scenario) == written);
}

TEST_CASE("a custom GPU can start from a catalog card", "[request-json]") {
  const auto r = scenario_from_request_json(
      R"({"gpu": {"base": "rtx-4090-24gb", "name": "4090 48 GB mod", "memoryGb": 48}})");
  REQUIRE(r.ok);
  CHECK(r.scenario.hardware.gpu.memory_bandwidth_gb_per_s ==
        Approx(1008).epsilon(0.01));  // the 4090's 1008 GB/s is kept
  CHECK(r.scenario.hardware.gpu.memory_capacity_bytes == 48.0 * 1073741824.0);
}

TEST_CASE("a custom copy of a rental-only part stays rental-only through links", "[request-json]") {
  const auto r = scenario_from_request_json(R"({"gpu": {"base": "tpu-v5e", "name": "v5e pod"}})");
  REQUIRE(r.ok);
  CHECK_FALSE(r.scenario.hardware.gpu.for_sale);
  const std::string written = sizer::scenario_to_request_json(r.scenario);
  CHECK(json::parse(written)["gpu"]["forSale"] == false);
  const sizer::DecodedLink d =
      sizer::decode_share_fragment(sizer::encode_share_fragment(written, "{}"));
  REQUIRE(d.ok);
  CHECK_FALSE(scenario_from_request_json(d.request_json).scenario.hardware.gpu.for_sale);
  // A card of the user's own is for sale unless it says otherwise; a non-boolean is refused.
  CHECK(scenario_from_request_json(R"({"gpu": {"name": "Lab card", "memoryGb": 48}})")
            .scenario.hardware.gpu.for_sale);
  CHECK(error_of(R"({"gpu": {"name": "Lab card", "memoryGb": 48, "forSale": "no"}})")
            .find("gpu.forSale") != std::string::npos);
}

TEST_CASE("a model from an HF config.json object is accepted", "[request-json]") {
  const auto r = scenario_from_request_json(R"({"model": {"hfConfig": {
    "architectures": ["LlamaForCausalLM"], "model_type": "llama", "hidden_size": 4096,
    "intermediate_size": 11008, "num_attention_heads": 32, "num_hidden_layers": 32,
    "num_key_value_heads": 32, "vocab_size": 32000, "max_position_embeddings": 4096,
    "tie_word_embeddings": false, "torch_dtype": "float16"}}})");
  REQUIRE(r.ok);
  CHECK(r.scenario.model.hidden_size == 4096);
  CHECK(r.scenario.model.num_layers == 32);
  CHECK(error_of(R"({"model": {"hfConfig": [1]}})") ==
        "model.hfConfig: must be the object of a config.json");
}

TEST_CASE("7B at FP16 needs about 13.5 GB of weights, and the result JSON says so",
          "[request-json]") {
  const auto r = scenario_from_request_json(R"({"model": "llama-2-7b", "gpu": "a100-sxm-80gb"})");
  REQUIRE(r.ok);
  const json j = json::parse(sizer::estimate_to_json(sizer::estimate(r.scenario)));
  // 6,738,415,616 parameters (Llama 2 paper / HF safetensors index) x 2 bytes.
  CHECK(j["params"]["total"].get<double>() == 6738415616.0);
  CHECK(j["memory"]["weightsBytes"].get<double>() == Approx(13.48e9).epsilon(0.01));
  CHECK(j["memory"]["fits"] == true);
  CHECK(j["request"]["model"] == "llama-2-7b");
  for (const char* key : {"bottleneck", "bottleneckSentence", "rulesOfThumb", "formulas",
                          "warnings", "cost", "training", "inference", "ridgePointFlopsPerByte"}) {
    INFO(key);
    CHECK(j.contains(key));
  }
}

TEST_CASE("non-finite results become null, never NaN, in the result JSON", "[request-json]") {
  auto r = scenario_from_request_json(R"({"model": "llama-2-7b"})");
  REQUIRE(r.ok);
  sizer::Estimate e;
  e.scenario = r.scenario;
  e.inference.decode_tokens_per_second = std::nan("");
  e.training.total_hours = INFINITY;
  e.memory.per_gpu_bytes = 1.5e10;
  const std::string text = sizer::estimate_to_json(e);
  CHECK(text.find("NaN") == std::string::npos);
  CHECK(text.find("nan") == std::string::npos);
  const json j = json::parse(text);
  CHECK(j["inference"]["decodeTokensPerSecond"].is_null());
  CHECK(j["training"]["totalHours"].is_null());
  CHECK(j["memory"]["perGpuBytes"] == 1.5e10);
}

TEST_CASE("a card without memory bandwidth is refused, not infinitely fast", "[request-json]") {
  const auto r = scenario_from_request_json(
      R"({"gpu": {"base": "rtx-4090-24gb", "memoryBandwidthGbPerS": 0}})");
  REQUIRE(r.ok);
  CHECK_THROWS_WITH(estimate(r.scenario),
                    Catch::Contains("gpu.memoryBandwidthGbPerS: must be positive"));
}

TEST_CASE("one rule for memory sizes: a marketed GB is a GiB, for host RAM as for GPUs",
          "[request-json]") {
  const auto r = scenario_from_request_json(
      R"({"host": {"ramGB": 64}, "gpu": {"base": "rtx-4090-24gb", "memoryGb": 16}})");
  REQUIRE(r.ok);
  CHECK(r.scenario.hardware.host.ram_bytes == 64.0 * 1073741824.0);
  CHECK(r.scenario.hardware.gpu.memory_capacity_bytes == 16.0 * 1073741824.0);
  // And back: the request says 64 again.
  CHECK(scenario_to_request_json(r.scenario).find("\"ramGB\":64") != std::string::npos);
}
