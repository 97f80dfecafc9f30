#include "refit.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>

#include "sizer/assumptions.hpp"
#include "sizer/enums.hpp"

using nlohmann::json;

namespace validation {
namespace {

// Coordinate-descent sweeps over a group's constants; the values settle in two on these rows.
constexpr int kSweeps = 3;
// A constant changes a row's estimate (the row can fit it) when moving it across its search
// range changes the estimate by more than this share.
constexpr double kSensitivity = 1e-6;
// The objective's charge for a row the estimate cannot score (a zero or negative estimate).
constexpr double kUnscorable = 10.0;

std::vector<std::string> strings(const json& j, const char* key) {
  std::vector<std::string> out;
  if (!j.contains(key) || !j[key].is_array()) return out;
  for (const json& v : j[key]) {
    if (v.is_string()) out.push_back(v.get<std::string>());
  }
  return out;
}

bool contains(const std::vector<std::string>& list, const std::string& s) {
  return std::find(list.begin(), list.end(), s) != list.end();
}

std::vector<Override> overrides_for(const std::vector<FittedConstant>& constants,
                                    const std::vector<double>& values) {
  std::vector<Override> out;
  for (std::size_t i = 0; i < constants.size(); ++i)
    out.push_back({constants[i].key, constants[i].engines, values[i]});
  return out;
}

std::vector<double> shipped_values(const std::vector<FittedConstant>& constants) {
  std::vector<double> v;
  for (const FittedConstant& c : constants) v.push_back(c.shipped);
  return v;
}

// Fits the constants of each group on rows[fit_rows[c]] minus the rows `excluded` says, starting
// from `values`; constants whose fit rows are all excluded keep their value and are reported in
// `unfitted`.
void fit_groups(const std::vector<Row>& rows, const std::vector<FittedConstant>& constants,
                const std::vector<std::vector<std::size_t>>& fit_rows,
                const std::function<bool(const Row&)>& excluded,
                const std::set<std::string>& groups, std::vector<double>& values,
                std::vector<bool>& unfitted) {
  const std::vector<double> start = values;
  for (const std::string& group : groups) {
    std::vector<std::size_t> members;
    for (std::size_t c = 0; c < constants.size(); ++c) {
      if (constants[c].group == group) members.push_back(c);
    }
    for (int sweep = 0; sweep < kSweeps; ++sweep) {
      for (std::size_t c : members) {
        std::vector<std::size_t> use;
        for (std::size_t r : fit_rows[c]) {
          if (!excluded(rows[r])) use.push_back(r);
        }
        if (use.empty()) {
          values[c] = start[c];
          unfitted[c] = true;
          continue;
        }
        std::vector<double> measured;
        for (std::size_t r : use) measured.push_back(rows[r].measured);
        auto objective = [&](double x) {
          std::vector<double> v = values;
          // Only this group moves; the other groups' constants stay as the core ships them.
          for (std::size_t o = 0; o < constants.size(); ++o) {
            if (constants[o].group != group) v[o] = constants[o].shipped;
          }
          v[c] = x;
          const std::vector<Override> ov = overrides_for(constants, v);
          std::vector<double> est;
          for (std::size_t r : use) est.push_back(evaluate(rows[r], ov).value);
          return median_abs_log_error(est, measured);
        };
        values[c] = minimize_1d(objective, constants[c].lo, constants[c].hi);
      }
    }
  }
}

}  // namespace

bool id_matches(const std::string& id, const std::string& pattern) {
  if (pattern.size() >= 2 && pattern.compare(pattern.size() - 2, 2, "-*") == 0) {
    return id.compare(0, pattern.size() - 1, pattern, 0, pattern.size() - 1) == 0;
  }
  const std::size_t dots = pattern.find("..");
  if (dots == std::string::npos) return id == pattern;
  const std::string from = pattern.substr(0, dots), to = pattern.substr(dots + 2);
  // Same prefix and width ("M-001..M-033"), so the ids compare as strings.
  return id.size() == from.size() && id.compare(0, 2, from, 0, 2) == 0 && id >= from && id <= to;
}

std::vector<FittedConstant> load_constants(const std::string& path,
                                           std::vector<std::string>& failures) {
  std::vector<FittedConstant> out;
  std::ifstream in(path);
  json doc = in ? json::parse(in, nullptr, false) : json();
  if (doc.is_discarded() || !doc.is_object() || !doc.contains("constants") ||
      !doc["constants"].is_array()) {
    failures.push_back("cannot read " + path + " (an object with a \"constants\" list)");
    return out;
  }
  for (const json& j : doc["constants"]) {
    FittedConstant c;
    c.key = j.value("key", "");
    c.engines = strings(j, "engines");
    c.group = j.value("group", c.key);
    const json fit = j.value("fit", json::object());
    c.fit_categories = strings(fit, "categories");
    c.fit_engines = strings(fit, "engines");
    c.claimed_rows = strings(j, "claimedRows");
    c.claim = j.value("claim", "");
    const json range = j.value("range", json::array());
    const std::string name = c.key + " (" + (c.engines.empty() ? "?" : c.engines[0]) + ")";
    if (!range.is_array() || range.size() != 2 || !range[0].is_number() || !range[1].is_number() ||
        c.engines.empty() || c.fit_categories.empty() || c.fit_engines.empty()) {
      failures.push_back(path + ": " + name +
                         ": needs engines, fit.categories, fit.engines and a "
                         "[lo, hi] range");
      continue;
    }
    c.lo = range[0].get<double>();
    c.hi = range[1].get<double>();
    bool ok = c.lo < c.hi && sizer::assumption_range_problem(c.key, c.lo).empty() &&
              sizer::assumption_range_problem(c.key, c.hi).empty();
    if (!ok) failures.push_back(path + ": " + name + ": range outside the assumption's own range");
    for (std::size_t e = 0; ok && e < c.engines.size(); ++e) {
      sizer::Engine engine;
      double value = 0;
      if (!sizer::parse_enum(c.engines[e], engine) ||
          !sizer::get_assumption(sizer::default_assumptions(engine), c.key, value)) {
        failures.push_back(path + ": " + name + ": unknown engine or assumption");
        ok = false;
      } else if (e == 0) {
        c.shipped = value;
      } else if (value != c.shipped) {
        failures.push_back(path + ": " + name + ": the listed engines ship different values");
        ok = false;
      }
    }
    if (ok) out.push_back(std::move(c));
  }
  return out;
}

std::vector<UndeclaredConstant> load_undeclared(const std::string& path) {
  std::vector<UndeclaredConstant> out;
  std::ifstream in(path);
  const json doc = in ? json::parse(in, nullptr, false) : json();
  if (doc.is_discarded() || !doc.is_object() || !doc.contains("notDeclared") ||
      !doc["notDeclared"].is_array())
    return out;
  for (const json& j : doc["notDeclared"]) {
    if (!j.is_object()) continue;
    std::string engines;
    for (const std::string& e : strings(j, "engines")) engines += (engines.empty() ? "" : ", ") + e;
    out.push_back({j.value("key", ""), engines, j.value("why", "")});
  }
  return out;
}

double minimize_1d(const std::function<double(double)>& f, double lo, double hi, int grid,
                   int golden_steps) {
  const double step = (hi - lo) / (grid - 1);
  int best = 0;
  double best_value = std::numeric_limits<double>::infinity();
  for (int i = 0; i < grid; ++i) {
    const double v = f(lo + step * i);
    if (v < best_value) {
      best_value = v;
      best = i;
    }
  }
  double a = lo + step * std::max(0, best - 1), b = lo + step * std::min(grid - 1, best + 1);
  const double ratio = (std::sqrt(5.0) - 1.0) / 2.0;
  double x1 = b - ratio * (b - a), x2 = a + ratio * (b - a);
  double f1 = f(x1), f2 = f(x2);
  for (int i = 0; i < golden_steps; ++i) {
    if (f1 <= f2) {
      b = x2;
      x2 = x1;
      f2 = f1;
      x1 = b - ratio * (b - a);
      f1 = f(x1);
    } else {
      a = x1;
      x1 = x2;
      f1 = f2;
      x2 = a + ratio * (b - a);
      f2 = f(x2);
    }
  }
  // The bracket can be flat (a median moves in steps): keep the grid point unless it improved.
  const double x = f1 <= f2 ? x1 : x2;
  return std::min(f1, f2) <= best_value ? x : lo + step * best;
}

double median_abs_log_error(const std::vector<double>& estimates,
                            const std::vector<double>& measured) {
  std::vector<double> e;
  for (std::size_t i = 0; i < estimates.size(); ++i) {
    e.push_back(estimates[i] > 0 && measured[i] > 0
                    ? std::fabs(std::log(estimates[i] / measured[i]))
                    : kUnscorable);
  }
  if (e.empty()) return 0.0;
  std::sort(e.begin(), e.end());
  const std::size_t n = e.size();
  return n % 2 == 1 ? e[n / 2] : 0.5 * (e[n / 2 - 1] + e[n / 2]);
}

RefitOutcome refit_and_score(const std::vector<Row>& rows,
                             const std::vector<FittedConstant>& constants) {
  RefitOutcome out;
  const std::size_t n = rows.size(), k = constants.size();
  out.in_sample.resize(n);
  out.loso.resize(n);
  out.loso_shipped.assign(n, false);
  std::vector<bool> usable(n, true);
  for (std::size_t r = 0; r < n; ++r) {
    try {
      out.in_sample[r] = evaluate(rows[r], {});
    } catch (const std::exception& ex) {
      out.failures.push_back(rows[r].id + ": estimate failed: " + ex.what());
      usable[r] = false;
    }
  }

  // The rows that fit each constant: its categories and engines, and an estimate that moves
  // with it.
  out.fit_rows.resize(k);
  for (std::size_t c = 0; c < k; ++c) {
    const FittedConstant& fc = constants[c];
    for (std::size_t r = 0; r < n; ++r) {
      const Row& row = rows[r];
      if (!usable[r] || row.bound_check || !contains(fc.fit_categories, row.category) ||
          !contains(fc.fit_engines, row.requested_engine) || !contains(fc.engines, profile_id(row)))
        continue;
      const double low = evaluate(row, {{fc.key, fc.engines, fc.lo}}).value;
      const double high = evaluate(row, {{fc.key, fc.engines, fc.hi}}).value;
      if (std::fabs(high - low) > kSensitivity * std::max(std::fabs(high), std::fabs(low)))
        out.fit_rows[c].push_back(r);
    }
  }
  std::set<std::string> all_groups;
  for (const FittedConstant& c : constants) all_groups.insert(c.group);

  // In-sample refits: on every fit row, and on the rows the core's source text names.
  std::vector<bool> unfitted(k, false);
  out.refit_all = shipped_values(constants);
  fit_groups(
      rows, constants, out.fit_rows, [](const Row&) { return false; }, all_groups, out.refit_all,
      unfitted);
  std::vector<std::vector<std::size_t>> claimed(k);
  out.claimed_count.assign(k, 0);
  for (std::size_t c = 0; c < k; ++c) {
    for (std::size_t r : out.fit_rows[c]) {
      for (const std::string& p : constants[c].claimed_rows) {
        if (id_matches(rows[r].id, p)) {
          claimed[c].push_back(r);
          break;
        }
      }
    }
    out.claimed_count[c] = int(claimed[c].size());
  }
  std::vector<bool> none_claimed(k, false);
  out.refit_claimed = shipped_values(constants);
  fit_groups(
      rows, constants, claimed, [](const Row&) { return false; }, all_groups, out.refit_claimed,
      none_claimed);
  for (std::size_t c = 0; c < k; ++c) {
    if (none_claimed[c]) out.refit_claimed[c] = std::numeric_limits<double>::quiet_NaN();
  }

  // Leave one source out: refit only the groups whose fit rows include the source; the others
  // keep their all-rows refit (which never saw the source).
  std::set<std::string> sources;
  for (std::size_t r = 0; r < n; ++r) {
    if (usable[r]) sources.insert(rows[r].source);
  }
  for (const std::string& source : sources) {
    std::set<std::string> touched;
    for (std::size_t c = 0; c < k; ++c) {
      for (std::size_t r : out.fit_rows[c]) {
        if (rows[r].source == source) touched.insert(constants[c].group);
      }
    }
    std::vector<double> values = out.refit_all;
    std::vector<bool> no_other(k, false);
    for (std::size_t c = 0; c < k; ++c) {
      if (touched.count(constants[c].group) != 0) values[c] = constants[c].shipped;
    }
    fit_groups(
        rows, constants, out.fit_rows, [&](const Row& row) { return row.source == source; },
        touched, values, no_other);
    const std::vector<Override> ov = overrides_for(constants, values);
    for (std::size_t r = 0; r < n; ++r) {
      if (!usable[r] || rows[r].source != source) continue;
      try {
        out.loso[r] = evaluate(rows[r], ov);
      } catch (const std::exception& ex) {
        out.failures.push_back(rows[r].id + ": LOSO estimate failed: " + ex.what());
        out.loso[r] = out.in_sample[r];
      }
      for (std::size_t c = 0; c < k; ++c) {
        if (no_other[c] && contains(constants[c].engines, profile_id(rows[r])) &&
            contains(constants[c].fit_categories, rows[r].category))
          out.loso_shipped[r] = true;
      }
    }
  }
  for (std::size_t r = 0; r < n; ++r) {
    if (!usable[r]) out.loso[r] = out.in_sample[r];
  }
  return out;
}

}  // namespace validation
