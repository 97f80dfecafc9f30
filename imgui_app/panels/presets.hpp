// The "Seed questions" menu: every question of the seed articles as one click (logic/presets.hpp
// holds the table), grouped by topic and searchable in either language, plus the answer card of
// the preset last applied with the engine's live figure beside it.
#pragma once

#include "app_state.hpp"

namespace app {

// A button that opens the searchable list; a click on a question loads its full configuration
// (inputs, mode tab) and makes its answer the active one. Tags: "presets-open", "presets-search",
// "preset-<id>".
void draw_presets_menu(App& app);

// The active preset's question, answer and the engine's current value of the figure the answer
// quotes (flagged when the inputs have moved out of the answer's range). Draws nothing when no
// preset is active. Tags: "preset-answer", "preset-answer-close".
void draw_preset_answer(App& app);

}  // namespace app
