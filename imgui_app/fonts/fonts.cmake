# The font subset rule shared by the app (embeds the result) and tests/ui (checks its coverage).
# Defines SIZER_FONT_DIR (where latin.otf, cjk_switch.otf and fonts_embedded.cpp, which embeds
# both, are generated) and the custom target sizer_fonts. Every string table in imgui_app/strings
# feeds the Latin subset, so a new string gets its glyphs on the next build; a Chinese UI draws
# its CJK characters with the system's font (fonts/ui_fonts.hpp).
include_guard(GLOBAL)

set(SIZER_FONT_PYTHON "/usr/bin/python3" CACHE FILEPATH
    "Debian's python with python3-fonttools (TOOLCHAIN gotcha 13)")
set(SIZER_FONT_DIR "${CMAKE_BINARY_DIR}/fonts")
file(GLOB SIZER_STRING_TABLES CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/imgui_app/strings/*.tsv")

foreach(font "/usr/share/fonts/opentype/inter/Inter-Regular.otf"
             "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
  if(NOT EXISTS "${font}")
    message(FATAL_ERROR "LLM Sizer: ${font} not found. Run tools/install-deps.sh "
                        "(Debian packages fonts-inter and fonts-noto-cjk).")
  endif()
endforeach()

add_custom_command(
  OUTPUT "${SIZER_FONT_DIR}/latin.otf" "${SIZER_FONT_DIR}/cjk_switch.otf"
         "${SIZER_FONT_DIR}/fonts_embedded.cpp"
  COMMAND "${SIZER_FONT_PYTHON}" "${PROJECT_SOURCE_DIR}/imgui_app/fonts/subset_fonts.py"
          "${SIZER_FONT_DIR}" ${SIZER_STRING_TABLES}
  DEPENDS "${PROJECT_SOURCE_DIR}/imgui_app/fonts/subset_fonts.py" ${SIZER_STRING_TABLES}
  COMMENT "Subsetting Inter to the UI's strings, Noto Sans CJK SC to the language switch")
add_custom_target(sizer_fonts DEPENDS "${SIZER_FONT_DIR}/fonts_embedded.cpp")
