// Small helpers the drawing files share: float conversion, colour tweaks, a finiteness test and
// the world length of a few pixels. One copy for render/ (a unity build compiles the folder's
// files together, so private copies of these would clash).
#pragma once

#include "camera.h"

#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include <algorithm>
#include <cmath>

namespace hitlab {

/// A world point or vector in the renderers' float.
inline glm::vec3 F(const glm::dvec3& v) { return glm::vec3(v); }
inline glm::vec4 WithAlpha(glm::vec4 c, float a) { return {c.x, c.y, c.z, a}; }
inline glm::vec4 Lighter(glm::vec4 c, float amount) { return glm::mix(c, glm::vec4(1.0f), amount); }
inline bool Finite(const glm::dvec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

/// A face's colour: lit by a fixed light from above and in front; back faces (whose winding normal
/// looks away from the light) darker. alpha: its opacity.
inline glm::vec4 ShadedFace(const glm::vec4& base, const glm::dvec3& normal, float alpha)
{
    const double length = glm::length(normal);
    const double lit = length > 0 ? glm::dot(normal / length, glm::normalize(glm::dvec3(0.3, 0.8, 0.5))) : 0.0;
    const float shade = float(0.55 + 0.45 * std::abs(lit));
    const float side = lit >= 0 ? 1.0f : 0.6f;
    return {base.x * shade * side, base.y * shade * side, base.z * shade * side, alpha};
}

/// World length that looks about `pixels` long at p.
inline double PixelsToWorld(const Camera& c, const glm::dvec3& p, double pixels)
{
    double depth = c.distance;
    if (!IsOrthographic(c)) {
        depth = std::max(glm::dot(p - EyePosition(c), Basis(c).forward), c.distance * 0.05);
    }
    return pixels * WorldPerPixel(c) * depth / c.distance;
}

} // namespace hitlab
