// The Inspector's editing rules: which fields a shape has, validation with the protocol's own
// messages (a refused value keeps the last valid shape), and rotations in degrees for oriented
// boxes. GL-free.
#pragma once

#include "core/shapes.h"

#include <string>
#include <vector>

namespace hitlab {

/// "" when the shape is valid, else the protocol's message for its first bad value
/// ("radius: must be >= 0, got -1"), so the Inspector and scene files refuse the same things.
std::string ValidateShape(const Shape& shape);

/// Numbers typed into an Inspector field, applied on Enter or when the field loses focus (never
/// half-typed): `values` when the text is `count` numbers (separated by commas or spaces), else
/// `error`: a word that is not a number, the wrong count, a value too large for a double ("1e400")
/// or beyond a float's range (the families run in float by default, where it would be infinity).
struct TypedNumbers {
    std::vector<double> values;
    std::string error;
};
TypedNumbers ParseTypedNumbers(const std::string& text, int count);

/// What an Inspector field shows for typing: each number's shortest text that reads back as the
/// same double ("0.1", "1e-07"), ", " between.
std::string TypedNumbersText(const double* values, int count);

/// Rotation of an oriented box as XYZ Euler angles in degrees (axes = columns of Rx * Ry * Rz,
/// the convention of scene files' rotation_deg).
glm::dvec3 ObbRotationDegrees(const Obb<double>& box);
/// The box with its axes set from XYZ Euler angles in degrees.
Obb<double> WithRotationDegrees(Obb<double> box, const glm::dvec3& degrees);

} // namespace hitlab
