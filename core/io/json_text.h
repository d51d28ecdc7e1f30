// Scanning JSON text before and after the parser: how deep arrays and objects nest, where a number
// overflows a double, and the line and column of a byte offset. Shared by the query lines
// (protocol.cpp) and the scene files (scene_file.cpp), so both refuse the same texts.
#pragma once

#include "error.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace hitlab::detail {

/// Line and column (1-based) of a byte offset in text.
std::pair<std::size_t, std::size_t> LineColumn(std::string_view text, std::size_t offset);

/// Offset of the first '[' or '{' (outside strings) that nests deeper than limit, or npos. Checked
/// before parsing, it keeps recursion in the JSON library (copies, comparisons) shallow.
std::size_t TooDeep(std::string_view text, int limit);

/// Offset of the first number whose magnitude overflows a double, for the message; 0 when none is found.
std::size_t NumberOverflowOffset(std::string_view text);

/// Parses a whole JSON document, or sets error to where (its line and column: "line 3, column 14")
/// and why not: nesting deeper than maxDepth ("arrays and objects nest deeper than 128 levels"), a
/// number that overflows a double, or broken JSON (nlohmann's message, a long quoted token cut
/// to its last 40 characters).
/// `onBytes`, when given, is called with the number of bytes parsed so far, about every 256 KiB
/// (a progress bar's source); it may throw to stop the parse, and that exception passes through.
std::optional<nlohmann::json> ParseJsonDocument(std::string_view text, int maxDepth, IoError& error,
                                                const std::function<void(std::size_t)>& onBytes = {});

} // namespace hitlab::detail
