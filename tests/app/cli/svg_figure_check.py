#!/usr/bin/env python3
"""`hitlab render SCENE -o fig.svg` end to end, without a display.

Renders the 2D slab lesson (assets/scenes/slab-2d-miss.json) to SVG, checks that the file is
well-formed XML (xml.etree), and that it holds a t label at every slab crossing of the reference
algorithm's trace, the t values taken from `hitlab eval` with "trace": true (the protocol), not
from the figure's code; the miss's deciding crossings (the exit of one slab, the entry of the
other) named; the 2D view's coordinate labels at their coordinates. Also --step (one step's
crossings and its running interval only), --clean (no caption) and the errors of a bad --step.

Usage: svg_figure_check.py HITLAB_EXECUTABLE SCENE_DIR
"""

import json
import math
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def fail(message):
    print("svg_figure_check: FAIL: " + message)
    sys.exit(1)


def render(hitlab, scene, out, *extra):
    run = subprocess.run([hitlab, "render", scene, "--view", "2d", "-o", out, *extra],
                         capture_output=True, text=True, timeout=120)
    return run.returncode, run.stderr


def parse(path):
    try:
        return ET.parse(path).getroot()
    except ET.ParseError as e:
        fail(f"{path} is not well-formed XML: {e}")


def group_texts(root, group_id):
    for g in root.iter(SVG + "g"):
        if g.get("id") == group_id:
            return ["".join(t.itertext()) for t in g.iter(SVG + "text")]
    fail(f"no <g id=\"{group_id}\"> in the figure")


def short(t):
    """The number as the labels write it (core/text.h ShortNumber: up to 6 significant digits)."""
    text = f"{t:.6g}"
    return text


def reference_crossings(hitlab, scene_path):
    scene = json.load(open(scene_path))
    shapes = {s["name"]: s for s in scene["shapes"]}
    ray, box = shapes["ray"], shapes["box"]
    query = {"query": "ray_aabb",
             "a": {"type": "ray", "origin": ray["origin"], "direction": ray["direction"]},
             "b": {"type": "aabb", "min": box["min"], "max": box["max"]},
             "algorithms": "all", "precision": "float", "trace": True}
    run = subprocess.run([hitlab, "eval"], input=json.dumps(query) + "\n", capture_output=True,
                         text=True, timeout=60)
    if run.returncode != 0:
        fail("hitlab eval failed: " + run.stderr)
    answer = json.loads(run.stdout)
    steps = answer["traces"][answer["reference"]]["steps"]
    crossings = []  # (step number from 1, axis, "near" or "far", t)
    for number, step in enumerate(steps, start=1):
        slab = step.get("slab")
        if slab is None or slab["parallel"]:
            continue
        for side in ("near", "far"):
            crossings.append((number, "xyz"[slab["axis"]], side, float(slab["t_" + side])))
    return answer["reference"], crossings


def deciding(crossings):
    """The first slab step after which max(t_near) > min(t_far): (axis, t) of the smallest far
    crossing and of the largest near crossing so far, from the protocol's trace."""
    nears, fars = [], []
    for _, axis, side, t in crossings:
        (nears if side == "near" else fars).append((t, axis))
        if side == "far" and nears and max(nears)[0] > min(fars)[0]:
            exit_t, exit_axis = min(fars)
            enter_t, enter_axis = max(nears)
            return (exit_axis, exit_t), (enter_axis, enter_t)
    fail(f"no deciding step among {crossings}")


def check_grid_labels(root):
    """The 2D view's coordinate labels: plain numbers, x values on one row and y values on one
    column, each at its coordinate (one scale for both axes, y up), spaced 1, 2 or 5 times a power
    of ten and at least 80 pixels apart."""
    xs, ys = [], []
    for g in root.iter(SVG + "g"):
        if g.get("id") != "labels":
            continue
        for text in g.iter(SVG + "text"):
            if not re.fullmatch(r"-?[0-9.]+(e-?[0-9]+)?", text.text or ""):
                continue
            xs.append((float(text.text), float(text.get("x")), float(text.get("y"))))
    rows = {}
    for value, x, y in xs:
        rows.setdefault(y, []).append((value, x))
    if not rows:
        fail("no coordinate labels in the 2D figure")
    row_y, row = max(rows.items(), key=lambda item: len(item[1]))
    columns = {}
    for value, x, y in xs:
        if y != row_y:
            columns.setdefault(x, []).append((value, y))
    column = max(columns.values(), key=len) if columns else []
    if len(row) < 3 or len(column) < 3:
        fail(f"too few coordinate labels: x {row}, y {column}")
    row.sort()
    scale = (row[-1][1] - row[0][1]) / (row[-1][0] - row[0][0])
    for value, x in row:
        if abs(row[0][1] + (value - row[0][0]) * scale - x) > 0.02:
            fail(f"x label {value} at {x}, not at its coordinate (scale {scale} px per unit)")
    column.sort()
    for value, y in column:
        if abs(column[0][1] - (value - column[0][0]) * scale - y) > 0.02:
            fail(f"y label {value} at {y}, not at its coordinate (scale {scale} px per unit, y up)")
    step = row[1][0] - row[0][0]
    mantissa = step / 10 ** math.floor(math.log10(step))
    if min(abs(mantissa - m) for m in (1, 2, 5)) > 1e-6 or step * scale < 80:
        fail(f"x labels {step} apart ({step * scale} px): not 1, 2 or 5 times a power of ten 80 px apart")
    for (a, _), (b, _) in zip(row, row[1:]):
        if abs((b - a) - step) > 1e-9 * max(1.0, abs(step)):
            fail(f"x labels unevenly spaced: {row}")


