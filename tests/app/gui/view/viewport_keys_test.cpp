// Tests of what the viewport's keys do, decided without a window (app/gui/view/viewport.h).
#include "app/gui/view/viewport.h"

#include <gtest/gtest.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

TEST(EscapeKey, WithAMenuOpenItOnlyClosesTheMenu)
{
    // a menu or popup takes Esc whatever else is going on: the selection stays
    EXPECT_EQ(EscapeActionFor(true, false, false, false), EscapeAction::LeaveToPopup);
    EXPECT_EQ(EscapeActionFor(true, false, false, true), EscapeAction::LeaveToPopup);
    EXPECT_EQ(EscapeActionFor(true, true, true, true), EscapeAction::LeaveToPopup);
}

TEST(EscapeKey, OtherwiseItUndoesTheInnermostThingFirst)
{
    EXPECT_EQ(EscapeActionFor(false, true, false, false), EscapeAction::CancelFanDrag);
    EXPECT_EQ(EscapeActionFor(false, false, true, true), EscapeAction::CancelDrag);
    EXPECT_EQ(EscapeActionFor(false, false, false, true), EscapeAction::LeaveRotateMode);
    EXPECT_EQ(EscapeActionFor(false, false, false, false), EscapeAction::Deselect);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
