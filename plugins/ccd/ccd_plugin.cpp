// libccd as a HitLab plugin (docs/plugins.md, "Engine peers"): its GJK + EPA (ccdGJKPenetration) and
// its MPR (ccdMPRPenetration) on the overlap families, each shape given to libccd as a support
// function (and a centre, for MPR). Debian's libccd is built in double (CCD_DOUBLE, checked below):
// a float query is widened exactly and the result rounded to float.
#include "../engine_plugin.h"

#include <ccd/ccd.h>

#include <cmath>
#include <cstdint>
#include <type_traits>

namespace {

using namespace hitlab_engine;

static_assert(std::is_same_v<ccd_real_t, double>, "this plugin declares double precision: libccd built CCD_DOUBLE");

/// The tolerances and iteration cap, as FCL (0.7, GJKSolver_libccd) sets them for its collision
/// queries: 500 iterations and mpr_tolerance 1e-6; epa_tolerance and dist_tolerance are CCD_INIT's
/// (1e-4 and 1e-6), which FCL's collision path keeps.
constexpr unsigned long kMaxIterations = 500;
constexpr double kMprTolerance = 1e-6;

/// A convex solid as libccd sees it: a box (centre, axes, half extents; an AABB has the
/// coordinate axes), a ball, a triangle's three vertices, or the hull of count points.
struct Solid {
    enum class Kind { Box, Ball, Triangle, Hull } kind = Kind::Box;
    double center[3] = {0, 0, 0};
    double axes[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    double half[3] = {0, 0, 0};
    double radius = 0;
    double vertices[3][3] = {};
    const double* points = nullptr;
    std::uint32_t count = 0;
};

double Dot(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

Solid FromAabb(const hitlab_aabb_d& b)
{
    Solid s;
    for (int i = 0; i < 3; ++i) {
        s.center[i] = (b.min[i] + b.max[i]) * 0.5;
        s.half[i] = (b.max[i] - b.min[i]) * 0.5;
    }
    return s;
}

Solid FromObb(const hitlab_obb_d& b)
{
    Solid s;
    for (int i = 0; i < 3; ++i) {
        s.center[i] = b.center[i];
        s.half[i] = b.half_extents[i];
        for (int j = 0; j < 3; ++j) {
            s.axes[i][j] = b.axes[i][j];
        }
    }
    return s;
}

Solid FromSphere(const hitlab_sphere_d& b)
{
    Solid s;
    s.kind = Solid::Kind::Ball;
    s.radius = b.radius;
    for (int i = 0; i < 3; ++i) {
        s.center[i] = b.center[i];
    }
    return s;
}

Solid FromTriangle(const hitlab_triangle_d& t)
{
    Solid s;
    s.kind = Solid::Kind::Triangle;
    for (int v = 0; v < 3; ++v) {
        for (int i = 0; i < 3; ++i) {
            s.vertices[v][i] = t.vertices[v][i];
            s.center[i] += t.vertices[v][i] / 3.0;
        }
    }
    return s;
}

/// The hull of the points; its centre (MPR's interior point) is their mean.
Solid FromConvex(const hitlab_convex_d& c)
{
    Solid s;
    s.kind = Solid::Kind::Hull;
    s.points = c.points;
    s.count = c.count;
    for (std::uint32_t p = 0; p < c.count; ++p) {
        for (int i = 0; i < 3; ++i) {
            s.center[i] += c.points[3 * p + i] / double(c.count);
        }
    }
    return s;
}

/// libccd's support function: the solid's point farthest along dir (a box's corner on the side of
/// each axis dir leans to, the + side where dir is perpendicular to it; the ball's point along dir,
/// its centre for a zero dir; the triangle's or hull's first vertex of the largest dot product).
void Support(const void* object, const ccd_vec3_t* dir, ccd_vec3_t* out)
{
    const Solid& s = *static_cast<const Solid*>(object);
    const double d[3] = {ccdVec3X(dir), ccdVec3Y(dir), ccdVec3Z(dir)};
    double p[3] = {s.center[0], s.center[1], s.center[2]};
    switch (s.kind) {
    case Solid::Kind::Box:
        for (int a = 0; a < 3; ++a) {
            const double side = Dot(d, s.axes[a]) < 0 ? -s.half[a] : s.half[a];
            for (int i = 0; i < 3; ++i) {
                p[i] += side * s.axes[a][i];
            }
        }
        break;
    case Solid::Kind::Ball: {
        const double length = std::sqrt(Dot(d, d));
        for (int i = 0; length > 0 && i < 3; ++i) {
            p[i] += s.radius * d[i] / length;
        }
        break;
    }
    case Solid::Kind::Triangle: {
        int best = 0;
        for (int v = 1; v < 3; ++v) {
            if (Dot(d, s.vertices[v]) > Dot(d, s.vertices[best])) {
                best = v;
            }
        }
        for (int i = 0; i < 3; ++i) {
            p[i] = s.vertices[best][i];
        }
        break;
    }
    case Solid::Kind::Hull: {
        std::uint32_t best = 0;
        for (std::uint32_t v = 1; v < s.count; ++v) {
            if (Dot(d, s.points + 3 * v) > Dot(d, s.points + 3 * best)) {
                best = v;
            }
        }
        for (int i = 0; i < 3; ++i) {
            p[i] = s.points[3 * best + i];
        }
        break;
    }
    }
    ccdVec3Set(out, p[0], p[1], p[2]);
}

/// libccd's centre function (MPR's first portal point): the box's or ball's centre, the triangle's centroid.
void Center(const void* object, ccd_vec3_t* out)
{
    const Solid& s = *static_cast<const Solid*>(object);
    ccdVec3Set(out, s.center[0], s.center[1], s.center[2]);
}

ccd_t Settings()
{
    ccd_t ccd;
    CCD_INIT(&ccd);
    ccd.support1 = Support;
    ccd.support2 = Support;
    ccd.center1 = Center;
    ccd.center2 = Center;
    ccd.max_iterations = kMaxIterations;
    ccd.mpr_tolerance = kMprTolerance;
    return ccd;
}

using Penetration = int (*)(const void*, const void*, const ccd_t*, ccd_real_t*, ccd_vec3_t*, ccd_vec3_t*);

/// libccd's penetration call on (a, b): 0 is an intersection with depth and dir (b translated by
/// depth along dir only touches a: HitLab's normal as it is), -1 separate, -2 out of memory (the
/// plugin's error code 2).
void Penetrate(Penetration call, const Solid& a, const Solid& b, hitlab_result_d& r)
{
    const ccd_t ccd = Settings();
    ccd_real_t depth = 0;
    ccd_vec3_t dir, pos;
    const int status = call(&a, &b, &ccd, &depth, &dir, &pos);
    if (status == -2) {
        r.error = 2;
        return;
    }
    if (status != 0) {
        return;
    }
    r.hit = 1;
    r.depth = depth;
    r.normal[0] = ccdVec3X(&dir);
    r.normal[1] = ccdVec3Y(&dir);
    r.normal[2] = ccdVec3Z(&dir);
    r.has_normal = 1;
}

/// The shapes of a family's query a and b as solids.
template <Solid (*FromA)(const hitlab_shape_d&), Solid (*FromB)(const hitlab_shape_d&)>
struct Pair {
    static void Epa(const hitlab_query_d& q, hitlab_result_d& r)
    {
        Penetrate(ccdGJKPenetration, FromA(q.a), FromB(q.b), r);
    }
    static void Mpr(const hitlab_query_d& q, hitlab_result_d& r)
    {
        Penetrate(ccdMPRPenetration, FromA(q.a), FromB(q.b), r);
    }
};

Solid Aabb(const hitlab_shape_d& s) { return FromAabb(s.aabb); }
Solid Obb(const hitlab_shape_d& s) { return FromObb(s.obb); }
Solid Ball(const hitlab_shape_d& s) { return FromSphere(s.sphere); }
Solid Tri(const hitlab_shape_d& s) { return FromTriangle(s.triangle); }
Solid Hull(const hitlab_shape_d& s) { return FromConvex(s.convex); }

using AabbAabb = Pair<Aabb, Aabb>;
using ObbObb = Pair<Obb, Obb>;
using SphereAabb = Pair<Ball, Aabb>;
using SphereSphere = Pair<Ball, Ball>;
using AabbTriangle = Pair<Aabb, Tri>;
using SphereTriangle = Pair<Ball, Tri>;
using TriangleTriangle = Pair<Tri, Tri>;
using ConvexConvex = Pair<Hull, Hull>;

// ---- the table ----

// Measured, not assumed: tests/engines/ccd_plugin_test.cpp checks each on a hand-worked case.
// touching: "separate" is what explains a touching pair's miss; which touching pairs miss is in
// touching_cases (libccd has no touching rule: its floating-point GJK and portal decide).
const hitlab_convention kEpaConventions[] = {
    {"touching", "separate"},
    {"touching_cases", "either: unit boxes touching face to face, at an edge or a corner, and touching balls hit with "
                       "depth 0 and a NaN normal; boxes touching along offset faces and coplanar triangles miss"},
    {"normal", "b moves out of a along it (libccd's dir as returned: the protocol's normal)"},
    {"separate", "miss, nothing else (ccdGJKPenetration returns -1: no distance, no closest points)"},
    {"depth", "EPA on the polytope of support points: exact for boxes and triangles, short for balls (0.4976 "
              "for 0.5, 1.386 for 1.5)"},
    {"tolerances", "max_iterations 500, epa_tolerance 1e-4, mpr_tolerance 1e-6, dist_tolerance 1e-6 (FCL 0.7's)"},
    {"precision", "double (CCD_DOUBLE)"},
    {"flaw_when", "boundary"},
};
const hitlab_convention kMprConventions[] = {
    {"touching", "separate"},
    {"touching_cases", "either: boxes, balls and a ball and a box touching miss; boxes touching along offset faces "
                       "hit with depth 1e-16 and a zero normal"},
    {"normal", "b moves out of a along it (libccd's dir as returned: the protocol's normal)"},
    {"separate", "miss, nothing else (ccdMPRPenetration returns -1: no distance, no closest points)"},
    {"depth", "the portal's distance from the origin along the centres' direction: not the least depth when that "
              "direction is not the separating one (0.53 for 0.5 of a box inside another)"},
    {"tolerances", "max_iterations 500, mpr_tolerance 1e-6 (FCL 0.7's), epa_tolerance 1e-4, dist_tolerance 1e-6"},
    {"precision", "double (CCD_DOUBLE)"},
    {"flaw_when", "boundary"},
};
constexpr uint32_t kEpaCount = sizeof kEpaConventions / sizeof kEpaConventions[0];
constexpr uint32_t kMprCount = sizeof kMprConventions / sizeof kMprConventions[0];

const char* const kSource = "libccd 2.1 (Debian libccd-dev), D. Fiser; settings as FCL 0.7's GJKSolver_libccd";
const char* const kEpaTitle = "libccd GJK + EPA (ccdGJKPenetration)";
const char* const kEpaSummary =
    "libccd's GJK decides; on an intersection its EPA expands the final simplex to the Minkowski difference's "
    "face nearest the origin: depth and the direction b moves out of a.";
const char* const kMprTitle = "libccd MPR (ccdMPRPenetration)";
const char* const kMprSummary =
    "libccd's Minkowski portal refinement (Snethen's XenoCollide): a portal found from the centres' "
    "difference, refined to the surface of the Minkowski difference; its depth and direction.";
const char* const kEpaFlaw =
    "touching solids are reported either way, a touching hit with a NaN normal; on balls EPA stops on a polytope "
    "inside the ball, so depth is short and the normal off by degrees (5.6 for unit balls 1.5 apart); its "
    "tolerances are absolute: boxes of extents about 1e-4 apart by about their size can be reported overlapping, "
    "and with coordinates about 1e9 EPA can loop past the host's timeout (max_iterations caps only GJK)";
const char* const kMprFlaw =
    "touching solids are reported either way (a hit with a zero normal); its depth is measured along the direction "
    "the centres give, so it can exceed the least depth and its normal differ; its tolerances are absolute: tiny "
    "boxes apart can be reported overlapping, and with coordinates about 1e9 the portal refinement (not capped by "
    "max_iterations) can loop past the host's timeout";

#define HITLAB_CCD_ALGORITHM(family, Pair)                                                                             \
    {"ccd_gjk_epa",      family,   kEpaTitle,         kEpaSummary,       kSource, 0,      kEpaConventions, kEpaCount,  \
     "hit depth normal", kEpaFlaw, BatchF<Pair::Epa>, BatchD<Pair::Epa>, nullptr, nullptr},                            \
    {                                                                                                                  \
        "ccd_mpr", family, kMprTitle, kMprSummary, kSource, 0, kMprConventions, kMprCount, "hit depth normal",         \
            kMprFlaw, BatchF<Pair::Mpr>, BatchD<Pair::Mpr>, nullptr, nullptr                                           \
    }

const hitlab_algorithm kAlgorithms[] = {
    HITLAB_CCD_ALGORITHM("aabb_aabb", AabbAabb),
    HITLAB_CCD_ALGORITHM("obb_obb", ObbObb),
    HITLAB_CCD_ALGORITHM("sphere_aabb", SphereAabb),
    HITLAB_CCD_ALGORITHM("sphere_sphere", SphereSphere),
    HITLAB_CCD_ALGORITHM("aabb_triangle", AabbTriangle),
    HITLAB_CCD_ALGORITHM("sphere_triangle", SphereTriangle),
    HITLAB_CCD_ALGORITHM("triangle_triangle", TriangleTriangle),
    {"ccd_gjk_epa", "convex_convex", kEpaTitle, kEpaSummary, kSource, 0, kEpaConventions, kEpaCount, "hit depth normal",
     kEpaFlaw, BatchConvexF<ConvexConvex::Epa>, BatchD<ConvexConvex::Epa>, nullptr, nullptr},
    {"ccd_mpr", "convex_convex", kMprTitle, kMprSummary, kSource, 0, kMprConventions, kMprCount, "hit depth normal",
     kMprFlaw, BatchConvexF<ConvexConvex::Mpr>, BatchD<ConvexConvex::Mpr>, nullptr, nullptr},
};

#undef HITLAB_CCD_ALGORITHM

const hitlab_plugin kPlugin = {HITLAB_PLUGIN_ABI_VERSION,
                               "libccd",
                               kAlgorithms,
                               sizeof kAlgorithms / sizeof kAlgorithms[0],
                               nullptr,
                               nullptr,
                               nullptr};

} // namespace

extern "C" HITLAB_PLUGIN_EXPORT const hitlab_plugin* hitlab_plugin_v1(void) { return &kPlugin; }
