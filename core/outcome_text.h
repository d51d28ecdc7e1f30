// Outcomes named in words for traces and verdicts: the degenerate contacts a student must be told
// about (a ray that grazes a corner or an edge, runs along a face, starts on the boundary; boxes
// that only touch) and the overlap families' normal convention.
#pragma once

#include <glm/vec3.hpp>

#include <string>

namespace hitlab {

/// The overlap families' normal in words, as every overlap result defines it (core/result.h).
inline constexpr const char* kNormalConvention =
    "the normal points from a to b: move b by +depth along it (or a by -depth) to separate them";

/// The convention with the values of one result: "normal [1, 0, 0] points from a to b: move b by
/// +0.5 along it to separate them".
std::string NormalConventionText(const glm::dvec3& normal, double depth);

/// Where a slab-method hit meets the box's planes, as the method computed it.
struct CastContact {
    double tEnter = 0, tExit = 0;
    int enterPlanes = 0;           ///< the axes (0 to 3) one of whose two planes holds the entry point
    bool originOnBoundary = false; ///< tEnter is the start of the allowed range and the origin lies on a plane
    int alongFaceAxis = -1;        ///< an axis the cast is parallel to, its line lying in one of that slab's planes
};

/// The verdict of a degenerate hit, "" when the hit is not one: entry and exit at the same t
/// ("hit: the ray grazes the corner: enters and leaves at t = 1", "... grazes an edge ...", "...
/// touches the box at one point ..."; the origin on the boundary and leaving at once), the line in a
/// face's plane ("hit: the ray runs along a y face, in its plane (touches the face): enters at t = 0,
/// exits at t = 2"), or the origin on the boundary ("hit: the origin is on the boundary: enters at
/// t = 0, exits at t = 1"). noun: "ray" or "segment".
std::string DegenerateHitSentence(const CastContact& contact, const char* noun);

} // namespace hitlab
