// Inspector validation through the protocol's shape reader, and Euler angles for oriented boxes.
#include "shape_edit.h"

#include "core/io/protocol.h"
#include "core/io/scene_file.h"
#include "core/rotation.h"

#include <glm/gtx/euler_angles.hpp>
#include <glm/mat3x3.hpp>

#include <cmath>

namespace hitlab {

std::string ValidateShape(const Shape& shape)
{
    // non-finite values do not survive JSON (nlohmann writes null): catch them first
    bool finite = true;
    std::visit(
        [&](const auto& g) {
            const auto* p = reinterpret_cast<const double*>(&g);
            for (size_t i = 0; i < sizeof(g) / sizeof(double); ++i) {
                finite = finite && std::isfinite(p[i]);
            }
        },
        shape);
    if (!finite) {
        return "every value must be a finite number";
    }
    const Parsed<Shape> parsed = ParseShape(ShapeToJson(shape), "shape");
    if (parsed.Ok()) {
        return "";
    }
    // "shape.radius: ..." -> "radius: ..."
    IoError e = parsed.error;
    if (const std::string prefix = "shape."; e.where.rfind(prefix, 0) == 0) {
        e.where.erase(0, prefix.size());
    }
    return ErrorText(e);
}

glm::dvec3 ObbRotationDegrees(const Obb<double>& box)
{
    const glm::dmat3 m(box.axes[0], box.axes[1], box.axes[2]);
    double x = 0, y = 0, z = 0;
    glm::extractEulerAngleXYZ(glm::dmat4(m), x, y, z);
    const glm::dvec3 deg = glm::dvec3(x, y, z) * (180.0 / M_PI);
    // tidy -0 and values within rounding of integers so the fields read as typed
    glm::dvec3 out;
    for (int i = 0; i < 3; ++i) {
        const double r = std::round(deg[i]);
        out[i] = (std::abs(deg[i] - r) < 1e-9 ? r : deg[i]) + 0.0;
    }
    return out;
}

Obb<double> WithRotationDegrees(Obb<double> box, const glm::dvec3& degrees)
{
    box.axes = AxesFromRotationDegrees(degrees);
    return box;
}

} // namespace hitlab
