// The training planner (plan.hpp; docs/METHOD.md, "Planner"): for each card type and count, ZeRO
// stage, optimizer offload and split, the fastest micro-batch and recomputation that fit; then
// the cheapest plan within the deadline and the fastest within the budget.
#include <algorithm>
#include <cmath>

#include "engine_internal.hpp"
#include "plan_internal.hpp"
#include "sizer/enums.hpp"
#include "sizer/layouts.hpp"
#include "sizer/memory.hpp"
#include "sizer/params.hpp"
#include "sizer/prices.hpp"
#include "sizer/training_defaults.hpp"
#include "sizer/training_math.hpp"

namespace sizer::planning {
namespace {

bool meets(const Plan& p, const PlanTargets& t) {
  if (t.deadline_hours > 0 && p.total_hours > t.deadline_hours) return false;
  if (t.budget_usd > 0 && p.total_usd > t.budget_usd) return false;
  return true;
}

// Micro-batches that divide the sequences each data-parallel rank takes per step.
std::vector<int> micro_batches(int per_rank) {
  std::vector<int> out;
  for (int m = 1; m <= per_rank; m *= 2) {
    if (per_rank % m == 0) out.push_back(m);
  }
  return out;
}

// The fastest (micro-batch, recompute) of one configuration that fits; false if none does.
// Memory grows with the micro-batch, so for each recomputation level the largest fitting
// micro-batch is found by bisection on the list, then the fastest of the (at most three) wins.
bool fastest_fitting(Scenario& s, const ParamCounts& params, int per_rank, PlanStats& stats,
                     Estimate& best) {
  const std::vector<int> micros = micro_batches(per_rank);
  bool found = false;
  for (Recompute rc : {Recompute::none, Recompute::selective, Recompute::full}) {
    s.training.recompute = rc;
    auto fits_at = [&](std::size_t i) {
      s.training.micro_batch = micros[i];
      ++stats.evaluated_count;
      return memory_breakdown(s, params).fits;
    };
    if (!fits_at(0)) continue;
    std::size_t lo = 0, hi = micros.size();  // fits at lo, not at hi (or hi past the end)
    while (hi - lo > 1) {
      const std::size_t mid = lo + (hi - lo) / 2;
      (fits_at(mid) ? lo : hi) = mid;
    }
    s.training.micro_batch = micros[lo];
    s.training.grad_accumulation = per_rank / micros[lo];
    Estimate e;
    e.params = params;
    compute_training(s, params, e);
    e.memory = memory_breakdown(s, params);
    ++stats.evaluated_count;
    if (!found || e.training.tokens_per_second > best.training.tokens_per_second) {
      best = e;
      best.scenario = s;
      found = true;
    }
    // Nothing recomputed at the largest micro-batch: more recomputation only adds work.
    if (rc == Recompute::none && lo + 1 == micros.size()) break;
  }
  return found;
}

Plan training_plan(const Estimate& e, const Layout& l, const ResolvedPrice& price,
                   const PlanTargets& t) {
  const Scenario& s = e.scenario;
  Plan p;
  p.scenario = s;
  p.gpu_id = s.hardware.gpu.id;
  p.gpus = l.gpus;
  p.nodes = l.nodes;
  p.tensor = l.tensor;
  p.pipeline = l.pipeline;
  p.replicas = l.data;
  p.weights = s.weights_format;
  p.method = s.training.method;
  p.zero_stage = s.training.zero_stage;
  p.offload_optimizer = s.training.offload_optimizer;
  p.micro_batch = s.training.micro_batch;
  p.grad_accumulation = s.training.grad_accumulation;
  p.recompute = s.training.recompute;
  p.per_gpu_bytes = e.memory.per_gpu_bytes;
  p.capacity_bytes = e.memory.capacity_bytes;
  p.step_seconds = e.training.step_seconds;
  p.total_hours = e.training.total_hours;
  p.mfu = e.training.mfu;
  p.communication_share = e.training.communication_share;
  p.price_known = price.known;
  p.usd_per_hour = price.usd_per_gpu_hour * l.gpus;
  p.total_usd = e.training.gpu_hours * price.usd_per_gpu_hour;
  p.usd_per_million_tokens = safe_div(p.usd_per_hour, e.training.tokens_per_second * 3600.0) * 1e6;
  p.meets_targets = meets(p, t);
  return p;
}

// Every card count, ZeRO stage, offload and split of one card type and method.
void search_card(const PlanRequest& req, Scenario& s, const ParamCounts& params,
                 const ResolvedPrice& price, int global, PlanStats& stats,
                 std::vector<Plan>& plans) {
  const PlanTargets& t = req.targets;
  for (int n : card_counts(req.constraints.max_gpus)) {
    if (req.constraints.usd_per_hour_max > 0 &&
        price.usd_per_gpu_hour * n > req.constraints.usd_per_hour_max)
      break;
    // Once plain data parallelism runs each rank's whole share in one micro-batch with nothing
    // recomputed, higher ZeRO stages, offload and model splits only add communication (the
    // exhaustive search in the tests checks it).
    bool at_fastest = false;
    for (int zero = 0; zero <= 3; ++zero) {
      for (bool offload : {false, true}) {
        if (offload && zero == 0) continue;
        if (zero > 0 && n == 1 && !offload) continue;  // ZeRO shards over ranks; one card: offload
        s.training.zero_stage = zero;
        s.training.offload_optimizer = offload;
        std::vector<Layout> layouts = layouts_for(s, n);
        std::stable_sort(layouts.begin(), layouts.end(), [](const Layout& a, const Layout& b) {
          return a.tensor * a.pipeline < b.tensor * b.pipeline;
        });
        for (const Layout& l : layouts) {
          if (global % l.data != 0 || !split_allowed(req.constraints, l)) continue;
          ++stats.candidates_count;
          if (at_fastest && !req.exhaustive) {
            ++stats.pruned_count;
            continue;
          }
          apply_layout(s, l);
          Estimate e;
          if (!fastest_fitting(s, params, global / l.data, stats, e)) continue;
          at_fastest = e.scenario.training.recompute == Recompute::none &&
                       e.scenario.training.grad_accumulation == 1 && l.tensor * l.pipeline == 1;
          plans.push_back(training_plan(e, l, price, t));
        }
      }
    }
  }
}

void explain_training(PlanResult& res, const PlanTargets& t) {
  for (std::size_t i = 0; i < res.plans.size(); ++i) {
    Plan& p = res.plans[i];
    std::string what = plan_label(p) + ", " + enum_entry(p.method).label + ", ZeRO-" +
                       std::to_string(p.zero_stage) +
                       (p.offload_optimizer ? " with the optimizer in CPU RAM" : "") +
                       ", micro-batch " + std::to_string(p.micro_batch) + " x " +
                       std::to_string(p.grad_accumulation) + " accumulation, " +
                       enum_id(p.recompute) + " recompute";
    std::string figures = fmt_num(p.total_hours) + " h for " +
                          (p.price_known ? "$" + fmt_num(p.total_usd)
                                         : std::string("an unknown price (none on this basis)")) +
                          " (" + fmt_num(p.mfu * 100) + "% MFU, communication " +
                          fmt_num(p.communication_share * 100) + "% of each step)";
    if (static_cast<int>(i) == res.cheapest_within_deadline) {
      p.reason = "Cheapest" + std::string(t.deadline_hours > 0 ? " within the deadline" : "") +
                 ": " + what + ", " + figures + ".";
    } else if (static_cast<int>(i) == res.fastest_within_budget) {
      p.reason = "Fastest" + std::string(t.budget_usd > 0 ? " within the budget" : "") + ": " +
                 what + ", " + figures + ".";
    } else {
      p.reason = what + ": " + figures + (p.meets_targets ? "." : "; misses a target.");
    }
    const Gpu& g = p.scenario.hardware.gpu;
    if (p.communication_share > 0.3) {
      p.reason += g.has_nvlink && p.nodes == 1
                      ? " Communication takes a large share of each step."
                      : std::string(" Communication dominates: ") +
                            (p.nodes > 1 ? "the nodes exchange gradients over the network"
                                         : "the cards talk over PCIe (no NVLink)") +
                            (p.zero_stage == 3 ? ", and ZeRO-3 gathers every layer's parameters "
                                                 "twice per step over it."
                                               : ".");
    }
    if (p.tensor > 1)
      p.reason += " Tensor parallelism stays inside one node (" + std::to_string(p.tensor) +
                  " cards): it all-reduces twice per layer, which only a fast link sustains.";
  }
}

}  // namespace

TrainingSearch start_training(const PlanRequest& req) {
  TrainingSearch search;
  search.cards = allowed_gpus(req.constraints);
  search.methods = req.constraints.methods;
  if (search.methods.empty()) search.methods.push_back(req.base.training.method);
  const int global = req.targets.global_batch;
  search.global_batch = global > 0 ? global : kDefaultGlobalBatch;
  return search;
}

bool step_training(const PlanRequest& req, TrainingSearch& search) {
  if (search.next_card >= search.cards.size()) return false;
  const auto started = std::chrono::steady_clock::now();
  const Gpu* g = search.cards[search.next_card++];
  PlanResult& res = search.result;
  ++res.stats.gpu_types;
  const ResolvedPrice price = resolve_price(with_card(req.base, *g));
  if (price.known) {
    ++res.stats.gpu_types_priced;
  } else {
    res.unpriced_gpus.push_back(g->id);  // planned, ranked after the priced plans
  }
  for (TrainingMethod method : search.methods) {
    Scenario card = with_card(req.base, *g);
    if (method != card.training.method) choose_training_method(card, method);
    // A card without BF16 (V100, T4) trains in FP16 mixed precision.
    if (card.weights_format == "bf16" && !g->supports_bf16) card.weights_format = "fp16";
    const NumberFormat* wf = find_format(card.weights_format);
    if (wf != nullptr && !format_runs_on(*wf, *g)) continue;
    Scenario s = normalize(card);
    apply_layout(s, Layout{});
    if (!validate(s).empty()) continue;
    const ParamCounts params = count_normalized_params(s.model);
    search_card(req, s, params, price, search.global_batch, res.stats, search.plans);
  }
  search.search_ms += elapsed_ms(started);
  return search.next_card < search.cards.size();
}

PlanResult finish_training(const PlanRequest& req, TrainingSearch& search) {
  const auto started = std::chrono::steady_clock::now();
  PlanResult res = std::move(search.result);
  const PlanTargets& t = req.targets;
  std::vector<Plan> plans = std::move(search.plans);
  // Plans that meet the targets first, priced before unpriced, then by total cost (unpriced: by
  // GPU-hours); equal cost: the faster, then the simpler (lower ZeRO stage, no offload).
  auto before = [](const Plan& a, const Plan& b) {
    if (a.meets_targets != b.meets_targets) return a.meets_targets;
    if (a.price_known != b.price_known) return a.price_known;
    const double ca = a.price_known ? a.total_usd : a.total_hours * a.gpus;
    const double cb = b.price_known ? b.total_usd : b.total_hours * b.gpus;
    if (ca != cb) return ca < cb;
    if (a.total_hours != b.total_hours) return a.total_hours < b.total_hours;
    return a.zero_stage + a.offload_optimizer < b.zero_stage + b.offload_optimizer;
  };
  std::sort(plans.begin(), plans.end(), before);
  // One plan per card type, card count and method: the best of its settings.
  std::vector<Plan> distinct;
  for (Plan& p : plans) {
    const bool seen = std::any_of(distinct.begin(), distinct.end(), [&](const Plan& d) {
      return d.gpu_id == p.gpu_id && d.gpus == p.gpus && d.method == p.method;
    });
    if (!seen) distinct.push_back(std::move(p));
  }
  // The fastest plan within the budget (priced, when there is a budget).
  int fastest = -1;
  for (std::size_t i = 0; i < distinct.size(); ++i) {
    if (t.budget_usd > 0 && !(distinct[i].price_known && distinct[i].total_usd <= t.budget_usd))
      continue;
    if (fastest < 0 || distinct[i].total_hours < distinct[std::size_t(fastest)].total_hours)
      fastest = static_cast<int>(i);
  }
  // A buyer compares cards: at most kPlansPerCard plans of one card type, plus the fastest.
  constexpr int kPlansPerCard = 3;
  const std::size_t keep = static_cast<std::size_t>(std::max(1, req.max_plans));
  plans.clear();
  int fastest_at = -1;
  for (std::size_t i = 0; i < distinct.size(); ++i) {
    const bool is_fastest = static_cast<int>(i) == fastest;
    const long same_card = std::count_if(
        plans.begin(), plans.end(), [&](const Plan& p) { return p.gpu_id == distinct[i].gpu_id; });
    if (!is_fastest && (same_card >= kPlansPerCard || plans.size() >= keep)) continue;
    if (is_fastest && plans.size() >= keep) plans.pop_back();  // room for it at the end
    if (is_fastest) fastest_at = static_cast<int>(plans.size());
    plans.push_back(std::move(distinct[i]));
  }
  fastest = fastest_at;
  res.plans = std::move(plans);
  res.fastest_within_budget = fastest;
  for (std::size_t i = 0; i < res.plans.size(); ++i) {
    if (t.deadline_hours > 0 && res.plans[i].total_hours > t.deadline_hours) continue;
    if (!res.plans[i].price_known) continue;
    if (res.cheapest_within_deadline >= 0 &&
        res.plans[i].total_usd >= res.plans[std::size_t(res.cheapest_within_deadline)].total_usd)
      continue;
    res.cheapest_within_deadline = static_cast<int>(i);
  }
  explain_training(res, t);
  res.pareto_cost_speed = pareto_front(
      res.plans, [](const Plan& p) { return p.total_usd; },
      [](const Plan& p) { return p.total_hours; });
  if (res.plans.empty())
    res.notes.push_back(
        "No allowed card with a price on this basis can train the model within "
        "the card limit; allow more cards, LoRA or QLoRA.");
  res.stats.milliseconds = search.search_ms + elapsed_ms(started);
  return res;
}

}  // namespace sizer::planning
