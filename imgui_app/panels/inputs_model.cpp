// The model section: a searchable picker over the catalog grouped by family, a summary line
// (parameters, image encoder, context, attention), and for "custom" the architecture fields plus a
// box to paste a Hugging Face config.json.
//
// [SECTION] picker
// [SECTION] custom architecture
#include <exception>
#include <string>

#include "imgui.h"
#include "logic/catalog_search.hpp"
#include "logic/format.hpp"
#include "logic/i18n.hpp"
#include "misc/cpp/imgui_stdlib.h"
#include "panels/inputs.hpp"
#include "panels/inputs_widgets.hpp"
#include "sizer/enums.hpp"
#include "sizer/hf_config.hpp"
#include "sizer/layers.hpp"
#include "sizer/params.hpp"
#include "sizer/vision.hpp"
#include "widgets/list_row.hpp"

namespace app {
namespace {

const char* const k_custom_id = "custom";

double params_of(const sizer::ModelArch& m) {
  if (m.official_params_b > 0) return m.official_params_b * 1e9;
  try {
    return sizer::count_params(m).total;
  } catch (const std::exception&) {
    return 0;
  }
}

// "7.24B · 128K · GQA 8/32"
std::string model_details(const sizer::ModelArch& m) {
  std::string s = fmt::count(params_of(m));
  if (m.official_active_params_b > 0)
    s += " (" + trf("model.active", {fmt::count(m.official_active_params_b * 1e9)}) + ")";
  // A vision-language model: the image encoder, counted in the total and kept at 16 bits.
  if (sizer::has_vision(m))
    s += "  \xC2\xB7  " + trf("model.vision", {fmt::count(m.vision_params)});
  if (m.max_position_embeddings > 0)
    s += "  \xC2\xB7  " + fmt::context_tokens(m.max_position_embeddings);
  s += "  \xC2\xB7  " + attention_label(m);
  // Hybrid stacks: how many layers hold a KV cache and how many a fixed recurrent state.
  const int recurrent = sizer::recurrent_layer_count(m);
  if (recurrent > 0) {
    s += "  \xC2\xB7  " +
         trf("model.hybrid_layers",
             {std::to_string(sizer::attention_layer_count(m)), std::to_string(recurrent),
              tr(sizer::enum_entry(m.recurrent).label_key)});
  }
  return s;
}

// [SECTION] picker

void select_model(App& app, const sizer::ModelArch& m) {
  app.inputs.model = m;
  app.ui.custom_config_error.clear();
  app.dirty = true;
}

void draw_picker(App& app) {
  const auto& catalog = sizer::model_catalog();
  const sizer::ModelArch& current = app.inputs.model;
  std::string preview = current.id == k_custom_id
                            ? std::string(tr("model.custom"))
                            : (current.name.empty() ? current.id : current.name);
  ui::row_begin(app, "model.label");
  bool open = ImGui::BeginCombo("##v", preview.c_str(), ImGuiComboFlags_HeightLargest);
  ui::tag(app, "model-picker");
  if (open) {
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    ImGui::SetNextItemWidth(-FLT_MIN);
    ImGui::InputTextWithHint("##search", tr("model.search_hint"), &app.ui.model_filter);
    ui::tag(app, "model-search");
    // Custom first: always visible, however long the filtered list below is.
    if (widgets::list_row(tr("model.custom_entry"), current.id == k_custom_id)) {
      sizer::ModelArch custom = current;
      custom.id = k_custom_id;
      custom.name = tr("model.custom");
      select_model(app, custom);
      ImGui::CloseCurrentPopup();
    }
    ui::tag(app, "model-custom");
    ImGui::Separator();
    ImGui::BeginChild("##list", ImVec2(0, ui::em() * 22), ImGuiChildFlags_None);
    int shown = 0;
    for (const ModelGroup& g : search_models(catalog, app.ui.model_filter)) {
      ImGui::SeparatorText(g.family.c_str());
      for (int i : g.indices) {
        const sizer::ModelArch& m = catalog[static_cast<std::size_t>(i)];
        ImGui::PushID(i);
        bool selected = m.id == current.id;
        if (widgets::list_row(m.name.c_str(), selected)) {
          select_model(app, m);
          ImGui::CloseCurrentPopup();
        }
        if (shown == 0) ui::tag(app, "model-first-match");
        ++shown;
        if (selected && ImGui::IsWindowAppearing()) ImGui::SetScrollHereY();
        std::string details = model_details(m);
        float w = ImGui::CalcTextSize(details.c_str()).x;
        float right = ImGui::GetContentRegionMax().x;
        if (right - w > ImGui::CalcTextSize(m.name.c_str()).x + ui::em()) {
          ImGui::SameLine(right - w);
          widgets::align_text_to_list_row();
          ImGui::TextDisabled("%s", details.c_str());
        }
        ImGui::PopID();
      }
    }
    if (shown == 0) ImGui::TextDisabled("%s", tr("model.no_match"));
    ImGui::EndChild();
    ImGui::EndCombo();
  }
  ui::row_end();
  ImGui::TextDisabled("%s", model_details(current).c_str());
  ui::tag(app, "model-details");
}

// [SECTION] custom architecture

bool int_field(App& app, const char* key, int* v, int lo) {
  ui::row_begin(app, key);
  bool changed = ImGui::InputInt("##v", v, 0, 0);
  if (changed && *v < lo) *v = lo;
  ui::row_end();
  return changed;
}

void draw_custom(App& app) {
  sizer::ModelArch& m = app.inputs.model;
  ImGui::Indent(ui::em() * 0.5f);
  struct Field {
    const char* key;
    int* value;
    int min;
  };
  const Field fields[] = {
      {"arch.hidden", &m.hidden_size, 1},
      {"arch.layers", &m.num_layers, 1},
      {"arch.heads", &m.num_heads, 1},
      {"arch.kv_heads", &m.num_kv_heads, 0},
      {"arch.head_dim", &m.head_dim, 0},
      {"arch.intermediate", &m.intermediate_size, 1},
      {"arch.vocab", &m.vocab_size, 1},
      {"arch.context", &m.max_position_embeddings, 0},
      {"arch.experts", &m.num_experts, 0},
      {"arch.experts_per_token", &m.experts_per_token, 0},
      {"arch.moe_intermediate", &m.moe_intermediate_size, 0},
      {"arch.sliding_window", &m.sliding_window, 0},
  };
  for (const Field& f : fields) {
    if (int_field(app, f.key, f.value, f.min)) {
      m.official_params_b = 0;  // the headline figure no longer applies
      m.official_active_params_b = 0;
      app.dirty = true;
    }
  }
  if (ui::checkbox(app, "arch.tied", nullptr, &m.tie_word_embeddings)) app.dirty = true;

  ImGui::TextUnformatted(tr("arch.paste"));
  ImGui::InputTextMultiline("##config", &app.ui.custom_config_text, ImVec2(-FLT_MIN, ui::em() * 7));
  ui::tag(app, "config-json");
  if (ImGui::Button(tr("arch.import"))) {
    sizer::HfConfigResult r = sizer::model_from_hf_config(app.ui.custom_config_text);
    if (r.ok) {
      r.model.id = k_custom_id;
      if (r.model.name.empty()) r.model.name = tr("model.custom");
      select_model(app, r.model);
    } else {
      app.ui.custom_config_error = r.error;
    }
  }
  ui::tag(app, "config-import");
  if (!app.ui.custom_config_error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.9f, 0.3f, 0.3f, 1));
    ImGui::TextWrapped("%s", app.ui.custom_config_error.c_str());
    ImGui::PopStyleColor();
  }
  ImGui::Unindent(ui::em() * 0.5f);
}

}  // namespace

void draw_model_section(App& app) {
  ui::section("section.model");
  draw_picker(app);
  if (app.inputs.model.id == k_custom_id) draw_custom(app);
}

}  // namespace app
