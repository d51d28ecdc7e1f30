// The number line's t axis ticks and labels (LayOutTicks) and the compared number lines
// (LayOutComparedNumberLines), GL-free. Label widths are given as 7 pixels a character, as the
// window's default font measures them.
#include "app/gui/model/number_line.h"

#include "core/scene_eval.h"

#include <gtest/gtest.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

float Width(const std::string& s) { return 7.0f * float(s.size()); }

std::vector<std::string> Labels(const std::vector<NumberLineTick>& ticks)
{
    std::vector<std::string> out;
    for (const NumberLineTick& t : ticks) {
        out.push_back(t.label);
    }
    return out;
}

TEST(NumberLineTicks, OneTwoOrFiveTimesAPowerOfTenAbout70PixelsApart)
{
    // [-0.5, 3.5] on 560 px: 70 px is 0.5 of t
    const auto ticks = LayOutTicks(-0.5, 3.5, 560.0f, Width, 14.0f);
    ASSERT_EQ(ticks.size(), 9u);
    EXPECT_EQ(ticks[0].t, -0.5);
    EXPECT_EQ(ticks[0].x, 0.0f);
    EXPECT_EQ(ticks[8].t, 3.5);
    EXPECT_EQ(ticks[8].x, 1.0f);
    // "-0.5" at the left end and "3.5" at the right end would stick out of the line: dropped
    EXPECT_EQ(Labels(ticks), (std::vector<std::string>{"", "0", "0.5", "1", "1.5", "2", "2.5", "3", ""}));
    // "0" is centred on its tick at 70 px
    EXPECT_EQ(ticks[1].labelX, 70.0f - 3.5f);
    EXPECT_EQ(ticks[1].labelW, 7.0f);
}

TEST(NumberLineTicks, LabelsThatWouldTouchAreThinnedKeepingZero)
{
    // [-1, 1] on 300 px: step 0.5 (75 px); labels "-0.5" (28 px), "0", "0.5" (21 px) fit with a 14 px gap
    EXPECT_EQ(Labels(LayOutTicks(-1.0, 1.0, 300.0f, Width, 14.0f)),
              (std::vector<std::string>{"", "-0.5", "0", "0.5", ""}));
    // with wide labels (30 px a character) "-0.5" and "0" would overlap: every 2nd kept, 0 among them
    auto wide = [](const std::string& s) { return 30.0f * float(s.size()); };
    const auto thinned = LayOutTicks(-1.0, 1.0, 300.0f, wide, 14.0f);
    EXPECT_EQ(Labels(thinned), (std::vector<std::string>{"", "", "0", "", ""}));
    EXPECT_EQ(thinned.size(), 5u); // the ticks stay
}

TEST(NumberLineTicks, NoTwoKeptLabelsAreCloserThanTheGap)
{
    for (float width : {90.0f, 150.0f, 233.0f, 400.0f, 777.0f}) {
        for (const auto& [lo, hi] : {std::pair{-0.833333, 3.6}, std::pair{-12.5, 0.25}, std::pair{0.0, 1e-3}}) {
            const auto ticks = LayOutTicks(lo, hi, width, Width, 14.0f);
            float right = -1e9f;
            for (const NumberLineTick& t : ticks) {
                if (t.label.empty()) {
                    continue;
                }
                EXPECT_GE(t.labelX, right + 14.0f) << width << " " << lo << " " << t.label;
                EXPECT_GE(t.labelX, 0.0f);
                EXPECT_LE(t.labelX + t.labelW, width);
                right = t.labelX + t.labelW;
            }
        }
    }
}

TEST(NumberLineTicks, NothingForAnEmptyOrUnboundedRange)
{
    EXPECT_TRUE(LayOutTicks(1.0, 1.0, 300.0f, Width, 14.0f).empty());
    EXPECT_TRUE(LayOutTicks(0.0, std::numeric_limits<double>::infinity(), 300.0f, Width, 14.0f).empty());
    EXPECT_TRUE(LayOutTicks(0.0, 1.0, 0.0f, Width, 14.0f).empty());
}

/// The slab-2d-hit lesson: box x, y in [1, 3], ray from the origin along (2, 1, 0).
struct HitLesson {
    Scene scene;
    SceneQuery query;
    HitLesson()
    {
        const ShapeId box =
            scene.Add(SceneShape{0, "box", {0, 0, 1, 1}, true, Aabb<double>{{1.0, 1.0, -0.5}, {3.0, 3.0, 0.5}}});
        const ShapeId ray =
            scene.Add(SceneShape{0, "ray", {1, 1, 0, 1}, true, Ray<double>{{0.0, 0.0, 0.0}, {2.0, 1.0, 0.0}}});
        query = SceneQuery{Family::RayAabb, ray, box};
    }
    Trace TraceOf(const char* name) const
    {
        return SceneEvaluator::TraceOf(scene, query, *FindAlgorithm(Family::RayAabb, name));
    }
};

TEST(ComparedNumberLines, BothLinesShareOneTAxisAndStepTogether)
{
    HitLesson lesson;
    const AlgorithmInfo& slab = *FindAlgorithm(Family::RayAabb, "slab");
    const AlgorithmInfo& listing = *FindAlgorithm(Family::RayAabb, "slab_listing");
    const Trace a = lesson.TraceOf("slab"), b = lesson.TraceOf("slab_listing");
    const ComparedNumberLines all = LayOutComparedNumberLines(a, slab, b, listing, -1);
    EXPECT_EQ(all.drawn.tMin, all.compared.tMin);
    EXPECT_EQ(all.drawn.tMax, all.compared.tMax);
    // the x slab's t in [0.5, 1.5] sits at the same place on both lines
    const NumberLineLayout alone = LayOutNumberLine(a, slab, -1);
    ASSERT_FALSE(all.drawn.rows.empty());
    EXPECT_EQ(all.drawn.X(0.5), all.compared.X(0.5));
    EXPECT_EQ(all.comparedStep, -1);
    EXPECT_EQ(all.drawn.rows.size(), alone.rows.size());
    // slab says hit, the listing rejects the parallel z slab: its line ends empty or rejected
    EXPECT_FALSE(all.drawn.empty);
    bool rejected = false;
    for (const NumberLineRow& row : all.compared.rows) {
        rejected = rejected || row.rejected;
    }
    EXPECT_TRUE(rejected);
    // a step past the compared trace's end shows its last step
    const int last = int(b.steps.size()) - 1;
    const ComparedNumberLines late = LayOutComparedNumberLines(a, slab, b, listing, last + 5);
    EXPECT_EQ(late.comparedStep, last);
    const ComparedNumberLines first = LayOutComparedNumberLines(a, slab, b, listing, 0);
    EXPECT_EQ(first.comparedStep, 0);
}

TEST(ComparedNumberLines, ComparableAlgorithmsAreTheFamilysOthers)
{
    const AlgorithmInfo& slab = *FindAlgorithm(Family::RayAabb, "slab");
    const std::vector<const AlgorithmInfo*> others = ComparableAlgorithms(slab);
    EXPECT_EQ(others.size(), AlgorithmsOf(Family::RayAabb).size() - 1);
    bool listing = false;
    for (const AlgorithmInfo* a : others) {
        EXPECT_NE(a->name, "slab");
        EXPECT_EQ(a->family, Family::RayAabb);
        listing = listing || a->name == "slab_listing";
    }
    EXPECT_TRUE(listing);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
