// A small RFC 4180 CSV reader: comma-separated fields, records ended by LF or CRLF, fields in
// double quotes may hold commas, line breaks and doubled quotes (""). It never throws or reads
// out of bounds; malformed input gives ok=false and the 1-based record and field of the problem.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sizer::csv {

struct Table {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;  // every row has header.size() fields
};

struct ParseResult {
  bool ok = false;
  Table table;
  std::string error;  // "row 3, column 2: ..." (row 1 is the header)
  int error_row = 0;
  int error_column = 0;
};

ParseResult parse(std::string_view text);

// Index of `name` in the header, or -1.
int column_index(const Table& table, std::string_view name);

}  // namespace sizer::csv
