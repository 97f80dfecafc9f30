#include "panels/inputs_widgets.hpp"

#include <algorithm>
#include <cmath>

#include "imgui.h"
#include "logic/format.hpp"
#include "logic/i18n.hpp"
#include "logic/number_entry.hpp"
#include "misc/cpp/imgui_stdlib.h"
#include "platform.hpp"
#include "widgets/palette.hpp"

namespace app::ui {

float em() { return ImGui::GetFontSize(); }

float tooltip_wrap(float ems) {
  return std::min(em() * ems, ImGui::GetIO().DisplaySize.x - em() * 2);
}

namespace {

const char* g_next_row_help = nullptr;  // help_for_next_row: the next row_begin shows it

// On a phone the marker is a frame-tall button, so a finger can reach it (a tap shows the tip).
void draw_pending_help(const App& app) {
  const char* key = g_next_row_help;
  g_next_row_help = nullptr;
  if (key == nullptr) return;
  ImGui::SameLine();
  if (app.ui.narrow) {
    ImGui::Button("(?)");
  } else {
    ImGui::TextDisabled("(?)");
  }
  tag(app, key);
  if (ImGui::BeginItemTooltip()) {
    ImGui::PushTextWrapPos(em() * 28.0f);
    ImGui::TextUnformatted(tr(key));
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

}  // namespace

void help_for_next_row(const char* key) { g_next_row_help = key; }

void row_begin(const App& app, const char* label_key) {
  ImGui::PushID(label_key);
  // Wide screens: the label left of the widget; narrow ones: above it (level with a help button).
  if (!app.ui.narrow || g_next_row_help != nullptr) ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(tr(label_key));
  draw_pending_help(app);
  if (!app.ui.narrow) ImGui::SameLine(em() * 10.5f);
  ImGui::SetNextItemWidth(-FLT_MIN);
}

void row_end() { ImGui::PopID(); }

void section(const char* key) {
  ImGui::Spacing();
  ImGui::SeparatorText(tr(key));
}

bool small_button(const App& app, const char* label) {
  return app.ui.narrow ? ImGui::Button(label) : ImGui::SmallButton(label);
}

void tag(const App& app, const char* id) {
  ImVec2 min = ImGui::GetItemRectMin();
  ImVec2 max = ImGui::GetItemRectMax();
  float s = app.ui.dpr > 0 ? app.ui.dpr : 1.0f;
  platform::publish_widget_rect(id, min.x / s, min.y / s, (max.x - min.x) / s, (max.y - min.y) / s);
}

namespace {

// The one typed entry being edited (only one text field is active at a time), and the last
// refused entry with its message, shown under its slider until the next accepted change.
struct EntryState {
  ImGuiID editing = 0;
  std::string text;
  double value_at_press = 0;  // restored when a double-click turns out to mean "type a value"
  ImGuiID refused = 0;
  std::string refused_message;
};
EntryState g_entry;

// "%d tokens" -> "tokens", "× %d" -> "×": the unit words around a slider's number.
std::string unit_words(const char* format) {
  std::string f = format;
  for (const char* spec : {"%d", "%s"}) {
    if (std::size_t pos = f.find(spec); pos != std::string::npos) f.erase(pos, 2);
  }
  const std::size_t first = f.find_first_not_of(' ');
  const std::size_t last = f.find_last_not_of(' ');
  return first == std::string::npos ? "" : f.substr(first, last - first + 1);
}

// A slider without text (the number never sits under the grab), then a text field with the
// number and the unit words. Ctrl+click or double-click on the slider, or a click in the field,
// types a value; it is read with parse_number_entry and refused with a message when out of range.
bool slider_with_entry(const App& app, const char* tag_id, double* v, double lo, double hi,
                       const char* format_key, bool logarithmic, bool whole) {
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const std::string unit = unit_words(tr(format_key));
  const float entry_w = em() * (whole ? 5.5f : 4.5f);
  // A fixed column for the unit words, so the entries of neighbouring rows line up.
  const float unit_w =
      unit.empty() ? 0.0f : std::max(em() * 3.5f, ImGui::CalcTextSize(unit.c_str()).x) + spacing;
  const float slider_w = ImGui::GetContentRegionAvail().x - entry_w - unit_w - spacing;
  ImGuiSliderFlags flags = ImGuiSliderFlags_AlwaysClamp | ImGuiSliderFlags_NoInput;
  if (logarithmic) flags |= ImGuiSliderFlags_Logarithmic;
  ImGui::SetNextItemWidth(std::max(slider_w, em() * 3));
  const double before = *v;
  bool changed = ImGui::SliderScalar("##v", ImGuiDataType_Double, v, &lo, &hi, "", flags);
  if (tag_id != nullptr) tag(app, tag_id);
  const bool double_click = ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left);
  if (ImGui::IsItemActivated() && !double_click) g_entry.value_at_press = before;
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_DelayNormal))
    ImGui::SetTooltip("%s", tr("tip.slider"));
  const ImGuiIO& io = ImGui::GetIO();
  bool want_typing = false;
  if (ImGui::IsItemHovered() && double_click) {
    // The first click of the double-click moved the value: put it back, then type.
    changed = *v != g_entry.value_at_press || changed;
    *v = g_entry.value_at_press;
    want_typing = true;
  } else if (ImGui::IsItemActivated() && io.KeyCtrl) {
    *v = before;
    changed = false;
    want_typing = true;
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(entry_w);
  const ImGuiID entry_id = ImGui::GetID("##entry");
  std::string shown = whole ? fmt::integer(*v) : fmt::count(*v);
  std::string* buffer = g_entry.editing == entry_id ? &g_entry.text : &shown;
  if (want_typing) ImGui::SetKeyboardFocusHere();
  ImGui::InputText("##entry", buffer, ImGuiInputTextFlags_AutoSelectAll);
  if (tag_id != nullptr) tag(app, (std::string(tag_id) + "-entry").c_str());
  if (ImGui::IsItemActivated()) {
    g_entry.editing = entry_id;
    g_entry.text = *buffer;  // keeps a keystroke typed in the very frame the field opened
  }
  if (ImGui::IsItemDeactivated() && g_entry.editing == entry_id) {
    g_entry.editing = 0;
    const NumberEntry typed = parse_number_entry(g_entry.text, lo, hi, whole);
    if (typed.ok) {
      g_entry.refused = 0;
      if (typed.value != *v) {
        *v = typed.value;
        changed = true;
      }
    } else if (g_entry.text != shown) {
      g_entry.refused = entry_id;
      g_entry.refused_message = trf(typed.message_key.c_str(), typed.args);
    }
  }
  if (!unit.empty()) {
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("%s", unit.c_str());
  }
  if (changed && g_entry.refused == entry_id) g_entry.refused = 0;
  if (g_entry.refused == entry_id) {
    ImGui::PushStyleColor(ImGuiCol_Text, widgets::to_vec4(widgets::bad_color()));
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(g_entry.refused_message.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
    if (tag_id != nullptr) tag(app, (std::string(tag_id) + "-refused").c_str());
  }
  return changed;
}

}  // namespace

bool slider_int(const App& app, const char* label_key, const char* tag_id, int* v, int lo, int hi,
                const char* format_key, bool logarithmic) {
  row_begin(app, label_key);
  double value = *v;
  const bool changed =
      slider_with_entry(app, tag_id, &value, lo, hi, format_key, logarithmic, true);
  if (changed) *v = static_cast<int>(std::lround(value));
  row_end();
  return changed;
}

bool slider_double(const App& app, const char* label_key, const char* tag_id, double* v, double lo,
                   double hi, const char* format_key, bool logarithmic) {
  row_begin(app, label_key);
  const bool changed = slider_with_entry(app, tag_id, v, lo, hi, format_key, logarithmic, false);
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
