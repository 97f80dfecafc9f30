#include "logic/plan_inputs.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <exception>

#include "logic/catalog_card.hpp"
#include "sizer/catalog.hpp"
#include "sizer/enums.hpp"
#include "sizer/json.hpp"
#include "sizer/request_json.hpp"

namespace app {
namespace {

using json = sizer::Json;

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : ",") + s;
  return out;
}

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find(',', start);
    if (end == std::string::npos) end = text.size();
    std::string item = text.substr(start, end - start);
    if (!item.empty()) out.push_back(item);
    start = end + 1;
  }
  return out;
}

bool read_number(const json& v, double& out) {
  if (v.is_number()) {
    out = v.get<double>();
  } else if (v.is_string()) {
    const std::string s = v.get<std::string>();
    char* end = nullptr;
    out = std::strtod(s.c_str(), &end);
    if (s.empty() || end == nullptr || *end != '\0') return false;
  } else {
    return false;
  }
  return out >= 0 && out < 1e12;
}

bool read_bool(const json& v, bool& out) {
  if (v.is_boolean()) {
    out = v.get<bool>();
    return true;
  }
  if (v == "true" || v == "false") {
    out = v == "true";
    return true;
  }
  return false;
}

bool read_list(const json& v, std::vector<std::string>& out) {
  if (v.is_string()) {
    out = split_list(v.get<std::string>());
    return true;
  }
  if (!v.is_array()) return false;
  out.clear();
  for (const json& item : v) {
    if (!item.is_string()) return false;
    out.push_back(item.get<std::string>());
  }
  return true;
}

struct NumberField {
  const char* key;
  double PlanInputs::*member;
};
const NumberField k_numbers[] = {
    {"planRps", &PlanInputs::requests_per_second},
    {"planTtft", &PlanInputs::ttft_p90_seconds},
    {"planTokensPerUser", &PlanInputs::tokens_per_second_per_user},
    {"planThroughput", &PlanInputs::throughput_tokens_per_second},
    {"planDeadlineHours", &PlanInputs::deadline_hours},
    {"planBudgetUsd", &PlanInputs::budget_usd},
    {"planUsdPerHourMax", &PlanInputs::usd_per_hour_max},
};
struct IntField {
  const char* key;
  int PlanInputs::*member;
  int lowest;
};
const IntField k_ints[] = {
    {"planGlobalBatch", &PlanInputs::global_batch, 0},
    {"planMaxGpus", &PlanInputs::max_gpus, 1},
    {"planRatePlan", &PlanInputs::rate_plan, 0},
    {"planTensorParallel", &PlanInputs::tensor_parallel, 0},
    {"planPipelineParallel", &PlanInputs::pipeline_parallel, 0},
};
struct ListField {
  const char* key;
  std::vector<std::string> PlanInputs::*member;
};
const ListField k_lists[] = {{"planVendors", &PlanInputs::vendors},
                             {"planFormats", &PlanInputs::formats},
                             {"planKvFormats", &PlanInputs::kv_formats},
                             {"planMethods", &PlanInputs::methods}};

