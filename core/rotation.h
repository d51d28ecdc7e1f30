// The protocol's rotation_deg convention for oriented boxes: Euler angles in degrees to axes.
#pragma once

#include "shapes.h"

#include <array>

namespace hitlab {

/// The axes of an obb given as rotation_deg [rx, ry, rz]: the columns of Rx(rx) * Ry(ry) * Rz(rz)
/// applied to column vectors (what glm::eulerAngleXYZ builds from radians). Each angle is first
/// reduced modulo 360 with std::fmod, which is exact, so an angle of any finite size gives the same
/// axes as its remainder in (-360, 360) (90 + 360 * 2^40 turns like 90).
std::array<Vec3<double>, 3> AxesFromRotationDegrees(const glm::dvec3& degrees);

} // namespace hitlab
