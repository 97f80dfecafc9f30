// Saved work: name and save the current configuration; load, rename or delete saved ones; keep
// the current custom model or GPU; export everything as one JSON file and import one.
#include <string>

#include "imgui.h"
#include "logic/i18n.hpp"
#include "logic/saved_work_store.hpp"
#include "misc/cpp/imgui_stdlib.h"
#include "panels/files_panel.hpp"
#include "panels/inputs_widgets.hpp"
#include "platform.hpp"

namespace app::files_panel {
namespace {

void disabled_wrapped(const char* text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", text);
  ImGui::PopStyleColor();
}

void draw_configs(App& app) {
  FilesPanelState& f = app.files;
  ImGui::SetNextItemWidth(-ImGui::CalcTextSize(tr("saved.save")).x -
                          ImGui::GetStyle().FramePadding.x * 2 - ImGui::GetStyle().ItemSpacing.x);
  ImGui::InputTextWithHint("##name", tr("saved.name_hint"), &f.save_name);
  ui::tag(app, "saved-name");
  ImGui::SameLine();
  if (ImGui::Button(tr("saved.save"))) {
    save_current_config(app, f.save_name);
    f.save_name.clear();
  }
  ui::tag(app, "saved-save");
  if (f.saved.configs.empty()) {
    disabled_wrapped(tr("saved.none"));
    return;
  }
  for (std::size_t i = 0; i < f.saved.configs.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    const std::string n = std::to_string(i);
    if (f.renaming == static_cast<int>(i)) {
      ImGui::SetNextItemWidth(ui::em() * 12);
      const bool enter =
          ImGui::InputText("##rename", &f.rename_text, ImGuiInputTextFlags_EnterReturnsTrue);
      ui::tag(app, ("saved-rename-text-" + n).c_str());
      ImGui::SameLine();
      if (ImGui::SmallButton(tr("saved.ok")) || enter) {
        rename_saved_config(app, i, f.rename_text);
        f.renaming = -1;
      }
      ui::tag(app, ("saved-rename-ok-" + n).c_str());
      ImGui::SameLine();
      if (ImGui::SmallButton(tr("saved.cancel"))) f.renaming = -1;
    } else {
      if (ImGui::SmallButton(tr("saved.load"))) load_saved_config(app, i);
      ui::tag(app, ("saved-load-" + n).c_str());
      ImGui::SameLine();
      if (ImGui::SmallButton(tr("saved.rename"))) {
        f.renaming = static_cast<int>(i);
        f.rename_text = f.saved.configs[i].name;
      }
      ui::tag(app, ("saved-rename-" + n).c_str());
      ImGui::SameLine();
      if (ImGui::SmallButton(tr("saved.delete"))) {
        delete_saved_config(app, i);
        ImGui::PopID();
        break;  // the list changed under the loop
      }
      ui::tag(app, ("saved-delete-" + n).c_str());
      ImGui::SameLine();
      ImGui::TextWrapped("%s", f.saved.configs[i].name.c_str());
    }
    ImGui::PopID();
  }
}

template <class Item, class Use, class Delete>
void draw_items(App& app, const char* tag_prefix, const std::vector<Item>& items, Use use,
                Delete remove) {
  for (std::size_t i = 0; i < items.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    const std::string n = std::to_string(i);
    if (ImGui::SmallButton(tr("saved.use"))) use(app, i);
    ui::tag(app, (std::string(tag_prefix) + "-use-" + n).c_str());
    ImGui::SameLine();
    const bool deleted = ImGui::SmallButton(tr("saved.delete"));
    ui::tag(app, (std::string(tag_prefix) + "-delete-" + n).c_str());
    ImGui::SameLine();
    ImGui::TextUnformatted(items[i].name.c_str());
    ImGui::PopID();
    if (deleted) {
      remove(app, i);
      break;
    }
  }
}

void draw_custom(App& app) {
  FilesPanelState& f = app.files;
  ImGui::BeginDisabled(!can_save_current_model(app));
  if (ImGui::Button(tr("saved.keep_model"))) save_current_model(app);
  ImGui::EndDisabled();
  ui::tag(app, "saved-keep-model");
  ImGui::SameLine();
  ImGui::BeginDisabled(!can_save_current_gpu(app));
  if (ImGui::Button(tr("saved.keep_gpu"))) save_current_gpu(app);
  ImGui::EndDisabled();
  ui::tag(app, "saved-keep-gpu");
  if (f.saved.models.empty() && f.saved.gpus.empty()) {
    disabled_wrapped(tr("saved.no_custom"));
    return;
  }
  draw_items(app, "saved-model", f.saved.models, use_saved_model, delete_saved_model);
  draw_items(app, "saved-gpu", f.saved.gpus, use_saved_gpu, delete_saved_gpu);
}

}  // namespace

void draw_saved(App& app) {
  FilesPanelState& f = app.files;
  ImGui::SeparatorText(tr("saved.title"));
  draw_configs(app);
  ImGui::SeparatorText(tr("saved.custom_title"));
  draw_custom(app);
  ImGui::Spacing();
  if (ImGui::Button(tr("saved.export")))
    platform::download("llm-sizer-saved.json", "application/json", export_saved_work(app));
  ui::tag(app, "saved-export");
  ImGui::SameLine();
  if (ImGui::Button(tr("saved.import"))) platform::pick_file();
  ui::tag(app, "saved-import");
  if (!f.saved_notice.empty()) {
    if (f.saved_notice_is_error)
      ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.35f, 0.3f, 1));
    ImGui::TextWrapped("%s", f.saved_notice.c_str());
    if (f.saved_notice_is_error) ImGui::PopStyleColor();
    ui::tag(app, "saved-notice");
  }
}

}  // namespace app::files_panel
