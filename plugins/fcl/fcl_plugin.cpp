// FCL (the Flexible Collision Library) as a HitLab plugin (docs/plugins.md, "Engine peers"): fcl::collide
// on one pair of primitive shapes with contacts enabled, in double (fcl::Boxd, fcl::Sphered); a float
// query is widened exactly and the result rounded to float.
#include "../engine_plugin.h"

#include <fcl/geometry/shape/box.h>
#include <fcl/geometry/shape/convex.h>
#include <fcl/geometry/shape/sphere.h>
#include <fcl/narrowphase/collision.h>

#include <cstdint>
#include <memory>
#include <vector>

namespace {

using namespace hitlab_engine;

fcl::Vector3d Vec(const double v[3]) { return fcl::Vector3d(v[0], v[1], v[2]); }

fcl::Transform3d Translation(const fcl::Vector3d& center)
{
    fcl::Transform3d t = fcl::Transform3d::Identity();
    t.translation() = center;
    return t;
}

/// An OBB's transform: its axes are the rotation's columns.
fcl::Transform3d ObbTransform(const hitlab_obb_d& b)
{
    fcl::Matrix3d rotation;
    for (int axis = 0; axis < 3; ++axis) {
        for (int row = 0; row < 3; ++row) {
            rotation(row, axis) = b.axes[axis][row];
        }
    }
    fcl::Transform3d t = fcl::Transform3d::Identity();
    t.linear() = rotation;
    t.translation() = Vec(b.center);
    return t;
}

/// fcl::collide(a, b) with one contact: a hit is a collision; depth is the contact's
/// penetration_depth and normal its normal, which points from a to b (the way b moves out).
void Collide(const fcl::CollisionGeometryd& a, const fcl::Transform3d& ta, const fcl::CollisionGeometryd& b,
             const fcl::Transform3d& tb, hitlab_result_d& r, fcl::GJKSolverType solver = fcl::GST_LIBCCD)
{
    fcl::CollisionRequestd request(1, true);
    request.gjk_solver_type = solver;
    fcl::CollisionResultd result;
    fcl::collide(&a, ta, &b, tb, request, result);
    if (!result.isCollision()) {
        return;
    }
    r.hit = 1;
    if (result.numContacts() > 0) {
        const fcl::Contactd& contact = result.getContact(0);
        r.depth = contact.penetration_depth;
        for (int i = 0; i < 3; ++i) {
            r.normal[i] = contact.normal[i];
        }
        r.has_normal = 1;
    }
}

fcl::Boxd AabbBox(const hitlab_aabb_d& b) { return fcl::Boxd(Vec(b.max) - Vec(b.min)); }
fcl::Vector3d AabbCenter(const hitlab_aabb_d& b) { return (Vec(b.min) + Vec(b.max)) * 0.5; }

void BoxBoxObb(const hitlab_query_d& q, hitlab_result_d& r)
{
    const fcl::Boxd a(2.0 * Vec(q.a.obb.half_extents)), b(2.0 * Vec(q.b.obb.half_extents));
    Collide(a, ObbTransform(q.a.obb), b, ObbTransform(q.b.obb), r);
}

void BoxBoxAabb(const hitlab_query_d& q, hitlab_result_d& r)
{
    Collide(AabbBox(q.a.aabb), Translation(AabbCenter(q.a.aabb)), AabbBox(q.b.aabb), Translation(AabbCenter(q.b.aabb)),
            r);
}

void SphereBox(const hitlab_query_d& q, hitlab_result_d& r)
{
    const fcl::Sphered sphere(q.a.sphere.radius);
    Collide(sphere, Translation(Vec(q.a.sphere.center)), AabbBox(q.b.aabb), Translation(AabbCenter(q.b.aabb)), r);
}

/// A box as an fcl::Convex (its 8 corners, 6 faces wound outwards), in its own frame: FCL then runs
/// its general convex path (GJK and EPA, or libccd's MPR) instead of its box-box test. Corner i lies
/// at the + side of axis k when bit k of i is set.
fcl::Convexd BoxConvex(const double half[3])
{
    auto vertices = std::make_shared<std::vector<fcl::Vector3d>>();
    for (int i = 0; i < 8; ++i) {
        vertices->emplace_back((i & 1) ? half[0] : -half[0], (i & 2) ? half[1] : -half[1],
                               (i & 4) ? half[2] : -half[2]);
    }
    auto faces = std::make_shared<std::vector<int>>(
        std::vector<int>{4, 0, 4, 6, 2, 4, 1, 3, 7, 5, 4, 0, 1, 5, 4, 4, 2, 6, 7, 3, 4, 0, 2, 3, 1, 4, 4, 5, 7, 6});
    return fcl::Convexd(vertices, 6, faces);
}

fcl::Transform3d AabbAt(const hitlab_aabb_d& b) { return Translation(AabbCenter(b)); }

double AabbHalf(const hitlab_aabb_d& b, int i) { return (b.max[i] - b.min[i]) * 0.5; }

fcl::Convexd AabbConvex(const hitlab_aabb_d& b)
{
    const double half[3] = {AabbHalf(b, 0), AabbHalf(b, 1), AabbHalf(b, 2)};
    return BoxConvex(half);
}

/// FCL walks a convex's edges to find its support point above 32 vertices (kMinVertCountForEdgeWalking),
/// which needs its faces; HitLab gives points only, so the plugin takes at most 32 (every one then
/// searched), and answers larger point sets with its error code 3.
constexpr std::uint32_t kMaxHullPoints = 32;

/// A point set as an fcl::Convex with no faces (FCL's support search over all of them; the faces
/// serve only volume and validity computations, which collide does not use).
fcl::Convexd HullConvex(const hitlab_convex_d& c)
{
    auto vertices = std::make_shared<std::vector<fcl::Vector3d>>();
    for (std::uint32_t p = 0; p < c.count; ++p) {
        vertices->emplace_back(c.points[3 * p], c.points[3 * p + 1], c.points[3 * p + 2]);
    }
    return fcl::Convexd(vertices, 0, std::make_shared<std::vector<int>>());
}

/// The convex path in one of FCL's two GJK solvers: GST_INDEP (FCL's own GJK and EPA) or GST_LIBCCD
/// (libccd, whose collision with contacts FCL runs as MPR: ccdMPRPenetration).
template <fcl::GJKSolverType Solver>
struct ConvexPath {
    static void AabbAabb(const hitlab_query_d& q, hitlab_result_d& r)
    {
        Collide(AabbConvex(q.a.aabb), AabbAt(q.a.aabb), AabbConvex(q.b.aabb), AabbAt(q.b.aabb), r, Solver);
    }
    static void ObbObb(const hitlab_query_d& q, hitlab_result_d& r)
    {
        Collide(BoxConvex(q.a.obb.half_extents), ObbTransform(q.a.obb), BoxConvex(q.b.obb.half_extents),
                ObbTransform(q.b.obb), r, Solver);
    }
    static void SphereAabb(const hitlab_query_d& q, hitlab_result_d& r)
    {
        const fcl::Sphered sphere(q.a.sphere.radius);
        Collide(sphere, Translation(Vec(q.a.sphere.center)), AabbConvex(q.b.aabb), AabbAt(q.b.aabb), r, Solver);
    }
    static void ConvexConvex(const hitlab_query_d& q, hitlab_result_d& r)
    {
        if (q.a.convex.count > kMaxHullPoints || q.b.convex.count > kMaxHullPoints) {
            r.error = 3;
            return;
        }
        const fcl::Transform3d identity = fcl::Transform3d::Identity();
        Collide(HullConvex(q.a.convex), identity, HullConvex(q.b.convex), identity, r, Solver);
    }
};

// ---- the table ----

const hitlab_convention kConventions[] = {
    {"touching", "separate"},
    {"solid", "yes (a box or sphere inside another collides)"},
    {"precision", "double (fcl::Boxd, fcl::Sphered)"},
};

const hitlab_convention kBoxBoxConventions[] = {
    {"touching", "separate"},
    {"solid", "yes (a box or sphere inside another collides)"},
    {"precision", "double (fcl::Boxd, fcl::Sphered)"},
    {"flaw_when", "near boundary 1e-15"},
};

const char* const kBoxBoxFlaw =
    "its box-box test (ODE's dBoxBox) decides in floating point with no tolerance: boxes apart by a rounding "
    "error (about 1e-16) can be reported touching (depth 0)";
const char* const kFcl = "FCL 0.7 (Debian libfcl-dev), fcl::collide with CollisionRequest(1 contact, enable_contact)";

// Measured (tests/engines/fcl_convex_test.cpp). FCL 0.7's GJKSolver_indep hands EPA's answer on
// as it is: the depth negated and the normal left in a's frame.
const hitlab_convention kGjkEpaConventions[] = {
    {"touching", "overlap"},
    {"touching_cases", "hit with depth 0: boxes touching face to face, at an edge or a corner, and boxes up to about "
                       "1e-9 apart (GJK's tolerance)"},
    {"depth", "negative: -EPA's depth (-0.25 for unit boxes overlapping by 0.25 on y)"},
    {"normal", "EPA's normal in a's frame, not turned to the world: the way b moves out of a when a is not turned"},
    {"shapes", "boxes as fcl::Convex (8 corners, 6 faces), so FCL's GJK runs instead of its box-box test"},
    {"tolerances", "GJKSolver_indep's: gjk_tolerance 1e-6, epa_tolerance 1e-6, 128 GJK iterations, EPA 255 "
                   "iterations, 64 vertices, 128 faces"},
    {"convex_points", "convex_convex: at most 32 points, the plugin's error code 3 above (FCL walks a hull's edges "
                      "there, which needs its faces; HitLab gives points only)"},
    {"precision", "double (fcl::Convexd)"},
    {"flaw_when", "boundary; near boundary 1e-6"},
};
const hitlab_convention kMprConventions[] = {
    {"touching", "separate"},
    {"touching_cases", "either: boxes touching face to face, at an edge or a corner miss; along offset faces they hit "
                       "with depth 1e-16 and a zero normal"},
    {"normal", "the contact's normal as FCL gives libccd's dir: the way b moves out of a"},
    {"depth", "MPR's: along the centres' direction, not the least depth when that is not the separating direction "
              "(0.656 for 0.5 of a box inside another)"},
    {"shapes", "boxes as fcl::Convex (8 corners, 6 faces), so FCL's GJK solver runs instead of its box-box test"},
    {"tolerances", "GJKSolver_libccd's: 500 iterations, mpr_tolerance 1e-6"},
    {"convex_points", "convex_convex: at most 32 points, the plugin's error code 3 above (FCL walks a hull's edges "
                      "there, which needs its faces; HitLab gives points only)"},
    {"precision", "double (fcl::Convexd)"},
    {"flaw_when", "boundary"},
};
constexpr uint32_t kGjkEpaCount = sizeof kGjkEpaConventions / sizeof kGjkEpaConventions[0];
constexpr uint32_t kMprCount = sizeof kMprConventions / sizeof kMprConventions[0];
const char* const kGjkEpaTitle = "FCL GJK + EPA (GJKSolver_indep, fcl::Convex)";
const char* const kGjkEpaSummary =
    "fcl::collide with gjk_solver_type GST_INDEP on boxes given as fcl::Convex: FCL's own GJK decides and its "
    "EPA gives the penetration depth and normal.";
const char* const kMprTitle = "FCL libccd MPR (GJKSolver_libccd, fcl::Convex)";
const char* const kMprSummary =
    "fcl::collide with gjk_solver_type GST_LIBCCD (FCL's default) on boxes given as fcl::Convex: FCL's copy "
    "of libccd's MPR (ccdMPRPenetration) decides and gives the depth and normal.";
const char* const kGjkEpaFlaw =
    "FCL 0.7's GJKSolver_indep reports EPA's depth negated and its normal in a's frame, and its EPA can stop on a "
    "wrong face: unit boxes overlapping by 0.25 on x give -0.144 along (0.577, -0.577, -0.577); boxes a rounding "
    "error apart hit";
const char* const kMprFlaw = "touching solids are reported either way; MPR's depth is measured along the centres' "
                             "direction, so it can exceed the least depth";

const hitlab_algorithm kAlgorithms[] = {
    {"fcl_box_box", "obb_obb", "FCL box-box (fcl::collide)",
     "fcl::collide on two fcl::Boxd with one contact: FCL's box-box test (after ODE's dBoxBox) with its "
     "penetration depth and normal.",
     kFcl, 0, kBoxBoxConventions, 4, "hit depth normal", kBoxBoxFlaw, BatchF<BoxBoxObb>, BatchD<BoxBoxObb>, nullptr,
     nullptr},
    {"fcl_box_box", "aabb_aabb", "FCL box-box (fcl::collide)",
     "fcl::collide on two axis-aligned fcl::Boxd with one contact: FCL's box-box test with its penetration "
     "depth and normal.",
     kFcl, 0, kBoxBoxConventions, 4, "hit depth normal", kBoxBoxFlaw, BatchF<BoxBoxAabb>, BatchD<BoxBoxAabb>, nullptr,
     nullptr},
    {"fcl_gjk_epa", "aabb_aabb", kGjkEpaTitle, kGjkEpaSummary, kFcl, 0, kGjkEpaConventions, kGjkEpaCount,
     "hit depth normal", kGjkEpaFlaw, BatchF<ConvexPath<fcl::GST_INDEP>::AabbAabb>,
     BatchD<ConvexPath<fcl::GST_INDEP>::AabbAabb>, nullptr, nullptr},
    {"fcl_libccd_mpr", "aabb_aabb", kMprTitle, kMprSummary, kFcl, 0, kMprConventions, kMprCount, "hit depth normal",
     kMprFlaw, BatchF<ConvexPath<fcl::GST_LIBCCD>::AabbAabb>, BatchD<ConvexPath<fcl::GST_LIBCCD>::AabbAabb>, nullptr,
     nullptr},
    {"fcl_gjk_epa", "obb_obb", kGjkEpaTitle, kGjkEpaSummary, kFcl, 0, kGjkEpaConventions, kGjkEpaCount,
     "hit depth normal", kGjkEpaFlaw, BatchF<ConvexPath<fcl::GST_INDEP>::ObbObb>,
     BatchD<ConvexPath<fcl::GST_INDEP>::ObbObb>, nullptr, nullptr},
    {"fcl_libccd_mpr", "obb_obb", kMprTitle, kMprSummary, kFcl, 0, kMprConventions, kMprCount, "hit depth normal",
     kMprFlaw, BatchF<ConvexPath<fcl::GST_LIBCCD>::ObbObb>, BatchD<ConvexPath<fcl::GST_LIBCCD>::ObbObb>, nullptr,
     nullptr},
    {"fcl_gjk_epa", "sphere_aabb", kGjkEpaTitle, kGjkEpaSummary, kFcl, 0, kGjkEpaConventions, kGjkEpaCount,
     "hit depth normal", kGjkEpaFlaw, BatchF<ConvexPath<fcl::GST_INDEP>::SphereAabb>,
     BatchD<ConvexPath<fcl::GST_INDEP>::SphereAabb>, nullptr, nullptr},
    {"fcl_libccd_mpr", "sphere_aabb", kMprTitle, kMprSummary, kFcl, 0, kMprConventions, kMprCount, "hit depth normal",
     kMprFlaw, BatchF<ConvexPath<fcl::GST_LIBCCD>::SphereAabb>, BatchD<ConvexPath<fcl::GST_LIBCCD>::SphereAabb>,
     nullptr, nullptr},
    {"fcl_gjk_epa", "convex_convex", kGjkEpaTitle, kGjkEpaSummary, kFcl, 0, kGjkEpaConventions, kGjkEpaCount,
     "hit depth normal", kGjkEpaFlaw, BatchConvexF<ConvexPath<fcl::GST_INDEP>::ConvexConvex>,
     BatchD<ConvexPath<fcl::GST_INDEP>::ConvexConvex>, nullptr, nullptr},
    {"fcl_libccd_mpr", "convex_convex", kMprTitle, kMprSummary, kFcl, 0, kMprConventions, kMprCount, "hit depth normal",
     kMprFlaw, BatchConvexF<ConvexPath<fcl::GST_LIBCCD>::ConvexConvex>,
     BatchD<ConvexPath<fcl::GST_LIBCCD>::ConvexConvex>, nullptr, nullptr},
    {"fcl_sphere_box", "sphere_aabb", "FCL sphere-box (fcl::collide)",
     "fcl::collide on an fcl::Sphered and an fcl::Boxd with one contact: FCL's sphere-box test with its "
     "penetration depth and normal.",
     kFcl, 0, kConventions, 3, "hit depth normal", nullptr, BatchF<SphereBox>, BatchD<SphereBox>, nullptr, nullptr},
};

const hitlab_plugin kPlugin = {HITLAB_PLUGIN_ABI_VERSION,
                               "FCL",
                               kAlgorithms,
                               sizeof kAlgorithms / sizeof kAlgorithms[0],
                               nullptr,
                               nullptr,
                               nullptr};

} // namespace

extern "C" HITLAB_PLUGIN_EXPORT const hitlab_plugin* hitlab_plugin_v1(void) { return &kPlugin; }
