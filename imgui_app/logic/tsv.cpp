#include "logic/tsv.hpp"

#include <string>

namespace app {

std::vector<TsvRow> read_tsv_rows(const std::string& text) {
  std::vector<TsvRow> rows;
  int line_no = 0;
  for (std::size_t pos = 0; pos < text.size();) {
    const std::size_t newline = text.find('\n', pos);
    std::string line = text.substr(pos, newline == std::string::npos ? newline : newline - pos);
    pos = newline == std::string::npos ? text.size() : newline + 1;
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    TsvRow row;
    row.line_no = line_no;
    std::size_t start = 0;
    while (true) {
      const std::size_t tab = line.find('\t', start);
      row.cols.push_back(line.substr(start, tab == std::string::npos ? tab : tab - start));
      if (tab == std::string::npos) break;
      start = tab + 1;
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace app
