// Searches over the memory model: largest batch / context, fewest GPUs, the format that fits,
// the fit table over the GPU catalog, and one-click fixes. Memory-only evaluations are cheap
// (no speed model), so searches call memory_breakdown() directly.
#include "sizer/solvers.hpp"

#include <algorithm>
#include <stdexcept>

#include "engine_internal.hpp"
#include "sizer/cost.hpp"
#include "sizer/memory.hpp"
#include "sizer/params.hpp"

namespace sizer {
namespace {

constexpr int kNodeSize = 8;  // GPUs per node assumed when the solver adds cards

struct Prepared {
  Scenario s;
  ParamCounts params;
};

Prepared prepare(const Scenario& input) {
  Prepared p{normalize(input), {}};
  p.params = count_params(p.s.model);
  return p;
}

bool fits(const Scenario& s, const ParamCounts& params) { return memory_breakdown(s, params).fits; }

// Largest value in [1, limit] for which `ok` holds, assuming it is monotone; 0 if none.
template <typename Ok>
int largest_true(int limit, Ok ok) {
  if (limit < 1 || !ok(1)) return 0;
  int lo = 1, hi = 2;
  while (hi <= limit && ok(hi)) {
    lo = hi;
    if (hi > limit / 2) {
      hi = limit + 1;
      break;
    }
    hi *= 2;
  }
  hi = std::min(hi, limit + 1);  // ok(lo) true, ok(hi) false or out of range
  while (hi - lo > 1) {
    const int mid = lo + (hi - lo) / 2;
    if (ok(mid)) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return lo;
}

bool divides_kv(const ModelArch& m, int tp) {
  const int kv = m.num_kv_heads > 0 ? m.num_kv_heads : m.num_heads;
  return m.attention == AttentionKind::mla || kv % tp == 0 || tp % kv == 0;
}

// A layout of n GPUs: tensor parallel inside a node (largest valid divisor), pipeline across.
bool layout_for(Scenario& s, int n) {
  if (n > kNodeSize && n % kNodeSize != 0) return false;
  const ModelArch& m = s.model;
  s.hardware.gpus_per_node = std::min(n, kNodeSize);
  s.hardware.nodes = n > kNodeSize ? n / kNodeSize : 1;
  s.parallel.data = 0;
  if (s.mode == Mode::training && s.training.zero_stage > 0) {
    s.parallel.tensor = 1;
    s.parallel.pipeline = 1;
    s.parallel.data = n;
    return true;
  }
  for (int tp = std::min(n, kNodeSize); tp >= 1; --tp) {
    if (n % tp != 0 || m.num_heads % tp != 0 || !divides_kv(m, tp)) continue;
    const int pp = n / tp;
    if (pp > m.num_layers) return false;
    s.parallel.tensor = tp;
    s.parallel.pipeline = pp;
    s.parallel.data = 1;
    return true;
  }
  return false;
}

bool usable_weights_format(const NumberFormat& f) {
  if (f.bits_per_weight <= 0) return false;
  if (f.id.find("notes") != std::string::npos || f.id.rfind("ggml-type", 0) == 0) return false;
  if (f.id.rfind("gguf-tq", 0) == 0) return false;  // ternary models only
  return f.family != FormatFamily::other;
}

}  // namespace

int largest_batch_that_fits(const Scenario& input) {
  Prepared p = prepare(input);
  return largest_true(1 << 20, [&](int b) {
    if (p.s.mode == Mode::inference) {
      p.s.inference.batch = b;
    } else {
      p.s.training.micro_batch = b;
    }
    return fits(p.s, p.params);
  });
}

int largest_context_that_fits(const Scenario& input) {
  Prepared p = prepare(input);
  if (p.s.mode == Mode::inference) {
    const int output = std::max(0, p.s.inference.output_tokens);
    const int prompt = largest_true((1 << 26) - output, [&](int t) {
      p.s.inference.prompt_tokens = t;
      return fits(p.s, p.params);
    });
    return prompt > 0 ? prompt + output : 0;
  }
  return largest_true(1 << 24, [&](int t) {
    p.s.training.seq_len = t;
    return fits(p.s, p.params);
  });
}

int fewest_gpus_that_fit(const Scenario& input, int max_gpus) {
  Prepared p = prepare(input);
  for (int n = 1; n <= max_gpus; ++n) {
    Scenario s = p.s;
    if (!layout_for(s, n)) continue;
    s = normalize(s);
    if (validate(s).empty() && fits(s, p.params)) return n;
  }
  return 0;
}

std::string cheapest_format_that_fits(const Scenario& input) {
  Prepared p = prepare(input);
  const NumberFormat* best = nullptr;
  for (const NumberFormat& f : format_catalog()) {
    if (!usable_weights_format(f)) continue;
    if (best != nullptr && f.bits_per_weight <= best->bits_per_weight) continue;
    p.s.weights_format = f.id;
    if (fits(p.s, p.params)) best = &f;
  }
  return best != nullptr ? best->id : "";
}

std::vector<FitRow> fit_table(const Scenario& input, int max_gpus) {
  std::vector<FitRow> rows;
  const std::vector<Gpu>& gpus = gpu_catalog();
  rows.reserve(gpus.size());
  for (const Gpu& g : gpus) {
    Scenario s = input;
    s.hardware.gpu = g;
    FitRow row;
    row.gpu_id = g.id;
    row.capacity_bytes = g.memory_capacity_bytes;
    row.gpus = fewest_gpus_that_fit(s, max_gpus);
    if (row.gpus > 0) {
      layout_for(s, row.gpus);
      try {
        const Estimate e = estimate(s);
        row.per_gpu_bytes = e.memory.per_gpu_bytes;
        row.tokens_per_second = s.mode == Mode::inference ? e.inference.throughput_tokens_per_second
                                                          : e.training.tokens_per_second;
        row.usd_per_hour = e.cost.usd_per_hour;
        row.usd_per_million_tokens = e.cost.usd_per_million_tokens;
        row.bottleneck = e.bottleneck;
      } catch (const std::invalid_argument&) {
        row.gpus = 0;
      }
    }
    if (row.gpus == 0) {
      Prepared p = prepare(s);
      row.per_gpu_bytes = memory_breakdown(p.s, p.params).per_gpu_bytes;
      row.bottleneck = Bottleneck::memory_capacity;
    }
    rows.push_back(row);
  }
  return rows;
}

std::vector<Suggestion> suggestions_to_fit(const Scenario& input, int max_suggestions) {
  Prepared p = prepare(input);
  if (fits(p.s, p.params)) return {};
  std::vector<Suggestion> out;
  auto add = [&](const std::string& id, const std::string& label, const Scenario& changed) {
    Prepared q = prepare(changed);
    const MemoryBreakdown mb = memory_breakdown(q.s, q.params);
    if (!mb.fits || !validate(q.s).empty()) return;
    Suggestion sg;
    sg.id = id;
    sg.label = label;
    sg.scenario = changed;
    sg.per_gpu_bytes = mb.per_gpu_bytes;
    sg.usd_per_hour = usd_per_hour(q.s.hardware.gpu, total_gpus(q.s));
    out.push_back(sg);
  };
  const bool inference = p.s.mode == Mode::inference;
  if (inference || p.s.training.method != TrainingMethod::full) {
    const std::string f = cheapest_format_that_fits(input);
    if (!f.empty() && f != p.s.weights_format) {
      Scenario c = input;
      c.weights_format = f;
      add("quantize", "Quantize weights to " + find_format(f)->name, c);
    }
  }
  {
    const int ctx = largest_context_that_fits(input);
    Scenario c = input;
    if (inference && ctx > c.inference.output_tokens + 1) {
      c.inference.prompt_tokens = ctx - c.inference.output_tokens;
      add("shorter-context", "Cut the context to " + fmt_num(ctx) + " tokens", c);
    } else if (!inference && ctx > 0) {
      c.training.seq_len = ctx;
      add("shorter-context", "Train on sequences of " + fmt_num(ctx) + " tokens", c);
    }
  }
  {
    const int b = largest_batch_that_fits(input);
    const int current = inference ? p.s.inference.batch : p.s.training.micro_batch;
    if (b > 0 && b < current) {
      Scenario c = input;
      if (inference) {
        c.inference.batch = b;
      } else {
        c.training.micro_batch = b;
        c.training.grad_accumulation = static_cast<int>(std::min<long long>(
            1 << 20, std::max<long long>(
                         1, static_cast<long long>(c.training.grad_accumulation) * current / b)));
      }
      add("smaller-batch",
          inference ? "Serve " + fmt_num(b) + " sequences at once"
                    : "Micro-batch " + fmt_num(b) + " with more accumulation",
          c);
    }
  }
  {
    const int n = fewest_gpus_that_fit(input);
    if (n > total_gpus(p.s)) {
      Scenario c = input;
      layout_for(c, n);
      add("more-gpus", "Use " + fmt_num(n) + " x " + p.s.hardware.gpu.name, c);
    }
  }
  if (!inference && p.s.training.method != TrainingMethod::qlora && find_format("bnb-nf4-dq")) {
    Scenario c = input;
    c.training.method = TrainingMethod::qlora;
    c.weights_format = "bnb-nf4-dq";
    add("qlora", "Switch to QLoRA (NF4 base, LoRA rank " + fmt_num(c.training.lora_rank) + ")", c);
  }
  if (!inference && !p.s.training.offload_optimizer) {
    Scenario c = input;
    c.training.offload_optimizer = true;
    add("offload", "Offload optimizer states to CPU RAM (ZeRO-Offload)", c);
  }
  if (inference) {
    const int layers = p.s.model.num_layers;
    Scenario c = input;
    c.inference.engine = Engine::llama_cpp;
    for (int keep = layers - 1; keep >= 1; --keep) {
      c.inference.gpu_layers = keep;
      Prepared q = prepare(c);
      if (fits(q.s, q.params)) {
        add("offload",
            "Keep " + fmt_num(keep) + " of " + fmt_num(layers) +
                " layers on the GPU, the rest in host RAM (llama.cpp -ngl)",
            c);
        break;
      }
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const Suggestion& a, const Suggestion& b) {
    return a.usd_per_hour < b.usd_per_hour;
  });
  if (int(out.size()) > max_suggestions) out.resize(std::size_t(std::max(0, max_suggestions)));
  return out;
}

}  // namespace sizer
