// ray_mesh in the exact judge: the union of the mesh's closed triangles, judged triangle by
// triangle. Intervals decide most triangles (first the triangle's bounds, then its cast); the exact
// cast runs only where they cannot tell, and exact t only for the triangles whose interval t can
// be the least t_enter or the greatest t_exit.
#include "exact_triangle.h"

#include "exact_triangle_geometry.h"
#include "exact_values.h"

#include <glm/common.hpp>

#include <algorithm>
#include <cmath>

namespace hitlab::exact {

namespace {

/// A triangle the ray hits: bounds of its t range (outward; NaN when an interval overflowed), and
/// its exact cast once computed.
struct MeshHit {
    std::uint32_t index = 0;
    Interval enter, exit;
    bool interior = false;
    std::optional<TriangleCast<Q>> exact;
};

/// Whether the ray certainly misses the box around the triangle (interval slabs; the box of the
/// vertices' doubles is exact).
bool MissesBounds(const Ray<double>& ray, const V3<Interval>& dir, const Triangle<double>& t)
{
    const Aabb<double> box{glm::min(glm::min(t.vertices[0], t.vertices[1]), t.vertices[2]),
                           glm::max(glm::max(t.vertices[0], t.vertices[1]), t.vertices[2])};
    const bool before = g_uncertain;
    g_uncertain = false;
    const bool hit = CastAabb(ray.origin, dir, box, false).hit;
    const bool certain = !g_uncertain;
    g_uncertain = before;
    return certain && !hit;
}

/// The bounds of an exact value: its double widened by more than the rounding of get_d.
Interval Around(const Q& q)
{
    const double d = q.get_d();
    return Widen(d, d);
}

/// Every triangle the ray hits. With exactFallback false, stops at the first certain hit and
/// reports through *uncertain whether some triangle could not be decided.
std::vector<MeshHit> MeshHits(const Ray<double>& ray, const Mesh<double>& mesh, bool exactFallback, bool* uncertain)
{
    std::vector<MeshHit> hits;
    const V3<Interval> oi = Lift<Interval>(ray.origin), di = Lift<Interval>(ray.direction);
    const V3<Q> oq = Lift<Q>(ray.origin), dq = Lift<Q>(ray.direction);
    const bool before = g_uncertain;
    for (std::size_t i = 0; i < mesh.TriangleCount(); ++i) {
        const Triangle<double> t = mesh.TriangleAt(i);
        if (MissesBounds(ray, di, t)) {
            continue;
        }
        g_uncertain = false;
        const TriangleCast<Interval> c = CastTriangle(oi, di, LiftTriangle<Interval>(t), false);
        if (!g_uncertain) {
            if (c.hit) {
                hits.push_back({std::uint32_t(i), c.tEnter, c.tExit, c.interior, std::nullopt});
                if (!exactFallback) {
                    break;
                }
            }
            continue;
        }
        if (!exactFallback) {
            *uncertain = true;
            continue;
        }
        TriangleCast<Q> e = CastTriangle(oq, dq, LiftTriangle<Q>(t), false);
        if (e.hit) {
            hits.push_back({std::uint32_t(i), Around(e.tEnter), Around(e.tExit), e.interior, std::move(e)});
        }
    }
    g_uncertain = before;
    return hits;
}

const TriangleCast<Q>& ExactCast(MeshHit& h, const Ray<double>& ray, const Mesh<double>& mesh)
{
    if (!h.exact) {
        h.exact =
            CastTriangle(Lift<Q>(ray.origin), Lift<Q>(ray.direction), LiftTriangle<Q>(mesh.TriangleAt(h.index)), false);
    }
    return *h.exact;
}

} // namespace

void JudgeRayMesh(ExactResult& r, const Ray<double>& ray, const Mesh<double>& mesh)
{
    std::vector<MeshHit> hits = MeshHits(ray, mesh, true, nullptr);
    r.hit = !hits.empty();
    if (!r.hit) {
        return;
    }
    // t_enter: only triangles whose lower bound reaches the least upper bound can hold the least t
    double leastHi = INFINITY, greatestLo = -INFINITY;
    for (const MeshHit& h : hits) {
        leastHi = std::fmin(leastHi, h.enter.hi);
        greatestLo = std::fmax(greatestLo, h.exit.lo);
    }
    const TriangleCast<Q>* first = nullptr; // ascending index: the lowest index wins a tie
    std::uint32_t firstIndex = 0;
    const TriangleCast<Q>* last = nullptr;
    for (MeshHit& h : hits) {
        if (!(h.enter.lo > leastHi)) { // NaN bounds stay candidates
            const TriangleCast<Q>& c = ExactCast(h, ray, mesh);
            if (first == nullptr || c.tEnter < first->tEnter) {
                first = &c;
                firstIndex = h.index;
            }
        }
        if (!(h.exit.hi < greatestLo)) {
            const TriangleCast<Q>& c = ExactCast(h, ray, mesh);
            if (last == nullptr || c.tExit > last->tExit) {
                last = &c;
            }
        }
    }
    // the triangle at t_enter gives u, v and front; the answer is on the boundary when no
    // triangle is crossed through its interior
    JudgeTriangleCast(r, ray.origin, ray.direction, false, mesh.TriangleAt(firstIndex));
    r.tEnter = FromRational(first->tEnter);
    r.tExit = FromRational(last->tExit);
    r.hasTriangle = true;
    r.triangle = firstIndex;
    r.boundaryHit = std::none_of(hits.begin(), hits.end(), [](const MeshHit& h) { return h.interior; });
}

bool IntervalMeshHit(const Ray<double>& ray, const Mesh<double>& mesh)
{
    if (!mesh.data) {
        return false;
    }
    const V3<Interval> di = Lift<Interval>(ray.direction);
    const bool before = g_uncertain;
    g_uncertain = false;
    const bool nearBounds =
        CastAabb(ray.origin, di, Aabb<double>{mesh.data->boundsMin, mesh.data->boundsMax}, false).hit;
    const bool boundsCertain = !g_uncertain;
    g_uncertain = before;
    if (boundsCertain && !nearBounds) {
        return false;
    }
    bool uncertain = false;
    const bool hit = !MeshHits(ray, mesh, false, &uncertain).empty();
    if (!hit && uncertain) {
        g_uncertain = true;
    }
    return hit;
}

} // namespace hitlab::exact
