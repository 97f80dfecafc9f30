#include "logic/i18n.hpp"

#include <algorithm>
#include <set>

#include "logic/tsv.hpp"

namespace app::i18n {
namespace {

Table g_table;
Language g_language = Language::en;
LateLoader g_late_loader = nullptr;
bool g_late_loaded = false;

std::string unescape(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) {
      char n = s[i + 1];
      if (n == 'n') {
        out += '\n';
        ++i;
        continue;
      }
      if (n == 't') {
        out += '\t';
        ++i;
        continue;
      }
      if (n == '\\') {
        out += '\\';
        ++i;
        continue;
      }
    }
    out += s[i];
  }
  return out;
}

}  // namespace

std::vector<std::string> parse_tsv(const std::string& text, const std::string& source,
                                   Table& table) {
  std::vector<std::string> errors;
  for (const TsvRow& row : read_tsv_rows(text)) {
    const std::string where = source + ":" + std::to_string(row.line_no) + ": ";
    const std::vector<std::string>& cols = row.cols;
    if (cols.size() != 3) {
      errors.push_back(where + "expected 3 columns (key, en, zh), got " +
                       std::to_string(cols.size()));
      continue;
    }
    if (table.count(cols[0]) != 0) {
      errors.push_back(where + "duplicate key " + cols[0]);
      continue;
    }
    table[cols[0]] = Entry{unescape(cols[1]), unescape(cols[2])};
  }
  return errors;
}

namespace {

// Once: rows of a broken file are skipped (split_string_tables.py writes only well-formed ones),
// and a failed load shows keys rather than fetching again every frame.
void load_late_english() {
  g_late_loaded = true;
  Table late;
  parse_tsv(g_late_loader(), "en-late.tsv", late);
  for (auto& [key, entry] : late) {
    std::string& en = g_table[key].en;  // std::map: inserting moves no other entry
    if (en.empty()) en = std::move(entry.en);
  }
}

}  // namespace

void install(Table table) { g_table = std::move(table); }
const Table& installed() { return g_table; }
void set_language(Language lang) { g_language = lang; }
Language language() { return g_language; }

void set_late_loader(LateLoader load) {
  g_late_loader = load;
  g_late_loaded = false;
}

const char* find_text(const char* key) {
  auto it = g_table.find(key);
  const auto text = [&]() -> const std::string* {
    if (it == g_table.end()) return nullptr;
    const std::string& s = g_language == Language::zh ? it->second.zh : it->second.en;
    if (!s.empty()) return &s;
    return it->second.en.empty() ? nullptr : &it->second.en;
  };
  const std::string* s = text();
  if (s == nullptr && !g_late_loaded && g_late_loader != nullptr) {
    load_late_english();
    it = g_table.find(key);
    s = text();
  }
  return s == nullptr ? nullptr : s->c_str();
}

std::string find_string(const std::string& key) {
  const char* text = find_text(key.c_str());
  return text == nullptr ? std::string() : std::string(text);
}

std::string escape_tsv_text(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\n') {
      out += "\\n";
    } else {
      out += c;
    }
  }
  return out;
}

const char* tr(const char* key) {
  const char* text = find_text(key);
  return text == nullptr ? key : text;
}

std::string trf(const char* key, std::initializer_list<std::string> args) {
  return trf(key, std::vector<std::string>(args));
}

std::string trf(const char* key, const std::vector<std::string>& args) {
  // One left-to-right pass, so an argument that itself contains "{1}" is never re-expanded.
  const std::string text = tr(key);
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '{' && i + 2 < text.size() && text[i + 2] == '}' && text[i + 1] >= '0' &&
        text[i + 1] <= '9') {
      auto index = static_cast<std::size_t>(text[i + 1] - '0');
      if (index < args.size()) {
        out += args[index];
        i += 2;
        continue;
      }
    }
    out += text[i];
  }
  return out;
}

std::vector<unsigned> utf8_decode(const std::string& text) {
  std::vector<unsigned> out;
  std::size_t i = 0;
  while (i < text.size()) {
    auto c = static_cast<unsigned char>(text[i]);
    unsigned cp = 0xFFFD;
    std::size_t len = 1;
    if (c < 0x80) {
      cp = c;
    } else if ((c >> 5) == 0x6) {
      len = 2;
      cp = c & 0x1Fu;
    } else if ((c >> 4) == 0xE) {
      len = 3;
      cp = c & 0x0Fu;
    } else if ((c >> 3) == 0x1E) {
      len = 4;
      cp = c & 0x07u;
    } else {
      out.push_back(0xFFFD);
      ++i;
      continue;
    }
    if (i + len > text.size()) {
      out.push_back(0xFFFD);
      break;
    }
    bool ok = true;
    for (std::size_t k = 1; k < len; ++k) {
      auto cc = static_cast<unsigned char>(text[i + k]);
      if ((cc >> 6) != 0x2) ok = false;
      cp = (cp << 6) | (cc & 0x3Fu);
    }
    out.push_back(ok ? cp : 0xFFFD);
    i += ok ? len : 1;
  }
  return out;
}

std::vector<unsigned> zh_code_points(const Table& table) {
  std::set<unsigned> points;
  for (const auto& [key, entry] : table) {
    for (unsigned cp : utf8_decode(entry.zh)) points.insert(cp);
  }
  return {points.begin(), points.end()};
}

}  // namespace app::i18n
