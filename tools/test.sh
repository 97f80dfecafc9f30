#!/usr/bin/env bash
# Installs what is missing, builds everything, and runs every test of LLM Sizer:
#   native Catch2 suite (core + UI logic + the check that web/sizer.d.ts and docs/FIELDS.md match
#   the core's field tables), the same suites under AddressSanitizer/UBSan, the calibration report
#   (written to build/VALIDATION.md; tools/regen-docs.sh refreshes docs/), short libFuzzer runs,
#   the core suite compiled to wasm under Node, the Node tests of the Embind module, and the
#   browser tests (Chromium).
# Exits non-zero if anything fails. Set SIZER_FUZZ_SECONDS=0 to skip fuzzing.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export NODE_PATH=/usr/share/nodejs
JOBS="${SIZER_JOBS:-$(nproc)}"
FUZZ_SECONDS="${SIZER_FUZZ_SECONDS:-15}"
CALIBRATION="$ROOT/tests/validation/data/calibration-requests.jsonl"

passed=0; failed=0; failures=()
# Wall time of each step, printed at the end (docs/BENCHMARKS.md, "CI time", records the figures).
timings=(); step_name=""; step_start=$SECONDS
end_step() {
  if [ -n "$step_name" ]; then timings+=("$(printf '%5d s  %s' $((SECONDS - step_start)) "$step_name")"); fi
  step_name=""
}
step() { end_step; step_name="$*"; step_start=$SECONDS; echo; echo "=== $* ==="; }
record() {  # record NAME PASSED FAILED
  passed=$((passed + $2)); failed=$((failed + $3))
  if [ "$3" -ne 0 ]; then failures+=("$1"); fi
}
# ctest summary: "100% tests passed, 0 tests failed out of 57"
ctest_counts() {
  local log="$1" total bad
  total=$(grep -Eo 'tests failed out of [0-9]+' "$log" | grep -Eo '[0-9]+$' | tail -1)
  bad=$(grep -Eo '[0-9]+ tests failed out of' "$log" | grep -Eo '^[0-9]+' | tail -1)
  if [ -z "$total" ]; then echo "0 1"; else echo "$((total - bad)) $bad"; fi
}
# node --test summary: "# pass 12" / "# fail 0"
node_counts() {
  local log="$1" p f
  p=$(grep -E '^# pass [0-9]+' "$log" | tail -1 | grep -Eo '[0-9]+$')
  f=$(grep -E '^# fail [0-9]+' "$log" | tail -1 | grep -Eo '[0-9]+$')
  echo "${p:-0} ${f:-1}"
}
mkdir -p build/logs

step "dependencies"
tools/install-deps.sh || { echo "llm-sizer: dependency install failed" >&2; exit 1; }

step "native build"
# Without the Google Benchmark binary: CI never runs it (tools/bench.sh configures the preset
# again, which turns it back on, and builds it).
if cmake --preset native -DSIZER_BENCH=OFF >build/logs/native-configure.log 2>&1 \
   && cmake --build --preset native -j "$JOBS"; then
  step "native tests (Catch2 via CTest)"
  ctest --preset native -j "$JOBS" 2>&1 | tee build/logs/native-ctest.log | tail -15
  read -r p f < <(ctest_counts build/logs/native-ctest.log); record "native tests" "$p" "$f"

  step "calibration report (build/VALIDATION.md)"
  if build/native/tests/sizer_validate "$CALIBRATION" build/VALIDATION.md; then
    record "validation report" 1 0
  else
    record "validation report" 0 1
  fi
else
  cat build/logs/native-configure.log | tail -20
  record "native build" 0 1
fi

# One clang-14 tree for the sanitizers and the fuzzers (CMakePresets.json, native-asan): the core
# compiles once, with ASan + UBSan and libFuzzer's coverage instrumentation, for the test suites
# and the libFuzzer targets (which add only their own files and the fuzzer runtime).
step "native-asan build (AddressSanitizer + UBSan, clang-14): core suite and the app's panels"
asan_configured=0
if cmake --preset native-asan >build/logs/asan-configure.log 2>&1; then asan_configured=1; fi
if [ "$asan_configured" = 1 ] \
   && cmake --build --preset native-asan -j "$JOBS" --target sizer_tests sizer_ui_tests; then
  step "native-asan tests"
  for suite in tests/sizer_tests tests/ui/sizer_ui_tests; do
    name=$(basename "$suite")
    if build/native-asan/$suite >build/logs/asan-$name.log 2>&1; then
      record "asan $name" 1 0; tail -2 build/logs/asan-$name.log
    else
      tail -40 build/logs/asan-$name.log; record "asan $name" 0 1
    fi
  done
