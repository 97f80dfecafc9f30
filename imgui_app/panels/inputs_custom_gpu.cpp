// The custom GPU form under the GPU picker: "Copy <card> and edit" turns the chosen catalog card
// into a custom one (its table prices kept as its own), and the form edits every field of it
// (logic/custom_gpu.hpp), each problem shown under its field. The card in use is always a valid
// one: a refused value leaves it unchanged.
#include <string>

#include "imgui.h"
#include "logic/catalog_sources.hpp"
#include "logic/custom_gpu.hpp"
#include "logic/i18n.hpp"
#include "logic/saved_work_store.hpp"
#include "misc/cpp/imgui_stdlib.h"
#include "panels/inputs.hpp"
#include "panels/inputs_widgets.hpp"

namespace app {
namespace {

const ImVec4 k_error_color(0.95f, 0.35f, 0.3f, 1);

// Label left of the field when it fits there (wide screens), else above it.
void field_label(const App& app, const char* label) {
  const float column = ui::em() * 12.0f;
  if (!app.ui.narrow && ImGui::CalcTextSize(label).x < column - ui::em() * 0.5f) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(label);
    ImGui::SameLine(column);
  } else {
    ImGui::TextUnformatted(label);
  }
  ImGui::SetNextItemWidth(-FLT_MIN);
}

void draw_field(App& app, const GpuField& f) {
  CustomGpuForm& form = app.ui.gpu_form;
  sizer::Scenario& s = app.inputs;
  const std::string key = f.key;
  const std::string tag = "gpu-field-" + key;
  // The label holds the unit of the record table (GB/s, TFLOPS ...), in both languages.
  const char* label = tr(custom_gpu_label_key(f).c_str());
  ImGui::PushID(f.key);
  if (f.type == sizer::FieldType::boolean) {
    bool v = s.hardware.gpu.*f.boolean;
    if (ImGui::Checkbox(label, &v) && set_custom_gpu_flag(s, form, key, v)) app.dirty = true;
    ui::tag(app, tag.c_str());
  } else {
    field_label(app, label);
    const bool editing = form.editing_key == key;
    const auto typed = form.typed.find(key);
    std::string shown =
        typed != form.typed.end() ? typed->second : custom_gpu_field_text(s.hardware.gpu, f);
    std::string& buffer = editing ? form.editing_text : shown;
    // The whole value is selected on a click or tap: typing replaces it.
    ImGui::InputText("##v", &buffer, ImGuiInputTextFlags_AutoSelectAll);
    if (ImGui::IsItemActivated()) {
      form.editing_key = key;
      form.editing_text = buffer;
    }
    if (ImGui::IsItemDeactivated()) {
      const std::string text = editing ? form.editing_text : buffer;
      if (ImGui::IsItemDeactivatedAfterEdit() && edit_custom_gpu_field(s, form, key, text))
        app.dirty = true;
      if (form.editing_key == key) form.editing_key.clear();
    }
    ui::tag(app, tag.c_str());
  }
  const auto error = form.errors.find(key);
  if (error != form.errors.end()) {
    ImGui::PushStyleColor(ImGuiCol_Text, k_error_color);
    ImGui::TextWrapped("%s", error->second.c_str());
    ImGui::PopStyleColor();
    ui::tag(app, ("gpu-field-error-" + key).c_str());
  }
  ImGui::PopID();
}

void draw_form(App& app) {
  CustomGpuForm& form = app.ui.gpu_form;
  ImGui::SetNextItemOpen(form.open, ImGuiCond_Always);
  const std::string title = std::string(tr("gpu.form.title")) + "###gpu-form";
  form.open = ImGui::TreeNodeEx(title.c_str(), ImGuiTreeNodeFlags_FramePadding);
  ui::tag(app, "gpu-form-toggle");
  if (form.reveal) {
    ImGui::SetScrollHereY(0.0f);
    form.reveal = false;
  }
  if (!form.open) return;
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", tr("gpu.form.intro"));
  ImGui::PopStyleColor();
  for (const GpuField* f : custom_gpu_form_fields()) {
    if (const char* group = custom_gpu_group_before(*f)) ImGui::SeparatorText(tr(group));
    draw_field(app, *f);
  }
  ImGui::Spacing();
  if (ImGui::Button(tr("gpu.form.keep"))) {
    save_current_gpu(app);
    form.kept_notice = app.files.saved_notice;
  }
  ui::tag(app, "gpu-form-keep");
  if (!form.kept_notice.empty()) ImGui::TextWrapped("%s", form.kept_notice.c_str());
  ImGui::TreePop();
}

}  // namespace

void start_custom_gpu(App& app) {
  const sizer::Gpu& card = app.inputs.hardware.gpu;
  if (!is_catalog_gpu(card)) {
    open_custom_gpu_form(app);
    return;
  }
  const std::string name = trf("gpu.form.copy_name", {card.name.empty() ? card.id : card.name});
  const std::string source = gpu_source(card);  // the web build's catalog leaves it out
  app.inputs.hardware.gpu =
      custom_gpu_from(custom_gpu_with_table_prices(card, app.inputs.cost.basis), name);
  // The catalog's notes are about that card (its street prices, quirks); the copy says where it
  // came from instead, and keeps the sources of its figures.
  app.inputs.hardware.gpu.notes = trf("gpu.form.copy_notes", {card.id});
  app.inputs.hardware.gpu.source = source;
  app.ui.gpu_form = CustomGpuForm{};
  app.ui.gpu_form.card = app.inputs.hardware.gpu;
  open_custom_gpu_form(app);
  app.dirty = true;
}

void open_custom_gpu_form(App& app) {
  app.ui.gpu_form.open = true;
  app.ui.gpu_form.reveal = true;
}

void draw_custom_gpu(App& app) {
  const sizer::Gpu& card = app.inputs.hardware.gpu;
  sync_custom_gpu_form(app.ui.gpu_form, card);
  if (is_catalog_gpu(card)) {
    const std::string label =
        trf("gpu.form.copy", {card.name.empty() ? card.id : card.name}) + "###gpu-copy";
    if (ImGui::Button(label.c_str())) start_custom_gpu(app);
    ui::tag(app, "gpu-copy-edit");
    return;
  }
  draw_form(app);
}

}  // namespace app
