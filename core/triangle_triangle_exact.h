// triangle_triangle: exact meeting tests of closed segments and triangles (degenerate ones
// included), in double, for the reference's verdict (core/triangle_triangle.cpp).
#pragma once

#include <glm/vec3.hpp>

#include <array>
#include <optional>

namespace hitlab::detail::tritri {

using Verts = std::array<glm::dvec3, 3>;

/// Whether the closed segments pq and ab (either may be a point) share a point, exactly; the
/// point (within rounding) when they do.
std::optional<glm::dvec3> SegmentsMeet(const glm::dvec3& p, const glm::dvec3& q, const glm::dvec3& a,
                                       const glm::dvec3& b);

/// Whether the closed segment pq (possibly a point) meets the closed triangle t (possibly
/// degenerate), exactly; a common point (within rounding) when it does.
std::optional<glm::dvec3> SegmentMeetsTriangle(const glm::dvec3& p, const glm::dvec3& q, const Verts& t);

} // namespace hitlab::detail::tritri
