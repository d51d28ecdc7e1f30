// The Inspector's editing rules: which fields a shape has, validation with the protocol's own
// messages (a refused value keeps the last valid shape), and rotations in degrees for oriented
// boxes. GL-free.
#pragma once

#include "core/shapes.h"

#include <string>

namespace hitlab {

/// "" when the shape is valid, else the protocol's message for its first bad value
/// ("radius: must be >= 0, got -1"), so the Inspector and scene files refuse the same things.
std::string ValidateShape(const Shape& shape);

/// Rotation of an oriented box as XYZ Euler angles in degrees (axes = columns of Rx * Ry * Rz,
/// the convention of scene files' rotation_deg).
glm::dvec3 ObbRotationDegrees(const Obb<double>& box);
/// The box with its axes set from XYZ Euler angles in degrees.
Obb<double> WithRotationDegrees(Obb<double> box, const glm::dvec3& degrees);

} // namespace hitlab
