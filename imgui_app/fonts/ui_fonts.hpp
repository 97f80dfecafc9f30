// The app's fonts: Inter (Latin) with Noto Sans CJK SC merged in, built at the device pixel ratio
// so text is crisp on HiDPI screens; rebuilt when the ratio changes (browser zoom). The full CJK
// subset is not embedded (it would add ~85 KB gzip to every first load): the page fetches it when
// the UI is Chinese and hands it over with set_cjk_font_data. Until then only the few CJK glyphs
// the English UI shows (the "中文" switch) are there, from a tiny embedded subset.
#pragma once

#include <string>

struct ImFont;

namespace app {

// Builds the atlas for `scale` (= device pixel ratio x UI scale). Call between frames; the caller
// re-uploads the texture (ImGui_ImplOpenGL3_CreateFontsTexture).
void build_fonts(float scale);

// The fetched cjk.otf (imgui_app/fonts/subset_fonts.py); takes effect on the next build_fonts.
void set_cjk_font_data(std::string otf);
// True once every glyph of the Chinese UI is available (after set_cjk_font_data + build_fonts).
bool has_cjk_font();

ImFont* body_font();
ImFont* heading_font();  // 1.5x, for the title and big numbers

// CSS pixel size of body text.
inline constexpr float k_body_font_css_px = 15.0f;

}  // namespace app
