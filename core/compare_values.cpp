// The value half of the comparison: the tolerance, which values of two hits differ, and why an
// algorithm's values differ from the reference's (the exact values, conventions, rounding, flaws).
#include "compare_detail.h"
#include "text.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>

namespace hitlab {

namespace {

/// One ulp at 1 in the precision (the spacing of floats or doubles in [1, 2)).
double Epsilon(Precision precision) { return precision == Precision::Float ? 0x1p-23 : 0x1p-52; }

double MaxAbs(const glm::dvec3& v) { return std::max({std::abs(v.x), std::abs(v.y), std::abs(v.z)}); }

/// The largest |coordinate| a shape reaches (directions excluded: they scale t, not lengths).
double ShapeLength(const Shape& shape)
{
    switch (KindOf(shape)) {
    case ShapeKind::Ray:
        return MaxAbs(std::get<Ray<double>>(shape).origin);
    case ShapeKind::Segment: {
        const auto& seg = std::get<Segment<double>>(shape);
        return std::max(MaxAbs(seg.start), MaxAbs(seg.end));
    }
    case ShapeKind::Plane: {
        const auto& plane = std::get<Plane<double>>(shape);
        return std::abs(plane.distance) / glm::length(plane.normal);
    }
    case ShapeKind::Aabb: {
        const auto& box = std::get<Aabb<double>>(shape);
        return std::max(MaxAbs(box.min), MaxAbs(box.max));
    }
    case ShapeKind::Sphere: {
        const auto& sphere = std::get<Sphere<double>>(shape);
        return MaxAbs(sphere.center) + sphere.radius;
    }
    case ShapeKind::Obb: {
        const auto& obb = std::get<Obb<double>>(shape);
        return MaxAbs(obb.center) + obb.halfExtents.x + obb.halfExtents.y + obb.halfExtents.z;
    }
    case ShapeKind::Point:
        return MaxAbs(std::get<Point<double>>(shape).position);
    case ShapeKind::Triangle: {
        const auto& v = std::get<Triangle<double>>(shape).vertices;
        return std::max({MaxAbs(v[0]), MaxAbs(v[1]), MaxAbs(v[2])});
    }
    case ShapeKind::Mesh: {
        const auto& mesh = std::get<Mesh<double>>(shape);
        return mesh.data ? std::max(MaxAbs(mesh.data->boundsMin), MaxAbs(mesh.data->boundsMax)) : 0.0;
    }
    case ShapeKind::Convex: {
        const auto& convex = std::get<Convex<double>>(shape);
        return convex.data ? std::max(MaxAbs(convex.data->boundsMin), MaxAbs(convex.data->boundsMax)) : 0.0;
    }
    }
    UnknownShapeKind(KindOf(shape));
}

bool VectorsClose(const glm::dvec3& a, const glm::dvec3& b, double floor, Precision precision, double ulps)
{
    const double m = std::max({MaxAbs(a), MaxAbs(b), floor});
    for (int i = 0; i < 3; ++i) {
        if (!ValuesClose(a[i], b[i], m, precision, ulps)) {
            return false;
        }
    }
    return true;
}

constexpr std::array<std::uint32_t, 10> kValueFields = {kFieldTEnter,   kFieldTExit,   kFieldPoint, kFieldNormal,
                                                        kFieldDepth,    kFieldU,       kFieldV,     kFieldFront,
                                                        kFieldTriangle, kFieldDistance};

/// The barycentric coordinates' floor: u = area ratio, so its error is the point's error over the
/// triangle's size (the square root of twice its area); 1 at least, inf for a flat triangle.
double BarycentricScale(double length, const Triangle<double>& triangle)
{
    const auto& v = triangle.vertices;
    const double size = std::sqrt(glm::length(glm::cross(v[1] - v[0], v[2] - v[0])));
    return size > 0 ? std::max(1.0, length / size) : INFINITY;
}

/// One cause of value differences and the fields it explains.
struct Cause {
    Explanation explanation;
    std::string reason;
    std::uint32_t fields;
};

/// Whether b moved by x.depth along x.normal only touches a (or just separates, by rounding), per
/// the reference.
bool OverlapNormalValid(const Query& q, Precision precision, const ValueScale& scale, const Result& x, double ulps)
{
    const glm::dvec3 push = x.depth * x.normal;
    if (IsCast(q.family) || !std::isfinite(push.x) || !std::isfinite(push.y) || !std::isfinite(push.z)) {
        return false; // a NaN or infinite normal (libccd's on touching boxes) moves b nowhere
    }
    Query moved = q;
    moved.b = Translated(q.b, push);
    const Result after = Run(ReferenceAlgorithm(q.family), moved, precision);
    return !after.hit || ValuesClose(after.depth, 0.0, scale.length, precision, ulps);
}

} // namespace

ValueScale QueryValueScale(const Query& query)
{
    ValueScale scale;
    scale.length = std::max({ShapeLength(query.a), ShapeLength(query.b), DBL_MIN});
    const std::optional<CastLine> line = CastLineOf(query.a);
    const double length = line ? glm::length(line->direction) : 0.0;
    scale.t = length > 0 ? scale.length / length : INFINITY; // a zero-length segment's t means nothing
    // a sphere's normal is (point - centre) / radius: the point's error divided by the radius
    switch (query.family) {
    case Family::RaySphere:
        scale.normal = std::max(1.0, scale.length / std::get<Sphere<double>>(query.b).radius);
        break;
    case Family::SphereSphere: {
        const double distance =
            glm::length(std::get<Sphere<double>>(query.b).center - std::get<Sphere<double>>(query.a).center);
        scale.normal = std::max(1.0, scale.length / distance);
        break;
    }
    case Family::RayTriangle:
    case Family::SegmentTriangle:
        scale.barycentric = BarycentricScale(scale.length, std::get<Triangle<double>>(query.b));
        break;
    case Family::RayMesh: // the triangle hit is not known here: the mesh's smallest scale is not either
        scale.barycentric = INFINITY;
        break;
    case Family::AabbTriangle:
    case Family::SphereTriangle:
    case Family::TriangleTriangle:
    case Family::ConvexConvex:
    case Family::RayAabb:
    case Family::SegmentAabb:
    case Family::RayPlane:
    case Family::RayObb:
    case Family::AabbAabb:
    case Family::SphereAabb:
    case Family::ObbObb:
    case Family::PointAabb:
    case Family::PointSphere:
    case Family::PointObb:
        break;
    }
    return scale;
}

bool ValuesClose(double a, double b, double floor, Precision precision, double ulps)
{
    if (a == b) {
        return true;
    }
    if (!std::isfinite(a) || !std::isfinite(b)) {
        return false;
    }
    const double m = std::max({std::abs(a), std::abs(b), floor});
    return std::abs(a - b) <= ulps * Epsilon(precision) * m;
}

std::uint32_t DifferingValues(Family family, const ValueScale& scale, Precision precision, const Result& x,
                              std::uint32_t xReturns, const Result& y, std::uint32_t yReturns, double ulps)
{
    const std::uint32_t both = xReturns & yReturns;
    std::uint32_t differs = 0;
    const auto scalar = [&](std::uint32_t field, double a, double b, double floor) {
        if ((both & field) != 0 && !ValuesClose(a, b, floor, precision, ulps)) {
            differs |= field;
        }
    };
    // the distance of separated (or touching) solids, compared where both give it and agree on
    // the verdict; the closest points are not compared (they need not be unique)
    if (x.hit == y.hit && x.hasDistance && y.hasDistance) {
        scalar(kFieldDistance, x.distance, y.distance, scale.length);
    }
    if (!x.hit || !y.hit) {
        return differs;
    }
    if (IsCast(family)) {
        scalar(kFieldTEnter, x.tEnter, y.tEnter, scale.t);
        scalar(kFieldTExit, x.tExit, y.tExit, scale.t);
        if ((both & kFieldPoint) != 0 && !VectorsClose(x.point, y.point, scale.length, precision, ulps)) {
            differs |= kFieldPoint;
        }
        if (x.hasUv && y.hasUv) {
            scalar(kFieldU, x.u, y.u, scale.barycentric);
            scalar(kFieldV, x.v, y.v, scale.barycentric);
        }
        if ((both & kFieldFront) != 0 && (x.hasFront != y.hasFront || x.front != y.front)) {
            differs |= kFieldFront;
        }
        if ((both & kFieldTriangle) != 0 && (x.hasTriangle != y.hasTriangle || x.triangle != y.triangle)) {
            differs |= kFieldTriangle;
        }
    } else {
        scalar(kFieldDepth, x.depth, y.depth, scale.length);
    }
    if ((both & kFieldNormal) != 0 &&
        (x.hasNormal != y.hasNormal ||
         (x.hasNormal && !VectorsClose(x.normal, y.normal, scale.normal, precision, ulps)))) {
        differs |= kFieldNormal;
    }
    return differs;
}

std::uint32_t ValueDifferences(const Query& query, Precision precision, const ValueScale& scale, const Result& x,
                               std::uint32_t xReturns, const Result& y, std::uint32_t yReturns, double ulps)
{
    std::uint32_t differs = DifferingValues(query.family, scale, precision, x, xReturns, y, yReturns, ulps);
    if ((differs & kFieldNormal) != 0 && !IsCast(query.family) &&
        OverlapNormalValid(query, precision, scale, x, ulps) && OverlapNormalValid(query, precision, scale, y, ulps)) {
        differs &= ~std::uint32_t(kFieldNormal);
    }
    return differs;
}

namespace detail {

namespace {

/// The causes found for one algorithm's differing values, grouped by (explanation, sentence).
struct ValueCauses {
    std::vector<Cause> causes;
    std::optional<size_t> tEnterCause; ///< t_enter's cause: a ray cast's point and normal follow from it
    std::uint32_t exonerated = 0;      ///< fields where the exact value shows this algorithm right

