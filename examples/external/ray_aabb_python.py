#!/usr/bin/env python3
"""An external ray_aabb algorithm for HitLab (docs/plugins.md), Python 3 standard library only.

Run it as:  hitlab report SCENE --external 'python3 examples/external/ray_aabb_python.py'

The line protocol: first one line with a JSON array of metadata objects (those of
`hitlab algorithms --json`), then one answer line per query line, in order. A query line with
"trace": true gets, with each result, the slab trace (one step per axis: t_near, t_far and the
running interval t_enter, t_exit) and a one-sentence verdict, shown in HitLab's Query inspector. The method is the
slab method (Kay & Kajiya 1986; Ericson, Real-Time Collision Detection 5.3.3) as HitLab's `slab`
reference computes it on ordinary inputs: t = (plane - origin) / direction per axis, correctly
rounded in the query's precision, parallel axes decided by the origin alone. (The reference's
fallback for quotients that over- or underflow is not reproduced here.)
"""

import json
import math
import struct
import sys

METADATA = [{
    "name": "slab_python",
    "family": "ray_aabb",
    "title": "Slab method (Python example)",
    "summary": "Intersects the ray's t interval with the x, y and z slabs of the box; parallel axes "
               "are decided by the origin alone. Closed box, t >= 0, an origin inside hits at t = 0.",
    "source": "Kay & Kajiya 1986; Ericson, Real-Time Collision Detection (2005) 5.3.3",
    "reference": False,
    "published": False,
    "conventions": {"origin_inside": "hit", "boundary": "inclusive", "t_range": "t >= 0",
                    "direction": "any", "parallel": "handled"},
    "returns": ["hit", "t_enter", "t_exit", "point", "normal"],
}]

FLOAT_MAX = 3.4028234663852886e38
DOUBLE_MAX = sys.float_info.max


def to_float(x):
    """x rounded to the nearest float (as a Python float, i.e. a double holding a float value)."""
    try:
        return struct.unpack("f", struct.pack("f", x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


def keep(x):
    return x


def number(x):
    """A JSON number as `hitlab eval` writes it: non-finite values as strings."""
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return x


def finite(x):
    """A trace value: the protocol's trace values are finite numbers, or null for none."""
    return x if math.isfinite(x) else None


def slab(origin, direction, lo, hi, rnd, largest, trace):
    """The slab method; rnd rounds each operation to the precision (a single operation on two
    floats, computed in double and rounded once to float, is the correctly rounded float result).
    trace: a list that gets one step per axis (its slab's t_near and t_far, null when infinite,
    and the running interval [t_enter, t_exit]); the verdict is returned in the result's
    "verdict" (removed by the caller unless the query asked for the trace)."""
    near, far = [], []
    t_enter, t_exit = 0.0, largest
    for axis, (o, d, l, h) in enumerate(zip(origin, direction, lo, hi)):
        if d == 0:  # parallel: every t or none, from the origin alone
            inside = l <= o <= h
            near.append(-math.inf if inside else math.inf)
            far.append(math.inf if inside else -math.inf)
        else:
            t0, t1 = rnd(rnd(l - o) / d), rnd(rnd(h - o) / d)
            near.append(min(t0, t1))
            far.append(max(t0, t1))
        t_enter, t_exit = max(t_enter, near[-1]), min(t_exit, far[-1])
        trace.append({"caption": "xyz"[axis] + " slab",
                      "values": {"t_near": finite(near[-1]), "t_far": finite(far[-1]),
                                 "t_enter": finite(t_enter), "t_exit": finite(t_exit)}})
    t_enter += 0.0  # -0 -> 0
    t_exit += 0.0
    miss = {"hit": False, "t_enter": None, "t_exit": None, "point": None, "normal": None,
            "verdict": "Miss: the slabs' t intervals do not meet."}
    if not t_enter <= t_exit:
        return miss
    point = [rnd(o + rnd(t_enter * d)) for o, d in zip(origin, direction)]
    normal = None
    for axis in range(3):  # the first axis whose slab starts where the ray enters
        if direction[axis] != 0 and near[axis] == t_enter:
            normal = [0, 0, 0]
            normal[axis] = -1 if direction[axis] > 0 else 1
            break
    return {"hit": True, "t_enter": number(t_enter), "t_exit": number(t_exit),
            "point": [number(p) for p in point], "normal": normal,
            "verdict": "Hit: the slabs' t intervals meet."}


def answer(line):
    """The answer line's object: results, or an error that keeps the query's id when it has one."""
    try:
        query = json.loads(line)
    except ValueError as error:
        return {"id": None, "error": "the line is not JSON: %s" % error}
    qid = query.get("id") if isinstance(query, dict) else None
    try:
        if query.get("query") != "ray_aabb":
            return {"id": qid, "error": "only ray_aabb is implemented"}
        ray, box = query["a"], query["b"]
        single = query.get("precision", "float") == "float"
        rnd, largest = (to_float, FLOAT_MAX) if single else (keep, DOUBLE_MAX)
        steps = []
        result = slab(ray["origin"], ray["direction"], box["min"], box["max"], rnd, largest, steps)
        if query.get("trace") is True:  # asked for: one step per axis and the verdict
            result["trace"] = steps
        else:
            del result["verdict"]
        return {"id": qid, "results": {name: result for name in query.get("algorithms", [])}}
    except (AttributeError, KeyError, TypeError, ValueError) as error:
        return {"id": qid, "error": "cannot read the query: %r" % error}


def main():
    print(json.dumps(METADATA, separators=(",", ":")), flush=True)
    for line in sys.stdin:
        print(json.dumps(answer(line), separators=(",", ":")), flush=True)


if __name__ == "__main__":
    main()
