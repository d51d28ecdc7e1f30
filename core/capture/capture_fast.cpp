// The fast reader of a capture's lines: a hand-written scanner for the JSON a recorder writes
// (objects, arrays of three numbers, plain strings, true, false, null), in any key order. It reads
// only what it can read exactly as the full parser does, and gives up (the caller falls back on
// ParseQuery) on anything else: an escape, an unknown or repeated key, a shape or field it does
// not know, a value the protocol rejects. Numbers convert as nlohmann does: a token without a
// fraction or exponent is an integer (so "-0" is +0), others are correctly rounded doubles.
#include "capture_line.h"

#include <array>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>

namespace hitlab {

namespace {

namespace fast {

/// Whether text is the literal word (a length known at compile time: no call to memcmp).
template <std::size_t N>
bool Is(std::string_view text, const char (&word)[N])
{
    return text.size() == N - 1 && std::memcmp(text.data(), word, N - 1) == 0;
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
        std::uint64_t mantissa = 0;
        int digits = 0, exponent = 0;
        bool exactDigits = true;
        const auto digit = [&](bool fraction) {
            const unsigned d = unsigned(*p - '0');
            if (digits < 19) {
                mantissa = mantissa * 10 + d;
                digits += mantissa != 0 ? 1 : 0;
                exponent -= fraction ? 1 : 0;
            } else {
                exactDigits = exactDigits && d == 0;
                exponent += fraction ? 0 : 1;
            }
        };
        const bool negative = p < end && *p == '-';
        p += negative ? 1 : 0;
        if (p == end || *p < '0' || *p > '9') {
            return false;
        }
        if (*p == '0') {
            ++p;
        } else {
            for (; p < end && *p >= '0' && *p <= '9'; ++p) {
                digit(false);
            }
        }
        bool integer = true;
        if (p < end && *p == '.') {
            integer = false;
            const char* first = ++p;
            for (; p < end && *p >= '0' && *p <= '9'; ++p) {
                digit(true);
            }
            if (p == first) {
                return false;
            }
        }
        if (p < end && (*p == 'e' || *p == 'E')) {
            integer = false;
            ++p;
            const bool minus = p < end && *p == '-';
            p += p < end && (*p == '+' || *p == '-') ? 1 : 0;
            const char* first = p;
            int e = 0;
            for (; p < end && *p >= '0' && *p <= '9'; ++p) {
                e = e < 100000 ? e * 10 + (*p - '0') : e;
            }
            if (p == first) {
                return false;
            }
            exponent += minus ? -e : e;
        }
        if (integer && mantissa == 0) {
            out = 0.0; // an integer zero, "-0" included, is +0
            return true;
        }
        static constexpr double kTens[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                           1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
        if (exactDigits && mantissa <= (std::uint64_t(1) << 53) && exponent >= -22 && exponent <= 22) {
            const double m = double(mantissa);
            out = exponent < 0 ? m / kTens[-exponent] : m * kTens[exponent];
            out = negative ? -out : out;
            return true;
        }
        const auto r = std::from_chars(start, p, out);
        return r.ec == std::errc() && r.ptr == p && std::isfinite(out);
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
bool Once(std::uint32_t& seen, std::uint32_t bit)
{
    if ((seen & bit) != 0) {
        return false;
    }
    seen |= bit;
    return true;
}

/// The members of the shapes the fast reader knows.
enum ShapeKey : std::uint32_t {
    kType = 1,
    kOrigin = 2,
    kDirection = 4,
    kStart = 8,
    kEnd = 16,
    kNormal = 32,
    kDistance = 64,
    kMin = 128,
    kMax = 256,
    kCenter = 512,
    kRadius = 1024,
    kPosition = 2048,
};

struct ShapeFields {
    std::string_view type;
    glm::dvec3 v[2]{};
    double s = 0;
};

bool ShapeMember(Cursor& c, std::string_view key, std::uint32_t& seen, ShapeFields& f)
{
    const auto vec = [&]<std::size_t N>(const char(&name)[N], std::uint32_t bit, int slot) {
        return Is(key, name) && Once(seen, bit) && c.Vec3(f.v[slot]);
    };
    switch (key.empty() ? '\0' : key[0]) {
    case 't':
        return Is(key, "type") && Once(seen, kType) && c.String(f.type);
    case 'o':
        return vec("origin", kOrigin, 0);
    case 'd':
        return Is(key, "direction") ? vec("direction", kDirection, 1)
                                    : Is(key, "distance") && Once(seen, kDistance) && c.Number(f.s);
    case 'm':
        return Is(key, "min") ? vec("min", kMin, 0) : vec("max", kMax, 1);
    case 's':
        return vec("start", kStart, 0);
    case 'e':
        return vec("end", kEnd, 1);
    case 'n':
        return vec("normal", kNormal, 0);
    case 'c':
        return vec("center", kCenter, 0);
    case 'r':
        return Is(key, "radius") && Once(seen, kRadius) && c.Number(f.s);
    case 'p':
        return vec("position", kPosition, 0);
    default:
        return false;
    }
}

/// A shape of the expected type, valid as ParseShape checks it.
bool FastShape(const ShapeFields& f, std::uint32_t seen, std::string_view expected, Shape& out)
{
    if (f.type != expected) {
        return false;
    }
    const glm::dvec3 &x = f.v[0], &y = f.v[1];
    if (Is(f.type, "ray") && seen == (kType | kOrigin | kDirection) && y != glm::dvec3(0)) {
        out = Ray<double>{x, y};
    } else if (Is(f.type, "segment") && seen == (kType | kStart | kEnd)) {
        out = Segment<double>{x, y};
    } else if (Is(f.type, "plane") && seen == (kType | kNormal | kDistance) && x != glm::dvec3(0)) {
        out = Plane<double>{x, f.s};
    } else if (Is(f.type, "aabb") && seen == (kType | kMin | kMax) && x.x <= y.x && x.y <= y.y && x.z <= y.z) {
        out = Aabb<double>{x, y};
    } else if (Is(f.type, "sphere") && seen == (kType | kCenter | kRadius) && f.s >= 0) {
        out = Sphere<double>{x, f.s};
    } else if (Is(f.type, "point") && seen == (kType | kPosition)) {
        out = Point<double>{x};
    } else {
        return false;
    }
    return true;
}

/// The answer's members, read into a GivenAnswer; the family is checked afterwards (AnswerFits).
bool AnswerMember(Cursor& c, std::string_view key, std::uint32_t& seen, GivenAnswer& a)
{
    Result& r = a.result;
    const auto number = [&](std::uint32_t bit, double& value) {
        if (!Once(seen, bit)) {
            return false;
        }
        if (c.Literal("null")) {
            return true;
        }
        a.returns |= bit;
        return c.ResultNumber(value);
    };
    const auto vector = [&](std::uint32_t bit, glm::dvec3& value, bool* given) {
        if (!Once(seen, bit)) {
            return false;
        }
        if (c.Literal("null")) {
            return true;
        }
        a.returns |= bit;
        if (given != nullptr) {
            *given = true;
        }
        return c.ResultVec3(value);
    };
    if (Is(key, "hit")) {
        if (!Once(seen, kFieldHit)) {
            return false;
        }
        r.hit = c.Literal("true");
        return r.hit || c.Literal("false");
    }
    if (Is(key, "t_enter")) {
        return number(kFieldTEnter, r.tEnter);
    }
    if (Is(key, "t_exit")) {
        return number(kFieldTExit, r.tExit);
    }
    if (Is(key, "depth")) {
        return number(kFieldDepth, r.depth);
    }
    if (Is(key, "distance")) {
        return number(kFieldDistance, r.distance);
    }
    if (Is(key, "normal")) {
        return vector(kFieldNormal, r.normal, &r.hasNormal);
    }
    if (Is(key, "point")) {
        return vector(kFieldPoint, r.point, nullptr);
    }
    if (Is(key, "contact")) {
        return vector(kFieldContact, r.contact, nullptr);
    }
    if (Is(key, "closest_a") || Is(key, "closest_b")) {
        return vector(Is(key, "closest_a") ? kFieldClosestA : kFieldClosestB,
                      Is(key, "closest_a") ? r.closestA : r.closestB, nullptr);
    }
    return false;
}

/// Whether the answer's keys are the family's result fields and its values valid (ParseGivenResult).
bool AnswerFits(GivenAnswer& a, std::uint32_t seen, Family family)
{
    if ((seen & kFieldHit) == 0) {
        return false;
    }
    std::uint32_t allowed = FamilyFields(family) | kFieldHit;
    if (!IsCast(family)) {
        allowed |= kFieldNormal; // an overlap's normal is always a key of its answer
    }
    if ((seen & ~allowed) != 0) {
        return false;
    }
    if ((a.returns & kFieldDistance) != 0) {
        return a.result.hasDistance = a.result.distance >= 0;
    }
    return true;
}

/// Whether the shape's numbers fit float (CheckPrecision): every one finite in float, a ray's
/// direction or a plane's normal nonzero in float.
bool FitsFloat(const Shape& shape)
{
    const auto fits = [](const glm::dvec3& v) {
        return std::isfinite(glm::vec3(v)[0]) && std::isfinite(glm::vec3(v)[1]) && std::isfinite(glm::vec3(v)[2]);
    };
    const auto nonzero = [](const glm::dvec3& v) { return glm::vec3(v) != glm::vec3(0); };
    switch (KindOf(shape)) {
    case ShapeKind::Ray: {
        const auto& x = std::get<Ray<double>>(shape);
        return fits(x.origin) && fits(x.direction) && nonzero(x.direction);
    }
    case ShapeKind::Segment: {
        const auto& x = std::get<Segment<double>>(shape);
        return fits(x.start) && fits(x.end);
    }
    case ShapeKind::Plane: {
        const auto& x = std::get<Plane<double>>(shape);
        return fits(x.normal) && std::isfinite(float(x.distance)) && nonzero(x.normal);
    }
    case ShapeKind::Aabb: {
        const auto& x = std::get<Aabb<double>>(shape);
        return fits(x.min) && fits(x.max);
    }
    case ShapeKind::Sphere: {
        const auto& x = std::get<Sphere<double>>(shape);
        return fits(x.center) && std::isfinite(float(x.radius));
    }
    case ShapeKind::Point:
        return fits(std::get<Point<double>>(shape).position);
    case ShapeKind::Obb:
    case ShapeKind::Triangle:
    case ShapeKind::Mesh:
    case ShapeKind::Convex:
        return false;
    }
    return false;
}

/// Whether the family has algorithms registered (ParseQuery rejects it otherwise).
bool HasAlgorithms(Family family)
{
    static const auto table = [] {
        std::array<bool, kFamilyCount> has{};
        for (const Family f : AllFamilies()) {
            has[std::size_t(f)] = !AlgorithmsOf(f).empty();
        }
        return has;
    }();
    return table[std::size_t(family)];
}

/// FamilyFromName, remembering the last name on this thread (a capture repeats its families).
std::optional<Family> CachedFamily(std::string_view name)
{
    thread_local std::string last;
    thread_local std::optional<Family> family;
    if (name != last) {
        last.assign(name);
        family = FamilyFromName(name);
    }
    return family;
}

} // namespace fast

} // namespace

bool FastReadCaptureLine(std::string_view text, CaptureLine& out)
{
    using namespace fast;
    if (text.size() > kMaxLineBytes) {
        return false;
    }
    enum : std::uint32_t {
        kQuery = 1,
        kA = 2,
        kB = 4,
        kPrecision = 8,
        kAnswer = 16,
        kFrame = 32,
        kTime = 64,
        kWhere = 128
    };
    Cursor c{text.data(), text.data() + text.size()};
    std::uint32_t seen = 0, aSeen = 0, bSeen = 0, answerSeen = 0;
    ShapeFields a, b;
    std::string_view family, precision, where;
    out.answers.resize(1);
    GivenAnswer& answer = out.answers[0];
    answer.result = Result{};
    answer.returns = kFieldHit;
    out.hasFrame = false;
    out.hasTime = false;
    const bool read = c.Object([&](std::string_view key) {
        if (Is(key, "query")) {
            return Once(seen, kQuery) && c.String(family);
        }
        if (Is(key, "a") || Is(key, "b")) {
            const bool isA = Is(key, "a");
            return Once(seen, isA ? kA : kB) &&
                   c.Object([&](std::string_view k) { return ShapeMember(c, k, isA ? aSeen : bSeen, isA ? a : b); });
        }
        if (Is(key, "precision")) {
            return Once(seen, kPrecision) && c.String(precision);
        }
        if (Is(key, "answer")) {
            return Once(seen, kAnswer) &&
                   c.Object([&](std::string_view k) { return AnswerMember(c, k, answerSeen, answer); });
        }
        if (Is(key, "frame")) {
            return Once(seen, kFrame) && (out.hasFrame = c.Integer(out.frame));
        }
        if (Is(key, "time")) {
            return Once(seen, kTime) && (out.hasTime = c.Number(out.time));
        }
        if (Is(key, "where")) {
            return Once(seen, kWhere) && c.String(where);
        }
        return false;
    });
    c.Space();
    if (!read || c.p != c.end || (seen & (kQuery | kA | kB | kAnswer)) != (kQuery | kA | kB | kAnswer)) {
        return false;
    }
    const std::optional<Family> f = CachedFamily(family);
    if (!f || !HasAlgorithms(*f)) {
        return false;
    }
    out.query.family = *f;
    if (!FastShape(a, aSeen, FamilyShapeA(*f), out.query.a) || !FastShape(b, bSeen, FamilyShapeB(*f), out.query.b)) {
        return false;
    }
    if ((seen & kPrecision) != 0 && !Is(precision, "float") && !Is(precision, "double")) {
        return false;
    }
    out.precision = Is(precision, "double") ? Precision::Double : Precision::Float;
    if (out.precision == Precision::Float && (!FitsFloat(out.query.a) || !FitsFloat(out.query.b))) {
        return false;
    }
    if (!AnswerFits(answer, answerSeen, *f)) {
        return false;
    }
    answer.name = "answer";
    out.error = IoError{};
    out.conventions.clear();
    out.where.assign(where);
    out.frame = out.hasFrame ? out.frame : 0;
    out.time = out.hasTime ? out.time : 0;
    out.fast = true;
    return true;
}

} // namespace hitlab
