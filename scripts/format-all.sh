#!/usr/bin/env bash
# Formats the whole repository once (after merging the branches that predate Biome): Biome's
# formatter, its import order and its safe lint fixes (safe: they never change behaviour), then
# checks that `npm run lint` (biome ci) passes. Later, `npm run format` keeps files formatted.
set -euo pipefail
cd "$(dirname "$0")/.."
# Twice: a few long member chains only settle on the second pass.
npx biome check --write . || true
npx biome check --write .
npx biome ci .
