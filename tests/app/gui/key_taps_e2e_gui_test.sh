#!/usr/bin/env bash
# End-to-end quick key taps (issue 27): a press and its release sent together (`xdotool key`,
# as a presenter's clicker does, no pause between them or between taps) each act exactly once.
# 1. 20 Alt+Right taps from the course's first lesson reach the course's lesson 21 (index 20);
# 2. in presentation mode, PageDown / PageUp / Right / Left taps step the trace one step each
#    (the step expected is computed as the presenter's keys do: Next stops at the last step,
#    Previous at the first). Reads the course index and the step from --panel-report.
# Usage: key_taps_e2e_gui_test.sh HITLAB_EXECUTABLE
set -euo pipefail
exe=${1:?usage: $0 HITLAB_EXECUTABLE}
source "$(dirname "${BASH_SOURCE[0]}")/e2e_lib.sh"
scenes="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../../assets/scenes" && pwd)"
mapfile -t course < <(grep -v '^[[:space:]]*\(#\|$\)' "$scenes/course.txt")
[ "${#course[@]}" -ge 21 ] || { echo "FAIL: the course lists ${#course[@]} lessons, fewer than 21"; exit 1; }

# Opens $1, sends the taps ($2: xdotool key arguments, all in one command), ends the window and
# prints the report's course index and step.
run() {
  local scene=$1 taps=$2
  shift 2
  "$exe" "$scene" "$@" --panel-report "$work/report.json" &
  pid=$!
  wait_window
  sleep 3 # the first frames lay out the panels (seconds on a loaded machine: ctest -j2 beside it)
  # shellcheck disable=SC2086 # the taps are separate arguments
  xdotool key --clearmodifiers --delay 1 $taps
  sleep 4 # the window catches up: one latched press a frame (a loaded machine draws slowly)
  kill -TERM "$pid"
  timeout 10 tail --pid="$pid" -f /dev/null || { echo "FAIL: hitlab did not exit on SIGTERM"; exit 1; }
  wait "$pid" || true
  pid=""
  python3 -c "import json; r = json.load(open('$work/report.json')); print(r['course']['index'], r['step'], r.get('presentation', {}).get('steps', 0))"
}

# 1. twenty Alt+Right taps
read -r index step steps < <(run "$scenes/${course[0]}" "$(printf 'alt+Right %.0s' $(seq 20))" | tail -1)
[ "$index" = 20 ] || { echo "FAIL: 20 quick Alt+Right taps from the first lesson reached course index $index, not 20"; exit 1; }

# 2. the presenter's keys as taps
keys="Next Next Right Next Prior Left Next Prior Right Prior"
read -r index step steps < <(run "$scenes/slab-2d-miss.json" "$keys" --present | tail -1)
expected=$(python3 - "$steps" $keys <<'PY'
import sys
count, step = int(sys.argv[1]), -1
for key in sys.argv[2:]:
    if key in ("Next", "Right"):
        step = min(count - 1, step + 1)
    else:
        step = count - 1 if step < 0 else max(0, step - 1)
print(step)
PY
)
[ "$step" = "$expected" ] || { echo "FAIL: the taps $keys left the $steps-step trace at step $step, not $expected"; exit 1; }
echo "PASS: 20 quick Alt+Right taps opened 20 lessons; 10 quick presenter taps stepped the trace 10 times"
