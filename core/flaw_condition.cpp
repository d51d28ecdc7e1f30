// Declared flaws' conditions: parsing the vocabulary and checking it on a query.
#include "flaw_condition.h"
#include "flaw_obb.h"

#include "flaw_triangle.h"
#include "near_boundary.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>

namespace hitlab {

namespace {

/// The words, longest first where one begins another, with whether they take a number.
struct WordSpelling {
    std::string_view text;
    FlawWord word;
    bool number;
};

// data table: the vocabulary's spellings (docs/protocol.md, "Declared flaws")
constexpr std::array<WordSpelling, 32> kWords = {{
    {"origin inside", FlawWord::OriginInside, false},
    {"boundary", FlawWord::Boundary, false},
    {"box behind the origin", FlawWord::Behind, false},
    {"behind the origin", FlawWord::Behind, false},
    {"back facing", FlawWord::BackFacing, false},
    {"direction not unit", FlawWord::DirectionNotUnit, false},
    {"parallel component", FlawWord::ParallelComponent, false},
    {"negative zero component", FlawWord::NegativeZero, false},
    {"in face plane", FlawWord::InFacePlane, false},
    {"edge or corner", FlawWord::EdgeOrCorner, false},
    {"epsilon", FlawWord::Epsilon, true},
    {"extent below", FlawWord::ExtentBelow, true},
    {"distance above", FlawWord::DistanceAbove, true},
    {"distance below", FlawWord::DistanceBelow, true},
    {"corner or edge region", FlawWord::CornerRegion, false},
    {"no vertex inside", FlawWord::NoVertexInside, false},
    {"no face axis separates", FlawWord::NoFaceAxis, false},
    {"near boundary", FlawWord::NearBoundary, true},
    {"degenerate triangle", FlawWord::DegenerateTriangle, false},
    {"coplanar", FlawWord::Coplanar, false},
    {"edge or vertex", FlawWord::EdgeOrVertex, false},
    {"in plane", FlawWord::InPlane, false},
    {"determinant below", FlawWord::DeterminantBelow, true},
    {"area below", FlawWord::AreaBelow, true},
    {"area above", FlawWord::AreaAbove, true},
    {"t at most", FlawWord::TAtMost, true},
    {"gjk tolerance", FlawWord::GjkTolerance, false},
    {"epa tolerance", FlawWord::EpaTolerance, false},
    {"degenerate simplex", FlawWord::DegenerateSimplex, false},
    {"iteration cap", FlawWord::IterationCap, false},
    {"mpr portal", FlawWord::MprPortal, false},
    {"mpr epsilon", FlawWord::MprEpsilon, false},
}};

std::string_view Trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
        s.remove_prefix(1);
    }
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) {
        s.remove_suffix(1);
    }
    return s;
}

