// Tests of core/shapes.h: every kind of ShapeKind names its Shape alternative, round-trips through
// its protocol name, and answers each shape question (centre, cast line, translation, numbers,
// bounds) with values checked by hand. The loops run over kShapeKinds, so a new kind is covered.
#include "core/pair_cull.h"
#include "core/shapes.h"

#include <glm/vector_relational.hpp>
#include <gtest/gtest.h>

#include <set>
#include <string>

namespace hitlab {
namespace HITLAB_UNITY_ID {

using glm::dvec3;

/// One shape of each kind, with small integers so that every value below is exact.
Shape Sample(ShapeKind kind)
{
    switch (kind) {
    case ShapeKind::Ray:
        return Ray<double>{{1, 2, 3}, {0, 0, 2}};
    case ShapeKind::Segment:
        return Segment<double>{{0, 0, 0}, {2, 4, 6}};
    case ShapeKind::Plane:
        return Plane<double>{{0, 2, 0}, 4}; // y = 2
    case ShapeKind::Aabb:
        return Aabb<double>{{0, 0, 0}, {2, 4, 6}};
    case ShapeKind::Sphere:
        return Sphere<double>{{1, 1, 1}, 3};
    case ShapeKind::Obb:
        return Obb<double>{{5, 5, 5}, {1, 2, 3}, {dvec3(0, 1, 0), dvec3(-1, 0, 0), dvec3(0, 0, 1)}};
    case ShapeKind::Point:
        return Point<double>{{7, 8, 9}};
    case ShapeKind::Triangle:
        return Triangle<double>{{dvec3(0, 0, 0), dvec3(3, 0, 0), dvec3(0, 6, 3)}};
    case ShapeKind::Mesh: // two triangles sharing the edge (2, 0, 0)-(0, 2, 0)
        return Mesh<double>{MakeMeshData({{0, 0, 0}, {2, 0, 0}, {0, 2, 0}, {2, 2, 4}}, {{{0, 1, 2}}, {{1, 3, 2}}})};
    case ShapeKind::Convex: // a tetrahedron and a point inside it
        return Convex<double>{MakeConvexData({{0, 0, 0}, {4, 0, 0}, {0, 4, 0}, {0, 0, 2}, {1, 1, 0}})};
    }
    UnknownShapeKind(kind);
}

TEST(ShapeKindTest, EveryKindIsItsAlternativeAndRoundTripsItsName)
{
    const std::set<std::string> protocol{"ray", "segment", "plane",    "aabb", "sphere",
                                         "obb", "point",   "triangle", "mesh", "convex"};
    std::set<std::string> names;
    for (ShapeKind kind : kShapeKinds) {
        EXPECT_EQ(KindOf(DefaultShape(kind)), kind);
        EXPECT_EQ(KindOf(Sample(kind)), kind);
        const std::string name = ShapeKindName(kind);
        EXPECT_EQ(ShapeTypeName(DefaultShape(kind)), name);
        EXPECT_EQ(ShapeKindFromName(name), kind) << name;
        names.insert(name);
    }
    EXPECT_EQ(names, protocol); // the protocol's type names (docs/protocol.md), each once
    EXPECT_EQ(ShapeKindFromName("box"), std::nullopt);
    EXPECT_EQ(ShapeKindFromName("Ray"), std::nullopt);
    EXPECT_EQ(ShapeKindFromName(""), std::nullopt);
}

TEST(ShapeKindTest, NounsForPeople)
{
    EXPECT_STREQ(ShapeKindNoun(ShapeKind::Aabb), "box");
    EXPECT_STREQ(ShapeKindNoun(ShapeKind::Obb), "oriented box");
    EXPECT_STREQ(ShapeKindNoun(ShapeKind::Sphere), "sphere");
    EXPECT_STREQ(ShapeKindNoun(ShapeKind::Point), "point");
    EXPECT_STREQ(ShapeKindNoun(ShapeKind::Convex), "convex shape");
}

TEST(ShapeKindTest, CentreAndCastLine)
{
    EXPECT_EQ(ShapeCenter(Sample(ShapeKind::Ray)), dvec3(1, 2, 3));
    EXPECT_EQ(ShapeCenter(Sample(ShapeKind::Segment)), dvec3(1, 2, 3));
    EXPECT_EQ(ShapeCenter(Sample(ShapeKind::Plane)), std::nullopt);
    EXPECT_EQ(ShapeCenter(Sample(ShapeKind::Aabb)), dvec3(1, 2, 3));
    EXPECT_EQ(ShapeCenter(Sample(ShapeKind::Sphere)), dvec3(1, 1, 1));
    EXPECT_EQ(ShapeCenter(Sample(ShapeKind::Obb)), dvec3(5, 5, 5));
    EXPECT_EQ(ShapeCenter(Sample(ShapeKind::Point)), dvec3(7, 8, 9));
    EXPECT_EQ(ShapeCenter(Sample(ShapeKind::Triangle)), dvec3(1, 2, 1));
    EXPECT_EQ(ShapeCenter(Sample(ShapeKind::Mesh)), dvec3(1, 1, 2));   // its bounds' centre
    EXPECT_EQ(ShapeCenter(Sample(ShapeKind::Convex)), dvec3(2, 2, 1)); // its bounds' centre

    const auto ray = CastLineOf(Sample(ShapeKind::Ray));
    ASSERT_TRUE(ray.has_value());
    EXPECT_EQ(ray->origin, dvec3(1, 2, 3));
    EXPECT_EQ(ray->direction, dvec3(0, 0, 2));
    const auto segment = CastLineOf(Sample(ShapeKind::Segment));
    ASSERT_TRUE(segment.has_value());
    EXPECT_EQ(segment->origin, dvec3(0, 0, 0));
    EXPECT_EQ(segment->direction, dvec3(2, 4, 6));
    for (ShapeKind kind : kShapeKinds) {
        const bool cast = kind == ShapeKind::Ray || kind == ShapeKind::Segment;
        EXPECT_EQ(CastLineOf(Sample(kind)).has_value(), cast) << ShapeKindName(kind);
    }
}

TEST(ShapeKindTest, TranslatedMovesEveryPointByTheVector)
{
    const dvec3 d(1, -2, 4);
    for (ShapeKind kind : kShapeKinds) {
        const Shape s = Sample(kind);
        const Shape moved = Translated(s, d);
        EXPECT_EQ(KindOf(moved), kind);
        if (const auto c = ShapeCenter(s)) {
            EXPECT_EQ(ShapeCenter(moved), *c + d) << ShapeKindName(kind);
        }
    }
    // what a centre does not show: both ends, both corners, the plane's offset, the rest unchanged
    EXPECT_EQ(std::get<Segment<double>>(Translated(Sample(ShapeKind::Segment), d)),
              (Segment<double>{{1, -2, 4}, {3, 2, 10}}));
    EXPECT_EQ(std::get<Aabb<double>>(Translated(Sample(ShapeKind::Aabb), d)), (Aabb<double>{{1, -2, 4}, {3, 2, 10}}));
    EXPECT_EQ(std::get<Ray<double>>(Translated(Sample(ShapeKind::Ray), d)).direction, dvec3(0, 0, 2));
    // y = 2 moved by -2 along y is y = 0: distance 4 + (0, 2, 0) . d = 0
    EXPECT_EQ(std::get<Plane<double>>(Translated(Sample(ShapeKind::Plane), d)), (Plane<double>{{0, 2, 0}, 0}));
    EXPECT_EQ(std::get<Sphere<double>>(Translated(Sample(ShapeKind::Sphere), d)).radius, 3);
    EXPECT_EQ(std::get<Obb<double>>(Translated(Sample(ShapeKind::Obb), d)).axes,
              std::get<Obb<double>>(Sample(ShapeKind::Obb)).axes);
}

TEST(ShapeKindTest, ForEachShapeNumberVisitsEveryMemberInOrder)
{
    struct Expected {
        ShapeKind kind;
        std::vector<double> numbers;
    };
    const Expected table[] = {
        {ShapeKind::Ray, {1, 2, 3, 0, 0, 2}},
        {ShapeKind::Segment, {0, 0, 0, 2, 4, 6}},
        {ShapeKind::Plane, {0, 2, 0, 4}},
        {ShapeKind::Aabb, {0, 0, 0, 2, 4, 6}},
        {ShapeKind::Sphere, {1, 1, 1, 3}},
        {ShapeKind::Obb, {5, 5, 5, 1, 2, 3}},
        {ShapeKind::Point, {7, 8, 9}},
        {ShapeKind::Triangle, {0, 0, 0, 3, 0, 0, 0, 6, 3}},
        {ShapeKind::Mesh, {0, 0, 0, 2, 0, 0, 0, 2, 0, 2, 2, 4}},
        {ShapeKind::Convex, {0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0, 2, 1, 1, 0}},
    };
    ASSERT_EQ(std::size(table), kShapeKinds.size());
    for (const Expected& e : table) {
        const Shape s = Sample(e.kind);
        std::vector<double> seen;
        ForEachShapeNumber(s, false, [&seen](double v) { seen.push_back(v); });
        EXPECT_EQ(seen, e.numbers) << ShapeKindName(e.kind);
    }
    // with the axes: an obb's nine axis components after its six numbers
    std::vector<double> obb;
    const Shape box = Sample(ShapeKind::Obb);
    ForEachShapeNumber(box, true, [&obb](double v) { obb.push_back(v); });
    EXPECT_EQ(obb, (std::vector<double>{5, 5, 5, 1, 2, 3, 0, 1, 0, -1, 0, 0, 0, 0, 1}));
    // on a mutable shape it writes: every number doubled
    Shape sphere = Sample(ShapeKind::Sphere);
    ForEachShapeNumber(sphere, true, [](double& v) { v *= 2; });
    EXPECT_EQ(std::get<Sphere<double>>(sphere), (Sphere<double>{{2, 2, 2}, 6}));
    // a mesh's numbers are changed in a copy of its shared data: the original stays, the float copy
    // and the bounds follow
    const Shape original = Sample(ShapeKind::Mesh);
    Shape mesh = original;
    ForEachShapeNumber(mesh, true, [](double& v) { v *= 2; });
    const auto& doubled = *std::get<Mesh<double>>(mesh).data;
    EXPECT_EQ(doubled.vertices[3], dvec3(4, 4, 8));
    EXPECT_EQ(doubled.floatVertices[3], glm::vec3(4, 4, 8));
    EXPECT_EQ(doubled.boundsMax, dvec3(4, 4, 8));
    EXPECT_EQ(std::get<Mesh<double>>(original).data->vertices[3], dvec3(2, 2, 4));
    EXPECT_EQ(doubled.triangles, std::get<Mesh<double>>(original).data->triangles);
    // a convex shape's likewise
    const Shape hull = Sample(ShapeKind::Convex);
    Shape grown = hull;
    ForEachShapeNumber(grown, true, [](double& v) { v *= 2; });
    const auto& grownData = *std::get<Convex<double>>(grown).data;
    EXPECT_EQ(grownData.points[1], dvec3(8, 0, 0));
    EXPECT_EQ(grownData.floatPoints[1], glm::vec3(8, 0, 0));
    EXPECT_EQ(grownData.boundsMax, dvec3(8, 8, 4));
    EXPECT_EQ(std::get<Convex<double>>(hull).data->points[1], dvec3(4, 0, 0));
}

TEST(ShapeKindTest, SolidBoundsHoldEverySolidAndNoLine)
{
    for (ShapeKind kind : kShapeKinds) {
        const Shape s = Sample(kind);
        dvec3 min, max;
        const bool bounded = SolidBounds(s, min, max);
        const bool line = kind == ShapeKind::Ray || kind == ShapeKind::Segment || kind == ShapeKind::Plane;
        EXPECT_EQ(bounded, !line) << ShapeKindName(kind);
        if (!bounded) {
            continue;
        }
        // every number a corner or surface point of the sample reaches, by hand
        const dvec3 c = *ShapeCenter(s);
        EXPECT_TRUE(glm::all(glm::lessThanEqual(min, c)) && glm::all(glm::lessThanEqual(c, max)))
            << ShapeKindName(kind);
    }
    dvec3 min, max;
    ASSERT_TRUE(SolidBounds(Sample(ShapeKind::Obb), min, max));
    // half extents (1, 2, 3) on axes (y, -x, z): 2 along x, 1 along y, 3 along z around (5, 5, 5),
    // grown by 2^-16 of the largest coordinate (8) and 2^-10 of the largest extent (3)
    const double obbMargin = 8 * kBoundsRoundingMargin + 3 * kBoundsObbMargin;
    EXPECT_DOUBLE_EQ(min.x, 3 - obbMargin);
    EXPECT_DOUBLE_EQ(max.y, 6 + obbMargin);
    EXPECT_DOUBLE_EQ(max.z, 8 + obbMargin);
    ASSERT_TRUE(SolidBounds(Sample(ShapeKind::Sphere), min, max));
    EXPECT_DOUBLE_EQ(min.x, -2 - 4 * kBoundsRoundingMargin);
    EXPECT_DOUBLE_EQ(max.z, 4 + 4 * kBoundsRoundingMargin);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
