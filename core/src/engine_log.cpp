// Line matchers for engine logs. Each matcher looks for the fixed text of one log statement (the
// format strings are quoted beside each matcher, from the engines' sources; docs/FILES.md lists
// them) and reads the numbers at their places. No regular expressions: plain searches keep the
// cost linear in the line length and the stack flat on hostile input.
#include "sizer/engine_log.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace sizer {
namespace {

constexpr std::size_t kMaxTextBytes = 32u << 20;
constexpr std::size_t kMaxLineBytes = 64u << 10;
constexpr std::size_t kMaxFigures = 10000;
constexpr std::size_t kLineTextChars = 300;
constexpr std::size_t kMaxNumberChars = 40;

using std::string_view;

bool is_digit(char c) { return c >= '0' && c <= '9'; }

string_view trim(string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

// Reads a decimal number starting at `pos` (spaces skipped): optional '-', digits with optional
// thousands commas ("396,928"), optional fraction. `end` gets the position after it.
bool number_at(string_view line, std::size_t pos, double& out, std::size_t* end = nullptr) {
  while (pos < line.size() && line[pos] == ' ') ++pos;
  std::string digits;
  if (pos < line.size() && line[pos] == '-') digits.push_back(line[pos++]);
  const std::size_t start = pos;
  while (pos < line.size() && digits.size() < kMaxNumberChars) {
    const char c = line[pos];
    if (is_digit(c)) {
      digits.push_back(c);
    } else if (c == ',' && pos > start && pos + 3 < line.size() && is_digit(line[pos + 1]) &&
               is_digit(line[pos + 2]) && is_digit(line[pos + 3]) &&
               (pos + 4 == line.size() || !is_digit(line[pos + 4]))) {
      // a thousands separator: skip it
    } else {
      break;
    }
    ++pos;
  }
  if (pos == start) return false;
  if (pos + 1 < line.size() && line[pos] == '.' && is_digit(line[pos + 1])) {
    digits.push_back('.');
    ++pos;
    while (pos < line.size() && is_digit(line[pos]) && digits.size() < kMaxNumberChars) {
      digits.push_back(line[pos++]);
    }
  }
  const double value = std::strtod(digits.c_str(), nullptr);
  if (!std::isfinite(value)) return false;
  out = value;
  if (end != nullptr) *end = pos;
  return true;
}

// The number right after `needle` (first occurrence at or after `from`).
bool number_after(string_view line, string_view needle, double& out, std::size_t* end = nullptr,
                  std::size_t from = 0) {
  const std::size_t at = line.find(needle, from);
  if (at == string_view::npos) return false;
  return number_at(line, at + needle.size(), out, end);
}

// True when `line` continues with `word` at `pos` (spaces skipped).
bool followed_by(string_view line, std::size_t pos, string_view word) {
  while (pos < line.size() && line[pos] == ' ') ++pos;
  return line.substr(pos, word.size()) == word;
}

bool contains(string_view line, string_view part) { return line.find(part) != string_view::npos; }

// A count for a label ("131072 tokens per request"); absurd values keep their magnitude.
std::string count_text(double value) {
  if (std::fabs(value) < 1e15) return std::to_string(static_cast<long long>(value));
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3g", value);
  return buffer;
}

// Removes ANSI colour sequences (ESC [ ... letter) that coloured loggers add.
std::string strip_ansi(string_view line) {
  std::string out;
  out.reserve(line.size());
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '\x1b' && i + 1 < line.size() && line[i + 1] == '[') {
      std::size_t j = i + 2;
      while (j < line.size() &&
             !((line[j] >= 'A' && line[j] <= 'Z') || (line[j] >= 'a' && line[j] <= 'z')))
        ++j;
      i = j;
      continue;
    }
    out.push_back(line[i]);
  }
  return out;
}

class Collector {
 public:
  explicit Collector(EngineLog& log) : log_(log) {}

  void set_line(int number, string_view text) {
    line_number_ = number;
    line_text_ = std::string(text.substr(0, kLineTextChars));
  }

