// The seed-question presets: each question of the seeds (docs/QUESTIONS.md) as one full
// configuration, the result its answer quotes, and the range the engine must land in. The table is
// imgui_app/presets/seed_presets.inc (compiled in); the question and answer texts are the string
// keys preset.<id>.q / preset.<id>.a of imgui_app/strings/presets.tsv. Pure C++: no ImGui.
#pragma once

#include <string>
#include <vector>

#include "app_state.hpp"

namespace app {

enum class PresetTopic { inference_memory, training_memory, speed, hardware, seed_errors };

struct SeedPreset {
  std::string id;  // "q04-70b-gptq"
  PresetTopic topic = PresetTopic::inference_memory;
  std::string seeds;         // seed files, "000,004"
  std::string metric;        // the result the answer quotes, see metric_value()
  std::string expect;        // "lo..hi" (SI units), "true"/"false", or a bottleneck id
  std::string request_json;  // a full request (sizer::scenario_from_request_json)
};

// Parses the preset table (the text between the raw-string markers of seed_presets.inc). Returns
// one message per bad row ("line 3: expected 6 columns"); good rows are appended to `out`.
std::vector<std::string> parse_seed_presets(const std::string& tsv, std::vector<SeedPreset>& out);

// The en-late.tsv key under which the web app gets the table (split_string_tables.py
// --late-text); native builds compile it in.
inline constexpr const char* k_seed_table_key = "preset.table";

// The table as text (what tests/ui re-parses to see its errors); "" in the web app while it
// cannot be loaded.
const char* seed_preset_table_text();

// The table, parsed once it is there (a bad row is a build bug caught by tests/ui); empty while
// the web app cannot load it.
const std::vector<SeedPreset>& seed_presets();
const SeedPreset* find_seed_preset(const std::string& id);

const char* topic_id(PresetTopic t);            // "inference-memory", ...
const char* topic_label_key(PresetTopic t);     // "preset.topic.inference_memory", ...
std::string question_key(const SeedPreset& p);  // "preset.<id>.q"
std::string answer_key(const SeedPreset& p);    // "preset.<id>.a"

struct PresetScenario {
  bool ok = false;
  sizer::Scenario scenario;
  ModeTab tab = ModeTab::inference;
  std::string error;  // the request's error, naming the field
};

// The preset's full configuration (fresh defaults, never merged onto the current state) and the
// mode tab it belongs to.
PresetScenario preset_scenario(const SeedPreset& p);

// Sets app.inputs, app.ui.tab and dirty. False (app unchanged) when the request is invalid.
bool apply_preset(App& app, const SeedPreset& p);

// Reads one number of an estimate by key. Keys: memory.<weightsBytes|kvCacheBytes|
// activationBytes|gradientBytes|optimizerBytes|perGpuBytes|totalBytes|hostRamBytes|fits>,
// inference.<decodeTokensPerSecond|throughputTokensPerSecond|ttftSeconds|maxBatch|
// maxContextTokens|decodeArithmeticIntensity|prefillArithmeticIntensity>,
// training.<totalFlops|tokensPerSecond|mfu|communicationShare|stepSeconds|totalHours>,
// cost.usdPerMillionTokens, peakFlops, gpu.<memoryBandwidthGbPerS|
// interconnectGbPerSBidirectional|launchPriceUsd|supportsBf16|supportsFlashAttention2>,
// rule.<rule id>.<value|detailed> (bytes). Booleans read 1 / 0. False for an unknown key.
bool metric_value(const sizer::Estimate& e, const std::string& metric, double& out);

// The metric as the app shows it: "36.7 GB", "90.0 tokens/s", "312 TFLOPS", "32.0%", "yes".
std::string format_metric(const std::string& metric, double value);

struct MetricCheck {
  bool known = false;  // the metric key exists
  bool ok = false;     // the engine lands in the expected range / value
  double value = 0;
  std::string shown;  // format_metric(value), or the bottleneck id
};

// Compares the engine's result with the preset's expectation.
MetricCheck check_preset(const SeedPreset& p, const sizer::Estimate& e);

// True when every whitespace-separated word of `query` occurs (case-insensitive, ASCII folding
// only) in `question` or `id`. An empty query matches everything.
bool preset_matches(const std::string& question, const std::string& id, const std::string& query);

}  // namespace app
