#include "logic/assumption_prose.hpp"

#include "logic/i18n.hpp"
#include "sizer/enums.hpp"

namespace app {
namespace {

void add_row(std::string& rows, const std::string& key, const std::string& text) {
  if (!text.empty()) rows += key + "\t" + i18n::escape_tsv_text(text) + "\t\n";
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
  return i18n::find_string(assumption_source_key(info.key));
}

std::string default_reason_why(const sizer::DefaultReason& reason, const std::string& key) {
  if (!reason.why.empty() || reason.set_by.empty()) return reason.why;
  return i18n::find_string(default_reason_key(reason.kind, reason.set_by, key));
}

}  // namespace app
