// Dragging shapes: the plane a drag moves in, axis constraints, grid snapping, and the handles
// of each shape type (what a handle is and how moving it edits the shape). Pure math, no GL.
#pragma once

#include "render/camera.h"

#include "core/scene.h"

#include <optional>
#include <string>
#include <vector>

namespace hitlab {

/// Which world axis a drag is held to (X, Y or Z held down), or none.
enum class AxisLock { None = -1, X = 0, Y = 1, Z = 2 };

/// The plane through `anchor` that a drag moves in: facing the camera, or, with an axis lock,
/// containing the axis and turned towards the camera as far as it can be.
Plane<double> DragPlane(const Camera& camera, const glm::dvec3& anchor, AxisLock lock);
/// Where the cursor's ray meets the drag plane (with core's ray_plane reference), or nullopt
/// when it does not (the plane seen edge-on, or behind the eye).
std::optional<glm::dvec3> DragPoint(const Camera& camera, glm::dvec2 cursor, const Plane<double>& plane);
/// The motion restricted to the locked axis, and rounded to multiples of `snap` when snap > 0.
glm::dvec3 ConstrainDelta(glm::dvec3 delta, AxisLock lock, double snap);

/// The motion of a drag through `anchor` from the cursor at `from` to `to`: both cursors meet the
/// DragPlane for `lock`, and their difference is constrained and snapped by ConstrainDelta (so an
/// axis lock or a move arrow moves along that axis only). nullopt when a cursor misses the plane.
std::optional<glm::dvec3> DragDelta(const Camera& camera, const glm::dvec3& anchor, AxisLock lock, glm::dvec2 from,
                                    glm::dvec2 to, double snap);

/// The shape moved by delta (a plane moves along its normal by the part of delta along it).
Shape Translate(const Shape& shape, const glm::dvec3& delta);

enum class HandleKind {
    BoxCorner,    ///< index 0..7: bit 0 = +x, bit 1 = +y, bit 2 = +z; the opposite corner stays
    BoxFace,      ///< index 0..5 = -x, +x, -y, +y, -z, +z; moves that face only
    SphereRadius, ///< on the silhouette, to the right on screen
    RayOrigin,    ///< moves the origin, the direction's tip stays
    RayTip,       ///< the tip of origin + direction: turns and scales the direction
    SegmentStart,
    SegmentEnd,
    PlaneNormal,    ///< the tip of the normal arrow: turns the plane about its anchor point
    TriangleVertex, ///< index 0..2: moves that vertex
    MeshScale,      ///< the corner of the mesh's bounds: scales it about the bounds' centre (toward)
    ConvexPoint,    ///< index i: moves a convex shape's point i (shapes of up to kConvexPointHandles points)
    ConvexScale,    ///< the corner of a convex shape's bounds: scales it about the bounds' centre (toward)
};

/// A convex shape of up to this many points has a handle on each.
inline constexpr std::size_t kConvexPointHandles = 64;

struct Handle {
    HandleKind kind;
    int index = 0;
    glm::dvec3 position{0.0};
    glm::dvec3 toward{0.0}; ///< for arrowhead handles: the point they point away from
};

/// The handles of a shape (oriented boxes have none: they rotate in rotate mode). In 2D mode a
/// box has no z face handles (they would cover its centre).
std::vector<Handle> HandlesOf(const Shape& shape, const Camera& camera);
/// The shape after its handle moved from handle.position by delta. A move that would make the
/// shape invalid (a ray's tip onto its origin: a zero direction) keeps that part as it was and,
/// when `refused` is given, says why there ("a ray needs a non-zero direction: ..."); else "".
Shape ApplyHandle(const Shape& start, const Handle& handle, const glm::dvec3& delta, std::string* refused = nullptr);
/// An oriented box turned by angleRad about `axis` (unit) through its centre.
Obb<double> Rotate(const Obb<double>& box, const glm::dvec3& axis, double angleRad);
/// The point a shape turns about in rotate mode: an oriented box's centre, a triangle's centroid, a
/// mesh's bounding box centre; none for the shapes that do not turn (or an empty mesh).
std::optional<glm::dvec3> RotationCenter(const Shape& shape);
/// The shape turned by angleRad about `axis` (unit) through its RotationCenter: an oriented box's
/// axes, a triangle's vertices, every vertex of a mesh (new mesh data: MovedMeshData, the file name
/// dropped). Shapes without a RotationCenter come back unchanged.
Shape Rotated(const Shape& shape, const glm::dvec3& axis, double angleRad);
/// Length of the plane normal's handle arrow for the camera (constant on screen).
double PlaneHandleLength(const Camera& camera, const glm::dvec3& anchor);

} // namespace hitlab
