// The Open Dynamics Engine as a HitLab plugin (docs/plugins.md, "Engine peers"): dCollide on one
// pair of geoms (box-box, ray-box), in Debian's double-precision ODE (dDOUBLE); a float query is
// widened exactly and the result rounded to float.
#include "../engine_plugin.h"

#include <ode/ode.h>

#include <algorithm>

namespace {

using namespace hitlab_engine;

static_assert(sizeof(dReal) == sizeof(double), "this plugin declares double precision: ODE built with dDOUBLE");

/// Contacts asked of dCollide (a box-box contact has up to 8 points).
constexpr int kMaxContacts = 8;

/// ODE is initialised once, when the host first calls an algorithm.
void Init()
{
    static const bool done = [] {
        dInitODE2(0);
        return true;
    }();
    (void)done;
}

/// A geom destroyed at the end of the scope.
struct Geom {
    dGeomID id;
    explicit Geom(dGeomID g) : id(g) {}
    ~Geom() { dGeomDestroy(id); }
    Geom(const Geom&) = delete;
    Geom& operator=(const Geom&) = delete;
};

dGeomID AabbGeom(const hitlab_aabb_d& b)
{
    const dGeomID g = dCreateBox(nullptr, b.max[0] - b.min[0], b.max[1] - b.min[1], b.max[2] - b.min[2]);
    dGeomSetPosition(g, (b.min[0] + b.max[0]) * 0.5, (b.min[1] + b.max[1]) * 0.5, (b.min[2] + b.max[2]) * 0.5);
    return g;
}

/// An OBB's geom: its axes are the rotation's columns (dMatrix3: 3 rows of 4).
dGeomID ObbGeom(const hitlab_obb_d& b)
{
    const dGeomID g = dCreateBox(nullptr, 2 * b.half_extents[0], 2 * b.half_extents[1], 2 * b.half_extents[2]);
    dMatrix3 r = {0};
    for (int row = 0; row < 3; ++row) {
        for (int axis = 0; axis < 3; ++axis) {
            r[row * 4 + axis] = b.axes[axis][row];
        }
    }
    dGeomSetRotation(g, r);
    dGeomSetPosition(g, b.center[0], b.center[1], b.center[2]);
    return g;
}

/// dCollide(a, b) on two boxes (dBoxBox): a hit is any contact; depth is the deepest contact's;
/// ODE's normal is the way a moves out of b, so b moves out along its negation.
void BoxBox(dGeomID a, dGeomID b, hitlab_result_d& r)
{
    dContactGeom contacts[kMaxContacts];
    const int n = dCollide(a, b, kMaxContacts, contacts, sizeof(dContactGeom));
    if (n <= 0) {
        return;
    }
    r.hit = 1;
    int deepest = 0;
    for (int i = 1; i < n; ++i) {
        deepest = contacts[i].depth > contacts[deepest].depth ? i : deepest;
    }
    r.depth = std::max(0.0, double(contacts[deepest].depth));
    for (int i = 0; i < 3; ++i) {
        r.normal[i] = -contacts[deepest].normal[i];
    }
    r.has_normal = 1;
}

void BoxBoxObb(const hitlab_query_d& q, hitlab_result_d& r)
{
    Init();
    const Geom a(ObbGeom(q.a.obb)), b(ObbGeom(q.b.obb));
    BoxBox(a.id, b.id, r);
}

void BoxBoxAabb(const hitlab_query_d& q, hitlab_result_d& r)
{
    Init();
    const Geom a(AabbGeom(q.a.aabb)), b(AabbGeom(q.b.aabb));
    BoxBox(a.id, b.id, r);
}

/// dCollide(ray, box) (dCollideRayBox): ODE normalises the direction and reports the distance from
/// the start in depth, so t = depth / |direction|; a ray starting inside reports where it leaves.
void RayBox(const hitlab_ray_d& ray, dGeomID box, hitlab_result_d& r)
{
    const double length = Length(ray.direction);
    const Geom g(dCreateRay(nullptr, dInfinity)); // an ODE ray has a length: make it a ray
    dGeomRaySet(g.id, ray.origin[0], ray.origin[1], ray.origin[2], ray.direction[0], ray.direction[1],
                ray.direction[2]);
    dContactGeom contact;
    if (dCollide(g.id, box, 1, &contact, sizeof(dContactGeom)) <= 0) {
        return;
    }
    r.hit = 1;
    r.t_enter = contact.depth / length;
    for (int i = 0; i < 3; ++i) {
        r.point[i] = contact.pos[i];
        r.normal[i] = contact.normal[i];
    }
    r.has_normal = 1;
}

void RayAabb(const hitlab_query_d& q, hitlab_result_d& r)
{
    Init();
    const Geom box(AabbGeom(q.b.aabb));
    RayBox(q.a.ray, box.id, r);
}

void RayObb(const hitlab_query_d& q, hitlab_result_d& r)
{
    Init();
    const Geom box(ObbGeom(q.b.obb));
    RayBox(q.a.ray, box.id, r);
}

// ---- the table ----

const hitlab_convention kBoxConventions[] = {
    {"touching", "separate"},
    {"solid", "yes (a box inside another collides)"},
    {"precision", "double (dDOUBLE)"},
};
const hitlab_convention kBoxBoxFlawConventions[] = {
    {"touching", "separate"},
    {"solid", "yes (a box inside another collides)"},
    {"precision", "double (dDOUBLE)"},
    {"flaw_when", "near boundary 1e-15"},
};
const hitlab_convention kRayConventions[] = {
    {"origin_inside", "hit"},
    {"boundary", "exclusive"},
    {"t_range", "t > 0"},
    {"direction", "any"},
    {"parallel", "handled"},
    {"inside", "an origin inside reports the exit, with the normal there flipped to face the ray"},
    {"precision", "double (dDOUBLE)"},
    {"flaw_when", "boundary; near boundary 1e-15"},
};

const char* const kBoxBoxFlaw =
    "it decides in floating point with no tolerance: boxes apart by a rounding error (about 1e-16) can be "
    "reported touching (depth 0)";
const char* const kRayFlaw =
    "it decides in floating point with no tolerance: a ray that only grazes an edge or a corner can miss, "
    "and one passing a rounding error outside a rotated box can hit";
const char* const kOde = "Open Dynamics Engine 0.16 (Debian libode-dev, double precision), dCollide";

const hitlab_algorithm kAlgorithms[] = {
    {"ode_box_box", "obb_obb", "ODE box-box (dCollide, dBoxBox)",
     "dCollide on two dBox geoms (dBoxBox, separating axis test with contact clipping): the deepest contact's "
     "depth and normal.",
     kOde, 0, kBoxBoxFlawConventions, 4, "hit depth normal", kBoxBoxFlaw, BatchF<BoxBoxObb>, BatchD<BoxBoxObb>, nullptr,
     nullptr},
    {"ode_box_box", "aabb_aabb", "ODE box-box (dCollide, dBoxBox)",
     "dCollide on two axis-aligned dBox geoms (dBoxBox): the deepest contact's depth and normal.", kOde, 0,
     kBoxConventions, 3, "hit depth normal", nullptr, BatchF<BoxBoxAabb>, BatchD<BoxBoxAabb>, nullptr, nullptr},
    {"ode_ray_box", "ray_aabb", "ODE ray-box (dCollide, dCollideRayBox)",
     "dCollide on a dRay of infinite length and a dBox: the distance along the normalised ray, "
     "divided by |direction|; a ray starting inside the box reports where it leaves.",
     kOde, 0, kRayConventions, 8, "hit t_enter point normal", kRayFlaw, BatchF<RayAabb>, BatchD<RayAabb>, nullptr,
     nullptr},
    {"ode_ray_box", "ray_obb", "ODE ray-box (dCollide, dCollideRayBox)",
     "dCollide on a dRay of infinite length and a rotated dBox; a ray starting inside the box reports "
     "where it leaves.",
     kOde, 0, kRayConventions, 8, "hit t_enter point normal", kRayFlaw, BatchF<RayObb>, BatchD<RayObb>, nullptr,
     nullptr},
};

const hitlab_plugin kPlugin = {HITLAB_PLUGIN_ABI_VERSION,
                               "ODE",
                               kAlgorithms,
                               sizeof kAlgorithms / sizeof kAlgorithms[0],
                               nullptr,
                               nullptr,
                               nullptr};

} // namespace

extern "C" HITLAB_PLUGIN_EXPORT const hitlab_plugin* hitlab_plugin_v1(void) { return &kPlugin; }
