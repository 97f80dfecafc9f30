// The inference planner and the serving model (plan.hpp; docs/METHOD.md, "Planner").
#include "sizer/plan.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "engine_internal.hpp"
#include "plan_internal.hpp"
#include "sizer/inference_speed.hpp"
#include "sizer/layouts.hpp"
#include "sizer/memory.hpp"
#include "sizer/params.hpp"
#include "sizer/prices.hpp"

namespace sizer {

double replica_requests_per_second(int running, double decode_step_s, double prefill_s,
                                   int output_tokens) {
  const double n = std::max(1, running);
  return safe_div(n, std::max(0, output_tokens) * decode_step_s + n * prefill_s);
}

double time_per_output_token(int running, double decode_step_s, double prefill_s,
                             int output_tokens) {
  if (output_tokens <= 0) return decode_step_s;
  return decode_step_s + std::max(1, running) * prefill_s / output_tokens;
}

double prefill_wait_p90(double rho, double prefill_s) {
  if (!(rho > 0.1)) return 0.0;  // nine arrivals in ten find the prefill queue empty
  if (rho >= 1.0) return INFINITY;
  return prefill_s / (2.0 * (1.0 - rho)) * std::log(rho / 0.1);
}

namespace planning {

std::vector<const Gpu*> allowed_gpus(const PlanConstraints& c) {
  std::vector<const Gpu*> out;
  for (const Gpu& g : gpu_catalog()) {
    if (!c.gpus.empty() && std::find(c.gpus.begin(), c.gpus.end(), g.id) == c.gpus.end()) continue;
    if (!c.vendors.empty() &&
        std::find(c.vendors.begin(), c.vendors.end(), g.vendor) == c.vendors.end())
      continue;
    if (!c.consumer && !g.datacenter) continue;
    out.push_back(&g);
  }
  for (const Gpu& g : c.custom_gpus) out.push_back(&g);
  return out;
}

bool format_runs_on(const NumberFormat& f, const Gpu& g) {
  if (f.compute_dtype == ComputeType::bf16) return g.supports_bf16;
  if (f.compute_dtype == ComputeType::fp8) return g.supports_fp8;
  if (f.compute_dtype == ComputeType::fp4) return g.fp4_tensor_tflops > 0;
  return true;
}

Scenario with_card(const Scenario& base, const Gpu& g) {
  Scenario s = base;
  s.hardware.gpu = g;
  s.hardware.cpu_only = false;  // a card replaces a CPU-only device
  s.cost = cost_for_card(base.cost, g.id == base.hardware.gpu.id);
  return s;
}

std::vector<int> card_counts(int max_gpus) {
  std::vector<int> out;
  for (int n = 1; n <= max_gpus; n *= 2) out.push_back(n);
  return out;
}

bool split_allowed(const PlanConstraints& c, const Layout& l) {
  return (c.tensor_parallel <= 0 || l.tensor == c.tensor_parallel) &&
         (c.pipeline_parallel <= 0 || l.pipeline == c.pipeline_parallel);
}

bool replica_layout(const PlanConstraints& c, const Scenario& s, int gpus, Layout& out) {
  if (c.tensor_parallel <= 0 && c.pipeline_parallel <= 0) return default_layout(s, gpus, out);
  for (const Layout& l : layouts_for(s, gpus)) {
    if (l.data == 1 && split_allowed(c, l)) {
      out = l;
      return true;
    }
  }
  return false;
}

std::string plan_label(const Plan& p) {
  std::string s = std::to_string(p.gpus) + " x " + p.scenario.hardware.gpu.name;
  if (p.tensor > 1 || p.pipeline > 1) {
    s += " (";
    if (p.replicas > 1) s += std::to_string(p.replicas) + " replicas of ";
    s += "TP " + std::to_string(p.tensor);
    if (p.pipeline > 1) s += " x PP " + std::to_string(p.pipeline);
    s += ")";
  } else if (p.replicas > 1) {
    s += " (" + std::to_string(p.replicas) + " replicas)";
  }
  s += " at " + p.weights;
  if (p.scenario.mode == Mode::inference) s += ", KV " + p.kv_cache;
  return s;
}

double elapsed_ms(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - since)
      .count();
}

namespace {

// The weight formats tried on a card: the user's list, or per engine a 16-bit, an 8-bit and a
// 4-bit format that the engine serves (llama.cpp: GGUF files; ExLlamaV2: EXL2 files, which it
// needs; MLC LLM: its q0f16 and q4f16_1 builds; AutoAWQ: AWQ checkpoints).
std::vector<std::string> weight_formats(const PlanRequest& r, const Gpu& g) {
  std::vector<std::string> ids = r.constraints.formats;
  if (ids.empty()) {
    const Engine engine = r.base.inference.engine;
    if (engine_profile_base(engine) == Engine::llama_cpp) {
      ids = {"gguf-f16", "gguf-q8_0", "gguf-q4_k_m"};
    } else if (engine == Engine::exllamav2) {
      ids = {"exl2-8.0", "exl2-6.0", "exl2-4.0"};
    } else if (engine == Engine::mlc) {
      ids = {"fp16", "mlc-q4f16_1"};
    } else if (engine == Engine::autoawq) {
      ids = {"awq-4bit-g128"};  // from_quantized loads AWQ checkpoints
    } else {
      ids = {g.supports_bf16 ? "bf16" : "fp16", "fp8", "gptq-8bit-g128", "awq-4bit-g128"};
    }
  }
  std::vector<std::string> out;
  for (const std::string& id : ids) {
    const NumberFormat* f = find_format(id);
    if (f != nullptr && format_runs_on(*f, g)) out.push_back(id);
  }
  return out;
}

std::vector<std::string> kv_formats(const PlanRequest& r, const Gpu& g) {
  std::vector<std::string> ids = r.constraints.kv_formats;
  if (ids.empty()) ids = planner_kv_formats(r.base.inference.engine);
  std::vector<std::string> out;
  for (const std::string& id : ids) {
    const NumberFormat* f = find_format(id);
    if (f != nullptr && f->usable_for_kv_cache && format_runs_on(*f, g)) out.push_back(id);
  }
  return out;
}

// One replica: a card, formats and a split that fit, with what its memory holds.
struct Candidate {
  Scenario s;  // normalized, split applied, batch 1
  ParamCounts params;
  Layout layout;
  int max_batch = 0;
  double usd_per_hour = 0;  // one replica
  double lower_bound = 0;   // $/M tokens at the largest batch, no prefill: no plan does better
};

// The serving figures of one replica running `running` sequences; the decode step times are
// cached per batch (a candidate asks for the same batches while it searches).
class Replica {
 public:
  Replica(Candidate& c, PlanStats& stats) : c_(c), stats_(stats) {
    InferenceResult r;
    c_.s.inference.batch = 1;
    compute_inference_speed(c_.s, c_.params, r);
    ++stats_.evaluated_count;
    prefill_s_ = r.ttft_seconds;
  }
  double prefill_s() const { return prefill_s_; }
  double decode_step_s(int running) {
    auto it = steps_.find(running);
    if (it != steps_.end()) return it->second;
    InferenceResult r;
    c_.s.inference.batch = running;
    compute_inference_speed(c_.s, c_.params, r);
    c_.s.inference.batch = 1;
    ++stats_.evaluated_count;
    return steps_[running] = r.decode_step_seconds;
  }
  double capacity(int running) {
    return replica_requests_per_second(running, decode_step_s(running), prefill_s_, output());
  }
  double tpot(int running) {
    return time_per_output_token(running, decode_step_s(running), prefill_s_, output());
  }
  double ttft_p90(int running, double rate) {
    return prefill_s_ + decode_step_s(running) + prefill_wait_p90(rate * prefill_s_, prefill_s_);
  }
  int output() const { return c_.s.inference.output_tokens; }

