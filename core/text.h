// Numbers and vectors as text: the one way HitLab writes them in messages, tables, reports and
// generated code. Vectors are written as the protocol writes them, "[x, y, z]", so that any vector
// a message shows can be pasted back into a query line or a scene file.
#pragma once

#include "algorithm.h"

#include <glm/vec3.hpp>

#include <string>

namespace hitlab {

/// The shortest text that reads back as the same double ("0.1", "1e+39", "-0"); "nan", "inf",
/// "-inf" for the values JSON cannot hold.
std::string NumberText(double v);
/// The shortest text that reads back as the same value in `precision`: a float's "0.1", not the
/// "0.10000000149011612" of its double. v must be a float's value when precision is Float.
std::string NumberText(double v, Precision precision);
/// Text for reading: the shortest of at most maxDigits significant digits that reads back as the
/// same double, else v rounded to maxDigits digits ("0.333333" at 6); "nan", "inf", "-inf". Whole
/// numbers below 10^maxDigits are written out ("10", "120000", not "1e+01", "1.2e+05").
std::string ShortNumber(double v, int maxDigits = 6);

/// "[x, y, z]" of NumberText.
std::string VecText(const glm::dvec3& v);
/// "[x, y, z]" of NumberText in `precision`.
std::string VecText(const glm::dvec3& v, Precision precision);
/// "[x, y, z]" of ShortNumber.
std::string ShortVecText(const glm::dvec3& v, int maxDigits = 6);

/// A count and its noun, singular for exactly one: "1 query", "0 queries", "2 shapes".
std::string CountText(size_t n, const char* singular, const char* plural);

} // namespace hitlab
