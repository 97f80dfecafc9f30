// The text a frame shows, read back from its draw data, for tests (window.llmSizer.frameText()
// and tests/ui): every glyph ImGui drew inside its clip rectangle, mapped back to its code point
// through the font atlas, whatever drew it (widgets, tooltips, popups, chart labels). One block
// per draw list (window) in drawing order; in each, one line per row of glyphs, top to bottom,
// and a space wherever the pen moved on by more than a fifth of the font size.
#pragma once

#include <string>

struct ImDrawData;

namespace app::widgets {

std::string frame_text(const ImDrawData& data);

}  // namespace app::widgets
