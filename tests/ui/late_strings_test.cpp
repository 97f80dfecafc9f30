// The English the first frame never shows arrives later (en-late.tsv, i18n::set_late_loader):
// until then a string asked for still shows its text, never a blank or its key.
#include <catch2/catch.hpp>
#include <string>

#include "logic/i18n.hpp"

using namespace app;

namespace {

int g_loads = 0;
std::string g_late_text;
i18n::Table g_before;  // what other tests installed

std::string late_rows() {
  ++g_loads;
  return g_late_text;
}

// The tables as the app installs them: English compiled in for the first frame only.
void install_first_frame_table() {
  g_before = i18n::installed();
  i18n::Table table;
  i18n::parse_tsv("early\tEarly\t\xE6\x97\xA9\n", "shell_en.tsv", table);
  i18n::install(table);
  i18n::set_language(i18n::Language::en);
  g_loads = 0;
  g_late_text = "late.q\tA question\t\nlate.a\tAn answer\t\nearly\tOverwritten?\t\n";
  i18n::set_late_loader(late_rows);
}

// Leaves the process-wide table as it was, with no loader.
void restore() {
  i18n::set_late_loader(nullptr);
  i18n::install(g_before);
  i18n::set_language(i18n::Language::en);
}

}  // namespace

TEST_CASE("late strings: loaded once, at the first string that is not compiled in", "[ui][i18n]") {
  install_first_frame_table();
  CHECK(std::string(tr("early")) == "Early");
  CHECK(g_loads == 0);  // the first frame's strings need no load
  const char* early = tr("early");
  CHECK(std::string(tr("late.q")) == "A question");
  CHECK(g_loads == 1);
  CHECK(std::string(early) == "Early");        // pointers from before the load stay valid
  CHECK(std::string(tr("early")) == "Early");  // compiled-in English is kept
  CHECK(std::string(tr("late.a")) == "An answer");
  CHECK(std::string(tr("no.such.key")) == "no.such.key");
  CHECK(g_loads == 1);  // a key in neither does not load again
  restore();
}

TEST_CASE("late strings: the Chinese text arriving first leaves no blank English", "[ui][i18n]") {
  install_first_frame_table();
  // install_chinese_strings (main.cpp): zh.tsv fills the zh column, creating the late keys.
  i18n::Table table = i18n::installed();
  table["late.q"].zh = "\xE9\x97\xAE";  // 问
  table["early"].zh = "\xE6\x97\xA9";
  i18n::install(table);
  i18n::set_language(i18n::Language::zh);
  CHECK(std::string(tr("late.q")) == "\xE9\x97\xAE");
  CHECK(g_loads == 0);  // Chinese is there: nothing to fetch
  i18n::set_language(i18n::Language::en);
  CHECK(std::string(tr("late.q")) == "A question");  // its English is empty until loaded
  CHECK(g_loads == 1);
  restore();
}

TEST_CASE("late strings: a failed load shows keys, once, and no blank", "[ui][i18n]") {
  install_first_frame_table();
  g_late_text = "";  // the file could not be had
  CHECK(std::string(tr("late.q")) == "late.q");
  CHECK(std::string(tr("late.a")) == "late.a");
  CHECK(g_loads == 1);  // not fetched again every frame
  CHECK(std::string(tr("early")) == "Early");
  restore();
}
