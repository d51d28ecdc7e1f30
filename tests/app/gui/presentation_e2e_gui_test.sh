#!/usr/bin/env bash
# End-to-end presentation mode: `--present` at 1280x720 with font scale 1.5 shows only the
# lesson's heading, number line and verdict strips (no panel of the table, no ImGui error), inside the display,
# not overlapping, neither scrolling (the verdict sentence fits); the presenter's keys step the
# trace (Right, PageDown, PageUp: xdotool; Space plays), Esc leaves the mode, F5 enters it. Reads the step and
# the mode from --panel-report, written when SIGTERM (or --frames) ends the window.
# Usage: presentation_e2e_gui_test.sh HITLAB_EXECUTABLE
set -euo pipefail
exe=${1:?usage: $0 HITLAB_EXECUTABLE}
source "$(dirname "${BASH_SOURCE[0]}")/e2e_lib.sh"
scene="$(dirname "${BASH_SOURCE[0]}")/../../../assets/scenes/slab-2d-miss.json"

# 1. the layout, from a run of a few frames
"$exe" "$scene" --present --font-scale 1.5 --frames 6 --panel-report "$work/layout.json"
python3 - "$work/layout.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
w, h = r["display"]
shown = {name: p["rect"] for name, p in r["panels"].items() if p.get("open")}
expected = {"Presentation title", "Presentation number line", "Presentation verdict"}
assert set(shown) == expected, f"FAIL: shown {sorted(shown)}, expected only {sorted(expected)}"
for name, (x, y, rw, rh) in shown.items():
    assert x >= 0 and y >= 0 and rw > 0 and rh > 0 and x + rw <= w and y + rh <= h, f"FAIL: {name} {shown[name]} outside {w}x{h}"
rects = list(shown.values())
for i, a in enumerate(rects):
    for b in rects[i + 1:]:
        overlap = a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]
        assert not overlap, f"FAIL: the strips overlap: {a} {b}"
assert shown["Presentation title"][1] == 0, f"FAIL: the heading is not at the top: {shown['Presentation title']}"
p = r["presentation"]
assert r["presenting"] and r["imgui_errors"] == [], f"FAIL: presenting {r['presenting']}, errors {r['imgui_errors']}"
assert p["fits"] and p["verdict_scroll"] == 0 and p["number_line_scroll"] == 0, f"FAIL: a strip scrolls: {p}"
assert p["steps"] == 5 and r["step"] == -1, f"FAIL: steps {p['steps']}, step {r['step']}"
PY

# Runs the window with the given options, presses the keys, ends it and prints the step and
# whether it was presenting.
run() {
  local keys=$1
  shift
  "$exe" "$scene" "$@" --panel-report "$work/report.json" &
  pid=$!
  wait_window
  sleep 1 # the first frames lay out the strips
  for key in $keys; do
    hold_key "$key"
  done
  sleep "${pause:-0}" # play's timer steps on its own
  kill -TERM "$pid"
  timeout 10 tail --pid="$pid" -f /dev/null || { echo "FAIL: hitlab did not exit on SIGTERM"; exit 1; }
  wait "$pid" || true
  pid=""
  python3 -c "import json; r = json.load(open('$work/report.json')); print(r['step'], r['presenting'])"
}

# 2. Right: the first step; PageDown twice: the third; PageUp: the second (steps count from 0)
run "Right Next Next Prior" --present >"$work/out"
read -r step presenting < <(tail -1 "$work/out")
[ "$step" = 1 ] || { echo "FAIL: Right, PageDown, PageDown, PageUp left the trace at step $step, not 1"; exit 1; }
[ "$presenting" = True ] || { echo "FAIL: stepping left presentation mode"; exit 1; }
# 3. Esc leaves, the step kept
run "Right Escape" --present >"$work/out"
read -r step presenting < <(tail -1 "$work/out")
[ "$presenting" = False ] || { echo "FAIL: Esc did not leave presentation mode"; exit 1; }
[ "$step" = 0 ] || { echo "FAIL: after Right and Esc the step is $step, not 0"; exit 1; }
# 4. Space plays: from the first step, one step every 0.8 s
pause=2.5 run "space" --present >"$work/out"
read -r step presenting < <(tail -1 "$work/out")
[ "$step" -ge 2 ] || { echo "FAIL: 2.5 s after Space the trace is at step $step, not 2 or later"; exit 1; }
# 5. F5 enters it from the normal window
run "F5" >"$work/out"
read -r step presenting < <(tail -1 "$work/out")
[ "$presenting" = True ] || { echo "FAIL: F5 did not enter presentation mode"; exit 1; }
echo "PASS: presentation mode shows only its strips, steps with the presenter's keys, Esc leaves, F5 enters"
