// Bullet Physics as a HitLab plugin (docs/plugins.md, "Engine peers"): Debian's Bullet built with
// BT_USE_DOUBLE_PRECISION (libBulletCollision-float64), so every algorithm computes in double; a
// float query is widened exactly and the result rounded to float. Each algorithm calls one Bullet
// function on one pair and declares what Bullet's answer means.
#include "../engine_plugin.h"

#include <BulletCollision/NarrowPhaseCollision/btGjkEpa2.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkPairDetector.h>
#include <BulletCollision/NarrowPhaseCollision/btPointCollector.h>
#include <BulletCollision/NarrowPhaseCollision/btRaycastCallback.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>
#include <btBulletCollisionCommon.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace {

using namespace hitlab_engine;

static_assert(sizeof(btScalar) == sizeof(double), "this plugin declares double precision: link the float64 Bullet");

/// How far the ray tests reach, in units of the direction: Bullet casts segments, not rays.
constexpr double kRayLength = 1000.0;

btVector3 Vec(const double v[3]) { return btVector3(v[0], v[1], v[2]); }

void Store(const btVector3& v, double out[3])
{
    for (int i = 0; i < 3; ++i) {
        out[i] = v[i];
    }
}

/// btRayAabb2 (btAabbUtil2.h) called as Bullet's own ray tests call it (btDbvt::rayTest, btDbvt.h): 1/direction
/// per component, BT_LARGE_FLOAT (1e30) where the component is zero (+0 or -0), the signs of those inverses,
/// lambda in [0, inf). The large finite inverse keeps (bound - origin) * inverse a number
/// where 1/0 = inf gave 0 * inf = NaN for an origin in a face plane. It gives tmin only, not clamped to 0.
///
/// Parallel rays, from Bullet's arithmetic: a zero component's slab gives [(min - o) 1e30, (max - o) 1e30].
/// In the min face plane that is [0, 1e30]: the ray hits. In the max face plane it is [-1e30, 0], so
/// tmax <= 0 = lambda_min: the ray misses. Below the min face by g it is [g 1e30, ...]: the ray still hits
/// while g 1e30 is below the exit t of the other slabs (g < about 1e-30 t_exit).
void RayAabb2(const hitlab_query_d& q, hitlab_result_d& r)
{
    const hitlab_ray_d& ray = q.a.ray;
    btVector3 inv;
    for (int i = 0; i < 3; ++i) {
        inv[i] = ray.direction[i] == 0.0 ? btScalar(BT_LARGE_FLOAT) : btScalar(1.0) / ray.direction[i];
    }
    const unsigned sign[3] = {inv[0] < 0, inv[1] < 0, inv[2] < 0};
    const btVector3 bounds[2] = {Vec(q.b.aabb.min), Vec(q.b.aabb.max)};
    btScalar tmin = 0;
    if (btRayAabb2(Vec(ray.origin), inv, sign, bounds, tmin, 0.0, std::numeric_limits<double>::infinity())) {
        r.hit = 1;
        r.t_enter = tmin;
    }
}

/// btRayAabb (btAabbUtil2.h): the segment from start to end against the box by outcodes; param
/// starts at 1 (the segment's end) and becomes the entry, with the normal of the entered face.
void SegmentAabb(const hitlab_query_d& q, hitlab_result_d& r)
{
    btScalar param = 1.0;
    btVector3 normal(0, 0, 0);
    if (btRayAabb(Vec(q.a.segment.start), Vec(q.a.segment.end), Vec(q.b.aabb.min), Vec(q.b.aabb.max), param, normal)) {
        r.hit = 1;
        r.t_enter = param;
        r.has_normal = normal.length2() > 0; // an origin inside leaves it (0, 0, 0)
        Store(normal, r.normal);
    }
}

/// The box shape with its transform: an OBB's axes are the basis's columns.
struct Box {
    btBoxShape shape;
    btTransform transform;
};

Box FromAabb(const hitlab_aabb_d& b)
{
    const btVector3 lo = Vec(b.min), hi = Vec(b.max);
    btTransform t;
    t.setIdentity();
    t.setOrigin((lo + hi) * 0.5);
    return {btBoxShape((hi - lo) * 0.5), t};
}

