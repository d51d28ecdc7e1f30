// The fast reader's scanner (capture_fast.cpp): a cursor over one line of JSON that reads
// objects, arrays of three numbers, plain strings and literals, and returns false on anything it
// does not read exactly as nlohmann does (the caller then leaves the line to the full parser).
#pragma once

#include <glm/vec3.hpp>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string_view>

namespace hitlab::capture_fast {

/// Whether text is the literal word (a length known at compile time: no call to memcmp).
template <std::size_t N>
bool Is(std::string_view text, const char (&word)[N])
{
    return text.size() == N - 1 && std::memcmp(text.data(), word, N - 1) == 0;
}

/// Eight ASCII digits at p into value, in a few multiplications instead of a chain of eight
/// (the well-known SWAR method); false when one of the eight bytes is not a digit.
inline bool EightDigits(const char* p, std::uint64_t& value)
{
    if constexpr (std::endian::native != std::endian::little) {
        return false; // the digits one by one
    }
    std::uint64_t x = 0;
    std::memcpy(&x, p, 8);
    if ((((x + 0x4646464646464646) | (x - 0x3030303030303030)) & 0x8080808080808080) != 0) {
        return false;
    }
    // little-endian: the first digit is the lowest byte
    x -= 0x3030303030303030;
    x = x * 10 + (x >> 8);
    x = (((x & 0x000000FF000000FF) * (100 + (1000000ULL << 32))) +
         (((x >> 16) & 0x000000FF000000FF) * (1 + (10000ULL << 32)))) >>
        32;
    value = x & 0xFFFFFFFF;
    return true;
}

/// The digits at p (up to end) into mantissa (wrapping past 19 of them), p past them.
inline void Digits(const char*& p, const char* end, std::uint64_t& mantissa)
{
    std::uint64_t eight = 0;
    while (end - p >= 8 && EightDigits(p, eight)) {
        mantissa = mantissa * 100000000 + eight;
        p += 8;
    }
    for (; p < end && unsigned(*p - '0') <= 9; ++p) {
        mantissa = mantissa * 10 + unsigned(*p - '0');
    }
}

/// A cursor over the line; every reader returns false on anything it does not read.
struct Cursor {
    const char* p;
    const char* end;

