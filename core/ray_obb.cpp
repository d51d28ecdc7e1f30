// ray_obb registration.
#include "ray_obb.h"

#include "algorithm.h"
#include "expansion.h"

#include <array>

namespace hitlab {

namespace detail {

namespace {

using xp::DD;

DD Product(double a, double b)
{
    DD r;
    xp::TwoProduct(a, b, r.hi, r.lo);
    return r;
}

DD Times(DD a, double b) { return xp::Mul(a, {b, 0}); }

/// a . b for a in double-double and b = bh + bl (two exact parts, |bl| below an ulp of bh): each
/// term's leading product exact, the cross terms (below 2^-52 of it) rounded.
DD Dot(const std::array<DD, 3>& a, const double (&bh)[3], const double (&bl)[3])
{
    DD sum;
    for (int k = 0; k < 3; ++k) {
        DD p;
        xp::TwoProduct(a[k].hi, bh[k], p.hi, p.lo);
        p.lo += a[k].hi * bl[k] + a[k].lo * bh[k];
        sum = xp::Add(sum, p);
    }
    return sum;
}

/// Whether x is 0 or its magnitude lies in [2^-200, 2^200] (a product of four such numbers neither
/// over- nor underflows a double).
bool InCarefulRange(double x)
{
    const double m = std::abs(x);
    return m == 0.0 || (m >= 0x1p-200 && m <= 0x1p200);
}

/// The parallelepiped's face normal n_i = a_j x a_k (cyclic), in double-double.
std::array<DD, 3> FaceNormal(const double (&axes)[3][3], int i)
{
    std::array<DD, 3> n;
    const double* a = axes[(i + 1) % 3];
    const double* b = axes[(i + 2) % 3];
    for (int k = 0; k < 3; ++k) {
        const int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
        n[k] = xp::Add(Product(a[k1], b[k2]), xp::Neg(Product(a[k2], b[k1])));
    }
    return n;
}

/// Slab i of the parallelepiped exactly (double expansions), rounded to double-double: p = s n_i .
/// (m + ml), q = s n_i . d and bound = h |det| (s the sign of det), each exact before rounding, so
/// that q's sign and, for q = 0, the sign of bound - |p| are exact.
void ExactSlab(const double (&axes)[3][3], int i, const double (&m)[3], const double (&ml)[3], const double (&d)[3],
               double h, DD& p, DD& q, DD& bound)
{
    using xp::Expansion;
    const double* a = axes[(i + 1) % 3];
    const double* b = axes[(i + 2) % 3];
    Expansion ep, eq, det, eb;
    for (int k = 0; k < 3; ++k) {
        const int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
        Expansion nk;
        xp::AddProduct(nk, a[k1], b[k2]);
        xp::AddProduct(nk, -a[k2], b[k1]);
        xp::AddScaled(ep, nk, m[k]);
        xp::AddScaled(ep, nk, ml[k]);
        xp::AddScaled(eq, nk, d[k]);
        xp::AddScaled(det, nk, axes[i][k]);
    }
    const double s = det.Sign() < 0 ? -1.0 : 1.0;
    xp::AddScaled(eb, det, s * h);
    p = xp::ToDD(ep);
    q = xp::ToDD(eq);
    bound = xp::ToDD(eb);
    if (s < 0) {
        p = xp::Neg(p);
        q = xp::Neg(q);
    }
    // for a parallel slab: whether |p| <= bound, exactly (bound - p >= 0 and bound + p >= 0)
    if (q.hi == 0.0) {
        Expansion below = eb, above = eb;
        for (int k = 0; k < ep.n; ++k) {
            xp::Grow(below, -s * ep.c[k]);
            xp::Grow(above, s * ep.c[k]);
        }
        const bool inside = below.Sign() >= 0 && above.Sign() >= 0;
        p = {};
        bound = {inside ? 1.0 : -1.0, 0};
    }
}

/// The careful path's running interval: t >= 0 clipped by each slab, and the entering axis (the
/// lowest whose slab starts last, when that is at t >= 0).
struct CarefulClip {
    double tEnter = 0, tExit = INFINITY;
    int enterAxis = -1;
    bool enterPositive = false; ///< the entering axis's local direction is positive
    bool hit = true;            ///< false once a parallel slab excludes the line

