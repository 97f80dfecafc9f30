#include "rows.hpp"

#include <algorithm>
#include <fstream>
#include <stdexcept>

#include "sizer/enums.hpp"
#include "sizer/estimate.hpp"
#include "sizer/kv_cache.hpp"
#include "sizer/memory.hpp"
#include "sizer/params.hpp"
#include "sizer/request_json.hpp"
#include "sizer/solvers.hpp"

using nlohmann::json;

namespace validation {
namespace {

// Data beside the rows (tests/validation/data): why a row misses by more than 25%
// (outlier-notes.jsonl, found by reading the row's source and notes), the corrections to
// requests that cannot express the measured setup (request-patches.jsonl, made only where the
// row's own text states the setting) and the stand-in profiles (engine-stand-ins.jsonl).
std::vector<json> read_jsonl(const std::string& path, const char* key,
                             std::vector<std::string>& failures) {
  std::vector<json> out;
  std::ifstream in(path);
  if (!in) {
    failures.push_back("cannot read " + path);
    return out;
  }
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty()) continue;
    json j = json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains(key) || !j[key].is_string()) {
      failures.push_back(path + ":" + std::to_string(number) + ": unreadable line");
      continue;
    }
    out.push_back(std::move(j));
  }
  return out;
}

// One CSV record (RFC 4180 quoting; the data files keep each record on one line).
std::vector<std::string> csv_fields(const std::string& line) {
  std::vector<std::string> out(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        out.back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        out.back() += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      out.emplace_back();
    } else if (c != '\r') {
      out.back() += c;
    }
  }
  return out;
}

struct SourceRef {
  std::string url, locator;
};

// id -> source URL and locator, from the CSV that describes the rows.
void read_sources(const std::string& path, std::map<std::string, SourceRef>& out,
                  std::vector<std::string>& failures) {
  std::ifstream in(path);
  std::string line;
  if (!in || !std::getline(in, line)) {
    failures.push_back("cannot read " + path);
    return;
  }
  const std::vector<std::string> header = csv_fields(line);
  auto column = [&](const char* name) {
    return std::size_t(std::find(header.begin(), header.end(), name) - header.begin());
  };
  const std::size_t id = column("id"), url = column("source"), loc = column("source_locator");
  if (url >= header.size() || id >= header.size() || loc >= header.size()) {
    failures.push_back(path + ": no id, source or source_locator column");
    return;
  }
  while (std::getline(in, line)) {
    const std::vector<std::string> f = csv_fields(line);
    if (f.size() != header.size()) {
      failures.push_back(path + ": a record with " + std::to_string(f.size()) + " fields");
      continue;
    }
    out[f[id]] = {f[url], f[loc]};
  }
}

bool basis_excludes_context(const json& compare) {
  const std::string basis = compare.value("basis", "");
  return basis.find("max_memory_allocated") != std::string::npos ||
         basis.find("torch") != std::string::npos || basis.find("allocator") != std::string::npos;
}

// Reserved memory (torch.cuda.max_memory_reserved, torchtitan's memory log, nvidia-smi) holds the
// caching allocator's freed blocks; allocated and active bytes do not.
bool basis_includes_allocator_cache(const json& compare) {
  const std::string basis = compare.value("basis", "");
  return basis.find("reserved") != std::string::npos ||
         basis.find("nvidia-smi") != std::string::npos ||
         basis.find("torchtitan memory") != std::string::npos;
}

// The compared quantity, read from the estimate the way the row's "compare" block says.
double read_field(const sizer::Estimate& e, const json& compare, const std::string& field) {
  const sizer::Scenario& s = e.scenario;
  const std::string scope = compare.value("scope", "perGpu");
  if (field == "inference.decodeTokensPerSecond") {
    // perBatch: the row measures tokens over the whole batch (batch x the per-sequence rate).
    const double sequences = compare.value("perBatch", false) ? s.inference.batch : 1.0;
    if (compare.contains("derive") &&
        compare["derive"].get<std::string>().find("ttftSeconds") != std::string::npos) {
      const double out = s.inference.output_tokens;
      const double t = e.inference.ttft_seconds + out / e.inference.decode_tokens_per_second;
      return t > 0 ? sequences * out / t : 0.0;
    }
    return sequences * e.inference.decode_tokens_per_second;
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
    // Allocated (or active) bytes exclude the blocks the caching allocator keeps reserved.
    if (!basis_includes_allocator_cache(compare)) v -= e.memory.allocator_cache_bytes;
    return v;
  }
  if (field == "training.tokensPerSecond") {
    const double tps = e.training.tokens_per_second;
    return compare.value("perGpu", false) ? tps / sizer::total_gpus(s) : tps;
  }
  if (field == "training.mfu") return e.training.mfu;
  // The largest training sequence (inference: prompt + output) that fits, everything else fixed.
  if (field == "solver.largestContextThatFits") return sizer::largest_context_that_fits(s);
  throw std::runtime_error("unknown compare field " + field);
}

bool core_knows_engine(const std::string& id) {
  sizer::Engine e;
  return sizer::parse_enum(id, e);
}

}  // namespace

