// Camera math (no GL).
#include "camera.h"

#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>
#include <cmath>

namespace hitlab {

namespace {

double Yaw(const Camera& c) { return c.view2d ? 0.0 : glm::radians(c.yawDeg); }
double Pitch(const Camera& c) { return c.view2d ? 0.0 : glm::radians(c.pitchDeg); }
double HalfHeightAtTarget(const Camera& c) { return c.distance * std::tan(glm::radians(c.fovYDeg) * 0.5); }
double Aspect(const Camera& c) { return c.viewport.x / std::max(c.viewport.y, 1.0); }

} // namespace

Camera CameraFromState(const CameraState& state, glm::dvec2 viewport)
{
    Camera c;
    c.target = state.target;
    c.distance = state.distance;
    c.yawDeg = state.yawDeg;
    c.pitchDeg = state.pitchDeg;
    c.orthographic = state.orthographic;
    c.view2d = state.view2d;
    c.viewport = viewport;
    return c;
}

CameraState CameraToState(const Camera& c)
{
    return CameraState{c.target, c.distance, c.yawDeg, c.pitchDeg, c.orthographic, c.view2d};
}

CameraBasis Basis(const Camera& c)
{
    const double yaw = Yaw(c), pitch = Pitch(c);
    // written from yaw and pitch directly, so the top view (pitch 90) keeps a well-defined up
    const glm::dvec3 toEye{std::cos(pitch) * std::sin(yaw), std::sin(pitch), std::cos(pitch) * std::cos(yaw)};
    CameraBasis b;
    b.forward = -toEye;
    b.right = {std::cos(yaw), 0.0, -std::sin(yaw)};
    b.up = glm::cross(b.right, b.forward);
    return b;
}

glm::dvec3 EyePosition(const Camera& c) { return c.target - Basis(c).forward * c.distance; }

glm::dvec2 ClipRange(const Camera& c)
{
    const double farDistance = c.distance * 200.0 + 100.0;
    if (IsOrthographic(c)) {
        return {-farDistance, farDistance};
    }
    return {c.distance * 0.01, farDistance};
}

glm::dmat4 ViewMatrix(const Camera& c)
{
    const CameraBasis b = Basis(c);
    return glm::lookAt(EyePosition(c), c.target, b.up);
}

glm::dmat4 ProjectionMatrix(const Camera& c)
{
    const glm::dvec2 range = ClipRange(c);
    if (IsOrthographic(c)) {
        const double h = HalfHeightAtTarget(c);
        const double w = h * Aspect(c);
        return glm::ortho(-w, w, -h, h, range.x, range.y);
    }
    return glm::perspective(glm::radians(c.fovYDeg), Aspect(c), range.x, range.y);
}

double WorldPerPixel(const Camera& c) { return 2.0 * HalfHeightAtTarget(c) / std::max(c.viewport.y, 1.0); }

std::optional<glm::dvec3> WorldToScreen(const Camera& c, const glm::dvec3& world)
{
    const glm::dvec4 clip = ViewProjection(c) * glm::dvec4(world, 1.0);
    if (clip.w <= 0.0) {
        return std::nullopt;
    }
    const glm::dvec3 ndc = glm::dvec3(clip) / clip.w;
    return glm::dvec3((ndc.x * 0.5 + 0.5) * c.viewport.x, (0.5 - ndc.y * 0.5) * c.viewport.y, ndc.z * 0.5 + 0.5);
}

Ray<double> ScreenRay(const Camera& c, glm::dvec2 screen)
{
    const CameraBasis b = Basis(c);
    const double wpp = WorldPerPixel(c);
    // offset from the screen centre on the plane through target facing the camera
    const glm::dvec3 onFocal =
        c.target + b.right * ((screen.x - c.viewport.x * 0.5) * wpp) + b.up * ((c.viewport.y * 0.5 - screen.y) * wpp);
    if (IsOrthographic(c)) {
        const double back = -ClipRange(c).x + c.distance;
        return Ray<double>{onFocal - b.forward * back, b.forward};
    }
    const glm::dvec3 eye = EyePosition(c);
    return Ray<double>{eye, glm::normalize(onFocal - eye)};
}

std::optional<std::pair<glm::dvec2, glm::dvec2>> ProjectSegment(const Camera& c, const glm::dvec3& a,
                                                                const glm::dvec3& b)
{
    glm::dvec3 p = a, q = b;
    if (!IsOrthographic(c)) {
        // clip to the near plane: keep the part with depth >= near
        const CameraBasis basis = Basis(c);
        const glm::dvec3 eye = EyePosition(c);
        const double nearDepth = ClipRange(c).x;
        const double dp = glm::dot(p - eye, basis.forward) - nearDepth;
        const double dq = glm::dot(q - eye, basis.forward) - nearDepth;
        if (dp < 0.0 && dq < 0.0) {
            return std::nullopt;
        }
        if (dp < 0.0) {
            p = p + (q - p) * (dp / (dp - dq));
        } else if (dq < 0.0) {
            q = q + (p - q) * (dq / (dq - dp));
        }
    }
    const auto sp = WorldToScreen(c, p);
    const auto sq = WorldToScreen(c, q);
    if (!sp || !sq) {
        return std::nullopt;
    }
    return std::make_pair(glm::dvec2(*sp), glm::dvec2(*sq));
}

double ScreenDistanceToSegment(glm::dvec2 p, glm::dvec2 a, glm::dvec2 b)
{
    const glm::dvec2 ab = b - a;
    const double len2 = glm::dot(ab, ab);
    const double s = len2 > 0.0 ? std::clamp(glm::dot(p - a, ab) / len2, 0.0, 1.0) : 0.0;
    return glm::length(p - (a + ab * s));
}

void Orbit(Camera& c, glm::dvec2 deltaPixels)
{
    if (c.view2d) {
        return;
    }
    constexpr double kDegreesPerPixel = 0.35;
    c.yawDeg = std::fmod(c.yawDeg - deltaPixels.x * kDegreesPerPixel, 360.0);
    c.pitchDeg = std::clamp(c.pitchDeg + deltaPixels.y * kDegreesPerPixel, -90.0, 90.0);
}

void Pan(Camera& c, glm::dvec2 deltaPixels)
{
    const CameraBasis b = Basis(c);
    const double wpp = WorldPerPixel(c);
    c.target += -b.right * (deltaPixels.x * wpp) + b.up * (deltaPixels.y * wpp);
}

void ZoomAt(Camera& c, double factor, glm::dvec2 screen)
{
    const CameraBasis b = Basis(c);
    const double wpp = WorldPerPixel(c);
    const glm::dvec3 under =
        c.target + b.right * ((screen.x - c.viewport.x * 0.5) * wpp) + b.up * ((c.viewport.y * 0.5 - screen.y) * wpp);
    const double newDistance = std::clamp(c.distance * factor, 1e-3, 1e5);
    const double applied = newDistance / c.distance;
    c.target = under + (c.target - under) * applied;
    c.distance = newDistance;
}

void Frame(Camera& c, const glm::dvec3& min, const glm::dvec3& max)
{
    c.target = (min + max) * 0.5;
    const double radius = std::max(glm::length(max - min) * 0.5, 0.25);
    const double halfFovY = glm::radians(c.fovYDeg) * 0.5;
    const double halfFovX = std::atan(std::tan(halfFovY) * Aspect(c));
    const double halfFov = std::min(halfFovY, halfFovX);
    // the bounding sphere fits the narrower field of view, with a small margin
    c.distance = radius / std::sin(halfFov) * 1.05;
}

void SetStandardView(Camera& c, StandardView view)
{
    c.view2d = false;
    switch (view) {
    case StandardView::Front:
        c.yawDeg = 0.0;
        c.pitchDeg = 0.0;
        break;
    case StandardView::Right:
        c.yawDeg = 90.0;
        c.pitchDeg = 0.0;
        break;
    case StandardView::Top:
        c.yawDeg = 0.0;
        c.pitchDeg = 90.0;
        break;
    }
}

} // namespace hitlab
