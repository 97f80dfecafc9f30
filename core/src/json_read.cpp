#include "json_read.hpp"

#include <algorithm>
#include <cctype>
#include <utility>

namespace sizer::json_in {

std::string dump(const json& j) { return j.dump(); }

namespace {

std::vector<std::string> split_tokens(const std::string& s) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == '-' || c == '_' || c == '.' || c == ' ') {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

}  // namespace

// "try a, b, c, ..." listing the ids sharing the most tokens with `query` (all ids if few).
std::string suggest(const std::string& query, const std::vector<std::string>& ids) {
  const std::vector<std::string> tokens = split_tokens(query.substr(0, 64));
  std::vector<std::pair<int, std::string>> scored;
  for (const std::string& id : ids) {
    int score = 0;
    for (const std::string& t : tokens) {
      if (id.find(t) != std::string::npos) score += static_cast<int>(t.size());
    }
    scored.emplace_back(score, id);
  }
  std::stable_sort(scored.begin(), scored.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  const size_t limit = 8;
  std::string out = "try ";
  for (size_t i = 0; i < scored.size() && i < limit; ++i) {
    if (i > 0 && scored[i].first == 0 && scored[0].first > 0) break;
    out += (i ? ", " : "") + scored[i].second;
  }
  if (scored.size() > limit) out += ", ...";
  return out;
}

// A value as quoted in error messages; lists and objects are not dumped (they may be huge).
std::string show(const json& v) {
  if (v.is_array()) return "a list";
  if (v.is_object()) return "an object";
  std::string s = v.is_string() ? v.get<std::string>() : dump(v);
  if (s.size() > 40) s = s.substr(0, 40) + "...";
  return "'" + s + "'";
}

std::string format_number(double v) {
  json j = v;
  return dump(j);
}

}  // namespace sizer::json_in