 private:
  Candidate& c_;
  PlanStats& stats_;
  double prefill_s_ = 0;
  std::map<int, double> steps_;
};

// The fewest sequences a replica runs to serve `rate` requests/s: capacity grows with the running
// batch, so bisect; 0 when even the largest batch the memory holds is too slow.
int running_for_rate(Replica& r, int max_batch, double rate) {
  if (r.capacity(max_batch) < rate) return 0;
  int lo = 1, hi = max_batch;
  if (r.capacity(lo) >= rate) return lo;
  while (hi - lo > 1) {
    const int mid = lo + (hi - lo) / 2;
    (r.capacity(mid) >= rate ? hi : lo) = mid;
  }
  return hi;
}

bool meets_latency(Replica& r, const PlanTargets& t, int running, double rate) {
  if (t.tokens_per_second_per_user > 0 && r.tpot(running) * t.tokens_per_second_per_user > 1.0)
    return false;
  if (t.ttft_p90_seconds > 0 && !(r.ttft_p90(running, rate) <= t.ttft_p90_seconds)) return false;
  return true;
}

// The operating point of one candidate: replicas and running batch per replica for the rate (or
// the largest batch that meets the latency targets when no rate is asked). False: no operating
// point meets the targets within the card limit.
bool operating_point(Candidate& c, const PlanRequest& req, PlanStats& stats, Plan& out) {
  Replica r(c, stats);
  const PlanTargets& t = req.targets;
  const int output = std::max(1, r.output());
  double rate = t.requests_per_second;
  if (t.throughput_tokens_per_second > 0)
    rate = std::max(rate, t.throughput_tokens_per_second / output);
  int replicas = 1, running = 0;
  if (rate > 0) {
    // Replicas split the rate; each added replica lowers the batch and the queueing, so the
    // targets hold from some replica count on: find the fewest by doubling, then bisecting.
    const int most = std::max(1, req.constraints.max_gpus / c.layout.gpus);
    auto works = [&](int n) {
      const double each = rate / n;
      const int b = running_for_rate(r, c.max_batch, each);
      return b > 0 && meets_latency(r, t, b, each) ? b : 0;
    };
    int hi = 1;
    while (hi < most && works(hi) == 0) hi = std::min(most, hi * 2);
    if (works(hi) == 0) return false;
    int lo = hi / 2;  // works(lo) failed (or lo == 0)
    while (hi - lo > 1) {
      const int mid = lo + (hi - lo) / 2;
      (works(mid) > 0 ? hi : lo) = mid;
    }
    replicas = hi;
    running = works(hi);
    out.requests_per_second = rate;
  } else {
    // One replica at the largest batch whose latency at full capacity meets the targets.
    auto ok = [&](int b) { return meets_latency(r, t, b, r.capacity(b)); };
    if (!ok(1)) return false;
    int lo = 1, hi = c.max_batch;
    if (ok(hi)) {
      lo = hi;
    } else {
      while (hi - lo > 1) {
        const int mid = lo + (hi - lo) / 2;
        (ok(mid) ? lo : hi) = mid;
      }
    }
    running = lo;
    out.requests_per_second = r.capacity(running);
  }
  const double each = out.requests_per_second / replicas;
  out.replicas = replicas;
  out.batch = running;
  out.max_batch = c.max_batch;
  out.requests_per_second_capacity = r.capacity(running) * replicas;
  out.ttft_p90_seconds = r.ttft_p90(running, each);
  out.tokens_per_second_per_user = safe_div(1.0, r.tpot(running));
  out.throughput_tokens_per_second = out.requests_per_second * r.output();
  out.prefill_share = each * r.prefill_s();
  out.usd_per_hour = c.usd_per_hour * replicas;
  out.usd_per_million_tokens =
      safe_div(out.usd_per_hour, out.throughput_tokens_per_second * 3600.0) * 1e6;
  return true;
}

Plan make_plan(const Candidate& c, const Plan& point) {
  Plan p = point;
  p.scenario = c.s;
  Layout whole = c.layout;
  whole.data = point.replicas;
  whole.gpus = c.layout.gpus * point.replicas;
  if (!node_split(whole.gpus, whole.gpus_per_node, whole.nodes)) {
    whole.gpus_per_node = c.layout.gpus_per_node;  // whole replicas per machine
    whole.nodes = whole.gpus / whole.gpus_per_node;
  }
  apply_layout(p.scenario, whole);
  p.scenario.inference.batch = point.batch * point.replicas;
  p.gpu_id = c.s.hardware.gpu.id;
  p.gpus = whole.gpus;
  p.nodes = p.scenario.hardware.nodes;
  p.tensor = c.layout.tensor;
  p.pipeline = c.layout.pipeline;
  p.weights = c.s.weights_format;
  p.kv_cache = c.s.kv_cache_format;
  p.price_known = true;
  const MemoryBreakdown mb = memory_breakdown(p.scenario, c.params);
  p.per_gpu_bytes = mb.per_gpu_bytes;
  p.capacity_bytes = mb.capacity_bytes;
  return p;
}

// Cheaper per token first; at the same cost (a fixed rate on as many cards) the faster per user.
bool ranks_before(const Plan& a, const Plan& b) {
  const double scale = std::max(a.usd_per_million_tokens, b.usd_per_million_tokens);
  if (std::fabs(a.usd_per_million_tokens - b.usd_per_million_tokens) > 1e-9 * scale)
    return a.usd_per_million_tokens < b.usd_per_million_tokens;
  return a.tokens_per_second_per_user > b.tokens_per_second_per_user;
}

std::string fmt_money(double usd) { return "$" + fmt_num(usd); }

void explain_inference(std::vector<Plan>& plans, const PlanTargets& t) {
  for (std::size_t i = 0; i < plans.size(); ++i) {
    Plan& p = plans[i];
    std::string at = fmt_num(p.requests_per_second) + " requests/s (" +
                     fmt_num(p.tokens_per_second_per_user) + " tokens/s per user, TTFT p90 " +
                     fmt_num(p.ttft_p90_seconds) + " s, " + fmt_num(p.batch) +
                     " sequences per replica)";
    if (i == 0) {
      p.reason = "Cheapest per token: " + plan_label(p) + " serves " + at + " for " +
                 fmt_money(p.usd_per_million_tokens) + " per million output tokens (" +
                 fmt_money(p.usd_per_hour) + "/h)";
      // Against the best plan on another card type: what a buyer weighs.
      auto other = std::find_if(plans.begin() + 1, plans.end(),
                                [&](const Plan& q) { return q.gpu_id != p.gpu_id; });
      if (other != plans.end()) {
        p.reason +=
            "; the best on another card, " + plan_label(*other) + ", costs " +
            fmt_num((safe_div(other->usd_per_million_tokens, p.usd_per_million_tokens) - 1) * 100) +
            "% more per token";
      }
      const bool memory_bound = p.prefill_share < 0.5;
      p.reason += memory_bound ? ": decode reads the weights once per step for every running "
                                 "sequence, so memory bandwidth per dollar decides."
                               : ": long prompts make prefill compute per dollar decide.";
    } else {
      const Plan& best = plans[0];
      p.reason =
          fmt_num((safe_div(p.usd_per_million_tokens, best.usd_per_million_tokens) - 1) * 100) +
          "% dearer per token than the best; serves " + at;
      if (p.ttft_p90_seconds < best.ttft_p90_seconds * 0.9) p.reason += "; faster first token";
      if (p.tokens_per_second_per_user > best.tokens_per_second_per_user * 1.1)
        p.reason += "; faster per user";
      if (p.usd_per_hour < best.usd_per_hour) p.reason += "; lower $/hour";
      p.reason += ".";
    }
    if (t.requests_per_second <= 0 && t.throughput_tokens_per_second <= 0 && i == 0)
      p.reason += " (No request rate given: one replica at its largest batch within the targets.)";
  }
}

}  // namespace

PlanResult plan_inference(const PlanRequest& req) {
  const auto started = std::chrono::steady_clock::now();
  PlanResult res;
  std::vector<Candidate> candidates;
  for (const Gpu* g : allowed_gpus(req.constraints)) {
    ++res.stats.gpu_types;
    Scenario card = with_card(req.base, *g);
    if (!resolve_price(card).known) {
      res.unpriced_gpus.push_back(g->id);
      continue;
    }
    ++res.stats.gpu_types_priced;
    for (const std::string& w : weight_formats(req, *g)) {
      for (const std::string& kv : kv_formats(req, *g)) {
        Candidate base;
        card.weights_format = w;
        card.kv_cache_format = kv;
        card.inference.batch = 1;
        base.s = normalize(card);
        apply_layout(base.s, Layout{});
        if (!validate(base.s).empty()) continue;
        base.params = count_normalized_params(base.s.model);
        const double price = resolve_price(base.s).usd_per_gpu_hour;
        // Replica sizes: the fewest cards that fit, and wider splits inside one node (they buy
        // latency); beyond a node only the fewest (pipeline across nodes adds no speed).
        bool found = false;
        for (int n : card_counts(req.constraints.max_gpus)) {
          Layout l;
          if (!replica_layout(req.constraints, base.s, n, l)) continue;
          if (found && n > kGpusPerNode) break;
          ++res.stats.candidates_count;
          Candidate c = base;
          apply_layout(c.s, l);
          ++res.stats.evaluated_count;
          if (!memory_breakdown(c.s, c.params).fits) continue;
          found = true;
          c.layout = l;
          c.max_batch = largest_batch_fitting(c.s, c.params);
          res.stats.evaluated_count += 4;
          c.usd_per_hour = price * n;
          const double most = throughput_at_batch(c.s, c.params, c.max_batch);
          ++res.stats.evaluated_count;
          c.lower_bound = safe_div(c.usd_per_hour, most * 3600.0) * 1e6;
          if (c.max_batch > 0 && c.lower_bound > 0) candidates.push_back(std::move(c));
        }
      }
    }
  }
  // Best bound first, so the bound on the kept plans tightens quickly.
  std::sort(candidates.begin(), candidates.end(),
            [](const Candidate& a, const Candidate& b) { return a.lower_bound < b.lower_bound; });
  std::vector<Plan> kept;
  const std::size_t keep = static_cast<std::size_t>(std::max(1, req.max_plans));
  for (Candidate& c : candidates) {
    if (!req.exhaustive && kept.size() >= keep &&
        c.lower_bound >= kept.back().usd_per_million_tokens) {
      ++res.stats.pruned_count;
      continue;
    }
    Plan point;
    if (!operating_point(c, req, res.stats, point)) continue;
    if (req.constraints.usd_per_hour_max > 0 &&
        point.usd_per_hour > req.constraints.usd_per_hour_max)
      continue;
    if (c.layout.gpus * point.replicas > req.constraints.max_gpus) continue;
    Plan p = make_plan(c, point);
    // One plan per card type, card count and formats: the better split of the two.
    auto same = std::find_if(kept.begin(), kept.end(), [&](const Plan& k) {
      return k.gpu_id == p.gpu_id && k.gpus == p.gpus && k.weights == p.weights &&
             k.kv_cache == p.kv_cache;
    });
    if (same != kept.end()) {
      if (!ranks_before(p, *same)) continue;
      kept.erase(same);
    }
    kept.insert(std::upper_bound(kept.begin(), kept.end(), p, ranks_before), std::move(p));
    if (!req.exhaustive && kept.size() > keep) kept.pop_back();
  }
  if (kept.size() > keep) kept.resize(keep);
  res.plans = std::move(kept);
  explain_inference(res.plans, req.targets);
  res.pareto_cost_speed = pareto_front(
      res.plans, [](const Plan& p) { return p.usd_per_million_tokens; },
      [](const Plan& p) { return -p.tokens_per_second_per_user; });
  res.pareto_cost_latency = pareto_front(
      res.plans, [](const Plan& p) { return p.usd_per_million_tokens; },
      [](const Plan& p) { return p.ttft_p90_seconds; });
  if (res.plans.empty()) {
    res.notes.push_back(
        candidates.empty()
            ? "No allowed card with a price on this basis holds the model within the card limit."
            : "No plan meets the targets within the card limit; relax a target or allow more "
              "cards.");
  }
  res.stats.milliseconds = elapsed_ms(started);
  return res;
}

}  // namespace planning

