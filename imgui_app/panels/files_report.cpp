// The report: Markdown to the clipboard, the same as a printable page, the fit table as CSV.
#include "imgui.h"
#include "logic/i18n.hpp"
#include "logic/report.hpp"
#include "panels/files_panel.hpp"
#include "panels/inputs_widgets.hpp"
#include "platform.hpp"

namespace app::files_panel {

void draw_report(App& app) {
  ImGui::SeparatorText(tr("report.section"));
  if (ImGui::Button(tr("report.copy"))) {
    platform::copy_to_clipboard(report_markdown(app));
    app.ui.status_line = tr("report.copying");
    app.ui.status_is_error = false;
  }
  ui::tag(app, "report-copy");
  ImGui::SameLine();
  if (ImGui::Button(tr("report.print"))) {
    if (!platform::open_printable(report_html(app))) {
      app.ui.status_line = tr("report.popup_blocked");
      app.ui.status_is_error = true;
    }
  }
  ui::tag(app, "report-print");
  ImGui::SameLine();
  ImGui::BeginDisabled(app.fit.empty());
  if (ImGui::Button(tr("report.csv")))
    platform::download("llm-sizer-fit-table.csv", "text/csv", fit_table_csv(app));
  ImGui::EndDisabled();
  ui::tag(app, "report-csv");
}

}  // namespace app::files_panel
