// Verdict sentences of the slab method.
#include "slab.h"

#include <limits>

namespace hitlab {

std::string SlabMissVerdict(const double nearLanes[4], const double farLanes[4], const bool parallel[3])
{
    const bool isSegment = farLanes[3] != std::numeric_limits<double>::infinity();
    const char* noun = isSegment ? "segment" : "ray";
    // a parallel axis with the origin outside decides alone
    for (int axis = 0; axis < 3; ++axis) {
        if (parallel[axis] && nearLanes[axis] > farLanes[axis]) {
            return Format("miss: the %s is parallel to the %s slab and its origin lies outside it", noun,
                          AxisName(axis));
        }
    }
    int last = 3;  // lane that starts last
    int first = 3; // lane that ends first
    for (int lane = 0; lane < 3; ++lane) {
        if (nearLanes[lane] > nearLanes[last]) {
            last = lane;
        }
        if (farLanes[lane] < farLanes[first]) {
            first = lane;
        }
    }
    // as many digits as it takes for the two times to read differently
    const int d = DistinctDigits(farLanes[first], nearLanes[last]);
    if (first == 3) {
        return Format("miss: the %s ends at t = %.*g before it enters the %s slab at t = %.*g", noun, d, farLanes[3],
                      AxisName(last), d, nearLanes[last]);
    }
    if (last == 3) {
        return Format("miss: the box is behind the %s: it leaves the %s slab at t = %.*g, before t = %.*g", noun,
                      AxisName(first), d, farLanes[first], d, nearLanes[3]);
    }
    return Format("miss: the %s leaves the %s slab at t = %.*g before it enters the %s slab at t = %.*g", noun,
                  AxisName(first), d, farLanes[first], AxisName(last), d, nearLanes[last]);
}

namespace {

/// Each lane's slab as the method sees it (lanes 0-2: x, y, z; lane 3: the allowed range):
/// parallel lanes all t or no t, NaN lanes no t.
template <typename T>
struct SlabLanes {
    bool parallel[4], inside[4];
    T tNear[4], tFar[4];
};

template <typename T>
SlabLanes<T> MakeSlabLanes(const Vec3<T>& origin, const Vec3<T>& dir, const Vec3<T>& lo, const Vec3<T>& hi,
                           const T (&t0)[3], const T (&t1)[3], T tMin, T tMax)
{
    SlabLanes<T> s;
    for (int lane = 0; lane < 4; ++lane) {
        s.parallel[lane] = lane < 3 && dir[lane] == T(0);
        s.inside[lane] = lane < 3 && lo[lane] <= origin[lane] && origin[lane] <= hi[lane];
    }
    for (int lane = 0; lane < 4; ++lane) {
        if (s.parallel[lane]) {
            s.tNear[lane] = s.inside[lane] ? -simd::kInf<T> : simd::kInf<T>;
            s.tFar[lane] = s.inside[lane] ? simd::kInf<T> : -simd::kInf<T>;
        } else if (lane == 3) {
            // the allowed range (a dummy NaN lane in the computation that the clamps replace)
            s.tNear[lane] = tMin;
            s.tFar[lane] = tMax;
        } else if (t0[lane] != t0[lane] || t1[lane] != t1[lane]) {
            s.tNear[lane] = simd::kInf<T>;
            s.tFar[lane] = -simd::kInf<T>;
        } else {
            s.tNear[lane] = t0[lane] < t1[lane] ? t0[lane] : t1[lane];
            s.tFar[lane] = t0[lane] > t1[lane] ? t0[lane] : t1[lane];
        }
    }
    return s;
}

/// One step per axis with its slab and the running interval; the step where the interval became
/// empty (where a sequential method exits early) is the deciding one.
template <typename T>
void AddSlabSteps(Trace& trace, const SlabLanes<T>& s, T tMin, T tMax)
{
    T runEnter = tMin;
    T runExit = tMax;
    bool emptied = false;
    for (int axis = 0; axis < 3; ++axis) {
        runEnter = s.tNear[axis] > runEnter ? s.tNear[axis] : runEnter;
        runExit = s.tFar[axis] < runExit ? s.tFar[axis] : runExit;
        SlabPart part;
        part.axis = axis;
        part.parallel = s.parallel[axis];
        part.originInside = s.inside[axis];
        part.tNear = double(s.tNear[axis]);
        part.tFar = double(s.tFar[axis]);
        part.tEnter = double(runEnter);
        part.tExit = double(runExit);
        std::string caption;
        if (part.parallel) {
            caption =
                Format("%s slab: parallel, origin %s it", AxisName(axis), part.originInside ? "inside" : "outside");
        } else {
            caption = Format("%s slab: t in [%g, %g]; running [%g, %g]", AxisName(axis), part.tNear, part.tFar,
                             part.tEnter, part.tExit);
        }
        trace.Add(std::move(caption),
                  {{"t_near", part.tNear}, {"t_far", part.tFar}, {"t_enter", part.tEnter}, {"t_exit", part.tExit}},
                  part);
        if (!emptied && !(runEnter <= runExit)) {
            emptied = true;
            trace.DecideLast();
        }
    }
}

/// The miss step (the overall interval, every lane reduced) and the miss verdict.
template <typename T>
void AddMissStep(Trace& trace, const SlabLanes<T>& s)
{
    T tEnter = s.tNear[0], tExit = s.tFar[0];
    for (int lane = 1; lane < 4; ++lane) {
        tEnter = s.tNear[lane] > tEnter ? s.tNear[lane] : tEnter;
        tExit = s.tFar[lane] < tExit ? s.tFar[lane] : tExit;
    }
    trace.Add("miss: the slabs' intervals do not overlap within the allowed range",
              {{"t_enter", double(tEnter)}, {"t_exit", double(tExit)}});
    if (trace.decidingStep < 0) {
        trace.DecideLast();
    }
    double nearLanes[4], farLanes[4];
    bool parallelLanes[3];
    for (int lane = 0; lane < 4; ++lane) {
        nearLanes[lane] = double(s.tNear[lane]);
        farLanes[lane] = double(s.tFar[lane]);
        if (lane < 3) {
            parallelLanes[lane] = s.parallel[lane];
        }
    }
    trace.verdict = SlabMissVerdict(nearLanes, farLanes, parallelLanes);
}

} // namespace

template <typename T>
void detail::TraceClipSlabs(Trace& trace, const Vec3<T>& origin, const Vec3<T>& dir, const Vec3<T>& lo,
                            const Vec3<T>& hi, const T (&t0)[3], const T (&t1)[3], T tMin, T tMax,
                            const CastResult<T>& r)
{
    const SlabLanes<T> lanes = MakeSlabLanes<T>(origin, dir, lo, hi, t0, t1, tMin, tMax);
    trace.Add(Format("allowed range: t in [%g, %g]", double(tMin), double(tMax)),
              {{"t_min", double(tMin)}, {"t_max", double(tMax)}});
    AddSlabSteps<T>(trace, lanes, tMin, tMax);
    if (r.hit) {
        trace.Add(Format("hit: enter at t = %g, exit at t = %g", double(r.tEnter), double(r.tExit)),
                  {{"t_enter", double(r.tEnter)}, {"t_exit", double(r.tExit)}},
                  PointPart{"entry", glm::dvec3(r.point), true});
        trace.DecideLast();
        trace.verdict = trace.steps.back().caption;
    } else {
        AddMissStep<T>(trace, lanes);
    }
}

template void detail::TraceClipSlabs<float>(Trace&, const Vec3<float>&, const Vec3<float>&, const Vec3<float>&,
                                            const Vec3<float>&, const float (&)[3], const float (&)[3], float, float,
                                            const CastResult<float>&);
template void detail::TraceClipSlabs<double>(Trace&, const Vec3<double>&, const Vec3<double>&, const Vec3<double>&,
                                             const Vec3<double>&, const double (&)[3], const double (&)[3], double,
                                             double, const CastResult<double>&);

} // namespace hitlab
