#!/usr/bin/env bash
# End-to-end drag: opens `hitlab` on a one-box scene in the 2D view under a display
# (ctest runs it under xvfb-run), drags the box with xdotool by a known number of pixels, saves
# with Ctrl+S, checks that the box moved by the expected world distance, undoes with Ctrl+Z, saves
# again and checks that the box is back; then ends the window with SIGTERM and checks the file
# written by --save-on-exit. Usage: drag_e2e_gui_test.sh HITLAB_EXECUTABLE
set -euo pipefail
exe=${1:?usage: $0 HITLAB_EXECUTABLE}
source "$(dirname "${BASH_SOURCE[0]}")/e2e_lib.sh"

scene="$work/box.json"
cat >"$scene" <<'JSON'
{"format": "hitlab-scene", "version": 1, "title": "drag test",
 "shapes": [{"id": 1, "name": "box", "color": "#5a8cf2", "type": "aabb", "min": [-1, -1, -0.5], "max": [1, 1, 0.5]}],
 "camera": {"target": [0, 0, 0], "distance": 10, "yaw_deg": 0, "pitch_deg": 0, "projection": "orthographic", "view": "2d"}}
JSON

# Reads a scene file and prints: box min x y z, camera target x y, camera distance.
read_scene() {
  python3 - "$1" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
box = [x for x in s["shapes"] if x["name"] == "box"][0]
c = s["camera"]
print(*box["min"], c["target"][0], c["target"][1], c["distance"])
PY
}

# Waits (up to 10 s) until the file's content differs from $2 (its old checksum).
wait_changed() {
  for _ in $(seq 100); do
    if [ -f "$1" ] && [ "$(cksum <"$1")" != "$2" ]; then return 0; fi
    sleep 0.1
  done
  echo "FAIL: $1 was not written"; exit 1
}


# The camera the window settles on (the panels move the picture into the free area): one short run.
"$exe" "$scene" --frames 3 --save-on-exit "$work/camera.json"
read -r _ _ _ tx ty dist < <(read_scene "$work/camera.json")

width=1280 height=720 dx=150 dy=60
# 2D view: orthographic, world x to the right and y up; fovY 45 degrees sets the visible height
read -r sx sy wpp < <(python3 -c "
import math
wpp = 2 * $dist * math.tan(math.radians(22.5)) / $height
print(round($width / 2 + (0 - $tx) / wpp), round($height / 2 + ($ty - 0) / wpp), repr(wpp))")

"$exe" "$scene" --save-on-exit "$work/exit.json" &
pid=$!
wait_window
xdotool mousemove --window "$wid" "$sx" "$sy"
sleep 0.2
xdotool mousedown 1
for i in 1 2 3 4 5; do
  xdotool mousemove --window "$wid" $((sx + dx * i / 5)) $((sy + dy * i / 5))
done
xdotool mouseup 1

before=$(cksum <"$scene")
ctrl_key s
wait_changed "$scene" "$before"
read -r mx my mz _ _ _ < <(read_scene "$scene")

before=$(cksum <"$scene")
ctrl_key z
ctrl_key s
wait_changed "$scene" "$before"
read -r ux uy uz _ _ _ < <(read_scene "$scene")

kill -TERM "$pid"
status=0
timeout 10 tail --pid="$pid" -f /dev/null || { echo "FAIL: hitlab did not exit on SIGTERM"; exit 1; }
wait "$pid" || status=$?
pid=""
[ "$status" -eq 0 ] || { echo "FAIL: hitlab exited with $status"; exit 1; }
read -r ex ey ez _ _ _ < <(read_scene "$work/exit.json")

python3 - "$mx" "$my" "$mz" "$ux" "$uy" "$uz" "$ex" "$ey" "$ez" "$wpp" "$dx" "$dy" <<'PY'
import sys
mx, my, mz, ux, uy, uz, ex, ey, ez, wpp = map(float, sys.argv[1:11])
dx, dy = int(sys.argv[11]), int(sys.argv[12])
expected = (-1 + dx * wpp, -1 - dy * wpp, -0.5)  # screen y grows downwards, world y upwards
failures = []
def check(what, got, want, tol=1e-6):
    if abs(got - want) > tol:
        failures.append(f"{what}: got {got!r}, expected {want!r}")
for axis, got, want in zip("xyz", (mx, my, mz), expected):
    check(f"after the drag, min.{axis}", got, want)
for axis, got, want in zip("xyz", (ux, uy, uz), (-1, -1, -0.5)):
    check(f"after one undo, min.{axis}", got, want, 0.0)
for axis, got, want in zip("xyz", (ex, ey, ez), (-1, -1, -0.5)):
    check(f"--save-on-exit, min.{axis}", got, want, 0.0)
if failures:
    print("FAIL:\n  " + "\n  ".join(failures))
    sys.exit(1)
print(f"ok: dragged {dx},{dy} px = {dx * wpp:.4f},{-dy * wpp:.4f} world; one undo restored the box")
PY
