#!/usr/bin/env bash
# Idle memory of the app after start: starts it (window under Xvfb, or --headless), waits until
# the first chart is drawn (window) or the local API is up (headless), lets it idle, then prints
# the process's resident set (VmRSS, its peak VmHWM, and what of it is Java heap, from jcmd).
# Usage: packaging/src/bench/idle-memory.sh [COMMAND] [SEXTANT_HOME] [window|headless] [IDLE_SECONDS]
#   JVM flags for a trial: SEXTANT_JAVA_OPTS (bin/sextant) or JAVA_TOOL_OPTIONS (installed app).
#   With -XX:NativeMemoryTracking=summary among them, the JVM's own breakdown is printed too.
set -euo pipefail
cmd="${1:-bin/sextant}"; home="${2:-$(mktemp -d)}"; mode="${3:-window}"; idle="${4:-20}"
SEXTANT_HOME="$home" "$cmd" sql "SELECT 1" >/dev/null 2>&1   # first start loads the sample universe
rm -f "$home/state.json" "$home/run/app.json"
mv -f "$home/logs/sextant.log" "$home/logs/sextant.log.bench" 2>/dev/null || true # the timeline line is awaited in a new log
if [ "$mode" = headless ]; then
  SEXTANT_HOME="$home" "$cmd" --headless >/dev/null 2>&1 &
  until [ -s "$home/run/app.json" ]; do sleep 0.1; done
else
  SEXTANT_HOME="$home" xvfb-run -a "$cmd" >/dev/null 2>&1 &
  until grep -q 'start-up:' "$home/logs/sextant.log" 2>/dev/null; do sleep 0.1; done  # the fan is drawn
fi
runner=$!
pid=$(sed -n 's/.*"pid" *: *\([0-9]*\).*/\1/p' "$home/run/app.json")
sleep "$idle"
echo "mode $mode, idle ${idle} s, pid $pid"
grep -E 'VmRSS|VmHWM|RssAnon|RssFile' "/proc/$pid/status"
jcmd "$pid" GC.heap_info | sed -n '2,4p'
jcmd "$pid" VM.flags | tr ' ' '\n' | grep -E 'MaxHeapSize|InitialHeapSize|Use.*GC$' || true
jcmd "$pid" VM.native_memory summary 2>/dev/null | grep -E '^(Total|-)' | head -20 || true
kill -TERM "$pid"
wait "$runner" 2>/dev/null || true
