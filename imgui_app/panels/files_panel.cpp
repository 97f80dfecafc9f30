#include "panels/files_panel.hpp"

#include <exception>

#include "imgui.h"
#include "logic/i18n.hpp"
#include "logic/saved_work_store.hpp"
#include "panels/inputs_widgets.hpp"

namespace app {

void draw_files_panel(App& app) {
  load_saved_work(app);
  ImGui::Spacing();
  if (app.files.reveal) ImGui::SetNextItemOpen(true);
  const bool open = ImGui::CollapsingHeader(tr("files.title"));
  ui::tag(app, "files-header");
  if (app.files.reveal) {
    ImGui::SetScrollHereY(0.0f);
    app.files.reveal = false;
  }
  if (!open) return;
  try {
    files_panel::draw_import(app);
    files_panel::draw_saved(app);
    files_panel::draw_report(app);
  } catch (const std::exception& e) {
    ImGui::TextWrapped("%s: %s", tr("error.inputs"), e.what());
  }
}

}  // namespace app