// The relaxed searches: each drops one target or widens one constraint.
struct Relax {
  const char* what;
  bool (*applies)(const sizer::PlanRequest&);
  void (*apply)(sizer::PlanRequest&);
};
const Relax k_relax[] = {
    {"ttft", [](const sizer::PlanRequest& r) { return r.targets.ttft_p90_seconds > 0; },
     [](sizer::PlanRequest& r) { r.targets.ttft_p90_seconds = 0; }},
    {"tokensPerUser",
     [](const sizer::PlanRequest& r) { return r.targets.tokens_per_second_per_user > 0; },
     [](sizer::PlanRequest& r) { r.targets.tokens_per_second_per_user = 0; }},
    {"requestsPerSecond",
     [](const sizer::PlanRequest& r) { return r.targets.requests_per_second > 0; },
     [](sizer::PlanRequest& r) { r.targets.requests_per_second = 0; }},
    {"throughput",
     [](const sizer::PlanRequest& r) { return r.targets.throughput_tokens_per_second > 0; },
     [](sizer::PlanRequest& r) { r.targets.throughput_tokens_per_second = 0; }},
    {"deadline", [](const sizer::PlanRequest& r) { return r.targets.deadline_hours > 0; },
     [](sizer::PlanRequest& r) { r.targets.deadline_hours = 0; }},
    {"budget", [](const sizer::PlanRequest& r) { return r.targets.budget_usd > 0; },
     [](sizer::PlanRequest& r) { r.targets.budget_usd = 0; }},
    {"usdPerHour", [](const sizer::PlanRequest& r) { return r.constraints.usd_per_hour_max > 0; },
     [](sizer::PlanRequest& r) { r.constraints.usd_per_hour_max = 0; }},
    {"hardware",
     [](const sizer::PlanRequest& r) {
       return !r.constraints.vendors.empty() || !r.constraints.consumer;
     },
     [](sizer::PlanRequest& r) {
       r.constraints.vendors.clear();
       r.constraints.consumer = true;
     }},
    {"split",
     [](const sizer::PlanRequest& r) {
       return r.constraints.tensor_parallel > 0 || r.constraints.pipeline_parallel > 0;
     },
     [](sizer::PlanRequest& r) {
       r.constraints.tensor_parallel = 0;
       r.constraints.pipeline_parallel = 0;
     }},
    {"maxGpus", [](const sizer::PlanRequest& r) { return r.constraints.max_gpus < 64; },
     [](sizer::PlanRequest& r) {
       r.constraints.max_gpus = std::min(64, r.constraints.max_gpus * 4);
     }},
};

}  // namespace

bool operator==(const PlanInputs& a, const PlanInputs& b) {
  json ja = json::object();
  json jb = json::object();
  write_plan_fields(a, ja);
  write_plan_fields(b, jb);
  return ja == jb;
}

bool is_plan_key(const std::string& key) { return key.rfind("plan", 0) == 0; }

void write_plan_fields(const PlanInputs& p, json& j) {
  const PlanInputs d;
  if (p.open != d.open) j["planOpen"] = p.open;
  for (const NumberField& f : k_numbers)
    if (p.*f.member != d.*f.member) j[f.key] = p.*f.member;
  for (const IntField& f : k_ints)
    if (p.*f.member != d.*f.member) j[f.key] = p.*f.member;
  if (p.consumer != d.consumer) j["planConsumer"] = p.consumer;
  for (const ListField& f : k_lists)
    if (!(p.*f.member).empty()) j[f.key] = join(p.*f.member);
}

std::string read_plan_fields(const json& j, PlanInputs& p) {
  std::string error;
  auto note = [&](const char* key, const char* expected) {
    if (error.empty()) error = std::string(key) + ": expected " + expected;
  };
  for (const NumberField& f : k_numbers) {
    auto it = j.find(f.key);
    if (it == j.end()) continue;
    double v = 0;
    if (read_number(*it, v))
      p.*f.member = v;
    else
      note(f.key, "a number >= 0");
  }
  for (const IntField& f : k_ints) {
    auto it = j.find(f.key);
    if (it == j.end()) continue;
    double v = 0;
    if (read_number(*it, v) && v == static_cast<int>(v) && v <= 4096 && v >= f.lowest)
      p.*f.member = static_cast<int>(v);
    else
      note(f.key,
           f.lowest == 1 ? "a whole number from 1 to 4096" : "a whole number from 0 to 4096");
  }
  for (const char* key : {"planOpen", "planConsumer"}) {
    auto it = j.find(key);
    if (it == j.end()) continue;
    bool v = false;
    if (read_bool(*it, v))
      (std::string(key) == "planOpen" ? p.open : p.consumer) = v;
    else
      note(key, "true or false");
  }
  for (const ListField& f : k_lists) {
    auto it = j.find(f.key);
    if (it == j.end()) continue;
    std::vector<std::string> v;
    if (!read_list(*it, v)) {
      note(f.key, "a comma-separated list");
      continue;
    }
    if (std::string(f.key) == "planMethods") {
      bool ok = true;
      for (const std::string& id : v) {
        sizer::TrainingMethod m;
        ok = ok && sizer::parse_enum(id, m);
      }
      if (!ok) {
        note(f.key, "full, lora or qlora");
        continue;
      }
    }
    p.*f.member = v;
  }
  return error;
}

std::vector<std::string> catalog_vendors() {
  std::vector<std::string> out;
  for (const sizer::Gpu& g : sizer::gpu_catalog())
    if (std::find(out.begin(), out.end(), g.vendor) == out.end()) out.push_back(g.vendor);
  return out;
}

