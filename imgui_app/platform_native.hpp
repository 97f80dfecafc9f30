// Native builds only (tests/ui): what stands in for the browser's fonts there.
#pragma once

#include <string>

namespace platform {

// The font file draw_system_glyphs draws CJK with natively (`face` of a .ttc), standing in for
// the browser's system font; empty (the default) is a system without a Chinese font.
void set_native_cjk_font(std::string font_file, int face);

}  // namespace platform
