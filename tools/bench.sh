#!/usr/bin/env bash
# Prints LLM Sizer's speed and size figures: core evaluations/s (Google Benchmark, native), the
# same calls from JavaScript (wasm under Node), the gzip size of the shipped wasm + js, and the
# browser's time to first frame. docs/BENCHMARKS.md keeps the figures with machine and date. Builds what it needs first.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
tools/install-deps.sh
export NODE_PATH=/usr/share/nodejs

echo "== core evaluations per second (native, RelWithDebInfo) =="
cmake --preset native >/dev/null
cmake --build --preset native --target sizer_bench
build/native/bench/sizer_bench --benchmark_min_time=0.5

echo
echo "== shipped sizes (dist/) =="
cmake --preset web >/dev/null
cmake --build --preset web --target site >/dev/null

echo
echo "== core from JavaScript (wasm under Node, JSON in and out) =="
node tools/bench-wasm.mjs build/web/web
printf '%-28s %12s %12s\n' file raw gzip
total_raw=0; total_gz=0
for f in dist/*.js dist/*.mjs dist/*.wasm; do
  [ -f "$f" ] || continue
  raw=$(stat -c %s "$f"); gz=$(gzip -9 -c "$f" | wc -c)
  total_raw=$((total_raw + raw)); total_gz=$((total_gz + gz))
  printf '%-28s %12d %12d\n' "$(basename "$f")" "$raw" "$gz"
done
printf '%-28s %12d %12d\n' "total js+wasm" "$total_raw" "$total_gz"

echo
echo "== time to first frame (headless Chromium, swiftshader) =="
node tools/bench-first-frame.mjs dist
