#!/usr/bin/env bash
# `npm test`: every test. Lint and types; unit and API tests on PGlite; the same again on PostgreSQL when
# DATABASE_URL answers; then the browser journeys in Debian's Chromium against a fresh build.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
export ROOT
# shellcheck source=ensure-node.sh
source "$ROOT/scripts/ensure-node.sh"
cd "$ROOT"

step() { printf '\n\033[1m== %s ==\033[0m\n' "$*"; }

step "Lint and format"
npx biome check .

step "Types"
npx react-router typegen
npx tsc --noEmit

step "Unit and API tests on PGlite"
DATABASE_URL= npx vitest run

if [ -n "${DATABASE_URL:-}" ]; then
  if node scripts/database-answers.ts; then
    step "Unit and API tests on PostgreSQL ($DATABASE_URL)"
    npx vitest run
  else
    echo "DATABASE_URL is set but the server does not answer; skipping the PostgreSQL run." >&2
    exit 1
  fi
fi

step "Browser journeys"
bash scripts/ensure-chromium.sh
npx react-router build
npx playwright test
