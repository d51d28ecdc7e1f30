// Tests of judging a capture line (core/capture/capture_judge.h): the fast agree path equals the
// full judgement, the situation labels and kinds of planted wrong answers.
#include "core/capture/capture_judge.h"
#include "core/exact/hunt_draw.h"

#include <gtest/gtest.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

CaptureLine RayBoxLine(glm::dvec3 origin, glm::dvec3 direction, Precision precision, const Result& answer,
                       std::uint32_t returns)
{
    CaptureLine line;
    line.query = Query{Family::RayAabb, Ray<double>{origin, direction}, Aabb<double>{glm::dvec3(-1), glm::dvec3(1)}};
    line.precision = precision;
    line.answers.push_back(GivenAnswer{"answer", answer, returns});
    return line;
}

Result Hit(double tEnter, double tExit)
{
    Result r;
    r.hit = true;
    r.tEnter = tEnter;
    r.tExit = tExit;
    return r;
}

constexpr std::uint32_t kT = kFieldHit | kFieldTEnter | kFieldTExit;

TEST(CaptureJudge, AnAnswerAgreeingWithTheExactOneAgreesWithoutTheJudge)
{
    const CaptureLine line = RayBoxLine({0, 0, -5}, {0, 0, 1}, Precision::Double, Hit(4, 6), kT);
    const AnswerJudgement j = JudgeCaptureAnswer(line, 0, {});
    EXPECT_EQ(j.explanation, Explanation::None);
    EXPECT_FALSE(j.exactJudged);
    EXPECT_EQ(j.ulps, 0);
    EXPECT_EQ(j.kind, "");
}

TEST(CaptureJudge, AWrongVerdictIsUnexplainedWithItsKindAndSituation)
{
    const CaptureLine line = RayBoxLine({0, 0, -5}, {0.03125, 0.0625, 1}, Precision::Double, Result{}, kT);
    const AnswerJudgement j = JudgeCaptureAnswer(line, 0, {});
    EXPECT_EQ(j.explanation, Explanation::Unexplained);
    EXPECT_TRUE(j.exactJudged);
    EXPECT_TRUE(j.wrongVerdict);
    EXPECT_EQ(j.differs, kFieldHit);
    EXPECT_EQ(j.kind, "misses where exact hits");
    EXPECT_EQ(j.situation, "general position");
}

TEST(CaptureJudge, AValueOffByManyUlpsCountsItsUlpsAgainstTheExactValue)
{
    // t_enter 4 + 2^-20: 2^-20 / 2^-50 (the spacing of doubles in [4, 8)) = 2^30 ulps
    const CaptureLine line = RayBoxLine({0, 0, -5}, {0.03125, 0.0625, 1}, Precision::Double, Hit(4 + 0x1p-20, 6), kT);
    const AnswerJudgement j = JudgeCaptureAnswer(line, 0, {});
    EXPECT_EQ(j.explanation, Explanation::Unexplained);
    EXPECT_FALSE(j.wrongVerdict);
    EXPECT_EQ(j.kind, "values differ: t_enter");
    EXPECT_EQ(j.ulps, 0x1p30);
}

