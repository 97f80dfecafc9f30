// The string tables: imgui_app/strings/*.tsv, one `key<TAB>en<TAB>zh` per line ('#' starts a
// comment line; "\n" and "\t" in a value are escapes). Drawing code never holds a literal: it asks
// tr("key"). Pure C++ so tests/ui checks that every key has both languages.
#pragma once

#include <initializer_list>
#include <map>
#include <string>
#include <vector>

namespace app::i18n {

enum class Language { en = 0, zh = 1 };

struct Entry {
  std::string en;
  std::string zh;
};

using Table = std::map<std::string, Entry>;

// Adds the rows of one TSV file to `table`. Returns one message per malformed row or duplicate key
// ("shell.tsv:12: expected 3 columns"); `source` names the file in those messages.
std::vector<std::string> parse_tsv(const std::string& text, const std::string& source,
                                   Table& table);

// The process-wide table used by tr(). install() replaces it.
void install(Table table);
const Table& installed();
void set_language(Language lang);
Language language();

// The English the first frame never shows (preset questions and answers, files, plan view) is not
// compiled in: it arrives after the first frame as en-late.tsv (imgui_app/split_string_tables.py,
// docs/BENCHMARKS.md, fifth round). The first tr() of a key whose text is not installed calls
// `load` once; it returns the rows' text (`key<TAB>en<TAB>`), fetched synchronously if need be, or
// "" when it cannot be had, and their English joins the installed table in place, so entries and
// the pointers tr() returned stay valid; a key that has English keeps it.
using LateLoader = std::string (*)();
void set_late_loader(LateLoader load);

// The string for `key` in the current language, English when that is empty; the key itself when
// there is neither (visible, never a crash or a blank). The pointer stays valid until the next
// install().
const char* tr(const char* key);
// The same text, or nullptr when there is none (for text that may be missing, not a UI label).
const char* find_text(const char* key);
// find_text as a string: "" for an unknown key.
std::string find_string(const std::string& key);
// Escapes text for a table cell the way parse_tsv unescapes it (\\, \t, \n).
std::string escape_tsv_text(const std::string& text);

// tr(key) with "{0}", "{1}", ... replaced by `args`.
std::string trf(const char* key, std::initializer_list<std::string> args);
std::string trf(const char* key, const std::vector<std::string>& args);

// Every distinct code point of the zh column (for the font subset and its test).
std::vector<unsigned> zh_code_points(const Table& table);

// Decodes UTF-8 into code points (invalid bytes become U+FFFD).
std::vector<unsigned> utf8_decode(const std::string& text);

}  // namespace app::i18n

namespace app {
using i18n::tr;
using i18n::trf;
}  // namespace app
