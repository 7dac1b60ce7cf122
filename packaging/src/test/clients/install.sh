#!/usr/bin/env bash
# Installs the MCP test clients into $1 (default: packaging/target/mcp-clients) unless already
# installed from the same package.json. Needs npm (any version); Node 22 comes as a package.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
dest="${1:-$here/../../../target/mcp-clients}"
mkdir -p "$dest"
# the driver script changes more often than the packages: always take the current one
cp "$here/mcp-driver.mjs" "$dest/"
if cmp -s "$here/package.json" "$dest/package.json" && [ -x "$dest/node_modules/.bin/node" ] && [ -d "$dest/node_modules/@modelcontextprotocol/inspector" ]; then
  exit 0
fi
cp "$here/package.json" "$dest/"
cd "$dest"
npm install --no-package-lock --no-audit --no-fund --loglevel=error >&2
"$dest/node_modules/.bin/node" --version >&2
