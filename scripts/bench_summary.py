#!/usr/bin/env python3
"""Merges the JSON of several Google Benchmark binaries and prints ns per test (medians) and the
ratios that have targets (docs/benchmarks.md). Used by scripts/bench; standard library only."""

import argparse
import json
import sys

# (what, numerator, denominator, target ratio)
RATIO_TARGETS = [
    ("reference slab / btRayAabb2", "ray_aabb/slab/float", "peer/bullet_btRayAabb2", 0.5),
    ("slab_branchless / btRayAabb2", "ray_aabb/slab_branchless/float", "peer/bullet_btRayAabb2", 0.35),
    ("quadratic_stable / glm::intersectRaySphere", "ray_sphere/quadratic_stable/float",
     "peer/glm_intersectRaySphere", 1.0),
    ("reference slab in double / btRayAabb2", "ray_aabb/slab/double", "peer/bullet_btRayAabb2", 0.5),
    ("ray_triangle watertight / moller_trumbore", "ray_triangle/watertight/float",
     "ray_triangle/moller_trumbore/float", 1.5),
    ("ray_triangle watertight / moller_trumbore, double", "ray_triangle/watertight/double",
     "ray_triangle/moller_trumbore/double", 1.5),
    # issue 25: HitLab's GJK+EPA and MPR against libccd's on the same obb_obb pairs; SAT stays the fastest
    ("obb_obb gjk_epa / libccd GJK+EPA", "obb_obb/gjk_epa/double", "peer/libccd_gjk_epa", 1.0),
    ("obb_obb mpr / libccd MPR", "obb_obb/mpr/double", "peer/libccd_mpr", 1.0),
    ("obb_obb sat / gjk_epa", "obb_obb/sat/double", "obb_obb/gjk_epa/double", 1.0),
]
# ray_mesh's reference through HitLab's BVH per ray over Embree's rtcIntersect1 on the same mesh and
# rays: ray_mesh/<MESH_REFERENCE>/<precision>/<mesh>/<rays> / peer/embree_rtcIntersect1/<mesh>/<rays>
MESH_REFERENCE = "bvh_watertight"
MESH_PEER = "peer/embree_rtcIntersect1/"
MESH_RATIO = 2.0
# Each family's reference algorithm (`hitlab algorithms --json`, "reference": true): in double
# within DOUBLE_RATIO of its float time.
REFERENCES = [
    "ray_aabb/slab", "segment_aabb/segment_slab", "ray_plane/plane", "ray_sphere/quadratic_stable",
    "ray_obb/local_slab", "aabb_aabb/interval", "sphere_aabb/closest_point", "sphere_sphere/distance",
    "obb_obb/sat", "ray_triangle/watertight",
]
# (benchmark, minimum items per second): throughput targets of a user's algorithm (docs/plugins.md).
RATE_TARGETS = [
    ("hunt/plugin/ray_aabb", 1e6),
    ("external/ray_aabb/slab_cpp/double", 5e4),
]
# the plugin transport alone, reported beside the hunt (the transport must not be its bottleneck)
RATE_REPORTED = ["plugin/ray_aabb/slab_c/double", "plugin/ray_aabb/slab_c/float"]
DOUBLE_RATIO = 1.5
# ns of the engine thread's CPU per recorded query of include/hitlab/capture.h, amortised over a whole
# capture: the queue's waits and the drain at close included (docs/capture.md)
CAPTURE_TARGETS = [("capture/record/ray_aabb", 50.0)]
BATCH_TARGET_NS = 0.18      # ns per box test, the batched kernel's target on an AVX-512 machine
BATCH_HANDTUNED_RATIO = 1.3  # the batched kernel within 1.3x of a hand-tuned AVX-512 kernel


def load(paths):
    merged = None
    for path in paths:
        with open(path) as f:
            text = f.read()
        if not text.strip():
            continue  # a binary whose benchmarks the filter left out writes nothing
        data = json.loads(text)
        if merged is None:
            merged = {"context": data.get("context", {}), "benchmarks": []}
        merged["benchmarks"].extend(data.get("benchmarks", []))
    return merged or {"context": {}, "benchmarks": []}


