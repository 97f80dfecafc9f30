// sizer_validate <calibration-requests.jsonl> <out.md>
// Runs every calibration row through scenario_from_request_json + estimate, compares the named
// result field with the measurement, and writes the report (docs/VALIDATION.md). Large errors
// are the report's content, not a failure: the exit status is non-zero only when the runner
// itself cannot work (unreadable file, a row it cannot parse or evaluate).
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "sizer/estimate.hpp"
#include "sizer/kv_cache.hpp"
#include "sizer/memory.hpp"
#include "sizer/params.hpp"
#include "sizer/request_json.hpp"

using nlohmann::json;

namespace {

// Data beside the rows (tests/validation/data): why a row misses by more than 25%
// (outlier-notes.jsonl, found by reading the row's source and notes), and the corrections to
// requests that cannot express the measured setup (request-patches.jsonl: an RFC 7386 JSON merge
// patch on the row's "request", made only where the row's own text states the setting, applied
// before estimating and listed in the report).
struct RequestPatch {
  std::string id;
  json merge_patch;
  std::string reason;
};

std::vector<json> read_jsonl(const std::string& path, std::vector<std::string>& failures) {
  std::vector<json> out;
  std::ifstream in(path);
  if (!in) {
    failures.push_back("cannot read " + path);
    return out;
  }
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    json j = json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("row_id")) {
      failures.push_back(path + ": unreadable line");
      continue;
    }
    out.push_back(std::move(j));
  }
  return out;
}

std::map<std::string, std::string> g_outlier_notes;
std::vector<RequestPatch> g_patches;

void load_row_data(const std::string& dir, std::vector<std::string>& failures) {
  for (const json& j : read_jsonl(dir + "/outlier-notes.jsonl", failures)) {
    g_outlier_notes[j["row_id"].get<std::string>()] = j.value("note", "");
  }
  for (const json& j : read_jsonl(dir + "/request-patches.jsonl", failures)) {
    g_patches.push_back({j["row_id"].get<std::string>(), j.value("merge_patch", json::object()),
                         j.value("reason", "")});
  }
}

const std::map<std::string, std::string>& outlier_notes() { return g_outlier_notes; }
const std::vector<RequestPatch>& request_patches() { return g_patches; }

struct Row {
  std::string id, category, field, unit, confidence, note;
  double estimate = 0, measured = 0;
  bool bound_check = false;  // "does not fit" rows: pass/fail instead of an error %
  bool bound_ok = false;
};

// A note that starts "Not explained" documents what was checked; the row stays in the MAPE.
bool explained(const Row& r) { return !r.note.empty() && r.note.rfind("Not explained", 0) != 0; }

double error_pct(const Row& r) {
  if (r.bound_check) return r.bound_ok ? 0.0 : 100.0;
  return r.measured != 0 ? (r.estimate - r.measured) / r.measured * 100.0 : 0.0;
}

bool basis_excludes_context(const json& compare) {
  const std::string basis = compare.value("basis", "");
  return basis.find("max_memory_allocated") != std::string::npos ||
         basis.find("torch") != std::string::npos || basis.find("allocator") != std::string::npos;
}

// The compared quantity, read from the estimate the way the row's "compare" block says.
double read_field(const sizer::Estimate& e, const json& compare, const std::string& field) {
  const sizer::Scenario& s = e.scenario;
  const std::string scope = compare.value("scope", "perGpu");
  if (field == "inference.decodeTokensPerSecond") {
    if (compare.contains("derive") &&
        compare["derive"].get<std::string>().find("ttftSeconds") != std::string::npos) {
      const double out = s.inference.output_tokens;
      const double t = e.inference.ttft_seconds + out / e.inference.decode_tokens_per_second;
      return t > 0 ? out / t : 0.0;
    }
    return e.inference.decode_tokens_per_second;
  }
  if (field == "inference.prefillTokensPerSecond") return e.inference.prefill_tokens_per_second;
  if (field == "inference.throughputTokensPerSecond")
    return e.inference.throughput_tokens_per_second;
  if (field == "inference.maxContextTokens") {
    // The rows measure the KV pool in tokens (vLLM's "GPU KV cache size: N tokens"), which the
    // model's trained context does not bound; maxContextTokens stops at that context.
    return double(e.inference.kv_cache_capacity_tokens) * s.inference.batch;
  }
  if (field == "memory.weightsBytes") {
    if (scope == "total") {
      const sizer::NumberFormat* f = sizer::find_format(s.weights_format);
      return f != nullptr ? sizer::weights_bytes(e.params, *f) : 0.0;
    }
    return e.memory.weights_bytes;
  }
  if (field == "memory.kvCacheBytes") {
    if (scope == "total") {
      const sizer::NumberFormat* f = sizer::find_format(s.kv_cache_format);
      const double ctx = double(s.inference.prompt_tokens) + s.inference.output_tokens;
      return f != nullptr ? sizer::kv_cache_bytes(s.model, *f, ctx, s.inference.batch,
                                                  s.assumptions.kv_block_tokens, 1, 1)
                          : 0.0;
    }
    return e.memory.kv_cache_bytes;
  }
  if (field == "memory.activationBytes") return e.memory.activation_bytes;
  if (field == "memory.perGpuBytes") {
    double v = e.memory.per_gpu_bytes;
    // torch allocator peaks exclude the CUDA context and any engine reserve.
    if (basis_excludes_context(compare)) {
      v -= s.assumptions.cuda_context_bytes + e.memory.reserve_bytes;
    }
    return v;
  }
  if (field == "training.tokensPerSecond") {
    const double tps = e.training.tokens_per_second;
    return compare.value("perGpu", false) ? tps / sizer::total_gpus(s) : tps;
  }
  throw std::runtime_error("unknown compare field " + field);
}

