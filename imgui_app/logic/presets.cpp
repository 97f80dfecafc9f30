// [SECTION] table parsing
// [SECTION] applying a preset
// [SECTION] metrics and checks
// [SECTION] search
#include "logic/presets.hpp"

#include <cstdlib>

#include "logic/catalog_search.hpp"
#include "logic/format.hpp"
#include "logic/i18n.hpp"
#include "logic/state_json.hpp"
#include "logic/tsv.hpp"
#include "sizer/enums.hpp"
#include "sizer/request_json.hpp"

namespace app {
namespace {

#ifndef SIZER_SEED_TABLE_LATE
// The table: seed_presets.inc is one raw string literal (so the browser test can read the same
// rows as text).
const char* const k_table =
#include "presets/seed_presets.inc"
    ;
#endif

bool parse_topic(const std::string& s, PresetTopic& out) {
  for (PresetTopic t : {PresetTopic::inference_memory, PresetTopic::training_memory,
                        PresetTopic::speed, PresetTopic::hardware, PresetTopic::seed_errors}) {
    if (s == topic_id(t)) {
      out = t;
      return true;
    }
  }
  return false;
}

// "lo..hi" -> two numbers; false when malformed.
bool parse_range(const std::string& s, double& lo, double& hi) {
  size_t dots = s.find("..");
  if (dots == std::string::npos) return false;
  const std::string a = s.substr(0, dots);
  const std::string b = s.substr(dots + 2);
  char* end_a = nullptr;
  char* end_b = nullptr;
  lo = std::strtod(a.c_str(), &end_a);
  hi = std::strtod(b.c_str(), &end_b);
  return !a.empty() && !b.empty() && *end_a == '\0' && *end_b == '\0' && lo <= hi;
}

bool starts_with(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

bool is_bytes_metric(const std::string& m) {
  return (starts_with(m, "memory.") && m != "memory.fits") || starts_with(m, "rule.");
}

bool is_bool_metric(const std::string& m) {
  return m == "memory.fits" || m == "gpu.supportsBf16" || m == "gpu.supportsFlashAttention2";
}

}  // namespace

// [SECTION] table parsing

std::vector<std::string> parse_seed_presets(const std::string& tsv, std::vector<SeedPreset>& out) {
  std::vector<std::string> errors;
  for (const TsvRow& row : read_tsv_rows(tsv)) {
    const std::string where = "line " + std::to_string(row.line_no) + ": ";
    const std::vector<std::string>& cols = row.cols;
    if (cols.size() != 6) {
      errors.push_back(where + "expected 6 columns, got " + std::to_string(cols.size()));
      continue;
    }
    SeedPreset p;
    p.id = cols[0];
    if (!parse_topic(cols[1], p.topic)) {
      errors.push_back(where + "unknown topic '" + cols[1] + "'");
      continue;
    }
    p.seeds = cols[2];
    p.metric = cols[3];
    p.expect = cols[4];
    p.request_json = cols[5];
    for (const SeedPreset& q : out) {
      if (q.id == p.id) errors.push_back(where + "duplicate id '" + p.id + "'");
    }
    out.push_back(p);
  }
  return errors;
}

#ifdef SIZER_SEED_TABLE_LATE
// The web app: no first frame reads the table (the menu opens on a click), so it travels with
// the English the first frame does not show, en-late.tsv (split_string_tables.py --late-text),
// 2.4 KB gzip less before the first frame. Asked for before that file arrived, i18n fetches it
// at once; "" when it cannot be had.
const char* seed_preset_table_text() {
  const char* text = i18n::find_text(k_seed_table_key);
  return text == nullptr ? "" : text;
}
#else
const char* seed_preset_table_text() { return k_table; }
#endif

const std::vector<SeedPreset>& seed_presets() {
  // Parsed once it is there: a table that could not be loaded is asked for again next time.
  static std::vector<SeedPreset> table;
  if (table.empty()) parse_seed_presets(seed_preset_table_text(), table);
  return table;
}

const SeedPreset* find_seed_preset(const std::string& id) {
  for (const SeedPreset& p : seed_presets()) {
    if (p.id == id) return &p;
  }
  return nullptr;
}

const char* topic_id(PresetTopic t) {
  switch (t) {
    case PresetTopic::training_memory:
      return "training-memory";
    case PresetTopic::speed:
      return "speed";
    case PresetTopic::hardware:
      return "hardware";
    case PresetTopic::seed_errors:
      return "seed-errors";
    case PresetTopic::inference_memory:
      break;
  }
  return "inference-memory";
}

const char* topic_label_key(PresetTopic t) {
  switch (t) {
    case PresetTopic::training_memory:
      return "preset.topic.training_memory";
    case PresetTopic::speed:
      return "preset.topic.speed";
    case PresetTopic::hardware:
      return "preset.topic.hardware";
    case PresetTopic::seed_errors:
      return "preset.topic.seed_errors";
    case PresetTopic::inference_memory:
      break;
  }
  return "preset.topic.inference_memory";
}

std::string question_key(const SeedPreset& p) { return "preset." + p.id + ".q"; }
std::string answer_key(const SeedPreset& p) { return "preset." + p.id + ".a"; }

// [SECTION] applying a preset

PresetScenario preset_scenario(const SeedPreset& p) {
  PresetScenario out;
  sizer::RequestResult r = sizer::scenario_from_request_json(p.request_json);
  if (!r.ok) {
    out.error = r.error;
    return out;
  }
  out.ok = true;
  out.scenario = r.scenario;
  out.tab = tab_for(out.scenario, ModeTab::inference);
  return out;
}

bool apply_preset(App& app, const SeedPreset& p) {
  PresetScenario s = preset_scenario(p);
  if (!s.ok) return false;
  app.inputs = s.scenario;
  app.ui.tab = s.tab;
  app.dirty = true;
  return true;
}

// [SECTION] metrics and checks

bool metric_value(const sizer::Estimate& e, const std::string& metric, double& out) {
  const sizer::MemoryBreakdown& m = e.memory;
  const sizer::InferenceResult& i = e.inference;
  const sizer::TrainingResult& t = e.training;
  const sizer::Gpu& g = e.scenario.hardware.gpu;
  struct Row {
    const char* key;
    double value;
  };
  const Row rows[] = {
      {"memory.weightsBytes", m.weights_bytes},
      {"memory.kvCacheBytes", m.kv_cache_bytes},
      {"memory.activationBytes", m.activation_bytes},
      {"memory.gradientBytes", m.gradient_bytes},
      {"memory.optimizerBytes", m.optimizer_bytes},
      {"memory.perGpuBytes", m.per_gpu_bytes},
      {"memory.totalBytes", m.total_bytes},
      {"memory.hostRamBytes", m.host_ram_bytes},
      {"memory.fits", m.fits ? 1.0 : 0.0},
      {"inference.decodeTokensPerSecond", i.decode_tokens_per_second},
      {"inference.throughputTokensPerSecond", i.throughput_tokens_per_second},
      {"inference.ttftSeconds", i.ttft_seconds},
      {"inference.maxBatch", static_cast<double>(i.max_batch)},
      {"inference.maxContextTokens", static_cast<double>(i.max_context_tokens)},
      {"inference.decodeArithmeticIntensity", i.decode_arithmetic_intensity},
      {"inference.prefillArithmeticIntensity", i.prefill_arithmetic_intensity},
      {"training.totalFlops", t.total_flops},
      {"training.tokensPerSecond", t.tokens_per_second},
      {"training.mfu", t.mfu},
      {"training.communicationShare", t.communication_share},
      {"training.stepSeconds", t.step_seconds},
      {"training.totalHours", t.total_hours},
      {"cost.usdPerMillionTokens", e.cost.usd_per_million_tokens},
      {"peakFlops", e.peak_flops},
      {"gpu.memoryBandwidthGbPerS", g.memory_bandwidth_gb_per_s},
      {"gpu.interconnectGbPerSBidirectional", g.interconnect_gb_per_s_bidirectional},
      {"cost.purchaseUsd", e.cost.purchase_usd},
      {"gpu.supportsBf16", g.supports_bf16 ? 1.0 : 0.0},
      {"gpu.supportsFlashAttention2", g.supports_flash_attention_2 ? 1.0 : 0.0},
  };
  for (const Row& r : rows) {
    if (metric == r.key) {
      out = r.value;
      return true;
    }
  }
  if (starts_with(metric, "rule.")) {
    const size_t dot = metric.rfind('.');
    const std::string id = metric.substr(5, dot - 5);
    const std::string field = metric.substr(dot + 1);
    for (const sizer::RuleOfThumb& rule : e.rules_of_thumb) {
      if (rule.id != id) continue;
      if (field == "value") out = rule.value_bytes;
      if (field == "detailed") out = rule.detailed_bytes;
      return field == "value" || field == "detailed";
    }
  }
  return false;
}

std::string format_metric(const std::string& metric, double value) {
  if (is_bool_metric(metric)) return value != 0 ? "yes" : "no";
  if (is_bytes_metric(metric)) return fmt::bytes(value);
  if (metric == "peakFlops") return fmt::number(value / 1e12) + " TFLOPS";
  if (metric == "training.totalFlops") return fmt::flops(value);
  if (metric == "training.mfu" || metric == "training.communicationShare")
    return fmt::percent(value);
  if (metric == "cost.usdPerMillionTokens") return trf("summary.per_million", {fmt::usd(value)});
  if (metric == "cost.purchaseUsd") return fmt::usd(value);
  if (starts_with(metric, "gpu.")) return fmt::number(value) + " GB/s";
  if (metric.find("TokensPerSecond") != std::string::npos || metric == "training.tokensPerSecond")
    return trf("res.unit.tok_s", {fmt::number(value)});
  if (metric.find("ArithmeticIntensity") != std::string::npos)
    return trf("unit.flop_per_byte", {fmt::number(value)});
  if (metric == "inference.ttftSeconds" || metric == "training.stepSeconds")
    return fmt::seconds(value);
  if (metric == "training.totalHours") return fmt::seconds(value * 3600);
  if (metric == "inference.maxContextTokens") return trf("preset.tokens", {fmt::integer(value)});
  return fmt::number(value);
}

MetricCheck check_preset(const SeedPreset& p, const sizer::Estimate& e) {
  MetricCheck c;
  if (p.metric == "bottleneck") {
    c.known = true;
    c.shown = sizer::enum_id(e.bottleneck);
    c.ok = c.shown == p.expect;
    return c;
  }
  c.known = metric_value(e, p.metric, c.value);
  if (!c.known) return c;
  c.shown = format_metric(p.metric, c.value);
  if (p.expect == "true" || p.expect == "false") {
    c.ok = (c.value != 0) == (p.expect == "true");
    return c;
  }
  double lo = 0;
  double hi = 0;
  c.ok = parse_range(p.expect, lo, hi) && c.value >= lo && c.value <= hi;
  return c;
}

// [SECTION] search

bool preset_matches(const std::string& question, const std::string& id, const std::string& query) {
  return matches_query(question + " " + id, query);
}

}  // namespace app
