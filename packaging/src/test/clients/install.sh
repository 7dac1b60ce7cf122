#!/usr/bin/env bash
# Installs the MCP test clients into DEST (default: packaging/target/mcp-clients) unless already
# installed from the same package.json. Needs npm (any version); Node 22 comes as a package.
#   install.sh [DEST]          install, then return
#   install.sh --start DEST    start installing in the background and return at once (the build does this
#                              first, so npm downloads while jpackage builds the installers)
#   install.sh --await DEST    wait (at most 10 minutes) for that install, print its output, exit with its status
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mode=install
case "${1:-}" in --start|--await) mode="${1#--}"; shift ;; esac
dest="${1:-$here/../../../target/mcp-clients}"
mkdir -p "$dest"
status="$dest/.install-status" log="$dest/.install-log"
case "$mode" in
  start)
    rm -f "$status"
    # its own session and no pipe of the build's: the start step returns at once, the install ends by itself
    setsid bash -c '"$0" "$1" >"$2" 2>&1; echo $? >"$3.part" && mv "$3.part" "$3"' "$here/install.sh" "$dest" "$log" "$status" </dev/null >/dev/null 2>&1 &
    exit 0 ;;
  await)
    for ((i = 0; i < 1200; i++)); do
      if [ -f "$status" ]; then
        cat "$log" >&2
        code="$(cat "$status")"
        [ "$code" = 0 ] || echo "the MCP test clients did not install (npm exit $code): run $here/install.sh to retry" >&2
        exit "$code"
      fi
      sleep 0.5
    done
    echo "the MCP test clients' install (started by install.sh --start $dest) did not finish within 10 minutes; its output so far:" >&2
    cat "$log" >&2
    exit 1 ;;
esac
# the driver script changes more often than the packages: always take the current one
cp "$here/mcp-driver.mjs" "$dest/"
if cmp -s "$here/package.json" "$dest/package.json" && [ -x "$dest/node_modules/.bin/node" ] && [ -d "$dest/node_modules/@modelcontextprotocol/inspector" ]; then
  exit 0
fi
cp "$here/package.json" "$dest/"
cd "$dest"
npm install --no-package-lock --no-audit --no-fund --loglevel=error >&2
"$dest/node_modules/.bin/node" --version >&2