Box FromObb(const hitlab_obb_d& b)
{
    const btMatrix3x3 basis(b.axes[0][0], b.axes[1][0], b.axes[2][0], b.axes[0][1], b.axes[1][1], b.axes[2][1],
                            b.axes[0][2], b.axes[1][2], b.axes[2][2]);
    return {btBoxShape(Vec(b.half_extents)), btTransform(basis, Vec(b.center))};
}

/// btCollisionWorld::rayTestSingle against the box: Bullet's ray cast for convex shapes (a GJK convex
/// cast; the box's collision margin does not round it), over origin .. origin + kRayLength * direction.
void RayTest(const hitlab_ray_d& ray, Box& box, hitlab_result_d& r)
{
    btCollisionObject object;
    object.setCollisionShape(&box.shape);
    object.setWorldTransform(box.transform);
    const btVector3 from = Vec(ray.origin), to = from + kRayLength * Vec(ray.direction);
    btTransform fromT, toT;
    fromT.setIdentity();
    toT.setIdentity();
    fromT.setOrigin(from);
    toT.setOrigin(to);
    btCollisionWorld::ClosestRayResultCallback callback(from, to);
    btCollisionWorld::rayTestSingle(fromT, toT, &object, &box.shape, box.transform, callback);
    if (callback.hasHit()) {
        r.hit = 1;
        r.t_enter = callback.m_closestHitFraction * kRayLength;
        Store(callback.m_hitPointWorld, r.point);
        Store(callback.m_hitNormalWorld, r.normal);
        r.has_normal = 1;
    }
}

void RayTestAabb(const hitlab_query_d& q, hitlab_result_d& r)
{
    Box box = FromAabb(q.b.aabb);
    RayTest(q.a.ray, box, r);
}

void RayTestObb(const hitlab_query_d& q, hitlab_result_d& r)
{
    Box box = FromObb(q.b.obb);
    RayTest(q.a.ray, box, r);
}

/// The collision world whose dispatcher picks Bullet's pair algorithm (btBoxBoxCollisionAlgorithm,
/// btSphereBoxCollisionAlgorithm); the host calls from one thread.
btCollisionWorld& World()
{
    static btDefaultCollisionConfiguration configuration;
    static btCollisionDispatcher dispatcher(&configuration);
    static btDbvtBroadphase broadphase;
    static btCollisionWorld world(&dispatcher, &broadphase, &configuration);
    return world;
}

/// Every contact point contactPairTest reports, kept: the deepest (smallest distance).
struct Contacts : btCollisionWorld::ContactResultCallback {
    int count = 0;
    double distance = std::numeric_limits<double>::infinity();
    btVector3 normalOnB{0, 0, 0};
    btScalar addSingleResult(btManifoldPoint& point, const btCollisionObjectWrapper*, int, int,
                             const btCollisionObjectWrapper*, int, int) override
    {
        ++count;
        if (point.getDistance() < distance) {
            distance = point.getDistance();
            normalOnB = point.m_normalWorldOnB;
        }
        return 0;
    }
};

/// contactPairTest(a, b): a hit is any contact point reported (a speculative one, apart by a small
/// positive distance, included); depth = -distance of the deepest, at least 0; Bullet's normal on b
/// points towards a, so b moves out along its negation.
void PairTest(btCollisionShape& a, const btTransform& ta, btCollisionShape& b, const btTransform& tb,
              hitlab_result_d& r)
{
    btCollisionObject oa, ob;
    oa.setCollisionShape(&a);
    oa.setWorldTransform(ta);
    ob.setCollisionShape(&b);
    ob.setWorldTransform(tb);
    Contacts contacts;
    World().contactPairTest(&oa, &ob, contacts);
    if (contacts.count > 0) {
        r.hit = 1;
        r.depth = std::max(0.0, -contacts.distance);
        Store(-contacts.normalOnB, r.normal);
        r.has_normal = 1;
    }
}

void BoxBoxAabb(const hitlab_query_d& q, hitlab_result_d& r)
{
    Box a = FromAabb(q.a.aabb), b = FromAabb(q.b.aabb);
    PairTest(a.shape, a.transform, b.shape, b.transform, r);
}

void BoxBoxObb(const hitlab_query_d& q, hitlab_result_d& r)
{
    Box a = FromObb(q.a.obb), b = FromObb(q.b.obb);
    PairTest(a.shape, a.transform, b.shape, b.transform, r);
}

