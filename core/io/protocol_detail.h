// Internal helpers of core/io's protocol readers (not part of the protocol API): the wording of
// error messages and the readers of numbers, vectors and shapes that report key paths.
#pragma once

#include "protocol.h"

#include <string>
#include <string_view>
#include <vector>

namespace hitlab::detail {

/// Shortest text that reads back to v ("0.1", "1e+39"); "nan", "inf", "-inf" for the rest.
std::string NumberText(double v);
/// text in double quotes, cut to 40 characters.
std::string Quote(std::string_view text);
/// What a JSON value is, for messages: `string "NaN"`, `an array of 6 elements`, `-1`.
std::string Describe(const nlohmann::json& v);
/// "a, b, c".
std::string Join(const std::vector<std::string_view>& names);
/// Every family name, joined.
std::string FamilyNames();
/// "[x, y, z]".
std::string VecText(const glm::dvec3& v);

// Readers: each returns "" or the error naming path.
std::string ReadNumber(const nlohmann::json& v, const std::string& path, double& out);
std::string ReadVec3(const nlohmann::json& v, const std::string& path, glm::dvec3& out);

/// ParseShape, and when expected is not empty, the error `path.type: expected "aabb" for
/// ray_aabb, got "sphere"` before anything else of the shape is read.
Parsed<Shape> ParseShapeExpecting(const nlohmann::json& j, const std::string& path, std::string_view expected,
                                  std::string_view family, std::vector<std::string>* warnings);

} // namespace hitlab::detail
