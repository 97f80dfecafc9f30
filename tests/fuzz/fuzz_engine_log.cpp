// Fuzzes parse_engine_log: any text gives finite figures pointing at real lines, never a crash.
// Seeds: tests/fuzz/corpus/engine_log (lines in the engines' formats).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

#include "sizer/engine_log.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const sizer::EngineLog log = sizer::parse_engine_log(text);
  int lines = 1;
  for (char c : text) lines += c == '\n' ? 1 : 0;
  for (const sizer::LogFigure& f : log.figures) {
    if (f.key.empty() || !std::isfinite(f.value)) __builtin_trap();
    if (f.line_number < 1 || f.line_number > lines || f.line_text.size() > 300) __builtin_trap();
  }
  if (!log.figures.empty() && log.engine.empty()) __builtin_trap();
  return 0;
}
