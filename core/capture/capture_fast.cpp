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
#include <limits>

namespace hitlab {

namespace {

namespace fast {

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
    bool Literal(std::string_view word)
    {
        Space();
        if (std::size_t(end - p) < word.size() || std::string_view(p, word.size()) != word) {
            return false;
        }
        p += word.size();
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
    /// A finite number as nlohmann gives it as a double.
    bool Number(double& out)
    {
        std::string_view token;
        bool integer = false;
        if (!NumberToken(token, integer)) {
            return false;
        }
        const auto r = std::from_chars(token.data(), token.data() + token.size(), out);
        if (r.ec != std::errc() || r.ptr != token.data() + token.size() || !std::isfinite(out)) {
            return false;
        }
        if (integer && out == 0) {
            out = 0.0; // an integer zero, "-0" included, is +0
        }
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
            if (!String(s) || (s != "inf" && s != "-inf")) {
                return false;
            }
            out = (s == "inf" ? 1.0 : -1.0) * std::numeric_limits<double>::infinity();
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
    struct Vec {
        std::string_view key;
        std::uint32_t bit;
        int slot;
    };
    static constexpr Vec kVecs[] = {{"origin", kOrigin, 0}, {"direction", kDirection, 1}, {"start", kStart, 0},
                                    {"end", kEnd, 1},       {"normal", kNormal, 0},       {"min", kMin, 0},
                                    {"max", kMax, 1},       {"center", kCenter, 0},       {"position", kPosition, 0}};
    if (key == "type") {
        return Once(seen, kType) && c.String(f.type);
    }
    if (key == "distance" || key == "radius") {
        return Once(seen, key == "radius" ? kRadius : kDistance) && c.Number(f.s);
    }
    for (const Vec& v : kVecs) {
        if (key == v.key) {
            return Once(seen, v.bit) && c.Vec3(f.v[v.slot]);
        }
    }
    return false;
}

/// A shape of the expected type, valid as ParseShape checks it.
bool FastShape(const ShapeFields& f, std::uint32_t seen, std::string_view expected, Shape& out)
{
    if (f.type != expected) {
        return false;
    }
    const glm::dvec3 &x = f.v[0], &y = f.v[1];
    if (f.type == "ray" && seen == (kType | kOrigin | kDirection) && y != glm::dvec3(0)) {
        out = Ray<double>{x, y};
    } else if (f.type == "segment" && seen == (kType | kStart | kEnd)) {
        out = Segment<double>{x, y};
    } else if (f.type == "plane" && seen == (kType | kNormal | kDistance) && x != glm::dvec3(0)) {
        out = Plane<double>{x, f.s};
    } else if (f.type == "aabb" && seen == (kType | kMin | kMax) && x.x <= y.x && x.y <= y.y && x.z <= y.z) {
        out = Aabb<double>{x, y};
    } else if (f.type == "sphere" && seen == (kType | kCenter | kRadius) && f.s >= 0) {
        out = Sphere<double>{x, f.s};
    } else if (f.type == "point" && seen == (kType | kPosition)) {
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
    if (key == "hit") {
        if (!Once(seen, kFieldHit)) {
            return false;
        }
        r.hit = c.Literal("true");
        return r.hit || c.Literal("false");
    }
    if (key == "t_enter" || key == "t_exit" || key == "depth" || key == "distance") {
        const std::uint32_t bit = key == "t_enter"  ? kFieldTEnter
                                  : key == "t_exit" ? kFieldTExit
                                  : key == "depth"  ? kFieldDepth
                                                    : kFieldDistance;
        double& value = key == "t_enter" ? r.tEnter : key == "t_exit" ? r.tExit : key == "depth" ? r.depth : r.distance;
        return number(bit, value);
    }
    if (key == "point" || key == "contact" || key == "closest_a" || key == "closest_b") {
        const std::uint32_t bit = key == "point"       ? kFieldPoint
                                  : key == "contact"   ? kFieldContact
                                  : key == "closest_a" ? kFieldClosestA
                                                       : kFieldClosestB;
        glm::dvec3& value = key == "point"       ? r.point
                            : key == "contact"   ? r.contact
                            : key == "closest_a" ? r.closestA
                                                 : r.closestB;
        return vector(bit, value, nullptr);
    }
    if (key == "normal") {
        return vector(kFieldNormal, r.normal, &r.hasNormal);
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
        if (key == "query") {
            return Once(seen, kQuery) && c.String(family);
        }
        if (key == "a" || key == "b") {
            const bool isA = key == "a";
            return Once(seen, isA ? kA : kB) &&
                   c.Object([&](std::string_view k) { return ShapeMember(c, k, isA ? aSeen : bSeen, isA ? a : b); });
        }
        if (key == "precision") {
            return Once(seen, kPrecision) && c.String(precision);
        }
        if (key == "answer") {
            return Once(seen, kAnswer) &&
                   c.Object([&](std::string_view k) { return AnswerMember(c, k, answerSeen, answer); });
        }
        if (key == "frame") {
            return Once(seen, kFrame) && (out.hasFrame = c.Integer(out.frame));
        }
        if (key == "time") {
            return Once(seen, kTime) && (out.hasTime = c.Number(out.time));
        }
        if (key == "where") {
            return Once(seen, kWhere) && c.String(where);
        }
        return false;
    });
    c.Space();
    if (!read || c.p != c.end || (seen & (kQuery | kA | kB | kAnswer)) != (kQuery | kA | kB | kAnswer)) {
        return false;
    }
    const std::optional<Family> f = FamilyFromName(family);
    if (!f || !HasAlgorithms(*f)) {
        return false;
    }
    out.query.family = *f;
    if (!FastShape(a, aSeen, FamilyShapeA(*f), out.query.a) || !FastShape(b, bSeen, FamilyShapeB(*f), out.query.b)) {
        return false;
    }
    if ((seen & kPrecision) != 0 && precision != "float" && precision != "double") {
        return false;
    }
    out.precision = precision == "double" ? Precision::Double : Precision::Float;
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
