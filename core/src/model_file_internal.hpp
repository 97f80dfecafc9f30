// Pieces shared by the model-file readers (gguf_reader.cpp, safetensors_reader.cpp,
// model_file.cpp). Not part of the public API.
#pragma once

#include <cstdint>
#include <string>

#include "sizer/model_file.hpp"

namespace sizer {
namespace model_file_detail {

// Multiplies without wrapping: false when a * b would exceed `limit`.
inline bool multiply_within(std::uint64_t a, std::uint64_t b, std::uint64_t limit,
                            std::uint64_t& out) {
  if (a != 0 && b > limit / a) return false;
  out = a * b;
  return out <= limit;
}

// "Model-00001-of-00004.safetensors" / "x-00002-of-00003.gguf": the 1-based part and the count,
// or false when the name carries no such suffix.
bool split_part_from_name(const std::string& file_name, int& index, int& count);

// Failure or "read more" for a header that ends early: needs_more_bytes when the whole file is
// longer than the bytes given, else an error naming the offset.
ModelFileResult header_ends_early(ModelFileKind kind, std::uint64_t needed, std::uint64_t given,
                                  std::uint64_t file_size, const char* what);

ModelFileResult failure(ModelFileKind kind, std::string message);

// Warns when `id` is not a format_catalog() id (and clears it), so callers never hand estimate()
// an unknown format.
void keep_known_format(ModelFileResult& result);

std::string with_thousands(std::uint64_t value);  // 8030261248 -> "8,030,261,248"

// A name from the file, cut to `max_bytes` and made valid UTF-8 (bad bytes become U+FFFD), so it
// can travel in JSON.
std::string clean_name(const std::string& text, std::size_t max_bytes = 200);

}  // namespace model_file_detail
}  // namespace sizer
