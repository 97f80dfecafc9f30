// strtod without the long-double arithmetic of musl's for the numbers the app reads at start-up.
// musl's strtod works in 128-bit long double, which wasm emulates in software: 12 KB of code that
// the first frame would wait for, since the core reads its catalogs with strtod. Every number of
// those catalogs has at most 15 significant digits and a small decimal exponent, and such a number
// is exactly m x 10^k with m < 2^53 and |k| <= 22, both exact doubles, so one IEEE multiplication
// or division rounds it correctly (Clinger, "How to read floating point numbers accurately", PLDI
// 1990, the "fast path"). Anything else goes to `fallback` (the real strtod) unchanged, so the
// result and the end pointer are always strtod's own. Pure C++, tested against strtod natively
// (tests/ui/fast_strtod_test.cpp); the web link routes strtod here (strtod_wrap.cpp).
#pragma once

namespace app {

using StrtodFn = double (*)(const char* text, char** end);

double fast_strtod(const char* text, char** end, StrtodFn fallback);

}  // namespace app