def medians(merged):
    """name -> (ns per test, hit_rate) from the median aggregates (or the single run)."""
    out = {}
    for b in merged["benchmarks"]:
        if b.get("error_occurred"):
            continue
        kind = b.get("run_type")
        if kind == "aggregate" and b.get("aggregate_name") != "median":
            continue
        name = b.get("run_name", b["name"])
        if kind != "aggregate" and name in out:
            continue
        ips = b.get("items_per_second")
        if not ips:
            continue
        out[name] = (1e9 / ips, b.get("hit_rate"))
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default="")
    parser.add_argument("json", nargs="+")
    args = parser.parse_args()
    merged = load(args.json)
    if args.out:
        with open(args.out, "w") as f:
            json.dump(merged, f, indent=1)
    m = medians(merged)
    if not m:
        print("no results")
        return 0

    print()
    print("ns per test (median of the repetitions; batch/*: ns per box)")
    width = max(len(n) for n in m)
    for name in sorted(m):
        ns, hit_rate = m[name]
        hr = f"  hit rate {hit_rate:.3f}" if hit_rate is not None else ""
        print(f"  {name:<{width}}  {ns:8.3f}{hr}")

    print()
    print("targets")
    for what, num, den, target in RATIO_TARGETS:
        if num in m and den in m:
            ratio = m[num][0] / m[den][0]
            verdict = "PASS" if ratio <= target else "MISS"
            print(f"  {what:<44} {ratio:6.3f}  (target <= {target:.2f})  {verdict}")
        else:
            print(f"  {what:<44}    n/a  (not run)")
    for peer in sorted(n for n in m if n.startswith(MESH_PEER)):
        mesh_rays = peer[len(MESH_PEER):]  # <mesh>/<rays>
        for precision in ("float", "double"):
            ours = m.get(f"ray_mesh/{MESH_REFERENCE}/{precision}/{mesh_rays}")
            what = f"ray_mesh {MESH_REFERENCE} {precision} / embree, {mesh_rays}"
            if ours is None:
                print(f"  {what:<44}    n/a  (not run)")
                continue
            ratio = ours[0] / m[peer][0]
            verdict = "PASS" if ratio <= MESH_RATIO else "MISS"
            print(f"  {what:<44} {ratio:6.3f}  (target <= {MESH_RATIO:.2f})  {verdict}"
                  f"  [{ours[0]:.1f} ns, {m[peer][0]:.1f} ns per ray]")
    for ref in REFERENCES:
        f, d = m.get(ref + "/float"), m.get(ref + "/double")
        if f and d:
            ratio = d[0] / f[0]
            verdict = "PASS" if ratio <= DOUBLE_RATIO else "MISS"
            print(f"  {ref + ' double / float':<44} {ratio:6.3f}  (target <= {DOUBLE_RATIO:.2f})  {verdict}"
                  f"  [{f[0]:.3f} ns, {d[0]:.3f} ns]")
    def run_of(name):
        """The run of a benchmark given without its argument and real_time suffixes (or None)."""
        for full in sorted(m):
            if full == name or full.startswith(name + "/"):
                return m[full]
        return None

    for name, minimum in RATE_TARGETS:
        run = run_of(name)
        if run:
            rate = 1e9 / run[0]
            verdict = "PASS" if rate >= minimum else "MISS"
            print(f"  {name:<44} {rate / 1e6:6.3f} M/s  (target >= {minimum / 1e6:g} M/s)  {verdict}")
    for name in RATE_REPORTED:
        run = run_of(name)
        if run:
            print(f"  {name:<44} {1e9 / run[0] / 1e6:6.3f} M/s  (transport alone)")
    for name, limit in CAPTURE_TARGETS:
        if name in m:
            ns = m[name][0]
            verdict = "PASS" if ns <= limit else "MISS"
            print(f"  {name:<44} {ns:6.1f} ns per query  (target <= {limit:g})  {verdict}")
    handtuned = m.get("batch/ray_aabb/avx512_handtuned")
    for variant in ("avx512", "avx2", "scalar", "auto"):
        name = f"batch/ray_aabb/{variant}"
        if name not in m:
            continue
        ns = m[name][0]
        line = f"  {name:<44} {ns:6.3f} ns per box"
        if handtuned and variant in ("avx2", "scalar"):
            line += f"  ({ns / handtuned[0]:.2f}x hand-tuned AVX-512)"
        if variant in ("avx512", "auto"):
            line += f"  (target about {BATCH_TARGET_NS:.2f})"
            if handtuned:
                ratio = ns / handtuned[0]
                verdict = "PASS" if ratio <= BATCH_HANDTUNED_RATIO else "MISS"
                line += f"; {ratio:.2f}x hand-tuned AVX-512 (target <= {BATCH_HANDTUNED_RATIO})  {verdict}"
        print(line)
    if handtuned:
        print(f"  {'batch/ray_aabb/avx512_handtuned':<44} {handtuned[0]:6.3f} ns per box (comparison point)")
    load_avg = merged["context"].get("load_avg")
    if load_avg:
        print(f"  load average at start: {', '.join(f'{x:.2f}' for x in load_avg)}"
              " (other work on the machine slows the throughput-bound kernels most)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
