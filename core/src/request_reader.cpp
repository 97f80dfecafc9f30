// scenario_from_request_json(): the request of the JS contract (web/sizer.d.ts) into a Scenario.
// Every number that enters is checked for type, finiteness and a plausible range here, so the
// engine never sees NaN, negative counts or values that overflow int; every error names its field.
// sizer::Json (sizer/json.hpp) never throws: nothing here throws on bad input.
#include <algorithm>
#include <set>

#include "json_read.hpp"
#include "sizer/format_params.hpp"
#include "sizer/hf_config.hpp"
#include "sizer/hosts.hpp"
#include "sizer/model_from_size.hpp"
#include "sizer/request_fields.hpp"
#include "sizer/request_json.hpp"
#include "sizer/training_defaults.hpp"

namespace sizer {
namespace {

using json_in::json;
using json_in::Reader;
using json_in::show;
using json_in::suggest;

constexpr int kMaxCount = 1 << 16;

std::vector<std::string> model_ids() {
  std::vector<std::string> ids;
  for (const ModelArch& m : model_catalog()) ids.push_back(m.id);
  return ids;
}
std::vector<std::string> gpu_ids() {
  std::vector<std::string> ids;
  for (const Gpu& g : gpu_catalog()) ids.push_back(g.id);
  return ids;
}
std::vector<std::string> format_ids(bool kv_only) {
  std::vector<std::string> ids;
  for (const NumberFormat& f : format_catalog()) {
    if (!kv_only || f.usable_for_kv_cache) ids.push_back(f.id);
  }
  return ids;
}

// [SECTION] scenario_from_request_json

bool read_model(Reader& r, RequestResult& res) {
  const json* v = r.get("model");
  if (!v) return true;  // default model set by the caller
  if (v->is_string()) {
    std::string id;
    if (!r.string("model", id)) return false;
    const ModelArch* m = find_model(id);
    if (!m)
      return r.fail("model", "unknown catalog id " + show(id) + "; " + suggest(id, model_ids()));
    res.scenario.model = *m;
    return true;
  }
  if (!v->is_object()) {
    return r.fail(
        "model", "must be a catalog id, {hfConfig: {...}} or {arch: {...}} (got " + show(*v) + ")");
  }
  Reader mr(*v, "model.", res.error, res.warnings);
  if (const json* hf = mr.get("hfConfig")) {
    if (!hf->is_object()) return mr.fail("hfConfig", "must be the object of a config.json");
    HfConfigResult imported = model_from_hf_config(json_in::dump(*hf));
    if (!imported.ok) return mr.fail("hfConfig", imported.error);
    res.scenario.model = imported.model;
    for (const std::string& w : imported.warnings) res.warnings.push_back("model.hfConfig: " + w);
    mr.warn_unknown();
    return true;
  }
  const json* arch = mr.object("arch");
  if (!res.error.empty()) return false;
  if (!arch)
    return mr.fail("arch", "missing; give a catalog id, {hfConfig: {...}} or {arch: {...}}");
  Reader ar(*arch, "model.arch.", res.error, res.warnings);
  ModelArch m;
  std::string base;
  if (!ar.string("base", base)) return false;
  if (!base.empty()) {
    const ModelArch* b = find_model(base);
    if (!b)
      return ar.fail("base",
                     "unknown catalog id " + show(base) + "; " + suggest(base, model_ids()));
    m = *b;
  }
  if (!json_in::read_record(ar, m)) return false;
  if (m.id.empty()) m.id = "custom";
  if (m.name.empty()) m.name = "Custom model";
  if (base.empty() && needs_shape_from_size(m)) {
    std::string note;
    if (!shape_from_size(m, note)) return ar.fail("officialParamsB", note);
    res.warnings.push_back("model.arch: " + note);
  }
  ar.warn_unknown();
  mr.warn_unknown();
  res.scenario.model = m;
  return true;
}

bool read_gpu(Reader& r, Scenario& s, std::vector<std::string>& warnings, std::string& error) {
  const json* v = r.get("gpu");
  if (!v) return true;
  if (v->is_string()) {
    std::string id;
    if (!r.string("gpu", id)) return false;
    if (id == kCpuDeviceId) {  // no GPU: normalize() builds the device from the host profile
      s.hardware.cpu_only = true;
      return true;
    }
    const Gpu* g = find_gpu(id);
    if (!g) return r.fail("gpu", "unknown catalog id " + show(id) + "; " + suggest(id, gpu_ids()));
    s.hardware.gpu = *g;
    return true;
  }
  if (!v->is_object())
    return r.fail("gpu", "must be a catalog id or an object (got " + show(*v) + ")");
  Reader gr(*v, "gpu.", error, warnings);
  Gpu g;
  std::string base;
  if (!gr.string("base", base)) return false;
  if (!base.empty()) {
    const Gpu* b = find_gpu(base);
    if (!b)
      return gr.fail("base", "unknown catalog id " + show(base) + "; " + suggest(base, gpu_ids()));
    g = *b;
  }
  const double marketed_gb = g.memory_gb;
  if (!json_in::read_record(gr, g)) return false;
  // A custom card sized in GB reports that many GiB, as the catalog's cards do (an "80 GB" H100
  // reports 80 GiB), unless the request gives the capacity in bytes.
  if (g.memory_gb != marketed_gb && !v->contains("memoryCapacityBytes")) {
    g.memory_capacity_bytes = g.memory_gb * kBytesPerMarketedGB;
  }
  if (g.id.empty()) g.id = "custom";
  if (g.name.empty()) g.name = "Custom GPU";
  gr.warn_unknown();
  s.hardware.gpu = g;
  return true;
}

bool read_format(Reader& r, const std::string& key, bool kv, std::string& out) {
  std::string id = out;
  if (!r.string(key, id)) return false;
  const NumberFormat* f = find_format(id);
  if (!f) {
    NumberFormat unused;
    std::string problem;
    parametric_format(id, unused, problem);
    if (!problem.empty()) return r.fail(key, show(id) + ": " + problem);
    return r.fail(key, "unknown format " + show(id) + "; " + suggest(id, format_ids(kv)) +
                           " (or by number: " + parametric_format_patterns() + ")");
  }
  if (kv && !f->usable_for_kv_cache) {
    return r.fail(key, show(id) + " is not a KV cache format; " + suggest(id, format_ids(true)));
  }
  out = id;
  return true;
}

// The scalar fields of one group of the request table (request_fields.hpp).
bool read_scalars(Reader& r, const char* group, Scenario& s) {
  for (const RequestField* field : request_fields_of_group(group)) {
    const RequestField& f = *field;
    if (f.shape != RequestFieldShape::scalar) continue;
    switch (f.type) {
      case FieldType::integer:
        if (!r.integer(f.key, int(f.min), int(f.max), f.integer(s))) return false;
        break;
      case FieldType::number:
        if (!r.number(f.key, f.min, f.max, f.number(s))) return false;
        break;
      case FieldType::boolean:
        if (!r.boolean(f.key, f.boolean(s))) return false;
        break;
      case FieldType::text:
        if (!r.string(f.key, f.text(s))) return false;
        break;
      case FieldType::choice: {
        const json* v = r.get(f.key);
        if (v && !(v->is_string() && f.choice_set(s, v->get_ref<const std::string&>()))) {
          return r.fail(f.key, "unknown value " + show(*v) + "; accepted: " + f.choice_ids());
        }
        break;
      }
    }
  }
  return true;
}

bool read_training(Reader& r, Scenario& s) {
  TrainingWorkload& t = s.training;
  if (!read_scalars(r, "training", s)) return false;
  if (const json* targets = r.get("loraTargets")) {
    const std::vector<std::string>& all = lora_target_ids();
    const std::set<std::string> known(all.begin(), all.end());
    std::string accepted = "accepted: ";
    for (std::size_t i = 0; i < all.size(); ++i) accepted += (i ? ", " : "") + all[i];
    if (!targets->is_array() || targets->empty()) {
      return r.fail("loraTargets", "must be a non-empty list of modules; " + accepted);
    }
    std::vector<std::string> list;
    for (const json& item : *targets) {
      if (!item.is_string() || !known.count(item.get<std::string>())) {
        return r.fail("loraTargets", "unknown module " + show(item) + "; " + accepted);
      }
      if (std::find(list.begin(), list.end(), item.get<std::string>()) == list.end()) {
        list.push_back(item.get<std::string>());
      }
    }
    t.lora_targets = list;
  }
  r.warn_unknown();
  return true;
}

bool read_assumptions(const json* overrides, Scenario& s, std::string& error,
                      std::vector<std::string>& warnings) {
  s.assumptions = profile_defaults(s);
  if (!overrides) return true;
  Reader ar(*overrides, "assumptions.", error, warnings);
  std::string accepted;
  for (const AssumptionInfo& info : assumption_table()) {
    accepted += (accepted.empty() ? "" : ", ") + info.key;
  }
  for (auto it = overrides->begin(); it != overrides->end(); ++it) {
    double value = 0;
    double current = 0;
    if (!get_assumption(s.assumptions, it.key(), current)) {
      warnings.push_back(ar.path(it.key()) +
                         ": unknown assumption, ignored; accepted: " + accepted);
      continue;
    }
    if (!it.value().is_number()) {
      return ar.fail(it.key(), "must be a number (got " + show(it.value()) + ")");
    }
    value = it.value().get<double>();
    const std::string problem = assumption_range_problem(it.key(), value);
    if (!problem.empty()) return ar.fail(it.key(), problem + " (got " + show(it.value()) + ")");
    set_assumption(s.assumptions, it.key(), value);
    s.assumption_overrides[it.key()] = value;
  }
  return true;
}

}  // namespace

bool json_depth_within(const std::string& text, int max_depth) {
  int depth = 0;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > max_depth) return false;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return true;
}