def main():
    if len(sys.argv) != 3:
        fail("usage: svg_figure_check.py HITLAB SCENE_DIR")
    hitlab, scenes = sys.argv[1], sys.argv[2]
    scene = os.path.join(scenes, "slab-2d-miss.json")
    reference, crossings = reference_crossings(hitlab, scene)
    # the scene's description says it: x in [0.25, 0.75], y in [1, 3] (z is parallel)
    expected = [("x", "near", 0.25), ("x", "far", 0.75), ("y", "near", 1.0), ("y", "far", 3.0)]
    if [(a, s, t) for _, a, s, t in crossings] != expected:
        fail(f"the {reference} trace's crossings are {crossings}, expected {expected}")

    with tempfile.TemporaryDirectory() as tmp:
        fig = os.path.join(tmp, "fig.svg")
        status, err = render(hitlab, scene, fig)
        if status != 0:
            fail(f"hitlab render exited {status}: {err}")
        root = parse(fig)
        if root.tag != SVG + "svg" or root.get("width") != "1280" or root.get("height") != "720":
            fail(f"the root is {root.tag} {root.attrib}, expected a 1280x720 <svg>")
        all_labels = group_texts(root, "labels")
        labels = [text for text in all_labels if " t = " in text]
        for _, axis, side, t in crossings:
            want = f"{axis} {side} t = {short(t)}"
            if not any(text == want or text.endswith(": " + want) for text in labels):
                fail(f"no label \"{want}\" among {labels}")
        if len(labels) != len(crossings):
            fail(f"{len(labels)} labels for {len(crossings)} crossings: {labels}")
        # the miss is decided where the ray leaves one slab before it enters the other: both named
        (exit_axis, exit_t), (enter_axis, enter_t) = deciding(crossings)
        for want in (f"exits first: {exit_axis} far t = {short(exit_t)}",
                     f"enters last: {enter_axis} near t = {short(enter_t)}"):
            if want not in labels:
                fail(f"no deciding label \"{want}\" among {labels}")
        check_grid_labels(root)
        # every label's point lies inside the figure (it was widened for the t = 3 crossing)
        for g in root.iter(SVG + "g"):
            if g.get("id") == "labels":
                for text in g.iter(SVG + "text"):
                    x, y = float(text.get("x")), float(text.get("y"))
                    if not (0 <= x <= 1280 and 0 <= y <= 720):
                        fail(f"label \"{text.text}\" at ({x}, {y}) lies outside the figure")
        caption = group_texts(root, "caption")
        if not caption or caption[0] != "The slab method in 2D: a miss" or caption[1] != "ray vs box: slab":
            fail(f"the caption is {caption}")

        # --step 2: the x slab's step alone, so its two crossings only
        status, err = render(hitlab, scene, fig, "--step", "2", "--clean")
        if status != 0:
            fail(f"hitlab render --step 2 --clean exited {status}: {err}")
        root = parse(fig)
        all_labels = group_texts(root, "labels")
        labels = [text for text in all_labels if " t = " in text]
        if sorted(labels) != ["x far t = 0.75", "x near t = 0.25"]:
            fail(f"--step 2 labels: {labels}")
        # the running interval after the x slab: [max(0, 0.25), 0.75]
        if "[t_enter, t_exit] = [0.25, 0.75]" not in all_labels:
            fail(f"--step 2: no running interval label among {all_labels}")
        if group_texts(root, "caption"):
            fail("--clean left the caption in")

        # a step past the trace's end: a message naming the option and the count, no file
        bad = os.path.join(tmp, "bad.svg")
        status, err = render(hitlab, scene, bad, "--step", "99")
        steps = len(json.loads(subprocess.run(
            [hitlab, "eval"], input=json.dumps({"query": "ray_aabb", "a": {"type": "ray", "origin": [0, 0, 0],
                                                "direction": [4, 1, 0]}, "b": {"type": "aabb", "min": [1, 1, -0.5],
                                                "max": [3, 3, 0.5]}, "algorithms": ["slab"], "trace": True}) + "\n",
            capture_output=True, text=True, timeout=60).stdout)["traces"]["slab"]["steps"])
        want = f"hitlab render: --step: the focused trace has {steps} steps, got 99"
        if status != 2 or err.strip() != want or os.path.exists(bad):
            fail(f"--step 99: status {status}, stderr {err!r}, expected 2 and {want!r}")
        status, err = render(hitlab, scene, bad, "--stats")
        if status != 2 or "--stats" not in err:
            fail(f"--stats with an SVG: status {status}, stderr {err!r}")
    print(f"svg_figure_check: ok ({len(crossings)} crossings of {reference}'s trace labelled)")


if __name__ == "__main__":
    main()
