// Reads the measured figures out of a pasted engine log: vLLM and SGLang start-up logs, llama.cpp
// logs (llama-cli, llama-server) and llama-bench Markdown tables. Only lines whose format is known
// give figures (docs/FILES.md lists them with their sources); every other line is ignored.
#pragma once

#include <string>
#include <vector>

namespace sizer {

struct LogFigure {
  // Stable id, e.g. "vllm.kv_cache_tokens", "llama_cpp.compute_buffer",
  // "llama_bench.tg_tokens_per_second", "gpu_name".
  std::string key;
  double value = 0;
  std::string unit;       // "GiB", "MiB", "tokens", "blocks", "x", "tokens/s", "layers", "B" ...
  std::string label;      // what the figure is about: device ("CUDA0"), bench test, GPU name
  int line_number = 0;    // 1-based
  std::string line_text;  // the line, trimmed (first 300 characters)
};

struct EngineLog {
  // "vllm", "sglang", "llama.cpp", "llama-bench", "mixed" or "" when nothing was recognised.
  std::string engine;
  std::vector<LogFigure> figures;  // in line order; a figure repeated by every TP rank once
  std::vector<std::string> warnings;
};

// Never throws. Text beyond 32 MiB and single lines beyond 64 KiB are skipped with a warning.
EngineLog parse_engine_log(const std::string& text);

}  // namespace sizer
