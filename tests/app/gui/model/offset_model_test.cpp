// Tests of the Scene panel's "Far from the origin" row (app/gui/model/offset_model.h): the answers
// of a hand-checked ray and box moved away from the origin, and their errors against the exact judge.
#include "app/gui/model/offset_model.h"

#include "core/io/scene_file.h"

#include <gtest/gtest.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

/// The ray (-0.3, 0.5, 0.5) + t (1, 0, 0) and the unit box: t_enter 0.3 (for the double -0.3).
Scene FarScene()
{
    SceneLoad load = ParseScene(R"({"format": "hitlab-scene", "version": 1, "shapes": [
        {"type": "ray", "name": "ray", "origin": [-0.3, 0.5, 0.5], "direction": [1, 0, 0]},
        {"type": "aabb", "name": "box", "min": [0, 0, 0], "max": [1, 1, 1]}]})",
                                "far.json");
    EXPECT_TRUE(load.Ok()) << ErrorText(load.error);
    return std::move(*load.scene);
}

const OffsetAnswer& Row(const OffsetAnswers& answers, std::string_view name)
{
    for (const OffsetAnswer& row : answers.rows) {
        if (row.info->name == name) {
            return row;
        }
    }
    throw std::runtime_error("no row " + std::string(name));
}

TEST(OffsetModelTest, TheFloatErrorAtOneMillionIsTheRoundedOrigin)
{
    const Scene scene = FarScene();
    const std::optional<SceneQuery> query = OffsetQueryShown(scene, std::nullopt);
    ASSERT_TRUE(query.has_value());
    EXPECT_EQ(query->family, Family::RayAabb);
    const OffsetAnswers near = AnswersAtOffset(scene, *query, 0.0);
    EXPECT_LE(Row(near, "slab").ulps[0], 0.5);
    EXPECT_EQ(Row(near, "slab").ulps[1], 0.0);
    // moved by (1e6, 1e6, 1e6): float reads the origin x = 999999.7 as 999999.6875, so t_enter is
    // 0.3125 for the exact 1288490189/2^32: (0.3125 - 1288490189/2^32) / 2^-25 = 419430.3984375 ulps
    const OffsetAnswers far = AnswersAtOffset(scene, *query, 1e6);
    EXPECT_EQ(far.exact.tEnter.text, "1288490189/4294967296");
    const OffsetAnswer& slab = Row(far, "slab");
    EXPECT_EQ(slab.answer[0].tEnter, 0.3125);
    EXPECT_EQ(slab.ulps[0], 419430.3984375);
    EXPECT_EQ(slab.ulps[1], 0.0); // double: 999999.7 - 1e6 is exact (Sterbenz)
    EXPECT_EQ(OffsetAnswerText(slab.answer[0], Family::RayAabb, slab.info->returns), "hit 0.3125");
    EXPECT_EQ(OffsetUlpsText(slab.ulps[0], false), "419430.4");
    EXPECT_EQ(OffsetUlpsText(1.01e7, false), "1.01e+07");
    EXPECT_EQ(OffsetUlpsText(0, true), "wrong");
    // the listing that misses every ray with a zero direction component is wrong at every offset
    EXPECT_TRUE(Row(far, "slab_listing").verdictWrong[0]);
    EXPECT_TRUE(Row(far, "slab_listing").verdictWrong[1]);
}

TEST(OffsetModelTest, TheFocusedPairIsShownElseTheFirstQuery)
{
    const Scene scene = FarScene();
    const SceneQuery first = *OffsetQueryShown(scene, std::nullopt);
    EXPECT_EQ(OffsetQueryShown(scene, first)->a, first.a);
    EXPECT_EQ(OffsetQueryShown(scene, SceneQuery{Family::RayAabb, 98, 99})->a, first.a); // gone: the first
    EXPECT_FALSE(OffsetQueryShown(Scene{}, std::nullopt).has_value());
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
