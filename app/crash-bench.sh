#!/usr/bin/env bash
# The crash harness at length: kill -9s the real headless app KILLS times (default 500) amid imports,
# sweeps and forecast backtests, restarts it, and checks every acknowledged write (docs/benchmarks.md,
# "Crash safety"). Prints one line per kill and the result table at the end.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
./mvnw -B -q -o -pl app -am test -Dtest=CrashHarnessTest -Dsurefire.failIfNoSpecifiedTests=false \
  -Dsextant.crash.kills="${KILLS:-500}" -Dsextant.crash.seed="${SEED:-500}" -DtrimStackTrace=false
cat app/target/surefire-reports/org.sextant.app.crash.CrashHarnessTest-output.txt | grep -v '^crash harness: kill'
