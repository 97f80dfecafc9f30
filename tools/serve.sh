#!/usr/bin/env bash
# Installs what is missing, builds the web app into dist/, and serves it at http://127.0.0.1:8080/
#   tools/serve.sh [port]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PORT="${1:-8080}"
cd "$ROOT"
tools/install-deps.sh
export NODE_PATH=/usr/share/nodejs
cmake --preset web >/dev/null
cmake --build --preset web --target site
echo "LLM Sizer: serving $ROOT/dist at http://127.0.0.1:$PORT/  (Ctrl+C to stop)"
exec node tools/static-server.mjs dist "$PORT"
