#!/usr/bin/env bash
# App start to first chart, as a person sees it: starts the workstation under Xvfb and waits
# until state.json reports a symbol on screen (written when the first chart is shown).
# Usage: packaging/src/bench/first-chart.sh [COMMAND] [SEXTANT_HOME] [RUNS]
#   COMMAND defaults to bin/sextant; use /opt/sextant/bin/sextant for the installed app.
# Needs xvfb-run (Debian package xvfb). Prints one line of seconds per run, then the app's own
# start-up timeline from logs/sextant.log (waiting up to 60 s for the forecast fan to be drawn).
set -euo pipefail
cmd="${1:-bin/sextant}"; home="${2:-$(mktemp -d)}"; runs="${3:-3}"
SEXTANT_HOME="$home" "$cmd" sql "SELECT 1" >/dev/null 2>&1   # first start loads the sample universe
log="$home/logs/sextant.log"
for _ in $(seq "$runs"); do
  rm -f "$home/state.json"
  lines=$(cat "$log" 2>/dev/null | wc -l)
  start=$(date +%s.%N)
  SEXTANT_HOME="$home" xvfb-run -a "$cmd" >/dev/null 2>&1 &
  runner=$!
  until grep -q '"symbol_on_screen" : "' "$home/state.json" 2>/dev/null; do sleep 0.05; done
  end=$(date +%s.%N)
  echo "first chart after $(echo "$end - $start" | bc) s"
  for _ in $(seq 600); do tail -n +"$((lines + 1))" "$log" | grep -q 'start-up:' && break; sleep 0.1; done
  tail -n +"$((lines + 1))" "$log" | grep -o 'start-up:.*' || true
  pid=$(sed -n 's/.*"pid" : \([0-9]*\).*/\1/p' "$home/run/app.json")
  kill -TERM "$pid"   # a clean close, as when the person closes the window
  wait "$runner" 2>/dev/null || true
done
