#!/usr/bin/env bash
# End-to-end autosave and recovery (app/gui/panels/autosave.h): opens `hitlab` on a one-box scene
# under a display (ctest runs it under xvfb-run), duplicates the box (Ctrl+D) and ends it with
# SIGTERM: the scene file is untouched and an autosave holds the edit (SIGINT and SIGHUP end it
# the same way: steps 2 and 3). The next start offers it:
# Later (Escape) keeps it, Recover (Enter) brings the edit back as unsaved changes without writing
# the file; a save (Ctrl+S) after recovering writes the file and leaves no autosave behind.
# Usage: autosave_e2e_gui_test.sh HITLAB_EXECUTABLE
set -euo pipefail
exe=${1:?usage: $0 HITLAB_EXECUTABLE}
source "$(dirname "${BASH_SOURCE[0]}")/e2e_lib.sh"

autosaves="$XDG_STATE_HOME/hitlab/autosave"
cat >"$work/a.json" <<'JSON'
{"format": "hitlab-scene", "version": 1, "title": "autosave test",
 "shapes": [{"id": 1, "name": "box", "color": "#5a8cf2", "type": "aabb", "min": [-1, -1, -0.5], "max": [1, 1, 0.5]}]}
JSON

# Prints a scene file's shape count, or an autosave's: its scene's shape count and its source.
shapes() {
  python3 -c "import json, sys; s = json.load(open(sys.argv[1])); print(len(s['shapes']))" "$1"
}
autosave_of() {
  python3 -c "import json, sys; a = json.load(open(sys.argv[1])); print(a['format'], len(a['scene']['shapes']), a['source'], a['changes'])" "$1"
}
# The autosave files, one a line.
list_autosaves() { find "$autosaves" -name '*.json' 2>/dev/null | sort; }

start() {
  "$exe" "$work/a.json" --select 1 "$@" &
  pid=$!
  wait_window
}

# Ends the window with a signal (TERM by default; INT and HUP end it the same way).
stop() {
  local sig=${1:-TERM}
  kill -"$sig" "$pid"
  timeout 10 tail --pid="$pid" -f /dev/null || { echo "FAIL: hitlab did not exit on SIG$sig"; exit 1; }
  local status=0
  wait "$pid" || status=$?
  pid=""
  [ "$status" -eq 0 ] || { echo "FAIL: hitlab exited with $status"; exit 1; }
}

check() {
  [ "$2" = "$3" ] || { echo "FAIL: $1: got '$2', expected '$3'"; exit 1; }
}

# 1. an edit, then SIGTERM: the file keeps one box, the autosave has two
start
ctrl_key d
stop
check "the file after SIGTERM" "$(shapes "$work/a.json")" 1
check "autosaves after SIGTERM" "$(list_autosaves | wc -l)" 1
first=$(list_autosaves)
check "the autosave" "$(autosave_of "$first")" "hitlab-autosave 2 $work/a.json 1"

# 2. Later (Escape): the autosave stays for the next start; this window, unchanged, leaves none
start
hold_key Escape
stop HUP
check "after Later" "$(list_autosaves)" "$first"

# 3. Recover (Enter): the two boxes are back, unsaved (SIGINT autosaves them again), the file untouched
start --save-on-exit "$work/exit.json"
hold_key Return
stop INT
check "the scene recovered" "$(shapes "$work/exit.json")" 2
check "the file after Recover" "$(shapes "$work/a.json")" 1
check "autosaves after Recover and SIGINT" "$(list_autosaves | wc -l)" 1
second=$(list_autosaves)
[ "$second" != "$first" ] || { echo "FAIL: the recovered autosave was not replaced by the new window's"; exit 1; }

# 4. Recover, then Ctrl+S: the file gets the two boxes, and no autosave is left
start
hold_key Return
ctrl_key s
stop
check "the file after Recover and Ctrl+S" "$(shapes "$work/a.json")" 2
check "autosaves after a save" "$(list_autosaves | wc -l)" 0
echo "ok: SIGTERM kept an autosave, Later kept it, Recover brought the edit back without writing the file, a save removed it"