  void add(const char* key, double value, const char* unit, std::string label = std::string()) {
    if (log_.figures.size() >= kMaxFigures) {
      if (!full_) log_.warnings.push_back("more than 10,000 figures; the rest were skipped");
      full_ = true;
      return;
    }
    // Every tensor-parallel rank repeats the same line: keep the first.
    std::string identity = std::string(key) + '\n' + label + '\n' + std::to_string(value);
    if (!seen_.insert(std::move(identity)).second) return;
    LogFigure f;
    f.key = key;
    f.value = value;
    f.unit = unit;
    f.label = std::move(label);
    f.line_number = line_number_;
    f.line_text = line_text_;
    log_.figures.push_back(std::move(f));
  }

 private:
  EngineLog& log_;
  std::set<std::string> seen_;
  int line_number_ = 0;
  std::string line_text_;
  bool full_ = false;
};

// A memory figure "<needle><number> GiB|GB": vLLM and SGLang both divide by 2^30 (vLLM GiB_bytes,
// `float(2**30)` in the V0 "GB" line; SGLang `GB = 1024 * 1024 * 1024`, `1 << 30`), so "GB"
// there means GiB.
bool gib_after(string_view line, string_view needle, double& out) {
  std::size_t end = 0;
  if (!number_after(line, needle, out, &end)) return false;
  return followed_by(line, end, "GiB") || followed_by(line, end, "GB");
}

void match_vllm(string_view line, Collector& c) {
  double v = 0, w = 0;
  // gpu_model_runner.py: "Model loading took %.4f GiB and %.6f seconds"
  if (gib_after(line, "Model loading took ", v)) c.add("vllm.weights_memory", v, "GiB");
  // V0 model_runner.py: "Loading model weights took %.4f GB" (bytes / 2**30)
  if (gib_after(line, "Loading model weights took ", v)) c.add("vllm.weights_memory", v, "GiB");
  // V0 worker.py: "model weights take %.2fGiB; non_torch_memory takes %.2fGiB; PyTorch activation
  // peak memory takes %.2fGiB; the rest of the memory reserved for KV Cache is %.2fGiB."
  if (gib_after(line, "model weights take ", v)) c.add("vllm.weights_memory", v, "GiB");
  if (gib_after(line, "non_torch_memory takes ", v)) c.add("vllm.non_torch_memory", v, "GiB");
  if (gib_after(line, "activation peak memory takes ", v)) {
    c.add("vllm.activation_peak_memory", v, "GiB");
  }
  if (gib_after(line, "reserved for KV Cache is ", v)) c.add("vllm.kv_cache_memory", v, "GiB");
  // gpu_worker.py: "Available KV cache memory: %.2f GiB"
  if (gib_after(line, "Available KV cache memory: ", v)) c.add("vllm.kv_cache_memory", v, "GiB");
  // worker.py: "total_gpu_memory (%.2fGiB) x gpu_memory_utilization (%.2f) = %.2fGiB"
  if (gib_after(line, "total_gpu_memory (", v) &&
      number_after(line, "gpu_memory_utilization (", w)) {
    c.add("vllm.total_gpu_memory", v, "GiB");
    c.add("vllm.gpu_memory_utilization", w, "");
  }
  // kv_cache_utils.py: "GPU KV cache size: %s tokens" (thousands commas)
  std::size_t end = 0;
  if (number_after(line, "GPU KV cache size: ", v, &end) && followed_by(line, end, "tokens")) {
    c.add("vllm.kv_cache_tokens", v, "tokens");
  }
  // kv_cache_utils.py: "Maximum concurrency for %s tokens per request: %.2fx"
  if (number_after(line, "Maximum concurrency for ", v, &end) &&
      followed_by(line, end, "tokens per request:") &&
      number_after(line, "tokens per request: ", w, &end) && followed_by(line, end, "x")) {
    const std::string label = count_text(v) + " tokens per request";
    c.add("vllm.max_concurrency", w, "x", label);
    c.add("vllm.max_model_len", v, "tokens");
  }
  // kv_cache_utils.py (V1, early 2025): "# GPU blocks: %d"; V0 executor_base.py:
  // "# %s blocks: %d, # CPU blocks: %d" with "cuda" or "GPU".
  if (number_after(line, "# GPU blocks: ", v) || number_after(line, "# cuda blocks: ", v)) {
    c.add("vllm.gpu_blocks", v, "blocks");
  }
  if (number_after(line, "# CPU blocks: ", v)) c.add("vllm.cpu_blocks", v, "blocks");
  // gpu_model_runner.py: "Graph capturing finished in %.0f secs, took %.2f GiB"
  if (contains(line, "Graph capturing finished in ") && gib_after(line, "secs, took ", v)) {
    c.add("vllm.cuda_graph_memory", v, "GiB");
  }
}

