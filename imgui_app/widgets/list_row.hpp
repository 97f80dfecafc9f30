// Rows of picker lists and tables that a finger can hit: as tall as a frame (a button or combo),
// which apply_style makes 44 CSS px on phones and about a text line plus padding on desktops.
// The row's label is centred vertically (style.SelectableTextAlign, set in apply_style).
#pragma once

#include "imgui.h"

namespace app::widgets {

// The height a list_row asks ImGui for (its hit box is one frame tall).
float list_row_height();

// A selectable row of a popup list. ImGui's Selectable adds the item spacing to its hit box, so
// the row asks for the frame height less that spacing: the hit box is one frame tall.
bool list_row(const char* label, bool selected, ImGuiSelectableFlags flags = 0);

// A selectable table row (spanning all columns), one frame tall plus the cell padding; the other
// cells of the row call ImGui::AlignTextToFramePadding() so their text is level with the label.
bool table_row(const char* label, bool selected);

// After ImGui::SameLine() beside a list_row: moves the cursor down so the next text sits level
// with the row's label.
void align_text_to_list_row();

}  // namespace app::widgets
