// The configuration-space obstacle of an overlap query: the Minkowski difference A - B = {a - b},
// which holds the origin exactly when the solids overlap. Built GL-free from the two shapes (the
// exact hull, core/convex_hull.h, of the pairwise vertex differences for polytopes; a sampled
// support surface where a sphere is involved), optionally projected onto a coordinate plane, and
// drawn into a DrawSink with the origin, the reference's penetration vector or closest-point
// separation, and one step of a GJK / EPA / MPR trace (core/gjk_trace.h).
#pragma once

#include "draw_sink.h"

#include "core/convex_distance.h"
#include "core/convex_hull.h"
#include "core/result.h"
#include "core/shapes.h"
#include "core/trace.h"

#include <optional>
#include <string>

namespace hitlab {

/// A coordinate plane the difference can be projected onto (None: the 3D view).
enum class MinkowskiPlane { None, XY, XZ, YZ };

/// The point p with the plane's missing coordinate set to 0 (p itself for None).
glm::dvec3 ProjectedTo(MinkowskiPlane plane, const glm::dvec3& p);

/// The points of A - B whose hull is drawn.
struct MinkowskiDifference {
    ConvexHull hull;
    /// Not exact: a sphere's surface was sampled (kSphereSamples directions), or two large convex
    /// shapes were reduced to their supports along kSupportDirections directions.
    bool sampled = false;
    std::size_t points = 0; ///< how many difference points the hull was built from
};

/// Directions a sphere's surface is sampled along (a Fibonacci sphere).
inline constexpr int kSphereSamples = 162;
/// Above this many vertex pairs, A - B is built from supports along this many directions.
inline constexpr std::size_t kMaxVertexPairs = 20000;
inline constexpr int kSupportDirections = 2000;

/// A - B for two solids (aabb, obb, sphere, point, triangle, convex), projected onto `plane`;
/// nullopt when either is not a bounded convex solid (ray, segment, plane, mesh).
std::optional<MinkowskiDifference> MinkowskiDifferenceOf(const Shape& a, const Shape& b,
                                                         MinkowskiPlane plane = MinkowskiPlane::None);

/// The closest points of two solids that are apart (the caller decides that first, e.g. with the
/// exact judge), in double: the hulls' distance (core/convex_distance.h), a sphere as its centre
/// shrunk by its radius; nullopt when either is not a bounded convex solid.
std::optional<ClosestPair> SolidsSeparation(const Shape& a, const Shape& b);

/// What the view draws over the hull.
struct MinkowskiOverlay {
    /// The reference's answer: on a hit its penetration vector depth * normal from the origin (the
    /// move of b that separates the solids, landing on the boundary of A - B); on a miss with a
    /// distance, closestA - closestB (the point of A - B nearest the origin).
    std::optional<Result> answer;
    std::string answerName = "reference";
    /// The solids' closest points when they are apart (SolidsSeparation), drawn as the miss's
    /// vector when the answer has no distance.
    std::optional<ClosestPair> separation;
    /// The drawn algorithm's own answer (when it is not the reference), in another colour: a wrong
    /// EPA depth or normal shows as an arrow beside the reference's.
    std::optional<Result> drawn;
    std::string drawnName;
    const TraceStep* step = nullptr; ///< a GJK, EPA or MPR step to draw (null: none)
};

/// The hull in `color`, the origin and its axes, and the overlay (all projected onto `plane`).
void DrawMinkowskiView(const MinkowskiDifference& diff, const glm::vec4& color, MinkowskiPlane plane,
                       const MinkowskiOverlay& overlay, DrawSink& out);

/// One GJK / EPA / MPR trace step in the difference's space: GJK's simplex and v, EPA's nearest
/// face and the vector from the origin to it, MPR's portal and its interior point. Returns false
/// (drawing nothing) when the step holds none of these.
bool DrawMinkowskiStep(const TraceStep& step, MinkowskiPlane plane, DrawSink& out);

} // namespace hitlab
