// The Chinese UI in tests: the browser draws CJK with the system's font (fonts/ui_fonts.hpp);
// natively the same Noto Sans CJK SC the build machine has (Debian fonts-noto-cjk) stands in.
#pragma once

#include <string>

#include "fonts/ui_fonts.hpp"
#include "platform_native.hpp"
#include "string_tables.hpp"

namespace ui_test {

// Face 2 of the collection is "Noto Sans CJK SC" (TOOLCHAIN gotcha 13).
inline void use_system_cjk_font() {
  static const std::string noto = read_file(SIZER_NOTO_CJK_TTC);  // 20 MB: read once
  platform::set_native_cjk_font(noto, 2);
  app::use_system_cjk_font(true);
}

// Back to the English atlas and a system without a Chinese font.
inline void use_no_cjk_font() {
  platform::set_native_cjk_font("", 0);
  app::use_system_cjk_font(false);
}

}  // namespace ui_test
