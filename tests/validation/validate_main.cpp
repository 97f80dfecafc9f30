// sizer_validate <calibration-requests.jsonl> <out.md> [--recorded FILE] [--record FILE]
// sizer_validate --compare <current.json> <recorded.json>
// Runs every measured row (calibration and published sets) through the engine, refits the
// declared constants leaving one source out at a time, and writes the report
// (docs/VALIDATION.md). Large errors are the report's content, not a failure: the exit status is
// non-zero when the runner itself cannot work (unreadable file, a row it cannot parse or
// evaluate) or, with --recorded, when a category's LOSO figures regressed (the gate).
// --record writes the LOSO figures to FILE (accepting them as the new reference);
// --compare runs only the gate on two such files.
#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "gate.hpp"
#include "refit.hpp"
#include "report.hpp"
#include "rows.hpp"

namespace {

bool read_text(const std::string& path, std::string& out) {
  std::ifstream in(path);
  if (!in) return false;
  std::ostringstream s;
  s << in.rdbuf();
  out = s.str();
  return true;
}

bool read_figures(const std::string& path, validation::CategoryFigures& out) {
  std::string text, error;
  if (!read_text(path, text)) {
    std::cerr << "cannot read " << path << "\n";
    return false;
  }
  if (!validation::figures_from_json(text, out, error)) {
    std::cerr << path << ": " << error << "\n";
    return false;
  }
  return true;
}

// 0 when nothing regressed, 1 (with one line per regression) otherwise.
int gate(const validation::CategoryFigures& current, const validation::CategoryFigures& recorded,
         const std::string& recorded_path) {
  const std::vector<std::string> bad = validation::regressions(current, recorded);
  for (const std::string& line : bad) std::cerr << "LOSO regression: " << line << "\n";
  if (!bad.empty()) {
    std::cerr << "(an intended change: re-record with sizer_validate ... --record " << recorded_path
              << ")\n";
    return 1;
  }
  std::cout << "LOSO gate: no category worse than " << recorded_path << "\n";
  return 0;
}

int usage() {
  std::cerr << "usage: sizer_validate <calibration-requests.jsonl> <out.md> [--recorded FILE] "
               "[--record FILE]\n       sizer_validate --compare <current.json> <recorded.json>\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (!args.empty() && args[0] == "--compare") {
    if (args.size() != 3) return usage();
    validation::CategoryFigures current, recorded;
    if (!read_figures(args[1], current) || !read_figures(args[2], recorded)) return 2;
    return gate(current, recorded, args[2]);
  }
  if (args.size() < 2 || args.size() % 2 != 0) return usage();
  std::string recorded_path, record_path;
  for (std::size_t i = 2; i + 1 < args.size(); i += 2) {
    if (args[i] == "--recorded") {
      recorded_path = args[i + 1];
    } else if (args[i] == "--record") {
      record_path = args[i + 1];
    } else {
      return usage();
    }
  }
  const std::string& requests = args[0];
  validation::RowSet set = validation::load_rows(requests);
  std::vector<std::string> failures = set.failures;
  const std::size_t slash = requests.find_last_of('/');
  const std::string dir = slash == std::string::npos ? "." : requests.substr(0, slash);
  const std::vector<validation::FittedConstant> constants =
      validation::load_constants(dir + "/fitted-constants.json", failures);
  const std::vector<validation::UndeclaredConstant> undeclared =
      validation::load_undeclared(dir + "/fitted-constants.json");
  validation::Targets targets;
  {
    std::string text, error;
    if (!read_text(dir + "/loso-targets.json", text) ||
        !validation::targets_from_json(text, targets, error))
      failures.push_back(dir + "/loso-targets.json: " + (error.empty() ? "cannot read" : error));
  }
  const validation::RefitOutcome outcome = validation::refit_and_score(set.rows, constants);
  failures.insert(failures.end(), outcome.failures.begin(), outcome.failures.end());

  std::ofstream out(args[1]);
  out << validation::report_markdown(set, constants, undeclared, targets, outcome, failures);
  // Hand-written analysis (what the rows of a round showed) follows the generated report.
  std::string notes;
  if (read_text(dir + "/notes.md", notes)) out << "\n" << notes;
  if (!out) {
    std::cerr << "cannot write " << args[1] << "\n";
    return 2;
  }
  const validation::CategoryFigures loso = validation::loso_figures(set, outcome);
  for (const auto& [category, f] : loso) {
    std::cout << category << ": " << f.rows << " rows, LOSO median " << f.median_pct
              << "%, within 25% " << f.within_share * 100 << "%\n";
  }
  for (const std::string& f : failures) std::cerr << "FAILED " << f << "\n";
  // A run that could not evaluate every row would record figures of fewer rows: refuse it.
  if (!record_path.empty() && !failures.empty()) {
    std::cerr << "not recording " << record_path << ": the runner failed on the lines above\n";
  } else if (!record_path.empty()) {
    std::ofstream rec(record_path);
    rec << validation::figures_to_json(loso);
    if (!rec) {
      std::cerr << "cannot write " << record_path << "\n";
      return 2;
    }
  }
  int status = failures.empty() ? 0 : 1;
  if (!recorded_path.empty()) {
    validation::CategoryFigures recorded;
    if (!read_figures(recorded_path, recorded)) return 2;
    status = std::max(status, gate(loso, recorded, recorded_path));
  }
  return status;
}