RowSet load_rows(const std::string& calibration_requests_path) {
  RowSet set;
  const std::size_t slash = calibration_requests_path.find_last_of('/');
  const std::string dir =
      slash == std::string::npos ? "." : calibration_requests_path.substr(0, slash);

  std::map<std::string, std::string> notes;
  for (const json& j : read_jsonl(dir + "/outlier-notes.jsonl", "row_id", set.failures))
    notes[j["row_id"].get<std::string>()] = j.value("note", "");
  std::vector<RequestPatch> patches;
  for (const json& j : read_jsonl(dir + "/request-patches.jsonl", "row_id", set.failures)) {
    patches.push_back({j["row_id"].get<std::string>(), j.value("merge_patch", json::object()),
                       j.value("reason", "")});
  }
  std::vector<EngineStandIn> stand_ins;
  for (const json& j : read_jsonl(dir + "/engine-stand-ins.jsonl", "engine", set.failures)) {
    stand_ins.push_back(
        {j["engine"].get<std::string>(), j.value("standIn", ""), j.value("reason", "")});
  }
  std::map<std::string, SourceRef> sources;
  for (const char* csv : {"calibration.csv", "published-inference.csv", "published-training.csv"})
    read_sources(dir + "/" + csv, sources, set.failures);

  std::vector<bool> patch_used(patches.size(), false);
  std::vector<bool> stand_in_used(stand_ins.size(), false);
  const std::pair<std::string, const char*> files[] = {
      {calibration_requests_path, "calibration"},
      {dir + "/published-requests.jsonl", "published"},
      {dir + "/published-training-requests.jsonl", "published"}};
  for (const auto& [path, set_name] : files) {
    for (json& j : read_jsonl(path, "row_id", set.failures)) {
      const std::string id = j["row_id"].get<std::string>();
      if (j.contains("skip")) {
        set.skipped.emplace_back(id, j["skip"].is_string() ? j["skip"].get<std::string>() : "");
        continue;
      }
      if (!j.contains("request") || !j["request"].is_object() || !j.contains("compare") ||
          !j["compare"].is_object() || !j.contains("measured") || !j["measured"].is_number()) {
        set.failures.push_back(id + ": no request, compare or measured value");
        continue;
      }
      for (std::size_t i = 0; i < patches.size(); ++i) {
        if (patches[i].id != id) continue;
        j["request"].merge_patch(patches[i].merge_patch);
        if (!patch_used[i]) set.patches_applied.push_back(patches[i]);
        patch_used[i] = true;
      }
      Row r;
      r.requested_engine = j["request"].value("engine", "generic");
      if (!core_knows_engine(r.requested_engine)) {
        for (std::size_t i = 0; i < stand_ins.size(); ++i) {
          if (stand_ins[i].engine != r.requested_engine) continue;
          j["request"]["engine"] = stand_ins[i].stand_in;
          r.stand_in_reason = stand_ins[i].reason;
          if (!stand_in_used[i]) set.stand_ins_used.push_back(stand_ins[i]);
          stand_in_used[i] = true;
        }
      }
      sizer::RequestResult req = sizer::scenario_from_request_json(j["request"].dump());
      if (!req.ok) {
        set.failures.push_back(id + ": request rejected: " + req.error);
        continue;
      }
      r.id = id;
      r.set = set_name;
      r.category = j.value("category", "");
      r.compare = j["compare"];
      r.field = r.compare.value("field", "");
      r.unit = j.value("measuredUnit", "");
      r.confidence = j.value("confidence", "");
      r.measured = j["measured"].get<double>();
      r.bound_check = r.compare.value("bound", "") == "lower";
      r.scenario = req.scenario;
      const auto src = sources.find(id);
      if (src == sources.end()) {
        set.failures.push_back(id + ": no source in the CSVs");
      } else {
        r.source = src->second.url;
        r.locator = src->second.locator;
      }
      const auto note = notes.find(id);
      if (note != notes.end()) r.note = note->second;
      set.rows.push_back(std::move(r));
    }
  }
  for (std::size_t i = 0; i < patches.size(); ++i) {
    if (!patch_used[i]) set.failures.push_back(patches[i].id + ": request patch matches no row");
  }
  return set;
}

Evaluation evaluate(const Row& row, const std::vector<Override>& overrides) {
  sizer::Scenario s = row.scenario;
  const std::string profile = profile_id(row);
  for (const Override& o : overrides) {
    if (row.scenario.assumption_overrides.count(o.key) != 0) continue;
    if (std::find(o.engines.begin(), o.engines.end(), profile) == o.engines.end()) continue;
    s.assumption_overrides[o.key] = o.value;
  }
  sizer::Estimate e = sizer::estimate(s);
  if (row.compare.contains("batchFrom")) {
    // Serving rows: run at the largest batch that fits (capped), as the row's derive says.
    int batch = e.inference.max_batch;
    if (row.compare.contains("batchCap"))
      batch = std::min(batch, row.compare["batchCap"].get<int>());
    s.inference.batch = std::max(1, batch);
    e = sizer::estimate(s);
  }
  Evaluation out;
  out.value = read_field(e, row.compare, row.field);
  if (row.unit == "requests/s") out.value /= std::max(1, e.scenario.inference.output_tokens);
  out.fits = e.memory.fits;
  return out;
}

bool bound_met(const Row& row, const Evaluation& e) {
  return e.fits == row.compare.value("expectFits", true) && e.value >= row.measured;
}

double error_pct(const Row& row, const Evaluation& e) {
  if (row.bound_check) return bound_met(row, e) ? 0.0 : 100.0;
  return row.measured != 0 ? (e.value - row.measured) / row.measured * 100.0 : 0.0;
}

bool explained(const Row& row) {
  return !row.note.empty() && row.note.rfind("Not explained", 0) != 0;
}

std::string profile_id(const Row& row) { return sizer::enum_id(row.scenario.inference.engine); }

}  // namespace validation