bool StartsWith(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

std::optional<FlawCondition> ParseCondition(std::string_view text, std::string* error)
{
    text = Trim(text);
    for (const WordSpelling& w : kWords) {
        if (!StartsWith(text, w.text)) {
            continue;
        }
        const std::string_view rest = Trim(text.substr(w.text.size()));
        FlawCondition c;
        c.word = w.word;
        if (w.number) {
            const std::string number(rest);
            char* end = nullptr;
            c.threshold = std::strtod(number.c_str(), &end);
            if (number.empty() || end != number.c_str() + number.size() || !std::isfinite(c.threshold) ||
                c.threshold < 0) {
                *error = "'" + std::string(text) + "': " + std::string(w.text) + " takes one number >= 0 (e.g. '" +
                         std::string(w.text) + " 1e-6')";
                return std::nullopt;
            }
            return c;
        }
        if (w.word == FlawWord::InFacePlane && (rest == "x" || rest == "y" || rest == "z")) {
            c.axis = rest[0] - 'x';
            return c;
        }
        if (!rest.empty()) {
            break;
        }
        return c;
    }
    *error = "'" + std::string(text) + "' is not a flaw condition (the vocabulary: " + FlawVocabularyText() + ")";
    return std::nullopt;
}

/// The direction's components along the box's axes (an aabb's are x, y, z), or along a plane's
/// normal (one component); empty for other families.
std::vector<double> AxisComponents(const Query& q)
{
    const glm::dvec3 d = CastDirection(q);
    switch (q.family) {
    case Family::RayAabb:
    case Family::SegmentAabb:
        return {d.x, d.y, d.z};
    case Family::RayObb: {
        const auto& obb = std::get<Obb<double>>(q.b);
        return {glm::dot(d, obb.axes[0]), glm::dot(d, obb.axes[1]), glm::dot(d, obb.axes[2])};
    }
    case Family::RayPlane:
        return {glm::dot(std::get<Plane<double>>(q.b).normal, d)};
    case Family::RayTriangle:
    case Family::SegmentTriangle: { // the triangle's plane, as ray_plane's: its winding normal
        const auto& v = std::get<Triangle<double>>(q.b).vertices;
        return {glm::dot(glm::cross(v[1] - v[0], v[2] - v[0]), d)};
    }
    case Family::RayMesh:
    case Family::AabbTriangle:
    case Family::SphereTriangle:
    case Family::TriangleTriangle:
    case Family::RaySphere:
    case Family::AabbAabb:
    case Family::SphereAabb:
    case Family::SphereSphere:
    case Family::ObbObb:
    case Family::PointAabb:
    case Family::PointSphere:
    case Family::PointObb:
        return {};
    }
    return {};
}

/// A box's slab on one of its axes, as seen from a point: the point's coordinate along the axis
/// and the slab's two face planes (an obb's in its local frame); nullopt for shapes without faces.
struct FaceSlab {
    double o = 0, lo = 0, hi = 0;
};
std::optional<FaceSlab> FaceSlabOf(const Shape& s, const glm::dvec3& p, int axis)
{
    switch (KindOf(s)) {
    case ShapeKind::Aabb: {
        const auto& box = std::get<Aabb<double>>(s);
        return FaceSlab{p[axis], box.min[axis], box.max[axis]};
    }
    case ShapeKind::Obb: {
        const auto& obb = std::get<Obb<double>>(s);
        const double local = glm::dot(p - obb.center, obb.axes[static_cast<size_t>(axis)]);
        return FaceSlab{local, -obb.halfExtents[axis], obb.halfExtents[axis]};
    }
    case ShapeKind::Ray:
    case ShapeKind::Segment:
    case ShapeKind::Plane:
    case ShapeKind::Sphere:
    case ShapeKind::Point:
    case ShapeKind::Triangle:
    case ShapeKind::Mesh:
    case ShapeKind::Convex:
        return std::nullopt;
    }
    UnknownShapeKind(KindOf(s));
}

/// Whether the ray's origin lies exactly on one of the two face planes of a box axis.
bool OriginOnFacePlane(const Query& q, int axis)
{
    const std::optional<CastLine> line = CastLineOf(q.a);
    const std::optional<FaceSlab> slab = line ? FaceSlabOf(q.b, line->origin, axis) : std::nullopt;
    return slab && (slab->o == slab->lo || slab->o == slab->hi);
}

bool InFacePlaneOn(const Query& q, int axis)
{
    const std::vector<double> f = AxisComponents(q);
    if (f.size() != 3) {
        return false;
    }
    for (int i = 0; i < 3; ++i) {
        if ((axis < 0 || axis == i) && f[static_cast<size_t>(i)] == 0.0 && OriginOnFacePlane(q, i)) {
            return true;
        }
    }
    return false;
}

/// Whether the reference's entry lies on two or more of the box's face planes at once.
bool EntersEdgeOrCorner(const Query& q, const Result& ref)
{
    const std::optional<CastLine> line = CastLineOf(q.a);
    if (!line || !ref.hit || ref.tEnter <= 0) {
        return false;
    }
    const std::vector<double> f = AxisComponents(q);
    if (f.size() != 3) {
        return false;
    }
    int planes = 0;
    for (int i = 0; i < 3; ++i) {
        const double fi = f[static_cast<size_t>(i)];
        if (fi == 0.0) {
            continue;
        }
        const std::optional<FaceSlab> slab = FaceSlabOf(q.b, line->origin, i);
        if (!slab) {
            return false;
        }
        const auto [o, lo, hi] = *slab;
        const double entry = ((fi > 0 ? lo : hi) - o) / fi;
        planes += entry == ref.tEnter ? 1 : 0;
    }
    return planes >= 2;
}

double SmallestExtent(const Shape& s)
{
    switch (KindOf(s)) {
    case ShapeKind::Aabb: {
        const auto& box = std::get<Aabb<double>>(s);
        const glm::dvec3 e = box.max - box.min;
        return std::min({e.x, e.y, e.z});
    }
    case ShapeKind::Obb: {
        const glm::dvec3& h = std::get<Obb<double>>(s).halfExtents;
        return 2 * std::min({h.x, h.y, h.z});
    }
    case ShapeKind::Sphere:
        return std::get<Sphere<double>>(s).radius;
    case ShapeKind::Triangle: { // its shortest side
        const auto& v = std::get<Triangle<double>>(s).vertices;
        return std::min({glm::length(v[1] - v[0]), glm::length(v[2] - v[1]), glm::length(v[0] - v[2])});
    }
    case ShapeKind::Mesh:
    case ShapeKind::Convex:
    case ShapeKind::Ray:
    case ShapeKind::Segment:
    case ShapeKind::Plane:
    case ShapeKind::Point:
        return INFINITY;
    }
    UnknownShapeKind(KindOf(s));
}

/// |p - c| without overflow or underflow (scaled by the largest component), or -1 when the family
/// has no such distance.
double CentreDistance(const Query& q)
{
    glm::dvec3 d(0);
    switch (q.family) {
    case Family::PointSphere:
        d = std::get<Point<double>>(q.a).position - std::get<Sphere<double>>(q.b).center;
        break;
    case Family::SphereSphere:
        d = std::get<Sphere<double>>(q.b).center - std::get<Sphere<double>>(q.a).center;
        break;
    case Family::RayAabb:
    case Family::SegmentAabb:
    case Family::RayPlane:
    case Family::RaySphere:
    case Family::RayObb:
    case Family::AabbAabb:
    case Family::SphereAabb:
    case Family::ObbObb:
    case Family::PointAabb:
    case Family::PointObb:
    case Family::RayTriangle:
    case Family::SegmentTriangle:
    case Family::RayMesh:
    case Family::AabbTriangle:
    case Family::SphereTriangle:
    case Family::TriangleTriangle:
        return -1;
    }
    const double m = std::max({std::abs(d.x), std::abs(d.y), std::abs(d.z)});
    return m == 0 || !std::isfinite(m) ? m : m * glm::length(d / m);
}

bool InCornerRegion(const Query& q)
{
    const auto* sphere = std::get_if<Sphere<double>>(&q.a);
    const auto* box = std::get_if<Aabb<double>>(&q.b);
    if (sphere == nullptr || box == nullptr) {
        return false;
    }
    int outside = 0;
    for (int i = 0; i < 3; ++i) {
        outside += sphere->center[i] < box->min[i] || sphere->center[i] > box->max[i] ? 1 : 0;
    }
    return outside >= 2;
}

} // namespace