RequestResult scenario_from_request_json(const std::string& request_json_text) {
  RequestResult res;
  // A request has a few levels; refusing deeper text before parsing keeps the recursive reader,
  // writer and flattening (share links) far from the (small, wasm) stack's limit.
  if (!json_depth_within(request_json_text, kMaxJsonDepth)) {
    res.error = "request: nested deeper than " + std::to_string(kMaxJsonDepth) + " levels";
    return res;
  }
  const json root = json::parse(request_json_text);
  if (root.is_discarded()) {
    res.error = "request: not valid JSON";
    return res;
  }
  if (!root.is_object()) {
    res.error = "request: must be a JSON object (got " + show(root) + ")";
    return res;
  }
  Scenario& s = res.scenario;
  Reader r(root, "", res.error, res.warnings);
  auto done = [&res]() -> RequestResult& {
    res.ok = res.error.empty();
    return res;
  };

  // Defaults (documented in web/sizer.d.ts): Llama 3 8B on one RTX 4090, FP16 weights and KV.
  if (!read_scalars(r, "", s)) return done();
  if (!r.get("model")) {
    if (const ModelArch* m = find_model("llama-3-8b")) s.model = *m;
  }
  if (!r.get("gpu")) {
    if (const Gpu* g = find_gpu("rtx-4090-24gb")) s.hardware.gpu = *g;
  }
  if (!read_model(r, res) || !read_gpu(r, s, res.warnings, res.error) ||
      !read_format(r, "weights", false, s.weights_format) ||
      !read_format(r, "kvCache", true, s.kv_cache_format)) {
    return done();
  }

  int gpu_count = 1;
  int nodes = 1;
  if (!r.integer("gpuCount", 1, kMaxCount, gpu_count) || !r.integer("nodes", 1, kMaxCount, nodes)) {
    return done();
  }
  if (gpu_count % nodes != 0) {
    r.fail("nodes", "gpuCount (" + std::to_string(gpu_count) + ") must be a multiple of nodes (" +
                        std::to_string(nodes) + ")");
    return done();
  }
  s.hardware.nodes = nodes;
  s.hardware.gpus_per_node = gpu_count / nodes;

  if (const json* host = r.object("host")) {
    Reader hr(*host, "host.", res.error, res.warnings);
    // A preset's id brings its RAM and CPU; the fields given beside it override them.
    if (host->contains("id") && (*host)["id"].is_string()) {
      if (const HostPreset* preset = find_host((*host)["id"].get<std::string>())) {
        s.hardware.host = preset->profile;
      }
    }
    double ram_gb = s.hardware.host.ram_bytes / kBytesPerMarketedGB;
    if (!read_scalars(hr, "host", s) || !hr.number("ramGB", 0, 1e7, ram_gb)) return done();
    s.hardware.host.ram_bytes = ram_gb * kBytesPerMarketedGB;
    hr.warn_unknown();
  }
  if (const json* cost = r.object("cost")) {
    Reader cr(*cost, "cost.", res.error, res.warnings);
    if (!read_scalars(cr, "cost", s)) return done();
    cr.warn_unknown();
  }
  if (const json* training = r.object("training")) {
    Reader tr(*training, "training.", res.error, res.warnings);
    if (!read_training(tr, s)) return done();
  }
  // A method implies its weights when the request does not name them (QLoRA: NF4 with double
  // quantization, as QLoRA's paper and PEFT recipes use).
  const json* training_json = r.has("training") ? r.get("training") : nullptr;
  if (s.mode == Mode::training && !(training_json && training_json->contains("recompute")) &&
      s.training.recompute != implied_recompute(s.training.method)) {
    s.training.recompute = implied_recompute(s.training.method);
    res.warnings.push_back("training.recompute: not given; " +
                           std::string(enum_entry(s.training.method).label) +
                           " recipes turn on gradient checkpointing, so " +
                           enum_id(s.training.recompute) + " recompute");
  }
  if (s.mode == Mode::training && !r.has("weights")) {
    const std::string implied = implied_weights_format(s.training.method);
    if (!implied.empty() && implied != s.weights_format) {
      s.weights_format = implied;
      res.warnings.push_back("weights: not given; " +
                             std::string(enum_entry(s.training.method).label) + " uses " + implied +
                             " for the frozen base");
    }
  }
  if (!res.error.empty()) return done();
  const json* overrides = r.object("assumptions");
  if (!res.error.empty() || !read_assumptions(overrides, s, res.error, res.warnings)) {
    return done();
  }
  r.warn_unknown();
  return done();
}

}  // namespace sizer
