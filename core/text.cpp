// Numbers and vectors as text (text.h).
#include "text.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace hitlab {

namespace {

/// "nan", "inf", "-inf", or "" for a finite value.
const char* NonFiniteText(double v)
{
    if (std::isnan(v)) {
        return "nan";
    }
    if (std::isinf(v)) {
        return v > 0 ? "inf" : "-inf";
    }
    return "";
}

} // namespace

std::string NumberText(double v) { return NumberText(v, Precision::Double); }

std::string NumberText(double v, Precision precision)
{
    if (!std::isfinite(v)) {
        return NonFiniteText(v);
    }
    char buffer[64];
    const auto end = precision == Precision::Float
                         ? std::to_chars(buffer, buffer + sizeof buffer, static_cast<float>(v)).ptr
                         : std::to_chars(buffer, buffer + sizeof buffer, v).ptr;
    return std::string(buffer, end);
}

std::string ShortNumber(double v, int maxDigits)
{
    if (!std::isfinite(v)) {
        return NonFiniteText(v);
    }
    maxDigits = maxDigits < 1 ? 1 : maxDigits > 17 ? 17 : maxDigits;
    char text[40];
    for (int digits = 1; digits <= maxDigits; ++digits) {
        std::snprintf(text, sizeof text, "%.*g", digits, v);
        if (std::strtod(text, nullptr) == v) {
            // %g writes 10 at one digit as "1e+01": whole numbers below 10^maxDigits as such ("10")
            const int exponent = v == 0.0 ? 0 : int(std::floor(std::log10(std::abs(v))));
            if (exponent >= digits && exponent < maxDigits) {
                std::snprintf(text, sizeof text, "%.*g", exponent + 1, v);
            }
            return text;
        }
    }
    return text; // maxDigits significant digits
}

std::string VecText(const glm::dvec3& v) { return VecText(v, Precision::Double); }

std::string VecText(const glm::dvec3& v, Precision precision)
{
    return "[" + NumberText(v.x, precision) + ", " + NumberText(v.y, precision) + ", " + NumberText(v.z, precision) +
           "]";
}

std::string ShortVecText(const glm::dvec3& v, int maxDigits)
{
    return "[" + ShortNumber(v.x, maxDigits) + ", " + ShortNumber(v.y, maxDigits) + ", " + ShortNumber(v.z, maxDigits) +
           "]";
}

std::string CountText(size_t n, const char* singular, const char* plural)
{
    return std::to_string(n) + " " + (n == 1 ? singular : plural);
}

} // namespace hitlab
