// Every strtod call of the app's link (the core's catalog and price readers, ImGui's ImAtof, the
// app's own parsers) lands here (-Wl,--wrap=strtod, CMakeLists.txt): logic/fast_strtod.hpp says
// why, and hands whatever is not on its fast path to the real strtod, which then loads with the
// functions the first frame does not run (imgui_app/split_app.mjs).
#include "logic/fast_strtod.hpp"

extern "C" double __real_strtod(const char* text, char** end);

extern "C" double __wrap_strtod(const char* text, char** end) {
  return app::fast_strtod(text, end, __real_strtod);
}
