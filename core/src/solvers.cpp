// Searches over the memory model: largest batch / context, fewest GPUs, the format that fits,
// the fit table over the GPU catalog, and one-click fixes. Memory-only evaluations are cheap (no
// speed model, no text), and the monotone searches find their answer in a handful of them.
#include "sizer/solvers.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "engine_internal.hpp"
#include "sizer/cost.hpp"
#include "sizer/inference_speed.hpp"
#include "sizer/layouts.hpp"
#include "sizer/memory.hpp"
#include "sizer/params.hpp"
#include "sizer/prices.hpp"
#include "sizer/training_defaults.hpp"
#include "sizer/training_math.hpp"
#include "sizer/vision.hpp"

namespace sizer {
namespace {

struct Prepared {
  Scenario s;
  ParamCounts params;
};

Prepared prepare(const Scenario& input) {
  Prepared p{normalize(input), {}};
  p.params = count_normalized_params(p.s.model);
  return p;
}

// How much room is left (bytes): the smaller of GPU headroom and host-RAM headroom. Negative =
// does not fit; fits exactly when the memory model says so.
double margin(const Scenario& s, const ParamCounts& params) {
  const MemoryBreakdown mb = memory_breakdown(s, params);
  const double host = s.hardware.host.ram_bytes - mb.host_ram_bytes;
  return std::min(mb.headroom_bytes, host);
}

bool fits(const Scenario& s, const ParamCounts& params) { return memory_breakdown(s, params).fits; }

// Largest x in [lo, hi] with margin(x) >= 0, for a margin that falls as x grows (memory grows
// with batch and context); lo - 1 if none. `m_lo` / `m_hi` are margin(lo) / margin(hi) when the
// caller already has them (NaN: not known). Memory is linear in batch, and in the context
// within one KV block, so a secant step on the bracket lands on the answer or next to it: a
// handful of evaluations, with bisection as the fallback when a step does not halve the bracket.
template <typename Margin>
long long largest_fitting_in(long long lo, long long hi, Margin m, double m_lo = std::nan(""),
                             double m_hi = std::nan("")) {
  if (hi < lo) return lo - 1;
  if (std::isnan(m_lo)) m_lo = m(lo);
  if (m_lo < 0) return lo - 1;
  if (hi == lo) return lo;
  if (std::isnan(m_hi)) m_hi = m(hi);
  if (m_hi >= 0) return hi;
  bool bisect = false;  // invariant: m(lo) >= 0 > m(hi)
  while (hi - lo > 1) {
    const long long width = hi - lo;
    long long g;
    if (bisect || !(m_lo - m_hi > 0)) {
      g = lo + width / 2;
    } else {
      const double t = m_lo / (m_lo - m_hi);
      g = lo + static_cast<long long>(std::floor(t * double(width)));
    }
    g = std::clamp(g, lo + 1, hi - 1);
    const double m_g = m(g);
    if (m_g >= 0) {
      lo = g;
      m_lo = m_g;
      if (g + 1 < hi) {  // the secant lands just below the root: check its neighbour
        const double m_next = m(g + 1);
        if (m_next < 0) {
          hi = g + 1;
          m_hi = m_next;
        } else {
          lo = g + 1;
          m_lo = m_next;
        }
      }
    } else {
      hi = g;
      m_hi = m_g;
    }
    bisect = (hi - lo) * 2 > width;  // the step did not halve the bracket
  }
  return lo;
}

// Largest x in [1, limit] that fits when memory is a staircase in x + offset with steps of
// `step` (paged KV blocks: a context holds whole blocks) on top of a part linear in x. Searching
// whole blocks first (the last x of each block: linear in the block count) and then within the
// next block (its KV is fixed, the rest linear) keeps both searches on straight lines.
template <typename Margin>
int largest_fitting_stepped(int limit, long long step, long long offset, Margin m) {
  if (limit < 1) return 0;
  if (step <= 1) return static_cast<int>(largest_fitting_in(1, limit, m));
  // The search within a block starts from margins the block search already took.
  struct Seen {
    long long x;
    double margin;
  };
  std::array<Seen, 24> seen{};
  std::size_t seen_count = 0;
  auto remembered = [&](long long x) {
    for (std::size_t i = 0; i < seen_count; ++i) {
      if (seen[i].x == x) return seen[i].margin;
    }
    const double v = m(x);
    if (seen_count < seen.size()) seen[seen_count++] = {x, v};
    return v;
  };
  auto block_of = [&](long long x) { return (x + offset + step - 1) / step; };
  auto last_x_of = [&](long long k) { return std::min<long long>(k * step - offset, limit); };
  const long long first_block = block_of(1);
  const long long last_block = block_of(limit);
  const long long k = largest_fitting_in(first_block, last_block,
                                         [&](long long b) { return remembered(last_x_of(b)); });
  if (k >= last_block) return limit;
  // Whole blocks up to k fit; the answer may reach into block k + 1.
  const long long lo = k >= first_block ? last_x_of(k) + 1 : 1;
  const long long hi = last_x_of(k + 1);
  return static_cast<int>(largest_fitting_in(lo, hi, remembered));
}

constexpr int kMaxBatch = 1 << 20;
constexpr int kMaxContext = 1 << 26;
constexpr int kMaxTrainingSeq = 1 << 24;

bool usable_weights_format(const NumberFormat& f) {
  if (f.bits_per_weight <= 0) return false;
  if (f.id.find("notes") != std::string::npos || f.id.rfind("ggml-type", 0) == 0) return false;
  if (f.id.rfind("gguf-tq", 0) == 0) return false;  // ternary models only
  // EXL2 / EXL3 / HQQ rows are placeholders at a fixed bpw; "other" rows are notes.
  return f.family != FormatFamily::other && f.family != FormatFamily::exl2 &&
         f.family != FormatFamily::exl3 && f.family != FormatFamily::hqq;
}

}  // namespace

namespace {

// Largest value in [1, limit] of one integer field of `work` that fits; the field is restored
// afterwards. `step` / `offset`: memory steps where field + offset crosses a multiple of `step`.
int largest_fitting_field(Scenario& work, const ParamCounts& params, int& field, int limit,
                          long long step = 1, long long offset = 0) {
  const int saved = field;
  const int best = largest_fitting_stepped(limit, step, offset, [&](long long v) {
    field = static_cast<int>(v);
    return margin(work, params);
  });
  field = saved;
  return best;
}

}  // namespace

int largest_batch_fitting(Scenario& s, const ParamCounts& params) {
  if (s.mode == Mode::training) {
    return largest_fitting_field(s, params, s.training.micro_batch, kMaxBatch);
  }
  // Data-parallel replicas split the users: memory steps when each replica takes one more.
  return largest_fitting_field(s, params, s.inference.batch, kMaxBatch,
                               std::max(1, s.parallel.data));
}

// The search stops at the model's trained context (max_position_embeddings): beyond it the model
// needs RoPE scaling, which a user asks for by raising maxPositionEmbeddings.
int largest_context_fitting(Scenario& s, const ParamCounts& params) {
  const int trained = s.model.max_position_embeddings;
  if (s.mode == Mode::inference) {
    const int output = std::max(0, s.inference.output_tokens);
    int limit = kMaxContext - output;
    if (trained > 0) limit = std::min(limit, trained - output);
    // Paged KV blocks hold whole blocks of the context (prompt, image tokens and output).
    const long long context_offset =
        static_cast<long long>(prompt_tokens_with_images(s)) - s.inference.prompt_tokens + output;
    const int prompt = largest_fitting_field(s, params, s.inference.prompt_tokens, limit,
                                             s.assumptions.kv_block_tokens, context_offset);
    return prompt > 0 ? prompt + output : 0;
  }
  const int limit = trained > 0 ? std::min(kMaxTrainingSeq, trained) : kMaxTrainingSeq;
  const int best = largest_fitting_field(s, params, s.training.seq_len, limit);
  // Context parallel cuts each sequence into 2 x cp chunks: the answer must be a length it takes.
  const int chunks = 2 * std::max(1, s.parallel.context);
  return s.parallel.context > 1 ? best - best % chunks : best;
}

double throughput_at_batch(Scenario& s, const ParamCounts& params, int batch) {
  const int saved = s.inference.batch;
  s.inference.batch = batch;
  InferenceResult speed;
  compute_inference_speed(s, params, speed);
  s.inference.batch = saved;
  return speed.throughput_tokens_per_second;
}

int largest_batch_that_fits(const Scenario& input) {
  Prepared p = prepare(input);
  return largest_batch_fitting(p.s, p.params);
}

int largest_context_that_fits(const Scenario& input) {
  Prepared p = prepare(input);
  return largest_context_fitting(p.s, p.params);
}

namespace {

// Fewest cards (with their default layout) that fit, on a prepared scenario; 0 if none. The
// layouts only take valid splits, so one validate() of the rest of the scenario suffices.
// Leaves `s` at the last layout it tried.
int fewest_gpus_fitting(Scenario& s, const ParamCounts& params, int max_gpus) {
  apply_layout(s, Layout{});
  if (!validate(s).empty()) return 0;
  for (int n = 1; n <= max_gpus; ++n) {
    Layout l;
    if (!default_layout(s, n, l)) continue;
    apply_layout(s, l);
    if (fits(s, params)) return n;
  }
  return 0;
}

}  // namespace

int fewest_gpus_that_fit(const Scenario& input, int max_gpus) {
  Prepared p = prepare(input);
  return fewest_gpus_fitting(p.s, p.params, max_gpus);
}

std::string cheapest_format_that_fits(const Scenario& input) {
  Prepared p = prepare(input);
  const NumberFormat* best = nullptr;
  for (const NumberFormat& f : format_catalog()) {
    if (!usable_weights_format(f)) continue;
    if (best != nullptr && f.bits_per_weight <= best->bits_per_weight) continue;
    p.s.weights_format = f.id;
    p.s.resolved_weights = &f;
    if (fits(p.s, p.params)) best = &f;
  }
  return best != nullptr ? best->id : "";
}

namespace {

// The fit table's candidates for one card type: every split without replicas (replicas do not
// change a fixed batch's speed, only its price) of the fewest cards that fit up to twice that
// many, where a wider split can pay for its extra cards with speed.
struct Candidate {
  Layout layout;
  double tokens_per_second = 0;
  double per_gpu_bytes = 0;
  Bottleneck bottleneck = Bottleneck::memory_capacity;
};

// `e` is scratch space reused across candidates (an Estimate is costly to construct).
bool evaluate_layout(Scenario& s, const ParamCounts& params, const Layout& l, Estimate& e,
                     Candidate& out) {
  apply_layout(s, l);
  e.params = params;
  e.memory = memory_breakdown(s, params);
  if (!e.memory.fits) return false;
  if (s.mode == Mode::inference) {
    compute_inference_speed(s, params, e.inference);
  } else {
    compute_training(s, params, e);
  }
  out.layout = l;
  out.per_gpu_bytes = e.memory.per_gpu_bytes;
  out.tokens_per_second = s.mode == Mode::inference ? e.inference.throughput_tokens_per_second
                                                    : e.training.tokens_per_second;
  out.bottleneck = bottleneck_of(s, e);
  return out.tokens_per_second > 0;
}

// GPU-seconds per million tokens: the cost of a layout in card time, which ranks layouts of one
// card type the same way their price per token does, whether or not the price is known.
double gpu_seconds_per_million(const Candidate& c) {
  return safe_div(double(c.layout.gpus) * 1e6, c.tokens_per_second);
}

}  // namespace

std::vector<FitRow> fit_table(const Scenario& input, int max_gpus) {
  std::vector<FitRow> rows;
  const std::vector<Gpu>& gpus = gpu_catalog();
  rows.reserve(gpus.size());
  Prepared p = prepare(input);
  Estimate scratch;
  // The splits of n cards depend on the model and n, not on the card: listed once per n.
  std::vector<std::vector<Layout>> splits_of(static_cast<std::size_t>(std::max(0, max_gpus)) + 1);
  std::vector<bool> listed(splits_of.size(), false);
  auto splits = [&](int n) -> const std::vector<Layout>& {
    const auto i = static_cast<std::size_t>(n);
    if (!listed[i]) {
      splits_of[i] = layouts_for(p.s, n);
      listed[i] = true;
    }
    return splits_of[i];
  };
  std::vector<int> tensor_degrees_fitted;
  for (const Gpu& g : gpus) {
    p.s.hardware.gpu = g;
    p.s.hardware.cpu_only = false;     // each row is a card, also from a CPU-only scenario
    apply_engine_setup_defaults(p.s);  // vLLM's batch limits follow the card
    p.s.cost = cost_for_card(input.cost, g.id == input.hardware.gpu.id);
    FitRow row;
    row.gpu_id = g.id;
    row.capacity_bytes = usable_capacity_bytes(g, p.s.assumptions);
    const int fewest = fewest_gpus_fitting(p.s, p.params, max_gpus);
    bool found = false;
    Candidate best;
    Scenario& work = p.s;
    // Inference: a token passes the pipeline stages one after another, so more stages at the
    // same tensor degree add cards (and room) but never speed. Once a tensor degree fits, its
    // layouts with more stages cost more per token and are not evaluated.
    tensor_degrees_fitted.clear();
    auto fitted = [&](int tp) {
      return std::find(tensor_degrees_fitted.begin(), tensor_degrees_fitted.end(), tp) !=
             tensor_degrees_fitted.end();
    };
    for (int n = fewest; fewest > 0 && n <= std::min(max_gpus, 2 * fewest); ++n) {
      for (const Layout& l : splits(n)) {
        if (p.s.mode == Mode::inference && (l.data != 1 || fitted(l.tensor))) continue;
        Candidate c;
        if (!evaluate_layout(work, p.params, l, scratch, c)) continue;
        if (p.s.mode == Mode::inference) tensor_degrees_fitted.push_back(l.tensor);
        if (!found || gpu_seconds_per_million(c) < gpu_seconds_per_million(best)) {
          best = c;
          found = true;
        }
      }
    }
    if (found) {
      row.gpus = best.layout.gpus;
      row.tensor_parallel = best.layout.tensor;
      row.pipeline_parallel = best.layout.pipeline;
      row.per_gpu_bytes = best.per_gpu_bytes;
      row.tokens_per_second = best.tokens_per_second;
      row.gpu_seconds_per_million_tokens = gpu_seconds_per_million(best);
      const ResolvedPrice price = resolve_price(p.s);
      row.price_known = price.known;
      row.usd_per_hour = price.usd_per_gpu_hour * row.gpus;
      row.usd_per_million_tokens = usd_per_million_tokens(row.usd_per_hour, row.tokens_per_second);
      row.bottleneck = best.bottleneck;
    } else {
      apply_layout(p.s, Layout{});
      row.per_gpu_bytes = memory_breakdown(p.s, p.params).per_gpu_bytes;
      row.bottleneck = Bottleneck::memory_capacity;
    }
    rows.push_back(row);
  }
  return rows;
}

bool best_fitting_layout(const Scenario& input, int gpus, Layout& out) {
  Prepared p = prepare(input);
  apply_layout(p.s, Layout{});
  if (!validate(p.s).empty()) return false;
  Estimate scratch;
  bool found = false;
  Candidate best;
  for (const Layout& l : layouts_for(p.s, gpus)) {
    if (p.s.mode == Mode::inference && l.data != 1) continue;
    Candidate c;
    if (!evaluate_layout(p.s, p.params, l, scratch, c)) continue;
    if (!found || gpu_seconds_per_million(c) < gpu_seconds_per_million(best)) {
      best = c;
      found = true;
    }
  }
  if (found) out = best.layout;
  return found;
}

namespace {

std::string split_label(const Layout& l) {
  std::string s =
      "Split over the " + fmt_num(l.gpus) + " cards: tensor parallel " + fmt_num(l.tensor);
  if (l.pipeline > 1) s += " x pipeline " + fmt_num(l.pipeline);
  if (l.data > 1) s += " x " + fmt_num(l.data) + " data-parallel replicas";
  return s;
}

}  // namespace

std::vector<Suggestion> suggestions_to_fit(const Scenario& input, int max_suggestions) {
  Prepared p = prepare(input);
  if (fits(p.s, p.params)) return {};
  // Ordered groups: 0 = the split of the cards already chosen, 1 = same hardware and method,
  // 2 = more cards or another method.
  std::vector<std::pair<int, Suggestion>> out;
  auto add = [&](int group, const std::string& id, const std::string& label,
                 const Scenario& changed, bool changes_method = false) {
    Prepared q = prepare(changed);
    const MemoryBreakdown mb = memory_breakdown(q.s, q.params);
    if (!mb.fits || !validate(q.s).empty()) return;
    Suggestion sg;
    sg.id = id;
    sg.label = label;
    sg.scenario = changed;
    sg.changes_method = changes_method;
    sg.per_gpu_bytes = mb.per_gpu_bytes;
    sg.usd_per_hour = resolve_price(q.s).usd_per_gpu_hour * total_gpus(q.s);
    out.emplace_back(group, sg);
  };
  const bool inference = p.s.mode == Mode::inference;
  const TrainingWorkload& t = p.s.training;
  const int cards = total_gpus(p.s);
  if (cards > 1) {
    Layout l;
    if (best_fitting_layout(input, cards, l) &&
        (l.tensor != p.s.parallel.tensor || l.pipeline != p.s.parallel.pipeline)) {
      Scenario c = input;
      apply_layout(c, l);
      add(0, "split", split_label(l), c);
    }
  }
  if (inference) {
    const std::string f = cheapest_format_that_fits(input);
    if (!f.empty() && f != p.s.weights_format) {
      Scenario c = input;
      c.weights_format = f;
      add(1, "quantize", "Quantize weights to " + find_format(f)->name, c);
    }
  } else {
    if (t.recompute != Recompute::full) {
      Scenario c = input;
      c.training.recompute = Recompute::full;
      add(1, "recompute",
          "Turn on gradient checkpointing (full recompute): keep only each layer's input, "
          "~33% more compute",
          c);
    }
    if (p.s.parallel.data > 1) {
      for (int stage = t.zero_stage + 1; stage <= 3; ++stage) {
        Scenario c = input;
        c.training.zero_stage = stage;
        Prepared q = prepare(c);
        if (!fits(q.s, q.params)) continue;
        add(1, "zero",
            "Shard " +
                std::string(stage == 1   ? "optimizer states"
                            : stage == 2 ? "optimizer states and gradients"
                                         : "optimizer states, gradients and weights") +
                " over the " + fmt_num(p.s.parallel.data) + " data-parallel GPUs (ZeRO-" +
                fmt_num(stage) + (stage == 3 ? " / FSDP" : "") + ")",
            c);
        break;
      }
    }
  }
  {
    const int ctx = largest_context_fitting(p.s, p.params);
    Scenario c = input;
    if (inference && ctx > c.inference.output_tokens + 1) {
      c.inference.prompt_tokens = ctx - c.inference.output_tokens;
      add(1, "shorter-context", "Cut the context to " + fmt_num(ctx) + " tokens", c);
    } else if (!inference && ctx > 0) {
      c.training.seq_len = ctx;
      add(1, "shorter-context", "Train on sequences of " + fmt_num(ctx) + " tokens", c);
    }
  }
  {
    const int b = largest_batch_fitting(p.s, p.params);
    const int current = inference ? p.s.inference.batch : t.micro_batch;
    if (b > 0 && b < current) {
      Scenario c = input;
      if (inference) {
        c.inference.batch = b;
      } else {
        c.training.micro_batch = b;
        c.training.grad_accumulation = static_cast<int>(std::min<long long>(
            1 << 20,
            std::max<long long>(1, static_cast<long long>(t.grad_accumulation) * current / b)));
      }
      add(1, "smaller-batch",
          inference
              ? "Serve " + fmt_num(b) + " sequences at once"
              : "Micro-batch " + fmt_num(b) + " with " + fmt_num(c.training.grad_accumulation) +
                    " accumulation steps (same tokens per step)",
          c);
    }
  }
  {
    Scenario probe = p.s;
    const int n = fewest_gpus_fitting(probe, p.params, 64);
    Layout l;
    if (n > cards && (best_fitting_layout(input, n, l) || default_layout(p.s, n, l))) {
      Scenario c = input;
      apply_layout(c, l);
      add(2, "more-gpus",
          "Use " + fmt_num(n) + " x " + p.s.hardware.gpu.name + " (" +
              split_label(l).substr(std::string("Split over the ").size()) + ")",
          c);
    }
  }
  if (!inference && t.method == TrainingMethod::full) {
    Scenario c = input;
    choose_training_method(c, TrainingMethod::lora);
    add(2, "lora",
        "Fine-tune with LoRA (rank " + fmt_num(t.lora_rank) +
            ") instead of training every weight: changes the method",
        c, true);
  }
  if (!inference && t.method != TrainingMethod::qlora) {
    Scenario c = input;
    choose_training_method(c, TrainingMethod::qlora);
    add(2, "qlora",
        "Fine-tune with QLoRA (NF4 base, LoRA rank " + fmt_num(t.lora_rank) +
            "): changes the method",
        c, true);
  }
  if (!inference && !t.offload_optimizer) {
    Scenario c = input;
    c.training.offload_optimizer = true;
    add(2, "offload", "Offload optimizer states to CPU RAM (ZeRO-Offload)", c);
  }
  if (inference) {
    const int layers = p.s.model.num_layers;
    Scenario c = input;
    if (engine_profile_base(c.inference.engine) != Engine::llama_cpp) {
      c.inference.engine = Engine::llama_cpp;  // partial offload is llama.cpp's -ngl
    }
    Prepared q = prepare(c);
    // More layers on the GPU need more GPU memory and less host RAM: the most layers whose GPU
    // share fits is the answer if the host can hold the rest.
    const auto keep = static_cast<int>(largest_fitting_in(1, layers - 1, [&](long long k) {
      q.s.inference.gpu_layers = static_cast<int>(k);
      return memory_breakdown(q.s, q.params).headroom_bytes;
    }));
    q.s.inference.gpu_layers = keep;
    if (keep >= 1 && fits(q.s, q.params)) {
      c.inference.gpu_layers = keep;
      add(2, "layer-offload",
          "Keep " + fmt_num(keep) + " of " + fmt_num(layers) +
              " layers on the GPU, the rest in host RAM (llama.cpp -ngl)",
          c);
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
    if (a.first != b.first) return a.first < b.first;
    return a.second.usd_per_hour < b.second.usd_per_hour;
  });
  std::vector<Suggestion> result;
  for (auto& [group, sg] : out) {
    if (int(result.size()) >= max_suggestions) break;
    result.push_back(std::move(sg));
  }
  return result;
}

}  // namespace sizer
