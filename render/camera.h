// The viewport camera: a plain struct and free functions (view and projection matrices, screen <->
// world, framing, orbit / pan / zoom). Pure math on glm, no GL, so it is unit-tested headless.
// Conventions: world y is up; screen coordinates are window pixels from the top-left corner.
#pragma once

#include "core/scene.h"
#include "core/shapes.h"

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <optional>

namespace hitlab {

struct Camera {
    glm::dvec3 target{0.0}; ///< the point orbited around, at the centre of the screen
    double distance = 8.0;  ///< from the eye to target (ortho: sets the visible height)
    double yawDeg = 35.0;   ///< around +y; 0 looks along -z
    double pitchDeg = 25.0; ///< above the horizon, in [-90, 90]
    bool orthographic = false;
    bool view2d = false;                ///< orthographic view of the z = 0 plane (yaw = pitch = 0)
    double fovYDeg = 45.0;              ///< perspective vertical field of view
    glm::dvec2 viewport{1280.0, 720.0}; ///< window size in screen pixels (> 0)
};

/// The camera's unit axes in world space: forward (eye to target), right and up (screen up).
struct CameraBasis {
    glm::dvec3 forward, right, up;
};

enum class StandardView { Front, Right, Top };

Camera CameraFromState(const CameraState& state, glm::dvec2 viewport);
CameraState CameraToState(const Camera& camera);

/// Orthographic in effect (ortho flag or 2D mode).
inline bool IsOrthographic(const Camera& c) { return c.orthographic || c.view2d; }
CameraBasis Basis(const Camera& c);
glm::dvec3 EyePosition(const Camera& c);
/// Near and far clip distances along forward (near may be negative in orthographic views).
glm::dvec2 ClipRange(const Camera& c);
glm::dmat4 ViewMatrix(const Camera& c);
/// OpenGL clip space (z in [-w, w]).
glm::dmat4 ProjectionMatrix(const Camera& c);
inline glm::dmat4 ViewProjection(const Camera& c) { return ProjectionMatrix(c) * ViewMatrix(c); }
/// World length of one screen pixel at the target's depth.
double WorldPerPixel(const Camera& c);

/// A world point projected to the screen: x, y in pixels from the top-left, depth in [0, 1] for
/// visible points; nullopt when it lies behind the eye (perspective).
std::optional<glm::dvec3> WorldToScreen(const Camera& c, const glm::dvec3& world);
/// The ray through a screen pixel: unit direction; the origin is the eye (perspective) or lies
/// behind everything visible (orthographic), so every visible point has t > 0.
Ray<double> ScreenRay(const Camera& c, glm::dvec2 screen);
/// The segment a..b clipped to the front of the near plane and projected; nullopt when none of it
/// is in front. Used to pick and measure lines in screen space.
std::optional<std::pair<glm::dvec2, glm::dvec2>> ProjectSegment(const Camera& c, const glm::dvec3& a,
                                                                const glm::dvec3& b);
/// Distance in pixels from p to the screen segment a..b.
double ScreenDistanceToSegment(glm::dvec2 p, glm::dvec2 a, glm::dvec2 b);

/// Turns the view around target by a mouse motion in pixels (ignored in 2D mode).
void Orbit(Camera& c, glm::dvec2 deltaPixels);
/// Moves target so that the scene follows the mouse motion (in pixels).
void Pan(Camera& c, glm::dvec2 deltaPixels);
/// Scales the distance by factor (< 1 zooms in) keeping the world point under `screen` (on the
/// plane through target facing the camera) under the cursor.
void ZoomAt(Camera& c, double factor, glm::dvec2 screen);
/// Centres target on the box and sets the distance so that its bounding sphere fills the view.
void Frame(Camera& c, const glm::dvec3& min, const glm::dvec3& max);
/// Front (looking along -z), right (along -x) or top (along -y) view; leaves 2D mode.
void SetStandardView(Camera& c, StandardView view);

} // namespace hitlab
