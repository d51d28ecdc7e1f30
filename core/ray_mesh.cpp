// ray_mesh (ray_mesh.h): its traces and its algorithms: one per ray_triangle test through the hierarchy, and the
// watertight test over every triangle.
#include "ray_mesh.h"

#include "algorithm.h"
#include "ray_triangle_published.h"

#include <glm/geometric.hpp>

#include <algorithm>

namespace hitlab {

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

namespace {

struct BaldwinWeberFn {
    template <typename T>
    CastResult<T> operator()(const Ray<T>& ray, const Triangle<T>& tri) const
    {
        return RayTriangleBaldwinWeber(ray, tri);
    }
};
struct PluckerFn {
    template <typename T>
    CastResult<T> operator()(const Ray<T>& ray, const Triangle<T>& tri) const
    {
        return RayTrianglePlucker(ray, tri);
    }
};
struct HavelHeroutFn {
    template <typename T>
    CastResult<T> operator()(const Ray<T>& ray, const Triangle<T>& tri) const
    {
        return RayTriangleHavelHerout(ray, tri);
    }
};

/// A ray_mesh algorithm through the hierarchy with a per-triangle test.
AlgorithmInfo MeshAlgorithm(std::string_view name, std::string_view title, std::string_view summary,
                            std::string_view source, Runner run)
{
    AlgorithmInfo info;
    info.name = name;
    info.family = Family::RayMesh;
    info.title = title;
    info.summary = summary;
    info.source = source;
    info.returns = kCastFields | kMeshCastFields;
    info.run = run;
    info.conventions = {{"origin_inside", "hit"},
                        {"boundary", "inclusive"},
                        {"t_range", "t >= 0"},
                        {"direction", "any"},
                        {"facing", "both"}};
    return info;
}

/// The published per-triangle tests through the hierarchy: their flaws, mesh-wide.
void RegisterPublishedMeshTests(std::vector<AlgorithmInfo>& out)
{
    AlgorithmInfo mt = MeshAlgorithm(
        "bvh_moller_trumbore", "Moller-Trumbore through the hierarchy (published)",
        "Closest hit through the mesh's hierarchy with Moller-Trumbore as commonly copied per triangle (two-sided, "
        "EPSILON 1e-6 on the determinant and on t).",
        "Moller and Trumbore, \"Fast, Minimum Storage Ray-Triangle Intersection\" (1997)",
        MakeRun<Ray, Mesh, BatchInlining::Call>([](const auto& a, const auto& b, Trace* t) {
            return RayMeshThroughBvh(a, b, MollerTrumboreTest<false>{}, t);
        }));
    mt.published = true;
    mt.conventions[2] = {"t_range", "t > 0"};
    mt.flaw = "Each triangle is decided alone in rounded arithmetic, so a ray through an edge or vertex shared by "
              "two triangles can miss both (a crack); rays nearly parallel to a triangle (|det| < 1e-6) and hits "
              "at t <= 1e-6 miss.";
    // the triangle words are checked on the triangle the reference hits (core/flaw_condition_triangle.cpp)
    mt.flawWhen = {"boundary", "edge or vertex", "determinant below 1e-6", "t at most 1e-6", "degenerate triangle"};
    out.push_back(mt);
    AlgorithmInfo cull = mt;
    cull.name = "bvh_moller_trumbore_cull";
    cull.title = "Moller-Trumbore, back faces culled, through the hierarchy (published)";
    cull.summary = "The same with the listing's TEST_CULL branch: triangles whose winding normal faces away from "
                   "the ray are skipped, so the ray passes through back faces.";
    cull.conventions[4] = {"facing", "front only"};
    cull.flawWhen = {"boundary",           "back facing", "edge or vertex", "t at most 1e-6", "determinant below 1e-6",
                     "degenerate triangle"};
    cull.run = MakeRun<Ray, Mesh, BatchInlining::Call>(
        [](const auto& a, const auto& b, Trace* t) { return RayMeshThroughBvh(a, b, MollerTrumboreTest<true>{}, t); });
    out.push_back(cull);
    AlgorithmInfo bw = MeshAlgorithm(
        "bvh_baldwin_weber", "Baldwin-Weber through the hierarchy (published)",
        "Closest hit through the mesh's hierarchy with Baldwin and Weber's coordinate transformation per triangle.",
        "Baldwin and Weber, \"Fast Ray-Triangle Intersections by Coordinate Transformation\" (JCGT 2016)",
        MakeRun<Ray, Mesh, BatchInlining::Call>([](const auto& a, const auto& b, Trace* t) {
            return RayMeshThroughBvh(a, b, WholeTriangleTest<BaldwinWeberFn>{}, t);
        }));
    bw.published = true;
    bw.conventions[2] = {"t_range", "t > 0"};
    bw.flaw = "The edge v1-v2 is open and u, v are rounded per triangle, so rays through shared edges and vertices "
              "can slip between triangles; the origin on a triangle and rays in a triangle's plane miss.";
    bw.flawWhen = {"boundary", "edge or vertex", "in plane", "t at most 0", "degenerate triangle"};
    out.push_back(bw);
    AlgorithmInfo pl =
        MeshAlgorithm("bvh_plucker", "Plucker coordinates through the hierarchy (published)",
                      "Closest hit through the mesh's hierarchy with the Plucker-coordinate side test per triangle.",
                      "Plucker-coordinate ray/triangle test (Amanatides and Choi 1997; Jones 2000)",
                      MakeRun<Ray, Mesh, BatchInlining::Call>([](const auto& a, const auto& b, Trace* t) {
                          return RayMeshThroughBvh(a, b, WholeTriangleTest<PluckerFn>{}, t);
                      }));
    pl.published = true;
    pl.flaw = "The three sides are rounded per triangle, so a ray through a shared edge can see it on different "
              "sides from the two triangles and miss both; rays in a triangle's plane miss.";
    pl.flawWhen = {"boundary", "edge or vertex", "in plane", "degenerate triangle"};
    out.push_back(pl);
    AlgorithmInfo hh =
        MeshAlgorithm("bvh_havel_herout", "Havel-Herout through the hierarchy (published)",
                      "Closest hit through the mesh's hierarchy with Havel and Herout's plane-based test per triangle.",
                      "Havel and Herout, \"Yet Faster Ray-Triangle Intersection (Using SSE4)\" (IEEE TVCG 2010)",
                      MakeRun<Ray, Mesh, BatchInlining::Call>([](const auto& a, const auto& b, Trace* t) {
                          return RayMeshThroughBvh(a, b, WholeTriangleTest<HavelHeroutFn>{}, t);
                      }));
    hh.published = true;
    hh.flaw = "The barycentric planes are rounded per triangle, so rays through shared edges and vertices can slip "
              "between triangles; rays in a triangle's plane miss.";
    hh.flawWhen = {"boundary", "edge or vertex", "in plane", "degenerate triangle"};
    out.push_back(hh);
}

} // namespace

void RegisterRayMesh(std::vector<AlgorithmInfo>& out)
{
    AlgorithmInfo reference = MeshAlgorithm(
        "bvh_watertight", "Watertight test through the hierarchy (reference)",
        "Closest hit through the mesh's bounding volume hierarchy (binned SAH, a ray/box test that never rejects a "
        "box the ray touches) with the watertight ray/triangle reference per triangle: exact in verdict, so a ray "
        "through a shared edge or vertex hits. t_exit is the farthest triangle hit.",
        "Woop, Benthin and Wald, \"Watertight Ray/Triangle Intersection\" (JCGT 2013); Wald 2007 (binned SAH); Ize "
        "2013 (robust BVH traversal)",
        MakeRun<Ray, Mesh, BatchInlining::Call>(
            [](const auto& a, const auto& b, Trace* t) { return RayMeshThroughBvh(a, b, WatertightTest{}, t); }));
    reference.reference = true;
    out.push_back(reference);
    RegisterPublishedMeshTests(out);
    out.push_back(MeshAlgorithm(
        "brute_force_watertight", "Watertight test on every triangle",
        "The watertight reference on every triangle in index order, no hierarchy: the same answer as bvh_watertight, "
        "a check of the hierarchy.",
        "Woop, Benthin and Wald (JCGT 2013)",
        MakeRun<Ray, Mesh, BatchInlining::Call>(
            [](const auto& a, const auto& b, Trace* t) { return RayMeshBruteForce(a, b, WatertightTest{}, t); })));
}

} // namespace hitlab
