#include "panels/inputs_widgets.hpp"

#include <cmath>

#include "imgui.h"
#include "logic/format.hpp"
#include "logic/i18n.hpp"
#include "platform.hpp"

namespace app::ui {

float em() { return ImGui::GetFontSize(); }

void row_begin(const App& app, const char* label_key) {
  ImGui::PushID(label_key);
  const char* label = tr(label_key);
  if (app.ui.narrow) {
    ImGui::TextUnformatted(label);
  } else {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(label);
    ImGui::SameLine(em() * 10.5f);
  }
  ImGui::SetNextItemWidth(-FLT_MIN);
}

void row_end() { ImGui::PopID(); }

void section(const char* key) {
  ImGui::Spacing();
  ImGui::SeparatorText(tr(key));
}

void help_marker(const char* key) {
  ImGui::SameLine();
  ImGui::TextDisabled("(?)");
  if (ImGui::BeginItemTooltip()) {
    ImGui::PushTextWrapPos(em() * 28.0f);
    ImGui::TextUnformatted(tr(key));
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

void tag(const App& app, const char* id) {
  ImVec2 min = ImGui::GetItemRectMin();
  ImVec2 max = ImGui::GetItemRectMax();
  float s = app.ui.dpr > 0 ? app.ui.dpr : 1.0f;
  platform::publish_widget_rect(id, min.x / s, min.y / s, (max.x - min.x) / s, (max.y - min.y) / s);
}

bool slider_int(const App& app, const char* label_key, const char* tag_id, int* v, int lo, int hi,
                const char* format_key, bool logarithmic) {
  row_begin(app, label_key);
  ImGuiSliderFlags flags = ImGuiSliderFlags_AlwaysClamp;
  if (logarithmic) flags |= ImGuiSliderFlags_Logarithmic;
  bool changed = ImGui::SliderInt("##v", v, lo, hi, tr(format_key), flags);
  if (tag_id != nullptr) tag(app, tag_id);
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_DelayNormal))
    ImGui::SetTooltip("%s", tr("tip.slider"));
  row_end();
  return changed;
}

bool slider_double(const App& app, const char* label_key, const char* tag_id, double* v, double lo,
                   double hi, const char* format_key, bool logarithmic) {
  row_begin(app, label_key);
  ImGuiSliderFlags flags = ImGuiSliderFlags_AlwaysClamp;
  if (logarithmic) flags |= ImGuiSliderFlags_Logarithmic;
  // The shown text is formatted here ("1.00B tokens"); a format without '%' makes ImGui print it
  // as is and fall back to plain "%f" when the user types a value (Ctrl+click).
  std::string shown = fmt::count(*v) + " " + tr(format_key);
  for (std::size_t pos = shown.find('%'); pos != std::string::npos; pos = shown.find('%', pos + 2))
    shown.insert(pos, "%");
  bool changed =
      ImGui::SliderScalar("##v", ImGuiDataType_Double, v, &lo, &hi, shown.c_str(), flags);
  if (tag_id != nullptr) tag(app, tag_id);
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_DelayNormal))
    ImGui::SetTooltip("%s", tr("tip.slider"));
  row_end();
  return changed;
}

bool checkbox(const App& app, const char* label_key, const char* tag_id, bool* v) {
  ImGui::PushID(label_key);
  if (!app.ui.narrow) ImGui::SetCursorPosX(em() * 10.5f);  // line up with the row widgets
  bool changed = ImGui::Checkbox(tr(label_key), v);
  if (tag_id != nullptr) tag(app, tag_id);
  ImGui::PopID();
  return changed;
}

}  // namespace app::ui
