// The shell layout: header, the preset answer, then inputs and results side by side (wide) or
// one column (narrow). Platform-free, so the native headless test renders it too.
#include "layout.hpp"

#include <algorithm>

#include "imgui.h"
#include "imgui_internal.h"  // GetCurrentWindow(): the window a touch drag scrolls
#include "logic/i18n.hpp"
#include "logic/number_style.hpp"
#include "panels/assumptions.hpp"
#include "panels/files_panel.hpp"
#include "panels/header.hpp"
#include "panels/inputs.hpp"
#include "panels/inputs_widgets.hpp"
#include "panels/plan.hpp"
#include "panels/presets.hpp"
#include "panels/results.hpp"
#include "panels/summary.hpp"

namespace app {
namespace {

// Touch scrolling: a drag that starts on empty space scrolls the window under it.
void drag_scroll() {
  static ImGuiID dragging = 0;
  ImGuiIO& io = ImGui::GetIO();
  ImGuiID self = ImGui::GetCurrentWindow()->ID;
  if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
    bool here =
        ImGui::IsWindowHovered(ImGuiHoveredFlags_ChildWindows) && !ImGui::IsAnyItemHovered();
    if (here)
      dragging = self;
    else if (dragging == self)
      dragging = 0;
  }
  if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) dragging = 0;
  if (dragging == self && ImGui::IsMouseDragging(ImGuiMouseButton_Left))
    ImGui::SetScrollY(ImGui::GetScrollY() - io.MouseDelta.y);
}

void draw_inputs_side(App& app) {
  draw_inputs_column(app);
  draw_assumptions_panel(app);
  draw_files_panel(app);
  draw_share_field(app);
}

}  // namespace

void drag_scroll_window() { drag_scroll(); }

void draw_shell(App& app) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->WorkPos);
  ImGui::SetNextWindowSize(vp->WorkSize);
  ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                           ImGuiWindowFlags_NoSavedSettings |
                           ImGuiWindowFlags_NoBringToFrontOnFocus;
  ImGui::Begin("##shell", nullptr, flags);
  set_number_style(app.ui);  // every figure in the user's byte unit and the page's language
  draw_header(app);
  draw_preset_answer(app);
  if (app.ui.plan.open) {
    draw_plan_view(app);
  } else if (app.ui.narrow) {
    // One column: inputs, then results. A phone user wants the answer too, so a summary line
    // stays above the scrolling column and a tap on it scrolls down to the results.
    if (draw_summary_line(app)) app.ui.summary_open_results = true;
    ImGui::BeginChild("##column");
    draw_inputs_side(app);
    ImGui::Spacing();
    ImGui::Separator();
    if (app.ui.summary_open_results) {
      ImGui::SetScrollHereY(0.0f);
      app.ui.summary_open_results = false;
    }
    draw_results_column(app);
    drag_scroll();
    ImGui::EndChild();
  } else {
    float avail = ImGui::GetContentRegionAvail().x;
    float inputs_w = std::max(ImGui::GetFontSize() * 26, avail * 0.4f);
    ImGui::BeginChild("##inputs", ImVec2(inputs_w, 0), ImGuiChildFlags_None);
    draw_inputs_side(app);
    drag_scroll();
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("##results", ImVec2(0, 0), ImGuiChildFlags_None);
    draw_results_column(app);
    drag_scroll();
    ImGui::EndChild();
  }
  ImGui::End();
}

}  // namespace app
