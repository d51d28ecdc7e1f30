// Inspector validation through the protocol's shape reader, and Euler angles for oriented boxes.
#include "shape_edit.h"

#include "core/io/protocol.h"
#include "core/io/scene_file.h"
#include "core/rotation.h"
#include "core/text.h"

#include <glm/gtx/euler_angles.hpp>
#include <glm/mat3x3.hpp>

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace hitlab {

TypedNumbers ParseTypedNumbers(const std::string& text, int count)
{
    TypedNumbers out;
    std::vector<std::string> words;
    std::string word;
    for (char c : text + " ") {
        if (c == ',' || c == ' ' || c == '\t') {
            if (!word.empty()) {
                words.push_back(word);
            }
            word.clear();
        } else {
            word += c;
        }
    }
    if (int(words.size()) != count) {
        out.error =
            "expected " + CountText(size_t(count), "number", "numbers") + ", got " + std::to_string(words.size());
        return out;
    }
    constexpr double kFloatMax = double(std::numeric_limits<float>::max());
    for (const std::string& w : words) {
        errno = 0;
        char* end = nullptr;
        const double v = std::strtod(w.c_str(), &end);
        if (end == w.c_str() || *end != '\0' || std::isnan(v)) {
            out.error = "\"" + w + "\" is not a number";
            return out;
        }
        if (std::isinf(v) || (errno == ERANGE && std::abs(v) > 1.0)) {
            out.error = w + " is too large for a double";
            return out;
        }
        if (std::abs(v) > kFloatMax) {
            out.error = w + " overflows float (at most 3.40282347e+38): the families run in float by default";
            return out;
        }
        out.values.push_back(v);
    }
    return out;
}

std::string TypedNumbersText(const double* values, int count)
{
    std::string text;
    for (int i = 0; i < count; ++i) {
        text += (i == 0 ? "" : ", ") + NumberText(values[i]);
    }
    return text;
}

std::string ValidateShape(const Shape& shape)
{
    // non-finite values do not survive JSON (nlohmann writes null): catch them first
    bool finite = true;
    ForEachShapeNumber(shape, true, [&finite](double v) { finite = finite && std::isfinite(v); });
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
