// Test helper: every table in imgui_app/strings/, parsed the way the app parses them.
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "logic/i18n.hpp"

namespace ui_test {

inline std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// `files` counts the tables read; `errors` collects the parser's messages.
inline app::i18n::Table all_string_tables(std::vector<std::string>& errors, int& files) {
  app::i18n::Table table;
  files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(SIZER_STRINGS_DIR)) {
    if (entry.path().extension() != ".tsv") continue;
    ++files;
    for (auto& e :
         app::i18n::parse_tsv(read_file(entry.path()), entry.path().filename().string(), table))
      errors.push_back(e);
  }
  return table;
}

}  // namespace ui_test
