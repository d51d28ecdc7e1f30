// The selection's gizmo: the move arrows (x, y, z from the shape's centre) and the rotate rings of
// an oriented box (circles about the world x, y and z axes through its centre). Both keep a
// constant size on screen. What they look like in world space, which one lies under the cursor,
// and the angle a ring drag sweeps. Pure math on the camera, no GL.
#pragma once

#include "render/camera.h"

#include "core/scene.h"

#include <optional>
#include <vector>

namespace hitlab {

/// Gizmo sizes in screen pixels at marker scale 1 (they grow with the View > font size).
inline constexpr double kArrowStartPixels = 22.0; ///< arrows start this far from the centre, so the centre moves freely
inline constexpr double kArrowEndPixels = 95.0;
inline constexpr double kRingPixels = 105.0;    ///< ring radius
inline constexpr double kGizmoPickPixels = 6.0; ///< arrows and rings within this distance are picked
inline constexpr int kRingSegments = 64;

/// One move arrow: world axis 0/1/2 and its shaft from `from` to the tip `to`.
struct GizmoArrow {
    int axis = 0;
    glm::dvec3 from{0.0}, to{0.0};
};

/// One rotate ring: world axis 0/1/2 and kRingSegments points of the closed circle about it.
struct GizmoRing {
    int axis = 0;
    std::vector<glm::dvec3> points;
};

/// World length that looks `pixels` long at depth of `p` (constant screen size).
double PixelsToWorldAt(const Camera& camera, const glm::dvec3& p, double pixels);

/// The centre the gizmo sits on: a box's or oriented box's centre, a sphere's centre, a ray's
/// origin, a segment's midpoint; nullopt for a plane (it moves along its normal only: its normal
/// handle does that, and arrows across it would do nothing).
std::optional<glm::dvec3> GizmoCenter(const Shape& shape);

/// The move arrows at `center`, from kArrowStartPixels to kArrowEndPixels along +x, +y, +z, times
/// `scale`. Left out: z in 2D mode, and any arrow seen so nearly end-on that it is shorter than a
/// quarter of its length on screen (it could not be aimed at).
std::vector<GizmoArrow> MoveArrows(const Camera& camera, const glm::dvec3& center, double scale = 1.0);

/// Index of the arrow whose shaft (tip included) passes nearest the cursor within `tolerance`
/// pixels on screen, or -1.
int PickArrow(const Camera& camera, const std::vector<GizmoArrow>& arrows, glm::dvec2 cursor,
              double tolerance = kGizmoPickPixels);

/// The rotate rings at `center` of radius kRingPixels * scale on screen: about x, y and z, or z
/// only in 2D mode (the others would turn the box out of the z = 0 plane). Left out: a ring seen
/// so nearly edge-on that its narrow side is under a quarter of its radius (a line through the
/// centre, around which no angle can be swept).
std::vector<GizmoRing> RotateRings(const Camera& camera, const glm::dvec3& center, double scale = 1.0);

/// Index of the ring whose outline passes nearest the cursor within `tolerance` pixels, or -1.
int PickRing(const Camera& camera, const std::vector<GizmoRing>& rings, glm::dvec2 cursor,
             double tolerance = kGizmoPickPixels);

/// The angle (radians, right-handed about +axis) that turns a shape as the cursor sweeps from
/// `from` to `to` around the centre's projection: the swept screen angle, positive when the
/// sweep is counter-clockwise as seen with the axis pointing at the viewer. 0 when either cursor
/// lies within 2 pixels of the centre or the centre is behind the eye.
double RingAngle(const Camera& camera, const glm::dvec3& center, int axis, glm::dvec2 from, glm::dvec2 to);

} // namespace hitlab
