#!/usr/bin/env bash
# Builds the browser and server bundles when any source they are made from is newer than the last build, and the
# server's stripped modules when a server source is newer than them.
set -euo pipefail
cd "$(dirname "$0")/.."
marker=${BUILD_DIR:-build}/server/index.js
if [ ! -f "$marker" ] || [ -n "$(find app contracts public package-lock.json vite.config.ts react-router.config.ts scripts/compress-assets.ts -newer "$marker" -print -quit 2>/dev/null)" ]; then
  echo "Building the site…"
  npx react-router build
fi
# The server's modules stripped of their types (ADR 0047): redone alone when only the server changed.
stripped=${BUILD_DIR:-build}/server-modules/manifest.json
if [ ! -f "$stripped" ] || [ -n "$(find server contracts -name '*.ts' -newer "$stripped" -print -quit 2>/dev/null)" ]; then
  node scripts/strip-server-types.ts
fi
