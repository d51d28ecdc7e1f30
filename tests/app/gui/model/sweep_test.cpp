// The t sweep's range and advance (app/gui/model/sweep.h) on the 2D slab miss's number line: the
// ray (4, 1) from the origin against [1, 3]^2 x [-0.5, 0.5] (x slab t in [0.25, 0.75], y slab [1, 3]).
#include "app/gui/model/sweep.h"

#include "core/scene_eval.h"

#include <gtest/gtest.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

TEST(Sweep, AdvancesFromTheStartToTheEndInItsSecondsThenStops)
{
    const SweepRange range{0.0, 3.0};
    EXPECT_DOUBLE_EQ(*AdvanceSweep(0.0, range, 1.0, 4.0), 0.75);
    EXPECT_DOUBLE_EQ(*AdvanceSweep(0.75, range, 2.0, 4.0), 2.25);
    EXPECT_DOUBLE_EQ(*AdvanceSweep(2.25, range, 2.0, 4.0), 3.0); // clamped at the end
    EXPECT_FALSE(AdvanceSweep(3.0, range, 0.016, 4.0).has_value());
}

TEST(Sweep, RangeStartsAtTheAllowedRangeAndEndsWithTheNumberLine)
{
    Scene scene;
    const ShapeId box = scene.Add(SceneShape{0, "box", {0, 0, 1, 1}, true, Aabb<double>{{1, 1, -0.5}, {3, 3, 0.5}}});
    const ShapeId ray = scene.Add(SceneShape{0, "ray", {1, 1, 0, 1}, true, Ray<double>{{0, 0, 0}, {4, 1, 0}}});
    const AlgorithmInfo& slab = *FindAlgorithm(Family::RayAabb, "slab");
    const Trace trace = SceneEvaluator::TraceOf(scene, SceneQuery{Family::RayAabb, ray, box}, slab);
    const NumberLineLayout line = LayOutNumberLine(trace, slab, -1);
    const SweepRange range = SweepRangeOf(line);
    EXPECT_EQ(range.start, 0.0);     // the ray's allowed range starts at t = 0, inside the line's range
    EXPECT_EQ(range.end, line.tMax); // the allowed range is unbounded: the line's end
    EXPECT_GT(range.end, 3.0);       // past the y slab's exit, the last crossing
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
