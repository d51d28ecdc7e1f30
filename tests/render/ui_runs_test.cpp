// SplitRuns: which of the panels' triangles are drawn without the atlas, and which without blending.
#include "render/ui_runs.h"

#include <gtest/gtest.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

constexpr glm::vec2 kWhite{0.5f, 0.25f};
constexpr std::uint32_t kOpaqueRed = 0xff0000ffu, kHalfRed = 0x800000ffu;

/// Appends a w x h rectangle at (x, y) as two triangles of `color` at texture coordinate `uv`.
void Rect(UiList& list, float x, float y, float w, float h, std::uint32_t color, glm::vec2 uv = kWhite)
{
    const auto base = std::uint16_t(list.vertices.size());
    list.vertices.push_back({{x, y}, uv, color});
    list.vertices.push_back({{x + w, y}, uv, color});
    list.vertices.push_back({{x + w, y + h}, uv, color});
    list.vertices.push_back({{x, y + h}, uv, color});
    for (int i : {0, 1, 2, 0, 2, 3}) {
        list.indices.push_back(std::uint16_t(base + i));
    }
}

UiCommand All(const UiList& list) { return {{0, 0, 1000, 1000}, 1, 0, std::uint32_t(list.indices.size()), 0}; }

std::vector<UiRun> Split(const UiList& list, const UiCommand& command, float minArea = 100.0f)
{
    std::vector<UiRun> runs;
    SplitRuns(list, command, kWhite, minArea, runs);
    return runs;
}

/// Expects exactly `expected` (first index, index count, fill), in order.
void ExpectRuns(const std::vector<UiRun>& runs, const std::vector<UiRun>& expected)
{
    ASSERT_EQ(runs.size(), expected.size());
    for (std::size_t i = 0; i < runs.size(); ++i) {
        EXPECT_EQ(runs[i].firstIndex, expected[i].firstIndex) << "run " << i;
        EXPECT_EQ(runs[i].indexCount, expected[i].indexCount) << "run " << i;
        EXPECT_EQ(runs[i].fill, expected[i].fill) << "run " << i;
    }
}

TEST(UiRuns, OpaqueNeedsWhiteTexelAndFullAlphaAtEveryVertex)
{
    const UiVertex white{{0, 0}, kWhite, kOpaqueRed};
    EXPECT_EQ(FillOf(white, white, white, kWhite), UiFill::Opaque);
    UiVertex glyph = white;
    glyph.uv = {0.5f, 0.2501f};
    EXPECT_EQ(FillOf(white, glyph, white, kWhite), UiFill::Textured);
    UiVertex fringe = white;
    fringe.color = 0x00ffffffu; // an anti-aliased edge's outer vertex: alpha 0
    EXPECT_EQ(FillOf(white, white, fringe, kWhite), UiFill::Solid);
    fringe.color = 0xfeffffffu;
    EXPECT_EQ(FillOf(fringe, white, white, kWhite), UiFill::Solid);
    fringe.uv = {0.5f, 0.2501f}; // translucent and textured: a glyph's
    EXPECT_EQ(FillOf(fringe, white, white, kWhite), UiFill::Textured);
}

TEST(UiRuns, BackgroundThenTextThenBackgroundGivesThreeRuns)
{
    UiList list;
    Rect(list, 0, 0, 20, 10, kOpaqueRed);             // 200 px^2, opaque: triangles 0-1
    Rect(list, 2, 2, 5, 5, kOpaqueRed, {0.1f, 0.1f}); // a glyph: 2-3
    Rect(list, 0, 20, 10, 5, kHalfRed);               // translucent: 4-5
    Rect(list, 0, 30, 30, 30, kOpaqueRed);            // 900 px^2, opaque: 6-7
    const std::vector<UiRun> runs = Split(list, All(list));
    // the translucent rectangle (50 px^2 < 100) is drawn with the glyph
    ExpectRuns(runs, {{0, 6, UiFill::Opaque}, {6, 12, UiFill::Textured}, {18, 6, UiFill::Opaque}});
}