std::vector<std::string> plan_format_choices(sizer::Engine engine) {
  if (engine == sizer::Engine::llama_cpp) return {"gguf-f16", "gguf-q8_0", "gguf-q4_k_m"};
  return {"bf16", "fp16", "fp8", "gptq-8bit-g128", "awq-4bit-g128"};
}

std::vector<sizer::TrainingMethod> plan_methods(const PlanInputs& p, const sizer::Scenario& base) {
  std::vector<sizer::TrainingMethod> out;
  for (const std::string& id : p.methods) {
    sizer::TrainingMethod m;
    if (sizer::parse_enum(id, m) && std::find(out.begin(), out.end(), m) == out.end())
      out.push_back(m);
  }
  if (out.empty()) out.push_back(base.training.method);
  return out;
}

sizer::PlanRequest plan_request(const sizer::Scenario& base, const PlanInputs& p,
                                bool compare_methods) {
  sizer::PlanRequest r;
  r.base = base;
  // The planner searches GPUs: from a CPU-only run too (the core's search swaps the card of a GPU
  // scenario).
  r.base.hardware.cpu_only = false;
  const bool training = base.mode == sizer::Mode::training;
  if (training) {
    r.targets.deadline_hours = p.deadline_hours;
    r.targets.budget_usd = p.budget_usd;
    r.targets.global_batch = p.global_batch;
    r.constraints.methods = compare_methods
                                ? plan_methods(p, base)
                                : std::vector<sizer::TrainingMethod>{base.training.method};
  } else {
    r.targets.requests_per_second = p.requests_per_second;
    r.targets.ttft_p90_seconds = p.ttft_p90_seconds;
    r.targets.tokens_per_second_per_user = p.tokens_per_second_per_user;
    r.targets.throughput_tokens_per_second = p.throughput_tokens_per_second;
    const std::vector<std::string> choices = plan_format_choices(base.inference.engine);
    for (const std::string& f : p.formats)
      if (std::find(choices.begin(), choices.end(), f) != choices.end())
        r.constraints.formats.push_back(f);
    const std::vector<std::string> kv_choices = sizer::planner_kv_formats(base.inference.engine);
    for (const std::string& f : p.kv_formats)
      if (std::find(kv_choices.begin(), kv_choices.end(), f) != kv_choices.end())
        r.constraints.kv_formats.push_back(f);
  }
  r.constraints.vendors = p.vendors;
  r.constraints.consumer = p.consumer;
  r.constraints.max_gpus = std::max(1, p.max_gpus);
  r.constraints.usd_per_hour_max = p.usd_per_hour_max;
  r.constraints.tensor_parallel = p.tensor_parallel;
  r.constraints.pipeline_parallel = p.pipeline_parallel;
  // A card the user made (the custom GPU form) is searched beside the catalog's.
  if (!is_catalog_gpu(base.hardware.gpu) && sizer::find_gpu(base.hardware.gpu.id) == nullptr)
    r.constraints.custom_gpus.push_back(base.hardware.gpu);
  r.max_plans = 20;
  return r;
}

std::string plan_signature(const sizer::Scenario& base, const PlanInputs& p, bool compare_methods) {
  PlanInputs q = p;
  q.open = false;
  q.rate_plan = 0;  // which plan's rate curve is shown does not change the search
  json j = json::object();
  write_plan_fields(q, j);
  return sizer::scenario_to_request_json(base) + j.dump() + (compare_methods ? "1" : "0");
}

void start_plan_search(const sizer::Scenario& base, const PlanInputs& p, bool compare_methods,
                       PlanRun& run) {
  run.has_result = true;
  run.result = sizer::PlanResult{};
  run.relaxations.clear();
  run.relaxed.clear();
  run.model_never_fits = false;
  run.copied = -1;
  run.copied_url.clear();
  run.total_ms = 0;
  run.progress = 0;
  run.searched = plan_signature(base, p, compare_methods);
  run.request = plan_request(base, p, compare_methods);
  run.search = std::make_shared<sizer::PlanSearch>(run.request);
}

