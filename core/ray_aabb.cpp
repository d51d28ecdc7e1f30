// ray_aabb registration, and the trace steps shared by the sequential slab and face methods.
#include "ray_aabb.h"

#include "algorithm.h"
#include "ray_aabb_dispatch.h"
#include "ray_aabb_published.h"

namespace hitlab {

namespace detail {

void TraceSlabStep(Trace& trace, int axis, bool parallel, bool originInside, bool rejected, double tNear, double tFar,
                   double tEnter, double tExit, const char* note)
{
    SlabPart part;
    part.axis = axis;
    part.parallel = parallel;
    part.originInside = originInside;
    part.rejected = rejected;
    part.tNear = tNear;
    part.tFar = tFar;
    part.tEnter = tEnter;
    part.tExit = tExit;
    LinkSlabSources(trace, part);
    std::string caption =
        Format("%s slab: t in [%g, %g]; running [%g, %g]%s", AxisName(axis), tNear, tFar, tEnter, tExit, note);
    if (parallel) {
        caption = Format("%s slab: parallel, t in [%g, %g]; running [%g, %g]%s", AxisName(axis), tNear, tFar, tEnter,
                         tExit, note);
    }
    trace.Add(std::move(caption), {{"t_near", tNear}, {"t_far", tFar}, {"t_enter", tEnter}, {"t_exit", tExit}}, part);
}

int TraceFaceStep(Trace& trace, const FacePart& part, const char* note, bool computed)
{
    std::string caption = computed ? Format("%s face: t = %g, point (%g, %g, %g): %s", FaceName(part.face), part.t,
                                            part.point.x, part.point.y, part.point.z, note)
                                   : Format("%s face: %s", FaceName(part.face), note);
    return trace.Add(std::move(caption), {{"t", part.t}}, part);
}

template <typename T>
void TraceSlabBranchless(Trace& trace, const Ray<T>& ray, const simd::V4<T>& t1, const simd::V4<T>& t2,
                         const simd::V4<T>& nearLanes, const simd::V4<T>& farLanes, T tEnter, T tExit,
                         const CastResult<T>& r)
{
    trace.Add("allowed range: t in [0, inf]", {{"t_min", 0.0}, {"t_max", double(simd::kInf<T>)}});
    double runEnter = 0, runExit = double(simd::kInf<T>);
    for (int axis = 0; axis < 3; ++axis) {
        const bool parallel = ray.direction[axis] == T(0);
        const bool nan = t1[axis] != t1[axis] || t2[axis] != t2[axis];
        runEnter = std::max(runEnter, double(nearLanes[axis]));
        runExit = std::min(runExit, double(farLanes[axis]));
        TraceSlabStep(trace, axis, parallel, nearLanes[axis] <= farLanes[axis], false, double(nearLanes[axis]),
                      double(farLanes[axis]), runEnter, runExit,
                      nan ? " (0 * inf = NaN dropped by the min/max order: the slab is every t)" : "");
        trace.steps.back().values.push_back({"t1", double(t1[axis])});
        trace.steps.back().values.push_back({"t2", double(t2[axis])});
        if (trace.decidingStep < 0 && !(runEnter <= runExit)) {
            trace.DecideLast();
        }
    }
    trace.Add(Format("%s: tmin = %g, tmax = %g; hit when tmin <= tmax", r.hit ? "hit" : "miss", double(tEnter),
                     double(tExit)),
              {{"t_enter", double(tEnter)}, {"t_exit", double(tExit)}});
    if (r.hit || trace.decidingStep < 0) {
        trace.decidingStep = -1;
        trace.DecideLast();
    }
    trace.verdict = r.hit ? Format("hit: enter at t = %g, exit at t = %g", double(r.tEnter), double(r.tExit))
                          : Format("miss: the slabs' intervals do not overlap (tmin = %g > tmax = %g)", double(tEnter),
                                   double(tExit));
}

template void TraceSlabBranchless<float>(Trace&, const Ray<float>&, const simd::V4<float>&, const simd::V4<float>&,
                                         const simd::V4<float>&, const simd::V4<float>&, float, float,
                                         const CastResult<float>&);
template void TraceSlabBranchless<double>(Trace&, const Ray<double>&, const simd::V4<double>&, const simd::V4<double>&,
                                          const simd::V4<double>&, const simd::V4<double>&, double, double,
                                          const CastResult<double>&);

} // namespace detail

namespace {

/// MakeRun's runner of `slab`, whose batch loop in double is replaced by the dispatched one.
constexpr Runner kSlabRunner =
    MakeRun<Ray, Aabb>([](const auto& a, const auto& b, Trace* t) { return RayAabbSlab(a, b, t); });

/// `slab`'s runner: in double the batch runs the AVX2 copy when the CPU has AVX2
/// (ray_aabb_dispatch.h), the same results bit for bit.
Runner SlabRunner()
{
    Runner runner = kSlabRunner;
    runner.batch = [](const QueryBatch& batch, Precision precision, BatchResults out) {
        if (precision == Precision::Double) {
            detail::RayAabbSlabBatchDouble(batch, out.doubles);
        } else {
            kSlabRunner.batch(batch, precision, out);
        }
    };
    return runner;
}

} // namespace

// data table: the ray/box algorithms and their metadata, one entry each
void RegisterRayAabb(std::vector<AlgorithmInfo>& out)
{
    out.push_back({
        .name = "slab",
        .family = Family::RayAabb,
        .title = "Slab method (reference)",
        .summary = "Intersects the ray's t interval with the x, y and z slabs of the box; parallel axes are decided by "
                   "the origin alone. Closed box, t >= 0, an origin inside hits at t = 0.",
        .source = "Kay & Kajiya 1986; Ericson, Real-Time Collision Detection (2005) 5.3.3",
        .reference = true,
        .published = false,
        .conventions = {{"origin_inside", "hit"},
                        {"boundary", "inclusive"},
                        {"t_range", "t >= 0"},
                        {"direction", "any"},
                        {"parallel", "handled"}},
        .returns = kCastFields,
        .flaw = "",
        .flawWhen = {},
        .run = SlabRunner(),
        .boxKernel = BoxKernel::Slab,
    });
    out.push_back({
        .name = "slab_branchless",
        .family = Family::RayAabb,
        .title = "Branchless slabs (Barnes)",
        .summary = "Slabs with a precomputed inverse direction and a min/max order that drops the NaN of 0 * inf, so "
                   "a ray lying in a face plane counts as inside that slab. Closed box, no normal.",
        .source = "Tavian Barnes, Fast, Branchless Ray/Bounding Box Intersections (2015) and Part 3: Boundaries (2022)",
        .reference = false,
        .published = false,
        .conventions = {{"origin_inside", "hit"},
                        {"boundary", "inclusive"},
                        {"t_range", "t >= 0"},
                        {"direction", "any"},
                        {"parallel", "handled"}},
        .returns = kFieldHit | kFieldTEnter | kFieldTExit | kFieldPoint,
        .flaw = "",
        .flawWhen = {},
        .run =
            MakeRun<Ray, Aabb>([](const auto& a, const auto& b, Trace* t) { return RayAabbSlabBranchless(a, b, t); }),
        .boxKernel = BoxKernel::Branchless,
    });
    out.push_back({
        .name = "slab_signs",
        .family = Family::RayAabb,
        .title = "Sign-indexed slabs (Williams et al.)",
        .summary = "Near and far planes chosen by the sign of the inverse direction, early exit between slabs, and the "
                   "strict final test tmin < inf && tmax > 0 as published; t is unclamped.",
        .source =
            "Williams, Barrus, Morley & Shirley, An Efficient and Robust Ray-Box Intersection Algorithm, JGT 2005",
        .reference = false,
        .published = false,
        .conventions = {{"origin_inside", "hit"},
                        {"boundary", "inclusive"},
                        {"t_range", "t > 0"},
                        {"direction", "any"},
                        {"parallel", "handled"}},
        .returns = kFieldHit | kFieldTEnter | kFieldTExit | kFieldPoint,
        .flaw = "A ray with a zero x component whose origin lies exactly on an x face plane computes 0 * inf = NaN "
                "for tmin or tmax, which survives to the final test and gives a miss (on y or z it is ignored).",
        .flawWhen = {"in face plane x"},
        .run = MakeRun<Ray, Aabb>([](const auto& a, const auto& b, Trace* t) { return RayAabbSlabSigns(a, b, t); }),
    });
    out.push_back({
        .name = "slab_robust",
        .family = Family::RayAabb,
        .title = "Conservative slabs (Ize; PBRT)",
        .summary = "Slabs whose far t is scaled by 1 + 2 gamma(3) so that rounding never loses a true hit; some near "
                   "misses are reported as hits.",
        .source = "Ize, Robust BVH Ray Traversal, JCGT 2013; Pharr, Jakob & Humphreys, PBRT 3rd ed., "
                  "Bounds3::IntersectP",
        .reference = false,
        .published = false,
        .conventions = {{"origin_inside", "hit"},
                        {"boundary", "conservative"},
                        {"t_range", "t >= 0"},
                        {"direction", "any"},
                        {"parallel", "handled"}},
        .returns = kFieldHit | kFieldTEnter | kFieldTExit | kFieldPoint,
        .flaw = "The near/far swap is by value, so a ray lying in a face plane with a -0 direction component keeps "
                "an infinite t on the wrong side and misses (with +0 it hits).",
        .flawWhen = {"in face plane and negative zero component"},
        .run = MakeRun<Ray, Aabb>([](const auto& a, const auto& b, Trace* t) { return RayAabbSlabRobust(a, b, t); }),
    });
    out.push_back({
        .name = "face_planes",
        .family = Family::RayAabb,
        .title = "Facing planes, strict face test",
        .summary = "Intersects the ray with the three faces that face it and accepts a point at t > 0 strictly inside "
                   "a face rectangle.",
        .source = "Per-face test as widely copied from Woo, Fast Ray-Box Intersection, Graphics Gems (1990)",
        .reference = false,
        .published = true,
        .conventions = {{"origin_inside", "miss"},
                        {"boundary", "exclusive"},
                        {"t_range", "t > 0"},
                        {"direction", "any"},
                        {"parallel", "handled"}},
        .returns = kFieldHit | kFieldTEnter | kFieldPoint | kFieldNormal,
        .flaw = "Misses from inside the box, and misses rays that enter exactly through an edge or corner or lie "
                "along a face, because the face test is strict.",
        .flawWhen = {"origin inside", "edge or corner", "in face plane", "boundary"},
        .run = MakeRun<Ray, Aabb>([](const auto& a, const auto& b, Trace* t) { return RayAabbFacePlanes(a, b, t); }),
    });
    out.push_back({
        .name = "six_faces",
        .family = Family::RayAabb,
        .title = "Six face planes",
        .summary = "Intersects the ray with each front face plane and answers the nearest point at t >= 0 that the "
                   "closed box contains.",
        .source = "Per-face plane intersection with point containment, as in many tutorials and game code",
        .reference = false,
        .published = true,
        .conventions = {{"origin_inside", "miss"},
                        {"boundary", "inclusive"},
                        {"t_range", "t >= 0"},
                        {"direction", "any"},
                        {"parallel", "handled"}},
        .returns = kFieldHit | kFieldTEnter | kFieldPoint | kFieldNormal,
        .flaw = "Reports no hit when the origin is inside the box: only back faces lie ahead of it.",
        .flawWhen = {"origin inside"},
        .run = MakeRun<Ray, Aabb>([](const auto& a, const auto& b, Trace* t) { return RayAabbSixFaces(a, b, t); }),
    });
    out.push_back({
        .name = "slab_listing",
        .family = Family::RayAabb,
        .title = "Slab listing (swapped parallel test)",
        .summary = "Largest entry against smallest exit with a strict t0 < t1 and no check that the box is ahead; the "
                   "parallel-axis test is printed with min and max swapped.",
        .source = "Slab-method listing as commonly copied (Kay-Kajiya slabs), printed with the parallel test swapped",
        .reference = false,
        .published = true,
        .conventions = {{"origin_inside", "hit"},
                        {"boundary", "exclusive"},
                        {"t_range", "any t"},
                        {"direction", "any"},
                        {"parallel", "miss"}},
        .returns = kFieldHit | kFieldTEnter | kFieldTExit | kFieldPoint,
        .flaw = "Every ray with a zero direction component misses (the parallel test has min and max swapped), and a "
                "box behind the ray is reported as a hit.",
        .flawWhen = {"parallel component", "behind the origin"},
        .run = MakeRun<Ray, Aabb>([](const auto& a, const auto& b, Trace* t) { return RayAabbSlabListing(a, b, t); }),
    });
}

} // namespace hitlab
