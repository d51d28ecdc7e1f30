// Tests of core/pair_cull.h: ListQueries lists what Scene::Queries() lists (order included), counts
// before listing, culls exactly the pairs of solids whose bounds are apart, and a pair culled that
// way is a miss for every registered overlap algorithm in float and in double.
#include "core/pair_cull.h"

#include "core/rotation.h"
#include "core/scene.h"

#include <gtest/gtest.h>

#include <random>

namespace hitlab {
namespace HITLAB_UNITY_ID {

SceneShape Named(const std::string& name, Shape shape)
{
    SceneShape s;
    s.name = name;
    s.shape = std::move(shape);
    return s;
}

bool Same(const std::vector<SceneQuery>& x, const std::vector<SceneQuery>& y)
{
    return std::equal(x.begin(), x.end(), y.begin(), y.end(), [](const SceneQuery& p, const SceneQuery& q) {
        return p.family == q.family && p.a == q.a && p.b == q.b;
    });
}

/// A seeded scene of every shape type with some pairs turned off.
Scene RandomScene(unsigned seed, int count)
{
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(-5, 5);
    std::uniform_real_distribution<double> size(0.1, 2);
    Scene scene;
    for (int i = 0; i < count; ++i) {
        const glm::dvec3 c(u(rng), u(rng), u(rng));
        switch (rng() % 6) {
        case 0:
            scene.Add(Named("r", Ray<double>{c, glm::dvec3(0, 0, 1)}));
            break;
        case 1:
            scene.Add(Named("s", Segment<double>{c, c + glm::dvec3(1, 0, 0)}));
            break;
        case 2:
            scene.Add(Named("p", Plane<double>{glm::dvec3(0, 1, 0), u(rng)}));
            break;
        case 3:
            scene.Add(Named("b", Aabb<double>{c, c + size(rng)}));
            break;
        case 4:
            scene.Add(Named("o", Sphere<double>{c, size(rng)}));
            break;
        default: {
            Obb<double> obb;
            obb.center = c;
            obb.halfExtents = glm::dvec3(size(rng), size(rng), size(rng));
            obb.axes = AxesFromRotationDegrees(glm::dvec3(u(rng) * 30, u(rng) * 30, u(rng) * 30));
            scene.Add(Named("ob", obb));
        }
        }
    }
    const auto& shapes = scene.Shapes();
    for (int k = 0; k < count; ++k) {
        scene.SetPairEnabled(shapes[rng() % shapes.size()].id, shapes[rng() % shapes.size()].id, false);
    }
    return scene;
}

TEST(PairCull, WithoutCullingItListsExactlySceneQueries)
{
    for (unsigned seed = 1; seed <= 20; ++seed) {
        Scene scene = RandomScene(seed, 60);
        for (bool solids : {true, false}) {
            scene.SetSolidPairsEnabled(solids);
            const QueryList list = ListQueries(scene);
            const std::vector<SceneQuery> expected = scene.Queries();
            EXPECT_FALSE(list.overLimit);
            EXPECT_FALSE(list.culled);
            EXPECT_EQ(list.solidPairsApart, 0u);
            EXPECT_EQ(list.casts + list.solidPairs, expected.size()) << seed;
            EXPECT_TRUE(Same(list.queries, expected)) << seed << " solids " << solids;
            if (!solids) {
                EXPECT_EQ(list.solidPairs, 0u);
            }
        }
    }
}

TEST(PairCull, CullingLeavesOutExactlyThePairsOfSolidsWhoseBoundsAreApart)
{
    Scene scene;
    const ShapeId a = scene.Add(Named("a", Aabb<double>{glm::dvec3(0), glm::dvec3(1)}));
    const ShapeId b = scene.Add(Named("b", Aabb<double>{glm::dvec3(2, 0, 0), glm::dvec3(3, 1, 1)}));
    const ShapeId c = scene.Add(Named("c", Aabb<double>{glm::dvec3(1, 0, 0), glm::dvec3(2, 1, 1)})); // touches a, b
    const ShapeId d = scene.Add(Named("d", Sphere<double>{glm::dvec3(10, 0, 0), 1}));                // apart
    const ShapeId r = scene.Add(Named("r", Ray<double>{glm::dvec3(0, 0, -5), glm::dvec3(0, 0, 1)}));
    QueryListOptions cull;
    cull.cullSolidPairs = true;
    const QueryList list = ListQueries(scene, cull);
    EXPECT_TRUE(list.culled);
    EXPECT_FALSE(list.overLimit);
    EXPECT_EQ(list.casts, 4u);           // the ray against a, b, c, d
    EXPECT_EQ(list.solidPairs, 6u);      // a-b, a-c, b-c, and d against each box
    EXPECT_EQ(list.solidPairsApart, 4u); // all but a-c and b-c
    EXPECT_EQ(list.Listed(), 6u);
    const std::vector<SceneQuery> expected{
        {Family::AabbAabb, a, c}, {Family::RayAabb, r, a}, {Family::AabbAabb, b, c},
        {Family::RayAabb, r, b},  {Family::RayAabb, r, c}, {Family::RaySphere, r, d},
    };
    EXPECT_TRUE(Same(list.queries, expected));
    // turned off, a kept pair is neither listed nor counted
    scene.SetPairEnabled(a, c, false);
    const QueryList fewer = ListQueries(scene, cull);
    EXPECT_EQ(fewer.solidPairs, 5u);
    EXPECT_EQ(fewer.solidPairsApart, 4u);
    EXPECT_EQ(fewer.queries.size(), 5u);
}

TEST(PairCull, OverTheLimitNothingIsListedButEverythingIsCounted)
{
    Scene scene;
    for (int i = 0; i < 10; ++i) {
        scene.Add(Named("box", Aabb<double>{glm::dvec3(i * 0.5), glm::dvec3(i * 0.5 + 1)})); // neighbours overlap
    }
    scene.Add(Named("ray", Ray<double>{glm::dvec3(0, 0, -5), glm::dvec3(0, 0, 1)}));
    QueryListOptions options;
    options.limit = 54; // 10 casts + 45 pairs = 55
    QueryList list = ListQueries(scene, options);
    EXPECT_TRUE(list.overLimit);
    EXPECT_TRUE(list.queries.empty());
    EXPECT_EQ(list.casts, 10u);
    EXPECT_EQ(list.solidPairs, 45u);
    options.limit = 55;
    EXPECT_EQ(ListQueries(scene, options).queries.size(), 55u);
    // culled: box i overlaps box i+1 only (i+2 just touches at a corner: kept too, bounds meet)
    options.cullSolidPairs = true;
    options.limit = 10 + 16;
    list = ListQueries(scene, options);
    EXPECT_TRUE(list.overLimit);
    options.limit = 10 + 17;
    list = ListQueries(scene, options);
    EXPECT_FALSE(list.overLimit);
    EXPECT_EQ(list.solidPairs - list.solidPairsApart, 17u); // 9 neighbours at 0.5, 8 touching at 1
    EXPECT_EQ(list.queries.size(), 27u);
}

TEST(PairCull, BoundsAreGrownByTheirMargins)
{
    glm::dvec3 lo, hi;
    ASSERT_TRUE(SolidBounds(Sphere<double>{glm::dvec3(1024, 0, 0), 1}, lo, hi));
    // 1025 * 2^-16 on every side
    EXPECT_EQ(hi.x, 1025 + 1025.0 / 65536);
    EXPECT_EQ(lo.y, -1 - 1025.0 / 65536);
    Obb<double> obb;
    obb.center = glm::dvec3(0);
    obb.halfExtents = glm::dvec3(2, 1, 1);
    obb.axes = AxesFromRotationDegrees(glm::dvec3(0, 0, 90)); // x along y
    ASSERT_TRUE(SolidBounds(obb, lo, hi));
    const double r = 2; // the largest extent, along y
    EXPECT_NEAR(hi.y, r + r / 65536 + r / 1024, 1e-12);
    EXPECT_FALSE(SolidBounds(Ray<double>{}, lo, hi));
    EXPECT_FALSE(SolidBounds(Plane<double>{}, lo, hi));
}

/// A solid of type t around c with sizes from rng.
Shape RandomSolid(Family family, bool first, glm::dvec3 c, double scale, std::mt19937& rng)
{
    std::uniform_real_distribution<double> size(0.05, 1);
    const std::string_view type = first ? FamilyShapeA(family) : FamilyShapeB(family);
    if (type == "aabb") {
        return Aabb<double>{c - size(rng) * scale, c + size(rng) * scale};
    }
    if (type == "sphere") {
        return Sphere<double>{c, size(rng) * scale};
    }
    Obb<double> obb;
    obb.center = c;
    obb.halfExtents = glm::dvec3(size(rng), size(rng), size(rng)) * scale;
    std::uniform_real_distribution<double> angle(-180, 180);
    obb.axes = AxesFromRotationDegrees(glm::dvec3(angle(rng), angle(rng), angle(rng)));
    return obb;
}

void Translate(Shape& shape, const glm::dvec3& by)
{
    std::visit(
        [&](auto& s) {
            using S = std::decay_t<decltype(s)>;
            if constexpr (std::is_same_v<S, Aabb<double>>) {
                s.min += by;
                s.max += by;
            } else if constexpr (std::is_same_v<S, Sphere<double>> || std::is_same_v<S, Obb<double>>) {
                s.center += by;
            }
        },
        shape);
}

TEST(PairCull, SolidsWhoseGrownBoundsAreApartAreAMissForEveryAlgorithm)
{
    std::mt19937 rng(20261124);
    std::uniform_real_distribution<double> u(-1, 1);
    size_t checked = 0;
    for (Family family : {Family::AabbAabb, Family::SphereAabb, Family::SphereSphere, Family::ObbObb}) {
        for (double scale : {1e-3, 1.0, 1e3, 1e6}) {
            for (int i = 0; i < 300; ++i) {
                const glm::dvec3 at = glm::dvec3(u(rng), u(rng), u(rng)) * scale * 4.0;
                Shape a = RandomSolid(family, true, at, scale, rng);
                Shape b = RandomSolid(family, false, at, scale, rng);
                // move b along one axis until its grown bounds start just past a's
                glm::dvec3 aLo, aHi, bLo, bHi;
                SolidBounds(a, aLo, aHi);
                SolidBounds(b, bLo, bHi);
                const int axis = static_cast<int>(rng() % 3);
                for (int step = 0; step < 8 && bLo[axis] <= aHi[axis]; ++step) { // b's margin grows as it moves
                    glm::dvec3 by(0);
                    by[axis] = (aHi[axis] - bLo[axis]) * (1 + 1e-9) + 1e-9 * scale;
                    Translate(b, by);
                    SolidBounds(b, bLo, bHi);
                }
                ASSERT_GT(bLo[axis], aHi[axis]);
                const Query query{family, a, b};
                for (const AlgorithmInfo* info : AlgorithmsOf(family)) {
                    if (info->name == "sat_faces") {
                        // the one exception (core/pair_cull.h): leaving out the edge-edge axes,
                        // it can call boxes whose bounds are apart overlapping (its known flaw)
                        continue;
                    }
                    for (Precision precision : {Precision::Float, Precision::Double}) {
                        if (precision == Precision::Float && (info->name == "gjk_epa" || info->name == "mpr")) {
                            // in float GJK's tolerance on ||v|| (sqrt(100 ulp) ~ 3e-3 of the size) and
                            // libccd's absolute epsilon in MPR call gaps far above the margin
                            // overlaps (their flaws, core/pair_cull.h); in double they stay within it
                            continue;
                        }
                        EXPECT_FALSE(hitlab::Run(*info, query, precision).hit)
                            << FamilyName(family) << " " << info->name << " "
                            << (precision == Precision::Float ? "float" : "double") << " scale " << scale << " case "
                            << i;
                        ++checked;
                    }
                }
            }
        }
    }
    EXPECT_GT(checked, 4u * 4 * 300 * 2);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
