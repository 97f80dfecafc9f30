#!/usr/bin/env bash
# Prints LLM Sizer's speed and size figures and writes them into docs/BENCHMARKS.md:
#   core  - core evaluations per second (Google Benchmark, native) and the same calls from
#           JavaScript (tools/bench-wasm.mjs: wasm under Node, JSON in and out);
#   site  - tools/bench-site.mjs: each file of dist/ raw and gzip, what app.wasm is made of, the
#           bytes fetched before the first frame, time to first frame (median of 7 cold loads),
#           frames drawn in 5 s of idleness, CPU time per frame while a slider is dragged.
# Usage: tools/bench.sh [core|site|all]   (default all). Builds what it needs first.
# BENCH_BASELINE=DIR (a dist/ built before a change) alternates its cold loads with the measured
# ones, so the before and after medians come from the same minutes of a shared machine.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
what="${1:-all}"
tools/install-deps.sh
export NODE_PATH=/usr/share/nodejs

if [ "$what" = core ] || [ "$what" = all ]; then
  echo "== core evaluations per second (native, RelWithDebInfo) =="
  cmake --preset native >/dev/null
  cmake --build --preset native --target sizer_bench
  build/native/bench/sizer_bench --benchmark_min_time=0.5
  echo
  echo "== core from JavaScript (wasm under Node, JSON in and out, CPU time) =="
  cmake --preset web >/dev/null
  cmake --build --preset web --target sizer_module >/dev/null
  node tools/bench-wasm.mjs build/web/web
  echo
fi

if [ "$what" = site ] || [ "$what" = all ]; then
  echo "== site: sizes, first load, frames (headless Chromium, SwiftShader) =="
  cmake --preset web >/dev/null
  cmake --build --preset web --target site >/dev/null
  baseline=()
  if [ -n "${BENCH_BASELINE:-}" ]; then baseline=(--baseline "$BENCH_BASELINE"); fi
  # The first frame against pages that paint on their first render: tools/paint-floor (no
  # framework: the earliest such a page can paint) and, where a copy of its deployed files is in
  # build/gpu_poor-site (never committed), the gpu_poor calculator issue 12 names.
  compare=(--floor tools/paint-floor/floor/index.html)
  if [ -f build/gpu_poor-site/gpu_poor/index.html ]; then
    compare+=(--react build/gpu_poor-site/gpu_poor/index.html)
  fi
  node tools/bench-site.mjs dist --names build/web/imgui_app/app.wasm.orig --runs 7 "${baseline[@]}" "${compare[@]}"
fi