namespace {

// One step of `search`; false when it is finished (or failed: `failed` says why).
bool step_search(sizer::PlanSearch& search, std::string& failed) {
  try {
    return search.step();
  } catch (const std::exception& e) {
    failed = e.what();
    return false;
  }
}

sizer::PlanResult finish_search(sizer::PlanSearch& search) {
  try {
    return search.finish();
  } catch (const std::exception& e) {
    sizer::PlanResult r;
    r.error = e.what();
    return r;
  }
}

// Nothing met the targets: queue one relaxed search per target or constraint that can give.
void queue_relaxations(PlanRun& run) {
  for (std::size_t i = 0; i < std::size(k_relax); ++i) {
    if (!k_relax[i].applies(run.request)) continue;
    sizer::PlanRequest relaxed = run.request;
    k_relax[i].apply(relaxed);
    relaxed.max_plans = 1;
    PlanRelaxation x;
    x.what = k_relax[i].what;
    x.value = relaxed.constraints.max_gpus;
    run.relaxed.emplace_back(std::move(x), std::make_shared<sizer::PlanSearch>(std::move(relaxed)));
  }
}

void take_relaxation(PlanRun& run, PlanRelaxation x, sizer::PlanSearch& search) {
  const sizer::PlanResult res = finish_search(search);
  if (!res.error.empty() || res.plans.empty())
    return;  // a relaxed search that fails is not offered
  x.plans = static_cast<int>(res.plans.size());
  x.best = res.plans.front();
  run.relaxations.push_back(std::move(x));
}

}  // namespace

bool advance_plan_search(PlanRun& run, double budget_ms) {
  const auto started = std::chrono::steady_clock::now();
  auto spent = [&] {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
        .count();
  };
  const std::size_t relax_total = std::size(k_relax);
  // At least one step per call, however small the budget: every frame makes progress.
  for (bool first = true; run.searching() && (first || spent() < budget_ms); first = false) {
    std::string failed;
    if (run.search) {
      const bool more = step_search(*run.search, failed);
      run.progress = 0.5 * run.search->progress();
      if (more) continue;
      run.result = failed.empty() ? finish_search(*run.search) : sizer::PlanResult{};
      if (!failed.empty()) run.result.error = failed;
      run.search.reset();
      if (run.result.error.empty() && run.result.plans.empty()) queue_relaxations(run);
      continue;
    }
    auto& [relaxation, search] = run.relaxed.front();
    const bool more = step_search(*search, failed);
    if (!more) {
      if (failed.empty()) take_relaxation(run, relaxation, *search);
      run.relaxed.erase(run.relaxed.begin());
      if (run.relaxed.empty()) run.model_never_fits = run.relaxations.empty();
    }
    run.progress = 0.5 + 0.5 * (1.0 - double(run.relaxed.size()) / double(relax_total));
  }
  run.total_ms += spent();
  if (!run.searching()) run.progress = 1;
  return run.searching();
}

void run_plan_search(const sizer::Scenario& base, const PlanInputs& p, bool compare_methods,
                     PlanRun& run) {
  start_plan_search(base, p, compare_methods, run);
  while (advance_plan_search(run, 1e12)) {
  }
}

std::string plan_summary_json(const PlanRun& run) {
  json plans = json::array();
  for (const sizer::Plan& p : run.result.plans) {
    plans.push_back({{"gpu", p.gpu_id},
                     {"gpuCount", p.gpus},
                     {"tensor", p.tensor},
                     {"pipeline", p.pipeline},
                     {"replicas", p.replicas},
                     {"priceKnown", p.price_known},
                     {"usdPerHour", p.usd_per_hour},
                     {"usdPerMillionTokens", p.usd_per_million_tokens},
                     {"totalUsd", p.total_usd},
                     {"totalHours", p.total_hours}});
  }
  json relax = json::array();
  for (const PlanRelaxation& r : run.relaxations) relax.push_back(r.what);
  const sizer::PlanStats& s = run.result.stats;
  json j = {{"hasResult", run.has_result && !run.searching()},
            {"searching", run.searching()},
            {"progress", run.progress},
            {"error", run.result.error},
            {"plans", plans},
            {"relaxations", relax},
            {"stats",
             {{"evaluated", s.evaluated_count},
              {"pruned", s.pruned_count},
              {"milliseconds", s.milliseconds},
              {"totalMilliseconds", run.total_ms},
              {"gpuTypes", s.gpu_types},
              {"gpuTypesPriced", s.gpu_types_priced},
              {"unpriced", run.result.unpriced_gpus.size()}}}};
  return j.dump();
}

}  // namespace app
