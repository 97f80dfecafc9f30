// Small form helpers shared by the input panels: a labelled row (label left on wide screens,
// above on narrow ones), sliders that show units and take typed values, help markers and test
// tags. Sizes are in font units (em) so the same code is right at every DPI.
#pragma once

#include <string>

#include "app_state.hpp"

namespace app::ui {

float em();  // current font size in pixels
// The wrap position of a tooltip's text: `ems` em, or the screen's width less 2 em where that is
// narrower (a phone), so no line runs past the edge of the screen the tooltip is kept on.
float tooltip_wrap(float ems);

// Starts a form row labelled tr(label_key) and sets the next item's width to fill the row.
// The caller pushes no ID: the row pushes label_key so widgets can use "##v".
void row_begin(const App& app, const char* label_key);
void row_end();

// Section heading tr(key).
void section(const char* key);

// "(?)" with tr(key) as a wrapped tooltip, beside the label of the next row (row_begin): a row's
// widget fills it, so a marker after the widget would be clipped away.
void help_for_next_row(const char* key);

// Publishes the last item's rectangle as window.llmSizer.widgetRect(id) (CSS pixels).
void tag(const App& app, const char* id);

// Integer slider with a unit format from the string table (e.g. "%d tokens"); Ctrl+click or
// double-click types a value. Logarithmic when the range spans decades. True when changed.
bool slider_int(const App& app, const char* label_key, const char* tag_id, int* v, int lo, int hi,
                const char* format_key, bool logarithmic);

// Same for doubles (tokens to train, ...), shown through `format` (a printf format for ImGui).
bool slider_double(const App& app, const char* label_key, const char* tag_id, double* v, double lo,
                   double hi, const char* format_key, bool logarithmic);

bool checkbox(const App& app, const char* label_key, const char* tag_id, bool* v);

// A small button inside a table row on wide screens; a full, frame-tall button on narrow (touch)
// screens, where every target is at least k_touch_target_css_px tall.
bool small_button(const App& app, const char* label);

// A combo over `count` items labelled by `item_label(i)`; true when the selection changed.
template <typename LabelFn>
bool combo(const App& app, const char* label_key, const char* tag_id, int* index, int count,
           LabelFn item_label);

}  // namespace app::ui

#include "panels/inputs_widgets_inl.hpp"
