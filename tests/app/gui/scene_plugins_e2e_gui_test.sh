#!/usr/bin/env bash
# End-to-end: a scene file naming a plugin beside it ("plugins": ["plugins/slab.so"]) opens without
# starting anything (the plugin host is a wrapper that logs each start); the Scene panel's notice
# shows the plugin's full file and a "Load plugins/slab.so" button; a click on it loads that file
# (its source running, the notice gone) and does not remember it (no external.txt).
# Usage: scene_plugins_e2e_gui_test.sh HITLAB_EXECUTABLE
set -euo pipefail
exe=${1:?usage: $0 HITLAB_EXECUTABLE}
source "$(dirname "${BASH_SOURCE[0]}")/e2e_lib.sh"

example="$(dirname "$exe")/../examples/plugin/ray_aabb_slab.so"
[ -f "$example" ] || { echo "FAIL: the example plugin $example was not built"; exit 1; }
mkdir -p "$work/plugins"
cp "$example" "$work/plugins/slab.so"
cat >"$work/host.sh" <<SH
#!/bin/sh
echo started >> "$work/host.log"
exec "$(dirname "$exe")/hitlab-plugin-host" "\$@"
SH
chmod +x "$work/host.sh"
cat >"$work/a.json" <<'JSON'
{"format": "hitlab-scene", "version": 1, "title": "named plugin", "plugins": ["plugins/slab.so"],
 "shapes": [{"id": 1, "name": "box", "type": "aabb", "min": [1, -1, -1], "max": [2, 1, 1]},
  {"id": 2, "name": "ray", "type": "ray", "origin": [0, 0, 0], "direction": [1, 0, 0]}]}
JSON

HITLAB_PLUGIN_HOST="$work/host.sh" "$exe" "$work/a.json" --panel-report "$work/report.json" &
pid=$!
wait_window
sleep 1.5 # the first frames lay out the panels (and would have started a plugin)
[ ! -e "$work/host.log" ] || { echo "FAIL: opening the scene started the plugin host"; exit 1; }
# the Scene panel's "Load plugins/slab.so" at 1280x720 (default layout, a one-line title, the
# file /tmp/tmp.XXXXXXXXXX/plugins/slab.so wrapped on two lines above it)
xdotool mousemove --window "$wid" 80 133
sleep 0.2
xdotool mousedown 1
sleep 0.1
xdotool mouseup 1
sleep 3 # started and asked on the worker
kill -TERM "$pid"
timeout 10 tail --pid="$pid" -f /dev/null || { echo "FAIL: hitlab did not exit on SIGTERM"; exit 1; }
wait "$pid" || true
pid=""
[ -e "$work/host.log" ] || { echo "FAIL: the Load button did not start the plugin host"; exit 1; }
got=$(python3 -c "import json; r = json.load(open('$work/report.json')); print([(e['name'], e['status']) for e in r['external']], r['scene_plugins_not_loaded'])")
[ "$got" = "[('slab.so', 'running')] []" ] || { echo "FAIL: after the click: $got"; exit 1; }
if [ -s "$XDG_CONFIG_HOME/hitlab/external.txt" ]; then
  echo "FAIL: the scene's plugin was remembered: $(cat "$XDG_CONFIG_HOME/hitlab/external.txt")"
  exit 1
fi
echo "PASS"
