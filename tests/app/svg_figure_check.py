#!/usr/bin/env python3
"""`hitlab render SCENE -o fig.svg` end to end, without a display.

Renders the 2D slab lesson (assets/scenes/slab-2d-miss.json) to SVG, checks that the file is
well-formed XML (xml.etree), and that it holds a t label at every slab crossing of the reference
algorithm's trace, the t values taken from `hitlab eval` with "trace": true (the protocol), not
from the figure's code. Also --step (one step's crossings only), --clean (no caption) and the
errors of a bad --step.

Usage: svg_figure_check.py HITLAB_EXECUTABLE SCENE_DIR
"""

import json
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
        labels = group_texts(root, "labels")
        for _, axis, side, t in crossings:
            want = f"{axis} {side} t = {short(t)}"
            if want not in labels:
                fail(f"no label \"{want}\" among {labels}")
        if len(labels) != len(crossings):
            fail(f"{len(labels)} labels for {len(crossings)} crossings: {labels}")
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
        labels = group_texts(root, "labels")
        if sorted(labels) != ["x far t = 0.75", "x near t = 0.25"]:
            fail(f"--step 2 labels: {labels}")
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