    void Add(std::uint32_t field, Explanation e, std::string reason)
    {
        auto same = std::find_if(causes.begin(), causes.end(),
                                 [&](const Cause& c) { return c.explanation == e && c.reason == reason; });
        if (same == causes.end()) {
            causes.push_back(Cause{e, std::move(reason), 0});
            same = causes.end() - 1;
        }
        same->fields |= field;
        if (field == kFieldTEnter) {
            tEnterCause = static_cast<size_t>(same - causes.begin());
        }
    }
};

/// What one differing value is checked against, in the order of the explanation.
struct ValueCheck {
    const Query& q;
    Precision precision;
    const Situation& s;
    const ValueScale& scale;
    const Result& ref;
    const ExactValues* exact;
    const AlgorithmInfo& info;
    const Result& x;
    std::string name;
    bool cast;
    std::optional<Result> xDouble, refDouble; ///< float runs redone in double, when rounding is in question

    std::string_view Conv(std::string_view key) const { return info.ConventionValue(key); }

    /// 1. the exact value: an algorithm within the tolerance of it is right. True when decided.
    bool Exact(std::uint32_t field, ValueCauses& c) const
    {
        const bool scalar =
            field == kFieldTEnter || field == kFieldTExit || field == kFieldDepth || field == kFieldDistance;
        const double* e = ExactField(exact, field);
        if (e == nullptr || !scalar) {
            return false;
        }
        const double floor = FieldFloor(scale, field);
        const bool xRight = ValuesClose(ScalarField(x, field), *e, floor, precision);
        const bool refRight = ValuesClose(ScalarField(ref, field), *e, floor, precision);
        if (xRight && !refRight) {
            c.exonerated |= field;
            return true;
        }
        if (xRight) {
            c.Add(field, Explanation::Rounding,
                  "both it and the reference lie within " + ShortNumber(kValueUlps + 0.0, 9) +
                      " ulps of the exact value " + ShortNumber(*e + 0.0, 9) + ": rounding");
            return true;
        }
        // an algorithm that computes in float whatever it is given: float's tolerance
        if (ArithmeticPrecision(info, precision) != precision &&
            ValuesClose(ScalarField(x, field), *e, floor, Precision::Float)) {
            c.Add(field, Explanation::Rounding,
                  "it lies within " + ShortNumber(kValueUlps + 0.0, 9) + " ulps (float) of the exact value " +
                      ShortNumber(*e + 0.0, 9) + ", and " + name +
                      " computes in float (precision: " + std::string(Conv("precision")) + "): rounding");
            return true;
        }
        return false;
    }

