// ray_mesh (ray_mesh.h): the winding normal of the triangle hit.
#include "ray_mesh.h"

#include <glm/geometric.hpp>

#include <algorithm>

namespace hitlab {

template <typename T>
bool UnitWindingNormal(const Vec3<T>& v0, const Vec3<T>& v1, const Vec3<T>& v2, Vec3<T>& normal)
{
    // edges in double, halved (exact unless subnormal) so that a difference of two doubles cannot
    // overflow; then each edge scaled to a largest component of 1 before the cross product
    const glm::dvec3 a = glm::dvec3(v1) * 0.5 - glm::dvec3(v0) * 0.5;
    const glm::dvec3 b = glm::dvec3(v2) * 0.5 - glm::dvec3(v0) * 0.5;
    const double sa = std::max({std::abs(a.x), std::abs(a.y), std::abs(a.z)});
    const double sb = std::max({std::abs(b.x), std::abs(b.y), std::abs(b.z)});
    if (!(sa > 0) || !(sb > 0)) {
        return false;
    }
    glm::dvec3 n = glm::cross(a / sa, b / sb);
    const double sn = std::max({std::abs(n.x), std::abs(n.y), std::abs(n.z)});
    if (!(sn > 0)) {
        return false;
    }
    n /= sn;
    const double length = std::sqrt(n.x * n.x + n.y * n.y + n.z * n.z);
    if (!(length > 0) || !std::isfinite(length)) {
        return false;
    }
    normal = Vec3<T>(n / length);
    return true;
}

namespace detail {

template <typename T>
void TraceRayMesh(Trace& trace, const MeshBvh* bvh, std::size_t triangleCount, const MeshCastStats& closest,
                  const MeshCastStats& farthest, const CastResult<T>& r)
{
    if (bvh != nullptr) {
        trace.Add(Format("hierarchy: %zu triangles, %zu nodes, depth %d", triangleCount,
                         bvh->template Nodes<T>().size(), bvh->depth),
                  {{"triangles", double(triangleCount)}, {"depth", double(bvh->depth)}});
        trace.Add(Format("closest hit: %llu boxes and %llu triangles tested", (unsigned long long)closest.boxes,
                         (unsigned long long)closest.triangles),
                  {{"boxes", double(closest.boxes)}, {"triangles_tested", double(closest.triangles)}});
    } else {
        trace.Add(Format("every triangle tested: %zu", triangleCount), {{"triangles", double(triangleCount)}});
    }
    if (!r.hit) {
        trace.verdict = triangleCount == 0 ? "miss: the mesh has no triangles" : "miss: no triangle is hit";
        trace.DecideLast();
        return;
    }
    trace.Add(
        Format("nearest: triangle %u at t = %g (u = %g, v = %g)", r.triangle, double(r.tEnter), double(r.u),
               double(r.v)),
        {{"triangle", double(r.triangle)}, {"t_enter", double(r.tEnter)}, {"u", double(r.u)}, {"v", double(r.v)}});
    trace.DecideLast();
    if (bvh != nullptr) {
        trace.Add(Format("farthest exit: t = %g (%llu boxes and %llu triangles tested)", double(r.tExit),
                         (unsigned long long)farthest.boxes, (unsigned long long)farthest.triangles),
                  {{"t_exit", double(r.tExit)}});
    }
    trace.verdict = Format("hit: triangle %u at t = %g, the nearest hit; the last contact at t = %g", r.triangle,
                           double(r.tEnter), double(r.tExit));
}

template void TraceRayMesh<float>(Trace&, const MeshBvh*, std::size_t, const MeshCastStats&, const MeshCastStats&,
                                  const CastResult<float>&);
template void TraceRayMesh<double>(Trace&, const MeshBvh*, std::size_t, const MeshCastStats&, const MeshCastStats&,
                                   const CastResult<double>&);

} // namespace detail

template bool UnitWindingNormal<float>(const Vec3<float>&, const Vec3<float>&, const Vec3<float>&, Vec3<float>&);
template bool UnitWindingNormal<double>(const Vec3<double>&, const Vec3<double>&, const Vec3<double>&, Vec3<double>&);

} // namespace hitlab