std::string fmt(double v) {
  char buf[64];
  const double a = std::fabs(v);
  if (a >= 1e7) {
    std::snprintf(buf, sizeof buf, "%.4g", v);
  } else if (a >= 100) {
    std::snprintf(buf, sizeof buf, "%.0f", v);
  } else {
    std::snprintf(buf, sizeof buf, "%.3g", v);
  }
  return buf;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: sizer_validate <calibration-requests.jsonl> <out.md>\n";
    return 2;
  }
  std::ifstream in(argv[1]);
  if (!in) {
    std::cerr << "cannot read " << argv[1] << "\n";
    return 2;
  }
  std::vector<Row> rows;
  std::vector<std::pair<std::string, std::string>> skipped;
  std::vector<std::string> failures;
  std::vector<const RequestPatch*> applied;
  {
    const std::string requests = argv[1];
    const std::size_t slash = requests.find_last_of('/');
    load_row_data(slash == std::string::npos ? "." : requests.substr(0, slash), failures);
  }
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    json j;
    try {
      j = json::parse(line);
    } catch (const std::exception& ex) {
      failures.push_back(std::string("unparseable line: ") + ex.what());
      continue;
    }
    const std::string id = j.value("row_id", "?");
    if (j.contains("skip")) {
      skipped.emplace_back(id, j["skip"].get<std::string>());
      continue;
    }
    for (const RequestPatch& p : request_patches()) {
      if (p.id != id) continue;
      j["request"].merge_patch(p.merge_patch);
      applied.push_back(&p);
    }
    const json& compare = j["compare"];
    const std::string field = compare.value("field", "");
    sizer::RequestResult req = sizer::scenario_from_request_json(j["request"].dump());
    if (!req.ok) {
      failures.push_back(id + ": request rejected: " + req.error);
      continue;
    }
    try {
      sizer::Estimate e = sizer::estimate(req.scenario);
      if (compare.contains("batchFrom")) {
        // Serving rows: run at the largest batch that fits (capped), as the row's derive says.
        int batch = e.inference.max_batch;
        if (compare.contains("batchCap")) batch = std::min(batch, compare["batchCap"].get<int>());
        sizer::Scenario again = req.scenario;
        again.inference.batch = std::max(1, batch);
        e = sizer::estimate(again);
      }
      Row r;
      r.id = id;
      r.category = j.value("category", "");
      r.field = field;
      r.unit = j.value("measuredUnit", "");
      r.confidence = j.value("confidence", "");
      r.measured = j["measured"].get<double>();
      r.estimate = read_field(e, compare, field);
      if (r.unit == "requests/s") r.estimate /= std::max(1, e.scenario.inference.output_tokens);
      if (compare.value("bound", "") == "lower") {
        r.bound_check = true;
        const bool expect_fits = compare.value("expectFits", true);
        r.bound_ok = e.memory.fits == expect_fits && r.estimate >= r.measured;
      }
      const auto note = outlier_notes().find(id);
      if (note != outlier_notes().end()) r.note = note->second;
      rows.push_back(r);
    } catch (const std::exception& ex) {
      failures.push_back(id + ": estimate failed: " + ex.what());
    }
  }

  for (const RequestPatch& p : request_patches()) {
    bool used = false;
    for (const RequestPatch* a : applied) used = used || a == &p;
    if (!used) failures.push_back(p.id + ": request patch matches no row");
  }

  std::ostringstream md;
  md << "# Validation against measurements\n\n"
     << "Generated by `sizer_validate "
     << "tests/validation/data/calibration-requests.jsonl "
     << "docs/VALIDATION.md` (tests/validation/validate_main.cpp); do not edit by hand.\n\n"
     << "Each row of `calibration-requests.jsonl` is a measured value with the request that "
        "reproduces its setup (a verbatim copy of the shared reference calibration set; the "
        "request corrections below are applied on top). Error = "
        "(estimate - measured) / measured. Rows marked "
        "*bound* are \"does not fit\" observations: they pass when the estimate also says it "
        "does not fit. Peak-memory rows measured with the torch allocator exclude the CUDA "
        "context, so the context is subtracted from the estimate for them.\n\n";
  std::map<std::string, std::pair<double, int>> by_category;
  std::map<std::string, std::pair<double, int>> unexplained;
  md << "| row | category | field | estimate | measured | unit | error % | confidence |\n"
     << "|---|---|---|---:|---:|---|---:|---|\n";
  for (const Row& r : rows) {
    const double err = error_pct(r);
    md << "| " << r.id << " | " << r.category << " | " << r.field << " | "
       << (r.bound_check ? (r.bound_ok ? "does not fit" : "fits (wrong)") : fmt(r.estimate))
       << " | " << (r.bound_check ? "> " + fmt(r.measured) : fmt(r.measured)) << " | " << r.unit
       << " | " << (r.bound_check ? (r.bound_ok ? "bound ok" : "bound missed") : fmt(err)) << " | "
       << r.confidence << " |\n";
    auto& acc = by_category[r.category];
    acc.first += std::fabs(err);
    acc.second += 1;
    auto& kept = unexplained[r.category];
    if (!explained(r) || std::fabs(err) <= 25.0) {
      kept.first += std::fabs(err);
      kept.second += 1;
    }
  }
  md << "\n## Mean absolute percentage error per category\n\n"
     << "The last two columns leave out the outliers explained below (rows whose request still "
        "cannot describe the run, whose source flags them, or whose cause the engine does not "
        "model); rows marked \"Not explained\" stay in.\n\n"
     << "| category | rows | MAPE % | rows without explained outliers | MAPE % |\n"
     << "|---|---:|---:|---:|---:|\n";
  for (const auto& [category, acc] : by_category) {
    const auto& kept = unexplained[category];
    md << "| " << category << " | " << acc.second << " | " << fmt(acc.first / acc.second) << " | "
       << kept.second << " | "
       << (kept.second > 0 ? fmt(kept.first / kept.second) : std::string("-")) << " |\n";
  }
  md << "\n## Outliers (|error| > 25%)\n\n";
  int outliers = 0;
  for (const Row& r : rows) {
    const double err = error_pct(r);
    if (std::fabs(err) <= 25.0) continue;
    ++outliers;
    md << "- **" << r.id << "** (" << r.category << ", " << fmt(err)
       << "%): " << (r.note.empty() ? "not yet explained." : r.note) << "\n";
  }
  if (outliers == 0) md << "None.\n";
  md << "\n## Request corrections\n\n"
     << "`calibration.csv` and `calibration-requests.jsonl` in `tests/validation/data/` are "
        "verbatim copies of the shared reference and are not edited; corrections and notes live "
        "beside them in `request-patches.jsonl` and `outlier-notes.jsonl`. Where a row's own text "
        "states a setting its request leaves out, the runner applies a "
        "JSON merge patch (RFC 7386) to the request before estimating "
        "(`tests/validation/data/request-patches.jsonl`). Every applied patch:\n\n"
     << "| row | merge patch on `request` | reason (the row's own text) |\n|---|---|---|\n";
  for (const RequestPatch* p : applied) {
    md << "| " << p->id << " | `" << p->merge_patch.dump() << "` | " << p->reason << " |\n";
  }
  md << "\n## Rows not run\n\n";
  for (const auto& [id, why] : skipped) md << "- " << id << ": " << why << "\n";
  if (!failures.empty()) {
    md << "\n## Runner failures\n\n";
    for (const std::string& f : failures) md << "- " << f << "\n";
  }
  std::ofstream out(argv[2]);
  out << md.str();
  if (!out) {
    std::cerr << "cannot write " << argv[2] << "\n";
    return 2;
  }
  for (const auto& [category, acc] : by_category) {
    const auto& kept = unexplained[category];
    std::cout << category << ": " << acc.second << " rows, MAPE " << fmt(acc.first / acc.second)
              << "%; without explained outliers " << kept.second << " rows, MAPE "
              << (kept.second > 0 ? fmt(kept.first / kept.second) : std::string("-")) << "%\n";
  }
  for (const std::string& f : failures) std::cerr << "FAILED " << f << "\n";
  return failures.empty() ? 0 : 1;
}