std::vector<std::string> planner_kv_formats(Engine engine) {
  if (engine_profile_base(engine) == Engine::llama_cpp) return {"fp16", "gguf-q8_0"};
  // ExLlamaV2's Q4/Q6/Q8 cache modes have no catalog format; MLC keeps the model's dtype;
  // AutoAWQ's fused layers keep an FP16 cache (awq/modules/fused/cache.py).
  if (engine == Engine::exllamav2 || engine == Engine::mlc || engine == Engine::autoawq)
    return {"fp16"};
  return {"fp16", "fp8"};
}

namespace {

// The degrees (tensor or pipeline) of every split some card count of the search can take.
std::vector<int> planner_degrees(const PlanRequest& r, bool tensor) {
  Scenario s = normalize(r.base);
  s.training.zero_stage = 0;  // ZeRO shards over data parallelism only: stage 0 has every split
  std::vector<int> out;
  for (int n : planning::card_counts(std::max(1, r.constraints.max_gpus))) {
    for (const Layout& l : layouts_for(s, n)) {
      if (!tensor && r.constraints.tensor_parallel > 0 && l.tensor != r.constraints.tensor_parallel)
        continue;
      const int d = tensor ? l.tensor : l.pipeline;
      auto at = std::lower_bound(out.begin(), out.end(), d);
      if (at == out.end() || *at != d) out.insert(at, d);
    }
  }
  return out;
}

}  // namespace

