#include "gate.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

using nlohmann::json;

namespace validation {
namespace {

// The within-25% share is a count over rows; a drop smaller than this is rounding in the file.
constexpr double kShareEpsilon = 1e-4;

std::string num(double v, const char* format) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

}  // namespace

Figures figures(const std::vector<double>& errors_pct) {
  Figures f;
  f.rows = int(errors_pct.size());
  if (errors_pct.empty()) return f;
  std::vector<double> a;
  int within = 0;
  double sum = 0;
  for (double e : errors_pct) {
    a.push_back(std::fabs(e));
    sum += std::fabs(e);
    if (std::fabs(e) <= kWithinPct) ++within;
  }
  std::sort(a.begin(), a.end());
  const std::size_t n = a.size();
  f.median_pct = n % 2 == 1 ? a[n / 2] : 0.5 * (a[n / 2 - 1] + a[n / 2]);
  f.within_share = double(within) / double(n);
  f.mape_pct = sum / double(n);
  return f;
}

std::string figures_to_json(const CategoryFigures& loso) {
  json cats = json::object();
  for (const auto& [name, f] : loso) {
    // Rounded so the checked-in file changes only when a figure does.
    cats[name] = {{"rows", f.rows},
                  {"losoMedianPct", std::round(f.median_pct * 100.0) / 100.0},
                  {"losoWithin25", std::round(f.within_share * 10000.0) / 10000.0}};
  }
  json doc = {{"about",
               "Leave-one-source-out figures per category, recorded by sizer_validate --record. "
               "The gate (ctest validation_loso_gate) fails when a median rises more than 0.5 "
               "points above these or a within-25% share falls below them."},
              {"categories", cats}};
  return doc.dump(2) + "\n";
}

bool figures_from_json(const std::string& text, CategoryFigures& out, std::string& error) {
  const json doc = json::parse(text, nullptr, false);
  if (doc.is_discarded() || !doc.is_object() || !doc.contains("categories") ||
      !doc["categories"].is_object()) {
    error = "not an object with a \"categories\" object";
    return false;
  }
  for (const auto& [name, j] : doc["categories"].items()) {
    if (!j.is_object() || !j.contains("losoMedianPct") || !j["losoMedianPct"].is_number() ||
        !j.contains("losoWithin25") || !j["losoWithin25"].is_number()) {
      error = name + ": needs numbers losoMedianPct and losoWithin25";
      return false;
    }
    Figures f;
    f.rows = j.value("rows", 0);
    f.median_pct = j["losoMedianPct"].get<double>();
    f.within_share = j["losoWithin25"].get<double>();
    out[name] = f;
  }
  return true;
}

bool targets_from_json(const std::string& text, Targets& out, std::string& error) {
  const json doc = json::parse(text, nullptr, false);
  if (doc.is_discarded() || !doc.is_object() || !doc.contains("categories") ||
      !doc["categories"].is_object()) {
    error = "not an object with a \"categories\" object";
    return false;
  }
  for (const auto& [name, j] : doc["categories"].items()) {
    if (!j.is_object() || (j.contains("medianPct") && !j["medianPct"].is_number()) ||
        (j.contains("within25") && !j["within25"].is_number())) {
      error = name + ": medianPct and within25 must be numbers";
      return false;
    }
    Target t;
    t.median_pct = j.value("medianPct", -1.0);
    t.within_share = j.value("within25", -1.0);
    t.issue = j.value("issue", "");
    out[name] = t;
  }
  return true;
}

std::string describe_target(const Target& t, const Figures& loso) {
  std::string text;
  bool met = true;
  if (t.median_pct >= 0) {
    text = "median <= " + num(t.median_pct, "%g") + "%";
    met = met && loso.median_pct <= t.median_pct;
  }
  if (t.within_share >= 0) {
    text += (text.empty() ? "" : ", ") + std::string("within 25% >= ") +
            num(t.within_share * 100, "%g") + "%";
    met = met && loso.within_share >= t.within_share;
  }
  if (text.empty()) return "";
  if (!t.issue.empty()) text += " (issue " + t.issue + ")";
  return text + (met ? ": met" : ": not met");
}

std::vector<std::string> regressions(const CategoryFigures& current,
                                     const CategoryFigures& recorded) {
  std::vector<std::string> out;
  for (const auto& [name, rec] : recorded) {
    const auto it = current.find(name);
    if (it == current.end()) {
      out.push_back(name + ": recorded but no longer reported");
      continue;
    }
    const Figures& now = it->second;
    if (now.median_pct > rec.median_pct + kMedianTolerancePts) {
      out.push_back(name + ": LOSO median |error| " + num(now.median_pct, "%.2f") +
                    "% is worse than the recorded " + num(rec.median_pct, "%.2f") + "% (+" +
                    num(kMedianTolerancePts, "%.1f") + " allowed)");
    }
    if (now.within_share < rec.within_share - kShareEpsilon) {
      out.push_back(name + ": LOSO share within 25% " + num(now.within_share * 100, "%.1f") +
                    "% is below the recorded " + num(rec.within_share * 100, "%.1f") + "%");
    }
  }
  return out;
}

}  // namespace validation
