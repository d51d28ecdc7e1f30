// aabb_triangle: the reference separating-axis test in double with exact signs.
#include "aabb_triangle.h"
#include "aabb_triangle_published.h"

#include "algorithm.h"
#include "outcome_text.h"
#include "overlap_distance.h"
#include "triangle_exact.h"

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

namespace hitlab {

namespace detail {

std::string AabbTriangleAxisLabel(int index)
{
    static const char* const kFaces[4] = {"x", "y", "z", "n"};
    static const char* const kAxes[3] = {"X", "Y", "Z"};
    if (index < 4) {
        return kFaces[index];
    }
    const int j = (index - 4) / 3, i = (index - 4) % 3;
    return "e" + std::to_string(j) + " x " + kAxes[i];
}

namespace boxtri {

using Verts = std::array<glm::dvec3, 3>;

/// Up to three vertex indices.
struct VertexList {
    std::array<int, 3> k;
    int n;
    const int* begin() const { return k.data(); }
    const int* end() const { return k.data() + n; }
};

/// One candidate axis of the box/triangle test: which it is, and the exact signs of L . (v - p).
struct BoxTriAxis {
    const Aabb<double>& box;
    const Verts& v;
    int index;
    double scale; ///< the largest magnitude of the query's numbers (sets the values' tolerance)

    /// The sign of the axis's component m (exact).
    int ComponentSign(int m) const
    {
        if (index < 3) {
            return m == index ? 1 : 0;
        }
        if (index == 3) {
            // n = (v1 - v0) x (v2 - v0)
            return tx::Det2Sign(v[1], v[0], v[2], v[0], (m + 1) % 3, (m + 2) % 3);
        }
        // L = e x u_i: L_i = 0, L_(i+1) = e_(i+2), L_(i+2) = -e_(i+1)
        const int j = (index - 4) / 3, i = (index - 4) % 3;
        const glm::dvec3& a = v[static_cast<size_t>(j)];
        const glm::dvec3& b = v[static_cast<size_t>((j + 1) % 3)];
        auto sign = [](double hi, double lo) { return hi > lo ? 1 : hi < lo ? -1 : 0; };
        if (m == (i + 1) % 3) {
            return sign(b[(i + 2) % 3], a[(i + 2) % 3]);
        }
        if (m == (i + 2) % 3) {
            return -sign(b[(i + 1) % 3], a[(i + 1) % 3]);
        }
        return 0;
    }

    /// The axis in double (its components correctly rounded, or within 2^-48 relative or the
    /// tolerance).
    glm::dvec3 Vector(double tolerance) const
    {
        glm::dvec3 l(0);
        if (index < 3) {
            l[index] = 1;
        } else if (index == 3) {
            for (int m = 0; m < 3; ++m) {
                l[m] = tx::Det2Value(v[1], v[0], v[2], v[0], (m + 1) % 3, (m + 2) % 3, tolerance);
            }
        } else {
            const int j = (index - 4) / 3, i = (index - 4) % 3;
            const glm::dvec3 e = v[static_cast<size_t>((j + 1) % 3)] - v[static_cast<size_t>(j)];
            l[(i + 1) % 3] = e[(i + 2) % 3];
            l[(i + 2) % 3] = -e[(i + 1) % 3];
        }
        return l;
    }

    /// The vertices whose projections differ (the others project equal to one of them).
    VertexList Vertices() const
    {
        if (index < 3) {
            return {{0, 1, 2}, 3};
        }
        if (index == 3) {
            return {{0, 0, 0}, 1};
        }
        const int j = (index - 4) / 3;
        return {{j, (j + 2) % 3, 0}, 2};
    }

    /// The sign (exact) of L . (v_k - p).
    int Sign(int k, const glm::dvec3& p) const
    {
        const glm::dvec3& w = v[static_cast<size_t>(k)];
        if (index < 3) {
            return w[index] > p[index] ? 1 : w[index] < p[index] ? -1 : 0;
        }
        if (index == 3) {
            return tx::Det3Sign(v[1], v[0], v[2], v[0], w, p);
        }
        // L . w = (w x e)_i: the 2D determinant of w and e on the two other coordinates
        const int j = (index - 4) / 3, i = (index - 4) % 3;
        return tx::Det2Sign(w, p, v[static_cast<size_t>((j + 1) % 3)], v[static_cast<size_t>(j)], (i + 1) % 3,
                            (i + 2) % 3);
    }