    /// 2. declared conventions (direction, t range). True when one explains the field.
    bool Conventions(std::uint32_t field, bool followsTEnter, ValueCauses& c) const
    {
        const bool isT = field == kFieldTEnter || field == kFieldTExit;
        const double floor = FieldFloor(scale, field);
        const std::string tRange(Conv("t_range"));
        bool convention = false;
        if (cast && Conv("direction") == "unit" && field != kFieldDepth) {
            if (!s.unitDirection) {
                c.Add(field, Explanation::Convention,
                      "the direction is not unit length (|direction| = " + ShortNumber(s.directionLength + 0.0, 9) +
                          "), and " + name +
                          " requires a unit direction (direction: unit), so its t, point and normal are not in the "
                          "protocol's units");
                convention = true;
            } else if (const double scaled = ScalarField(ref, field) * s.directionLength;
                       isT && !ValuesClose(scaled, ScalarField(ref, field), floor, precision) &&
                       ValuesClose(ScalarField(x, field), scaled, floor, precision)) {
                // a nearly unit direction whose length still moves t beyond the tolerance
                c.Add(field, Explanation::Convention,
                      name +
                          " measures t in units of length (direction: unit): its t is the reference's times "
                          "|direction| = " +
                          ShortNumber(s.directionLength + 0.0, 9));
                convention = true;
            }
        }
        if (cast && s.originInside && (field == kFieldTEnter || followsTEnter) &&
            (tRange == "t > 0" || tRange == "any t")) {
            c.Add(field, Explanation::Convention,
                  "the origin is inside the solid, and " + name + " does not clamp t_enter to 0 (t_range: " + tRange +
                      "): it reports the surface crossing at t_enter = " + ShortNumber(x.tEnter + 0.0, 9) +
                      (x.tEnter < 0 ? ", behind the origin" : ", ahead of the origin"));
            convention = true;
        }
        if (cast && field == kFieldTExit && tRange == "t <= max distance") {
            const std::string maxDistance(Conv("max_distance"));
            if (!maxDistance.empty() && ref.tExit > std::strtod(maxDistance.c_str(), nullptr)) {
                c.Add(field, Explanation::Convention,
                      "the exit lies beyond " + name + "'s maximum distance (t_range: t <= max distance)");
                convention = true;
            }
        }
        if (field == kFieldNormal && Conv("normal").substr(0, 4) == "into" && x.hasNormal && ref.hasNormal &&
            VectorsClose(x.normal, -ref.normal, scale.normal, precision, kValueUlps)) {
            c.Add(field, Explanation::Convention,
                  name +
                      " reports the normal pointing into the solid, the protocol's outward normal negated (normal: " +
                      std::string(Conv("normal")) + ")");
            convention = true;
        }
        return convention;
    }

