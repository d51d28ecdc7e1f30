// aabb_triangle, published: Tomas Akenine-Moller's triangle/box overlap test (2001) as its
// listing computes it, in the algorithm's precision.
#pragma once

#include "aabb_triangle.h"
#include "result.h"
#include "trace.h"

#include <glm/geometric.hpp>

#include <cmath>
#include <string>

namespace hitlab {

namespace detail {

/// One of the listing's nine AXISTEST macros: edge e (0: v1 - v0, 1: v2 - v1, 2: v0 - v2)
/// crossed with box axis `axis`, projecting only the vertices va and vb (the edge's two ends
/// project equal, so one of them stands for both).
struct AkenineMollerEdgeTest {
    int edge, axis, va, vb;
};

/// The listing's order: AXISTEST_X01, Y02, Z12 on e0; X01, Y02, Z0 on e1; X2, Y1, Z12 on e2.
inline constexpr AkenineMollerEdgeTest kAkenineMollerTests[9] = {
    {0, 0, 0, 2}, {0, 1, 0, 2}, {0, 2, 1, 2}, {1, 0, 0, 2}, {1, 1, 0, 2},
    {1, 2, 0, 1}, {2, 0, 0, 1}, {2, 1, 0, 1}, {2, 2, 1, 2},
};

/// The projection of v on e x axis as the macros write it: X: a*v[Y] - b*v[Z] with a = e[Z],
/// b = e[Y]; Y: -a*v[X] + b*v[Z] with a = e[Z], b = e[X]; Z: a*v[X] - b*v[Y] with a = e[Y], b = e[X].
template <typename T>
T AkenineMollerProject(const Vec3<T>& e, int axis, const Vec3<T>& v)
{
    if (axis == 0) {
        return e.z * v.y - e.y * v.z;
    }
    if (axis == 1) {
        return -e.z * v.x + e.x * v.z;
    }
    return e.y * v.x - e.x * v.y;
}

/// The macros' radius: fa * boxhalfsize[.] + fb * boxhalfsize[.] with fa, fb = |a|, |b|.
template <typename T>
T AkenineMollerRadius(const Vec3<T>& e, int axis, const Vec3<T>& h)
{
    if (axis == 0) {
        return std::abs(e.z) * h.y + std::abs(e.y) * h.z;
    }
    if (axis == 1) {
        return std::abs(e.z) * h.x + std::abs(e.x) * h.z;
    }
    return std::abs(e.y) * h.x + std::abs(e.x) * h.y;
}

/// One test's trace step (an AxisPart in the listing's own units: not normalised).
template <typename T>
void TraceAkenineMoller(Trace& trace, const std::string& label, const glm::dvec3& axis, T lo, T hi, T rad,
                        bool separating)
{
    AxisPart part;
    part.label = label;
    part.axis = axis;
    part.ra = double(rad);
    part.rb = 0.5 * (double(hi) - double(lo));
    part.distance = std::abs(0.5 * (double(hi) + double(lo)));
    part.overlap = part.ra + part.rb - part.distance;
    part.separating = separating;
    const std::string caption = Format("%s: [%g, %g] against [-%g, %g]%s", part.label.c_str(), double(lo), double(hi),
                                       double(rad), double(rad), separating ? ": separating" : "");
    trace.Add(caption, {{"min", double(lo)}, {"max", double(hi)}, {"rad", double(rad)}}, std::move(part));
    if (separating) {
        trace.DecideLast();
        trace.verdict = Format("miss: the box and the triangle are separated along %s", label.c_str());
    }
}

/// planeBoxOverlap: the box corner farthest below the plane (vmin) and above (vmax), relative to
/// the vertex; overlap when normal . vmin <= 0 <= normal . vmax.
template <typename T>
bool AkenineMollerPlaneBox(const Vec3<T>& normal, const Vec3<T>& vert, const Vec3<T>& maxbox)
{
    Vec3<T> vmin, vmax;
    for (int q = 0; q < 3; ++q) {
        const T v = vert[q];
        if (normal[q] > T(0)) {
            vmin[q] = -maxbox[q] - v;
            vmax[q] = maxbox[q] - v;
        } else {
            vmin[q] = maxbox[q] - v;
            vmax[q] = -maxbox[q] - v;
        }
    }
    const T dMin = normal.x * vmin.x + normal.y * vmin.y + normal.z * vmin.z;
    const T dMax = normal.x * vmax.x + normal.y * vmax.y + normal.z * vmax.z;
    if (dMin > T(0)) {
        return false;
    }
    return dMax >= T(0);
}

} // namespace detail

/// Published: Tomas Akenine-Moller, "Fast 3D Triangle-Box Overlap Testing" (journal of graphics
/// tools 6(1), 2001), triBoxOverlap as listed. The box is converted to the listing's centre and
/// half size ((min + max) * 0.5, (max - min) * 0.5), the vertices moved into the box's frame
/// (v - centre), then: the nine edge axes with the AXISTEST macros (each projects two vertices
/// and compares [min, max] with [-rad, rad]), the three box axes (FINDMINMAX against the half
/// size), and planeBoxOverlap with the normal e0 x e1. Verdict only (touching counts: the
/// comparisons are strict rejections).
///
/// - Exact in real arithmetic, degenerate triangles included (a zero normal passes the plane
///   test; a segment's edge axes are the segment/box axes). In floating point the centre and half
///   size, the translated vertices and the products are rounded, so near the boundary the verdict
///   can be wrong either way; the edge tests also assume the unprojected vertex projects equal to
///   the projected one, which rounding breaks.
/// - NaN: the rejections compare false, so a NaN passes them, but a NaN projection can also
///   make the other vertex's value the min and reject (min > rad); the plane test needs
///   normal . vmax >= 0, which a NaN fails. The verdict depends on where the NaN is.
/// - trace: one AxisPart per test in the listing's order, unnormalised, early exit at the first
///   that separates; the plane test last.
template <typename T>
OverlapResult<T> AabbTriangleAkenineMoller(const Aabb<T>& box, const Triangle<T>& triangle, Trace* trace = nullptr)
{
    const Vec3<T> center = (box.min + box.max) * T(0.5);
    const Vec3<T> half = (box.max - box.min) * T(0.5);
    const Vec3<T> v[3] = {triangle.vertices[0] - center, triangle.vertices[1] - center, triangle.vertices[2] - center};
    const Vec3<T> e[3] = {v[1] - v[0], v[2] - v[1], v[0] - v[2]};
    OverlapResult<T> r;
    // the nine edge axes (AXISTEST_*)
    for (int test = 0; test < 9; ++test) {
        const detail::AkenineMollerEdgeTest& t = detail::kAkenineMollerTests[test];
        const Vec3<T>& edge = e[t.edge];
        const T pa = detail::AkenineMollerProject(edge, t.axis, v[t.va]);
        const T pb = detail::AkenineMollerProject(edge, t.axis, v[t.vb]);
        const T lo = pa < pb ? pa : pb, hi = pa < pb ? pb : pa;
        const T rad = detail::AkenineMollerRadius(edge, t.axis, half);
        const bool separating = lo > rad || hi < -rad;
        if (trace != nullptr) [[unlikely]] {
            Vec3<T> unit(0);
            unit[t.axis] = T(1);
            detail::TraceAkenineMoller(*trace, detail::AabbTriangleAxisLabel(4 + 3 * t.edge + t.axis),
                                       glm::dvec3(glm::cross(glm::dvec3(edge), glm::dvec3(unit))), lo, hi, rad,
                                       separating);
        }
        if (separating) {
            return r;
        }
    }
    // the box's axes (FINDMINMAX)
    for (int axis = 0; axis < 3; ++axis) {
        T lo = v[0][axis], hi = v[0][axis];
        for (int k = 1; k < 3; ++k) {
            lo = v[k][axis] < lo ? v[k][axis] : lo;
            hi = v[k][axis] > hi ? v[k][axis] : hi;
        }
        const bool separating = lo > half[axis] || hi < -half[axis];
        if (trace != nullptr) [[unlikely]] {
            glm::dvec3 unit(0);
            unit[axis] = 1;
            detail::TraceAkenineMoller(*trace, std::string(AxisName(axis)), unit, lo, hi, half[axis], separating);
        }
        if (separating) {
            return r;
        }
    }
    // the triangle's plane (planeBoxOverlap)
    const Vec3<T> normal = glm::cross(e[0], e[1]);
    r.hit = detail::AkenineMollerPlaneBox(normal, v[0], half);
    if (trace != nullptr) [[unlikely]] {
        trace->Add(Format("n: planeBoxOverlap %s", r.hit ? "passes" : "fails: separating"), {},
                   PointPart{"v0", glm::dvec3(triangle.vertices[0]), r.hit});
        trace->DecideLast();
        trace->verdict = r.hit ? "hit: none of the 13 axes separates (the plane crosses the box)"
                               : "miss: the triangle's plane misses the box";
    }
    return r;
}

} // namespace hitlab
