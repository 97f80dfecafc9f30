// The workload section: prompt/output tokens, images (vision-language models) and concurrency
// for inference; sequence length, batch, accumulation, recompute, FlashAttention, ZeRO, offload
// (to RAM or NVMe) and token budget for training.
#include <algorithm>
#include <string>
#include <vector>

#include "imgui.h"
#include "logic/cpu_device.hpp"
#include "logic/engine_profile.hpp"
#include "logic/format.hpp"
#include "logic/i18n.hpp"
#include "panels/inputs.hpp"
#include "panels/inputs_widgets.hpp"
#include "sizer/enums.hpp"
#include "sizer/layouts.hpp"
#include "sizer/scenario.hpp"
#include "sizer/vision.hpp"

namespace app {
namespace {

// An integer slider over the range of the core's request field `key` (the reader's own rule).
bool request_int(App& app, const char* key, const char* label_key, const char* tag_id, int* v,
                 const char* unit_key) {
  const sizer::RequestField* f = find_request_field("", key);
  if (f == nullptr) return false;
  return ui::slider_int(app, label_key, tag_id, v, static_cast<int>(f->min),
                        static_cast<int>(f->max), unit_key, true);
}

// Images per request and their size, for a model with an image encoder, and the tokens one
// image becomes under the model's processor rule (sizer::vision_tokens_per_image).
bool draw_images(App& app) {
  sizer::InferenceWorkload& w = app.inputs.inference;
  const sizer::ModelArch& m = app.inputs.model;
  if (!sizer::has_vision(m)) return false;
  bool changed = false;
  ui::help_for_next_row("help.images");
  changed |= request_int(app, "images", "work.images", "images", &w.images, "unit.images");
  changed |= request_int(app, "imageWidth", "work.image_width", "image-width", &w.image_width,
                         "unit.pixels");
  changed |= request_int(app, "imageHeight", "work.image_height", "image-height", &w.image_height,
                         "unit.pixels");
  const double tokens = sizer::vision_tokens_per_image(m, w.image_width, w.image_height);
  ImGui::TextDisabled("%s",
                      trf("work.image_tokens", {fmt::integer(tokens), std::to_string(w.image_width),
                                                std::to_string(w.image_height)})
                          .c_str());
  ui::tag(app, "image-tokens");
  return changed;
}

void draw_inference(App& app) {
  sizer::InferenceWorkload& w = app.inputs.inference;
  bool changed = false;
  changed |= ui::slider_int(app, "work.prompt", "prompt-tokens", &w.prompt_tokens, 1, 1048576,
                            "unit.tokens", true);
  changed |= ui::slider_int(app, "work.output", "output-tokens", &w.output_tokens, 1, 131072,
                            "unit.tokens", true);
  changed |= draw_images(app);
  ui::help_for_next_row("help.batch");
  changed |= ui::slider_int(app, "work.batch", "batch", &w.batch, 1, 1024, "unit.sequences", true);
  if (changed) app.dirty = true;
}

// ZeRO-Infinity's NVMe tier holds what an offload moved off the GPUs: without an offload on,
// the core refuses it (validate(): training.offloadNvme), so the box waits, saying why. A box
// left on (an offload turned off, or a link) stays clickable, to be turned off, and the core's
// message shows in the results.
bool draw_offload_nvme(App& app) {
  sizer::TrainingWorkload& t = app.inputs.training;
  const bool offloading = t.offload_optimizer || t.offload_params;
  ImGui::BeginDisabled(!offloading && !t.offload_to_nvme);
  const bool changed = ui::checkbox(app, "train.offload_nvme", "offload-nvme", &t.offload_to_nvme);
  ImGui::EndDisabled();
  if (!offloading) {
    ImGui::PushTextWrapPos(0.0f);
    if (!app.ui.narrow) ImGui::SetCursorPosX(ui::em() * 10.5f);
    ImGui::TextDisabled("%s", tr("train.offload_nvme_off"));
    ImGui::PopTextWrapPos();
    ui::tag(app, "offload-nvme-reason");
  }
  return changed;
}

// A combo over counts the core allows, where 0 has its own label (`zero_key`) and any other count
// n reads `n_key` with n; a value no longer allowed falls back to 0. Drawn only with a choice.
bool zero_or_count_choice(App& app, const char* label_key, const char* tag_id, const char* help_key,
                          const char* zero_key, const char* n_key, const std::vector<int>& choices,
                          int* value) {
  bool changed = false;
  if (std::find(choices.begin(), choices.end(), *value) == choices.end()) {
    *value = 0;
    changed = true;
  }
  if (choices.size() < 2) return changed;
  int index = static_cast<int>(std::find(choices.begin(), choices.end(), *value) - choices.begin());
  ui::help_for_next_row(help_key);
  if (ui::combo(app, label_key, tag_id, &index, static_cast<int>(choices.size()), [&](int i) {
        const int n = choices[static_cast<std::size_t>(i)];
        return n == 0 ? std::string(tr(zero_key)) : trf(n_key, {std::to_string(n)});
      })) {
    *value = choices[static_cast<std::size_t>(index)];
    changed = true;
  }
  return changed;
}

// Where the rollouts run: on the training GPUs (colocated, TRL's default) or on GPUs of their
// own, one engine tensor-parallel over them (the core's rule: valid_tensor_degrees).
bool draw_rollout_gpus(App& app) {
  std::vector<int> choices{0};
  for (int d : sizer::valid_tensor_degrees(app.inputs.model, app.inputs.hardware.gpus_per_node))
    choices.push_back(d);
  return zero_or_count_choice(app, "train.rollout_gpus", "rollout-gpus", "help.rollout_gpus",
                              "train.rollout_colocated", "train.rollout_n", choices,
                              &app.inputs.training.rollout_gpus);
}

// SFT, DPO, PPO or GRPO; the tokens a rollout generates and the reference model where they
// apply (docs/METHOD.md, "RL fine-tuning").
bool draw_objective(App& app) {
  sizer::TrainingWorkload& t = app.inputs.training;
  const auto& objectives = sizer::enum_entries<sizer::TrainingObjective>();
  int index = sizer::enum_index(t.objective);
  bool changed = false;
  ui::help_for_next_row("help.objective");
  if (ui::combo(app, "train.objective", "objective", &index, static_cast<int>(objectives.size()),
                [&](int i) { return tr(objectives[static_cast<std::size_t>(i)].label_key); })) {
    t.objective = sizer::enum_at<sizer::TrainingObjective>(index);
    changed = true;
  }
  using O = sizer::TrainingObjective;
  if (t.objective == O::ppo || t.objective == O::grpo) {
    // Rollouts generate after a prompt of at least one token (the core's rule: 1 .. seqLen - 1).
    ui::help_for_next_row("help.completion");
    changed |= ui::slider_int(app, "train.completion", "completion-tokens", &t.completion_tokens, 1,
                              std::max(1, t.seq_len - 1), "unit.tokens", true);
    // The engine that generates the rollouts (TRL and OpenRLHF colocate vLLM): its speed profile
    // and, for vLLM, its own 16-bit copy of the weights.
    const auto& engines = sizer::enum_entries<sizer::Engine>();
    int engine = sizer::enum_index(app.inputs.inference.engine);
    ui::help_for_next_row("help.rollout_engine");
    if (ui::combo(app, "train.rollout_engine", "rollout-engine", &engine,
                  static_cast<int>(engines.size()),
                  [&](int i) { return tr(engines[static_cast<std::size_t>(i)].label_key); })) {
      apply_engine(app.inputs, sizer::enum_at<sizer::Engine>(engine));
      changed = true;
    }
    changed |= draw_rollout_gpus(app);
  }
  if (t.objective != O::sft) {
    ui::help_for_next_row("help.reference_model");
    changed |= ui::checkbox(app, "train.reference", "reference-model", &t.reference_model);
  }
  return changed;
}

// HSDP: with ZeRO on and several data-parallel ranks, shard within groups of the size the core
// offers (valid_shard_groups) and replicate across them.
bool draw_shard_group(App& app) {
  sizer::TrainingWorkload& t = app.inputs.training;
  const int data = sizer::derived_data_parallel(app.inputs);
  const std::vector<int> groups =
      t.zero_stage >= 1 ? sizer::valid_shard_groups(data) : std::vector<int>{0};
  return zero_or_count_choice(app, "train.shard_group", "shard-group", "help.shard_group",
                              "train.shard_all", "train.shard_n", groups, &t.shard_group);
}

void draw_training(App& app) {
  sizer::TrainingWorkload& t = app.inputs.training;
  bool changed = draw_objective(app);
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
  changed |= draw_shard_group(app);
  changed |= ui::checkbox(app, "train.offload_opt", "offload-optimizer", &t.offload_optimizer);
  if (t.zero_stage == 3)
    changed |= ui::checkbox(app, "train.offload_params", "offload-params", &t.offload_params);
  changed |= draw_offload_nvme(app);
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
