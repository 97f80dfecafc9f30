// Embind bindings: coarse, value-typed, JSON strings in and out. Each function returns an envelope
// {"ok":true,"value":...} or {"ok":false,"error":"..."}; post.js unwraps it and throws a JS Error,
// so no C++ exception or object handle ever crosses into JavaScript.
#include <emscripten/bind.h>

#include <exception>
#include <nlohmann/json.hpp>
#include <string>

#include "sizer/hf_config.hpp"
#include "sizer/params.hpp"
#include "sizer/request_json.hpp"
#include "sizer/share_link.hpp"
#include "sizer/solvers.hpp"

namespace {

using json = nlohmann::json;

std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

std::string ok(const std::string& value_json) {
  return "{\"ok\":true,\"value\":" + value_json + "}";
}

std::string failure(const std::string& message) {
  return dump(json{{"ok", false}, {"error", message}});
}

// Runs `body` (returning the value's JSON text) and turns any exception into an error envelope.
template <class F>
std::string guarded(F body) {
  try {
    return ok(body());
  } catch (const std::exception& e) {
    return failure(e.what());
  }
}

struct ParsedRequest {
  sizer::Scenario scenario;
  std::vector<std::string> warnings;
};

ParsedRequest parse_or_throw(const std::string& request_json) {
  sizer::RequestResult r = sizer::scenario_from_request_json(request_json);
  if (!r.ok) throw std::invalid_argument(r.error);
  return {r.scenario, r.warnings};
}

std::string list_gpus() {
  return guarded([] {
    std::string out = "[";
    for (const sizer::Gpu& g : sizer::gpu_catalog()) {
      out += (out.size() > 1 ? "," : "") + sizer::gpu_to_json(g);
    }
    return out + "]";
  });
}

std::string list_models() {
  return guarded([] {
    json out = json::array();
    for (const sizer::ModelArch& m : sizer::model_catalog()) {
      json entry = json::parse(sizer::model_arch_to_json(m));
      const sizer::ParamCounts p = sizer::count_params(sizer::normalize_model(m));
      entry["params"] = {{"total", p.total}, {"active", p.active}};
      out.push_back(entry);
    }
    return dump(out);
  });
}

std::string list_formats() {
  return guarded([] {
    std::string out = "[";
    for (const sizer::NumberFormat& f : sizer::format_catalog()) {
      out += (out.size() > 1 ? "," : "") + sizer::format_to_json(f);
    }
    return out + "]";
  });
}

std::string estimate(const std::string& request_json) {
  return guarded([&] {
    ParsedRequest r = parse_or_throw(request_json);
    sizer::Estimate e = sizer::estimate(r.scenario);
    e.warnings.insert(e.warnings.begin(), r.warnings.begin(), r.warnings.end());
    return sizer::estimate_to_json(e);
  });
}

std::string fit_table(const std::string& request_json) {
  return guarded([&] {
    return sizer::fit_table_to_json(sizer::fit_table(parse_or_throw(request_json).scenario));
  });
}

std::string assumptions(const std::string& engine) {
  return guarded([&] {
    sizer::Engine e = sizer::Engine::generic;
    if (!sizer::parse_engine(engine, e)) {
      throw std::invalid_argument("engine: unknown value '" + engine.substr(0, 40) +
                                  "'; accepted: generic, vllm, llama.cpp, transformers");
    }
    return sizer::assumption_table_to_json(e);
  });
}

std::string normalize_request(const std::string& request_json) {
  return guarded([&] {
    ParsedRequest r = parse_or_throw(request_json);
    return dump(json{{"request", json::parse(sizer::scenario_to_request_json(r.scenario))},
                     {"warnings", r.warnings}});
  });
}

std::string encode_share_link(const std::string& request_json, const std::string& ui_json) {
  return guarded([&] { return dump(sizer::encode_share_fragment(request_json, ui_json)); });
}

std::string decode_share_link(const std::string& fragment) {
  return guarded([&] {
    const sizer::DecodedLink d = sizer::decode_share_fragment(fragment);
    return dump(json{{"ok", d.ok},
                     {"request", json::parse(d.request_json)},
                     {"ui", json::parse(d.ui_json)},
                     {"errors", d.errors}});
  });
}

std::string import_hf_config(const std::string& config_json) {
  return guarded([&] {
    const sizer::HfConfigResult r = sizer::model_from_hf_config(config_json);
    if (!r.ok) throw std::invalid_argument(r.error);
    return dump(
        json{{"arch", json::parse(sizer::model_arch_to_json(r.model))}, {"warnings", r.warnings}});
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(llm_sizer) {
  emscripten::function("sizerListGpus", &list_gpus);
  emscripten::function("sizerListModels", &list_models);
  emscripten::function("sizerListFormats", &list_formats);
  emscripten::function("sizerEstimate", &estimate);
  emscripten::function("sizerFitTable", &fit_table);
  emscripten::function("sizerAssumptions", &assumptions);
  emscripten::function("sizerNormalizeRequest", &normalize_request);
  emscripten::function("sizerEncodeShareLink", &encode_share_link);
  emscripten::function("sizerDecodeShareLink", &decode_share_link);
  emscripten::function("sizerImportHfConfig", &import_hf_config);
}
