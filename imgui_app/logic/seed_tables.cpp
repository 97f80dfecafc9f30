#include "logic/seed_tables.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <iterator>

#include "sizer/catalog.hpp"
#include "sizer/estimate.hpp"
#include "sizer/solvers.hpp"

namespace app {
namespace {

constexpr double k_gb = 1e9;  // the seeds write decimal GB
// A seed's single figure is a rounded "~" value: the engine agrees within this share of it.
constexpr double k_point_tolerance = 0.10;
// The cards table searches up to this many cards (the seed's largest row says "hundreds").
constexpr int k_max_cards = 1024;

// One printed seed figure: table, row model, column, low..high (GB or cards), text as printed.
struct SeedFigure {
  SeedTableKind kind;
  const char* model;
  const char* column;
  double low;
  double high;
  const char* text;
};

// seed 000 (GPU 与硬件基础): 精度 × 7B / 70B weights; seed 004 (实际案例): fp16推理, int4推理,
// 全量训练(fp16), LoRA微调(int4); seed 001 (參數規模與顯卡匹配參考表): training and inference
// cards per size. Llama 2 stands in for 7B/13B/70B and Yi-34B for 34B (docs/SEEDS.md).
const SeedFigure k_seed_figures[] = {
    {SeedTableKind::precision, "llama-2-7b", "fp32", 28, 28, "~28 GB"},
    {SeedTableKind::precision, "llama-2-7b", "fp16", 14, 14, "~14 GB"},
    {SeedTableKind::precision, "llama-2-7b", "bf16", 14, 14, "~14 GB"},
    {SeedTableKind::precision, "llama-2-7b", "int8", 7, 7, "~7 GB"},
    {SeedTableKind::precision, "llama-2-7b", "int4", 3.5, 3.5, "~3.5 GB"},
    {SeedTableKind::precision, "llama-2-70b", "fp32", 280, 280, "~280 GB"},
    {SeedTableKind::precision, "llama-2-70b", "fp16", 140, 140, "~140 GB"},
    {SeedTableKind::precision, "llama-2-70b", "bf16", 140, 140, "~140 GB"},
    {SeedTableKind::precision, "llama-2-70b", "int8", 70, 70, "~70 GB"},
    {SeedTableKind::precision, "llama-2-70b", "int4", 35, 35, "~35 GB"},
    {SeedTableKind::practical, "llama-2-7b", "fp16-inference", 14, 14, "~14 GB"},
    {SeedTableKind::practical, "llama-2-7b", "int4-inference", 3.5, 3.5, "~3.5 GB"},
    {SeedTableKind::practical, "llama-2-7b", "full-training", 112, 112, "~112 GB+"},
    {SeedTableKind::practical, "llama-2-7b", "qlora", 8, 16, "~8-16 GB"},
    {SeedTableKind::practical, "llama-2-13b", "fp16-inference", 26, 26, "~26 GB"},
    {SeedTableKind::practical, "llama-2-13b", "int4-inference", 6.5, 6.5, "~6.5 GB"},
    {SeedTableKind::practical, "llama-2-13b", "full-training", 208, 208, "~208 GB+"},
    {SeedTableKind::practical, "llama-2-13b", "qlora", 16, 24, "~16-24 GB"},
    {SeedTableKind::practical, "yi-34b", "fp16-inference", 68, 68, "~68 GB"},
    {SeedTableKind::practical, "yi-34b", "int4-inference", 17, 17, "~17 GB"},
    {SeedTableKind::practical, "yi-34b", "full-training", 544, 544, "~544 GB+"},
    {SeedTableKind::practical, "yi-34b", "qlora", 24, 48, "~24-48 GB"},
    {SeedTableKind::practical, "llama-2-70b", "fp16-inference", 140, 140, "~140 GB"},
    {SeedTableKind::practical, "llama-2-70b", "int4-inference", 35, 35, "~35 GB"},
    {SeedTableKind::practical, "llama-2-70b", "full-training", 1120, 1120, "~1120 GB+"},
    {SeedTableKind::practical, "llama-2-70b", "qlora", 48, 80, "~48-80 GB"},
    {SeedTableKind::cards, "tinyllama-1.1b", "train", 1, 2, "1-2 \xC3\x97 RTX 4090"},
    {SeedTableKind::cards, "tinyllama-1.1b", "infer", 1, 1, "1 \xC3\x97 RTX 3090"},
    {SeedTableKind::cards, "llama-2-7b", "train", 4, 8, "4-8 \xC3\x97 A100 40GB"},
    {SeedTableKind::cards, "llama-2-7b", "infer", 1, 1, "1 \xC3\x97 A10G"},
    {SeedTableKind::cards, "llama-2-70b", "train", 16, 64, "16-64 \xC3\x97 H100"},
    {SeedTableKind::cards, "llama-2-70b", "infer", 2, 4, "2-4 \xC3\x97 A100 80GB"},
    {SeedTableKind::cards, "kimi-k2", "train", 100, 999, "hundreds \xC3\x97 H100"},
    {SeedTableKind::cards, "kimi-k2", "infer", 8, 8, "8 \xC3\x97 H100"},
};

// The card each row of the seed's cards table names; rows past the seed's four use the last.
struct CardsRow {
  const char* train_gpu;
  const char* infer_gpu;
};
const CardsRow k_cards_rows[] = {{"rtx-4090-24gb", "rtx-3090-24gb"},
                                 {"a100-sxm-40gb", "a10g-24gb"},
                                 {"h100-sxm-80gb", "a100-sxm-80gb"},
                                 {"h100-sxm-80gb", "h100-sxm-80gb"}};

const SeedFigure* seed_figure(SeedTableKind kind, const std::string& model,
                              const std::string& column) {
  for (const SeedFigure& f : k_seed_figures)
    if (f.kind == kind && model == f.model && column == f.column) return &f;
  return nullptr;
}

sizer::Scenario base(const std::string& model_id) {
  sizer::Scenario s;
  if (const sizer::ModelArch* m = sizer::find_model(model_id)) s.model = *m;
  if (const sizer::Gpu* g = sizer::find_gpu("h100-sxm-80gb")) s.hardware.gpu = *g;
  return s;
}

SeedCell cell(SeedTableKind kind, const std::string& model, const std::string& column,
              double engine, bool known, double seed_unit) {
  SeedCell c;
  c.engine = engine;
  c.engine_known = known;
  if (const SeedFigure* f = seed_figure(kind, model, column)) {
    c.seed_text = f->text;
    c.seed_low = f->low * seed_unit;
    c.seed_high = f->high * seed_unit;
    c.differs = known && differs_from_seed(engine, c.seed_low, c.seed_high);
  }
  return c;
}

// Each cell runs the engine once; an engine error leaves the cell unknown, never a crash.
template <typename F>
double run(bool& known, F f) {
  try {
    known = true;
    return f();
  } catch (const std::exception&) {
    known = false;
    return 0;
  }
}

SeedTable precision_table(const SeedTablePicks& p) {
  SeedTable t{SeedTableKind::precision, p.precision_models, {}, p.precision_formats, {},
              "tables.source.precision"};
  for (const std::string& m : p.precision_models) {
    std::vector<SeedCell> row;
    for (const std::string& f : p.precision_formats) {
      bool known = false;
      const double bytes = run(known, [&] {
        sizer::Scenario s = base(m);
        s.weights_format = f;
        return sizer::estimate(s).memory.weights_bytes;
      });
      row.push_back(cell(t.kind, m, f, bytes, known, k_gb));
    }
    t.cells.push_back(row);
  }
  return t;
}

SeedTable practical_table(const SeedTablePicks& p) {
  SeedTable t{SeedTableKind::practical,
              p.practical_models,
              {"tables.col.fp16_inference", "tables.col.int4_inference", "tables.col.full_training",
               "tables.col.qlora"},
              {"fp16-inference", "int4-inference", "full-training", "qlora"},
              {},
              "tables.source.practical"};
  for (const std::string& m : p.practical_models) {
    std::vector<SeedCell> row;
    for (const char* weights : {"fp16", "int4"}) {
      bool known = false;
      const double bytes = run(known, [&] {
        sizer::Scenario s = base(m);
        s.weights_format = weights;
        return sizer::estimate(s).memory.weights_bytes;
      });
      row.push_back(cell(t.kind, m, std::string(weights) + "-inference", bytes, known, k_gb));
    }
    // Full mixed-precision AdamW: weights + gradients + optimizer states (the seed's 16 bytes
    // per parameter, before activations).
    bool known = false;
    double bytes = run(known, [&] {
      sizer::Scenario s = base(m);
      s.mode = sizer::Mode::training;
      const sizer::MemoryBreakdown mem = sizer::estimate(s).memory;
      return mem.weights_bytes + mem.gradient_bytes + mem.optimizer_bytes;
    });
    row.push_back(cell(t.kind, m, "full-training", bytes, known, k_gb));
    // "LoRA at INT4" = QLoRA on one card: NF4 base, full recompute, 512 tokens, micro-batch 1.
    bytes = run(known, [&] {
      sizer::Scenario s = base(m);
      s.mode = sizer::Mode::training;
      s.training.method = sizer::TrainingMethod::qlora;
      s.weights_format = "bnb-nf4-dq";
      s.training.recompute = sizer::Recompute::full;
      s.training.seq_len = 512;
      return sizer::estimate(s).memory.per_gpu_bytes;
    });
    row.push_back(cell(t.kind, m, "qlora", bytes, known, k_gb));
    t.cells.push_back(row);
  }
  return t;
}

SeedTable cards_table(const SeedTablePicks& p) {
  SeedTable t{SeedTableKind::cards,
              p.cards_models,
              {"tables.col.train_cards", "tables.col.infer_cards"},
              {"train", "infer"},
              {},
              "tables.source.cards"};
  for (std::size_t r = 0; r < p.cards_models.size(); ++r) {
    const std::string& m = p.cards_models[r];
    const CardsRow& cards = k_cards_rows[std::min(r, std::size(k_cards_rows) - 1)];
    std::vector<SeedCell> row;
    // Full training at FP16 mixed precision with ZeRO-3 (sharded over every card), 2k tokens.
    bool known = false;
    double n = run(known, [&] {
      sizer::Scenario s = base(m);
      if (const sizer::Gpu* g = sizer::find_gpu(cards.train_gpu)) s.hardware.gpu = *g;
      s.mode = sizer::Mode::training;
      s.training.zero_stage = 3;
      return static_cast<double>(sizer::fewest_gpus_that_fit(s, k_max_cards));
    });
    row.push_back(cell(t.kind, m, "train", n, known && n > 0, 1));
    row.back().gpu_id = cards.train_gpu;
    // Inference at FP16, one prompt of 512 + 256 tokens.
    n = run(known, [&] {
      sizer::Scenario s = base(m);
      if (const sizer::Gpu* g = sizer::find_gpu(cards.infer_gpu)) s.hardware.gpu = *g;
      return static_cast<double>(sizer::fewest_gpus_that_fit(s, k_max_cards));
    });
    row.push_back(cell(t.kind, m, "infer", n, known && n > 0, 1));
    row.back().gpu_id = cards.infer_gpu;
    t.cells.push_back(row);
  }
  return t;
}

}  // namespace

bool operator==(const SeedTablePicks& a, const SeedTablePicks& b) {
  return a.precision_models == b.precision_models && a.precision_formats == b.precision_formats &&
         a.practical_models == b.practical_models && a.cards_models == b.cards_models;
}

bool differs_from_seed(double engine, double low, double high) {
  if (!(low > 0)) return false;
  if (low == high) return std::fabs(engine - low) > k_point_tolerance * low;
  return engine < low || engine > high;
}

std::vector<SeedTable> compute_seed_tables(const SeedTablePicks& picks) {
  return {precision_table(picks), practical_table(picks), cards_table(picks)};
}

}  // namespace app