void SphereBox(const hitlab_query_d& q, hitlab_result_d& r)
{
    btSphereShape sphere(q.a.sphere.radius);
    btTransform t;
    t.setIdentity();
    t.setOrigin(Vec(q.a.sphere.center));
    Box b = FromAabb(q.b.aabb);
    PairTest(sphere, t, b.shape, b.transform, r);
}

/// btGjkEpaSolver2::Penetration (Presson's GJK + EPA, btGjkEpa2.cpp) on a and b with their collision
/// margins (usemargins, its default), guessed as Bullet's btGjkEpaPenetrationDepthSolver guesses: the
/// centres' difference. A hit is its `true` (GJK found the origin inside, EPA did not fail);
/// depth = -distance. Its normal lies in a's frame (the Minkowski difference is built there) and
/// points the way a moves out of b: turned to the world and negated it is the way b moves out of a.
void GjkEpa(const btConvexShape& a, const btTransform& ta, const btConvexShape& b, const btTransform& tb,
            hitlab_result_d& r)
{
    btGjkEpaSolver2::sResults results;
    if (!btGjkEpaSolver2::Penetration(&a, ta, &b, tb, tb.getOrigin() - ta.getOrigin(), results)) {
        return;
    }
    r.hit = 1;
    r.depth = -results.distance;
    Store(ta.getBasis() * -results.normal, r.normal);
    r.has_normal = 1;
}

/// btGjkPairDetector with btVoronoiSimplexSolver and btGjkEpaPenetrationDepthSolver: the pair test of
/// Bullet's btConvexConvexAlgorithm. Its distance is signed (negative: penetration); a hit is a
/// result with distance <= 0, depth = -distance; its normal on b points towards a, so b moves out
/// of a along its negation. Apart, the distance and its point on b (m_pointInWorld), and a's point
/// that far along the normal.
void GjkPair(const btConvexShape& a, const btTransform& ta, const btConvexShape& b, const btTransform& tb,
             hitlab_result_d& r)
{
    btVoronoiSimplexSolver simplex;
    btGjkEpaPenetrationDepthSolver epa;
    btGjkPairDetector detector(&a, &b, &simplex, &epa);
    btGjkPairDetector::ClosestPointInput input;
    input.m_transformA = ta;
    input.m_transformB = tb;
    btPointCollector output;
    detector.getClosestPoints(input, output, nullptr);
    if (!output.m_hasResult) {
        return;
    }
    if (output.m_distance > 0) {
        r.has_distance = 1;
        r.distance = output.m_distance;
        Store(output.m_pointInWorld, r.closest_b);
        Store(output.m_pointInWorld + output.m_normalOnBInWorld * output.m_distance, r.closest_a);
        return;
    }
    r.hit = 1;
    r.depth = -output.m_distance;
    Store(-output.m_normalOnBInWorld, r.normal);
    r.has_normal = 1;
}

using ConvexCall = void (*)(const btConvexShape&, const btTransform&, const btConvexShape&, const btTransform&,
                            hitlab_result_d&);

btTransform At(const double center[3])
{
    btTransform t;
    t.setIdentity();
    t.setOrigin(Vec(center));
    return t;
}

/// The box, ball and oriented-box pairs handed to a GJK call, each shape with Bullet's default margin.
template <ConvexCall Call>
struct Convex {
    static void AabbAabb(const hitlab_query_d& q, hitlab_result_d& r)
    {
        const Box a = FromAabb(q.a.aabb), b = FromAabb(q.b.aabb);
        Call(a.shape, a.transform, b.shape, b.transform, r);
    }
    static void ObbObb(const hitlab_query_d& q, hitlab_result_d& r)
    {
        const Box a = FromObb(q.a.obb), b = FromObb(q.b.obb);
        Call(a.shape, a.transform, b.shape, b.transform, r);
    }
    static void SphereAabb(const hitlab_query_d& q, hitlab_result_d& r)
    {
        const btSphereShape a(q.a.sphere.radius);
        const Box b = FromAabb(q.b.aabb);
        Call(a, At(q.a.sphere.center), b.shape, b.transform, r);
    }
    static void SphereSphere(const hitlab_query_d& q, hitlab_result_d& r)
    {
        const btSphereShape a(q.a.sphere.radius), b(q.b.sphere.radius);
        Call(a, At(q.a.sphere.center), b, At(q.b.sphere.center), r);
    }
    /// btConvexHullShape of each point set (its default margin 0.04 grows the hull outward, rounded)
    static void ConvexConvex(const hitlab_query_d& q, hitlab_result_d& r)
    {
        const int stride = 3 * sizeof(double);
        const btConvexHullShape a(q.a.convex.points, int(q.a.convex.count), stride);
        const btConvexHullShape b(q.b.convex.points, int(q.b.convex.count), stride);
        btTransform identity;
        identity.setIdentity();
        Call(a, identity, b, identity, r);
    }
};

