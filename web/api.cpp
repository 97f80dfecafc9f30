// The JS contract's calls, one function each: JSON text in, an envelope out,
// {"ok":true,"value":...} or {"ok":false,"error":"..."}, so no C++ exception or object handle
// crosses into JavaScript. Shared by the Embind module (bindings.cpp, sizer.mjs) and the app's
// exports for the lite page (imgui_app/lite_api.cpp). Every domain rule lives in core/; these
// functions only parse, call and write.
#include "api.hpp"

#include <exception>
#include <string>
#include <vector>

#include "sizer/enums.hpp"
#include "sizer/hf_config.hpp"
#include "sizer/json.hpp"
#include "sizer/plan_json.hpp"
#include "sizer/request_json.hpp"
#include "sizer/share_link.hpp"
#include "sizer/solvers.hpp"
#include "sizer/sweep.hpp"

namespace {

using json = sizer::Json;

std::string dump(const json& j) { return j.dump(); }

std::string failure(const std::string& message) {
  return dump(json{{"ok", false}, {"error", message}});
}

// Runs `body` (returning the value's JSON text) and turns any exception into an error envelope.
template <class F>
std::string guarded(F body) {
  try {
    return "{\"ok\":true,\"value\":" + body() + "}";
  } catch (const std::exception& e) {
    return failure(e.what());
  }
}

sizer::RequestResult parse_or_throw(const std::string& request_json) {
  sizer::RequestResult r = sizer::scenario_from_request_json(request_json);
  if (!r.ok) throw std::invalid_argument(r.error);
  return r;
}

// The core is compiled without exception catching in wasm (no JS invoke trampolines on its hot
// path), so sizer::estimate(), which throws on an invalid scenario, only sees validated ones.
sizer::RequestResult parse_valid_or_throw(const std::string& request_json) {
  sizer::RequestResult r = parse_or_throw(request_json);
  const std::string problems = sizer::validation_message(sizer::normalize(r.scenario));
  if (!problems.empty()) throw std::invalid_argument(problems);
  return r;
}

// {"explain": true} adds formulas, rule texts and the bottleneck sentence.
sizer::EstimateOptions options_of(const std::string& options_json) {
  sizer::EstimateOptions o;
  const json j = json::parse(options_json);
  if (j.is_discarded() || !j.is_object()) throw std::invalid_argument("options: must be an object");
  if (j.contains("explain")) {
    if (!j["explain"].is_boolean()) throw std::invalid_argument("options.explain: true or false");
    o.explain = j["explain"].get<bool>();
  }
  return o;
}

std::string estimate_one(const std::string& request_json, const sizer::EstimateOptions& o) {
  sizer::RequestResult r = parse_valid_or_throw(request_json);
  sizer::Estimate e = sizer::estimate(r.scenario, o);
  e.warnings.insert(e.warnings.begin(), r.warnings.begin(), r.warnings.end());
  return sizer::estimate_to_json(e);
}

}  // namespace

namespace sizer_api {

std::string estimate(const std::string& request_json, const std::string& options_json) {
  return guarded([&] { return estimate_one(request_json, options_of(options_json)); });
}

// Many requests in one call (sweeps and searches pay the JS boundary once). A request that fails
// gives {"error": "..."} in its place; the others still come back.
std::string estimate_many(const std::string& requests_json, const std::string& options_json) {
  return guarded([&] {
    const json list = json::parse(requests_json);
    if (list.is_discarded() || !list.is_array()) {
      throw std::invalid_argument("requests: must be a list of requests");
    }
    if (list.size() > 100000) throw std::invalid_argument("requests: at most 100000 per call");
    const sizer::EstimateOptions o = options_of(options_json);
    std::string out = "[";
    for (std::size_t i = 0; i < list.size(); ++i) {
      if (i) out += ',';
      try {
        out += estimate_one(dump(list[i]), o);
      } catch (const std::exception& e) {
        out += dump(json{{"error", "requests[" + std::to_string(i) + "]: " + e.what()}});
      }
    }
    return out + "]";
  });
}

std::string sweep(const std::string& request_json, const std::string& field,
                  const std::string& values_json) {
  return guarded([&] {
    const json values = json::parse(values_json);
    if (values.is_discarded() || !values.is_array()) {
      throw std::invalid_argument("values: must be a list of numbers");
    }
    std::vector<double> v;
    for (const json& x : values) {
      if (!x.is_number()) throw std::invalid_argument("values: must be a list of numbers");
      v.push_back(x.get<double>());
    }
    const sizer::Sweep s = sizer::sweep(parse_or_throw(request_json).scenario, field, v);
    if (!s.error.empty()) throw std::invalid_argument(s.error);
    return sizer::sweep_to_json(field, s.points);
  });
}

std::string batch_curve(const std::string& request_json) {
  return guarded([&] {
    const sizer::BatchCurve c = sizer::batch_curve(parse_or_throw(request_json).scenario);
    return sizer::sweep_to_json("batch", c.points, c.max_batch);
  });
}

std::string layouts(const std::string& request_json) {
  return guarded([&] { return sizer::layouts_to_json(parse_or_throw(request_json).scenario); });
}

std::string calibrate(const std::string& request_json, const std::string& measurement,
                      double measured) {
  return guarded([&] {
    sizer::Measurement m = sizer::Measurement::peak_memory_bytes;
    if (!sizer::parse_enum(measurement, m)) {
      throw std::invalid_argument("measurement: unknown value '" + measurement.substr(0, 40) +
                                  "'; accepted: " + sizer::enum_accepted_ids<sizer::Measurement>());
    }
    const sizer::Scenario s = parse_or_throw(request_json).scenario;
    return sizer::calibration_to_json(sizer::calibrate(s, m, measured));
  });
}

std::string fit_table(const std::string& request_json) {
  return guarded([&] {
    return sizer::fit_table_to_json(sizer::fit_table(parse_or_throw(request_json).scenario));
  });
}

// The planner (sizer::plan): the request reader names a bad field; the search itself never throws.
std::string plan(const std::string& request_json) {
  return guarded([&] {
    const sizer::PlanRequestResult r = sizer::plan_request_from_json(request_json);
    if (!r.ok) throw std::invalid_argument(r.error);
    return sizer::plan_result_to_json(sizer::plan(r.request), r.warnings);
  });
}

std::string assumptions(const std::string& engine) {
  return guarded([&] {
    sizer::Engine e = sizer::Engine::generic;
    if (!sizer::parse_enum(engine, e)) {
      throw std::invalid_argument("engine: unknown value '" + engine.substr(0, 40) +
                                  "'; accepted: " + sizer::enum_accepted_ids<sizer::Engine>());
    }
    return sizer::assumption_table_to_json(e);
  });
}

std::string normalize_request(const std::string& request_json) {
  return guarded([&] {
    const sizer::RequestResult r = parse_or_throw(request_json);
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

std::string list_gpus() {
  return guarded([] { return sizer::gpu_catalog_json(); });
}
std::string list_models() {
  return guarded([] { return sizer::model_catalog_json(); });
}
std::string list_formats() {
  return guarded([] { return sizer::format_catalog_json(); });
}
std::string list_hosts() {
  return guarded([] { return sizer::host_catalog_json(); });
}

}  // namespace sizer_api
