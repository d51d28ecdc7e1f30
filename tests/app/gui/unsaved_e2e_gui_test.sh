#!/usr/bin/env bash
# End-to-end unsaved-changes question (app/gui/panels/pending_action.h): opens `hitlab` on a
# one-box scene under a display (ctest runs it under xvfb-run), makes it dirty with Ctrl+D, asks
# for File > New with Ctrl+N and answers the question with xdotool clicks: Cancel keeps the scene,
# Discard runs New, Save writes the file and then runs New. The scene at the end is read from
# --save-on-exit (SIGTERM). Usage: unsaved_e2e_gui_test.sh HITLAB_EXECUTABLE
set -euo pipefail
exe=${1:?usage: $0 HITLAB_EXECUTABLE}
source "$(dirname "${BASH_SOURCE[0]}")/e2e_lib.sh"

write_scene() {
  cat >"$1" <<'JSON'
{"format": "hitlab-scene", "version": 1, "title": "unsaved test",
 "shapes": [{"id": 1, "name": "box", "color": "#5a8cf2", "type": "aabb", "min": [-1, -1, -0.5], "max": [1, 1, 0.5]}]}
JSON
}

# Prints a scene file's shape count and title.
read_scene() {
  python3 -c "import json, sys; s = json.load(open(sys.argv[1])); print(len(s['shapes']), repr(s.get('title', '')))" "$1"
}


# The question's buttons at 1280x720 (the popup is centred and sized by its text).
declare -A button=([Save]="552 378" [Discard]="607 378" [Cancel]="668 378")
answer() {
  read -r x y <<<"${button[$1]}"
  xdotool mousemove --window "$wid" "$x" "$y"
  sleep 0.2
  xdotool click 1
  sleep 0.4
}

start() {
  "$exe" "$1" --select 1 --save-on-exit "$2" &
  pid=$!
  wait_window
}

stop() {
  kill -TERM "$pid"
  timeout 10 tail --pid="$pid" -f /dev/null || { echo "FAIL: hitlab did not exit on SIGTERM"; exit 1; }
  local status=0
  wait "$pid" || status=$?
  pid=""
  [ "$status" -eq 0 ] || { echo "FAIL: hitlab exited with $status"; exit 1; }
}

expect() {
  local got
  got=$(read_scene "$2")
  [ "$got" = "$3" ] || { echo "FAIL: $1: $2 has '$got', expected '$3'"; exit 1; }
}

# 1. Cancel keeps the duplicated box; asked again, Discard runs New (an empty, untitled scene).
write_scene "$work/a.json"
start "$work/a.json" "$work/a-exit.json"
ctrl_key d
ctrl_key n
answer Cancel
ctrl_key s
expect "after Cancel and Ctrl+S" "$work/a.json" "2 'unsaved test'"
ctrl_key d
ctrl_key n
answer Discard
stop
expect "after Discard" "$work/a-exit.json" "0 ''"
expect "Discard does not save" "$work/a.json" "2 'unsaved test'"

# 2. Save writes the scene first, then runs New.
write_scene "$work/b.json"
start "$work/b.json" "$work/b-exit.json"
ctrl_key d
ctrl_key n
answer Save
stop
expect "Save, then New" "$work/b.json" "2 'unsaved test'"
expect "after Save" "$work/b-exit.json" "0 ''"
echo "ok: Cancel kept the scene, Discard and Save ran New (Save wrote the file first)"
