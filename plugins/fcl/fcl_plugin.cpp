// FCL (the Flexible Collision Library) as a HitLab plugin (docs/plugins.md, "Engine peers"): fcl::collide
// on one pair of primitive shapes with contacts enabled, in double (fcl::Boxd, fcl::Sphered); a float
// query is widened exactly and the result rounded to float.
#include "../engine_plugin.h"

#include <fcl/geometry/shape/box.h>
#include <fcl/geometry/shape/sphere.h>
#include <fcl/narrowphase/collision.h>

#include <memory>

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
             const fcl::Transform3d& tb, hitlab_result_d& r)
{
    const fcl::CollisionRequestd request(1, true);
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
