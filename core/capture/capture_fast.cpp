// The fast reader of a capture's lines: a hand-written scanner for the JSON a recorder writes
// (objects, arrays of three numbers, plain strings, true, false, null), in any key order. It reads
// only what it can read exactly as the full parser does, and gives up (the caller falls back on
// ParseQuery) on anything else: an escape, an unknown or repeated key, a shape or field it does
// not know, a value the protocol rejects. Numbers convert as nlohmann does: a token without a
// fraction or exponent is an integer (so "-0" is +0), others are correctly rounded doubles.
#include "capture_fast_cursor.h"
#include "capture_line.h"

#include <array>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>

namespace hitlab {

namespace {

namespace fast {

using capture_fast::Cursor;
using capture_fast::Is;
using capture_fast::Once;

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

/// The line's top-level keys.
enum LineKey : std::uint32_t {
    kQuery = 1,
    kA = 2,
    kB = 4,
    kPrecision = 8,
    kAnswer = 16,
    kFrame = 32,
    kTime = 64,
    kWhere = 128,
};

/// What the scan of a line found besides what it wrote into the CaptureLine.
struct Scanned {
    std::uint32_t seen = 0, aSeen = 0, bSeen = 0, answerSeen = 0;
    ShapeFields a, b;
    std::string_view family, precision, where;
};

/// Reads the line's object: the answer, frame and time into out, the rest into s.
bool ScanLine(Cursor& c, Scanned& s, CaptureLine& out)
{
    GivenAnswer& answer = out.answers[0];
    const bool read = c.Object([&](std::string_view key) {
        if (Is(key, "query")) {
            return Once(s.seen, kQuery) && c.String(s.family);
        }
        if (Is(key, "a") || Is(key, "b")) {
            const bool isA = Is(key, "a");
            return Once(s.seen, isA ? kA : kB) && c.Object([&](std::string_view k) {
                return ShapeMember(c, k, isA ? s.aSeen : s.bSeen, isA ? s.a : s.b);
            });
        }
        if (Is(key, "precision")) {
            return Once(s.seen, kPrecision) && c.String(s.precision);
        }
        if (Is(key, "answer")) {
            return Once(s.seen, kAnswer) &&
                   c.Object([&](std::string_view k) { return AnswerMember(c, k, s.answerSeen, answer); });
        }
        if (Is(key, "frame")) {
            return Once(s.seen, kFrame) && (out.hasFrame = c.Integer(out.frame));
        }
        if (Is(key, "time")) {
            return Once(s.seen, kTime) && (out.hasTime = c.Number(out.time));
        }
        if (Is(key, "where")) {
            return Once(s.seen, kWhere) && c.String(s.where);
        }
        return false;
    });
    c.Space();
    constexpr std::uint32_t kNeeded = kQuery | kA | kB | kAnswer;
    return read && c.p == c.end && (s.seen & kNeeded) == kNeeded;
}

/// The family, shapes and precision into out, each valid as the full parser checks it.
bool Complete(const Scanned& s, CaptureLine& out)
{
    const std::optional<Family> f = CachedFamily(s.family);
    if (!f || !HasAlgorithms(*f)) {
        return false;
    }
    out.query.family = *f;
    if (!FastShape(s.a, s.aSeen, FamilyShapeA(*f), out.query.a) ||
        !FastShape(s.b, s.bSeen, FamilyShapeB(*f), out.query.b)) {
        return false;
    }
    if ((s.seen & kPrecision) != 0 && !Is(s.precision, "float") && !Is(s.precision, "double")) {
        return false;
    }
    out.precision = Is(s.precision, "double") ? Precision::Double : Precision::Float;
    if (out.precision == Precision::Float && (!FitsFloat(out.query.a) || !FitsFloat(out.query.b))) {
        return false;
    }
    return AnswerFits(out.answers[0], s.answerSeen, *f);
}

} // namespace fast

} // namespace

bool FastReadCaptureLine(std::string_view text, CaptureLine& out)
{
    if (text.size() > kMaxLineBytes) {
        return false;
    }
    fast::Cursor c{text.data(), text.data() + text.size()};
    fast::Scanned scanned;
    out.answers.resize(1);
    out.answers[0].result = Result{};
    out.answers[0].returns = kFieldHit;
    out.hasFrame = false;
    out.hasTime = false;
    if (!fast::ScanLine(c, scanned, out) || !fast::Complete(scanned, out)) {
        return false;
    }
    out.answers[0].name = "answer";
    out.error = IoError{};
    out.conventions.clear();
    out.where.assign(scanned.where);
    out.frame = out.hasFrame ? out.frame : 0;
    out.time = out.hasTime ? out.time : 0;
    out.fast = true;
    return true;
}

} // namespace hitlab