void match_sglang(string_view line, Collector& c) {
  double v = 0, k = 0, vv = 0;
  // model_runner.py: "Load weight end. type=%s, dtype=%s, avail mem=%.2f GB, mem usage=%.2f GB."
  if (contains(line, "Load weight end.")) {
    if (gib_after(line, "mem usage=", v)) c.add("sglang.weights_memory", v, "GiB");
    if (gib_after(line, "avail mem=", v)) c.add("sglang.available_memory_after_weights", v, "GiB");
  }
  // memory_pool.py: "KV Cache is allocated. #tokens: %d, K size: %.2f GB, V size: %.2f GB"
  // (MLA pools: "#tokens: %d, KV size: %.2f GB")
  if (contains(line, "KV Cache is allocated.")) {
    if (number_after(line, "#tokens: ", v)) c.add("sglang.kv_cache_tokens", v, "tokens");
    if (gib_after(line, "KV size: ", v)) c.add("sglang.kv_cache_memory", v, "GiB");
    const bool have_k = gib_after(line, "K size: ", k);
    const bool have_v = gib_after(line, ", V size: ", vv);
    if (have_k) c.add("sglang.k_cache_memory", k, "GiB");
    if (have_v) c.add("sglang.v_cache_memory", vv, "GiB");
    if (have_k && have_v) c.add("sglang.kv_cache_memory", k + vv, "GiB", "K + V");
  }
  // scheduler.py: "max_total_num_tokens=%d, chunked_prefill_size=%d, max_prefill_tokens=%d,
  // max_running_requests=%d, context_len=%d, available_gpu_mem=%.2f GB"
  if (number_after(line, "max_total_num_tokens=", v)) {
    c.add("sglang.max_total_num_tokens", v, "tokens");
    if (number_after(line, "max_running_requests=", v)) {
      c.add("sglang.max_running_requests", v, "requests");
    }
    if (number_after(line, "context_len=", v)) c.add("sglang.context_len", v, "tokens");
    if (gib_after(line, "available_gpu_mem=", v)) c.add("sglang.available_memory", v, "GiB");
  }
  // model_runner.py: "Capture cuda graph end. Time elapsed: %.2f s. mem usage=%.2f GB. avail
  // mem=%.2f GB." (older releases print no mem usage)
  if ((contains(line, "Capture cuda graph end.") || contains(line, "Capture npu graph end.")) &&
      gib_after(line, "mem usage=", v)) {
    c.add("sglang.cuda_graph_memory", v, "GiB");
  }
}

// The backend buffer name printed before "<what> buffer size" ("%10s"), e.g. "CUDA0".
std::string device_before(string_view line, std::size_t at) {
  std::size_t colon = line.rfind(": ", at);
  const std::size_t start = colon == string_view::npos ? 0 : colon + 2;
  return std::string(trim(line.substr(start, at - start)));
}

