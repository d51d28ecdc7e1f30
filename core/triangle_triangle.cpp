// triangle_triangle: the reference (exact verdict from the edge tests, depth from the
// separating-axis candidates).
#include "triangle_triangle.h"
#include "triangle_triangle_guigue.h"
#include "triangle_triangle_moller.h"

#include "algorithm.h"
#include "outcome_text.h"
#include "overlap_distance.h"
#include "triangle_exact.h"
#include "triangle_triangle_exact.h"

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace hitlab {

namespace detail {

std::string TriangleTriangleAxisLabel(int index)
{
    if (index < 2) {
        return index == 0 ? "na" : "nb";
    }
    return "a" + std::to_string((index - 2) / 3) + " x b" + std::to_string((index - 2) % 3);
}

namespace tritri {

/// Candidate axis `index` as the cross product of two differences: L = (p1 - p0) x (q1 - q0).
struct CrossAxis {
    glm::dvec3 p1, p0, q1, q0;
};

CrossAxis AxisOf(const Verts& a, const Verts& b, int index)
{
    if (index < 2) {
        const Verts& t = index == 0 ? a : b;
        return {t[1], t[0], t[2], t[0]};
    }
    const size_t i = static_cast<size_t>((index - 2) / 3), j = static_cast<size_t>((index - 2) % 3);
    return {a[(i + 1) % 3], a[i], b[(j + 1) % 3], b[j]};
}

bool AxisIsZero(const CrossAxis& l)
{
    for (int m = 0; m < 3; ++m) {
        if (tx::Det2Sign(l.p1, l.p0, l.q1, l.q0, (m + 1) % 3, (m + 2) % 3) != 0) {
            return false;
        }
    }
    return true;
}

glm::dvec3 AxisVector(const CrossAxis& l, double scale)
{
    glm::dvec3 v;
    for (int m = 0; m < 3; ++m) {
        v[m] = tx::Det2Value(l.p1, l.p0, l.q1, l.q0, (m + 1) % 3, (m + 2) % 3, 0x1p-52 * scale * scale);
    }
    return v;
}

/// +1 when b lies wholly beyond a along L (every L . (b_j - a_i) > 0), -1 when wholly below, else
/// 0; exact.
int AxisSeparates(const Verts& a, const Verts& b, const CrossAxis& l)
{
    bool above = true, below = true;
    for (size_t i = 0; i < 3; ++i) {
        for (size_t j = 0; j < 3; ++j) {
            const int s = tx::Det3Sign(l.p1, l.p0, l.q1, l.q0, b[j], a[i]);
            above = above && s > 0;
            below = below && s < 0;
        }
    }
    return above ? 1 : below ? -1 : 0;
}

/// The two push-outs of b along L, in units of |L|: +L until b's lowest point reaches a's top,
/// -L until b's top reaches a's bottom. Each projection within an ulp of the scale once divided.
void AxisPushes(const Verts& a, const Verts& b, const CrossAxis& l, double length, double scale, double& plus,
                double& minus)
{
    const double tolerance = 0x1p-53 * scale * length;
    double aLo = 0, aHi = 0, bLo = std::numeric_limits<double>::infinity(), bHi = -bLo;
    for (size_t k = 0; k < 3; ++k) {
        const double pa = tx::Det3Value(l.p1, l.p0, l.q1, l.q0, a[k], a[0], tolerance);
        const double pb = tx::Det3Value(l.p1, l.p0, l.q1, l.q0, b[k], a[0], tolerance);
        aLo = std::min(aLo, pa);
        aHi = std::max(aHi, pa);
        bLo = std::min(bLo, pb);
        bHi = std::max(bHi, pb);
    }
    plus = (aHi - bLo) / length;
    minus = (bHi - aLo) / length;
}

/// Whether the triangles meet (exact), with a common point.
std::optional<glm::dvec3> TrianglesMeet(const Verts& a, const Verts& b, Trace* trace, int k)
{
    for (int which = 0; which < 2; ++which) {
        const Verts& s = which == 0 ? a : b;
        const Verts& t = which == 0 ? b : a;
        for (size_t e = 0; e < 3; ++e) {
            const std::optional<glm::dvec3> x = SegmentMeetsTriangle(s[e], s[(e + 1) % 3], t);
            if (trace != nullptr) [[unlikely]] {
                trace->Add(Format("edge %s%zu of %s against %s: %s", which == 0 ? "a" : "b", e, which == 0 ? "a" : "b",
                                  which == 0 ? "b" : "a", x ? "meets it" : "misses"),
                           {},
                           SegmentPart{"edge", tx::Scaled(s[e], -k), tx::Scaled(s[(e + 1) % 3], -k), x.has_value()});
            }
            if (x) {
                return x;
            }
        }
    }
    return std::nullopt;
}

/// A unit vector perpendicular to the longest edge of a or b (+z when all are points).
glm::dvec3 FallbackNormal(const Verts& a, const Verts& b)
{
    glm::dvec3 d(0);
    for (const Verts* t : {&a, &b}) {
        for (size_t k = 0; k < 3; ++k) {
            const glm::dvec3 e = (*t)[(k + 1) % 3] - (*t)[k];
            d = glm::dot(e, e) > glm::dot(d, d) ? e : d;
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

void TraceTriTriAxis(Trace& trace, int index, const glm::dvec3& axis, double plus, double minus, int separates,
                     bool zero)
{
    AxisPart part;
    part.label = TriangleTriangleAxisLabel(index);
    part.axis = axis;
    part.skipped = zero;
    part.overlap = std::min(plus, minus);
    part.separating = separates != 0;
    const std::string caption = zero        ? Format("%s: zero axis (skipped)", part.label.c_str())
                                : separates ? Format("%s: projections disjoint: separating axis", part.label.c_str())
                                            : Format("%s: projections overlap by %g", part.label.c_str(), part.overlap);
    trace.Add(caption, {{"push_plus", plus}, {"push_minus", minus}}, std::move(part));
}

/// The query scaled by 2^k (k returned) when its largest number is outside [2^-100, 2^100];
/// scale: the largest magnitude after the scaling.
int ScaleTriangles(Verts& a, Verts& b, double& scale)
{
    double largest = 0;
    for (const Verts* t : {&a, &b}) {
        for (const glm::dvec3& p : *t) {
            largest = std::max(largest, tx::LargestOf(p));
        }
    }
    const int k = tx::TriangleScaleExponent(largest);
    scale = std::ldexp(largest, k);
    for (Verts* t : {&a, &b}) {
        for (glm::dvec3& p : *t) {
            p = tx::Scaled(p, k);
        }
    }
    return k;
}

/// The miss: the first of the 11 axes that separates (exact), if any.
void FindSeparatingAxis(const Verts& a, const Verts& b, double scale, OverlapResult<double>& r, Trace* trace)
{
    for (int index = 0; index < 11; ++index) {
        const CrossAxis l = AxisOf(a, b, index);
        const bool zero = AxisIsZero(l);
        const int separates = zero ? 0 : AxisSeparates(a, b, l);
        const glm::dvec3 v = zero || (separates == 0 && trace == nullptr) ? glm::dvec3(0) : AxisVector(l, scale);
        if (trace != nullptr) [[unlikely]] {
            TraceTriTriAxis(*trace, index, v, 0, 0, separates, zero);
        }
        if (separates != 0) {
            r.separatingAxis = double(separates) * glm::normalize(v);
            r.hasSeparatingAxis = true;
            if (trace != nullptr) [[unlikely]] {
                trace->DecideLast();
            }
            return;
        }
    }
}

/// The hit: depth and normal from the least overlap over the non-zero axes.
/// One axis's push-outs: rough (within 2^-40 of the scale) or precise (an ulp), and its vector.
struct TriTriPushes {
    bool zero = true;
    double plus = 0, minus = 0;
    glm::dvec3 vector{0};
};

TriTriPushes PushesOn(const Verts& a, const Verts& b, int index, double scale, bool precise)
{
    TriTriPushes p;
    const CrossAxis l = AxisOf(a, b, index);
    p.zero = AxisIsZero(l);
    if (!p.zero) {
        p.vector = AxisVector(l, precise ? 0.0 : 0x1p-40 * scale * scale);
        AxisPushes(a, b, l, glm::length(p.vector), precise ? scale : 0x1p13 * scale, p.plus, p.minus);
    }
    return p;
}

/// The hit: depth and normal from the least overlap over the non-zero axes (a rough pass over all,
/// then the axes that may be the least precisely).
void LeastOverlap(const Verts& a, const Verts& b, double scale, OverlapResult<double>& r, Trace* trace)
{
    TriTriPushes rough[11];
    int steps[11] = {};
    double roughMin = std::numeric_limits<double>::infinity();
    for (int index = 0; index < 11; ++index) {
        const TriTriPushes& p = rough[index] = PushesOn(a, b, index, scale, false);
        if (trace != nullptr) [[unlikely]] {
            TraceTriTriAxis(*trace, index, p.vector, p.plus, p.minus, 0, p.zero);
            steps[index] = static_cast<int>(trace->steps.size()) - 1;
        }
        if (!p.zero) {
            roughMin = std::min(roughMin, std::min(p.plus, p.minus));
        }
    }
    int best = -1;
    double bestDepth = 0, bestSide = 1;
    glm::dvec3 bestAxis(0);
    for (int index = 0; index < 11; ++index) {
        if (rough[index].zero || std::min(rough[index].plus, rough[index].minus) > roughMin + 0x1p-36 * scale) {
            continue;
        }
        const TriTriPushes p = PushesOn(a, b, index, scale, true);
        const double depth = std::max(0.0, std::min(p.plus, p.minus));
        if (best < 0 || depth < bestDepth) {
            best = index;
            bestDepth = depth;
            bestSide = p.minus < p.plus ? -1.0 : 1.0;
            bestAxis = p.vector;
        }
    }
    r.depth = bestDepth + 0.0;
    r.normal = best < 0 ? FallbackNormal(a, b) : bestSide * glm::normalize(bestAxis);
    if (trace != nullptr && best >= 0) [[unlikely]] {
        if (auto* part = std::get_if<AxisPart>(&trace->steps[static_cast<size_t>(steps[best])].part)) {
            part->chosen = true;
        }
    }
}

} // namespace tritri

OverlapResult<double> TriangleTriangleSatDouble(const Triangle<double>& ta, const Triangle<double>& tb, Trace* trace)
{
    using namespace tritri;
    OverlapResult<double> r;
    Verts a = tx::VerticesInDouble(ta), b = tx::VerticesInDouble(tb);
    for (size_t k = 0; k < 3; ++k) {
        if (!tx::FiniteVec(a[k]) || !tx::FiniteVec(b[k])) {
            if (trace != nullptr) [[unlikely]] {
                trace->verdict = "miss: a number is NaN or infinite";
            }
            return r;
        }
    }
    double scale = 0;
    const int k = ScaleTriangles(a, b, scale);
    const std::optional<glm::dvec3> meet = TrianglesMeet(a, b, trace, k);
    if (!meet) {
        FindSeparatingAxis(a, b, scale, r, trace);
        if (trace != nullptr) [[unlikely]] {
            trace->verdict = r.hasSeparatingAxis
                                 ? "miss: no edge of either triangle meets the other; an axis separates them"
                                 : "miss: no edge of either triangle meets the other (apart within their plane)";
        }
        return r;
    }
    r.hit = true;
    r.contact = tx::Scaled(*meet, -k);
    LeastOverlap(a, b, scale, r, trace);
    r.depth = std::ldexp(r.depth, -k) + 0.0;
    if (trace != nullptr) [[unlikely]] {
        trace->Add(Format("least overlap: depth %g", r.depth), {{"depth", r.depth}},
                   PointPart{"contact", r.contact, true});
        trace->DecideLast();
        trace->verdict = r.depth == 0.0 ? "hit: the triangles touch (depth 0)"
                                        : Format("hit: the triangles cross; b moves out by %g (%s)", r.depth,
                                                 NormalConventionText(r.normal, r.depth).c_str());
    }
    return r;
}

} // namespace detail

template <typename T>
[[gnu::noinline]] OverlapResult<T> TriangleTriangleSat(const Triangle<T>& a, const Triangle<T>& b, Trace* trace)
{
    const OverlapResult<double> d =
        detail::TriangleTriangleSatDouble(ShapeCast<double>(a), ShapeCast<double>(b), trace);
    return NarrowOverlap<T>(d);
}

// a call boundary: inlined into MakeRun's float runner, GCC 12 at -O3 dropped the rounding of the
// inputs to float (the float -> double conversion of a double -> float one)
template OverlapResult<float> TriangleTriangleSat<float>(const Triangle<float>&, const Triangle<float>&, Trace*);
template OverlapResult<double> TriangleTriangleSat<double>(const Triangle<double>&, const Triangle<double>&, Trace*);

// data table: the triangle/triangle algorithms and their metadata, one entry each
void RegisterTriangleTriangle(std::vector<AlgorithmInfo>& out)
{
    out.push_back({
        .name = "sat_reference",
        .family = Family::TriangleTriangle,
        .title = "Exact edge tests, separating-axis depth (reference)",
        .summary = "Overlap when an edge of one triangle meets the other, decided with exact orientation predicates "
                   "(coplanar and degenerate triangles included; touching counts); depth and normal from the least "
                   "overlap over the 2 normals and 9 edge crosses, contact where the edge meets.",
        .source = "Orientation predicates as in Guigue & Devillers (2003), exact with Shewchuk's expansions (1997); "
                  "separating axes of Gottschalk, Lin & Manocha (1996)",
        .reference = true,
        .published = false,
        .conventions = {{"touching", "overlap"}, {"degenerate", "segment or point"}, {"coplanar", "exact"}},
        .returns = kOverlapFields | kFieldSeparatingAxis | kDistanceFields,
        .flaw = "",
        .flawWhen = {},
        .run = MakeRun<Triangle, Triangle, BatchInlining::Call>([](const auto& a, const auto& b, Trace* t) {
            return WithDistance(TriangleTriangleSat(a, b, t), a, b, TriangleTriangleGap);
        }),
    });
    out.push_back({
        .name = "moller",
        .family = Family::TriangleTriangle,
        .title = "Moller's NoDivTriTriIsect (EPSILON test on)",
        .summary = "Signed plane distances (zeroed below EPSILON = 1e-6), a same-side rejection, then both "
                   "triangles' intervals on the planes' line without division; coplanar pairs: coplanar_tri_tri's "
                   "edge-edge and point-in-triangle tests. Verdict only.",
        .source = "Tomas Moller, \"A Fast Triangle-Triangle Intersection Test\", journal of graphics tools 2(2) "
                  "(1997), NoDivTriTriIsect and coplanar_tri_tri",
        .reference = false,
        .published = true,
        .conventions = {{"touching", "overlap"}, {"coplanar", "2D edge and vertex tests"}},
        .returns = kFieldHit,
        .flaw = "EPSILON is absolute on unnormalised distances (an area times a length): small or far triangles "
                "apart along the normal are taken as coplanar and reported overlapping; a degenerate triangle's zero "
                "normal is taken as coplanar; rounding decides near the boundary.",
        .flawWhen = {"epsilon 1e-6", "degenerate triangle", "coplanar", "float: near boundary 1e-5",
                     "double: near boundary 1e-13"},
        .run = MakeRun<Triangle, Triangle, BatchInlining::Call>(
            [](const auto& a, const auto& b, Trace* t) { return TriangleTriangleMoller(a, b, t); }),
    });
    out.push_back({
        .name = "guigue_devillers",
        .family = Family::TriangleTriangle,
        .title = "Guigue & Devillers' tri_tri_overlap_test_3d",
        .summary = "Orientation signs of each triangle's vertices against the other's plane, a canonical permutation, "
                   "then two orientation tests on the planes' line; coplanar pairs: the 2D test on the plane of the "
                   "largest normal component. Verdict only.",
        .source = "Philippe Guigue and Olivier Devillers, \"Fast and Robust Triangle-Triangle Overlap Test Using "
                  "Orientation Predicates\", journal of graphics tools 8(1) (2003)",
        .reference = false,
        .published = true,
        .conventions = {{"touching", "overlap"}, {"coplanar", "2D orientation tests"}},
        .returns = kFieldHit,
        .flaw = "The orientations are rounded determinants: near the boundary, and for coplanar or nearly coplanar "
                "pairs (where the signs choose the branch), the verdict can be wrong; a degenerate triangle's zero "
                "normal is taken as coplanar.",
        .flawWhen = {"degenerate triangle", "coplanar", "float: near boundary 1e-5", "double: near boundary 1e-13"},
        .run = MakeRun<Triangle, Triangle, BatchInlining::Call>(
            [](const auto& a, const auto& b, Trace* t) { return TriangleTriangleGuigueDevillers(a, b, t); }),
    });
}

} // namespace hitlab
