// The JSON contract: requests in, results out (see request_json.hpp). Every number that enters is
// checked for type, finiteness and a plausible range here, so the engine never sees NaN, negative
// counts or values that overflow int. Nothing in this file throws on bad input: nlohmann::json is
// used with allow_exceptions=false and dumps replace invalid UTF-8.
//
// [SECTION] helpers: suggestions, number checks
// [SECTION] field tables shared by parsing and writing (ModelArch, Gpu)
// [SECTION] scenario_from_request_json
// [SECTION] scenario_to_request_json
// [SECTION] estimate_to_json and catalog lists
#include "sizer/request_json.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <nlohmann/json.hpp>
#include <set>
#include <utility>

#include "sizer/hf_config.hpp"
#include "sizer/params.hpp"

namespace sizer {
namespace {

using json = nlohmann::json;

std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

// Non-finite numbers become null so the output is always valid JSON and never holds NaN.
json num(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }

// [SECTION] helpers: suggestions, number checks

std::vector<std::string> split_tokens(const std::string& s) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == '-' || c == '_' || c == '.' || c == ' ') {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

// "try a, b, c, ..." listing the ids sharing the most tokens with `query` (all ids if few).
std::string suggest(const std::string& query, const std::vector<std::string>& ids) {
  const std::vector<std::string> tokens = split_tokens(query.substr(0, 64));
  std::vector<std::pair<int, std::string>> scored;
  for (const std::string& id : ids) {
    int score = 0;
    for (const std::string& t : tokens) {
      if (id.find(t) != std::string::npos) score += static_cast<int>(t.size());
    }
    scored.emplace_back(score, id);
  }
  std::stable_sort(scored.begin(), scored.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  const size_t limit = 8;
  std::string out = "try ";
  for (size_t i = 0; i < scored.size() && i < limit; ++i) {
    if (i > 0 && scored[i].first == 0 && scored[0].first > 0) break;
    out += (i ? ", " : "") + scored[i].second;
  }
  if (scored.size() > limit) out += ", ...";
  return out;
}

// A value as quoted in error messages; lists and objects are not dumped (they may be huge).
std::string show(const json& v) {
  if (v.is_array()) return "a list";
  if (v.is_object()) return "an object";
  std::string s = v.is_string() ? v.get<std::string>() : dump(v);
  if (s.size() > 40) s = s.substr(0, 40) + "...";
  return "'" + s + "'";
}

std::string format_number(double v) {
  json j = v;
  return dump(j);
}

// Reads fields of one JSON object. Each reader leaves the default when the key is missing and
// returns false after recording the first error. Keys never asked for become warnings.
class Reader {
 public:
  Reader(const json& obj, std::string prefix, std::string& error,
         std::vector<std::string>& warnings)
      : obj_(obj), prefix_(std::move(prefix)), error_(error), warnings_(warnings) {}

  std::string path(const std::string& key) const { return prefix_ + key; }

  const json* get(const std::string& key) {
    seen_.insert(key);
    auto it = obj_.find(key);
    return it == obj_.end() ? nullptr : &*it;
  }

  bool fail(const std::string& key, const std::string& message) {
    if (error_.empty()) error_ = path(key) + ": " + message;
    return false;
  }

  bool number(const std::string& key, double lo, double hi, double& out) {
    const json* v = get(key);
    if (!v) return true;
    const std::string range = "from " + format_number(lo) + " to " + format_number(hi);
    if (!v->is_number()) return fail(key, "must be a number " + range + " (got " + show(*v) + ")");
    const double d = v->get<double>();
    if (!std::isfinite(d) || d < lo || d > hi) {
      return fail(key, "must be a number " + range + " (got " + show(*v) + ")");
    }
    out = d;
    return true;
  }

  bool integer(const std::string& key, int lo, int hi, int& out) {
    const json* v = get(key);
    if (!v) return true;
    const std::string what = "must be an integer from " + std::to_string(lo) + " to " +
                             std::to_string(hi) + " (got " + show(*v) + ")";
    if (!v->is_number()) return fail(key, what);
    const double d = v->get<double>();
    if (!std::isfinite(d) || d != std::floor(d) || d < lo || d > hi) return fail(key, what);
    out = static_cast<int>(d);
    return true;
  }

  bool boolean(const std::string& key, bool& out) {
    const json* v = get(key);
    if (!v) return true;
    if (!v->is_boolean()) return fail(key, "must be true or false (got " + show(*v) + ")");
    out = v->get<bool>();
    return true;
  }

  // Ids and choices stay short; free text (a catalog entry's source and notes) may be longer.
  bool string(const std::string& key, std::string& out, size_t max_chars = 256) {
    const json* v = get(key);
    if (!v) return true;
    if (!v->is_string()) return fail(key, "must be a string (got " + show(*v) + ")");
    out = v->get<std::string>();
    if (out.size() > max_chars) {
      return fail(key, "longer than " + std::to_string(max_chars) + " characters");
    }
    return true;
  }

  template <class T>
  bool choice(const std::string& key, const std::vector<std::pair<const char*, T>>& options,
              T& out) {
    const json* v = get(key);
    if (!v) return true;
    std::string accepted;
    for (const auto& o : options) accepted += (accepted.empty() ? "" : ", ") + std::string(o.first);
    if (v->is_string()) {
      for (const auto& o : options) {
        if (*v == o.first) {
          out = o.second;
          return true;
        }
      }
    }
    return fail(key, "unknown value " + show(*v) + "; accepted: " + accepted);
  }

  // Object-valued field: nullptr when missing; records an error when not an object.
  const json* object(const std::string& key) {
    const json* v = get(key);
    if (v && !v->is_object()) {
      fail(key, "must be an object (got " + show(*v) + ")");
      return nullptr;
    }
    return v;
  }

  void warn_unknown() {
    for (auto it = obj_.begin(); it != obj_.end(); ++it) {
      if (!seen_.count(it.key())) warnings_.push_back(path(it.key()) + ": unknown field, ignored");
    }
  }

 private:
  const json& obj_;
  std::string prefix_;
  std::string& error_;
  std::vector<std::string>& warnings_;
  std::set<std::string> seen_;
};

// [SECTION] field tables shared by parsing and writing (ModelArch, Gpu)

// Upper bounds are far beyond any real model or card (they only keep sums inside int / double
// precision): hidden size 1M, 100k layers, 16M vocabulary, 64k experts.
constexpr int kMaxDim = 1 << 20;
constexpr int kMaxCount = 1 << 16;
constexpr int kMaxTokens = 1 << 27;  // 134M tokens of context

template <class T>
struct IntField {
  const char* key;
  int T::*member;
  int lo;
  int hi;
};
template <class T>
struct NumField {
  const char* key;
  double T::*member;
  double hi;
};
template <class T>
struct BoolField {
  const char* key;
  bool T::*member;
};
template <class T>
struct StrField {
  const char* key;
  std::string T::*member;
};

template <class T>
struct FieldTable {
  std::vector<StrField<T>> strings;
  std::vector<IntField<T>> ints;
  std::vector<NumField<T>> nums;
  std::vector<BoolField<T>> bools;
};

const FieldTable<ModelArch>& arch_fields() {
  static const FieldTable<ModelArch> t{
      {{"id", &ModelArch::id},
       {"name", &ModelArch::name},
       {"family", &ModelArch::family},
       {"hfRepo", &ModelArch::hf_repo},
       {"modelType", &ModelArch::model_type},
       {"weightsDtype", &ModelArch::weights_dtype},
       {"source", &ModelArch::source},
       {"notes", &ModelArch::notes}},
      {{"hiddenSize", &ModelArch::hidden_size, 0, kMaxDim},
       {"numLayers", &ModelArch::num_layers, 0, kMaxCount},
       {"numHeads", &ModelArch::num_heads, 0, kMaxCount},
       {"numKvHeads", &ModelArch::num_kv_heads, 0, kMaxCount},
       {"headDim", &ModelArch::head_dim, 0, kMaxDim},
       {"intermediateSize", &ModelArch::intermediate_size, 0, kMaxDim * 8},
       {"vocabSize", &ModelArch::vocab_size, 0, 1 << 24},
       {"maxPositionEmbeddings", &ModelArch::max_position_embeddings, 0, kMaxTokens},
       {"normsPerLayer", &ModelArch::norms_per_layer, 0, 16},
       {"slidingWindow", &ModelArch::sliding_window, 0, kMaxTokens},
       {"localGlobalPeriod", &ModelArch::local_global_period, 0, kMaxCount},
       {"globalLayersPerPeriod", &ModelArch::global_layers_per_period, 0, kMaxCount},
       {"numExperts", &ModelArch::num_experts, 0, kMaxCount},
       {"expertsPerToken", &ModelArch::experts_per_token, 0, kMaxCount},
       {"numSharedExperts", &ModelArch::num_shared_experts, 0, kMaxCount},
       {"moeIntermediateSize", &ModelArch::moe_intermediate_size, 0, kMaxDim * 8},
       {"sharedExpertIntermediateSize", &ModelArch::shared_expert_intermediate_size, 0,
        kMaxDim * 8},
       {"firstKDenseLayers", &ModelArch::first_k_dense_layers, 0, kMaxCount},
       {"moeLayerPeriod", &ModelArch::moe_layer_period, 1, kMaxCount},
       {"kvLoraRank", &ModelArch::kv_lora_rank, 0, kMaxDim},
       {"qLoraRank", &ModelArch::q_lora_rank, 0, kMaxDim},
       {"qkRopeHeadDim", &ModelArch::qk_rope_head_dim, 0, kMaxDim},
       {"qkNopeHeadDim", &ModelArch::qk_nope_head_dim, 0, kMaxDim},
       {"vHeadDim", &ModelArch::v_head_dim, 0, kMaxDim}},
      {{"officialParamsB", &ModelArch::official_params_b, 1e6},
       {"officialActiveParamsB", &ModelArch::official_active_params_b, 1e6}},
      {{"tieWordEmbeddings", &ModelArch::tie_word_embeddings},
       {"mlpGated", &ModelArch::mlp_gated},
       {"attentionBias", &ModelArch::attention_bias},
       {"attentionOutBias", &ModelArch::attention_out_bias},
       {"mlpBias", &ModelArch::mlp_bias},
       {"layerNormWithBias", &ModelArch::layer_norm_with_bias},
       {"qkNorm", &ModelArch::qk_norm},
       {"learnedPositionEmbeddings", &ModelArch::learned_position_embeddings}}};
  return t;
}

const FieldTable<Gpu>& gpu_fields() {
  // Bandwidths and peaks up to 1e6 GB/s and 1e6 TFLOPS: 100x beyond any 2026 part.
  static const FieldTable<Gpu> t{
      {{"id", &Gpu::id},
       {"vendor", &Gpu::vendor},
       {"name", &Gpu::name},
       {"architecture", &Gpu::architecture},
       {"memoryType", &Gpu::memory_type},
       {"interconnect", &Gpu::interconnect},
       {"source", &Gpu::source},
       {"notes", &Gpu::notes}},
      {{"year", &Gpu::year, 0, 3000}},
      {{"memoryGb", &Gpu::memory_gb, 1e6},
       {"memoryCapacityBytes", &Gpu::memory_capacity_bytes, 1e15},
       {"memoryBandwidthGbPerS", &Gpu::memory_bandwidth_gb_per_s, 1e6},
       {"fp32Tflops", &Gpu::fp32_tflops, 1e6},
       {"fp16TensorTflops", &Gpu::fp16_tensor_tflops, 1e6},
       {"bf16TensorTflops", &Gpu::bf16_tensor_tflops, 1e6},
       {"fp8TensorTflops", &Gpu::fp8_tensor_tflops, 1e6},
       {"int8TensorTops", &Gpu::int8_tensor_tops, 1e6},
       {"fp4TensorTflops", &Gpu::fp4_tensor_tflops, 1e6},
       {"interconnectGbPerSBidirectional", &Gpu::interconnect_gb_per_s_bidirectional, 1e6},
       {"pcieGbPerSUnidirectional", &Gpu::pcie_gb_per_s_unidirectional, 1e6},
       {"tdpW", &Gpu::tdp_w, 1e6},
       {"launchPriceUsd", &Gpu::launch_price_usd, 1e9},
       {"cloudUsdPerGpuHour", &Gpu::cloud_usd_per_gpu_hour, 1e6}},
      {{"hasNvlink", &Gpu::has_nvlink},
       {"datacenter", &Gpu::datacenter},
       {"supportsBf16", &Gpu::supports_bf16},
       {"supportsFp8", &Gpu::supports_fp8},
       {"supportsFlashAttention2", &Gpu::supports_flash_attention_2}}};
  return t;
}

template <class T>
bool read_fields(Reader& r, const FieldTable<T>& t, T& out) {
  for (const auto& f : t.strings) {
    if (!r.string(f.key, out.*(f.member), 8192)) return false;
  }
  for (const auto& f : t.ints) {
    if (!r.integer(f.key, f.lo, f.hi, out.*(f.member))) return false;
  }
  for (const auto& f : t.nums) {
    if (!r.number(f.key, 0, f.hi, out.*(f.member))) return false;
  }
  for (const auto& f : t.bools) {
    if (!r.boolean(f.key, out.*(f.member))) return false;
  }
  return true;
}

template <class T>
json write_fields(const FieldTable<T>& t, const T& in) {
  json j = json::object();
  for (const auto& f : t.strings) j[f.key] = in.*(f.member);
  for (const auto& f : t.ints) j[f.key] = in.*(f.member);
  for (const auto& f : t.nums) j[f.key] = num(in.*(f.member));
  for (const auto& f : t.bools) j[f.key] = in.*(f.member);
  return j;
}

json arch_json(const ModelArch& m) {
  json j = write_fields(arch_fields(), m);
  j["attention"] = m.attention == AttentionKind::mla ? "mla" : "standard";
  return j;
}

json gpu_json(const Gpu& g) { return write_fields(gpu_fields(), g); }

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
    HfConfigResult imported = model_from_hf_config(dump(*hf));
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
  if (!read_fields(ar, arch_fields(), m)) return false;
  AttentionKind kind = m.attention;
  if (!ar.choice<AttentionKind>(
          "attention", {{"standard", AttentionKind::standard}, {"mla", AttentionKind::mla}},
          kind)) {
    return false;
  }
  m.attention = kind;
  if (m.id.empty()) m.id = "custom";
  if (m.name.empty()) m.name = "Custom model";
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
  if (!read_fields(gr, gpu_fields(), g)) return false;
  // A custom card sized in GB reports that many GiB, as the catalog's cards do (an "80 GB" H100
  // reports 80 GiB), unless the request gives the capacity in bytes.
  if (g.memory_gb != marketed_gb && !v->contains("memoryCapacityBytes")) {
    g.memory_capacity_bytes = g.memory_gb * 1073741824.0;
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
  if (!f) return r.fail(key, "unknown format " + show(id) + "; " + suggest(id, format_ids(kv)));
  if (kv && !f->usable_for_kv_cache) {
    return r.fail(key, show(id) + " is not a KV cache format; " + suggest(id, format_ids(true)));
  }
  out = id;
  return true;
}

bool read_training(Reader& r, TrainingWorkload& t) {
  if (!r.choice<TrainingMethod>("method",
                                {{"full", TrainingMethod::full},
                                 {"lora", TrainingMethod::lora},
                                 {"qlora", TrainingMethod::qlora}},
                                t.method) ||
      !r.choice<Optimizer>("optimizer",
                           {{"adamw", Optimizer::adamw},
                            {"adamw-8bit", Optimizer::adamw_8bit},
                            {"sgd", Optimizer::sgd},
                            {"adafactor", Optimizer::adafactor}},
                           t.optimizer) ||
      !r.choice<Recompute>("recompute",
                           {{"none", Recompute::none},
                            {"selective", Recompute::selective},
                            {"full", Recompute::full}},
                           t.recompute) ||
      !r.integer("loraRank", 1, kMaxDim, t.lora_rank) ||
      !r.integer("seqLen", 1, kMaxTokens, t.seq_len) ||
      !r.integer("microBatch", 1, 1 << 20, t.micro_batch) ||
      !r.integer("gradAccumulation", 1, 1 << 20, t.grad_accumulation) ||
      !r.integer("zeroStage", 0, 3, t.zero_stage) ||
      !r.boolean("flashAttention", t.flash_attention) ||
      !r.boolean("offload", t.offload_optimizer) || !r.boolean("offloadParams", t.offload_params) ||
      !r.boolean("mixedPrecision", t.mixed_precision) || !r.number("tokens", 1, 1e16, t.tokens)) {
    return false;
  }
  if (const json* targets = r.get("loraTargets")) {
    static const std::set<std::string> known = {"q", "k", "v", "o", "gate", "up", "down"};
    const std::string accepted = "accepted: q, k, v, o, gate, up, down";
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
  s.assumptions = default_assumptions(s.inference.engine);
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
    if (!ar.number(it.key(), 0, 1e15, value)) return false;
    if (!set_assumption(s.assumptions, it.key(), value)) {
      return ar.fail(it.key(), "value " + format_number(value) + " rejected");
    }
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
  // nlohmann::json parses iteratively but serializes recursively; a request nested thousands
  // deep would exhaust the (small, wasm) stack when quoted or passed on.
  if (!json_depth_within(request_json_text, kMaxJsonDepth)) {
    res.error = "request: nested deeper than " + std::to_string(kMaxJsonDepth) + " levels";
    return res;
  }
  const json root = json::parse(request_json_text, nullptr, false);
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
  if (!r.choice<Mode>("mode", {{"inference", Mode::inference}, {"training", Mode::training}},
                      s.mode) ||
      !r.choice<Engine>("engine",
                        {{"generic", Engine::generic},
                         {"vllm", Engine::vllm},
                         {"llama.cpp", Engine::llama_cpp},
                         {"transformers", Engine::transformers}},
                        s.inference.engine)) {
    return done();
  }
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

  InferenceWorkload& in = s.inference;
  if (!r.integer("tensorParallel", 1, kMaxCount, s.parallel.tensor) ||
      !r.integer("pipelineParallel", 1, kMaxCount, s.parallel.pipeline) ||
      !r.integer("dataParallel", 0, kMaxCount, s.parallel.data) ||
      !r.boolean("sequenceParallel", s.parallel.sequence) ||
      !r.integer("batch", 1, 1 << 20, in.batch) ||
      !r.integer("promptTokens", 0, kMaxTokens, in.prompt_tokens) ||
      !r.integer("outputTokens", 0, kMaxTokens, in.output_tokens) ||
      !r.integer("gpuLayers", -1, kMaxCount, in.gpu_layers) ||
      !r.boolean("kvInHostMemory", in.kv_cache_in_host_memory) ||
      !r.number("interNodeGBs", 0, 1e6, s.hardware.inter_node_gb_per_s)) {
    return done();
  }

  if (const json* host = r.object("host")) {
    Reader hr(*host, "host.", res.error, res.warnings);
    double ram_gb = s.hardware.host.ram_bytes / 1e9;
    if (!hr.string("id", s.hardware.host.id) || !hr.number("ramGB", 0, 1e7, ram_gb) ||
        !hr.number("bandwidthGBs", 0, 1e6, s.hardware.host.bandwidth_gb_per_s)) {
      return done();
    }
    s.hardware.host.ram_bytes = ram_gb * 1e9;
    hr.warn_unknown();
  }
  if (const json* training = r.object("training")) {
    Reader tr(*training, "training.", res.error, res.warnings);
    if (!read_training(tr, s.training)) return done();
  }
  if (!res.error.empty()) return done();
  const json* overrides = r.object("assumptions");
  if (!res.error.empty() || !read_assumptions(overrides, s, res.error, res.warnings)) {
    return done();
  }
  r.warn_unknown();
  return done();
}

// [SECTION] scenario_to_request_json

namespace {

const char* mode_id(Mode m) { return m == Mode::training ? "training" : "inference"; }
const char* method_id(TrainingMethod m) {
  switch (m) {
    case TrainingMethod::lora:
      return "lora";
    case TrainingMethod::qlora:
      return "qlora";
    case TrainingMethod::full:
      break;
  }
  return "full";
}
const char* optimizer_id(Optimizer o) {
  switch (o) {
    case Optimizer::adamw_8bit:
      return "adamw-8bit";
    case Optimizer::sgd:
      return "sgd";
    case Optimizer::adafactor:
      return "adafactor";
    case Optimizer::adamw:
      break;
  }
  return "adamw";
}
const char* recompute_id(Recompute r) {
  switch (r) {
    case Recompute::selective:
      return "selective";
    case Recompute::full:
      return "full";
    case Recompute::none:
      break;
  }
  return "none";
}

json request_object(const Scenario& s) {
  json j;
  j["mode"] = mode_id(s.mode);
  const ModelArch* catalog_model = find_model(s.model.id);
  if (catalog_model &&
      arch_json(normalize_model(*catalog_model)) == arch_json(normalize_model(s.model))) {
    j["model"] = s.model.id;
  } else {
    j["model"] = {{"arch", arch_json(s.model)}};
  }
  const Gpu* catalog_gpu = find_gpu(s.hardware.gpu.id);
  if (catalog_gpu && gpu_json(*catalog_gpu) == gpu_json(s.hardware.gpu)) {
    j["gpu"] = s.hardware.gpu.id;
  } else {
    j["gpu"] = gpu_json(s.hardware.gpu);
  }
  j["weights"] = s.weights_format;
  j["kvCache"] = s.kv_cache_format;
  j["gpuCount"] = s.hardware.gpus_per_node * s.hardware.nodes;
  j["nodes"] = s.hardware.nodes;
  j["interNodeGBs"] = num(s.hardware.inter_node_gb_per_s);
  j["host"] = {{"id", s.hardware.host.id},
               {"ramGB", num(s.hardware.host.ram_bytes / 1e9)},
               {"bandwidthGBs", num(s.hardware.host.bandwidth_gb_per_s)}};
  j["tensorParallel"] = s.parallel.tensor;
  j["pipelineParallel"] = s.parallel.pipeline;
  j["dataParallel"] = s.parallel.data;
  j["sequenceParallel"] = s.parallel.sequence;
  const InferenceWorkload& in = s.inference;
  j["batch"] = in.batch;
  j["promptTokens"] = in.prompt_tokens;
  j["outputTokens"] = in.output_tokens;
  j["engine"] = engine_id(in.engine);
  j["gpuLayers"] = in.gpu_layers;
  j["kvInHostMemory"] = in.kv_cache_in_host_memory;
  const TrainingWorkload& t = s.training;
  j["training"] = {{"method", method_id(t.method)},
                   {"optimizer", optimizer_id(t.optimizer)},
                   {"mixedPrecision", t.mixed_precision},
                   {"loraRank", t.lora_rank},
                   {"loraTargets", t.lora_targets},
                   {"seqLen", t.seq_len},
                   {"microBatch", t.micro_batch},
                   {"gradAccumulation", t.grad_accumulation},
                   {"recompute", recompute_id(t.recompute)},
                   {"flashAttention", t.flash_attention},
                   {"zeroStage", t.zero_stage},
                   {"offload", t.offload_optimizer},
                   {"offloadParams", t.offload_params},
                   {"tokens", num(t.tokens)}};
  // Overrides: the keys the user set, plus any value that differs from the engine profile (a UI
  // may edit Scenario::assumptions directly).
  json overrides = json::object();
  const Assumptions defaults = default_assumptions(in.engine);
  for (const AssumptionInfo& info : assumption_table()) {
    double value = 0;
    double fallback = 0;
    if (!get_assumption(s.assumptions, info.key, value)) continue;
    get_assumption(defaults, info.key, fallback);
    if (s.assumption_overrides.count(info.key) || value != fallback)
      overrides[info.key] = num(value);
  }
  if (!overrides.empty()) j["assumptions"] = overrides;
  return j;
}

}  // namespace

std::string scenario_to_request_json(const Scenario& s) { return dump(request_object(s)); }

// [SECTION] estimate_to_json and catalog lists

std::string estimate_to_json(const Estimate& e) {
  json j;
  j["request"] = request_object(e.scenario);
  const MemoryBreakdown& m = e.memory;
  j["memory"] = {{"perGpuBytes", num(m.per_gpu_bytes)},
                 {"weightsBytes", num(m.weights_bytes)},
                 {"kvCacheBytes", num(m.kv_cache_bytes)},
                 {"activationBytes", num(m.activation_bytes)},
                 {"gradientBytes", num(m.gradient_bytes)},
                 {"optimizerBytes", num(m.optimizer_bytes)},
                 {"overheadBytes", num(m.overhead_bytes)},
                 {"reserveBytes", num(m.reserve_bytes)},
                 {"capacityBytes", num(m.capacity_bytes)},
                 {"headroomBytes", num(m.headroom_bytes)},
                 {"totalBytes", num(m.total_bytes)},
                 {"hostRamBytes", num(m.host_ram_bytes)},
                 {"fits", m.fits},
                 {"firstReason", m.first_reason}};
  const ParamCounts& p = e.params;
  j["params"] = {{"total", num(p.total)},         {"active", num(p.active)},
                 {"embedding", num(p.embedding)}, {"lmHead", num(p.lm_head)},
                 {"attention", num(p.attention)}, {"mlp", num(p.mlp)},
                 {"norms", num(p.norms)}};
  const InferenceResult& i = e.inference;
  j["inference"] = {{"ttftSeconds", num(i.ttft_seconds)},
                    {"prefillTokensPerSecond", num(i.prefill_tokens_per_second)},
                    {"decodeTokensPerSecond", num(i.decode_tokens_per_second)},
                    {"throughputTokensPerSecond", num(i.throughput_tokens_per_second)},
                    {"decodeStepSeconds", num(i.decode_step_seconds)},
                    {"kvCacheBytesPerToken", num(i.kv_cache_bytes_per_token)},
                    {"weightsReadBytesPerStep", num(i.weights_read_bytes_per_step)},
                    {"kvReadBytesPerStep", num(i.kv_read_bytes_per_step)},
                    {"communicationSecondsPerStep", num(i.communication_seconds_per_step)},
                    {"maxBatch", i.max_batch},
                    {"maxContextTokens", i.max_context_tokens},
                    {"throughputAtMaxBatch", num(i.throughput_at_max_batch)},
                    {"decodeArithmeticIntensity", num(i.decode_arithmetic_intensity)},
                    {"prefillArithmeticIntensity", num(i.prefill_arithmetic_intensity)},
                    {"endToEndSeconds", num(i.end_to_end_seconds)}};
  const TrainingResult& t = e.training;
  j["training"] = {{"flopsPerToken", num(t.flops_per_token)},
                   {"totalFlops", num(t.total_flops)},
                   {"stepSeconds", num(t.step_seconds)},
                   {"computeSecondsPerStep", num(t.compute_seconds_per_step)},
                   {"communicationSecondsPerStep", num(t.communication_seconds_per_step)},
                   {"tokensPerStep", num(t.tokens_per_step)},
                   {"tokensPerSecond", num(t.tokens_per_second)},
                   {"totalHours", num(t.total_hours)},
                   {"gpuHours", num(t.gpu_hours)},
                   {"mfu", num(t.mfu)},
                   {"trainableParams", num(t.trainable_params)},
                   {"communicationShare", num(t.communication_share)}};
  const CostResult& c = e.cost;
  j["cost"] = {{"usdPerHour", num(c.usd_per_hour)},
               {"usdPerMillionTokens", num(c.usd_per_million_tokens)},
               {"totalUsd", num(c.total_usd)},
               {"priceKnown", c.price_known}};
  j["bottleneck"] = bottleneck_id(e.bottleneck);
  j["bottleneckSentence"] = e.bottleneck_sentence;
  j["ridgePointFlopsPerByte"] = num(e.ridge_point_flops_per_byte);
  j["peakFlops"] = num(e.peak_flops);
  json rules = json::array();
  for (const RuleOfThumb& r : e.rules_of_thumb) {
    rules.push_back({{"id", r.id},
                     {"label", r.label},
                     {"valueBytes", num(r.value_bytes)},
                     {"detailedBytes", num(r.detailed_bytes)},
                     {"whyDifferent", r.why_different}});
  }
  j["rulesOfThumb"] = rules;
  j["formulas"] = e.formulas;
  j["warnings"] = e.warnings;
  return dump(j);
}

std::string model_arch_to_json(const ModelArch& m) { return dump(arch_json(m)); }
std::string gpu_to_json(const Gpu& g) { return dump(gpu_json(g)); }

std::string format_to_json(const NumberFormat& f) {
  static const char* families[] = {"plain", "gguf", "gptq", "awq", "bnb", "fp8", "mxfp4", "other"};
  return dump(json{{"id", f.id},
                   {"family", families[static_cast<int>(f.family)]},
                   {"name", f.name},
                   {"bitsPerWeight", num(f.bits_per_weight)},
                   {"block", f.block},
                   {"computeDtype", f.compute_dtype},
                   {"keepsEmbeddings16bit", f.keeps_embeddings_16bit},
                   {"usableForKvCache", f.usable_for_kv_cache},
                   {"source", f.source},
                   {"notes", f.notes}});
}

std::string fit_table_to_json(const std::vector<FitRow>& rows) {
  json j = json::array();
  for (const FitRow& r : rows) {
    j.push_back({{"gpu", r.gpu_id},
                 {"gpus", r.gpus},
                 {"perGpuBytes", num(r.per_gpu_bytes)},
                 {"capacityBytes", num(r.capacity_bytes)},
                 {"tokensPerSecond", num(r.tokens_per_second)},
                 {"usdPerHour", num(r.usd_per_hour)},
                 {"usdPerMillionTokens", num(r.usd_per_million_tokens)},
                 {"bottleneck", bottleneck_id(r.bottleneck)}});
  }
  return dump(j);
}

std::string assumption_table_to_json(Engine engine) {
  const Assumptions defaults = default_assumptions(engine);
  json j = json::array();
  for (const AssumptionInfo& info : assumption_table()) {
    double value = 0;
    get_assumption(defaults, info.key, value);
    j.push_back({{"key", info.key},
                 {"label", info.label},
                 {"unit", info.unit},
                 {"source", info.source},
                 {"value", num(value)}});
  }
  return dump(j);
}

}  // namespace sizer
