// The plugin ABI's convex shapes on HitLab's side (app/sources/plugin/plugin_abi_convert.h): a
// convex shape's points written into the region's points area, the query carrying their byte
// offset (the host makes it a pointer), batches cut so that their points fit.
#include "app/sources/plugin/plugin_abi_convert.h"

#include "core/convex.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace hitlab {
namespace HITLAB_UNITY_ID {

using namespace plugin;

Convex<double> Tetrahedron(double scale)
{
    return Convex<double>{MakeConvexData({{0, 0, 0}, {scale, 0, 0}, {0, scale, 0}, {0, 0, scale}})};
}

TEST(PluginAbiConvert, AConvexShapesPointsGoIntoThePointsAreaOneShapeAfterAnother)
{
    std::vector<char> region(kRegionBytes, 0);
    const std::vector<Query> queries = {{Family::AabbAabb, Tetrahedron(1), Tetrahedron(0.1)}};
    convert::WriteQueries<hitlab_query_d, double>(region.data(), queries, SentMeshes{});
    const auto* q = reinterpret_cast<const hitlab_query_d*>(region.data() + kQueriesOffset);
    // a's 4 points at the area's start, b's right after them (4 x 3 doubles = 96 bytes)
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(q->a.convex.points), kPointsOffset);
    EXPECT_EQ(q->a.convex.count, 4u);
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(q->b.convex.points), kPointsOffset + 96);
    const auto* points = reinterpret_cast<const double*>(region.data() + kPointsOffset);
    EXPECT_EQ(points[3], 1);        // a's second point, x
    EXPECT_EQ(points[12 + 3], 0.1); // b's second point, x
    // in float: 4 x 3 floats = 48 bytes each, 0.1 rounded to nearest
    convert::WriteQueries<hitlab_query_f, float>(region.data(), queries, SentMeshes{});
    const auto* f = reinterpret_cast<const hitlab_query_f*>(region.data() + kQueriesOffset);
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(f->b.convex.points), kPointsOffset + 48);
    EXPECT_EQ(reinterpret_cast<const float*>(region.data() + kPointsOffset)[12 + 3], 0.1f);
}

TEST(PluginAbiConvert, ABatchIsCutWhereItsPointsWouldOverflowTheArea)
{
    // 50000 points a shape, two a query: 2.4 MB of doubles a query, so 6 queries fit in the 16 MiB
    // area (14.4 MB) and the seventh does not (16.8 MB); in float, 13 (15.6 MB of floats)
    std::vector<glm::dvec3> many(50000, glm::dvec3(1, 2, 3));
    const Convex<double> big{MakeConvexData(many)};
    const std::vector<Query> queries(20, Query{Family::AabbAabb, big, big});
    EXPECT_EQ(convert::FitPoints(queries, sizeof(double)), 6u);
    EXPECT_EQ(convert::FitPoints(queries, sizeof(float)), 13u);
    // queries without convex shapes all fit
    const std::vector<Query> boxes(20, Query{Family::AabbAabb, Aabb<double>{}, Aabb<double>{}});
    EXPECT_EQ(convert::FitPoints(boxes, sizeof(double)), 20u);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