/// btTriangleRaycastCallback::processTriangle, Bullet's ray/triangle test (the one its triangle
/// meshes run per triangle), keeping its closest report.
struct TriangleHit : btTriangleRaycastCallback {
    using btTriangleRaycastCallback::btTriangleRaycastCallback;
    bool hit = false;
    btVector3 normal{0, 0, 0};
    btScalar reportHit(const btVector3& hitNormalLocal, btScalar hitFraction, int, int) override
    {
        hit = true;
        normal = hitNormalLocal;
        return hitFraction;
    }
};

/// The segment from .. to against the triangle, kF_KeepUnflippedNormal (the winding normal
/// (v1 - v0) x (v2 - v0) on back faces too): t = Bullet's hit fraction times scale.
void CastTriangle(const btVector3& from, const btVector3& to, const hitlab_triangle_d& triangle, double scale,
                  hitlab_result_d& r)
{
    btVector3 v[3] = {Vec(triangle.vertices[0]), Vec(triangle.vertices[1]), Vec(triangle.vertices[2])};
    TriangleHit callback(from, to, btTriangleRaycastCallback::kF_KeepUnflippedNormal);
    callback.processTriangle(v, 0, 0);
    if (!callback.hit) {
        return;
    }
    const btScalar fraction = callback.m_hitFraction;
    r.hit = 1;
    r.t_enter = r.t_exit = fraction * scale;
    Store(from + fraction * (to - from), r.point);
    const btScalar length = callback.normal.length();
    if (length > 0) {
        Store(callback.normal / length, r.normal);
        r.has_normal = 1;
    }
    r.front = callback.normal.dot(to - from) < 0 ? HITLAB_FRONT : HITLAB_BACK;
}

void RayTriangle(const hitlab_query_d& q, hitlab_result_d& r)
{
    const btVector3 from = Vec(q.a.ray.origin);
    CastTriangle(from, from + kRayLength * Vec(q.a.ray.direction), q.b.triangle, kRayLength, r);
}

void SegmentTriangle(const hitlab_query_d& q, hitlab_result_d& r)
{
    CastTriangle(Vec(q.a.segment.start), Vec(q.a.segment.end), q.b.triangle, 1.0, r);
}

// ---- the table ----

const hitlab_convention kRayAabb2Conventions[] = {
    {"origin_inside", "hit"},
    {"boundary", "inclusive"},
    {"t_range", "t > 0"},
    {"direction", "any"},
    {"parallel", "1/0 taken as BT_LARGE_FLOAT (1e30), as Bullet's ray tests do: a ray in a min face plane hits, in a "
                 "max face plane misses, and one just below a min face (by under about 1e-30 t_exit) hits"},
    {"precision", "double (BT_USE_DOUBLE_PRECISION)"},
    {"t_enter", "not clamped to 0"},
    {"flaw_when", "in face plane"},
};
const hitlab_convention kSegmentConventions[] = {
    {"origin_inside", "hit"},
    {"boundary", "inclusive"},
    {"t_range", "0 <= t <= 1"},
    {"direction", "any"},
    {"parallel", "handled"},
    {"normal", "into the box (the entered face's inward normal)"},
    {"precision", "double (BT_USE_DOUBLE_PRECISION)"},
};
const hitlab_convention kRayTestConventions[] = {
    {"origin_inside", "miss"},
    {"boundary", "inclusive"},
    {"t_range", "t <= max distance"},
    {"max_distance", "1000"},
    {"direction", "any"},
    {"parallel", "handled"},
    {"precision", "double (BT_USE_DOUBLE_PRECISION)"},
    {"flaw_when", "edge or corner"},
};
const hitlab_convention kPairConventions[] = {
    {"touching", "separate"},
    {"boundary", "conservative"},
    {"contacts", "every point contactPairTest reports, speculative ones (distance > 0) included"},
    {"precision", "double (BT_USE_DOUBLE_PRECISION)"},
};
const hitlab_convention kBoxBoxConventions[] = {
    {"touching", "separate"},
    {"boundary", "conservative"},
    {"contacts", "every point contactPairTest reports, speculative ones (distance > 0) included"},
    {"precision", "double (BT_USE_DOUBLE_PRECISION)"},
    {"flaw_when", "extent below 1e-6"},
};

