#!/usr/bin/env bash
# End-to-end course navigation: a lesson of the course (assets/scenes/course.txt) opens its
# neighbours with the Scene panel's "Next >" button (a click) and with Alt+Right / Alt+Left
# (xdotool), in the course's order; the last lesson has no next. Reads the scene's path and its
# place in the course from --panel-report, written when SIGTERM ends the window.
# Usage: course_e2e_gui_test.sh HITLAB_EXECUTABLE
set -euo pipefail
exe=${1:?usage: $0 HITLAB_EXECUTABLE}
source "$(dirname "${BASH_SOURCE[0]}")/e2e_lib.sh"
scenes="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../../assets/scenes" && pwd)"
mapfile -t course < <(grep -v '^[[:space:]]*\(#\|$\)' "$scenes/course.txt")
[ "${#course[@]}" -ge 2 ] || { echo "FAIL: the course lists ${#course[@]} lessons"; exit 1; }

# Alt+KEY, held long enough for the window to see it in a frame of its own
alt_key() {
  xdotool keydown alt
  sleep 0.1
  xdotool keydown "$1"
  sleep 0.1
  xdotool keyup "$1"
  xdotool keyup alt
  sleep 0.5
}

# Opens the lesson $1 of the course (index), runs the actions ($2: "next" clicks Next >, "right" /
# "left" press Alt+Right / Alt+Left), ends the window and prints the course index and the file.
run() {
  local start=$1 actions=$2
  "$exe" "$scenes/${course[$start]}" --panel-report "$work/report.json" &
  pid=$!
  wait_window
  sleep 1 # the first frames lay out the panels
  for action in $actions; do
    case $action in
      next)
        # the Scene panel's "Next >" at 1280x720 (default layout, a one-line title, such as the
        # 2D miss lesson's), beside "< Previous"
        xdotool mousemove --window "$wid" 120 72
        sleep 0.2
        xdotool mousedown 1
        sleep 0.1
        xdotool mouseup 1
        sleep 0.8
        ;;
      right) alt_key Right ;;
      left) alt_key Left ;;
    esac
  done
  sleep 0.5
  kill -TERM "$pid"
  timeout 10 tail --pid="$pid" -f /dev/null || { echo "FAIL: hitlab did not exit on SIGTERM"; exit 1; }
  wait "$pid" || true
  pid=""
  python3 -c "import json, os; r = json.load(open('$work/report.json')); print(r['course']['index'], os.path.basename(r['scene_path']), r['course']['error'] or '-')"
}

first=$(printf '%s\n' "${course[@]}" | grep -n '^slab-2d-miss.json$' | cut -d: -f1)
first=$((first - 1))
# 1. the Next > button: the next lesson of the course
read -r index file error < <(run "$first" "next" | tail -1)
[ "$error" = - ] || { echo "FAIL: the course file has a problem: $error"; exit 1; }
[ "$index" = $((first + 1)) ] && [ "$file" = "${course[$((first + 1))]}" ] ||
  { echo "FAIL: Next > on ${course[$first]} opened $file (course index $index), not ${course[$((first + 1))]}"; exit 1; }
# 2. Alt+Right twice, Alt+Left once: one lesson on
read -r index file error < <(run "$first" "right right left" | tail -1)
[ "$file" = "${course[$((first + 1))]}" ] ||
  { echo "FAIL: Alt+Right, Alt+Right, Alt+Left from ${course[$first]} gave $file, not ${course[$((first + 1))]}"; exit 1; }
# 3. the last lesson has no next: Alt+Right leaves it open
last=$((${#course[@]} - 1))
read -r index file error < <(run "$last" "right" | tail -1)
[ "$index" = "$last" ] && [ "$file" = "${course[$last]}" ] ||
  { echo "FAIL: Alt+Right on the last lesson ${course[$last]} opened $file (index $index)"; exit 1; }
echo "PASS: Next > and Alt+Right / Alt+Left walk the course in its order; the last lesson has no next"
