#include "logic/tsv.hpp"

#include <sstream>

namespace app {

std::vector<TsvRow> read_tsv_rows(const std::string& text) {
  std::vector<TsvRow> rows;
  std::istringstream in(text);
  std::string line;
  int line_no = 0;
  while (std::getline(in, line)) {
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
