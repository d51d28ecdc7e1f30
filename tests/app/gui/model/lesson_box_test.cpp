// The Scene panel's lesson box grows with its panel (app/gui/model/lesson_box.h), and the course
// lists each lesson's question for Help > Lessons (app/gui/model/lessons.h).
#include "app/gui/model/lesson_box.h"
#include "app/gui/model/lessons.h"

#include <gtest/gtest.h>

#include <string>

namespace hitlab {
namespace HITLAB_UNITY_ID {

TEST(LessonBox, KeepsSevenAndAHalfLinesInASmallPanel)
{
    // 13-pixel lines: 97.5 pixels at the least, even when the panel has less room
    EXPECT_FLOAT_EQ(LessonBoxHeight(100.0f, 13.0f), 97.5f);
    EXPECT_FLOAT_EQ(LessonBoxHeight(200.0f, 13.0f), 97.5f); // 200 - 117 = 83 < 97.5
}

TEST(LessonBox, GrowsWithThePanelLeavingNineLinesBelow)
{
    EXPECT_FLOAT_EQ(LessonBoxHeight(400.0f, 13.0f), 220.0f); // 55% of 400
    EXPECT_FLOAT_EQ(LessonBoxHeight(1000.0f, 13.0f), 550.0f);
    EXPECT_FLOAT_EQ(LessonBoxHeight(240.0f, 13.0f), 123.0f); // 240 - 9 * 13: 55% would leave too little
    EXPECT_GT(LessonBoxHeight(800.0f, 26.0f), LessonBoxHeight(400.0f, 26.0f));
}

TEST(LessonBox, TheCourseCarriesEachLessonsQuestion)
{
    const Course course = LoadCourse(std::string(HITLAB_EXAMPLES) + "/../../assets/scenes");
    ASSERT_TRUE(course.error.empty()) << course.error;
    const int miss = course.IndexOf(std::string(HITLAB_EXAMPLES) + "/../../assets/scenes/slab-2d-miss.json");
    ASSERT_GE(miss, 0);
    EXPECT_EQ(course.lessons[size_t(miss)].question,
              "With the direction (2, 1) instead of (4, 1), over which t would the ray cross the x slab, and "
              "would the two intervals overlap?");
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
