// The ray fans' external algorithms without GL (app/gui/view/fan_external.h): the example plugin
// misbehave.so (its misbehave_c misses every ray, and crashes the host on rays from x = 13)
// joined to fans computed with the built-in slab, through hitlab-plugin-host.
#include "app/gui/view/fan_external.h"

#include "core/ray_fan.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

namespace hitlab {
namespace HITLAB_UNITY_ID {

const std::string kMisbehave = std::string(HITLAB_PLUGIN_DIR) + "/misbehave.so";

/// The box [-1, 1]^3 (id 1) and one n x n fan at it from `origin`, compared with slab alone.
Scene BoxFan(const glm::dvec3& origin, const Aabb<double>& box, int n)
{
    Scene scene;
    SceneShape shape;
    shape.name = "box";
    shape.shape = box;
    scene.Add(shape);
    SceneFan fan;
    fan.name = "fan";
    fan.origin = origin;
    fan.target = 1;
    fan.n = n;
    scene.AddFan(fan);
    scene.Settings(Family::RayAabb).enabled = {FindAlgorithm(Family::RayAabb, "slab")};
    scene.Settings(Family::RayAabb).drawn = scene.Settings(Family::RayAabb).enabled[0];
    scene.TouchSettings();
    return scene;
}

/// The cache brought up to date with the external answers joined (waiting for them).
void ComputeWithExternal(const Scene& scene, FanCache& cache, FanExternal& external)
{
    cache.Update(scene);
    external.Update(cache, true); // applies the sources: the cache forgets its fans
    cache.Update(scene);
    external.Update(cache, true); // asks and joins
}

class FanExternalTest : public ::testing::Test {
protected:
    void SetUp() override { setenv("HITLAB_PLUGIN_HOST", HITLAB_PLUGIN_HOST, 1); }
};

TEST_F(FanExternalTest, APluginThatAlwaysMissesDisagreesExactlyWhereSlabHits)
{
    // n = 4 from (0, 0, -5) at [-1, 1]^3: the grid's half size is sqrt(3) * 1.15 = 1.992, its
    // cells aim at u, v = +-0.498 and +-1.494 in the plane z = 0. A ray to 0.498 crosses the front
    // face z = -1 at 0.8 * 0.498 = 0.40 (a hit); one to 1.494 is at 1.195 there and 1.79 at the
    // back face (a miss). So slab hits the middle 2 x 2 cells, samples 5, 6, 9 and 10, and those
    // are the ones where misbehave_c (always a miss) disagrees.
    const Scene scene = BoxFan({0, 0, -5}, Aabb<double>{{-1, -1, -1}, {1, 1, 1}}, 4);
    FanCache cache;
    FanExternal external;
    external.SetSources({}, {kMisbehave}, std::chrono::milliseconds(5000));
    ComputeWithExternal(scene, cache, external);
    ASSERT_TRUE(external.Error().empty()) << external.Error();
    const FanCache::Entry* e = cache.Find(1);
    ASSERT_NE(e, nullptr);
    EXPECT_FALSE(external.Pending(*e));
    const RayFan& fan = e->fan;
    ASSERT_EQ(fan.algorithms.size(), 2u);
    EXPECT_EQ(fan.algorithms[0]->name, "slab");
    EXPECT_EQ(fan.algorithms[1]->name, "misbehave_c");
    EXPECT_EQ(fan.allMask, 3u);
    std::vector<std::size_t> disagree;
    for (std::size_t k = 0; k < fan.samples.size(); ++k) {
        if (fan.Class(fan.samples[k]) == FanClass::Disagree) {
            disagree.push_back(k);
            EXPECT_EQ(fan.samples[k].hitMask, 1u) << k; // only slab hits
        }
    }
    EXPECT_EQ(disagree, (std::vector<std::size_t>{5, 6, 9, 10}));
    EXPECT_EQ(fan.disagreements, 4u);
    EXPECT_EQ(e->stats.disagree, 4u);
    EXPECT_EQ(e->stats.allMiss, 12u);
    EXPECT_EQ(external.Failures(1).first, 0u);
}

TEST_F(FanExternalTest, AFanRecomputedIsAskedAgainAndTheSourcesRemovedLeaveTheBuiltInFan)
{
    Scene scene = BoxFan({0, 0, -5}, Aabb<double>{{-1, -1, -1}, {1, 1, 1}}, 4);
    FanCache cache;
    FanExternal external;
    external.SetSources({}, {kMisbehave}, std::chrono::milliseconds(5000));
    ComputeWithExternal(scene, cache, external);
    // n = 2 aims at u, v = +-0.996: 0.8 * 0.996 = 0.797 on the front face, every ray hits
    SceneFan fan = *scene.FindFan(1);
    fan.n = 2;
    scene.ReplaceFan(fan);
    cache.Update(scene);
    EXPECT_TRUE(external.Pending(*cache.Find(1)));
    EXPECT_EQ(cache.Find(1)->fan.algorithms.size(), 1u); // the built-in fan until the answers come
    external.Update(cache, true);
    EXPECT_EQ(cache.Find(1)->fan.algorithms.size(), 2u);
    EXPECT_EQ(cache.Find(1)->stats.disagree, 4u);
    external.SetSources({}, {}, std::chrono::milliseconds(5000));
    ComputeWithExternal(scene, cache, external);
    EXPECT_EQ(cache.Find(1)->fan.algorithms.size(), 1u);
    EXPECT_EQ(cache.Find(1)->stats.allHit, 4u);
}

TEST_F(FanExternalTest, CrashedRaysAreCountedAsFailedMissesAndTheFanStillJoins)
{
    // every ray starts at x = 13, where misbehave_c writes through a null pointer
    const Scene scene = BoxFan({13, 0, 0}, Aabb<double>{{15, -1, -1}, {17, 1, 1}}, 2);
    FanCache cache;
    FanExternal external;
    external.SetSources({}, {kMisbehave}, std::chrono::milliseconds(5000));
    ComputeWithExternal(scene, cache, external);
    const FanCache::Entry* e = cache.Find(1);
    ASSERT_NE(e, nullptr);
    ASSERT_EQ(e->fan.algorithms.size(), 2u);
    const auto [failed, first] = external.Failures(1);
    EXPECT_EQ(failed, 4u);
    EXPECT_EQ(first.rfind("misbehave_c: crashed: ", 0), 0u) << first;
    EXPECT_EQ(e->stats.disagree, 4u); // slab hits all four (n = 2 aims inside the silhouette)
}

TEST_F(FanExternalTest, AFileThatIsNoPluginIsAnErrorAndNothingIsAsked)
{
    const Scene scene = BoxFan({0, 0, -5}, Aabb<double>{{-1, -1, -1}, {1, 1, 1}}, 4);
    FanCache cache;
    FanExternal external;
    external.SetSources({}, {std::string(HITLAB_PLUGIN_DIR) + "/no_such_plugin.so"}, std::chrono::milliseconds(5000));
    ComputeWithExternal(scene, cache, external);
    EXPECT_NE(external.Error().find("no_such_plugin.so"), std::string::npos) << external.Error();
    ASSERT_NE(cache.Find(1), nullptr);
    EXPECT_FALSE(external.Pending(*cache.Find(1)));
    EXPECT_EQ(cache.Find(1)->fan.algorithms.size(), 1u);
}

TEST(AddFanAlgorithm, SetsTheNextBitAndTheFirstHitPoint)
{
    RayFanOptions options;
    options.target = Aabb<double>{{-1, -1, -1}, {1, 1, 1}};
    options.n = 2;
    options.algorithms = {FindAlgorithm(Family::RayAabb, "slab")};
    options.threads = 1;
    RayFan fan = ComputeRayFan(options);
    ASSERT_EQ(fan.samples.size(), 4u);
    const std::vector<Query> queries = FanQueries(fan, options.origin, options.target);
    ASSERT_EQ(queries.size(), 4u);
    // the queries are the fan's rays: cell (1, 0) is samples[1]
    const Ray<double> cell = fan.CellRay(options.origin, 1, 0);
    EXPECT_EQ(std::get<Ray<double>>(queries[1].a).direction, cell.direction);
    AlgorithmInfo other = *FindAlgorithm(Family::RayAabb, "slab_signs");
    other.name = "other";
    std::vector<Result> results(4);
    results[2].hit = true;
    results[2].point = {0.25, 0.5, -1};
    fan.samples[2].hitMask = 0; // as if slab had missed there: the point comes from `other`
    ASSERT_TRUE(AddFanAlgorithm(fan, other, results));
    EXPECT_EQ(fan.algorithms.size(), 2u);
    EXPECT_EQ(fan.allMask, 3u);
    EXPECT_EQ(fan.samples[2].hitMask, 2u);
    EXPECT_EQ(fan.samples[2].x, 0.25f);
    EXPECT_EQ(fan.samples[2].z, -1.0f);
    EXPECT_EQ(fan.samples[0].hitMask, 1u);
    EXPECT_EQ(fan.disagreements, 4u); // three where only slab hits, one where only other does
    EXPECT_FALSE(AddFanAlgorithm(fan, other, std::vector<Result>(3))); // not one per sample
    EXPECT_EQ(fan.algorithms.size(), 2u);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
