// The app's fonts: Inter (Latin) with the Noto Sans CJK SC subset merged in, built at the device
// pixel ratio so text is crisp on HiDPI screens; rebuilt when the ratio changes (browser zoom).
#pragma once

struct ImFont;

namespace app {

// Builds the atlas for `scale` (= device pixel ratio x UI scale). Call between frames; the caller
// re-uploads the texture (ImGui_ImplOpenGL3_CreateFontsTexture).
void build_fonts(float scale);

ImFont* body_font();
ImFont* heading_font();  // 1.5x, for the title and big numbers

// CSS pixel size of body text.
inline constexpr float k_body_font_css_px = 15.0f;

}  // namespace app
