#include "logic/link_restore.hpp"

#include <algorithm>

#include "logic/i18n.hpp"
#include "logic/state_json.hpp"
#include "sizer/json.hpp"
#include "sizer/layouts.hpp"
#include "sizer/request_json.hpp"
#include "sizer/share_link.hpp"

namespace app {
namespace {

using json = sizer::Json;

// The field an engine error names: "training.method: ..." -> "training.method".
std::string field_of(const std::string& error) {
  const std::size_t colon = error.find(':');
  return colon == std::string::npos ? std::string() : error.substr(0, colon);
}

// Removes a dotted path from the request; false when it is not there.
bool erase_path(json& request, const std::string& path) {
  json* node = &request;
  std::size_t start = 0;
  for (;;) {
    const std::size_t dot = path.find('.', start);
    const std::string part = path.substr(start, dot == std::string::npos ? dot : dot - start);
    if (!node->is_object() || !node->contains(part)) return false;
    if (dot == std::string::npos) return node->erase(part) > 0;
    node = &(*node)[part];
    start = dot + 1;
  }
}

bool is_split_field(const std::string& field) {
  return field == "tensorParallel" || field == "pipelineParallel" || field == "dataParallel";
}

int int_field(const json& request, const char* key) {
  const auto it = request.find(key);
  return it != request.end() && it->is_number_integer() ? it->get<int>() : 0;
}

// The largest valid degree not above `wanted` (the smallest valid one when all are above).
int nearest_at_most(const std::vector<int>& valid, int wanted) {
  int best = valid.empty() ? 1 : valid.front();
  for (int d : valid)
    if (d <= wanted) best = std::max(best, d);
  return best;
}

}  // namespace

LinkRestore restore_link(const std::string& fragment, const sizer::Scenario& current,
                         const UiState& ui) {
  LinkRestore out;
  out.ui = ui;
  const sizer::DecodedLink link = sizer::decode_share_fragment(fragment);
  if (!link.ok) {
    out.error = link.errors.empty() ? std::string() : link.errors.front();
    return out;
  }
  for (const std::string& e : link.errors) out.notices.push_back(trf("link.ignored", {e}));
  json request = json::parse(link.request_json);
  const json base = json::parse(sizer::scenario_to_request_json(current));
  if (!request.is_object() || !base.is_object()) {
    out.error = "request: expected a JSON object";
    return out;
  }
  // A split the engine refuses is retried without it, then moved to the nearest valid one.
  const int wanted_tensor = int_field(request, "tensorParallel");
  const int wanted_pipeline = int_field(request, "pipelineParallel");
  bool split_dropped = false;
  // The first problem: the reader's error, else the first validation problem ("" when none).
  sizer::RequestResult parsed;
  const auto first_problem = [&]() -> std::string {
    json merged = base;  // what the link leaves out keeps its current value
    merged.merge_patch(request);
    // A host preset the link names brings its own CPU and RAM (the reader loads them from the
    // id): the current host's values must not fill the fields an older link did not write.
    const auto host = request.find("host");
    if (host != request.end() && host->is_object() && host->contains("id")) merged["host"] = *host;
    parsed = sizer::scenario_from_request_json(merged.dump());
    if (!parsed.ok) return parsed.error;
    const std::vector<std::string> problems = sizer::validate(sizer::normalize(parsed.scenario));
    return problems.empty() ? std::string() : problems.front();
  };
  // Each retry removes a field, so this ends after at most as many tries as the link has keys.
  for (std::string problem = first_problem(); !problem.empty(); problem = first_problem()) {
    const std::string field = field_of(problem);
    if (is_split_field(field) && !split_dropped) {
      for (const char* key : {"tensorParallel", "pipelineParallel", "dataParallel"})
        request.erase(key);
      split_dropped = true;
    } else if (!field.empty() && erase_path(request, field)) {
      out.notices.push_back(trf("link.ignored", {problem}));
    } else if (parsed.ok) {
      break;  // not caused by a field of the link: the app shows the problem with the inputs
    } else {
      out.error = problem;
      return out;
    }
  }
  out.scenario = parsed.scenario;
  if (split_dropped) {
    sizer::Scenario& s = out.scenario;
    const int gpus = sizer::total_gpus(s);
    const int tensor = nearest_at_most(
        sizer::valid_tensor_degrees(s.model, s.hardware.gpus_per_node), std::max(1, wanted_tensor));
    const int pipeline = nearest_at_most(sizer::valid_pipeline_degrees(s.model, gpus, tensor),
                                         std::max(1, wanted_pipeline));
    sizer::Layout layout;
    if (sizer::make_layout(gpus, tensor, pipeline, layout) ||
        sizer::default_layout(s, gpus, layout))
      sizer::apply_layout(s, layout);
    if (wanted_tensor > 0 && s.parallel.tensor != wanted_tensor)
      out.notices.push_back(trf("link.changed", {"tensorParallel", std::to_string(wanted_tensor),
                                                 std::to_string(s.parallel.tensor)}));
    if (wanted_pipeline > 0 && s.parallel.pipeline != wanted_pipeline)
      out.notices.push_back(
          trf("link.changed", {"pipelineParallel", std::to_string(wanted_pipeline),
                               std::to_string(s.parallel.pipeline)}));
  }
  std::string ui_error;
  if (!apply_ui_json(link.ui_json, out.ui, ui_error))
    out.notices.push_back(trf("link.ignored", {ui_error}));
  // A link is a whole state: without file keys its model came from no file.
  if (link.ui_json.find("\"fileName\"") == std::string::npos) out.ui.file_model = {};
  if (link.ui_json.find("\"tab\"") == std::string::npos)
    out.ui.tab = tab_for(out.scenario, out.ui.tab);
  out.ok = true;
  return out;
}

}  // namespace app
