// Fuzzes the RFC 4180 reader behind the catalogs: no crash on any bytes, rectangular tables when
// it accepts, and a 1-based row/column when it rejects.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "csv.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const sizer::csv::ParseResult result = sizer::csv::parse(text);
  if (!result.ok) {
    if (result.error.empty() || result.error_row < 1 || result.error_column < 1) __builtin_trap();
    return 0;
  }
  for (const auto& row : result.table.rows) {
    if (row.size() != result.table.header.size()) __builtin_trap();
  }
  if (!result.table.header.empty() &&
      sizer::csv::column_index(result.table, result.table.header.back()) < 0) {
    __builtin_trap();
  }
  return 0;
}
