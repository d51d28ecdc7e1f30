#!/usr/bin/env bash
# End-to-end Esc: with a shape selected, opening the File menu and pressing Esc closes the menu
# and keeps the selection; without a menu, Esc deselects (so the first check can fail). Reads the
# selection and whether a popup is open from --panel-report, written when SIGTERM ends the window.
# Usage: escape_menu_e2e_gui_test.sh HITLAB_EXECUTABLE
set -euo pipefail
exe=${1:?usage: $0 HITLAB_EXECUTABLE}
source "$(dirname "${BASH_SOURCE[0]}")/e2e_lib.sh"

scene="$work/box.json"
cat >"$scene" <<'JSON'
{"format": "hitlab-scene", "version": 1, "title": "escape test",
 "shapes": [{"id": 7, "name": "box", "type": "aabb", "min": [-1, -1, -0.5], "max": [1, 1, 0.5]}]}
JSON

# Runs the window with shape 7 selected, presses Esc (after opening the File menu when $1 is
# "menu"), ends it and prints: the selected id, whether a popup is open.
run() {
  "$exe" "$scene" --select 7 --panel-report "$work/report.json" &
  pid=$!
  wait_window
  sleep 1 # the first frames lay out the panels
  if [ "$1" = menu ]; then
    xdotool mousemove --window "$wid" 20 10 # File, at the menu bar's left
    sleep 0.2
    xdotool mousedown 1
    sleep 0.1
    xdotool mouseup 1
    sleep 1.5 # under load a frame can take 100 ms or more: leave the menu many frames to open
  fi
  xdotool key Escape
  sleep 1.5 # and the key many frames to be handled before SIGTERM ends the window
  kill -TERM "$pid"
  timeout 10 tail --pid="$pid" -f /dev/null || { echo "FAIL: hitlab did not exit on SIGTERM"; exit 1; }
  wait "$pid" || true
  pid=""
  python3 -c "import json; r = json.load(open('$work/report.json')); print(r['selected'], r['popup_open'])"
}

run menu >"$work/out"
read -r selected popup < <(tail -1 "$work/out")
[ "$selected" = 7 ] || { echo "FAIL: Esc with the File menu open deselected the shape (selected: $selected)"; exit 1; }
[ "$popup" = False ] || { echo "FAIL: Esc did not close the File menu"; exit 1; }
run none >"$work/out"
read -r selected popup < <(tail -1 "$work/out")
[ "$selected" = 0 ] || { echo "FAIL: Esc without a menu kept the selection (selected: $selected)"; exit 1; }
echo "PASS: Esc closes the menu and keeps the selection; without a menu it deselects"
