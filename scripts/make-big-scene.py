#!/usr/bin/env python3
"""Writes a big scene file for load and report measurements (docs/benchmarks.md, "Big scenes"):
N unnamed, id-less solids (boxes by default; --kind mixed cycles box, sphere, oriented box) on a
jittered cubic lattice with unit spacing, each about half a cell wide so that a solid overlaps a
few of its neighbours at most, and R rays through the lattice. Generated, not stored: the files
of 20,000 and 100,000 shapes are megabytes. Reproducible from the seed.

Usage: scripts/make-big-scene.py OUTPUT [--solids N] [--rays R] [--kind box|mixed]
                                 [--solid-pairs true|false] [--overlapping] [--seed S]

--overlapping makes every solid cover the whole lattice (all pairs of solids overlap in bounds):
the worst case for pair culling, which `hitlab report` refuses with a message.
"""
import argparse
import json
import math
import random


def q(x, step=1 / 64):
    """x rounded to a multiple of step (exact in float and double), as an int when whole."""
    v = round(x / step) * step
    return int(v) if v == int(v) else v


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("output")
    p.add_argument("--solids", type=int, default=20000)
    p.add_argument("--rays", type=int, default=10)
    p.add_argument("--kind", choices=["box", "mixed"], default="box")
    p.add_argument("--solid-pairs", choices=["true", "false"], default="true")
    p.add_argument("--overlapping", action="store_true")
    p.add_argument("--seed", type=int, default=20261124)
    a = p.parse_args()
    if a.solids < 0 or a.rays < 0:
        p.error("--solids and --rays must be >= 0")
    rng = random.Random(a.seed)
    side = max(1, math.ceil(a.solids ** (1 / 3)))
    lines = []
    for i in range(a.solids):
        cell = (i % side, (i // side) % side, i // (side * side))
        c = [q(cell[k] + rng.uniform(-0.2, 0.2)) for k in range(3)]
        h = q(side) if a.overlapping else q(rng.uniform(0.15, 0.35))
        kind = "box" if a.kind == "box" else ("box", "sphere", "obb")[i % 3]
        if kind == "box":
            shape = {"type": "aabb", "min": [q(x - h) for x in c], "max": [q(x + h) for x in c]}
        elif kind == "sphere":
            shape = {"type": "sphere", "center": c, "radius": h}
        else:  # a 3-4-5 rotation about z: exact axes
            shape = {"type": "obb", "center": c, "half_extents": [h, h, h],
                     "axes": [[0.6, 0.8, 0], [-0.8, 0.6, 0], [0, 0, 1]]}
        lines.append(json.dumps(shape, separators=(",", ":")))
    for i in range(a.rays):
        origin = [q(rng.uniform(0, side)), q(rng.uniform(0, side)), -2]
        d = [rng.uniform(-0.2, 0.2), rng.uniform(-0.2, 0.2), 1.0]
        n = math.sqrt(sum(x * x for x in d))
        lines.append(json.dumps({"type": "ray", "origin": origin, "direction": [round(x / n, 9) for x in d]},
                                separators=(",", ":")))
    with open(a.output, "w", encoding="utf-8") as f:
        f.write('{"format": "hitlab-scene", "version": 1,\n')
        f.write(f' "title": "{a.solids} {a.kind} solids, {a.rays} rays (scripts/make-big-scene.py)",\n')
        f.write(f' "queries": {{"solid_pairs": {a.solid_pairs}}},\n')
        f.write(' "shapes": [\n  ' + ",\n  ".join(lines) + "\n ]\n}\n")


if __name__ == "__main__":
    main()