    /// 3. rounding: a float run that agrees with the reference once both run in double. Skipped
    /// for an algorithm HitLab cannot run itself (an external one: empty runner).
    bool Rounding(std::uint32_t field, ValueCauses& c)
    {
        if (precision != Precision::Float || info.run.one == nullptr) {
            return false;
        }
        if (!xDouble) {
            xDouble = Run(info, q, Precision::Double);
            refDouble = Run(ReferenceAlgorithm(q.family), q, Precision::Double);
        }
        const std::uint32_t inDouble = DifferingValues(q.family, scale, Precision::Float, *xDouble, info.returns,
                                                       *refDouble, ReferenceAlgorithm(q.family).returns);
        const bool sameVerdict = field == kFieldDistance
                                     ? xDouble->hit == refDouble->hit && xDouble->hasDistance && refDouble->hasDistance
                                     : xDouble->hit && refDouble->hit;
        if (sameVerdict && (inDouble & field) == 0) {
            c.Add(field, Explanation::Rounding,
                  name + " agrees with the reference in double: float rounding decides these values");
            return true;
        }
        return false;
    }

    /// 4. a documented flaw whose condition holds, 5. nothing.
    void Otherwise(std::uint32_t field, ValueCauses& c) const
    {
        Explanation explanation = Explanation::Unexplained;
        std::string reason;
        FlawOrUnexplained(FlawContext{q, precision, s, ref}, info, name, explanation, reason);
        c.Add(field, explanation, std::move(reason));
    }
};

/// The outcome's explanation (the most serious cause) and its reason: per cause, the values it
/// covers (with the reference's) and the sentence.
void WriteCauses(const ValueCauses& c, const Result& x, const Result& ref, AlgorithmOutcome& out)
{
    out.explanation = Explanation::None;
    out.reason.clear();
    for (const Cause& cause : c.causes) {
        out.explanation = std::max(out.explanation, cause.explanation);
        std::string values;
        for (const std::uint32_t field : kValueFields) {
            if ((cause.fields & field) == 0) {
                continue;
            }
            values += values.empty() ? "" : ", ";
            values += FieldListText(field);
            if (field == kFieldTEnter || field == kFieldTExit || field == kFieldDepth || field == kFieldU ||
                field == kFieldV || field == kFieldDistance) {
                values += " " + ShortNumber(ScalarField(x, field) + 0.0, 9) + " (reference " +
                          ShortNumber(ScalarField(ref, field) + 0.0, 9) + ")";
            }
        }
        out.reason += (out.reason.empty() ? "" : "; ") + values + ": " + cause.reason;
    }
}

} // namespace

std::uint32_t ExplainValues(const Query& q, Precision precision, const Situation& s, const ValueScale& scale,
                            const Result& ref, const ExactValues* exact, AlgorithmOutcome& out)
{
    const AlgorithmInfo& info = *out.info;
    ValueCheck check{q,
                     precision,
                     s,
                     scale,
                     ref,
                     exact,
                     info,
                     out.result,
                     std::string(info.name),
                     IsCast(q.family),
                     std::nullopt,
                     std::nullopt};
    ValueCauses c;
    for (const std::uint32_t field : kValueFields) {
        if ((out.differs & field) == 0) {
            continue;
        }
        // the point, normal, barycentrics, side and triangle at t_enter follow from it
        const bool followsTEnter = check.cast && field != kFieldTEnter && field != kFieldTExit;
        if (check.Exact(field, c)) {
            continue;
        }
        if (followsTEnter && (c.exonerated & kFieldTEnter) != 0) {
            c.exonerated |= field; // the point and normal at a right t_enter where the reference's is off
            continue;
        }
        if (check.Conventions(field, followsTEnter, c)) {
            continue;
        }
        if (followsTEnter && c.tEnterCause) {
            const Cause& from = c.causes[*c.tEnterCause];
            c.Add(field, from.explanation, from.reason);
            continue;
        }
        if (!check.Rounding(field, c)) {
            check.Otherwise(field, c);
        }
    }
    WriteCauses(c, out.result, ref, out);
    return c.exonerated;
}

} // namespace detail

} // namespace hitlab
