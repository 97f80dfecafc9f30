// Fuzzes the config.json importer: it must never crash, throw or hang, and whatever it accepts
// must give finite, non-negative parameter counts (the bounds in hf_config.cpp promise that).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

#include "sizer/hf_config.hpp"
#include "sizer/params.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const sizer::HfConfigResult result = sizer::model_from_hf_config(text);
  if (!result.ok) {
    if (result.error.empty()) __builtin_trap();  // a failure must say why
    return 0;
  }
  if (!result.error.empty()) __builtin_trap();
  const sizer::ParamCounts p = sizer::count_params(result.model);
  if (!std::isfinite(p.total) || p.total <= 0 || p.active <= 0 || p.active > p.total) {
    __builtin_trap();
  }
  return 0;
}
