#!/usr/bin/env python3
"""Extreme-magnitude check of `hitlab eval` against an independent exact oracle.

Generates seeded queries for every family whose answer is rational or whose verdict is decidable
in rationals (ray_aabb, segment_aabb, ray_plane, ray_obb and obb_obb with signed-permutation axes,
aabb_aabb, ray_sphere, sphere_sphere, sphere_aabb), scaled by powers of two from the subnormal
range to the largest finite values, with one-ulp nudges across the boundary, and sends them through
`hitlab eval` in float and double. Each family's reference algorithm must give the exact verdict,
and its t_enter / t_exit / depth must be within TOLERANCE_ULPS of the exact value rounded to the
line's precision (+-inf where the exact magnitude is beyond that precision's range).

The oracle is Python's fractions.Fraction: every binary64 input is an exact rational, so the
verdict and the rational values are exact; square roots (sphere depths and t) are computed with
integer square roots to 200 bits. It shares no code with HitLab's GMP judge.

Usage: extreme_eval_check.py HITLAB [--cases N] [--seed S]; exit 0 when every answer is right.
"""

import argparse
import json
import math
import random
import struct
import subprocess
import sys
from fractions import Fraction as F

TOLERANCE_ULPS = 4  # rational values: within 4 ulps of the exact value rounded to the precision

# (mantissa bits including the hidden one, smallest normal exponent, largest exponent)
FORMATS = {"double": (53, -1022, 1023), "float": (24, -126, 127)}


def exponent(x):
    """floor(log2 |x|) of a nonzero Fraction."""
    a = abs(x)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    return e - 1 if F(2) ** e > a else e


def round_to(x, precision):
    """x (a Fraction) rounded to nearest-even in the precision; +-inf beyond its range."""
    bits, emin, emax = FORMATS[precision]
    if x == 0:
        return 0.0
    sign = -1 if x < 0 else 1
    a = abs(x)
    e = exponent(a)
    quantum_exp = max(e, emin) - (bits - 1)
    scaled = a / (F(2) ** quantum_exp)
    q, r = divmod(scaled.numerator, scaled.denominator)
    if 2 * r > scaled.denominator or (2 * r == scaled.denominator and q % 2 == 1):
        q += 1
    value = F(q) * F(2) ** quantum_exp
    if value >= F(2) ** (emax + 1):
        return sign * math.inf
    return sign * float(value)


def ulp_at(v, precision):
    bits, emin, _ = FORMATS[precision]
    if v == 0 or math.isinf(v):
        return 2.0 ** (emin - (bits - 1))
    e = math.frexp(abs(v))[1] - 1
    return 2.0 ** (max(e, emin) - (bits - 1))


def representable(x, precision):
    """Whether the Fraction x is exactly a finite number of the precision."""
    try:
        r = round_to(x, precision)
    except OverflowError:
        return False
    return not math.isinf(r) and F(r) == x


