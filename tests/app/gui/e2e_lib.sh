# Shared by the end-to-end GUI scripts (*_e2e_gui_test.sh), sourced after `exe` is set: skips
# without xdotool or python3, fails without a display, gives a scratch directory ($work, removed
# on exit with the window, $pid, if still running) and a fresh configuration and state (no saved
# panel layout, recent files or autosaves from the person running the tests), and the xdotool helpers.
for tool in xdotool python3; do
  command -v "$tool" >/dev/null || { echo "SKIP: $tool is not installed"; exit 77; }
done
[ -n "${DISPLAY:-}" ] || { echo "FAIL: no DISPLAY (run under xvfb-run)"; exit 1; }

work=$(mktemp -d)
pid=""
cleanup() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
export XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state" HOME="$work/home"
mkdir -p "$XDG_CONFIG_HOME" "$XDG_STATE_HOME" "$HOME"

# Ctrl+KEY, held long enough for the window to see the key down in a frame of its own (a press
# and release within one frame can be missed by ImGui's shortcut check).
ctrl_key() {
  xdotool keydown ctrl
  sleep 0.1
  xdotool keydown "$1"
  sleep 0.1
  xdotool keyup "$1"
  xdotool keyup ctrl
  sleep 0.3
}

# Waits (up to 20 s) for the HitLab window, focuses it and sets $wid; the first frames lay out
# the panels and fit the camera.
wait_window() {
  wid=$(timeout 20 xdotool search --sync --onlyvisible --name "HitLab" | head -1) ||
    { echo "FAIL: the window did not appear"; exit 1; }
  xdotool windowfocus --sync "$wid" 2>/dev/null || true
  sleep 0.5
}

# A key held long enough to be seen in a frame of its own (see ctrl_key).
hold_key() {
  xdotool keydown "$1"
  sleep 0.1
  xdotool keyup "$1"
  sleep 0.3
}
