#include "logic/assumption_prose.hpp"

#include "logic/i18n.hpp"
#include "sizer/enums.hpp"

namespace app {
namespace {

// The escapes i18n::parse_tsv undoes.
std::string escaped(const std::string& text) {
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

void add_row(std::string& rows, const std::string& key, const std::string& text) {
  if (!text.empty()) rows += key + "\t" + escaped(text) + "\t\n";
}

std::string late_text(const std::string& key) {
  const char* text = i18n::find_text(key.c_str());
  return text == nullptr ? std::string() : std::string(text);
}

}  // namespace

std::string assumption_source_key(const std::string& key) { return "assume.source." + key; }

std::string default_reason_key(const std::string& kind, const std::string& set_by,
                               const std::string& key) {
  return "assume.why." + kind + "." + set_by + "." + key;
}

std::string assumption_prose_rows() {
  std::string rows;
  for (const sizer::AssumptionInfo& info : sizer::assumption_table())
    add_row(rows, assumption_source_key(info.key), info.source);
  for (const sizer::ProfileChange& c : sizer::engine_profile_changes())
    add_row(rows, default_reason_key("profile", sizer::enum_id(c.engine), c.key), c.why);
  for (const sizer::SetupRule& r : sizer::engine_setup_rules())
    add_row(rows, default_reason_key("setup", sizer::enum_id(r.engine), r.key), r.why);
  for (const sizer::FrameworkChange& c : sizer::framework_profile_changes())
    add_row(rows, default_reason_key("framework", sizer::enum_id(c.framework), c.key), c.why);
  return rows;
}

std::string assumption_source(const sizer::AssumptionInfo& info) {
  if (!info.source.empty()) return info.source;
  return late_text(assumption_source_key(info.key));
}

std::string default_reason_why(const sizer::DefaultReason& reason, const std::string& key) {
  if (!reason.why.empty() || reason.set_by.empty()) return reason.why;
  return late_text(default_reason_key(reason.kind, reason.set_by, key));
}

}  // namespace app
