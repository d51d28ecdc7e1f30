// Scanning JSON text around the parser (json_text.h).
#include "json_text.h"

#include <cmath>
#include <cstdlib>
#include <string>

namespace hitlab::detail {

namespace {

/// Follows a JSON text one character at a time and tells which characters lie outside strings
/// (the quotes themselves count as inside).
struct Strings {
    bool inString = false, escaped = false;

    bool Outside(char c)
    {
        if (inString) {
            if (escaped) {
                escaped = false;
            } else if (c == '\\') {
                escaped = true;
            } else if (c == '"') {
                inString = false;
            }
            return false;
        }
        inString = c == '"';
        return !inString;
    }
};

/// "line 3, column 14" of a byte offset.
std::string At(std::string_view text, std::size_t offset)
{
    const auto [line, column] = LineColumn(text, offset);
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

std::optional<nlohmann::json> Fail(IoError& error, std::string where, std::string what)
{
    error = {std::move(where), std::move(what)};
    return std::nullopt;
}

} // namespace

/// Line and column (1-based) of a byte offset in text.
std::pair<std::size_t, std::size_t> LineColumn(std::string_view text, std::size_t offset)
{
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return {line, column};
}

/// Offset of the first '[' or '{' (outside strings) that nests deeper than limit, or npos. Keeps
/// recursion in the JSON library (copies, comparisons) shallow.
std::size_t TooDeep(std::string_view text, int limit)
{
    int depth = 0;
    Strings strings;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (!strings.Outside(c)) {
            continue;
        }
        if ((c == '[' || c == '{') && ++depth > limit) {
            return i;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return std::string_view::npos;
}

/// Offset of the first number whose magnitude overflows a double, for the message; 0 when none is found.
std::size_t NumberOverflowOffset(std::string_view text)
{
    Strings strings;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (strings.Outside(c) && (c == '-' || (c >= '0' && c <= '9'))) {
            const std::size_t end = text.find_first_of(",]} \t\r\n", i);
            const std::string number(text.substr(i, end == std::string_view::npos ? text.size() - i : end - i));
            if (!std::isfinite(std::strtod(number.c_str(), nullptr))) {
                return i;
            }
            i = end == std::string_view::npos ? text.size() : end;
        }
    }
    return 0;
}

std::optional<nlohmann::json> ParseJsonDocument(std::string_view text, int maxDepth, IoError& error)
{
    if (const std::size_t at = TooDeep(text, maxDepth); at != std::string_view::npos) {
        return Fail(error, At(text, at), "arrays and objects nest deeper than " + std::to_string(maxDepth) + " levels");
    }
    try {
        return nlohmann::json::parse(text.begin(), text.end());
    } catch (const nlohmann::json::out_of_range&) { // a number too large for a double (1e400)
        return Fail(error, At(text, NumberOverflowOffset(text)),
                    "a number is too large for a double (every number must be finite)");
    } catch (const nlohmann::json::parse_error& e) {
        std::string what = e.what();
        const std::size_t cut = what.find(": syntax error");
        what = cut != std::string::npos ? what.substr(cut + 2) : what;
        // nlohmann quotes everything read of the current token ("last read: '...'"), which for an
        // unterminated string is the rest of the file: keep its last few characters
        const std::size_t quoteStart = what.find("last read: '");
        std::size_t quoteEnd = quoteStart == std::string::npos ? std::string::npos : what.find("'; ", quoteStart + 12);
        if (quoteStart != std::string::npos && quoteEnd == std::string::npos && what.back() == '\'') {
            quoteEnd = what.size() - 1; // the quote ends the message
        }
        constexpr std::size_t kKeep = 40;
        if (quoteEnd != std::string::npos && quoteEnd - (quoteStart + 12) > kKeep) {
            what = what.substr(0, quoteStart + 12) + "..." + what.substr(quoteEnd - kKeep);
        }
        return Fail(error, At(text, e.byte > 0 ? e.byte - 1 : 0), "broken JSON: " + what);
    }
}

} // namespace hitlab::detail