bool FlawConditionHolds(const FlawCondition& c, const FlawContext& x)
{
    const Query& q = x.query;
    const std::vector<double> f = AxisComponents(q);
    switch (c.word) {
    case FlawWord::OriginInside:
        return IsCast(q.family) && x.situation.originInside;
    case FlawWord::Boundary:
        return x.situation.boundaryOnly;
    case FlawWord::Behind:
        return x.situation.behind;
    case FlawWord::BackFacing:
        return IsTriangleCast(q.family) || q.family == Family::RayMesh ? TriangleFlawWordHolds(c, x)
                                                                       : x.situation.backFacing;
    case FlawWord::DirectionNotUnit:
        return IsCast(q.family) && !x.situation.unitDirection;
    case FlawWord::ParallelComponent:
        return HasParallelComponent(q);
    case FlawWord::NegativeZero:
        return std::any_of(f.begin(), f.end(), [](double v) { return v == 0.0 && std::signbit(v); });
    case FlawWord::InFacePlane:
        return InFacePlaneOn(q, c.axis);
    case FlawWord::EdgeOrCorner:
        return EntersEdgeOrCorner(q, x.reference);
    case FlawWord::Epsilon: {
        const std::vector<double> e = q.family == Family::TriangleTriangle ? detail::MollerPlaneDistances(q) : f;
        return std::any_of(e.begin(), e.end(), [&](double v) { return std::abs(v) <= c.threshold; });
    }
    case FlawWord::ExtentBelow:
        return std::min(SmallestExtent(q.a), SmallestExtent(q.b)) < c.threshold;
    case FlawWord::DistanceAbove:
        return CentreDistance(q) > c.threshold;
    case FlawWord::DistanceBelow: {
        const double d = CentreDistance(q);
        return d > 0 && d < c.threshold;
    }
    case FlawWord::CornerRegion:
        return InCornerRegion(q);
    case FlawWord::NoVertexInside:
        return detail::NoVertexInside(q);
    case FlawWord::NoFaceAxis:
        return detail::NoFaceAxisSeparates(q);
    case FlawWord::NearBoundary:
        return VerdictFlipsNear(
            q, c.threshold, [](const Query& m) { return Run(ReferenceAlgorithm(m.family), m, Precision::Double).hit; });
    case FlawWord::DegenerateTriangle:
        return detail::HasDegenerateTriangle(q);
    case FlawWord::Coplanar:
        return detail::TrianglesCoplanar(q);
    case FlawWord::EdgeOrVertex:
    case FlawWord::InPlane:
    case FlawWord::DeterminantBelow:
    case FlawWord::AreaBelow:
    case FlawWord::AreaAbove:
    case FlawWord::TAtMost:
        return TriangleFlawWordHolds(c, x);
    case FlawWord::GjkTolerance:
    case FlawWord::EpaTolerance:
    case FlawWord::DegenerateSimplex:
    case FlawWord::IterationCap:
    case FlawWord::MprPortal:
    case FlawWord::MprEpsilon:
        return GjkFlawWordHolds(c, x);
    }
    return false;
}