    /// L . (v_k - p), to about 2^-48 relative or within tolerance.
    double Value(int k, const glm::dvec3& p, double tolerance) const
    {
        const glm::dvec3& w = v[static_cast<size_t>(k)];
        if (index < 3) {
            return w[index] - p[index];
        }
        if (index == 3) {
            return tx::Det3Value(v[1], v[0], v[2], v[0], w, p, tolerance);
        }
        const int j = (index - 4) / 3, i = (index - 4) % 3;
        return tx::Det2Value(w, p, v[static_cast<size_t>((j + 1) % 3)], v[static_cast<size_t>(j)], (i + 1) % 3,
                             (i + 2) % 3, tolerance);
    }
};

/// The box's corners of least (lo) and greatest (hi) projection on an axis of these component signs.
void ExtremeCorners(const Aabb<double>& box, const int signs[3], glm::dvec3& lo, glm::dvec3& hi)
{
    for (int m = 0; m < 3; ++m) {
        lo[m] = signs[m] > 0 ? box.min[m] : box.max[m];
        hi[m] = signs[m] > 0 ? box.max[m] : box.min[m];
    }
}

/// What one axis found: zero, separating (+1: the triangle beyond the box along +L, -1: below), or
/// the two push-outs of the triangle (in units of |L|, on a non-separating axis).
struct AxisOutcome {
    bool zero = false;
    int separates = 0;
    double plusPush = 0, minusPush = 0, length = 1;
    glm::dvec3 vector{0};
};

/// One axis: zero, separating (exact), or its push-outs. precise: the values within an ulp of the
/// query's scale (divided by |L|), else within 2^-40 of it (a first pass that picks the axes
/// worth the precise one).
AxisOutcome TestAxis(const BoxTriAxis& axis, bool precise)
{
    AxisOutcome out;
    int signs[3];
    for (int m = 0; m < 3; ++m) {
        signs[m] = axis.ComponentSign(m);
    }
    if (signs[0] == 0 && signs[1] == 0 && signs[2] == 0) {
        out.zero = true;
        return out;
    }
    glm::dvec3 lo, hi;
    ExtremeCorners(axis.box, signs, lo, hi);
    bool allAbove = true, allBelow = true;
    for (const int k : axis.Vertices()) {
        allAbove = allAbove && axis.Sign(k, hi) > 0;
        allBelow = allBelow && axis.Sign(k, lo) < 0;
    }
    out.separates = allAbove ? 1 : allBelow ? -1 : 0;
    out.vector = axis.Vector(precise ? 0.0 : 0x1p-40 * axis.scale * axis.scale);
    out.length = glm::length(out.vector);
    if (out.separates != 0) {
        return out;
    }
    // push the triangle along +L until its lowest vertex reaches the box's top, or along -L
    const double tolerance = (precise ? 0x1p-53 : 0x1p-40) * axis.scale * out.length;
    double plus = -std::numeric_limits<double>::infinity(), minus = plus;
    for (const int k : axis.Vertices()) {
        plus = std::max(plus, -axis.Value(k, hi, tolerance));
        minus = std::max(minus, axis.Value(k, lo, tolerance));
    }
    out.plusPush = plus / out.length;
    out.minusPush = minus / out.length;
    return out;
}

/// Sutherland-Hodgman: the polygon clipped to the closed half space coordinate m >= bound (side
/// +1) or <= bound (side -1); a crossing point gets exactly the bound on m.
std::vector<glm::dvec3> ClipAgainst(const std::vector<glm::dvec3>& poly, int m, double bound, double side)
{
    std::vector<glm::dvec3> out;
    const size_t n = poly.size();
    for (size_t i = 0; i < n; ++i) {
        const glm::dvec3& p = poly[i];
        const glm::dvec3& q = poly[(i + 1) % n];
        const bool pIn = side * (p[m] - bound) >= 0, qIn = side * (q[m] - bound) >= 0;
        if (pIn) {
            out.push_back(p);
        }
        if (pIn != qIn) {
            const double t = (bound - p[m]) / (q[m] - p[m]);
            glm::dvec3 x = p + t * (q - p);
            x[m] = bound;
            out.push_back(x);
        }
    }
    return out;
}

/// A point of the box and the triangle: the centroid of the triangle clipped to the box, clamped
/// to the box (the clamped triangle's centroid when rounding empties the clipped polygon).
glm::dvec3 BoxTriangleContact(const Aabb<double>& box, const Verts& v)
{
    std::vector<glm::dvec3> poly(v.begin(), v.end());
    for (int m = 0; m < 3 && !poly.empty(); ++m) {
        poly = ClipAgainst(poly, m, box.min[m], 1);
        if (!poly.empty()) {
            poly = ClipAgainst(poly, m, box.max[m], -1);
        }
    }
    if (poly.empty()) {
        poly.assign(v.begin(), v.end());
    }
    glm::dvec3 sum(0);
    for (const glm::dvec3& p : poly) {
        sum += p / double(poly.size());
    }
    return glm::clamp(sum, box.min, box.max);
}

void TraceBoxTriAxis(Trace& trace, const Aabb<double>& box, const Verts& v, int index, const AxisOutcome& o)
{
    AxisPart part;
    part.label = AabbTriangleAxisLabel(index);
    part.axis = o.vector;
    if (o.zero) {
        part.skipped = true;
        trace.Add(Format("%s: zero axis (skipped)", part.label.c_str()), {}, std::move(part));
        return;
    }
    const glm::dvec3 c = 0.5 * box.min + 0.5 * box.max, h = 0.5 * box.max - 0.5 * box.min;
    const glm::dvec3 u = o.vector / o.length;
    const double t0 = glm::dot(u, v[0]), t1 = glm::dot(u, v[1]), t2 = glm::dot(u, v[2]);
    const double tMin = std::min({t0, t1, t2}), tMax = std::max({t0, t1, t2});
    part.ra = glm::dot(glm::abs(u), h);
    part.rb = 0.5 * (tMax - tMin);
    part.distance = std::abs(0.5 * (tMax + tMin) - glm::dot(u, c));
    part.overlap = o.separates != 0 ? part.ra + part.rb - part.distance : std::min(o.plusPush, o.minusPush);
    part.separating = o.separates != 0;
    std::string caption = part.separating ? Format("%s: projections disjoint (gap %g): separating axis",
                                                   part.label.c_str(), -part.overlap)
                                          : Format("%s: projections overlap by %g", part.label.c_str(), part.overlap);
    trace.Add(std::move(caption),
              {{"ra", part.ra}, {"rb", part.rb}, {"distance", part.distance}, {"overlap", part.overlap}},
              std::move(part));
    if (o.separates != 0) {
        trace.DecideLast();
        trace.verdict =
            Format("miss: the box and the triangle are separated along %s", AabbTriangleAxisLabel(index).c_str());
    }
}

/// The query's numbers, scaled by 2^k: the largest in [1, 2) when it was outside [2^-100, 2^100].
/// largest: the largest magnitude after the scaling.
int ScaleBoxTriangle(Aabb<double>& box, Verts& v, double& largestOut)
{
    double largest = std::max(tx::LargestOf(box.min), tx::LargestOf(box.max));
    for (const glm::dvec3& p : v) {
        largest = std::max(largest, tx::LargestOf(p));
    }
    const int k = tx::TriangleScaleExponent(largest);
    largestOut = std::ldexp(largest, k);
    if (k != 0) {
        box.min = tx::Scaled(box.min, k);
        box.max = tx::Scaled(box.max, k);
        for (glm::dvec3& p : v) {
            p = tx::Scaled(p, k);
        }
    }
    return k;
}

} // namespace boxtri

OverlapResult<double> AabbTriangleSatDouble(const Aabb<double>& boxIn, const Triangle<double>& triangle, Trace* trace)
{
    using namespace boxtri;
    OverlapResult<double> r;
    Aabb<double> box = boxIn;
    Verts v = tx::VerticesInDouble(triangle);
    bool valid = tx::FiniteVec(box.min) && tx::FiniteVec(box.max);
    for (int m = 0; m < 3; ++m) {
        valid = valid && box.min[m] <= box.max[m] && tx::FiniteVec(v[static_cast<size_t>(m)]);
    }
    if (!valid) {
        if (trace != nullptr) [[unlikely]] {
            trace->verdict = "miss: a number is NaN or infinite, or the box has min > max";
        }
        return r;
    }
    double scale = 0;
    const int k = ScaleBoxTriangle(box, v, scale);

    // first pass: the exact separation on every axis, the push-outs roughly
    AxisOutcome rough[13];
    int steps[13] = {};
    double roughMin = std::numeric_limits<double>::infinity();
    for (int index = 0; index < 13; ++index) {
        const AxisOutcome& o = rough[index] = TestAxis(BoxTriAxis{box, v, index, scale}, false);
        if (trace != nullptr) [[unlikely]] {
            TraceBoxTriAxis(*trace, box, v, index, o);
            steps[index] = static_cast<int>(trace->steps.size()) - 1;
        }
        if (o.separates != 0) {
            r.separatingAxis = double(o.separates) * o.vector / o.length;
            r.hasSeparatingAxis = true;
            return r;
        }
        if (!o.zero) {
            roughMin = std::min(roughMin, std::min(o.plusPush, o.minusPush));
        }
    }
    // second pass: the axes that may be the least, precisely
    int best = -1;
    AxisOutcome bestOutcome;
    double bestDepth = 0;
    for (int index = 0; index < 13; ++index) {
        if (rough[index].zero || std::min(rough[index].plusPush, rough[index].minusPush) > roughMin + 0x1p-36 * scale) {
            continue;
        }
        const AxisOutcome o = TestAxis(BoxTriAxis{box, v, index, scale}, true);
        const double depth = std::max(0.0, std::min(o.plusPush, o.minusPush));
        if (best < 0 || depth < bestDepth) {
            best = index;
            bestDepth = depth;
            bestOutcome = o;
        }
    }
    const int bestStep = trace != nullptr ? steps[best] : -1;

    // no axis separates: the box (a face axis is never zero) gives a best axis
    r.hit = true;
    r.depth = std::ldexp(bestDepth, -k) + 0.0;
    const double side = bestOutcome.minusPush < bestOutcome.plusPush ? -1.0 : 1.0;
    r.normal = side * bestOutcome.vector / bestOutcome.length;
    r.contact = tx::Scaled(BoxTriangleContact(box, v), -k);
    if (trace != nullptr) [[unlikely]] {
        if (auto* part = std::get_if<AxisPart>(&trace->steps[static_cast<size_t>(bestStep)].part)) {
            part->chosen = true;
        }
        const std::string label = AabbTriangleAxisLabel(best);
        trace->Add(Format("no separating axis; least overlap on %s: depth %g", label.c_str(), r.depth),
                   {{"depth", r.depth}}, PointPart{"contact", r.contact, true});
        trace->DecideLast();
        trace->verdict = r.depth == 0.0
                             ? Format("hit: the box and the triangle touch (least overlap 0 on %s)", label.c_str())
                             : Format("hit: no axis separates them; the triangle moves out by %g along "
                                      "%s (%s)",
                                      r.depth, label.c_str(), NormalConventionText(r.normal, r.depth).c_str());
    }
    return r;
}

} // namespace detail

template <typename T>
[[gnu::noinline]] OverlapResult<T> AabbTriangleSat(const Aabb<T>& box, const Triangle<T>& triangle, Trace* trace)
{
    const OverlapResult<double> d =
        detail::AabbTriangleSatDouble(ShapeCast<double>(box), ShapeCast<double>(triangle), trace);
    return NarrowOverlap<T>(d);
}

// a call boundary: inlined into MakeRun's float runner, GCC 12 at -O3 dropped the rounding of the
// inputs to float (the float -> double conversion of a double -> float one)
template OverlapResult<float> AabbTriangleSat<float>(const Aabb<float>&, const Triangle<float>&, Trace*);
template OverlapResult<double> AabbTriangleSat<double>(const Aabb<double>&, const Triangle<double>&, Trace*);

// data table: the box/triangle algorithms and their metadata, one entry each
void RegisterAabbTriangle(std::vector<AlgorithmInfo>& out)
{
    out.push_back({
        .name = "sat_reference",
        .family = Family::AabbTriangle,
        .title = "13-axis separating-axis test, exact signs (reference)",
        .summary = "Tests the box's 3 face axes, the triangle's normal and the 9 crosses of its edges with the box's "
                   "axes with exact signs (touching counts; zero axes skipped, so degenerate triangles are the segment "
                   "or point they span); depth and normal from the axis of least overlap, contact in the clipped "
                   "triangle.",
        .source = "Akenine-Moller, \"Fast 3D Triangle-Box Overlap Testing\" (2001) axes; Ericson, Real-Time "
                  "Collision Detection (2005) 5.2.9; signs with Shewchuk's expansions (1997)",
        .reference = true,
        .published = false,
        .conventions = {{"touching", "overlap"}, {"degenerate", "segment or point"}},
        .returns = kOverlapFields | kFieldSeparatingAxis | kDistanceFields,
        .flaw = "",
        .flawWhen = {},
        .run = MakeRun<Aabb, Triangle>([](const auto& a, const auto& b, Trace* t) {
            return WithDistance(AabbTriangleSat(a, b, t), a, b, AabbTriangleGap);
        }),
    });
    out.push_back({
        .name = "akenine_moller",
        .family = Family::AabbTriangle,
        .title = "Akenine-Moller's triBoxOverlap",
        .summary = "The box as centre and half size, the vertices moved into its frame; the 9 edge axes with the "
                   "AXISTEST macros, the 3 box axes (FINDMINMAX), then planeBoxOverlap. Verdict only.",
        .source = "Tomas Akenine-Moller, \"Fast 3D Triangle-Box Overlap Testing\", journal of graphics tools 6(1) "
                  "(2001), tribox3.c",
        .reference = false,
        .published = true,
        .conventions = {{"touching", "overlap"}, {"degenerate", "segment or point"}},
        .returns = kFieldHit,
        .flaw = "The centre, half size, translated vertices and products are rounded, so a triangle within rounding "
                "of the box's boundary can be reported overlapping or apart wrongly (in float mostly).",
        .flawWhen = {"float: near boundary 1e-5", "double: near boundary 1e-13"},
        .run = MakeRun<Aabb, Triangle>(
            [](const auto& a, const auto& b, Trace* t) { return AabbTriangleAkenineMoller(a, b, t); }),
    });
}

} // namespace hitlab
