#!/usr/bin/env bash
# End-to-end opening of a big scene (200,000 boxes, 13 MB): the window opens at once with a
# progress screen (its title names the file until the scene is read, then the scene's title) and
# then shows the scene; Esc on the progress screen cancels: the window closes, exit 0, with
# "cancelled" on stderr and no scene shown.
# Usage: big_scene_e2e_gui_test.sh HITLAB_EXECUTABLE
set -euo pipefail
exe=${1:?usage: $0 HITLAB_EXECUTABLE}
source "$(dirname "${BASH_SOURCE[0]}")/e2e_lib.sh"

scene="$work/big.json"
# 200,000 unnamed unit boxes in a row and one ray: about 13 MB, seconds to read
python3 - "$scene" <<'PY'
import sys
boxes = ",\n".join('{"type": "aabb", "min": [%d, 0, 0], "max": [%d, 1, 1]}' % (2 * i, 2 * i + 1) for i in range(200000))
ray = '{"type": "ray", "origin": [-1, 0.5, 0.5], "direction": [1, 0, 0]}'
open(sys.argv[1], "w").write('{"format": "hitlab-scene", "version": 1, "title": "200000 boxes in a row",\n'
                             '"shapes": [' + boxes + ",\n" + ray + "]}\n")
PY
title=$(python3 -c "import json; print(json.load(open('$scene'))['title'])")

# Finds the window as soon as it shows (polled from the start: reading takes seconds), sets $wid
find_window() {
  wid=""
  for _ in $(seq 1 400); do
    wid=$(xdotool search --onlyvisible --name "HitLab" 2>/dev/null | head -1) || true
    [ -n "$wid" ] && return
    sleep 0.05
  done
  echo "FAIL: the window did not appear"
  exit 1
}

# 1. opened and read: the title names the file first, then the scene
"$exe" "$scene" 2>"$work/err1" &
pid=$!
find_window
first=$(xdotool getwindowname "$wid")
[ "$first" = "HitLab - $scene" ] || { echo "FAIL: while reading, the title was '$first'"; exit 1; }
for _ in $(seq 1 600); do # up to 60 s (a loaded machine, a sanitizer build)
  [ "$(xdotool getwindowname "$wid")" = "HitLab - $title" ] && break
  sleep 0.1
done
[ "$(xdotool getwindowname "$wid")" = "HitLab - $title" ] || { echo "FAIL: the scene was not shown"; exit 1; }
kill -TERM "$pid"
status=0
wait "$pid" || status=$?
pid=""
[ "$status" = 0 ] || { echo "FAIL: exit $status after the scene was shown"; cat "$work/err1"; exit 1; }

# 2. Esc while reading cancels
"$exe" "$scene" 2>"$work/err2" &
pid=$!
find_window
first=$(xdotool getwindowname "$wid")
[ "$first" = "HitLab - $scene" ] || { echo "FAIL: read before Esc could cancel"; exit 1; }
xdotool mousemove --window "$wid" 640 360 # keys go to the window under the pointer (no window manager)
hold_key Escape
# reading ended before the key came (a slow machine between the two checks): not a cancel to test
if [ "$(xdotool getwindowname "$wid" 2>/dev/null)" = "HitLab - $title" ]; then
  echo "SKIP: the scene was read before Esc arrived"
  exit 77
fi
status=0
timeout 30 tail --pid="$pid" -f /dev/null || { echo "FAIL: Esc did not end the reading"; exit 1; }
wait "$pid" || status=$?
pid=""
[ "$status" = 0 ] || { echo "FAIL: exit $status after cancelling"; cat "$work/err2"; exit 1; }
grep -q "cancelled" "$work/err2" || { echo "FAIL: no 'cancelled' message:"; cat "$work/err2"; exit 1; }
echo "PASS"
