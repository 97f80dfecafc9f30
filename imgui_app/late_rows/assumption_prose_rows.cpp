// Writes the assumptions table's prose as en-late.tsv rows (logic/assumption_prose.hpp) to the
// file named by its argument. The web build runs it under Node (NODERAWFS), linked with the core
// as the JS module has it (prose compiled in), and appends the file to en-late.tsv
// (imgui_app/CMakeLists.txt).
#include <cstdio>

#include "logic/assumption_prose.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: assumption_prose_rows OUT.tsv\n");
    return 2;
  }
  const std::string rows = app::assumption_prose_rows();
  std::FILE* out = std::fopen(argv[1], "wb");
  if (out == nullptr) {
    std::perror(argv[1]);
    return 1;
  }
  const bool ok = std::fwrite(rows.data(), 1, rows.size(), out) == rows.size();
  return std::fclose(out) == 0 && ok ? 0 : 1;
}