void match_llama_cpp(string_view line, Collector& c) {
  double v = 0, w = 0;
  std::size_t end = 0;
  // llama-kv-cache.cpp: "%s: size = %7.2f MiB (%6u cells, %3d layers, %2u/%u seqs), K (%s):
  // %7.2f MiB, V (%s): %7.2f MiB" (llama_kv_cache_unified / llama_kv_cache)
  if (contains(line, "kv_cache") && number_after(line, ": size = ", v, &end) &&
      followed_by(line, end, "MiB (")) {
    c.add("llama_cpp.kv_cache_memory", v, "MiB");
    if (number_after(line, "MiB (", w, &end, end) && followed_by(line, end, "cells")) {
      c.add("llama_cpp.kv_cache_cells", w, "tokens");
    }
  }
  // older llama.cpp: "%s: KV self size  = %7.2f MiB, K (%s): ..."
  if (number_after(line, "KV self size  = ", v, &end) && followed_by(line, end, "MiB")) {
    c.add("llama_cpp.kv_cache_memory", v, "MiB");
  }
  // "%s: %10s KV buffer size = %8.2f MiB" / "compute buffer size" / "%12s model buffer size"
  struct Buffer {
    const char* needle;
    const char* key;
  };
  for (const Buffer& b : {Buffer{" KV buffer size = ", "llama_cpp.kv_buffer"},
                          Buffer{" compute buffer size = ", "llama_cpp.compute_buffer"},
                          Buffer{" model buffer size = ", "llama_cpp.model_buffer"}}) {
    const std::size_t at = line.find(b.needle);
    if (at != string_view::npos && number_at(line, at + std::strlen(b.needle), v, &end) &&
        followed_by(line, end, "MiB")) {
      c.add(b.key, v, "MiB", device_before(line, at));
    }
  }
  // older llm_load_tensors: "%s: %10s buffer size = %8.2f MiB" (weights per device)
  if (line.substr(0, 17) == "llm_load_tensors:") {
    const std::size_t at = line.find(" buffer size = ");
    if (at != string_view::npos && number_at(line, at + 15, v, &end) &&
        followed_by(line, end, "MiB")) {
      c.add("llama_cpp.model_buffer", v, "MiB", device_before(line, at));
    }
  }
  // llama-model-loader.cpp print_info: "%s: file size   = %.2f GiB (%.2f BPW) "; older
  // llm_load_print_meta: "%s: model size       = %.2f GiB (%.2f BPW) " (MiB below 1 GiB)
  for (const char* needle : {"file size", "model size"}) {
    std::size_t at = line.find(needle);
    if (at == string_view::npos) continue;
    at += std::strlen(needle);
    while (at < line.size() && line[at] == ' ') ++at;
    if (at >= line.size() || line[at] != '=' || !number_at(line, at + 1, v, &end)) continue;
    const char* unit = followed_by(line, end, "GiB")   ? "GiB"
                       : followed_by(line, end, "MiB") ? "MiB"
                                                       : nullptr;
    if (unit == nullptr) continue;
    c.add("llama_cpp.model_size", v, unit);
    if (number_after(line, "(", w, &end, end) && followed_by(line, end, "BPW)")) {
      c.add("llama_cpp.bits_per_weight", w, "bits");
    }
  }
  // print_info: "%s: model params     = %.2f B" (T, M, K below)
  if (number_after(line, "model params     = ", v, &end)) {
    for (const char* unit : {"T", "B", "M", "K"}) {
      if (followed_by(line, end, unit)) {
        c.add("llama_cpp.model_params", v, unit);
        break;
      }
    }
  }
  // llama-model.cpp: "%s: offloaded %d/%d layers to GPU"
  if (number_after(line, "offloaded ", v, &end) && end < line.size() && line[end] == '/' &&
      number_at(line, end + 1, w, &end) && followed_by(line, end, "layers to GPU")) {
    c.add("llama_cpp.offloaded_layers", v, "layers");
    c.add("llama_cpp.offloadable_layers", w, "layers");
  }
  // ggml-cuda.cu: "  Device %d: %s, compute capability %d.%d, VMM: %s"
  const string_view t = trim(line);
  if (t.substr(0, 7) == "Device " && number_at(t, 7, v, &end) && end < t.size() && t[end] == ':') {
    const std::size_t cc = t.find(", compute capability ");
    if (cc != string_view::npos && cc > end + 2) {
      c.add("gpu_name", v, "", std::string(trim(t.substr(end + 1, cc - end - 1))));
    }
  }
  // llama.cpp (llama_model_load_from_file_impl): "%s: using device %s (%s) - %zu MiB free"
  const std::size_t using_at = line.find("using device ");
  if (using_at != string_view::npos) {
    const std::size_t open = line.find(" (", using_at);
    const std::size_t close = line.rfind(") - ");
    if (open != string_view::npos && close != string_view::npos && close > open &&
        number_at(line, close + 4, v, &end) && followed_by(line, end, "MiB free")) {
      const std::string device(line.substr(using_at + 13, open - using_at - 13));
      const std::string name(line.substr(open + 2, close - open - 2));
      double index = 0;
      std::size_t digits = device.size();
      while (digits > 0 && is_digit(device[digits - 1])) --digits;
      if (digits < device.size()) index = std::strtod(device.c_str() + digits, nullptr);
      c.add("gpu_name", index, "", name);
      c.add("llama_cpp.device_free_memory", v, "MiB", device);
    }
  }
  // llama_perf_context_print / server print_timings:
  // "prompt eval time = %10.2f ms / %5d tokens (%8.2f ms per token, %8.2f tokens per second)"
  // "       eval time = %10.2f ms / %5d runs   (%8.2f ms per token, %8.2f tokens per second)"
  const std::size_t eval = line.find("eval time = ");
  if (eval != string_view::npos && number_after(line, "ms per token, ", v, &end) &&
      followed_by(line, end, "tokens per second)")) {
    const bool prompt = eval >= 7 && line.substr(eval - 7, 7) == "prompt ";
    std::string label;
    if (number_after(line, " ms / ", w, &end, eval)) {
      label = count_text(w) + (followed_by(line, end, "runs") ? " runs" : " tokens");
    }
    c.add(prompt ? "llama_cpp.prompt_tokens_per_second" : "llama_cpp.eval_tokens_per_second", v,
          "tokens/s", label);
  }
}

