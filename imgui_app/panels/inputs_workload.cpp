// The workload section: prompt/output tokens and concurrency for inference; sequence length,
// batch, accumulation, recompute, FlashAttention, ZeRO, offload and token budget for training.
#include "imgui.h"
#include "logic/i18n.hpp"
#include "panels/inputs.hpp"
#include "panels/inputs_widgets.hpp"
#include "sizer/enums.hpp"

namespace app {
namespace {

void draw_inference(App& app) {
  sizer::InferenceWorkload& w = app.inputs.inference;
  bool changed = false;
  changed |= ui::slider_int(app, "work.prompt", "prompt-tokens", &w.prompt_tokens, 1, 1048576,
                            "unit.tokens", true);
  changed |= ui::slider_int(app, "work.output", "output-tokens", &w.output_tokens, 1, 131072,
                            "unit.tokens", true);
  ui::help_for_next_row("help.batch");
  changed |= ui::slider_int(app, "work.batch", "batch", &w.batch, 1, 1024, "unit.sequences", true);
  if (changed) app.dirty = true;
}

void draw_training(App& app) {
  sizer::TrainingWorkload& t = app.inputs.training;
  bool changed = false;
  changed |=
      ui::slider_int(app, "train.seq_len", "seq-len", &t.seq_len, 128, 262144, "unit.tokens", true);
  changed |= ui::slider_int(app, "train.micro_batch", "micro-batch", &t.micro_batch, 1, 256,
                            "unit.sequences", true);
  changed |= ui::slider_int(app, "train.grad_accum", "grad-accum", &t.grad_accumulation, 1, 1024,
                            "unit.steps", true);
  const auto& modes = sizer::enum_entries<sizer::Recompute>();
  int recompute = sizer::enum_index(t.recompute);
  ui::help_for_next_row("help.recompute");
  if (ui::combo(app, "train.recompute", "recompute", &recompute, static_cast<int>(modes.size()),
                [&](int i) { return tr(modes[static_cast<std::size_t>(i)].label_key); })) {
    t.recompute = sizer::enum_at<sizer::Recompute>(recompute);
    changed = true;
  }
  changed |= ui::checkbox(app, "train.flash", "flash-attention", &t.flash_attention);
  int zero = t.zero_stage;
  const char* zero_keys[] = {"zero.0", "zero.1", "zero.2", "zero.3"};
  ui::help_for_next_row("help.zero");
  if (ui::combo(app, "train.zero", "zero-stage", &zero, 4,
                [&](int i) { return tr(zero_keys[i]); })) {
    t.zero_stage = zero;
    if (zero < 3) t.offload_params = false;  // parameter offload needs stage 3 (ZeRO-Infinity)
    changed = true;
  }
  changed |= ui::checkbox(app, "train.offload_opt", "offload-optimizer", &t.offload_optimizer);
  if (t.zero_stage == 3)
    changed |= ui::checkbox(app, "train.offload_params", "offload-params", &t.offload_params);
  changed |= ui::slider_double(app, "train.tokens", "train-tokens", &t.tokens, 1e6, 1e14,
                               "unit.tokens_word", true);
  if (changed) app.dirty = true;
}

}  // namespace

void draw_workload_section(App& app) {
  ui::section("section.workload");
  if (app.inputs.mode == sizer::Mode::inference)
    draw_inference(app);
  else
    draw_training(app);
}

}  // namespace app
