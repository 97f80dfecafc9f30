// The app's fonts: Inter (Latin) built at the device pixel ratio so text is crisp on HiDPI
// screens; rebuilt when the ratio changes (browser zoom). The site ships no CJK font: when the UI
// turns Chinese, the browser draws each CJK character of the zh text with the system's own
// Chinese font (platform::draw_system_glyphs) into the atlas, at Inter's em and on its baseline.
// Until then only the "中文" of the language switch is there, from a tiny embedded subset.
#pragma once

#include <string>

struct ImFont;

namespace app {

// Builds the atlas for `scale` (= device pixel ratio x UI scale). Call between frames; the caller
// re-uploads the texture (ImGui_ImplOpenGL3_CreateFontsTexture).
void build_fonts(float scale);

// On: the zh text is installed, and the next build_fonts draws its CJK characters with the
// system font. Off: the English atlas again.
void use_system_cjk_font(bool on);
// True once every glyph of the Chinese UI is in the atlas (after use_system_cjk_font +
// build_fonts).
bool has_cjk_font();
// True when the last build_fonts wanted the CJK glyphs and the system has no Chinese font (the
// atlas is then the English one again).
bool system_cjk_font_missing();

ImFont* body_font();
ImFont* heading_font();  // 1.5x, for the title and big numbers

// CSS pixel size of body text.
inline constexpr float k_body_font_css_px = 15.0f;

}  // namespace app