// btTriangleRaycastCallback::processTriangle (btRaycastCallback.cpp), from its arithmetic: a hit
// needs the two ends strictly on opposite sides of the plane (dist_a * dist_b < 0), and each edge
// test cp . n >= -0.0001 |n|^2 with n = (v1 - v0) x (v2 - v0) unnormalised, which admits points
// outside an edge by up to about 1e-4 of the triangle's height across it.
const hitlab_convention kTriangleConventions[] = {
    {"t_range", "0 < t < max distance (an end on the plane misses)"},
    {"max_distance", "1000"},
    {"back_faces", "hit (two-sided)"},
    {"in_plane", "miss"},
    {"edges", "inclusive with a tolerance: -1e-4 |n|^2 on each edge function, about 1e-4 of the triangle's height"},
    {"normal", "the winding normal (kF_KeepUnflippedNormal), normalised"},
    {"precision", "double (BT_USE_DOUBLE_PRECISION)"},
    {"flaw_when", "near boundary 0.0001; in plane; t at most 0"},
};
const hitlab_convention kSegmentTriangleConventions[] = {
    {"t_range", "0 < t < 1 (an end on the plane misses)"},
    {"back_faces", "hit (two-sided)"},
    {"in_plane", "miss"},
    {"edges", "inclusive with a tolerance: -1e-4 |n|^2 on each edge function, about 1e-4 of the triangle's height"},
    {"normal", "the winding normal (kF_KeepUnflippedNormal), normalised"},
    {"precision", "double (BT_USE_DOUBLE_PRECISION)"},
    {"flaw_when", "near boundary 0.0001; in plane; t at most 0"},
};

// Measured (tests/engines/bullet_gjk_test.cpp): the margins, the touching cases and the normals.
const hitlab_convention kGjkEpaConventions[] = {
    {"touching", "separate"},
    {"margin", "Bullet's default collision margin: a box's edges and corners rounded by min(0.04, 0.1 x its "
               "smallest half extent), faces where they are; a ball exact"},
    {"normal", "-sResults::normal turned from a's frame to the world: the way b moves out of a"},
    {"touching_cases", "either: boxes touching face to face with aligned faces hit (depth 0); along offset faces, at "
                       "edges and corners (rounded by the margin), and a ball touching a box miss"},
    {"separate", "miss, nothing else (Penetration returns false)"},
    {"tolerances", "GJK: 128 iterations, accuracy 1e-12; EPA: 255 iterations, 128 vertices, accuracy 1e-12 "
                   "(btGjkEpa2.cpp, BT_USE_DOUBLE_PRECISION)"},
    {"precision", "double (BT_USE_DOUBLE_PRECISION)"},
    {"flaw_when", "boundary; edge or corner"},
};
const hitlab_convention kGjkPairConventions[] = {
    {"touching", "separate"},
    {"margin", "Bullet's default collision margin: a box's edges and corners rounded by min(0.04, 0.1 x its "
               "smallest half extent), faces where they are; a ball exact"},
    {"normal", "-m_normalOnBInWorld: the way b moves out of a"},
    {"touching_cases", "either: boxes touching face to face (aligned or offset) hit with depth about 4e-17, and balls "
                       "touching hit; boxes touching at edges and corners (rounded by the margin) miss"},
    {"hit", "a signed distance <= 0; above 0 it is the distance, with closest_b its m_pointInWorld and closest_a "
            "that point moved by the distance along m_normalOnBInWorld (the margins' rounding included)"},
    {"tolerances", "btGjkPairDetector's in double: squared relative error 1e-12, gGjkEpaPenetrationTolerance 1e-12; "
                   "then btGjkEpa2's EPA (255 iterations, accuracy 1e-12)"},
    {"precision", "double (BT_USE_DOUBLE_PRECISION)"},
    {"flaw_when", "boundary; edge or corner"},
};
// btConvexHullShape keeps its points and adds the margin outside them: the hull grown by 0.04
// (measured in tests/engines/convex_peers_test.cpp). Only touching hulls have a flaw word ("boundary");
// the vocabulary has no absolute distance between two hulls, so deeper and near misses stay unexplained.
const hitlab_convention kGjkHullConventions[] = {
    {"touching", "separate"},
    {"margin", "Bullet's default collision margin 0.04, outside the points: the hull grown by 0.04, its edges and "
               "corners rounded (measured face to face: every depth the exact one + 0.08, hulls under 0.08 apart "
               "collide)"},
    {"normal", "-sResults::normal (a's frame is the world's: btConvexHullShape of world points)"},
    {"tolerances", "GJK: 128 iterations, accuracy 1e-12; EPA: 255 iterations, 128 vertices, accuracy 1e-12 "
                   "(btGjkEpa2.cpp, BT_USE_DOUBLE_PRECISION)"},
    {"precision", "double (BT_USE_DOUBLE_PRECISION)"},
    {"flaw_when", "boundary"},
};
const hitlab_convention kGjkPairHullConventions[] = {
    {"touching", "separate"},
    {"margin", "Bullet's default collision margin 0.04, outside the points: the hull grown by 0.04, its edges and "
               "corners rounded (measured face to face: every depth the exact one + 0.08, hulls under 0.08 apart "
               "collide)"},
    {"normal", "-m_normalOnBInWorld: the way b moves out of a"},
    {"hit", "a signed distance <= 0"},
    {"precision", "double (BT_USE_DOUBLE_PRECISION)"},
    {"flaw_when", "boundary"},
};
constexpr uint32_t kGjkHullCount = sizeof kGjkHullConventions / sizeof kGjkHullConventions[0];
constexpr uint32_t kGjkPairHullCount = sizeof kGjkPairHullConventions / sizeof kGjkPairHullConventions[0];
constexpr uint32_t kGjkEpaCount = sizeof kGjkEpaConventions / sizeof kGjkEpaConventions[0];
constexpr uint32_t kGjkPairCount = sizeof kGjkPairConventions / sizeof kGjkPairConventions[0];

