// rotation_deg: Euler angles in degrees to an obb's axes, reduced exactly modulo 360 first.
#include "rotation.h"

#include <glm/gtx/euler_angles.hpp>

#include <cmath>

namespace hitlab {

std::array<Vec3<double>, 3> AxesFromRotationDegrees(const glm::dvec3& degrees)
{
    // exact reduction first: radians(x) of a huge x would keep only its rounding error
    const glm::dvec3 turn{std::fmod(degrees.x, 360.0), std::fmod(degrees.y, 360.0), std::fmod(degrees.z, 360.0)};
    const glm::dmat4 m = glm::eulerAngleXYZ(glm::radians(turn.x), glm::radians(turn.y), glm::radians(turn.z));
    return {glm::dvec3(m[0]), glm::dvec3(m[1]), glm::dvec3(m[2])};
}

} // namespace hitlab
