// The slab method's trace (ClipSlabs): its steps and verdict.
#include "slab.h"

#include "outcome_text.h"

#include <limits>

namespace hitlab {

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
        part.rejected = s.parallel[axis] && !s.inside[axis];
        part.tNear = double(s.tNear[axis]);
        part.tFar = double(s.tFar[axis]);
        part.tEnter = double(runEnter);
        part.tExit = double(runExit);
        LinkSlabSources(trace, part);
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
void AddMissStep(Trace& trace, const SlabLanes<T>& s, T tMin, T tMax)
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
    // the sentence of the step marked as deciding, so that the two never name different slabs;
    // when no step's rounded interval emptied (the wide path decided), the last slab's
    const auto* deciding = std::get_if<SlabPart>(&trace.steps[size_t(trace.decidingStep)].part);
    for (size_t i = trace.steps.size(); deciding == nullptr && i-- > 0;) {
        deciding = std::get_if<SlabPart>(&trace.steps[i].part);
    }
    trace.verdict = deciding != nullptr ? SlabMissSentence(*deciding, tMax == simd::kInf<T> ? "ray" : "segment",
                                                           double(tMin), double(tMax))
                                        : trace.steps.back().caption;
}

/// Which planes the hit's entry lies on, from the quotients the method computed (a parallel axis
/// by the origin alone), to name a degenerate hit.
template <typename T>
CastContact SlabContact(const Vec3<T>& origin, const Vec3<T>& dir, const Vec3<T>& lo, const Vec3<T>& hi,
                        const T (&t0)[3], const T (&t1)[3], T tMin, const CastResult<T>& r)
{
    CastContact c;
    c.tEnter = double(r.tEnter);
    c.tExit = double(r.tExit);
    bool onPlaneAtStart = false;
    for (int axis = 0; axis < 3; ++axis) {
        if (dir[axis] == T(0)) {
            const bool onPlane = origin[axis] == lo[axis] || origin[axis] == hi[axis];
            c.enterPlanes += onPlane ? 1 : 0;
            c.alongFaceAxis = onPlane && c.alongFaceAxis < 0 ? axis : c.alongFaceAxis;
            onPlaneAtStart = onPlaneAtStart || onPlane;
        } else {
            c.enterPlanes += t0[axis] == r.tEnter || t1[axis] == r.tEnter ? 1 : 0;
            onPlaneAtStart = onPlaneAtStart || t0[axis] == tMin || t1[axis] == tMin;
        }
    }
    c.originOnBoundary = r.tEnter == tMin && tMin == T(0) && onPlaneAtStart;
    return c;
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
        const std::string degenerate = DegenerateHitSentence(SlabContact<T>(origin, dir, lo, hi, t0, t1, tMin, r),
                                                             tMax == simd::kInf<T> ? "ray" : "segment");
        trace.verdict = degenerate.empty() ? trace.steps.back().caption : degenerate;
    } else {
        AddMissStep<T>(trace, lanes, tMin, tMax);
    }
}

template void detail::TraceClipSlabs<float>(Trace&, const Vec3<float>&, const Vec3<float>&, const Vec3<float>&,
                                            const Vec3<float>&, const float (&)[3], const float (&)[3], float, float,
                                            const CastResult<float>&);
template void detail::TraceClipSlabs<double>(Trace&, const Vec3<double>&, const Vec3<double>&, const Vec3<double>&,
                                             const Vec3<double>&, const double (&)[3], const double (&)[3], double,
                                             double, const CastResult<double>&);

} // namespace hitlab
