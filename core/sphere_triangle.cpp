// sphere_triangle: the reference's exact verdict (double expansions) and its closest point.
#include "sphere_triangle.h"

#include "algorithm.h"
#include "outcome_text.h"
#include "overlap_distance.h"
#include "triangle_exact.h"

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

namespace hitlab {

namespace detail {

const char* EricsonRegionName(int region)
{
    static const char* const kNames[7] = {"vertex a", "vertex b", "vertex c", "edge ab", "edge ac", "edge bc", "face"};
    return region >= 0 && region < 7 ? kNames[region] : "?";
}

namespace spheretri {

using Verts = std::array<glm::dvec3, 3>;
using tx::Expansion;
using tx::XVec;

/// Whether |c - q|^2 <= r^2, exactly.
bool PointWithin(const glm::dvec3& c, const glm::dvec3& q, const Expansion& rSq)
{
    XVec w;
    tx::SetDifference(w, c, q);
    Expansion d;
    tx::Dot(d, w, w);
    Expansion diff = rSq;
    tx::Negate(d);
    xp::Add(diff, d);
    return diff.Sign() >= 0;
}

/// Whether the ball (c, r) meets the closed segment ab, exactly.
bool SegmentWithin(const glm::dvec3& c, const glm::dvec3& a, const glm::dvec3& b, const Expansion& rSq)
{
    XVec e, w;
    tx::SetDifference(e, b, a);
    tx::SetDifference(w, c, a);
    Expansion s, ee;
    tx::Dot(s, w, e);
    tx::Dot(ee, e, e);
    if (s.Sign() <= 0) {
        return PointWithin(c, a, rSq);
    }
    Expansion past = s; // s - e.e >= 0: beyond b
    Expansion negEe = ee;
    tx::Negate(negEe);
    xp::Add(past, negEe);
    if (past.Sign() >= 0) {
        return PointWithin(c, b, rSq);
    }
    // inside the span: |w|^2 e.e - s^2 <= r^2 e.e
    Expansion ww, lhs, rhs;
    tx::Dot(ww, w, w);
    tx::MulCompressed(lhs, ww, ee);
    tx::SubMul(lhs, s, s);
    tx::MulCompressed(rhs, rSq, ee);
    tx::Negate(lhs);
    xp::Add(rhs, lhs);
    return rhs.Sign() >= 0;
}

/// Whether c projects into the triangle (closed) along its non-zero normal n, exactly: the three
/// signs of ((v(k+1) - v(k)) x (c - v(k))) . n are all >= 0.
bool ProjectsInside(const glm::dvec3& c, const Verts& v, const XVec& n)
{
    for (size_t k = 0; k < 3; ++k) {
        XVec e, w, ew;
        tx::SetDifference(e, v[(k + 1) % 3], v[k]);
        tx::SetDifference(w, c, v[k]);
        tx::Cross(ew, e, w);
        Expansion s;
        tx::Dot(s, ew, n);
        if (s.Sign() < 0) {
            return false;
        }
    }
    return true;
}

/// The verdict when double arithmetic settles it beyond its rounding: a miss when the ball misses
/// the triangle's bounding box or its plane by a margin, a hit when a vertex lies inside the ball
/// by one; otherwise none (the exact test decides).
std::optional<bool> QuickVerdict(const glm::dvec3& c, double r, const Verts& v)
{
    const glm::dvec3 lo = glm::min(v[0], glm::min(v[1], v[2])), hi = glm::max(v[0], glm::max(v[1], v[2]));
    const glm::dvec3 d = glm::clamp(c, lo, hi) - c;
    const double rSq = r * r;
    // each square and sum rounds by a few ulps: 2^-40 leaves a wide margin
    if (glm::dot(d, d) > rSq * (1 + 0x1p-40) + 0x1p-1000) {
        return false;
    }
    for (const glm::dvec3& p : v) {
        if (glm::dot(p - c, p - c) < rSq * (1 - 0x1p-40) - 0x1p-1000) {
            return true;
        }
    }
    // farther than r from the triangle's plane: (n . (c - v0))^2 > r^2 |n|^2, each value to 2^-48
    glm::dvec3 n;
    for (int m = 0; m < 3; ++m) {
        n[m] = tx::Det2Value(v[1], v[0], v[2], v[0], (m + 1) % 3, (m + 2) % 3);
    }
    const double side = tx::Det3Value(v[1], v[0], v[2], v[0], c, v[0]);
    if (side * side > rSq * glm::dot(n, n) * (1 + 0x1p-40) + 0x1p-1000) {
        return false;
    }
    return std::nullopt;
}

/// The exact verdict: the ball meets the closed triangle. degenerate: the normal is exactly zero.
bool BallMeetsTriangle(const glm::dvec3& c, double r, const Verts& v, bool& degenerate)
{
    Expansion rSq;
    xp::AddProduct(rSq, r, r);
    XVec e1, e2, n;
    tx::SetDifference(e1, v[1], v[0]);
    tx::SetDifference(e2, v[2], v[0]);
    tx::Cross(n, e1, e2);
    degenerate = tx::IsZero(n);
    if (!degenerate && ProjectsInside(c, v, n)) {
        // the closest point is the projection: (n . (c - v0))^2 <= r^2 |n|^2
        XVec w;
        tx::SetDifference(w, c, v[0]);
        Expansion s, nn, lhs, rhs;
        tx::Dot(s, n, w);
        tx::Dot(nn, n, n);
        tx::MulCompressed(lhs, s, s);
        tx::MulCompressed(rhs, rSq, nn);
        tx::Negate(lhs);
        xp::Add(rhs, lhs);
        return rhs.Sign() >= 0;
    }
    for (size_t k = 0; k < 3; ++k) {
        if (SegmentWithin(c, v[k], v[(k + 1) % 3], rSq)) {
            return true;
        }
    }
    return false;
}

/// The point of segment ab closest to c (double).
glm::dvec3 ClosestOnSegment(const glm::dvec3& c, const glm::dvec3& a, const glm::dvec3& b)
{
    const glm::dvec3 e = b - a;
    const double ee = glm::dot(e, e);
    if (ee == 0.0) {
        return a;
    }
    const double t = std::clamp(glm::dot(c - a, e) / ee, 0.0, 1.0);
    return a + t * e;
}

/// The closest point: Ericson's listing for a non-degenerate triangle, the nearest edge's
/// closest point for a degenerate one, or when a sliver's quotients overflow (region -1).
glm::dvec3 ClosestPoint(const glm::dvec3& c, const Verts& v, bool degenerate, int& region)
{
    if (!degenerate) {
        const glm::dvec3 p = EricsonClosestPtPointTriangle(c, v[0], v[1], v[2], &region);
        if (tx::FiniteVec(p)) {
            return p;
        }
    }
    region = -1;
    glm::dvec3 best = v[0];
    double bestSq = glm::dot(c - best, c - best);
    for (size_t k = 0; k < 3; ++k) {
        const glm::dvec3 q = ClosestOnSegment(c, v[k], v[(k + 1) % 3]);
        const double dSq = glm::dot(c - q, c - q);
        if (dSq < bestSq) {
            best = q;
            bestSq = dSq;
        }
    }
    return best;
}

/// The way the triangle moves out when the centre lies on it: the unit winding normal, a unit
/// perpendicular of a segment triangle, +z for a point.
glm::dvec3 OnTriangleNormal(const Verts& v)
{
    const glm::dvec3 n = glm::cross(v[1] - v[0], v[2] - v[0]);
    if (n != glm::dvec3(0)) {
        return glm::normalize(n);
    }
    glm::dvec3 d = v[1] - v[0];
    for (size_t k = 1; k < 3; ++k) {
        const glm::dvec3 dk = v[(k + 1) % 3] - v[k];
        if (glm::dot(dk, dk) > glm::dot(d, d)) {
            d = dk;
        }
    }
    if (d == glm::dvec3(0)) {
        return {0, 0, 1};
    }
    const glm::dvec3 ad = glm::abs(d);
    glm::dvec3 axis(0);
    axis[ad.x <= ad.y && ad.x <= ad.z ? 0 : ad.y <= ad.z ? 1 : 2] = 1;
    return glm::normalize(glm::cross(d, axis));
}

void TraceSphereTriangle(Trace& trace, const glm::dvec3& c, double r, const glm::dvec3& p, int region, bool hit, int k)
{
    const double distSq = glm::dot(p - c, p - c);
    trace.Add(Format("closest point in the region of %s",
                     region < 0 ? "a degenerate triangle's edges" : EricsonRegionName(region)),
              {}, PointPart{"p", tx::Scaled(p, -k), hit});
    trace.Add(Format("|c - p|^2 %s r^2 (decided exactly)", hit ? "<=" : ">"),
              {{"dist", std::ldexp(std::sqrt(distSq), -k)}, {"r", std::ldexp(r, -k)}},
              SegmentPart{"centre to closest point", tx::Scaled(c, -k), tx::Scaled(p, -k), hit});
    trace.DecideLast();
}

} // namespace spheretri

OverlapResult<double> SphereTriangleClosestPointDouble(const Sphere<double>& sphere, const Triangle<double>& triangle,
                                                       Trace* trace)
{
    using namespace spheretri;
    OverlapResult<double> out;
    Verts v = tx::VerticesInDouble(triangle);
    glm::dvec3 c = sphere.center;
    double r = sphere.radius;
    if (!(tx::FiniteVec(c) && std::isfinite(r) && r >= 0.0 && tx::FiniteVec(v[0]) && tx::FiniteVec(v[1]) &&
          tx::FiniteVec(v[2]))) {
        if (trace != nullptr) [[unlikely]] {
            trace->verdict = "miss: a number is NaN or infinite, or the radius is negative";
        }
        return out;
    }
    // scale by 2^k when the largest number is outside [2^-100, 2^100]
    const int k = tx::TriangleScaleExponent(
        std::max({r, tx::LargestOf(c), tx::LargestOf(v[0]), tx::LargestOf(v[1]), tx::LargestOf(v[2])}));
    if (k != 0) {
        c = tx::Scaled(c, k);
        r = std::ldexp(r, k);
        for (glm::dvec3& p : v) {
            p = tx::Scaled(p, k);
        }
    }
    bool degenerate = false;
    const std::optional<bool> quick = QuickVerdict(c, r, v);
    if (quick) {
        out.hit = *quick;
        degenerate = true;
        for (int m = 0; m < 3; ++m) {
            degenerate = degenerate && tx::Det2Sign(v[1], v[0], v[2], v[0], (m + 1) % 3, (m + 2) % 3) == 0;
        }
    } else {
        out.hit = BallMeetsTriangle(c, r, v, degenerate);
    }
    int region = 0;
    const glm::dvec3 p = ClosestPoint(c, v, degenerate, region);
    if (trace != nullptr) [[unlikely]] {
        TraceSphereTriangle(*trace, c, r, p, region, out.hit, k);
    }
    if (!out.hit) {
        if (trace != nullptr) [[unlikely]] {
            trace->verdict = Format("miss: the closest point of the triangle is %g from the centre, beyond the radius",
                                    std::ldexp(glm::length(p - c), -k));
        }
        return out;
    }
    const double dist = glm::length(p - c);
    out.depth = std::ldexp(std::max(0.0, r - dist), -k) + 0.0;
    out.normal = dist > 0.0 ? (p - c) / dist : OnTriangleNormal(v);
    out.contact = tx::Scaled(p, -k);
    if (trace != nullptr) [[unlikely]] {
        trace->verdict = out.depth == 0.0 ? "hit: the sphere touches the triangle (depth 0)"
                                          : Format("hit: the sphere reaches %g into the triangle (%s)", out.depth,
                                                   NormalConventionText(out.normal, out.depth).c_str());
    }
    return out;
}

} // namespace detail

template <typename T>
[[gnu::noinline]] OverlapResult<T> SphereTriangleClosestPoint(const Sphere<T>& sphere, const Triangle<T>& triangle,
                                                              Trace* trace)
{
    const OverlapResult<double> d =
        detail::SphereTriangleClosestPointDouble(ShapeCast<double>(sphere), ShapeCast<double>(triangle), trace);
    return NarrowOverlap<T>(d); // no separating axis: d's is zero and unset
}

// a call boundary: inlined into MakeRun's float runner, GCC 12 at -O3 dropped the rounding of the
// inputs to float (the float -> double conversion of a double -> float one)
template OverlapResult<float> SphereTriangleClosestPoint<float>(const Sphere<float>&, const Triangle<float>&, Trace*);
template OverlapResult<double> SphereTriangleClosestPoint<double>(const Sphere<double>&, const Triangle<double>&,
                                                                  Trace*);

// data table: the sphere/triangle algorithms and their metadata, one entry each
void RegisterSphereTriangle(std::vector<AlgorithmInfo>& out)
{
    out.push_back({
        .name = "closest_point",
        .family = Family::SphereTriangle,
        .title = "Closest point on the triangle, exact verdict (reference)",
        .summary = "The triangle's point closest to the centre (Voronoi regions), hit when |c - p|^2 <= r^2 decided "
                   "exactly (touching counts); depth r - |c - p|, normal from the centre towards p, contact p.",
        .source = "Ericson, Real-Time Collision Detection (2005) 5.1.5 (ClosestPtPointTriangle); exact verdict with "
                  "Shewchuk's expansions (1997)",
        .reference = true,
        .published = false,
        .conventions = {{"touching", "overlap"}, {"degenerate", "segment or point"}},
        .returns = kOverlapFields | kDistanceFields,
        .flaw = "",
        .flawWhen = {},
        .run = MakeRun<Sphere, Triangle>([](const auto& a, const auto& b, Trace* t) {
            return WithDistance(SphereTriangleClosestPoint(a, b, t), a, b, SphereTriangleGap);
        }),
    });
    out.push_back({
        .name = "ericson",
        .family = Family::SphereTriangle,
        .title = "Ericson's TestSphereTriangle",
        .summary = "p = ClosestPtPointTriangle(c, a, b, c) as printed, hit when Dot(p - c, p - c) <= r * r, in the "
                   "algorithm's precision. Fills hit and contact (p).",
        .source = "Ericson, Real-Time Collision Detection (2005) 5.2.7 (TestSphereTriangle) and 5.1.5",
        .reference = false,
        .published = true,
        .conventions = {{"touching", "overlap"}},
        .returns = kFieldHit | kFieldContact,
        .flaw = "The closest point and the squared distance are rounded, so a sphere within rounding of touching can "
                "be judged wrongly; a triangle with v0 == v1 and the centre beyond v0 reaches the listing's 0 / 0 "
                "(a NaN point): a miss however deep.",
        .flawWhen = {"float: near boundary 1e-5", "double: near boundary 1e-13", "degenerate triangle"},
        .run = MakeRun<Sphere, Triangle>(
            [](const auto& a, const auto& b, Trace* t) { return SphereTriangleEricson(a, b, t); }),
    });
}

} // namespace hitlab
