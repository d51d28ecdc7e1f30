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

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

/// mantissa × 10^exponent (|exponent| <= 27) rounded to double, through the x87's 64-bit
/// significand: mantissa (below 2^64) and 10^|exponent| (5^27 < 2^64) are exact there, so the
/// product or quotient is rounded once, to 64 bits. Rounding that to double gives the correctly
/// rounded double unless it landed exactly halfway between two doubles (its 11 bits below the
/// double's are 10000000000): each halfway point has 54 bits, so it is representable in 64, and a
/// value rounded to 64 bits stays on its side of every one it does not land on. Then, and where
/// long double is not the 64-bit x87 format, false: the caller leaves the number to from_chars.
inline bool ExtendedScale(std::uint64_t mantissa, int exponent, double& out)
{
    if constexpr (std::numeric_limits<long double>::digits != 64 || std::endian::native != std::endian::little) {
        return false;
    } else {
        static constexpr long double kTens[] = {1e0L,  1e1L,  1e2L,  1e3L,  1e4L,  1e5L,  1e6L,  1e7L,  1e8L,  1e9L,
                                                1e10L, 1e11L, 1e12L, 1e13L, 1e14L, 1e15L, 1e16L, 1e17L, 1e18L, 1e19L,
                                                1e20L, 1e21L, 1e22L, 1e23L, 1e24L, 1e25L, 1e26L, 1e27L};
        const long double m = static_cast<long double>(mantissa);
        const long double r = exponent < 0 ? m / kTens[-exponent] : m * kTens[exponent];
        std::uint64_t significand = 0; // the x87 format's first 8 bytes (little-endian)
        std::memcpy(&significand, &r, sizeof significand);
        if ((significand & 0x7FF) == 0x400) {
            return false;
        }
        out = static_cast<double>(r);
        return true;
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
        if (p < end && *p == c) { // what a recorder writes: no space before it
            ++p;
            return true;
        }
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
#if defined(__SSE2__)
        // 16 bytes at a time to the first quote, backslash, control character or non-ASCII byte
        // (as signed bytes, both of the last two are below 0x20); the loop below then looks at it
        const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'), space = _mm_set1_epi8(0x20);
        while (end - p >= 16) {
            const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
            const __m128i stop =
                _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(bytes, quote), _mm_cmpeq_epi8(bytes, backslash)),
                             _mm_cmplt_epi8(bytes, space));
            if (const int mask = _mm_movemask_epi8(stop); mask != 0) {
                p += std::countr_zero(unsigned(mask));
                break;
            }
            p += 16;
        }
#endif
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
        // 16 to 19 digits (what %.17g writes): the x87's 64-bit significand, when it decides
        if (exactMantissa && exponent >= -27 && exponent <= 27 && ExtendedScale(mantissa, exponent, out)) {
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
