// `hitlab eval`: answers query lines (JSON Lines on a stream) one by one, in order, per the
// query protocol (docs/protocol.md). A library function so tests can drive it directly.
#pragma once

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
/// for an error line. Never throws.
nlohmann::ordered_json AnswerLine(std::string_view line, bool& ok);

/// Answers every line of in on out, one line each, in order, flushing after each. Returns the
/// exit status: 0 when every line was answered without error, 1 otherwise.
int RunEval(std::istream& in, std::ostream& out);

} // namespace hitlab