const char* const kBullet = "Bullet Physics 3.24 (Debian libbullet-dev, float64 build)";
const char* const kRayAabb2Flaw =
    "a ray lying in a max face plane misses: with BT_LARGE_FLOAT for 1/0 its slab there is [-1e30, 0], and a hit "
    "needs tmax > 0";
const char* const kRayTestFlaw =
    "its normal where the ray enters through an edge or a corner is GJK's blend of the faces' normals (e.g. "
    "(-0.707, -0.707, 0)), not one face's; t comes from an iterative convex cast (GJK)";
const char* const kBoxBoxFlaw =
    "btBoxBoxDetector misses some overlaps of boxes about 1e-7 in size (the hunt finds two such boxes centred "
    "at the same point reported apart)";
const char* const kTriangleFlaw =
    "hits points just outside an edge (its edge tolerance, -1e-4 |n|^2), misses a ray in the triangle's plane and "
    "one whose origin (or a segment end) lies on the plane";
const char* const kGjkEpaTitle = "Bullet GJK + EPA (btGjkEpaSolver2::Penetration)";
const char* const kGjkEpaSummary =
    "Presson's GJK and EPA (btGjkEpa2.cpp) on btBoxShape and btSphereShape with their collision margins: "
    "GJK decides, EPA gives the depth and the normal.";
const char* const kGjkHullFlaw =
    "btConvexHullShape's margin grows each hull by 0.04: hulls up to 0.08 apart collide and every depth is 0.08 "
    "too large";
const char* const kGjkPairTitle = "Bullet GJK pair detector (btGjkPairDetector + EPA)";
const char* const kGjkPairSummary =
    "btGjkPairDetector with btVoronoiSimplexSolver and btGjkEpaPenetrationDepthSolver, the convex pair test "
    "of Bullet's btConvexConvexAlgorithm: a signed distance, negative in penetration.";
const char* const kGjkFlaw =
    "a box's collision margin rounds its edges and corners (by up to 0.04): boxes and balls overlapping there by "
    "less are reported apart, and deeper ones with a smaller depth; EPA on balls stops short (1.448 for 1.5)";
const char* const kPairSummary =
    "btCollisionWorld::contactPairTest on one pair; a hit is any contact point it reports: Bullet also "
    "reports speculative contacts a little apart (getDistance() > 0), which an engine filters itself.";

