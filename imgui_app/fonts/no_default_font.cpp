// Dear ImGui 1.90.1 has no IMGUI_DISABLE_DEFAULT_FONT yet: ImFontAtlas::Build() calls
// AddFontDefault() when no font was added, which keeps the embedded ProggyClean font (12 KB of
// base85 text, ~9 KB gzip) in the wasm although build_fonts always adds Inter first. The link
// wraps AddFontDefault with this function (-Wl,--wrap, imgui_app/CMakeLists.txt), so the original
// and its data are dropped. Reaching it is a bug: build_fonts was not called.
#include "imgui.h"

extern "C" ImFont* __wrap__ZN11ImFontAtlas14AddFontDefaultEPK12ImFontConfig(ImFontAtlas*,
                                                                            const ImFontConfig*) {
  IM_ASSERT(false && "LLM Sizer: the font atlas was built before app::build_fonts");
  return nullptr;
}