// llama-bench Markdown output (tools/llama-bench markdown_printer): a header row naming the
// columns ("| model | size | params | backend | ngl | test | t/s |"), a dashes row, then one row
// per test with t/s printed "%.2f ± %.2f" and test "pp512", "tg128", "pp512+tg128", "pp512 @
// d4096".
class BenchTable {
 public:
  void line(string_view text, Collector& c) {
    const string_view t = trim(text);
    if (t.size() < 2 || t.front() != '|' || t.back() != '|') {
      columns_.clear();
      return;
    }
    std::vector<std::string> cells;
    std::size_t start = 1;
    for (std::size_t i = 1; i < t.size() && cells.size() < 64; ++i) {
      if (t[i] == '|') {
        cells.emplace_back(trim(t.substr(start, i - start)));
        start = i + 1;
      }
    }
    if (is_header(cells)) {
      columns_ = cells;
      return;
    }
    if (columns_.empty() || cells.size() != columns_.size() || is_rule(cells)) return;
    row(cells, c);
  }

 private:
  static bool is_header(const std::vector<std::string>& cells) {
    bool model = false, test = false, rate = false;
    for (const std::string& cell : cells) {
      model = model || cell == "model";
      test = test || cell == "test";
      rate = rate || cell == "t/s";
    }
    return model && test && rate;
  }

  static bool is_rule(const std::vector<std::string>& cells) {
    for (const std::string& cell : cells) {
      if (cell.find_first_not_of("-:") != std::string::npos) return false;
    }
    return true;
  }

  std::string cell(const std::vector<std::string>& cells, const char* name) const {
    for (std::size_t i = 0; i < columns_.size(); ++i) {
      if (columns_[i] == name) return cells[i];
    }
    return std::string();
  }