else
  tail -20 build/logs/asan-configure.log; record "asan build" 0 1
fi

if [ "$FUZZ_SECONDS" != "0" ] && [ -f tests/fuzz/CMakeLists.txt ] && [ "$asan_configured" = 1 ]; then
  step "fuzz build (the fuzz targets in the native-asan tree)"
  if cmake --build --preset native-asan -j "$JOBS" --target fuzz_all; then
    step "fuzz smoke (${FUZZ_SECONDS}s per target)"
    # Each target runs alone on a core for FUZZ_SECONDS; JOBS of them at once (the build's cores),
    # so the smoke takes FUZZ_SECONDS per JOBS targets of wall time, not per target.
    fuzz_one() {  # fuzz_one BIN: exit status 0 = no finding; its log is build/logs/<name>.log
      local bin="$1" name work rc
      name=$(basename "$bin")
      work=$(mktemp -d)
      [ -d "tests/fuzz/corpus/${name#fuzz_}" ] && cp -r "tests/fuzz/corpus/${name#fuzz_}"/. "$work"/ 2>/dev/null
      "$bin" -max_total_time="$FUZZ_SECONDS" -rss_limit_mb=2048 -artifact_prefix=build/logs/ "$work" \
        >"build/logs/$name.log" 2>&1
      rc=$?
      rm -rf "$work"
      return $rc
    }
    fuzz_bins=(); fuzz_pids=()
    for bin in build/native-asan/tests/fuzz/fuzz_*; do
      [ -x "$bin" ] || continue
      while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done
      fuzz_one "$bin" & fuzz_bins+=("$bin"); fuzz_pids+=($!)
    done
    for i in "${!fuzz_bins[@]}"; do
      name=$(basename "${fuzz_bins[$i]}")
      if wait "${fuzz_pids[$i]}"; then
        record "$name" 1 0; echo "$name: ok ($(grep -Eo '#[0-9]+' build/logs/$name.log | tail -1) runs)"
      else
        tail -30 build/logs/$name.log; record "$name" 0 1
      fi
    done
  else
    record "fuzz build" 0 1
  fi
fi

step "web build (Emscripten): wasm tests, Embind module, ImGui app, dist/"
if cmake --preset web >build/logs/web-configure.log 2>&1 && cmake --build --preset web -j "$JOBS" \
   && cmake --build --preset web --target site; then
  step "core tests as wasm under Node"
  ctest --preset web 2>&1 | tee build/logs/web-ctest.log | tail -5
  read -r p f < <(ctest_counts build/logs/web-ctest.log); record "wasm tests" "$p" "$f"

  step "Node tests of the Embind module"
  if ls web/tests/*.test.mjs >/dev/null 2>&1; then
    node --test web/tests/ 2>&1 | tee build/logs/node.log | tail -12
    read -r p f < <(node_counts build/logs/node.log); record "node tests" "$p" "$f"
  fi

  step "browser tests (playwright-core + Chromium)"
  if ls tests/browser/*.test.mjs >/dev/null 2>&1; then
    node --test --test-concurrency=1 tests/browser/ 2>&1 | tee build/logs/browser.log | tail -15
    read -r p f < <(node_counts build/logs/browser.log); record "browser tests" "$p" "$f"
  fi
else
  tail -30 build/logs/web-configure.log; record "web build" 0 1
fi

end_step
echo
echo "=== wall time per step ==="
printf '%s\n' "${timings[@]}"
echo "$(printf '%5d s' "$SECONDS")  in all"
echo
if [ "$failed" -ne 0 ]; then echo "llm-sizer: failed: ${failures[*]}"; fi
echo "tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
