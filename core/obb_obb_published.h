// obb_obb, published variants: the naive vertex / edge test that many first box-box
// implementations use, reproduced with its flaw (crossings where only a's edges pierce b), and
// the face-axes-only separating-axis shortcut (false overlaps where only an edge-edge axis
// separates).
#pragma once

#include "obb_obb.h"
#include "result.h"
#include "slab.h"
#include "trace.h"

#include <glm/geometric.hpp>

#include <cmath>

namespace hitlab {

namespace detail {

/// Vertex v (0..7) of an OBB: bit k set means +halfExtents[k] along axes[k], else -.
template <typename T>
Vec3<T> ObbVertex(const Obb<T>& box, int v)
{
    Vec3<T> p = box.center;
    for (int k = 0; k < 3; ++k) {
        const T s = (v >> k) & 1 ? box.halfExtents[k] : -box.halfExtents[k];
        p += s * box.axes[static_cast<size_t>(k)];
    }
    return p;
}

/// p in box's local frame (coordinates along its axes, relative to its centre).
template <typename T>
Vec3<T> ObbLocal(const Obb<T>& box, const Vec3<T>& p)
{
    const Vec3<T> d = p - box.center;
    return {glm::dot(d, box.axes[0]), glm::dot(d, box.axes[1]), glm::dot(d, box.axes[2])};
}

/// Closed containment of a world point in an OBB.
template <typename T>
bool ObbContains(const Obb<T>& box, const Vec3<T>& p)
{
    const Vec3<T> l = ObbLocal(box, p);
    return std::abs(l.x) <= box.halfExtents.x && std::abs(l.y) <= box.halfExtents.y &&
           std::abs(l.z) <= box.halfExtents.z;
}

/// Half size of an OBB's world-axis bounding box.
template <typename T>
Vec3<T> ObbWorldHalfSize(const Obb<T>& box)
{
    Vec3<T> h(0);
    for (int k = 0; k < 3; ++k) {
        h += box.halfExtents[k] * glm::abs(box.axes[static_cast<size_t>(k)]);
    }
    return h;
}

} // namespace detail

/// Published: the naive vertex / edge test. Overlap when (1) a vertex of a lies in b or a vertex
/// of b lies in a (closed), else, after (2) a world bounding-box pre-test (the boxes' world AABBs
/// must overlap), when (3) one of b's 12 edges, cast as a segment in a's frame with the closed
/// slab method (as ray_obb's local_slab does), meets a. It never casts a's edges against b, so it
/// misses crossings where only a's edges pierce b and no vertex is inside: two bars crossed like a
/// plus sign (public case 40), whereas swapping a and b finds the hit.
/// Fills hit and contact (the vertex found inside, or where b's edge enters a). NaN misses.
/// trace: a PointPart per vertex tested (flag: inside), the pre-test, a SegmentPart per edge cast
/// (flag: hit); the first success or the failing pre-test decides.
template <typename T>
OverlapResult<T> ObbObbVertexEdge(const Obb<T>& a, const Obb<T>& b, Trace* trace = nullptr)
{
    OverlapResult<T> out;
    // (1) vertex containment, a's vertices in b, then b's in a
    for (int side = 0; side < 2; ++side) {
        const Obb<T>& from = side == 0 ? a : b;
        const Obb<T>& into = side == 0 ? b : a;
        for (int v = 0; v < 8; ++v) {
            const Vec3<T> p = detail::ObbVertex(from, v);
            const bool inside = detail::ObbContains(into, p);
            if (trace != nullptr) [[unlikely]] {
                trace->Add(Format("vertex %d of %s %s %s", v, side == 0 ? "a" : "b", inside ? "inside" : "outside",
                                  side == 0 ? "b" : "a"),
                           {}, PointPart{Format("%s%d", side == 0 ? "a" : "b", v), glm::dvec3(p), inside});
            }
            if (inside) {
                out.hit = true;
                out.contact = p;
                if (trace != nullptr) [[unlikely]] {
                    trace->DecideLast();
                    trace->verdict =
                        Format("hit: vertex %d of %s lies inside %s", v, side == 0 ? "a" : "b", side == 0 ? "b" : "a");
                }
                return out;
            }
        }
    }

    // (2) world bounding-box pre-test
    const Vec3<T> ha = detail::ObbWorldHalfSize(a);
    const Vec3<T> hb = detail::ObbWorldHalfSize(b);
    const Vec3<T> d = glm::abs(b.center - a.center);
    const bool boundsOverlap = d.x <= ha.x + hb.x && d.y <= ha.y + hb.y && d.z <= ha.z + hb.z;
    if (trace != nullptr) [[unlikely]] {
        trace->Add(boundsOverlap ? "world bounding boxes overlap" : "world bounding boxes are disjoint",
                   {{"dx", double(d.x)}, {"dy", double(d.y)}, {"dz", double(d.z)}});
        if (!boundsOverlap) {
            trace->DecideLast();
            trace->verdict = "miss: no vertex is inside the other box and the world bounding boxes are disjoint";
        }
    }
    if (!boundsOverlap) {
        return out;
    }

    // (3) b's 12 edges as segments against a, in a's frame
    const Vec3<T> lo = -a.halfExtents;
    const Vec3<T>& hi = a.halfExtents;
    for (int k = 0; k < 3; ++k) {
        for (int v = 0; v < 8; ++v) {
            if ((v >> k) & 1) {
                continue; // each edge once: from the vertex with bit k clear
            }
            const Vec3<T> start = detail::ObbVertex(b, v);
            const Vec3<T> end = detail::ObbVertex(b, v | (1 << k));
            const Vec3<T> localStart = detail::ObbLocal(a, start);
            const CastResult<T> cast = ClipSlabs(localStart, detail::ObbLocal(a, end) - localStart, lo, hi, T(0), T(1));
            if (trace != nullptr) [[unlikely]] {
                trace->Add(
                    Format("edge b%d-b%d of b %s a", v, v | (1 << k), cast.hit ? "meets" : "misses"),
                    {{"t_enter", cast.hit ? double(cast.tEnter) : 0.0}},
                    SegmentPart{Format("b%d-b%d", v, v | (1 << k)), glm::dvec3(start), glm::dvec3(end), cast.hit});
            }
            if (cast.hit) {
                out.hit = true;
                out.contact = start + cast.tEnter * (end - start);
                if (trace != nullptr) [[unlikely]] {
                    trace->DecideLast();
                    trace->verdict = Format("hit: edge b%d-b%d of b meets a", v, v | (1 << k));
                }
                return out;
            }
        }
    }
    if (trace != nullptr) [[unlikely]] {
        trace->Add("no vertex inside and no edge of b meets a (a's edges are not tested)");
        trace->DecideLast();
        trace->verdict = "miss: no vertex of either box is inside the other and no edge of b meets a";
    }
    return out;
}

/// Published: the separating-axis test on the six face axes only (A0..A2, then B0..B2, as
/// ObbObbSat tests them, in a's frame), the shortcut that leaves out the nine edge-edge cross
/// products Ai x Bj. Face axes are enough for two axis-aligned boxes and for a box against a
/// polygon's plane, and the test is often written this way for boxes too; for two oriented
/// boxes it is not: boxes that approach edge to edge, separated only by a cross-product axis,
/// are reported as overlapping (a false hit). It never misses a true overlap.
/// - Closed boxes (|distance| > ra + rb separates), |R| used as it is (no epsilon), no rescaling:
///   the six projections on the unscaled lengths (a projection that overflows gives inf or NaN;
///   NaN separates, so NaN anywhere misses).
/// - Fills hit, and on a miss separatingAxis (the first separating face axis, pointing from a to
///   b, the same vector as ObbObbSat's when it separates on a face axis). No depth or normal.
/// - trace: one AxisPart per face axis tested (the first separating one decides), then on a hit
///   a step saying the edge-edge axes were not tested.
template <typename T>
OverlapResult<T> ObbObbSatFaces(const Obb<T>& a, const Obb<T>& b, Trace* trace = nullptr)
{
    const Vec3<T> d = b.center - a.center;
    const detail::SatFrame<T> frame = detail::MakeSatFrame(a, b, d);
    OverlapResult<T> out;
    detail::SatSearch<T> search{a, b, trace, 1.0, out};
    if (detail::SatFaceAxesSeparate(search, frame, a.halfExtents, b.halfExtents)) {
        return out;
    }
    out.hit = true;
    if (trace != nullptr) [[unlikely]] {
        trace->Add("no face axis separates; the 9 edge-edge axes Ai x Bj are not tested");
        trace->DecideLast();
        trace->verdict = "hit: none of the 6 face axes separates the boxes (the edge-edge axes are not tested)";
    }
    return out;
}

} // namespace hitlab