  void row(const std::vector<std::string>& cells, Collector& c) const {
    const std::string test = cell(cells, "test");
    const std::string rate = cell(cells, "t/s");
    const std::string model = cell(cells, "model");
    double avg = 0, sd = 0;
    std::size_t end = 0;
    if (test.empty() || !number_at(rate, 0, avg, &end)) return;
    const char* key = "llama_bench.tokens_per_second";
    const char* sd_key = "llama_bench.tokens_per_second_stddev";
    if (test.rfind("pp", 0) == 0 && test.find("+tg") != std::string::npos) {
      key = "llama_bench.pp_tg_tokens_per_second";
      sd_key = "llama_bench.pp_tg_tokens_per_second_stddev";
    } else if (test.rfind("pp", 0) == 0) {
      key = "llama_bench.pp_tokens_per_second";
      sd_key = "llama_bench.pp_tokens_per_second_stddev";
    } else if (test.rfind("tg", 0) == 0) {
      key = "llama_bench.tg_tokens_per_second";
      sd_key = "llama_bench.tg_tokens_per_second_stddev";
    }
    std::string label = test + " | " + model;
    const std::string backend = cell(cells, "backend");
    const std::string ngl = cell(cells, "ngl");
    if (!backend.empty()) label += " | " + backend;
    if (!ngl.empty()) label += " | ngl " + ngl;
    c.add(key, avg, "tokens/s", label);
    const std::size_t plus_minus = rate.find("\xC2\xB1");  // "±" in UTF-8
    if (plus_minus != std::string::npos && number_at(rate, plus_minus + 2, sd)) {
      c.add(sd_key, sd, "tokens/s", label);
    }
    double size = 0, params = 0;
    const std::string size_cell = cell(cells, "size");
    if (number_at(size_cell, 0, size, &end)) {
      const char* unit = followed_by(size_cell, end, "GiB")   ? "GiB"
                         : followed_by(size_cell, end, "MiB") ? "MiB"
                                                              : nullptr;
      if (unit != nullptr) c.add("llama_bench.model_size", size, unit, model);
    }
    const std::string params_cell = cell(cells, "params");
    if (number_at(params_cell, 0, params, &end)) {
      for (const char* unit : {"T", "B", "M", "K"}) {
        if (followed_by(params_cell, end, unit)) {
          c.add("llama_bench.model_params", params, unit, model);
          break;
        }
      }
    }
  }

  std::vector<std::string> columns_;
};

std::string engine_of(const std::string& key) {
  if (key.rfind("vllm.", 0) == 0) return "vllm";
  if (key.rfind("sglang.", 0) == 0) return "sglang";
  if (key.rfind("llama_bench.", 0) == 0) return "llama-bench";
  return "llama.cpp";
}

}  // namespace

EngineLog parse_engine_log(const std::string& input) {
  EngineLog log;
  string_view text(input);
  if (text.size() > kMaxTextBytes) {
    log.warnings.push_back("the text is longer than 32 MiB; only the first 32 MiB were read");
    text = text.substr(0, kMaxTextBytes);
  }
  Collector collector(log);
  BenchTable bench;
  int number = 0;
  bool long_lines = false;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t stop = text.find('\n', start);
    if (stop == string_view::npos) stop = text.size();
    ++number;
    const string_view raw = text.substr(start, stop - start);
    start = stop + 1;
    if (raw.size() > kMaxLineBytes) {
      long_lines = true;
      continue;
    }
    const std::string clean = strip_ansi(raw);
    const string_view line = trim(clean);
    if (line.empty()) {
      bench.line(line, collector);
      continue;
    }
    collector.set_line(number, line);
    match_vllm(line, collector);
    match_sglang(line, collector);
    match_llama_cpp(line, collector);
    bench.line(line, collector);
  }
  if (long_lines) log.warnings.push_back("lines longer than 64 KiB were skipped");

  std::set<std::string> engines;
  for (const LogFigure& f : log.figures) engines.insert(engine_of(f.key));
  if (engines.size() == 1) {
    log.engine = *engines.begin();
  } else if (engines.size() > 1) {
    // gpu_name lines come from llama.cpp's CUDA backend, which llama-bench also prints.
    engines.erase("llama.cpp");
    log.engine = engines.size() == 1 ? *engines.begin() : "mixed";
  }
  return log;
}

}  // namespace sizer