std::string FlawVocabularyText()
{
    std::string out;
    for (const WordSpelling& w : kWords) {
        out += (out.empty() ? "" : ", ") + std::string(w.text) + (w.number ? " N" : "") +
               (w.word == FlawWord::InFacePlane ? " [x|y|z]" : "");
    }
    return out + "; joined by ' and '; 'float: ' or 'double: ' in front restricts a clause to one precision";
}

glm::dvec3 CastDirection(const Query& q)
{
    const std::optional<CastLine> line = CastLineOf(q.a);
    return line ? line->direction : glm::dvec3(0);
}

bool HasParallelComponent(const Query& query)
{
    const std::vector<double> f = AxisComponents(query);
    return std::any_of(f.begin(), f.end(), [](double v) { return v == 0.0; });
}

bool InFacePlane(const Query& query, int axis) { return InFacePlaneOn(query, axis); }

std::string FlawWhenText(std::span<const std::string_view> clauses)
{
    std::string out;
    for (const std::string_view c : clauses) {
        out += (out.empty() ? "" : "; ") + std::string(c);
    }
    return out;
}

std::optional<FlawClause> ParseFlawClause(std::string_view text, std::string* error)
{
    std::string scratch;
    error = error != nullptr ? error : &scratch;
    FlawClause clause;
    text = Trim(text);
    for (const auto& [prefix, precision] : {std::pair{"float:", Precision::Float}, {"double:", Precision::Double}}) {
        if (StartsWith(text, prefix)) {
            clause.only = precision;
            text = Trim(text.substr(std::string_view(prefix).size()));
        }
    }
    while (true) {
        const size_t cut = text.find(" and ");
        const std::optional<FlawCondition> c = ParseCondition(text.substr(0, cut), error);
        if (!c) {
            return std::nullopt;
        }
        clause.all.push_back(*c);
        if (cut == std::string_view::npos) {
            return clause;
        }
        text = text.substr(cut + 5);
    }
}

bool FlawClauseHolds(const FlawClause& clause, const FlawContext& context)
{
    if (clause.only && *clause.only != context.precision) {
        return false;
    }
    return std::all_of(clause.all.begin(), clause.all.end(),
                       [&](const FlawCondition& c) { return FlawConditionHolds(c, context); });
}

std::string_view HoldingFlawCondition(const AlgorithmInfo& info, const FlawContext& context)
{
    if (info.flaw.empty()) {
        return {};
    }
    for (const std::string_view text : info.flawWhen) {
        const std::optional<FlawClause> clause = ParseFlawClause(text, nullptr);
        if (clause && FlawClauseHolds(*clause, context)) {
            return text;
        }
    }
    return {};
}

} // namespace hitlab