const hitlab_algorithm kAlgorithms[] = {
    {"bullet_ray_aabb2", "ray_aabb", "Bullet btRayAabb2",
     "Bullet's slab test over 1/direction and its signs (btAabbUtil2.h), lambda in [0, inf): hits when "
     "tmin < inf and tmax > 0; returns tmin, not clamped to 0 (negative for an origin inside).",
     kBullet, 0, kRayAabb2Conventions, 8, "hit t_enter", kRayAabb2Flaw, BatchF<RayAabb2>, BatchD<RayAabb2>, nullptr,
     nullptr},
    {"bullet_ray_test", "ray_aabb", "Bullet rayTestSingle (btBoxShape)",
     "btCollisionWorld::rayTestSingle against a btBoxShape: the ray cast of Bullet's scenes, over "
     "origin .. origin + 1000 direction; a ray starting inside the box does not hit it.",
     kBullet, 0, kRayTestConventions, 8, "hit t_enter point normal", kRayTestFlaw, BatchF<RayTestAabb>,
     BatchD<RayTestAabb>, nullptr, nullptr},
    {"bullet_ray_aabb", "segment_aabb", "Bullet btRayAabb",
     "Bullet's segment/box test by outcodes (btAabbUtil2.h): the entry parameter and the entered face's "
     "normal, which points into the box; a start inside gives t = 0 and no normal.",
     kBullet, 0, kSegmentConventions, 7, "hit t_enter normal", nullptr, BatchF<SegmentAabb>, BatchD<SegmentAabb>,
     nullptr, nullptr},
    {"bullet_ray_test", "ray_obb", "Bullet rayTestSingle (btBoxShape)",
     "btCollisionWorld::rayTestSingle against a rotated btBoxShape, over origin .. origin + 1000 "
     "direction; a ray starting inside the box does not hit it.",
     kBullet, 0, kRayTestConventions, 8, "hit t_enter point normal", kRayTestFlaw, BatchF<RayTestObb>,
     BatchD<RayTestObb>, nullptr, nullptr},
    {"bullet_box_box", "aabb_aabb", "Bullet box-box (btBoxBoxCollisionAlgorithm)", kPairSummary, kBullet, 0,
     kBoxBoxConventions, 5, "hit depth normal", kBoxBoxFlaw, BatchF<BoxBoxAabb>, BatchD<BoxBoxAabb>, nullptr, nullptr},
    {"bullet_box_box", "obb_obb", "Bullet box-box (btBoxBoxCollisionAlgorithm)", kPairSummary, kBullet, 0,
     kBoxBoxConventions, 5, "hit depth normal", kBoxBoxFlaw, BatchF<BoxBoxObb>, BatchD<BoxBoxObb>, nullptr, nullptr},
    {"bullet_sphere_box", "sphere_aabb", "Bullet sphere-box (btSphereBoxCollisionAlgorithm)", kPairSummary, kBullet, 0,
     kPairConventions, 4, "hit depth normal", nullptr, BatchF<SphereBox>, BatchD<SphereBox>, nullptr, nullptr},
    {"bullet_gjk_epa", "aabb_aabb", kGjkEpaTitle, kGjkEpaSummary, kBullet, 0, kGjkEpaConventions, kGjkEpaCount,
     "hit depth normal", kGjkFlaw, BatchF<Convex<GjkEpa>::AabbAabb>, BatchD<Convex<GjkEpa>::AabbAabb>, nullptr,
     nullptr},
    {"bullet_gjk_pair", "aabb_aabb", kGjkPairTitle, kGjkPairSummary, kBullet, 0, kGjkPairConventions, kGjkPairCount,
     "hit depth normal distance closest_a closest_b", kGjkFlaw, BatchF<Convex<GjkPair>::AabbAabb>,
     BatchD<Convex<GjkPair>::AabbAabb>, nullptr, nullptr},
    {"bullet_gjk_epa", "obb_obb", kGjkEpaTitle, kGjkEpaSummary, kBullet, 0, kGjkEpaConventions, kGjkEpaCount,
     "hit depth normal", kGjkFlaw, BatchF<Convex<GjkEpa>::ObbObb>, BatchD<Convex<GjkEpa>::ObbObb>, nullptr, nullptr},
    {"bullet_gjk_pair", "obb_obb", kGjkPairTitle, kGjkPairSummary, kBullet, 0, kGjkPairConventions, kGjkPairCount,
     "hit depth normal distance closest_a closest_b", kGjkFlaw, BatchF<Convex<GjkPair>::ObbObb>,
     BatchD<Convex<GjkPair>::ObbObb>, nullptr, nullptr},
    {"bullet_gjk_epa", "sphere_aabb", kGjkEpaTitle, kGjkEpaSummary, kBullet, 0, kGjkEpaConventions, kGjkEpaCount,
     "hit depth normal", kGjkFlaw, BatchF<Convex<GjkEpa>::SphereAabb>, BatchD<Convex<GjkEpa>::SphereAabb>, nullptr,
     nullptr},
    {"bullet_gjk_pair", "sphere_aabb", kGjkPairTitle, kGjkPairSummary, kBullet, 0, kGjkPairConventions, kGjkPairCount,
     "hit depth normal distance closest_a closest_b", kGjkFlaw, BatchF<Convex<GjkPair>::SphereAabb>,
     BatchD<Convex<GjkPair>::SphereAabb>, nullptr, nullptr},
    {"bullet_gjk_epa", "sphere_sphere", kGjkEpaTitle, kGjkEpaSummary, kBullet, 0, kGjkEpaConventions, kGjkEpaCount,
     "hit depth normal", kGjkFlaw, BatchF<Convex<GjkEpa>::SphereSphere>, BatchD<Convex<GjkEpa>::SphereSphere>, nullptr,
     nullptr},
    {"bullet_gjk_pair", "sphere_sphere", kGjkPairTitle, kGjkPairSummary, kBullet, 0, kGjkPairConventions, kGjkPairCount,
     "hit depth normal distance closest_a closest_b", kGjkFlaw, BatchF<Convex<GjkPair>::SphereSphere>,
     BatchD<Convex<GjkPair>::SphereSphere>, nullptr, nullptr},
    {"bullet_gjk_epa", "convex_convex", kGjkEpaTitle, kGjkEpaSummary, kBullet, 0, kGjkHullConventions, kGjkHullCount,
     "hit depth normal", kGjkHullFlaw, BatchConvexF<Convex<GjkEpa>::ConvexConvex>, BatchD<Convex<GjkEpa>::ConvexConvex>,
     nullptr, nullptr},
    {"bullet_gjk_pair", "convex_convex", kGjkPairTitle, kGjkPairSummary, kBullet, 0, kGjkPairHullConventions,
     kGjkPairHullCount, "hit depth normal", kGjkHullFlaw, BatchConvexF<Convex<GjkPair>::ConvexConvex>,
     BatchD<Convex<GjkPair>::ConvexConvex>, nullptr, nullptr},
    {"bullet_triangle_raycast", "ray_triangle", "Bullet btTriangleRaycastCallback",
     "btTriangleRaycastCallback::processTriangle, the per-triangle ray test of Bullet's triangle meshes, over "
     "origin .. origin + 1000 direction; plane crossing then three edge tests with a small tolerance.",
     kBullet, 0, kTriangleConventions, sizeof kTriangleConventions / sizeof kTriangleConventions[0],
     "hit t_enter t_exit point normal front", kTriangleFlaw, BatchF<RayTriangle>, BatchD<RayTriangle>, nullptr,
     nullptr},
    {"bullet_triangle_raycast", "segment_triangle", "Bullet btTriangleRaycastCallback",
     "btTriangleRaycastCallback::processTriangle on the segment from start to end: t is Bullet's hit fraction.",
     kBullet, 0, kSegmentTriangleConventions,
     sizeof kSegmentTriangleConventions / sizeof kSegmentTriangleConventions[0],
     "hit t_enter t_exit point normal front", kTriangleFlaw, BatchF<SegmentTriangle>, BatchD<SegmentTriangle>, nullptr,
     nullptr},
};

const hitlab_plugin kPlugin = {HITLAB_PLUGIN_ABI_VERSION,
                               "Bullet",
                               kAlgorithms,
                               sizeof kAlgorithms / sizeof kAlgorithms[0],
                               nullptr,
                               nullptr,
                               nullptr};

} // namespace

extern "C" HITLAB_PLUGIN_EXPORT const hitlab_plugin* hitlab_plugin_v1(void) { return &kPlugin; }
