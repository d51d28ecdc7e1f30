// `hitlab eval`: answers query lines (JSON Lines on a stream) one by one, in order, per the
// query protocol (docs/protocol.md). A library function so tests can drive it directly.
#pragma once

#include <glm/glm.hpp>
#include <nlohmann/json.hpp>

#include <cstddef>
#include <istream>
#include <ostream>
#include <string>
#include <string_view>

namespace hitlab {

/// Reads the next line of in (without its '\n') into line, keeping at most limit bytes; tooLong
/// says whether the line had more (the rest is consumed, not stored). False at end of input.
bool ReadLine(std::istream& in, std::string& line, std::size_t limit, bool& tooLong);

/// The answer to one query line: the protocol's result object, or {"id", "error"}. ok is false
/// for an error line. Never throws. offset (--offset) moves both shapes of the query, in double,
/// before anything runs (core's Translated; the answer's values are those of the moved query).
nlohmann::ordered_json AnswerLine(std::string_view line, bool& ok, const glm::dvec3& offset = glm::dvec3(0.0));

/// Answers every line of in on out, one line each, in order, flushing after each. Returns the
/// exit status: 0 when every line was answered without error, 1 otherwise.
int RunEval(std::istream& in, std::ostream& out, const glm::dvec3& offset = glm::dvec3(0.0));

} // namespace hitlab
