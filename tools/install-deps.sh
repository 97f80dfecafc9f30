#!/usr/bin/env bash
# Installs everything LLM Sizer needs to build, serve and test, from Debian's packages and npm.
# Idempotent: a second run only checks and returns quickly.
#   tools/install-deps.sh            # build + test dependencies
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

APT_PACKAGES=(
  cmake ninja-build g++ make git xz-utils dpkg-dev ca-certificates
  emscripten            # 3.1.6: clang-14, lld-14, binaryen, frozen system-library cache
  node-acorn            # Emscripten's JS optimizer needs it (NODE_PATH=/usr/share/nodejs)
  catch2                # 2.13.x, header-only, CMake config + Catch.cmake
  nlohmann-json3-dev    # tests only: reference JSON in tests, fuzz targets, calibration runner
  clang-14 libclang-rt-14-dev   # libFuzzer + sanitizers for fuzz targets
  libbenchmark-dev      # Google Benchmark for tools/bench.sh
  chromium              # headless browser tests (driven by playwright-core)
  fonts-noto-cjk fonts-inter python3-fonttools   # Inter subset + the switch's 中文 at build time; Noto CJK draws the Chinese UI in tests
  gzip
  ccache                # compiler cache: a fresh clone of an unchanged tree builds from it
)

have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi
fi

missing=()
if command -v dpkg-query >/dev/null 2>&1; then
  for p in "${APT_PACKAGES[@]}"; do have_pkg "$p" || missing+=("$p"); done
  if ! command -v node >/dev/null 2>&1; then missing+=(nodejs npm); fi
else
  echo "llm-sizer: this system has no dpkg/apt. Install these (Debian 12 versions or newer):" >&2
  echo "  cmake>=3.25 ninja g++>=12 emscripten=3.1.6 catch2=2.13 nlohmann-json=3.11 clang-14 libFuzzer" >&2
  echo "  google-benchmark chromium node>=18 npm Noto Sans CJK SC, Inter, python3-fonttools" >&2
  echo "  and Dear ImGui 1.90.1 sources in third_party/imgui (see tools/fetch-imgui.sh)" >&2
  exit 1
fi

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ] && [ -z "$SUDO" ]; then
    echo "llm-sizer: missing packages and no root/sudo: apt-get install ${missing[*]}" >&2
    exit 1
  fi
  echo "llm-sizer: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

"$ROOT/tools/fetch-imgui.sh"

# Node packages, pinned by package-lock.json.
if [ ! -d "$ROOT/node_modules/playwright-core" ] || [ "$ROOT/package-lock.json" -nt "$ROOT/node_modules/.package-lock.json" ]; then
  (cd "$ROOT" && npm ci --no-audit --no-fund --loglevel=error)
fi
