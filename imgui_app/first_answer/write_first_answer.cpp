// Writes the site's index.html: public/index.html with the default question's answer, in English
// and Chinese, in place of its marker (first_answer.hpp). The web build runs it under Node
// (NODERAWFS), linked with the core, whenever the core, the app's strings or the page change
// (imgui_app/CMakeLists.txt).
//   write_first_answer IN.html OUT.html TABLE.tsv...
// (TABLE: the app's string tables and first_answer.tsv)
#include <cstdio>
#include <exception>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "app_state.hpp"
#include "first_answer/first_answer.hpp"
#include "logic/default_scenario.hpp"
#include "logic/i18n.hpp"
#include "logic/number_style.hpp"

namespace {

bool read_file(const char* path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream buffer;
  buffer << in.rdbuf();
  text = buffer.str();
  return static_cast<bool>(in);
}

// The answer in one language, written as the app writes it for a first visit (UiState's units).
std::string answer_html(const sizer::Estimate& e, app::Lang lang) {
  app::i18n::set_language(lang == app::Lang::zh ? app::i18n::Language::zh
                                                : app::i18n::Language::en);
  app::UiState ui;
  ui.lang = lang;
  app::set_number_style(ui);
  const bool zh = lang == app::Lang::zh;
  return app::first_answer::html(app::first_answer::answer(e), zh ? "answer-zh" : "answer-en",
                                 zh ? "zh-CN" : "en");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: write_first_answer IN.html OUT.html TABLE.tsv...\n");
    return 2;
  }
  app::i18n::Table table;
  for (int i = 3; i < argc; ++i) {
    std::string text;
    if (!read_file(argv[i], text)) {
      std::perror(argv[i]);
      return 1;
    }
    for (const std::string& error : app::i18n::parse_tsv(text, argv[i], table)) {
      std::fprintf(stderr, "%s\n", error.c_str());
      return 1;
    }
  }
  app::i18n::install(std::move(table));
  std::string page;
  if (!read_file(argv[1], page)) {
    std::perror(argv[1]);
    return 1;
  }
  try {
    const sizer::Estimate e = sizer::estimate(app::default_scenario());
    const std::string fragment = answer_html(e, app::Lang::en) + answer_html(e, app::Lang::zh);
    if (!app::first_answer::insert(page, fragment)) {
      std::fprintf(stderr, "%s: expected one %s\n", argv[1], app::first_answer::k_marker);
      return 1;
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "the default question's answer: %s\n", e.what());
    return 1;
  }
  std::ofstream out(argv[2], std::ios::binary);
  out << page;
  out.close();
  if (!out) {
    std::perror(argv[2]);
    return 1;
  }
  return 0;
}
