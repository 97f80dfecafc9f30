#!/usr/bin/env bash
# Regenerates the files derived from the code: web/sizer.d.ts and docs/FIELDS.md (from the core's
# field tables) and docs/VALIDATION.md (every calibration row through the engine). The test
# command checks the first two and writes the validation report under build/ only.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
cmake --preset native >/dev/null
cmake --build --preset native --target sizer_schema sizer_validate
build/native/tools/schema/sizer_schema dts >web/sizer.d.ts
build/native/tools/schema/sizer_schema fields >docs/FIELDS.md
build/native/tests/sizer_validate tests/validation/data/calibration-requests.jsonl docs/VALIDATION.md
echo "regenerated web/sizer.d.ts, docs/FIELDS.md, docs/VALIDATION.md"
