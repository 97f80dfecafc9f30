#include "logic/warning_text.hpp"

#include <cmath>
#include <vector>

#include "logic/format.hpp"
#include "logic/i18n.hpp"

namespace app {

std::string warning_text(const sizer::Warning& w) {
  const std::string key = "warning." + w.id;
  const bool english = i18n::language() == i18n::Language::en;
  const bool known = i18n::installed().count(key) != 0;
  if ((english && w.arg_bytes.empty()) || !known) return w.text;
  std::vector<std::string> args = w.args;
  for (std::size_t i = 0; i < args.size() && i < w.arg_bytes.size(); ++i) {
    if (std::isfinite(w.arg_bytes[i])) args[i] = fmt::bytes(w.arg_bytes[i]);
  }
  return trf(key.c_str(), args);
}

}  // namespace app
