// Checks shared by the model-file fuzzers: whatever the bytes, import_model_file returns a
// consistent result (a message for every failure, sums that add up, only catalog formats, and an
// architecture the engine can count without overflow when it says it is complete).
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

#include "sizer/catalog.hpp"
#include "sizer/model_file.hpp"
#include "sizer/params.hpp"

inline void check_model_file(const sizer::ModelFileResult& r, std::size_t given) {
  using sizer::ModelFileStatus;
  if (r.status == ModelFileStatus::error) {
    if (r.error.empty()) __builtin_trap();
    return;
  }
  if (r.status == ModelFileStatus::needs_more_bytes) {
    if (r.bytes_needed <= given || r.error.empty()) __builtin_trap();
    return;
  }
  if (!r.error.empty() || r.bytes_needed > given) __builtin_trap();
  if (!r.weights_format.empty() && sizer::find_format(r.weights_format) == nullptr) {
    __builtin_trap();
  }
  std::uint64_t bytes = 0, parameters = 0;
  for (const auto& entry : r.exact.bytes_by_type) bytes += entry.second;
  for (const auto& entry : r.exact.parameters_by_type) parameters += entry.second;
  if (!r.exact.bytes_by_type.empty() && bytes != r.exact.weights_bytes) __builtin_trap();
  if (!r.exact.parameters_by_type.empty() && parameters != r.exact.parameters) __builtin_trap();
  if (r.model_complete) {
    const sizer::ParamCounts p = sizer::count_params(sizer::normalize_model(r.model));
    if (!std::isfinite(p.total) || p.total < 0 || p.active > p.total) __builtin_trap();
  }
}
