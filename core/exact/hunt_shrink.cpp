// Turning a disagreement into something a person reads: shrinking to simple numbers, a one-line
// description and a scene (the GoogleTest case: hunt_export.cpp).
#include "hunt_detail.h"
#include "hunt_groups.h"

#include "core/io/protocol.h"
#include "core/mesh.h"
#include "core/pair_cull.h"
#include "core/text.h"

#include <charconv>
#include <glm/glm.hpp>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <tuple>

namespace hitlab {

namespace {

using glm::dvec3;

bool Identity(const std::array<dvec3, 3>& axes)
{
    return axes[0] == dvec3(1, 0, 0) && axes[1] == dvec3(0, 1, 0) && axes[2] == dvec3(0, 0, 1);
}

/// The protocol's validity (what `hitlab eval` would accept) of one shape, float-representable
/// numbers aside.
bool ValidShape(const Shape& shape)
{
    switch (KindOf(shape)) {
    case ShapeKind::Ray:
        return std::get<Ray<double>>(shape).direction != dvec3(0);
    case ShapeKind::Plane:
        return std::get<Plane<double>>(shape).normal != dvec3(0);
    case ShapeKind::Aabb: {
        const auto& b = std::get<Aabb<double>>(shape);
        return b.min.x <= b.max.x && b.min.y <= b.max.y && b.min.z <= b.max.z;
    }
    case ShapeKind::Sphere:
        return std::get<Sphere<double>>(shape).radius >= 0;
    case ShapeKind::Obb: {
        const dvec3& h = std::get<Obb<double>>(shape).halfExtents;
        return h.x >= 0 && h.y >= 0 && h.z >= 0;
    }
    case ShapeKind::Segment:
    case ShapeKind::Point:
    case ShapeKind::Triangle:
    case ShapeKind::Mesh:
    case ShapeKind::Convex:
        return true;
    }
    UnknownShapeKind(KindOf(shape));
}

bool Valid(const Query& q) { return ValidShape(q.a) && ValidShape(q.b); }

/// Which sizes of a shape are zero (flat box axes, zero radii and half extents, a segment's length).
/// A triangle's coincident vertices and whether it is degenerate (a zero winding normal, exactly:
/// the products of small shrunk numbers are exact), so that a crack between two triangles does not
/// shrink into a point or a segment.
void TriangleFlatness(const Triangle<double>& t, std::vector<bool>& out)
{
    const auto& v = t.vertices;
    out.push_back(v[0] == v[1]);
    out.push_back(v[1] == v[2]);
    out.push_back(v[2] == v[0]);
    out.push_back(glm::cross(v[1] - v[0], v[2] - v[0]) == dvec3(0));
}

void ShapeFlatness(const Shape& shape, std::vector<bool>& out)
{
    switch (KindOf(shape)) {
    case ShapeKind::Aabb: {
        const auto& b = std::get<Aabb<double>>(shape);
        for (int i = 0; i < 3; ++i) {
            out.push_back(b.min[i] == b.max[i]);
        }
        return;
    }
    case ShapeKind::Sphere:
        out.push_back(std::get<Sphere<double>>(shape).radius == 0);
        return;
    case ShapeKind::Obb: {
        const auto& o = std::get<Obb<double>>(shape);
        for (int i = 0; i < 3; ++i) {
            out.push_back(o.halfExtents[i] == 0);
        }
        return;
    }
    case ShapeKind::Segment: {
        const auto& seg = std::get<Segment<double>>(shape);
        out.push_back(seg.start == seg.end);
        return;
    }
    case ShapeKind::Triangle:
        TriangleFlatness(std::get<Triangle<double>>(shape), out);
        return;
    case ShapeKind::Mesh: { // each triangle's (a small mesh: larger ones are not shrunk)
        const auto& mesh = std::get<Mesh<double>>(shape);
        for (size_t i = 0; i < mesh.TriangleCount() && i < 256; ++i) {
            TriangleFlatness(mesh.TriangleAt(i), out);
        }
        return;
    }
    case ShapeKind::Convex: { // which points coincide with the first (a hull shrunk to fewer corners)
        const auto& c = std::get<Convex<double>>(shape);
        for (size_t i = 1; i < c.PointCount() && i < 256; ++i) {
            out.push_back(c.data->points[i] == c.data->points[0]);
        }
        return;
    }
    case ShapeKind::Ray:
    case ShapeKind::Plane:
    case ShapeKind::Point:
        return;
    }
}

/// Which sizes are zero: shrinking keeps them, so that a counterexample on a solid box does not
/// shrink into a point.
std::vector<bool> Flatness(const Query& q)
{
    std::vector<bool> out;
    ShapeFlatness(q.a, out);
    ShapeFlatness(q.b, out);
    return out;
}

bool SameBits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

/// How complicated a number reads: +0, then -0, then by the binary digits after the point, then by size.
std::pair<int, double> Complexity(double x)
{
    if (x == 0) {
        return {std::signbit(x) ? -1 : -2, 0.0};
    }
    int k = 0;
    while (k < 1100 && std::ldexp(x, k) != std::round(std::ldexp(x, k))) {
        ++k;
    }
    return {k, std::fabs(x)};
}

/// Candidates for x, simplest first: 0, +-1, +-2, then x rounded to integers, halves, quarters, ...
std::vector<double> Candidates(double x)
{
    std::vector<double> c{0.0};
    const double s = std::signbit(x) ? -1.0 : 1.0;
    c.push_back(s);
    c.push_back(2 * s);
    for (int k = 0; k <= 10; ++k) {
        const double unit = std::ldexp(1.0, -k);
        c.push_back(std::round(x / unit) * unit);
    }
    return c;
}

void ScaleAll(Query& q, double factor)
{
    for (Shape* shape : {&q.a, &q.b}) {
        std::vector<double*> numbers;
        hunt::ShrinkNumbers(*shape, numbers);
        for (double* x : numbers) {
            *x *= factor;
        }
    }
}

} // namespace

std::string HuntVerdictCause(bool aHit, const std::string& other)
{
    return aHit ? "hits where " + other + " misses" : "misses where " + other + " hits";
}

std::string HuntValuesCause(std::uint32_t fields)
{
    std::string s = "values differ:";
    for (const std::string& name : FieldNames(fields & ~std::uint32_t(kFieldHit))) {
        s += (s.back() == ':' ? " " : ", ") + name;
    }
    return s;
}

bool HuntSimpler(const Query& x, const Query& y)
{
    auto measure = [](const Query& q) {
        Query copy = q;
        std::vector<double*> numbers;
        hunt::ShrinkNumbers(copy.a, numbers);
        hunt::ShrinkNumbers(copy.b, numbers);
        int digits = 0;
        double size = 0;
        for (const double* v : numbers) {
            const auto [k, magnitude] = Complexity(*v);
            digits += std::max(k, 0);
            size += magnitude;
        }
        const std::string text = DescribeQuery(q);
        return std::make_tuple(digits, size, text.size(), text);
    };
    return measure(x) < measure(y);
}

std::string hunt::DescribeResult(const Result& r, Family family)
{
    if (!r.hit) {
        return "miss";
    }
    return IsCast(family) ? "hit, t in [" + NumberText(r.tEnter + 0.0) + ", " + NumberText(r.tExit + 0.0) + "]"
                          : "hit, depth " + NumberText(r.depth + 0.0);
}

std::string HuntGroupLine(const Counterexample& c, const std::string& a)
{
    return std::to_string(c.count) + (c.count == 1 ? " case: " : " cases: ") + a + " " + c.cause +
           " (distribution: " + c.distribution + ")";
}

std::string DescribeDisagreement(const Counterexample& c, const HuntOptions& options)
{
    std::string s = options.a + ": " + hunt::DescribeResult(c.a, c.query.family) + "; ";
    if (c.b) {
        s += options.b + ": " + hunt::DescribeResult(*c.b, c.query.family) + "; ";
    }
    return s + "exact: " + DescribeExact(c.exact);
}

namespace {

using Disagrees = std::function<bool(const Query&)>;

/// Brings a huge or tiny query toward 1 by powers of two (exact) while it still disagrees.
void ShrinkScale(Query& q, const Disagrees& disagrees)
{
    for (double factor : {0.5, 2.0}) {
        for (int i = 0; i < 200; ++i) {
            Query t = q;
            ScaleAll(t, factor);
            double largest = 0;
            std::vector<double*> numbers;
            hunt::ShrinkNumbers(t.a, numbers);
            hunt::ShrinkNumbers(t.b, numbers);
            for (double* x : numbers) {
                largest = std::max(largest, std::fabs(*x));
            }
            const bool towardOne = factor < 1 ? largest >= 1 : largest < 0.5;
            if (!towardOne || !disagrees(t)) {
                break;
            }
            q = t;
        }
    }
}

/// Replaces obb axes by the nearest signed permutation when the query still disagrees.
void SnapAxes(Query& q, const Disagrees& disagrees)
{
    for (Shape* shape : {&q.a, &q.b}) {
        if (auto* o = std::get_if<Obb<double>>(shape); o && !Identity(o->axes)) {
            Query t = q;
            auto& axes = std::get<Obb<double>>(shape == &q.a ? t.a : t.b).axes;
            for (dvec3& a : axes) {
                const dvec3 m = glm::abs(a);
                const int i = m.x >= m.y && m.x >= m.z ? 0 : m.y >= m.z ? 1 : 2;
                const double sign = a[i] < 0 ? -1 : 1;
                a = dvec3(0);
                a[i] = sign;
            }
            const dvec3 n = glm::cross(axes[0], axes[1]);
            if (n != dvec3(0) && glm::dot(n, axes[2]) != 0 && disagrees(t)) {
                q = t;
            }
        }
    }
}

/// Each number to its simplest value that keeps the disagreement (equal numbers together first:
/// touching faces share a plane), until nothing changes; flat shapes stay flat.
void SimplifyNumbers(Query& q, const std::vector<bool>& flatness, const Disagrees& disagrees)
{
    for (int pass = 0; pass < 6; ++pass) {
        bool changed = false;
        std::vector<double*> numbers;
        hunt::ShrinkNumbers(q.a, numbers);
        hunt::ShrinkNumbers(q.b, numbers);
        std::map<double, std::vector<double*>> groups;
        for (double* x : numbers) {
            groups[*x].push_back(x);
        }
        for (auto& [value, members] : groups) {
            if (members.size() < 2 || value != *members[0]) {
                continue;
            }
            for (double c : Candidates(value)) {
                if (SameBits(c, value) || !(Complexity(c) < Complexity(value))) {
                    continue;
                }
                for (double* x : members) {
                    *x = c;
                }
                if (Valid(q) && Flatness(q) == flatness && disagrees(q)) {
                    changed = true;
                    break;
                }
                for (double* x : members) {
                    *x = value;
                }
            }
        }
        for (double* x : numbers) {
            const double old = *x;
            for (double c : Candidates(old)) {
                if (SameBits(c, old) || !(Complexity(c) < Complexity(old))) {
                    continue; // not simpler
                }
                *x = c;
                if (Valid(q) && Flatness(q) == flatness && disagrees(q)) {
                    changed = true;
                    break;
                }
                *x = old;
            }
        }
        if (!changed) {
            break;
        }
    }
}

} // namespace

Query ShrinkQuery(const Query& query, const std::function<bool(const Query&)>& disagrees)
{
    // meshes and convex shapes whose numbers changed are rebuilt before they are judged (ShrinkNumbers)
    const Disagrees judged = [&disagrees](const Query& x) {
        if (!hunt::HasSharedData(x.a) && !hunt::HasSharedData(x.b)) {
            return disagrees(x);
        }
        Query y = x;
        hunt::RefreshSharedData(y);
        return disagrees(y);
    };
    Query q = query;
    ShrinkScale(q, judged);
    SnapAxes(q, judged);
    SimplifyNumbers(q, Flatness(query), judged);
    hunt::RefreshSharedData(q);
    return q;
}

Scene CounterexampleScene(const Counterexample& c, const HuntOptions& options)
{
    Scene scene;
    const std::string versus = options.b.empty() ? "the exact judge" : options.b;
    scene.title = options.a + " vs " + versus + ": " + DescribeQuery(c.query);
    scene.description = "Found by `hitlab hunt` (" + std::string(FamilyName(c.query.family)) + ", " +
                        (options.precision == Precision::Float ? "float" : "double") + ", seed " +
                        std::to_string(options.seed) +
                        "), the smallest case of its group: " + HuntGroupLine(c, options.a) + ".\n\n" +
                        DescribeDisagreement(c, options) + ".\n";
    const glm::vec4 colors[2] = {{0.95f, 0.55f, 0.2f, 1.0f}, {0.35f, 0.6f, 0.95f, 1.0f}};
    int k = 0;
    for (const Shape* shape : {&c.query.a, &c.query.b}) {
        SceneShape s;
        s.name = DefaultShapeName(scene, ShapeTypeName(*shape));
        s.color = colors[k++];
        s.shape = *shape;
        scene.Add(std::move(s));
    }
    FamilySettings& settings = scene.Settings(c.query.family);
    settings.enabled.clear();
    for (const AlgorithmInfo* info : AlgorithmsOf(c.query.family)) {
        if (options.b.empty() || info->name == options.a || info->name == options.b) {
            settings.enabled.push_back(info);
        }
    }
    settings.drawn = FindAlgorithm(c.query.family, options.a);
    settings.precision = options.precision;
    // look at b (the solid), from a distance that shows both
    switch (KindOf(c.query.b)) {
    case ShapeKind::Aabb: {
        const auto& x = std::get<Aabb<double>>(c.query.b);
        scene.camera.target = (x.min + x.max) * 0.5;
        scene.camera.distance = 4 + 3 * glm::length(x.max - x.min);
        break;
    }
    case ShapeKind::Sphere:
        scene.camera.target = std::get<Sphere<double>>(c.query.b).center;
        break;
    case ShapeKind::Obb:
        scene.camera.target = std::get<Obb<double>>(c.query.b).center;
        break;
    case ShapeKind::Triangle:
    case ShapeKind::Mesh:
    case ShapeKind::Convex: {
        glm::dvec3 lo, hi;
        if (SolidBounds(c.query.b, lo, hi)) {
            scene.camera.target = (lo + hi) * 0.5;
            scene.camera.distance = 4 + 3 * glm::length(hi - lo);
        }
        break;
    }
    case ShapeKind::Ray:
    case ShapeKind::Segment:
    case ShapeKind::Plane:
    case ShapeKind::Point:
        break;
    }
    return scene;
}

} // namespace hitlab