    void Take(double ta, double tb, int axis, bool positive)
    {
        const double tNear = std::min(ta, tb), tFar = std::max(ta, tb);
        if (tNear >= tEnter && (enterAxis < 0 || tNear > tEnter)) {
            tEnter = tNear;
            enterAxis = axis;
            enterPositive = positive;
        }
        tExit = std::min(tExit, tFar);
    }
};

/// The careful clip as local_slab's result (point from the wide tEnter, normal the entered face's
/// world axis) and its trace step.
template <typename T>
CastResult<T> CarefulResult(const Ray<T>& ray, const Obb<T>& box, const CarefulClip& c, Trace* trace)
{
    const bool hit = c.hit && c.tEnter <= c.tExit;
    CastResult<T> out;
    out.hit = hit;
    if (hit) {
        out.tEnter = T(c.tEnter) + T(0);
        // every axis parallel: inside forever, tExit the largest finite T (as ClipSlabs); else rounded
        out.tExit = (c.tExit == INFINITY ? std::numeric_limits<T>::max() : T(c.tExit)) + T(0);
        out.point = PointAtWide(ray.origin, ray.direction, Wide<T>(c.tEnter));
        if (c.enterAxis >= 0) {
            out.normal = (c.enterPositive ? T(-1) : T(1)) * box.axes[c.enterAxis];
            out.hasNormal = true;
        }
    }
    if (trace != nullptr) [[unlikely]] {
        trace->Add(Format("near-parallel to a face (a local direction under a quarter of the largest): redone with "
                          "the face normals a_j x a_k in double-double: %s",
                          hit ? Format("enters at t = %g, leaves at t = %g", c.tEnter, c.tExit).c_str() : "miss"),
                   {{"t_enter", hit ? c.tEnter : 0.0}, {"t_exit", hit ? c.tExit : 0.0}});
        trace->steps.back().part = PointPart{"entry", glm::dvec3(out.point), hit};
        trace->DecideLast();
        trace->verdict = hit ? Format("hit: the ray enters at t = %g and leaves at t = %g (careful path)",
                                      double(out.tEnter), double(out.tExit))
                             : std::string("miss: the slabs' t intervals do not overlap (careful path)");
    }
    return out;
}

} // namespace

template <typename T>
bool ObbFastAnswerUncertain(const Vec3<T>& lo, const Vec3<T>& ld, const Vec3<T>& h, const CastResult<T>& r)
{
    const T largest = std::max(std::abs(ld.x), std::max(std::abs(ld.y), std::abs(ld.z)));
    const T originSize = std::abs(lo.x) + std::abs(lo.y) + std::abs(lo.z);
    const T dirSize = std::abs(ld.x) + std::abs(ld.y) + std::abs(ld.z);
    constexpr T e = T(16) * std::numeric_limits<T>::epsilon();
    bool uncertain[3];
    for (int j = 0; j < 3; ++j) {
        uncertain[j] = std::abs(ld[j]) < T(0.25) * largest;
    }
    // the interval to check: the hit, or on a miss the certain axes' slabs clipped to t >= 0
    T t0 = r.tEnter, t1 = r.tExit;
    if (!r.hit) {
        t0 = 0;
        t1 = std::numeric_limits<T>::infinity();
        T slack = 0; // the rounding of the certain times, to tell an empty interval from a touching one
        for (int k = 0; k < 3; ++k) {
            if (!uncertain[k]) {
                const T ta = (-h[k] - lo[k]) / ld[k], tb = (h[k] - lo[k]) / ld[k];
                t0 = std::max(t0, std::min(ta, tb));
                t1 = std::min(t1, std::max(ta, tb));
                slack = std::max(slack, e * (originSize + h[k] + std::max(std::abs(ta), std::abs(tb)) * dirSize) /
                                            std::abs(ld[k]));
            }
        }
        if (t0 > t1 + slack) {
            return false; // the certain axes alone miss, beyond their rounding (NaN: careful)
        }
        if (!(t0 <= t1)) {
            return true; // empty within the rounding: touching
        }
    }
    for (int j = 0; j < 3; ++j) {
        if (!uncertain[j]) {
            continue;
        }
        const T p0 = lo[j] + t0 * ld[j], p1 = lo[j] + t1 * ld[j];
        const T m0 = e * (originSize + h[j] + t0 * dirSize), m1 = e * (originSize + h[j] + t1 * dirSize);
        const bool holds = h[j] - std::abs(p0) > m0 && h[j] - std::abs(p1) > m1;
        const bool missesBelow = p0 < -h[j] - m0 && p1 < -h[j] - m1;
        const bool missesAbove = p0 > h[j] + m0 && p1 > h[j] + m1;
        // a hit needs every uncertain slab to hold it; a miss needs one to miss it wholly
        if (r.hit ? !holds : (missesBelow || missesAbove)) {
            return r.hit;
        }
    }
    return !r.hit; // a hit held by every uncertain slab is certain; a miss no slab explains is not
}

template bool ObbFastAnswerUncertain<float>(const Vec3<float>&, const Vec3<float>&, const Vec3<float>&,
                                            const CastResult<float>&);
template bool ObbFastAnswerUncertain<double>(const Vec3<double>&, const Vec3<double>&, const Vec3<double>&,
                                             const CastResult<double>&);

template <typename T>
CastResult<T> RayObbCareful(const Ray<T>& ray, const Obb<T>& box, const Vec3<T>& lo, const Vec3<T>& ld,
                            CastResult<T> fast, Trace* trace)
{
    bool inRange = true;
    double m[3], ml[3], d[3], zero[3] = {0, 0, 0}, axes[3][3];
    for (int k = 0; k < 3; ++k) {
        inRange = inRange && InCarefulRange(double(ray.origin[k])) && InCarefulRange(double(box.center[k])) &&
                  InCarefulRange(double(ray.direction[k])) && InCarefulRange(double(box.halfExtents[k]));
        xp::TwoSum(double(ray.origin[k]), -double(box.center[k]), m[k], ml[k]);
        d[k] = double(ray.direction[k]);
        for (int i = 0; i < 3; ++i) {
            axes[i][k] = double(box.axes[i][k]);
            inRange = inRange && InCarefulRange(axes[i][k]);
        }
    }
    if (!inRange) {
        return fast;
    }
    // the uncertain axes (ObbFastAnswerUncertain) in double-double with their face normals; the
    // others keep the fast quotients, within a few ulps
    const T largest = std::max(std::abs(ld.x), std::max(std::abs(ld.y), std::abs(ld.z)));
    bool uncertain[3];
    std::array<DD, 3> n[3];
    DD det;
    for (int i = 0; i < 3; ++i) {
        uncertain[i] = std::abs(ld[i]) < T(0.25) * largest;
        if (uncertain[i]) {
            n[i] = FaceNormal(axes, i);
            det = Dot(n[i], axes[i], zero); // n_i . a_i = det for every i
        }
    }
    if (det.hi == 0.0) {
        return fast; // coplanar axes: no solid (the judge declines it too)
    }
    const bool negative = det.hi < 0;
    const DD absDet = negative ? xp::Neg(det) : det;
    // each slab: crossing times of -bound and +bound, or the origin inside it for all t
    CarefulClip clip;
    for (int i = 0; i < 3; ++i) {
        if (!uncertain[i]) {
            // in the wider type: no quotient of T values over- or underflows there
            using W = Wide<T>;
            const W ta = (-W(box.halfExtents[i]) - W(lo[i])) / W(ld[i]);
            const W tb = (W(box.halfExtents[i]) - W(lo[i])) / W(ld[i]);
            clip.Take(double(ta), double(tb), i, ld[i] > T(0));
            continue;
        }
        DD p = Dot(n[i], m, ml), q = Dot(n[i], d, zero);
        if (negative) {
            p = xp::Neg(p);
            q = xp::Neg(q);
        }
        DD bound = Times(absDet, double(box.halfExtents[i]));
        double qTerms = 0;
        for (int k = 0; k < 3; ++k) {
            qTerms += std::abs(n[i][k].hi * d[k]);
        }
        if (!(std::abs(q.hi) > 0x1p-45 * qTerms)) {
            // n_i . d within the double-double rounding of zero (parallel or nearly): exactly
            ExactSlab(axes, i, m, ml, d, double(box.halfExtents[i]), p, q, bound);
        }
        if (q.hi == 0.0) {
            clip.hit = clip.hit && xp::Add(bound, xp::Neg(p.hi < 0 ? xp::Neg(p) : p)).hi >= 0.0;
            continue;
        }
        clip.Take(xp::DivToDouble(xp::Add(xp::Neg(bound), xp::Neg(p)), q),
                  xp::DivToDouble(xp::Add(bound, xp::Neg(p)), q), i, q.hi > 0);
    }
    return CarefulResult(ray, box, clip, trace);
}

template CastResult<float> RayObbCareful<float>(const Ray<float>&, const Obb<float>&, const Vec3<float>&,
                                                const Vec3<float>&, CastResult<float>, Trace*);
template CastResult<double> RayObbCareful<double>(const Ray<double>&, const Obb<double>&, const Vec3<double>&,
                                                  const Vec3<double>&, CastResult<double>, Trace*);

} // namespace detail

void RegisterRayObb(std::vector<AlgorithmInfo>& out)
{
    out.push_back({
        .name = "local_slab",
        .family = Family::RayObb,
        .title = "Slab method in the box frame (reference)",
        .summary = "Transforms the ray into the box's frame without renormalising the direction, so t is unchanged, "
                   "and runs the reference slab method against [-h, h]; point and normal back in world space.",
        .source = "Ericson, Real-Time Collision Detection (2005) 5.3.3 (ray in the OBB's frame); Kay & Kajiya 1986",
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
        .run = MakeRun<Ray, Obb>([](const auto& a, const auto& b, Trace* t) { return RayObbLocalSlab(a, b, t); }),
    });
    out.push_back({
        .name = "obb_slab",
        .family = Family::RayObb,
        .title = "OBB slabs with dot products (published)",
        .summary = "Per box axis, e = axis.(c - o) and f = dir.axis give the slab's t interval without transforming "
                   "the ray; |f| <= 0.001 counts as parallel, and t is limited to [0, 100000].",
        .source = "Akenine-Moeller et al., Real-Time Rendering (4th ed.) 22.7.1; opengl-tutorial.org, \"Picking with "
                  "a custom Ray-OBB function\" (TestRayOBBIntersection)",
        .reference = false,
        .published = true,
        .conventions = {{"origin_inside", "hit"},
                        {"boundary", "inclusive"},
                        {"t_range", "t <= max distance"},
                        {"direction", "any"},
                        {"parallel", "handled"}},
        .returns = kFieldHit | kFieldTEnter | kFieldTExit | kFieldPoint,
        .flaw = "A ray within |dir.axis| <= 0.001 of parallel to a face is decided by its origin alone, so it misses "
                "boxes it enters through that face (or hits boxes it leaves before reaching the others).",
        .flawWhen = {"epsilon 0.001"},
        .run = MakeRun<Ray, Obb>([](const auto& a, const auto& b, Trace* t) { return RayObbSlab(a, b, t); }),
    });
}

} // namespace hitlab
