// The panel table (app/gui/model/panel_table.h): every panel listed once, unique menu entries and
// flags, and the first-start layout at 1280x720 (menu bar 19 px): the five docked panels tile the
// borders without overlapping, floating ones lie inside the display. No window.
#include "app/gui/model/panel_table.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace hitlab {
namespace HITLAB_UNITY_ID {

constexpr LayoutFrame kFrame{0, 0, 1280, 720, 19};
constexpr PanelId kAll[] = {PanelId::Scene,     PanelId::Inspector, PanelId::Algorithms, PanelId::Results,
                            PanelId::Query,     PanelId::Hunt,      PanelId::Timing,     PanelId::RayFan,
                            PanelId::Minkowski, PanelId::Capture,   PanelId::Lessons,    PanelId::Controls,
                            PanelId::About};

PanelRect AllOpenArea() { return FreeArea(kFrame, true, true, true); }

bool Overlap(const PanelRect& a, const PanelRect& b)
{
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

bool Inside(const PanelRect& r, const PanelRect& outer)
{
    return r.x >= outer.x && r.y >= outer.y && r.x + r.w <= outer.x + outer.w && r.y + r.h <= outer.y + outer.h;
}

void ExpectRect(const PanelRect& r, float x, float y, float w, float h)
{
    EXPECT_EQ(r.x, x);
    EXPECT_EQ(r.y, y);
    EXPECT_EQ(r.w, w);
    EXPECT_EQ(r.h, h);
}

TEST(PanelTable, EveryPanelIsListedOnce)
{
    ASSERT_EQ(PanelTable().size(), std::size(kAll));
    for (PanelId id : kAll) {
        int count = 0;
        for (const PanelSpec& spec : PanelTable()) {
            count += spec.id == id ? 1 : 0;
        }
        EXPECT_EQ(count, 1) << SpecOf(id).name;
        EXPECT_EQ(SpecOf(id).id, id);
    }
}

TEST(PanelTable, NamesMenuEntriesAndFlagsAreUnique)
{
    std::set<std::string> names, entries, flags;
    for (const PanelSpec& spec : PanelTable()) {
        EXPECT_TRUE(names.insert(spec.name).second) << spec.name;
        EXPECT_TRUE(entries.insert(spec.menuLabel).second) << spec.menuLabel;
        if (!spec.flag.empty()) {
            EXPECT_TRUE(flags.insert(std::string(spec.flag)).second) << spec.flag;
        }
    }
    EXPECT_EQ(flags, (std::set<std::string>{"capture", "hunt", "timing", "lessons", "minkowski"}));
    EXPECT_EQ(SpecOfFlag("hunt")->id, PanelId::Hunt);
    EXPECT_EQ(SpecOfFlag("lessons")->id, PanelId::Lessons);
    EXPECT_EQ(SpecOf(PanelId::Lessons).menu, PanelMenu::Help);
    EXPECT_EQ(SpecOfFlag("timing")->id, PanelId::Timing);
    EXPECT_EQ(SpecOfFlag(""), nullptr);
    EXPECT_EQ(SpecOfFlag("nope"), nullptr);
    EXPECT_STREQ(SpecOf(PanelId::About).menuLabel, "About");
    EXPECT_EQ(SpecOf(PanelId::About).menu, PanelMenu::Help);
    EXPECT_EQ(SpecOf(PanelId::Controls).menu, PanelMenu::Help);
}

TEST(PanelTable, TheFiveDockedPanelsOpenByDefaultAndTheOthersDoNot)
{
    for (const PanelSpec& spec : PanelTable()) {
        EXPECT_EQ(spec.openByDefault, IsDocked(spec.place)) << spec.name;
    }
}

TEST(PanelTable, DockedPlacesAt1280x720)
{
    // the columns share 720 - 19 - 240 = 461 px: Scene floor(0.56 * 461) = 258, Algorithms floor(0.40 * 461) = 184
    ExpectRect(DefaultRect(SpecOf(PanelId::Scene), kFrame, AllOpenArea()), 0, 19, 270, 258);
    ExpectRect(DefaultRect(SpecOf(PanelId::Inspector), kFrame, AllOpenArea()), 0, 277, 270, 203);
    ExpectRect(DefaultRect(SpecOf(PanelId::Algorithms), kFrame, AllOpenArea()), 900, 19, 380, 184);
    ExpectRect(DefaultRect(SpecOf(PanelId::Results), kFrame, AllOpenArea()), 900, 203, 380, 277);
    ExpectRect(DefaultRect(SpecOf(PanelId::Query), kFrame, AllOpenArea()), 0, 480, 1280, 240);
}

TEST(PanelTable, DockedPanelsTileTheBordersWithoutOverlapAndLeaveTheFreeArea)
{
    const PanelRect display{0, 0, 1280, 720};
    const PanelRect free = AllOpenArea();
    ExpectRect(free, 270, 19, 630, 461);
    std::vector<PanelRect> docked;
    for (const PanelSpec& spec : PanelTable()) {
        const PanelRect r = DefaultRect(spec, kFrame, free);
        if (spec.place == PanelPlace::Centre) {
            continue;
        }
        EXPECT_TRUE(Inside(r, display)) << spec.name;
        if (IsDocked(spec.place)) {
            EXPECT_FALSE(Overlap(r, free)) << spec.name;
            docked.push_back(r);
        }
    }
    ASSERT_EQ(docked.size(), 5u);
    float area = 0;
    for (size_t i = 0; i < docked.size(); ++i) {
        area += docked[i].w * docked[i].h;
        for (size_t j = i + 1; j < docked.size(); ++j) {
            EXPECT_FALSE(Overlap(docked[i], docked[j])) << i << " and " << j;
        }
    }
    // the docked panels and the free area cover the display below the menu bar exactly
    EXPECT_EQ(area + free.w * free.h, 1280.0f * 701.0f);
}

TEST(PanelTable, FloatingPanelsAreCentredAndCascade)
{
    ExpectRect(DefaultRect(SpecOf(PanelId::Hunt), kFrame, AllOpenArea()), 370, 130, 540, 460);
    ExpectRect(DefaultRect(SpecOf(PanelId::Timing), kFrame, AllOpenArea()), 400, 160, 540, 460);
    // the ray fan in the free area's top right corner, 10 px in
    const PanelRect fan = DefaultRect(SpecOf(PanelId::RayFan), kFrame, AllOpenArea());
    ExpectRect(fan, 550, 29, 340, 330);
    EXPECT_TRUE(Inside(fan, AllOpenArea()));
    // Help windows: centred on the display, sized by their content
    ExpectRect(DefaultRect(SpecOf(PanelId::Controls), kFrame, AllOpenArea()), 640, 360, 0, 0);
}

TEST(PanelTable, TheCapturePanelOpensWideForItsColumns)
{
    // 80% of 1280 = 1024 wide; 60% of 720 = 432, below the floating panels' 460
    ExpectRect(DefaultRect(SpecOf(PanelId::Capture), kFrame, AllOpenArea()), 128, 130, 1024, 460);
    // 1920 x 1080: 1536 x 648, centred
    const LayoutFrame big{0, 0, 1920, 1080, 19};
    ExpectRect(DefaultRect(SpecOf(PanelId::Capture), big, AllOpenArea()), 192, 216, 1536, 648);
}

TEST(PanelTable, FreeAreaGrowsWhereColumnsAreHidden)
{
    ExpectRect(FreeArea(kFrame, false, false, false), 0, 19, 1280, 701);
    ExpectRect(FreeArea(kFrame, true, false, false), 270, 19, 1010, 701);
    ExpectRect(FreeArea(kFrame, false, true, true), 0, 19, 900, 461);
}

TEST(PanelLayout, TheFreeAreaEndsWhereATallerPanelReallyStarts)
{
    // all docked panels at their default places leave x in [270, 900], y in [19, 480]; a Query
    // inspector saved taller (top at 380) and a right column widened to start at 850: the hints
    // at the free area's bottom left must sit above the one and left of the other
    const PanelRect free = FreeArea(kFrame, true, true, true);
    ExpectRect(free, 270, 19, 630, 461);
    const std::vector<PanelRect> panels = {
        {270, 380, 630, 340}, // Query inspector, taller than its default 240
        {850, 19, 430, 701},  // right column, wider
        {0, 19, 270, 701},    // left column, where it belongs: no change
    };
    ExpectRect(FreeAreaBeside(free, panels), 270, 19, 580, 361);
    ExpectRect(FreeAreaBeside(free, {}), 270, 19, 630, 461);
}

TEST(PanelLayout, ANewWindowSizePlacesThePanelsAgain)
{
    const LayoutFrame small{0, 0, 1280, 720, 19}, large{0, 0, 1920, 1080, 19};
    EXPECT_TRUE(WindowResized(small, large, 10));
    EXPECT_FALSE(WindowResized(small, small, 10));
    EXPECT_FALSE(WindowResized(LayoutFrame{}, large, 0)); // the first frame has no last size
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
