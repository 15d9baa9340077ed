#!/usr/bin/env bash
# `npm start`: on a fresh machine installs Node 24 and the dependencies, builds, then serves the site on the
# embedded defaults (PGlite in ./data, demo market data, console SMS, demo payments, offline assistant).
# The database is migrated and seeded by the server itself at start; it prints a URL per region.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
export ROOT
# shellcheck source=ensure-node.sh
source "$ROOT/scripts/ensure-node.sh"
cd "$ROOT"
bash scripts/build-if-stale.sh
export NODE_ENV=${NODE_ENV:-production}
exec node server/main.ts