def sqrt_fraction(x):
    """sqrt(x) for a Fraction x >= 0, to about 2200 bits (a Fraction)."""
    if x == 0:
        return F(0)
    # x * 4^s has about 4400 bits in its integer part, so its integer square root has about 2200 (cancellation in r - sqrt(...) needs them)
    s = (4400 - (x.numerator.bit_length() - x.denominator.bit_length())) // 2
    scaled = x * F(4) ** s
    return F(math.isqrt(scaled.numerator // scaled.denominator)) / F(2) ** s


# ---- the exact answers ----


def clip(o, d, lo, hi, t_min, t_max):
    """[t_enter, t_exit] of the line o + t d in the closed box within [t_min, t_max] (None: miss)."""
    enter, leave = t_min, t_max
    for i in range(3):
        if d[i] == 0:
            if o[i] < lo[i] or o[i] > hi[i]:
                return None
            continue
        t0 = (lo[i] - o[i]) / d[i]
        t1 = (hi[i] - o[i]) / d[i]
        if t0 > t1:
            t0, t1 = t1, t0
        enter = t0 if enter is None or t0 > enter else enter
        leave = t1 if leave is None or t1 < leave else leave
    if leave is not None and enter > leave:
        return None
    return enter, leave


def box_depth(amin, amax, bmin, bmax):
    if any(amin[i] > bmax[i] or bmin[i] > amax[i] for i in range(3)):
        return None
    return min(min(amax[i] - bmin[i], bmax[i] - amin[i]) for i in range(3))


def dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def sub(a, b):
    return [a[i] - b[i] for i in range(3)]


def obb_box(obb):
    """min and max of an obb whose axes are a signed permutation."""
    ext = [F(0)] * 3
    for k, axis in enumerate(obb["axes"]):
        for i in range(3):
            if axis[i] != 0:
                ext[i] = obb["half"][k]
    return [obb["center"][i] - ext[i] for i in range(3)], [obb["center"][i] + ext[i] for i in range(3)]


def exact_answer(family, a, b):
    """{'hit': bool, 't_enter'/'t_exit' or 'depth': Fraction}."""
    if family in ("ray_aabb", "ray_obb"):
        lo, hi = (b["min"], b["max"]) if family == "ray_aabb" else obb_box(b)
        c = clip(a["origin"], a["direction"], lo, hi, F(0), None)
        return {"hit": False} if c is None else {"hit": True, "t_enter": c[0], "t_exit": c[1]}
    if family == "segment_aabb":
        d = sub(a["end"], a["start"])
        c = clip(a["start"], d, b["min"], b["max"], F(0), F(1))
        return {"hit": False} if c is None else {"hit": True, "t_enter": c[0], "t_exit": c[1]}
    if family == "ray_plane":
        nd = dot(b["normal"], a["direction"])
        gap = b["distance"] - dot(b["normal"], a["origin"])
        if nd == 0:
            return {"hit": True, "t_enter": F(0), "t_exit": F(0)} if gap == 0 else {"hit": False}
        t = gap / nd
        # the documented tolerance under cancellation: n.o and n.dir are rounded on the fast path, by
        # a few ulps of their largest terms (the slack is in units of the precision's epsilon)
        num_terms = abs(b["distance"]) + sum(abs(b["normal"][i] * a["origin"][i]) for i in range(3))
        den_terms = sum(abs(b["normal"][i] * a["direction"][i]) for i in range(3))
        slack = (num_terms + abs(t) * den_terms) / abs(nd)
        return {"hit": True, "t_enter": t, "t_exit": t, "slack": slack} if t >= 0 else {"hit": False}
    if family in ("aabb_aabb", "obb_obb"):
        amin, amax = (a["min"], a["max"]) if family == "aabb_aabb" else obb_box(a)
        bmin, bmax = (b["min"], b["max"]) if family == "aabb_aabb" else obb_box(b)
        depth = box_depth(amin, amax, bmin, bmax)
        return {"hit": False} if depth is None else {"hit": True, "depth": depth}
    if family == "sphere_sphere":
        dist2 = dot(sub(a["center"], b["center"]), sub(a["center"], b["center"]))
        rr = a["radius"] + b["radius"]
        if dist2 > rr * rr:
            return {"hit": False}
        return {"hit": True, "depth": rr - sqrt_fraction(dist2), "scale": rr}
    if family == "sphere_aabb":
        c, r = a["center"], a["radius"]
        nearest = [min(max(c[i], b["min"][i]), b["max"][i]) for i in range(3)]
        dist2 = dot(sub(c, nearest), sub(c, nearest))
        if dist2 > r * r:
            return {"hit": False}
        if dist2 == 0:  # centre inside (or on) the box: radius + distance to the nearest face
            face = min(min(c[i] - b["min"][i], b["max"][i] - c[i]) for i in range(3))
            return {"hit": True, "depth": r + face}
        return {"hit": True, "depth": r - sqrt_fraction(dist2), "scale": r}
    if family == "ray_sphere":
        oc = sub(a["origin"], b["center"])
        d = a["direction"]
        qa, qb, qc = dot(d, d), dot(d, oc), dot(oc, oc) - b["radius"] ** 2
        disc = qb * qb - qa * qc
        if disc < 0 or (qb > 0 and qc > 0):
            return {"hit": False}
        root = sqrt_fraction(disc)
        enter = F(0) if qc <= 0 else (-qb - root) / qa
        scale = (sqrt_fraction(dot(oc, oc)) + b["radius"]) / sqrt_fraction(qa)
        return {"hit": True, "t_enter": enter, "t_exit": (-qb + root) / qa, "scale": scale}
    raise ValueError(family)


# ---- generated cases: small boundary configurations, scaled by powers of two ----

AXES_PERMUTATIONS = [
    [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
    [[0, 1, 0], [1, 0, 0], [0, 0, -1]],
    [[0, 0, 1], [-1, 0, 0], [0, -1, 0]],
]


def base_case(rng, family):
    """A small configuration in integers and halves, most of them on or next to the boundary."""
    v = lambda lo=-4, hi=4: [F(rng.randint(lo, hi), rng.choice([1, 2])) for _ in range(3)]
    box = lambda: (lambda m, s: (m, [m[i] + s[i] for i in range(3)]))(v(), v(0, 4))
    if family in ("ray_aabb", "segment_aabb", "ray_obb"):
        lo, hi = box()
        # aim at a corner, an edge, a face point or anywhere, from outside, inside, on a face or behind
        target = [rng.choice([lo[i], hi[i], (lo[i] + hi[i]) / 2, F(rng.randint(-5, 5))]) for i in range(3)]
        origin = v(-6, 6)
        if rng.random() < 0.3:
            origin = [rng.choice([lo[i], hi[i], origin[i]]) for i in range(3)]
        direction = sub(target, origin)
        if rng.random() < 0.3:
            direction[rng.randrange(3)] = F(0)
        if all(x == 0 for x in direction):
            direction = [F(1), F(0), F(0)]
        if rng.random() < 0.2:
            direction = [-x for x in direction]  # the box behind
        if family == "ray_obb":
            axes = rng.choice(AXES_PERMUTATIONS)
            center = [(lo[i] + hi[i]) / 2 for i in range(3)]
            ext = [(hi[i] - lo[i]) / 2 for i in range(3)]
            half = [next(ext[i] for i in range(3) if axes[k][i] != 0) for k in range(3)]
            return {"origin": origin, "direction": direction}, {"center": center, "half": half, "axes": axes}
        if family == "segment_aabb":
            scale = rng.choice([F(1), F(1, 2), F(2), F(0)])  # 0: a zero-length segment (a point)
            end = [origin[i] + direction[i] * scale for i in range(3)]
            return {"start": origin, "end": end}, {"min": lo, "max": hi}
        return {"origin": origin, "direction": direction}, {"min": lo, "max": hi}
    if family == "ray_plane":
        normal = v(-2, 2)
        if all(x == 0 for x in normal):
            normal = [F(0), F(0), F(1)]
        origin, direction = v(), v(-2, 2)
        if all(x == 0 for x in direction):
            direction = [F(1), F(1), F(0)]
        distance = dot(normal, origin) if rng.random() < 0.3 else F(rng.randint(-8, 8), rng.choice([1, 2]))
        return {"origin": origin, "direction": direction}, {"normal": normal, "distance": distance}
    if family in ("aabb_aabb", "obb_obb"):
        amin, amax = box()
        bmin, bmax = box()
        if rng.random() < 0.5:  # touching on one axis
            i = rng.randrange(3)
            shift = amax[i] - bmin[i]
            bmin[i] += shift
            bmax[i] += shift
        if family == "aabb_aabb":
            return {"min": amin, "max": amax}, {"min": bmin, "max": bmax}

        def as_obb(lo, hi):
            axes = rng.choice(AXES_PERMUTATIONS)
            ext = [(hi[i] - lo[i]) / 2 for i in range(3)]
            half = [next(ext[i] for i in range(3) if axes[k][i] != 0) for k in range(3)]
            return {"center": [(lo[i] + hi[i]) / 2 for i in range(3)], "half": half, "axes": axes}

        return as_obb(amin, amax), as_obb(bmin, bmax)
    if family == "sphere_sphere":
        # integer Pythagorean-style offsets make touching exact: (3, 4, 0) has length 5
        c = v()
        offset = rng.choice([[3, 4, 0], [0, 0, 2], [1, 2, 2], [2, 3, 6]])
        length = {(3, 4, 0): 5, (0, 0, 2): 2, (1, 2, 2): 3, (2, 3, 6): 7}[tuple(offset)]
        r1 = F(rng.randint(0, length))
        r2 = F(length) - r1 + rng.choice([F(0), F(0), F(1, 2), F(-1, 2)])
        r2 = max(r2, F(0))
        return {"center": c, "radius": r1}, {"center": [c[i] + offset[i] for i in range(3)], "radius": r2}
    if family == "sphere_aabb":
        lo, hi = box()
        c = [rng.choice([lo[i] - 2, hi[i] + 2, (lo[i] + hi[i]) / 2]) for i in range(3)]
        nearest = [min(max(c[i], lo[i]), hi[i]) for i in range(3)]
        dist2 = dot(sub(c, nearest), sub(c, nearest))
        root = math.isqrt(int(dist2)) if dist2.denominator == 1 else 0
        r = F(root) if root * root == dist2 and rng.random() < 0.6 else F(rng.randint(0, 5))
        return {"center": c, "radius": r}, {"min": lo, "max": hi}
    if family == "ray_sphere":
        center, radius = v(), F(rng.randint(0, 4))
        origin = v(-8, 8)
        # tangent rays: along an axis at distance radius from the centre
        axis = rng.randrange(3)
        direction = [F(0)] * 3
        direction[axis] = F(rng.choice([-3, -1, 1, 2]))
        if rng.random() < 0.5:
            other = (axis + 1) % 3
            origin[other] = center[other] + rng.choice([radius, -radius])
            origin[(axis + 2) % 3] = center[(axis + 2) % 3]
        else:
            direction = sub(center, origin) if rng.random() < 0.5 else v(-3, 3)
            if all(x == 0 for x in direction):
                direction = [F(0), F(1), F(0)]
        return {"origin": origin, "direction": direction}, {"center": center, "radius": radius}
    raise ValueError(family)


POSITION_KEYS = ("origin", "start", "end", "min", "max", "center")


def scaled(shape, k, m, family, which):
    """The shape with positions (and lengths) times 2^k and directions (plane normals) times 2^m."""
    out = {}
    for key, value in shape.items():
        if key in POSITION_KEYS or key in ("half",):
            out[key] = [x * F(2) ** k for x in value]
        elif key == "radius":
            out[key] = value * F(2) ** k
        elif key == "direction":
            out[key] = [x * F(2) ** m for x in value]
        elif key == "normal":
            out[key] = [x * F(2) ** m for x in value]
        elif key == "distance":
            out[key] = value * F(2) ** (k + m)
        else:
            out[key] = value
    return out


def nudge(rng, shape, precision):
    """One number of the shape moved by one ulp of its precision, either way."""
    keys = [k for k, v in shape.items() if isinstance(v, list) and k != "axes"]
    key = rng.choice(keys)
    i = rng.randrange(3)
    x = shape[key][i]
    bits, emin, _ = FORMATS[precision]
    e = exponent(x) if x != 0 else emin
    step = F(2) ** (max(e, emin) - (bits - 1))
    if x != 0 and abs(x) == F(2) ** e and e > emin and rng.random() < 0.5:
        step /= 2  # just below a power of two the spacing halves
    shape = dict(shape)
    shape[key] = list(shape[key])
    shape[key][i] = x + rng.choice([-1, 1]) * step
    return shape


SHAPE_TYPE = {
    "ray_aabb": ("ray", "aabb"), "segment_aabb": ("segment", "aabb"), "ray_plane": ("ray", "plane"),
    "ray_obb": ("ray", "obb"), "aabb_aabb": ("aabb", "aabb"), "obb_obb": ("obb", "obb"),
    "sphere_sphere": ("sphere", "sphere"), "sphere_aabb": ("sphere", "aabb"), "ray_sphere": ("ray", "sphere"),
}


def to_json(shape, type_name):
    out = {"type": type_name}
    for key, value in shape.items():
        if key == "half":
            out["half_extents"] = [float(x) for x in value]
        elif key == "axes":
            out["axes"] = value
        elif isinstance(value, list):
            out[key] = [float(x) for x in value]
        else:
            out[key] = float(value)
    return out


def all_numbers(shape):
    for key, value in shape.items():
        if key == "axes":
            continue
        for x in value if isinstance(value, list) else [value]:
            yield x


def generate(rng, count):
    cases = []
    families = list(SHAPE_TYPE)
    while len(cases) < count:
        family = rng.choice(families)
        precision = rng.choice(["double", "float"])
        bits, emin, emax = FORMATS[precision]
        tiny = emin - bits + 1
        a, b = base_case(rng, family)
        # one scale for positions and one for directions, each anywhere from the subnormals to the top
        k = rng.choice([rng.randint(tiny, emax - 4), rng.randint(emax - 8, emax - 1), rng.randint(tiny, tiny + 8), 0])
        m = rng.choice([k, 0, rng.randint(tiny, emax - 3)])
        a, b = scaled(a, k, m, family, "a"), scaled(b, k, m, family, "b")
        nudged = rng.random() < 0.35
        if nudged:
            if rng.random() < 0.5:
                a = nudge(rng, a, precision)
            else:
                b = nudge(rng, b, precision)
        if not all(representable(x, precision) for x in list(all_numbers(a)) + list(all_numbers(b))):
            continue
        if family in ("ray_aabb", "ray_obb", "ray_plane", "ray_sphere") and all(x == 0 for x in a["direction"]):
            continue
        if family == "ray_plane" and all(x == 0 for x in b["normal"]):
            continue
        if any(key in s for s in (a, b) for key in ("min",)) and any(
            s["min"][i] > s["max"][i] for s in (a, b) if "min" in s for i in range(3)
        ):
            continue
        if any(x < 0 for s in (a, b) for x in s.get("half", []) + ([s["radius"]] if "radius" in s else [])):
            continue
        cases.append((family, precision, a, b, nudged))
    return cases


def parse_number(x):
    if isinstance(x, str):
        return {"inf": math.inf, "-inf": -math.inf}.get(x, math.nan)
    return float(x)


def check(case, answer, failures, boundary):
    family, precision, a, b, nudged = case
    want = exact_answer(family, a, b)
    results = answer.get("results")
    if not results:
        failures.append(f"{family} {precision}: no results: {answer}")
        return
    judged = answer.get("exact")
    if judged is not None:  # the GMP judge against this oracle: the same verdict, values to the nearest double
        if judged.get("hit") != want["hit"]:
            failures.append(f"{family} {precision}: exact judge hit {judged.get('hit')}, oracle {want['hit']}")
        elif want["hit"]:
            for field in ("t_enter", "t_exit", "depth"):
                if field in want:
                    expected, got = round_to(want[field], "double"), parse_number(judged.get(field))
                    close = got == expected or ("scale" in want and abs(got - expected) <= ulp_at(expected, "double"))
                    if not close:
                        failures.append(f"{family} {precision}: exact judge {field} {got!r}, oracle {expected!r}")
    reference = next(iter(results.values()))  # the reference is listed first
    if reference.get("hit") != want["hit"]:
        if nudged:  # one ulp from the boundary: within the documented tolerance of the verdict
            boundary.append(f"{family} {precision}: hit {reference.get('hit')}, exact {want['hit']}")
            return
        failures.append(f"{family} {precision}: hit {reference.get('hit')}, exact {want['hit']}")
        return
    if not want["hit"]:
        return
    for field in ("t_enter", "t_exit", "depth"):
        if field not in want:
            continue
        expected = round_to(want[field], precision)
        got = parse_number(reference.get(field))
        if math.isinf(expected) or math.isinf(got):
            if got != expected:
                failures.append(f"{family} {precision}: {field} {got}, exact {float(want[field]) if not math.isinf(expected) else expected}")
            continue
        error = abs(got - expected) / ulp_at(expected, precision)
        if "slack" in want:
            eps = 2.0 ** (1 - FORMATS[precision][0])
            if abs(got - expected) <= TOLERANCE_ULPS * ulp_at(expected, precision) + \
                    TOLERANCE_ULPS * eps * round_to(want["slack"], "double"):
                continue
        if "scale" in want:
            # an irrational value (a square root): absolute error against the query's scale, and near
            # a tangency the square root's own sensitivity (about sqrt(ulp) of the scale)
            unit = ulp_at(round_to(want["scale"], precision), precision)
            allowed = TOLERANCE_ULPS * unit + math.sqrt(TOLERANCE_ULPS * unit * float(round_to(want["scale"], precision)))
            error = abs(got - expected) / unit
            if abs(got - expected) <= allowed:
                continue
        if not error <= TOLERANCE_ULPS:
            failures.append(f"{family} {precision}: {field} {got!r}, exact {expected!r} ({error:.3g} ulps)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("hitlab")
    parser.add_argument("--cases", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=20261124)
    parser.add_argument("--show", type=int, default=20, help="failures to print")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    cases = generate(rng, args.cases)
    lines = []
    for i, (family, precision, a, b, _) in enumerate(cases):
        ta, tb = SHAPE_TYPE[family]
        lines.append(json.dumps({"id": i, "query": family, "a": to_json(a, ta), "b": to_json(b, tb),
                                 "precision": precision, "exact": True}))
    run = subprocess.run([args.hitlab, "eval"], input="\n".join(lines) + "\n", capture_output=True, text=True,
                         timeout=600)
    answers = [json.loads(line) for line in run.stdout.splitlines() if line.strip()]
    failures, boundary = [], []
    if run.returncode not in (0, 1) or len(answers) != len(cases):
        print(f"hitlab eval exited {run.returncode} after {len(answers)} of {len(cases)} answers: "
              f"{run.stderr[-400:]}")
        return 1
    per_family = {}
    for case, answer in zip(cases, answers):
        before = len(failures)
        if "error" in answer:
            failures.append(f"{case[0]} {case[1]}: error line {answer['error']}: {lines[answer['id']]}")
        else:
            check(case, answer, failures, boundary)
        if len(failures) > before:
            failures[-1] += f"\n    {lines[answer['id']]}"
        stats = per_family.setdefault(case[0], [0, 0])
        stats[0] += 1
        stats[1] += len(failures) > before
    for family, (n, bad) in sorted(per_family.items()):
        print(f"{family:14s} {n:5d} cases {bad:4d} wrong")
    for line in failures[: args.show]:
        print("WRONG", line)
    print(f"{len(boundary)} verdicts differ one ulp from the boundary (allowed)")
    print(f"{len(cases) - len(failures)} passed, {len(failures)} failed")
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())
