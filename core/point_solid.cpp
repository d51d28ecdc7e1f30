// point_aabb, point_sphere and point_obb registration.
#include "point_solid.h"

#include "algorithm.h"

namespace hitlab {

namespace {

constexpr std::uint32_t kPointFields = kFieldHit | kFieldDepth;

} // namespace

// data table: the point/solid algorithms and their metadata, one entry each
void RegisterPointSolid(std::vector<AlgorithmInfo>& out)
{
    out.push_back({
        .name = "closed_box",
        .family = Family::PointAabb,
        .title = "Closed box, per axis (reference)",
        .summary = "Tests min <= p <= max on each axis: a point on a face, an edge or a corner is inside. depth: "
                   "the distance to the nearest face.",
        .source = "Ericson, Real-Time Collision Detection (2005) 4.2 and 5.1.3",
        .reference = true,
        .published = false,
        .conventions = {{"boundary", "inside"}},
        .returns = kPointFields,
        .flaw = "",
        .flawWhen = {},
        .run = MakeRun<Point, Aabb>([](const auto& a, const auto& b, Trace* t) { return PointAabbClosed(a, b, t); }),
    });
    out.push_back({
        .name = "open_box",
        .family = Family::PointAabb,
        .title = "Open box (strict <)",
        .summary = "Tests min < p < max on each axis, the strict comparison many tutorials write: a point on the "
                   "boundary is outside. Fills only hit.",
        .source = "The strict-inequality form of the per-axis test (cf. Ericson, Real-Time Collision Detection (2005) "
                  "4.2, which tests a closed box)",
        .reference = false,
        .published = false,
        .conventions = {{"boundary", "outside"}},
        .returns = kFieldHit,
        .flaw = "",
        .flawWhen = {},
        .run = MakeRun<Point, Aabb>([](const auto& a, const auto& b, Trace* t) { return PointAabbOpen(a, b, t); }),
    });
    out.push_back({
        .name = "squared_distance",
        .family = Family::PointSphere,
        .title = "Squared distance (reference)",
        .summary = "Compares |p - c|^2 with r^2, no square root (a point on the sphere is inside), rescaled when a "
                   "square would overflow or underflow. depth: r - |p - c|.",
        .source = "Ericson, Real-Time Collision Detection (2005) 4.3",
        .reference = true,
        .published = false,
        .conventions = {{"boundary", "inside"}, {"compares", "squared distance"}},
        .returns = kPointFields,
        .flaw = "",
        .flawWhen = {},
        .run =
            MakeRun<Point, Sphere>([](const auto& a, const auto& b, Trace* t) { return PointSphereSquared(a, b, t); }),
    });
    out.push_back({
        .name = "distance",
        .family = Family::PointSphere,
        .title = "Distance with a square root",
        .summary = "Compares |p - c| = sqrt(d . d) with r, as glm::distance would: a square root per test, and the "
                   "square is not rescaled. depth: r - |p - c|.",
        .source = "The direct form of the definition |p - c| <= r (cf. Ericson, Real-Time Collision Detection "
                  "(2005) 4.3, which avoids the root)",
        .reference = false,
        .published = false,
        .conventions = {{"boundary", "inside"}, {"compares", "distance"}},
        .returns = kPointFields,
        .flaw = "The square d . d is not rescaled: a distance beyond about 1.3e154 (float 1.8e19) overflows to "
                "infinity and is outside whatever the radius, and one below about 1e-162 (float 1e-23) underflows to "
                "0 and is inside whatever the radius.",
        .flawWhen = {"double: distance above 1.3e154", "double: distance below 1.5e-154",
                     "float: distance above 1.8e19", "float: distance below 1.1e-19"},
        .run =
            MakeRun<Point, Sphere>([](const auto& a, const auto& b, Trace* t) { return PointSphereDistance(a, b, t); }),
    });
    out.push_back({
        .name = "axis_projection",
        .family = Family::PointObb,
        .title = "Projection on the box's axes (reference)",
        .summary = "Projects p - c on each axis of the box and tests |(p - c) . u_i| <= h_i (closed). depth: the "
                   "distance to the nearest face.",
        .source = "Ericson, Real-Time Collision Detection (2005) 5.1.4",
        .reference = true,
        .published = false,
        .conventions = {{"boundary", "inside"}, {"frame", "projection"}},
        .returns = kPointFields,
        .flaw = "",
        .flawWhen = {},
        .run = MakeRun<Point, Obb>([](const auto& a, const auto& b, Trace* t) { return PointObbProjection(a, b, t); }),
    });
    out.push_back({
        .name = "inverse_matrix",
        .family = Family::PointObb,
        .title = "Into the box frame by the inverse matrix",
        .summary = "Multiplies p - c by glm::inverse of the axis matrix (a world-to-local transform), then tests the "
                   "local coordinates against the half extents (closed). depth: the distance to the nearest face.",
        .source = "The world-to-local transform of scene graphs (cf. Ericson, Real-Time Collision Detection (2005) "
                  "5.1.4, which projects instead)",
        .reference = false,
        .published = false,
        .conventions = {{"boundary", "inside"}, {"frame", "inverse matrix"}},
        .returns = kPointFields,
        .flaw = "",
        .flawWhen = {},
        .run = MakeRun<Point, Obb>([](const auto& a, const auto& b, Trace* t) { return PointObbInverse(a, b, t); }),
    });
}

} // namespace hitlab