TEST(CaptureJudge, SituationsOfTheOrigin)
{
    // on the face x = 1, leaving the box: the closed box is hit at t = 0
    const CaptureLine face = RayBoxLine({1, 0, 0}, {1, 0.5, 0.25}, Precision::Double, Result{}, kT);
    EXPECT_EQ(JudgeCaptureAnswer(face, 0, {}).situation, "origin on a face");
    const CaptureLine edge = RayBoxLine({1, 1, 0}, {1, 0.5, 0.25}, Precision::Double, Result{}, kT);
    EXPECT_EQ(JudgeCaptureAnswer(edge, 0, {}).situation, "origin on an edge");
    const CaptureLine corner = RayBoxLine({1, 1, -1}, {1, 0.5, 0.25}, Precision::Double, Result{}, kT);
    EXPECT_EQ(JudgeCaptureAnswer(corner, 0, {}).situation, "origin on a corner");
    const CaptureLine inside = RayBoxLine({0, 0, 0}, {1, 0.5, 0.25}, Precision::Double, Result{}, kT);
    EXPECT_EQ(JudgeCaptureAnswer(inside, 0, {}).situation, "origin inside");
    // parallel to the x faces, in the plane x = 1, crossing the box along that face
    const CaptureLine plane = RayBoxLine({1, 0, -5}, {0, 0, 1}, Precision::Double, Result{}, kT);
    EXPECT_EQ(JudgeCaptureAnswer(plane, 0, {}).situation, "ray in a face plane");
    const CaptureLine far = RayBoxLine({0.5, 0.5, -1e12}, {1e-13, 1e-13, 1}, Precision::Double, Result{}, kT);
    EXPECT_EQ(JudgeCaptureAnswer(far, 0, {}).situation, "far from the origin");
}

TEST(CaptureJudge, ADeclaredConventionExplainsTheOriginInsideMiss)
{
    const CaptureLine line = RayBoxLine({0, 0, 0}, {0, 0, 1}, Precision::Double, Result{}, kT);
    EXPECT_EQ(JudgeCaptureAnswer(line, 0, {}).explanation, Explanation::Unexplained);
    EXPECT_EQ(JudgeCaptureAnswer(line, 0, {{"origin_inside", "miss"}}).explanation, Explanation::Convention);
    // the line's own conventions win over the base, key by key
    const OwnedConventions merged =
        MergeConventions({{"origin_inside", "hit"}, {"boundary", "closed"}}, {{"origin_inside", "miss"}});
    ASSERT_EQ(merged.size(), 2u);
    EXPECT_EQ(merged[0].second, "miss");
    EXPECT_EQ(merged[1].second, "closed");
}

/// Every algorithm's answer on hunt-drawn near-boundary queries, and the same answers nudged by a
/// few ulps: the fast path's judgement is the full one's, and it never agrees where that does not.
void CompareOnDraws(Family family, Query (*draw)(hunt::Rng&, const char**), int cases)
{
    hunt::Rng rng(5);
    int agreeing = 0, other = 0;
    for (int i = 0; i < cases; ++i) {
        const char* what = "";
        CaptureLine line;
        line.query = draw(rng, &what);
        line.precision = i % 2 == 0 ? Precision::Float : Precision::Double;
        for (const AlgorithmInfo* info : AlgorithmsOf(family)) {
            Result r = hitlab::Run(*info, line.query, line.precision);
            if (i % 3 == 1 && r.hit) {
                r.tEnter = std::nextafter(std::nextafter(r.tEnter, INFINITY), INFINITY);
                r.depth = std::nextafter(r.depth, INFINITY);
            }
            line.answers.assign(1, GivenAnswer{"answer", r, info->returns | kFieldHit});
            const AnswerJudgement fast = JudgeCaptureAnswer(line, 0, {});
            const AnswerJudgement full = JudgeCaptureAnswerFull(line, 0, {});
            ASSERT_EQ(fast.explanation, full.explanation) << DescribeQuery(line.query) << " " << info->name;
            EXPECT_EQ(fast.differs, full.differs);
            (fast.explanation == Explanation::None ? agreeing : other) += 1;
        }
    }
    EXPECT_GT(agreeing, 0);
    EXPECT_GT(other, 0); // the draws do reach disagreements
}

Query DrawRay(hunt::Rng& rng, const char** what) { return hunt::draw::DrawRayAabb(rng, false, what); }

TEST(CaptureJudge, TheFastPathEqualsTheFullJudgeOnTheHuntsDraws)
{
    CompareOnDraws(Family::RayAabb, DrawRay, 400);
    CompareOnDraws(Family::RaySphere, hunt::draw::DrawRaySphere, 200);
    CompareOnDraws(Family::SphereAabb, hunt::draw::DrawSphereAabb, 200);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
