// Reading plan requests and writing plan results (plan_json.hpp).
#include "sizer/plan_json.hpp"

#include "json_read.hpp"
#include "json_writer.hpp"
#include "record_json.hpp"
#include "sizer/catalog.hpp"
#include "sizer/request_json.hpp"

namespace sizer {
namespace {

using json_in::json;
using json_in::Reader;

bool read_targets(Reader& r, PlanTargets& t) {
  return r.number("requestsPerSecond", 0, 1e7, t.requests_per_second) &&
         r.number("ttftP90Seconds", 0, 1e6, t.ttft_p90_seconds) &&
         r.number("tokensPerSecondPerUser", 0, 1e6, t.tokens_per_second_per_user) &&
         r.number("throughputTokensPerSecond", 0, 1e10, t.throughput_tokens_per_second) &&
         r.number("deadlineHours", 0, 1e7, t.deadline_hours) &&
         r.number("budgetUsd", 0, 1e12, t.budget_usd) &&
         r.integer("globalBatch", 0, 1 << 20, t.global_batch);
}

// A list of ids, each checked against `known` (empty list = no restriction).
template <class Known>
bool id_list(Reader& r, const std::string& key, std::vector<std::string>& out, Known known,
             const std::vector<std::string>& all_ids) {
  const json* v = r.get(key);
  if (v == nullptr) return true;
  if (!v->is_array()) return r.fail(key, "must be a list of ids");
  if (v->size() > 4096) return r.fail(key, "more than 4096 entries");
  for (const json& item : *v) {
    if (!item.is_string())
      return r.fail(key, "must be a list of ids (got " + json_in::show(item) + ")");
    const std::string& id = item.get_ref<const std::string&>();
    if (!known(id)) {
      return r.fail(key, "unknown id '" + id.substr(0, 64) + "'; " + json_in::suggest(id, all_ids));
    }
    out.push_back(id);
  }
  return true;
}

template <class Item>
std::vector<std::string> ids_of(const std::vector<Item>& items) {
  std::vector<std::string> ids;
  for (const Item& i : items) ids.push_back(i.id);
  return ids;
}

bool read_constraints(Reader& r, PlanRequest& q) {
  PlanConstraints& c = q.constraints;
  std::vector<std::string> vendors;
  for (const Gpu& g : gpu_catalog()) {
    if (std::find(vendors.begin(), vendors.end(), g.vendor) == vendors.end())
      vendors.push_back(g.vendor);
  }
  auto is_gpu = [](const std::string& id) { return find_gpu(id) != nullptr; };
  auto is_vendor = [&](const std::string& v) {
    return std::find(vendors.begin(), vendors.end(), v) != vendors.end();
  };
  auto is_format = [](const std::string& id) { return find_format(id) != nullptr; };
  if (!id_list(r, "gpus", c.gpus, is_gpu, ids_of(gpu_catalog())) ||
      !id_list(r, "vendors", c.vendors, is_vendor, vendors) ||
      !id_list(r, "formats", c.formats, is_format, ids_of(format_catalog())) ||
      !id_list(r, "kvFormats", c.kv_formats, is_format, ids_of(format_catalog())) ||
      !r.boolean("consumer", c.consumer) || !r.integer("maxGpus", 1, 4096, c.max_gpus) ||
      !r.integer("tensorParallel", 0, 4096, c.tensor_parallel) ||
      !r.integer("pipelineParallel", 0, 4096, c.pipeline_parallel) ||
      !r.number("usdPerHourMax", 0, 1e9, c.usd_per_hour_max) ||
      !r.choice("engine", q.base.inference.engine) || !r.choice("priceBasis", q.base.cost.basis)) {
    return false;
  }
  if (const json* cards = r.get("customGpus")) {
    if (!cards->is_array()) return r.fail("customGpus", "must be a list of GPU objects");
    for (std::size_t i = 0; i < cards->size(); ++i) {
      // The estimate() reader checks a custom card; its errors get this card's position.
      const RequestResult card = scenario_from_request_json(json{{"gpu", (*cards)[i]}}.dump());
      const std::string at = "customGpus[" + std::to_string(i) + "]";
      if (!card.ok) return r.fail(at, card.error);
      if (!(*cards)[i].is_object()) return r.fail(at, "must be a GPU object");
      c.custom_gpus.push_back(card.scenario.hardware.gpu);
    }
  }
  if (const json* methods = r.get("methods")) {
    if (!methods->is_array()) return r.fail("methods", "must be a list of full, lora, qlora");
    for (const json& m : *methods) {
      TrainingMethod method;
      if (!m.is_string() || !parse_enum(m.get_ref<const std::string&>(), method)) {
        return r.fail("methods", "unknown method " + json_in::show(m) +
                                     "; accepted: " + enum_accepted_ids<TrainingMethod>());
      }
      c.methods.push_back(method);
    }
  }
  return true;
}

}  // namespace

PlanRequestResult plan_request_from_json(const std::string& text) {
  PlanRequestResult res;
  if (!json_depth_within(text, kMaxJsonDepth)) {
    res.error = "request: nested deeper than " + std::to_string(kMaxJsonDepth) + " levels";
    return res;
  }
  json root = json::parse(text);
  if (root.is_discarded() || !root.is_object()) {
    res.error = "request: not a JSON object";
    return res;
  }
  // The planner's own keys; the rest is an estimate() request.
  json targets = root.contains("targets") ? root["targets"] : json::object();
  json constraints = root.contains("constraints") ? root["constraints"] : json::object();
  json max_plans = root.contains("maxPlans") ? root["maxPlans"] : json(20);
  for (const char* key : {"targets", "constraints", "maxPlans", "gpu", "gpuCount", "nodes",
                          "tensorParallel", "pipelineParallel", "dataParallel"}) {
    root.erase(key);
  }
  const RequestResult base = scenario_from_request_json(root.dump());
  res.warnings = base.warnings;
  if (!base.error.empty()) {
    res.error = base.error;
    return res;
  }
  res.request.base = base.scenario;
  json wrapper = {{"targets", targets}, {"constraints", constraints}, {"maxPlans", max_plans}};
  Reader top(wrapper, "", res.error, res.warnings);
  if (!top.integer("maxPlans", 1, 200, res.request.max_plans)) return res;
  if (const json* t = top.object("targets")) {
    Reader tr(*t, "targets.", res.error, res.warnings);
    if (!read_targets(tr, res.request.targets)) return res;
    tr.warn_unknown();
  }
  if (!res.error.empty()) return res;
  if (const json* c = top.object("constraints")) {
    Reader cr(*c, "constraints.", res.error, res.warnings);
    if (!read_constraints(cr, res.request)) return res;
    cr.warn_unknown();
  }
  res.ok = res.error.empty();
  return res;
}

std::string plan_result_to_json(const PlanResult& r, const std::vector<std::string>& warnings) {
  json_out::Writer w;
  w.begin_object();
  w.field("error", r.error);
  w.key("plans").begin_array();
  for (const Plan& p : r.plans) {
    w.begin_object();
    write_record_fields(w, p, [&](const RecordField<Plan>& f) {
      return std::string_view(f.unit).substr(0, 3) == "USD" && !p.price_known;
    });
    w.key("request").raw(scenario_to_request_json(p.scenario));
    // The planner builds valid scenarios; checked anyway, as estimate() throws on invalid ones.
    if (validation_message(normalize(p.scenario)).empty()) {
      w.key("estimate").raw(estimate_to_json(estimate(p.scenario)));
    } else {
      w.key("estimate").null();
    }
    w.end_object();
  }
  w.end_array();
  auto indices = [&](const char* key, const std::vector<int>& list) {
    w.key(key).begin_array();
    for (int i : list) w.value(i);
    w.end_array();
  };
  indices("paretoCostSpeed", r.pareto_cost_speed);
  indices("paretoCostLatency", r.pareto_cost_latency);
  w.field("fastestWithinBudget", r.fastest_within_budget);
  w.field("cheapestWithinDeadline", r.cheapest_within_deadline);
  w.string_list("unpricedGpus", r.unpriced_gpus);
  w.string_list("notes", r.notes);
  w.string_list("warnings", warnings);
  w.key("stats");
  write_record(w, r.stats);
  w.end_object();
  return w.take();
}

}  // namespace sizer
