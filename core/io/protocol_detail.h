// Internal helpers of core/io's protocol readers (not part of the protocol API): the wording of
// error messages (numbers and vectors as core/text.h writes them) and the readers of numbers, vectors and shapes that
// report key paths.
#pragma once

#include "protocol.h"

#include "core/text.h"

#include <string>
#include <string_view>
#include <vector>

namespace hitlab::detail {

/// text in double quotes, cut to 40 characters.
std::string Quote(std::string_view text);
/// What a JSON value is, for messages: `string "NaN"`, `an array of 6 elements`, `-1`.
std::string Describe(const nlohmann::json& v);
/// "a, b, c".
std::string Join(const std::vector<std::string_view>& names);
/// Every family name, joined.
std::string FamilyNames();

// Readers: each returns "" or the error naming path.
IoError ReadNumber(const nlohmann::json& v, const std::string& path, double& out);
IoError ReadVec3(const nlohmann::json& v, const std::string& path, glm::dvec3& out);
/// A triangle's "vertices" (protocol_mesh.cpp).
IoError ReadTriangle(const nlohmann::json& j, const std::string& path, Triangle<double>& out);
/// A mesh's "vertices" and "triangles", or its "file" through the ScopedMeshFileReader.
IoError ReadMesh(const nlohmann::json& j, const std::string& path, Mesh<double>& out);
/// A convex shape's "points" (one or more [x, y, z], at most kMaxConvexPoints).
IoError ReadConvex(const nlohmann::json& j, const std::string& path, Convex<double>& out);

/// ParseShape, and when expected is not empty, the error `path.type: expected "aabb" for
/// ray_aabb, got "sphere"` before anything else of the shape is read.
Parsed<Shape> ParseShapeExpecting(const nlohmann::json& j, const std::string& path, std::string_view expected,
                                  std::string_view family, std::vector<std::string>* warnings);

/// The given answers of an eval line ("answer" or "answers", and "conventions") into out.answers
/// and out.conventions (protocol_answer.cpp).
IoError ReadAnswers(const nlohmann::json& j, Family family, ParsedQuery& out);
/// The capture keys a recorded line may carry, checked: "frame" (an integer), "time" (a number),
/// "where" (a string).
IoError ReadCaptureKeys(const nlohmann::json& j);

} // namespace hitlab::detail
