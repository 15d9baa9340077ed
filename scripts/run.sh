#!/usr/bin/env bash
# Runs a command with Node 24 and the project's dependencies installed (see ensure-node.sh).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
export ROOT
# shellcheck source=ensure-node.sh
source "$ROOT/scripts/ensure-node.sh"
cd "$ROOT"
exec "$@"
