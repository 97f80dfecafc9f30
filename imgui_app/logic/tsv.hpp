// Tab-separated tables compiled into the app (string tables, seed presets): one reader for both.
#pragma once

#include <string>
#include <vector>

namespace app {

struct TsvRow {
  int line_no = 0;  // 1-based, for error messages
  std::vector<std::string> cols;
};

// Every non-blank line that does not start with '#', split at tabs (CRLF tolerated).
std::vector<TsvRow> read_tsv_rows(const std::string& text);

}  // namespace app
