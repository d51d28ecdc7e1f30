// Scanning JSON text around the parser (json_text.h).
#include "json_text.h"

#include <cmath>
#include <cstdlib>
#include <iterator>
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

/// A character iterator over the text that reports how far the parser has read (ParseJsonDocument's
/// onBytes): nlohmann's parser reads its input through any forward iterator of char.
class CountingIterator {
public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char*;
    using reference = const char&;

    static constexpr std::size_t kEvery = std::size_t(256) << 10;

    CountingIterator() = default;
    CountingIterator(const char* at, const char* begin, const std::function<void(std::size_t)>* onBytes)
        : m_at(at), m_begin(begin), m_next(begin + kEvery), m_onBytes(onBytes)
    {
    }

    reference operator*() const { return *m_at; }
    CountingIterator& operator++()
    {
        if (++m_at == m_next) {
            m_next += kEvery;
            (*m_onBytes)(std::size_t(m_at - m_begin));
        }
        return *this;
    }
    CountingIterator operator++(int)
    {
        CountingIterator before = *this;
        ++*this;
        return before;
    }
    bool operator==(const CountingIterator& other) const { return m_at == other.m_at; }

private:
    const char* m_at = nullptr;
    const char* m_begin = nullptr;
    const char* m_next = nullptr;
    const std::function<void(std::size_t)>* m_onBytes = nullptr;
};

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

std::optional<nlohmann::json> ParseJsonDocument(std::string_view text, int maxDepth, IoError& error,
                                                const std::function<void(std::size_t)>& onBytes)
{
    if (const std::size_t at = TooDeep(text, maxDepth); at != std::string_view::npos) {
        return Fail(error, At(text, at), "arrays and objects nest deeper than " + std::to_string(maxDepth) + " levels");
    }
    try {
        if (onBytes) {
            const char* begin = text.data();
            return nlohmann::json::parse(CountingIterator(begin, begin, &onBytes),
                                         CountingIterator(begin + text.size(), begin, &onBytes));
        }
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