std::vector<int> planner_tensor_degrees(const PlanRequest& request) {
  return planner_degrees(request, true);
}

std::vector<int> planner_pipeline_degrees(const PlanRequest& request) {
  return planner_degrees(request, false);
}

PlanSearch::PlanSearch(PlanRequest request) : request_(std::move(request)) {
  if (request_.base.mode == Mode::training) {
    training_ = std::make_unique<planning::TrainingSearch>(planning::start_training(request_));
  }
}
PlanSearch::~PlanSearch() = default;
PlanSearch::PlanSearch(PlanSearch&&) noexcept = default;
PlanSearch& PlanSearch::operator=(PlanSearch&&) noexcept = default;

bool PlanSearch::step() {
  if (done_) return false;
  if (training_) {
    done_ = !planning::step_training(request_, *training_);
  } else {
    result_ = planning::plan_inference(request_);
    done_ = true;
  }
  return !done_;
}

double PlanSearch::progress() const {
  if (done_) return 1.0;
  if (!training_ || training_->cards.empty()) return 0.0;
  return double(training_->next_card) / double(training_->cards.size());
}

PlanResult PlanSearch::finish() {
  while (step()) {
  }
  if (training_) return planning::finish_training(request_, *training_);
  return std::move(result_);
}

PlanResult plan(const PlanRequest& request) { return PlanSearch(request).finish(); }

}  // namespace sizer
