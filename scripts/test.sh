#!/usr/bin/env bash
# `npm test`: every test. Lint, types and the import rules; unit and API tests on PGlite; those that use a database
# again on PostgreSQL when DATABASE_URL answers (vitest.config.ts picks them, ADR 0039); then a fresh build, its
# JavaScript budget per route, and the browser journeys in Debian's Chromium against it.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
export ROOT
# shellcheck source=ensure-node.sh
source "$ROOT/scripts/ensure-node.sh"
cd "$ROOT"

# Each step prints how long the one before it took, so a slow run shows where its time went.
step_started=$SECONDS
step() {
  printf '\n(%s s)\n\033[1m== %s ==\033[0m\n' "$((SECONDS - step_started))" "$*"
  step_started=$SECONDS
}
trap 'printf "\n(%s s; %s s in all)\n" "$((SECONDS - step_started))" "$SECONDS"' EXIT

# First: the OCR tests render Chinese text with the CJK fonts, and the browser journeys need Chromium.
step "System packages (Chromium, CJK fonts)"
bash scripts/ensure-chromium.sh

step "Lint and format"
npx biome check .

step "Types"
npx react-router typegen
npx tsc --noEmit

step "Import rules (ADR 0023)"
node scripts/import-rules.ts

step "Unit and API tests on PGlite"
DATABASE_URL= npx vitest run

if [ -n "${DATABASE_URL:-}" ]; then
  if node scripts/database-answers.ts; then
    step "Tests that use a database, on PostgreSQL ($DATABASE_URL; ADR 0039)"
    npx vitest run
  else
    echo "DATABASE_URL is set but the server does not answer; skipping the PostgreSQL run." >&2
    exit 1
  fi
fi

step "Build"
npx react-router build

step "JavaScript budget (first paint, per route)"
node scripts/js-budget.ts

step "Browser journeys"
npx playwright test
