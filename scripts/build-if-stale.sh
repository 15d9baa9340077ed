#!/usr/bin/env bash
# Builds the browser and server bundles when any source they are made from is newer than the last build.
set -euo pipefail
cd "$(dirname "$0")/.."
marker=${BUILD_DIR:-build}/server/index.js
if [ ! -f "$marker" ] || [ -n "$(find app contracts public package-lock.json vite.config.ts react-router.config.ts scripts/compress-assets.ts -newer "$marker" -print -quit 2>/dev/null)" ]; then
  echo "Building the site…"
  npx react-router build
fi