TEST(UiRuns, LargeTranslucentRunIsSolidAndTakesInSmallOpaqueNeighbours)
{
    UiList list;
    Rect(list, 2, 2, 5, 5, kOpaqueRed, {0.1f, 0.1f}); // a glyph: triangles 0-1
    Rect(list, 0, 0, 20, 10, kHalfRed);               // 200 px^2, translucent: 2-3
    Rect(list, 0, 0, 5, 5, kOpaqueRed);               // 25 px^2, opaque: 4-5
    Rect(list, 0, 0, 5, 5, kHalfRed);                 // 25 px^2, translucent: 6-7
    Rect(list, 2, 2, 5, 5, kOpaqueRed, {0.1f, 0.1f}); // a glyph: 8-9
    const std::vector<UiRun> runs = Split(list, All(list));
    ExpectRuns(runs, {{0, 6, UiFill::Textured}, {6, 18, UiFill::Solid}, {24, 6, UiFill::Textured}});
    // small translucent runs around a small opaque one add up: 3 x 40 >= 100
    UiList three;
    Rect(three, 0, 0, 5, 8, kHalfRed);
    Rect(three, 0, 0, 5, 8, kOpaqueRed);
    Rect(three, 0, 0, 5, 8, kHalfRed);
    ExpectRuns(Split(three, All(three)), {{0, 18, UiFill::Solid}});
    // alone, 40 px^2 of translucent fill is drawn as ImGui draws it
    UiList one;
    Rect(one, 0, 0, 5, 8, kHalfRed);
    ExpectRuns(Split(one, All(one)), {{0, 6, UiFill::Textured}});
}

TEST(UiRuns, SmallOpaqueRunJoinsItsNeighbours)
{
    UiList list;
    Rect(list, 0, 0, 4, 4, kOpaqueRed, {0.1f, 0.1f}); // glyph
    Rect(list, 0, 0, 9, 9, kOpaqueRed);               // 81 px^2 < 100: a check mark's box
    Rect(list, 0, 0, 4, 4, kOpaqueRed, {0.1f, 0.1f}); // glyph
    ExpectRuns(Split(list, All(list)), {{0, 18, UiFill::Textured}});
    // two small opaque rectangles in a row add up: 2 x 81 >= 100
    UiList two;
    Rect(two, 0, 0, 9, 9, kOpaqueRed);
    Rect(two, 0, 0, 9, 9, kOpaqueRed);
    ExpectRuns(Split(two, All(two)), {{0, 12, UiFill::Opaque}});
}

TEST(UiRuns, CommandRangeAndVertexOffsetAreHonoured)
{
    UiList list;
    Rect(list, 0, 0, 50, 50, kHalfRed);   // vertices 0-3, indices 0-5 (outside the command)
    Rect(list, 0, 0, 50, 50, kOpaqueRed); // vertices 4-7, indices 6-11
    // a command over the second rectangle's indices, with its own indices rebased to 0 and
    // firstVertex 4, as ImGui does past 64 Ki vertices
    for (std::size_t i = 6; i < 12; ++i) {
        list.indices[i] = std::uint16_t(list.indices[i] - 4);
    }
    const UiCommand second{{0, 0, 1000, 1000}, 1, 6, 6, 4};
    const std::vector<UiRun> runs = Split(list, second);
    ASSERT_EQ(runs.size(), 1u);
    EXPECT_EQ(runs[0].firstIndex, 6u);
    EXPECT_EQ(runs[0].indexCount, 6u);
    EXPECT_EQ(runs[0].fill, UiFill::Opaque);
    // without the offset the same indices point at the translucent rectangle
    const UiCommand unshifted{{0, 0, 1000, 1000}, 1, 6, 6, 0};
    const std::vector<UiRun> translucent = Split(list, unshifted);
    ASSERT_EQ(translucent.size(), 1u);
    EXPECT_EQ(translucent[0].fill, UiFill::Solid);
}

TEST(UiRuns, IndicesPastTheVerticesAreTextured)
{
    UiList list;
    Rect(list, 0, 0, 50, 50, kOpaqueRed);
    list.indices[4] = 99;
    const std::vector<UiRun> runs = Split(list, All(list));
    ASSERT_EQ(runs.size(), 2u);
    EXPECT_EQ(runs[0].fill, UiFill::Opaque); // the first triangle, 1250 px^2
    EXPECT_EQ(runs[1].fill, UiFill::Textured);
    EXPECT_EQ(runs[1].firstIndex, 3u);
    EXPECT_EQ(runs[1].indexCount, 3u);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