    void Space()
    {
        while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')) {
            ++p;
        }
    }
    bool Char(char c)
    {
        Space();
        if (p < end && *p == c) {
            ++p;
            return true;
        }
        return false;
    }
    bool Peek(char c)
    {
        Space();
        return p < end && *p == c;
    }
    /// A string without escapes or control characters.
    bool String(std::string_view& out)
    {
        if (!Char('"')) {
            return false;
        }
        const char* start = p;
        while (p < end && *p != '"') {
            // escapes, control characters and anything beyond ASCII (nlohmann checks UTF-8) are left to it
            if (*p == '\\' || static_cast<unsigned char>(*p) < 0x20 || static_cast<unsigned char>(*p) >= 0x80) {
                return false;
            }
            ++p;
        }
        if (p == end) {
            return false;
        }
        out = std::string_view(start, std::size_t(p - start));
        ++p;
        return true;
    }
    template <std::size_t N>
    bool Literal(const char (&word)[N])
    {
        Space();
        if (std::size_t(end - p) < N - 1 || std::memcmp(p, word, N - 1) != 0) {
            return false;
        }
        p += N - 1;
        return true;
    }
    /// A JSON number token (strict grammar); integer is set when it has no fraction or exponent.
    bool NumberToken(std::string_view& token, bool& integer)
    {
        Space();
        const char* s = p;
        const char* q = p;
        if (q < end && *q == '-') {
            ++q;
        }
        if (q == end || *q < '0' || *q > '9') {
            return false;
        }
        if (*q == '0') {
            ++q;
        } else {
            while (q < end && *q >= '0' && *q <= '9') {
                ++q;
            }
        }
        integer = true;
        if (q < end && *q == '.') {
            integer = false;
            const char* digits = ++q;
            while (q < end && *q >= '0' && *q <= '9') {
                ++q;
            }
            if (q == digits) {
                return false;
            }
        }
        if (q < end && (*q == 'e' || *q == 'E')) {
            integer = false;
            ++q;
            if (q < end && (*q == '+' || *q == '-')) {
                ++q;
            }
            const char* digits = q;
            while (q < end && *q >= '0' && *q <= '9') {
                ++q;
            }
            if (q == digits) {
                return false;
            }
        }
        token = std::string_view(s, std::size_t(q - s));
        p = q;
        return true;
    }
    /// A finite number as nlohmann gives it as a double: a short one by Clinger's fast path (a
    /// mantissa below 2^53 and a power of ten up to 1e22 are exact, one rounding), others by from_chars.
    bool Number(double& out)
    {
        Space();
        const char* start = p;
        const bool negative = p < end && *p == '-';
        p += negative ? 1 : 0;
        if (p == end || *p < '0' || *p > '9') {
            return false;
        }
        // the digits into mantissa (exact while there are at most 19 of them)
        std::uint64_t mantissa = 0;
        std::ptrdiff_t digits = 0;
        if (*p == '0') {
            ++p;
        } else {
            const char* first = p;
            Digits(p, end, mantissa);
            digits = p - first;
        }
        bool integer = true;
        int exponent = 0;
        if (p < end && *p == '.') {
            integer = false;
            const char* first = ++p;
            Digits(p, end, mantissa);
            if (p == first) {
                return false;
            }
            digits += p - first;
            exponent = -int(p - first);
        }
        if (p < end && (*p == 'e' || *p == 'E')) {
            integer = false;
            ++p;
            const bool minus = p < end && *p == '-';
            p += p < end && (*p == '+' || *p == '-') ? 1 : 0;
            const char* first = p;
            int e = 0;
            for (; p < end && unsigned(*p - '0') <= 9; ++p) {
                e = e < 100000 ? e * 10 + (*p - '0') : e;
            }
            if (p == first) {
                return false;
            }
            exponent += minus ? -e : e;
        }
        const bool exactMantissa = digits <= 19;
        if (integer && exactMantissa && mantissa == 0) {
            out = 0.0; // an integer zero, "-0" included, is +0
            return true;
        }
        static constexpr double kTens[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                           1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
        if (exactMantissa && mantissa <= (std::uint64_t(1) << 53) && exponent >= -22 && exponent <= 22) {
            const double m = double(mantissa);
            out = exponent < 0 ? m / kTens[-exponent] : m * kTens[exponent];
            out = negative ? -out : out;
            return true;
        }
        const auto r = std::from_chars(start, p, out);
        if (r.ec != std::errc() || r.ptr != p || !std::isfinite(out)) {
            return false;
        }
        out = integer && out == 0 ? 0.0 : out; // an integer zero is +0
        return true;
    }
    bool Integer(std::int64_t& out)
    {
        std::string_view token;
        bool integer = false;
        if (!NumberToken(token, integer) || !integer) {
            return false;
        }
        const auto r = std::from_chars(token.data(), token.data() + token.size(), out);
        return r.ec == std::errc() && r.ptr == token.data() + token.size();
    }
    bool Vec3(glm::dvec3& out)
    {
        return Char('[') && Number(out.x) && Char(',') && Number(out.y) && Char(',') && Number(out.z) && Char(']');
    }
    /// A result number: a number, or the strings "inf" and "-inf".
    bool ResultNumber(double& out)
    {
        if (Peek('"')) {
            std::string_view s;
            if (!String(s) || (!Is(s, "inf") && !Is(s, "-inf"))) {
                return false;
            }
            out = (Is(s, "inf") ? 1.0 : -1.0) * std::numeric_limits<double>::infinity();
            return true;
        }
        return Number(out);
    }
    bool ResultVec3(glm::dvec3& out)
    {
        return Char('[') && ResultNumber(out.x) && Char(',') && ResultNumber(out.y) && Char(',') &&
               ResultNumber(out.z) && Char(']');
    }
    /// Calls member(key) for each member of an object; false when member does or the object is malformed.
    template <typename Member>
    bool Object(Member&& member)
    {
        if (!Char('{')) {
            return false;
        }
        if (Char('}')) {
            return true;
        }
        do {
            std::string_view key;
            if (!String(key) || !Char(':') || !member(key)) {
                return false;
            }
        } while (Char(','));
        return Char('}');
    }
};

/// Marks bit in seen; false when it was set (a repeated key).
inline bool Once(std::uint32_t& seen, std::uint32_t bit)
{
    if ((seen & bit) != 0) {
        return false;
    }
    seen |= bit;
    return true;
}
} // namespace hitlab::capture_fast
