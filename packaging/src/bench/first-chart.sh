#!/usr/bin/env bash
# App start to first chart, as a person sees it: starts the workstation under Xvfb and waits
# until state.json reports a symbol on screen (written when the first chart is shown).
# Usage: packaging/src/bench/first-chart.sh [COMMAND] [SEXTANT_HOME] [RUNS] (RUNS timed runs after one first start)
#   COMMAND defaults to bin/sextant; use /opt/sextant/bin/sextant for the installed app.
# Needs xvfb-run (Debian package xvfb). Prints one line of seconds per run, then the app's own
# start-up timeline from logs/sextant.log (waiting up to 60 s for the forecast fan to be drawn).
set -euo pipefail
cmd="${1:-bin/sextant}"; home="${2:-$(mktemp -d)}"; runs="${3:-3}"
SEXTANT_HOME="$home" "$cmd" sql "SELECT 1" >/dev/null 2>&1   # first start loads the sample universe
log="$home/logs/sextant.log"
# run 0 is the first window start (bin/sextant records its AppCDS archive then, written at close)
for run in $(seq 0 "$runs"); do
  rm -f "$home/state.json" "$home/run/app.json"
  mv -f "$log" "$log.bench" 2>/dev/null || true   # the app starts a new log; the timeline is read from it
  start=$(date +%s.%N)
  SEXTANT_HOME="$home" xvfb-run -a "$cmd" >/dev/null 2>&1 &
  runner=$!
  # a start that never shows a chart (no display, a crash) fails the run instead of waiting forever
  waited=0
  until grep -q '"symbol_on_screen" : "' "$home/state.json" 2>/dev/null; do
    sleep 0.05; waited=$((waited + 1))
    if [ "$waited" -gt 1200 ] || ! kill -0 "$runner" 2>/dev/null; then
      echo "run $run: no chart within 60 s (app exited or hung); see $log" >&2; kill -- -"$runner" 2>/dev/null || true; exit 1
    fi
  done
  end=$(date +%s.%N)
  echo "run $run: first chart after $(echo "$end - $start" | bc) s$([ "$run" = 0 ] && echo ' (first window start, not counted)')"
  for _ in $(seq 600); do grep -q 'start-up:' "$log" 2>/dev/null && break; sleep 0.1; done
  grep -o 'start-up:.*' "$log" || true
  # the window starts the local API (and writes run/app.json) just after its first chart
  until [ -s "$home/run/app.json" ]; do sleep 0.05; done
  pid=$(sed -n 's/.*"pid" *: *\([0-9]*\).*/\1/p' "$home/run/app.json")
  kill -TERM "$pid"   # a clean close, as when the person closes the window
  wait "$runner" 2>/dev/null || true
done
