// Tests for core/flaw_condition.h (the declared flaws' vocabulary) and for the two rules of the
// comparison that keep an explanation earned: a declared flaw explains a difference only where its
// condition holds, and rounding only where rounding can cause it (docs/protocol.md).
#include "core/compare.h"
#include "core/flaw_condition.h"
#include "core/near_boundary.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

namespace hitlab {
namespace HITLAB_UNITY_ID {

const Aabb<double> kUnitBox{{0, 0, 0}, {1, 1, 1}};

/// An algorithm HitLab cannot run (an external one): metadata only.
AlgorithmInfo Declared(Family family, std::vector<Convention> conventions, std::string_view flaw = "",
                       std::vector<std::string_view> when = {})
{
    AlgorithmInfo info;
    info.name = "mine";
    info.family = family;
    info.conventions = std::move(conventions);
    info.returns = kFieldHit | kFieldTEnter | kFieldTExit | kFieldDepth;
    info.flaw = flaw;
    info.flawWhen = std::move(when);
    return info;
}

/// The reference's own run, then info answering `given`, explained (exact may be null).
AlgorithmOutcome Judged(const Query& q, Precision precision, const AlgorithmInfo& info, const Result& given,
                        const ExactValues* exact = nullptr)
{
    Comparison c;
    AlgorithmOutcome ref;
    ref.info = &ReferenceAlgorithm(q.family);
    ref.result = Run(*ref.info, q, precision);
    c.outcomes.push_back(ref);
    AlgorithmOutcome out;
    out.info = &info;
    out.result = given;
    c.outcomes.push_back(out);
    Explain(q, precision, c, exact);
    EXPECT_FALSE(c.agree);
    return c.outcomes[1];
}

TEST(FlawVocabulary, ParsesClausesWithNumbersAxesAndPrecisions)
{
    std::string error;
    const auto eps = ParseFlawClause("epsilon 1e-6", &error);
    ASSERT_TRUE(eps) << error;
    ASSERT_EQ(eps->all.size(), 1u);
    EXPECT_EQ(eps->all[0].word, FlawWord::Epsilon);
    EXPECT_EQ(eps->all[0].threshold, 1e-6);
    const auto face = ParseFlawClause("float: in face plane y and negative zero component", &error);
    ASSERT_TRUE(face) << error;
    ASSERT_EQ(face->all.size(), 2u);
    EXPECT_EQ(face->all[0].word, FlawWord::InFacePlane);
    EXPECT_EQ(face->all[0].axis, 1);
    EXPECT_EQ(face->all[1].word, FlawWord::NegativeZero);
    EXPECT_EQ(face->only, Precision::Float);
    EXPECT_TRUE(ParseFlawClause("box behind the origin", &error));
    EXPECT_TRUE(ParseFlawClause("extent below 1e-7", &error));
}

TEST(FlawVocabulary, RefusesASentenceAndABadNumberSayingWhy)
{
    std::string error;
    EXPECT_FALSE(ParseFlawClause("the normal at an edge picks the first axis", &error));
    EXPECT_EQ(error.rfind("'the normal at an edge picks the first axis' is not a flaw condition (the vocabulary: "
                          "origin inside, boundary, ",
                          0),
              0u)
        << error;
    EXPECT_FALSE(ParseFlawClause("epsilon", &error));
    EXPECT_EQ(error, "'epsilon': epsilon takes one number >= 0 (e.g. 'epsilon 1e-6')");
    EXPECT_FALSE(ParseFlawClause("epsilon -1", &error));
    EXPECT_FALSE(ParseFlawClause("in face plane w", &error));
    EXPECT_FALSE(ParseFlawClause("boundary and", &error));
}

TEST(FlawVocabulary, EveryBuiltInFlawHasConditionsThatParse)
{
    for (const AlgorithmInfo& info : Algorithms()) {
        SCOPED_TRACE(std::string(info.name));
        EXPECT_EQ(info.flaw.empty(), info.flawWhen.empty()) << "a flaw states where it applies, and only a flaw";
        for (const std::string_view clause : info.flawWhen) {
            std::string error;
            EXPECT_TRUE(ParseFlawClause(clause, &error)) << error;
        }
    }
}

// ---- conditions on hand-made queries ----

bool Holds(std::string_view clause, const Query& q, Precision precision = Precision::Double)
{
    const Result reference = Run(ReferenceAlgorithm(q.family), q, precision);
    Situation s;
    s.boundaryOnly = reference.hit && reference.tEnter == reference.tExit;
    s.originInside = reference.hit && reference.tEnter == 0;
    const auto parsed = ParseFlawClause(clause, nullptr);
    EXPECT_TRUE(parsed) << clause;
    return parsed && FlawClauseHolds(*parsed, FlawContext{q, precision, s, reference});
}

TEST(FlawConditions, RayAgainstABoxOnHandMadeRays)
{
    const Query alongFace{Family::RayAabb, Ray<double>{{-1, 1, 0.5}, {1, -0.0, 0}}, kUnitBox};
    EXPECT_TRUE(Holds("parallel component", alongFace));
    EXPECT_TRUE(Holds("negative zero component", alongFace));
    EXPECT_TRUE(Holds("in face plane", alongFace));
    EXPECT_TRUE(Holds("in face plane y", alongFace));
    EXPECT_FALSE(Holds("in face plane x", alongFace));
    EXPECT_TRUE(Holds("in face plane y and negative zero component", alongFace));
    const Query diagonal{Family::RayAabb, Ray<double>{{-1, -1, -1}, {1, 1, 1}}, kUnitBox};
    EXPECT_FALSE(Holds("parallel component", diagonal));
    EXPECT_TRUE(Holds("edge or corner", diagonal)); // enters through the corner (0, 0, 0)
    const Query face{Family::RayAabb, Ray<double>{{-1, 0.25, 0.5}, {1, 0.5, 0.25}}, kUnitBox};
    EXPECT_FALSE(Holds("edge or corner", face)); // enters the face x = 0 at (0, 0.75, 0.75)
    EXPECT_TRUE(Holds("epsilon 0.25", face));
    EXPECT_FALSE(Holds("epsilon 0.2", face));
}

TEST(FlawConditions, SolidsOnHandMadePairs)
{
    const Query corner{Family::SphereAabb, Sphere<double>{{1.5, 1.5, 0.5}, 0.6}, kUnitBox};
    EXPECT_TRUE(Holds("corner or edge region", corner));
    const Query face{Family::SphereAabb, Sphere<double>{{1.5, 0.5, 0.5}, 0.6}, kUnitBox};
    EXPECT_FALSE(Holds("corner or edge region", face));
    EXPECT_TRUE(Holds("extent below 1.25", face)); // radius 0.6
    EXPECT_FALSE(Holds("extent below 0.5", face));
    const Query far{Family::PointSphere, Point<double>{{1e160, 0, 0}}, Sphere<double>{{0, 0, 0}, 1}};
    EXPECT_TRUE(Holds("double: distance above 1.3e154", far));
    EXPECT_FALSE(Holds("float: distance above 1.3e154", far));
    // two bars crossed like a plus sign: no corner of one inside the other, no face axis separates
    const Obb<double> barX{{0, 0, 0}, {4, 0.5, 0.5}, {glm::dvec3{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
    const Obb<double> barY{{0, 0, 0}, {0.5, 4, 0.5}, {glm::dvec3{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
    const Query plus{Family::ObbObb, barX, barY};
    EXPECT_TRUE(Holds("no vertex inside", plus));
    EXPECT_TRUE(Holds("no face axis separates", plus));
    Obb<double> away = barY;
    away.center = {0, 0, 3};
    EXPECT_FALSE(Holds("no face axis separates", Query{Family::ObbObb, barX, away}));
}

TEST(FlawConditions, TheTriangleWordsOnHandMadeCasts)
{
    // (0,0,0), (4,0,0), (0,4,0): n = (0, 0, 16)
    const Triangle<double> tri{{glm::dvec3{0, 0, 0}, {4, 0, 0}, {0, 4, 0}}};
    const auto ray = [&](glm::dvec3 o, glm::dvec3 d) { return Query{Family::RayTriangle, Ray<double>{o, d}, tri}; };
    const Query interior = ray({1, 1, 2}, {0, 0, -1});
    const Query edge = ray({1, 3, 2}, {0, 0, -1});
    const Query vertex = ray({0, 0, 2}, {0, 0, -1});
    EXPECT_FALSE(Holds("edge or vertex", interior));
    EXPECT_TRUE(Holds("edge or vertex", edge));
    EXPECT_TRUE(Holds("edge or vertex", vertex));
    EXPECT_FALSE(Holds("back facing", interior)); // n.d = -16
    EXPECT_TRUE(Holds("back facing", ray({1, 1, -2}, {0, 0, 1})));
    EXPECT_TRUE(Holds("in plane", ray({-1, 1, 0}, {1, 0, 0})));
    EXPECT_FALSE(Holds("in plane", ray({-1, 1, 0.5}, {1, 0, 0}))); // parallel, off the plane
    EXPECT_TRUE(Holds("determinant below 16.5", interior));
    EXPECT_FALSE(Holds("determinant below 16", interior)); // |n.d| = 16 exactly
    EXPECT_TRUE(Holds("area below 8.5", interior));
    EXPECT_FALSE(Holds("area below 8", interior));
    EXPECT_TRUE(Holds("area above 7.5", interior));
    EXPECT_TRUE(Holds("t at most 2", interior)); // t = 2
    EXPECT_FALSE(Holds("t at most 1.5", interior));
    EXPECT_FALSE(Holds("degenerate triangle", interior));
    const Triangle<double> line{{glm::dvec3{0, 0, 0}, {2, 0, 0}, {1, 0, 0}}};
    EXPECT_TRUE(Holds("degenerate triangle", Query{Family::RayTriangle, Ray<double>{{1, 1, 1}, {0, -1, -1}}, line}));
    // segments: d = end - start
    const Query seg{Family::SegmentTriangle, Segment<double>{{1, 3, 2}, {1, 3, -2}}, tri};
    EXPECT_TRUE(Holds("edge or vertex", seg));
    EXPECT_TRUE(Holds("determinant below 64.5", seg));
    EXPECT_FALSE(Holds("determinant below 64", seg)); // |n.d| = 16 * 4
    // not a triangle cast: the triangle words do not hold
    EXPECT_FALSE(Holds("edge or vertex", Query{Family::RayAabb, Ray<double>{{-1, 0, 0}, {1, 0, 0}}, kUnitBox}));
}

TEST(DeclaredFlaw, MollerTrumboresCrackIsItsKnownFlaw)
{
    // a ray exactly through the hypotenuse of (0,0,0), (4,0,0), (0,4,0) that an algorithm misses:
    // moller_trumbore's "edge or vertex" explains it; through the interior it would be news
    const Triangle<double> tri{{glm::dvec3{0, 0, 0}, {4, 0, 0}, {0, 4, 0}}};
    const AlgorithmInfo* mt = FindAlgorithm(Family::RayTriangle, "moller_trumbore");
    ASSERT_NE(mt, nullptr);
    const Query edge{Family::RayTriangle, Ray<double>{{1, 3, 2}, {0, 0, -1}}, tri};
    EXPECT_EQ(Judged(edge, Precision::Float, *mt, Result{}).explanation, Explanation::KnownFlaw);
    const Query interior{Family::RayTriangle, Ray<double>{{1, 1, 2}, {0, 0, -1}}, tri};
    EXPECT_EQ(Judged(interior, Precision::Float, *mt, Result{}).explanation, Explanation::Unexplained);
}

// ---- a flaw explains only where its condition holds ----

TEST(DeclaredFlaw, ASentenceAloneExplainsNothing)
{
    // the ray enters the unit box at t = 1 through the middle of a face: a miss is a plain bug
    const Query q{Family::RayAabb, Ray<double>{{-1, 0.5, 0.5}, {1, 0, 0}}, kUnitBox};
    const AlgorithmInfo info =
        Declared(Family::RayAabb, {{"boundary", "inclusive"}}, "the normal at an edge picks the first axis");
    const AlgorithmOutcome out = Judged(q, Precision::Double, info, Result{});
    EXPECT_EQ(out.explanation, Explanation::Unexplained);
    EXPECT_EQ(out.reason, "unexplained (outside its known flaws): not explained by mine's declared conventions, by "
                          "rounding, or by its known flaw, whose condition (none declared) does not hold here");
}

TEST(DeclaredFlaw, ExplainsWhereItsConditionHoldsAndNowhereElse)
{
    const AlgorithmInfo info =
        Declared(Family::RayAabb, {{"boundary", "inclusive"}}, "misses rays along a face", {"in face plane"});
    const Query along{Family::RayAabb, Ray<double>{{-1, 1, 0.5}, {1, 0, 0}}, kUnitBox};
    const AlgorithmOutcome explained = Judged(along, Precision::Double, info, Result{});
    EXPECT_EQ(explained.explanation, Explanation::KnownFlaw);
    EXPECT_EQ(explained.reason, "not explained by mine's conventions; its known flaw applies here (in face plane): "
                                "misses rays along a face");
    const Query through{Family::RayAabb, Ray<double>{{-1, 0.5, 0.5}, {1, 0, 0}}, kUnitBox};
    const AlgorithmOutcome news = Judged(through, Precision::Double, info, Result{});
    EXPECT_EQ(news.explanation, Explanation::Unexplained);
    EXPECT_EQ(news.reason.rfind("unexplained (outside its known flaws)", 0), 0u) << news.reason;
    EXPECT_NE(news.reason.find("(in face plane) does not hold here"), std::string::npos) << news.reason;
}

TEST(DeclaredFlaw, AValueDifferenceOutsideTheConditionIsUnexplained)
{
    // aabb_aabb: one box inside the other's x interval; a depth of 3 where the reference says 2
    const Query q{Family::AabbAabb, Aabb<double>{{0, 0, 0}, {8, 8, 8}}, Aabb<double>{{2, 2, 2}, {4, 4, 4}}};
    Result wrong = hitlab::Run(ReferenceAlgorithm(q.family), q, Precision::Double);
    ASSERT_EQ(wrong.depth, 4.0); // b leaves a by moving 4 (min over axes of min(8 - 2, 4 - 0))
    wrong.depth = 2.0;           // the interval overlap's length
    const AlgorithmInfo info =
        Declared(Family::AabbAabb, {{"touching", "overlap"}}, "1e-7 boxes", {"extent below 1e-7"});
    const AlgorithmOutcome out = Judged(q, Precision::Double, info, wrong);
    EXPECT_EQ(out.differs, kFieldDepth);
    EXPECT_EQ(out.explanation, Explanation::Unexplained);
}

// ---- rounding explains only where rounding can cause the difference ----

TEST(RoundingRule, AnExactGrazeIsNotRounding)
{
    // issue 22: a strict slab test that declares boundary: inclusive misses the ray that grazes
    // the box [1, 2] x [0, 1] x [0, 1] at its edge: the exact answer touches at t = 1, nothing rounds
    const Query q{Family::RayAabb, Ray<double>{{1, -1, 0.5}, {1, 1, 0}}, Aabb<double>{{1, 0, 0}, {2, 1, 1}}};
    const AlgorithmInfo info = Declared(Family::RayAabb, {{"boundary", "inclusive"}});
    for (const Precision p : {Precision::Double, Precision::Float}) {
        const AlgorithmOutcome out = Judged(q, p, info, Result{});
        EXPECT_EQ(out.explanation, Explanation::Unexplained) << out.reason;
        EXPECT_EQ(out.reason, "not explained by mine's declared conventions or by rounding");
    }
    // declared as exclusive, the same miss is the convention
    const AlgorithmInfo strict = Declared(Family::RayAabb, {{"boundary", "exclusive"}});
    EXPECT_EQ(Judged(q, Precision::Double, strict, Result{}).explanation, Explanation::Convention);
}

TEST(RoundingRule, AMarginBelowTheArithmeticsResolutionIsRounding)
{
    const AlgorithmInfo info = Declared(Family::RayAabb, {{"boundary", "inclusive"}});
    // y = 1 - 2^-50: inside by 2^-50, below 64 ulps of double at scale 1
    const Query close{Family::RayAabb, Ray<double>{{-1, 1 - 0x1p-50, 0.5}, {1, 0, 0}}, kUnitBox};
    const AlgorithmOutcome near = Judged(close, Precision::Double, info, Result{});
    EXPECT_EQ(near.explanation, Explanation::Rounding) << near.reason;
    EXPECT_EQ(near.reason, "the exact answer lies within 64 ulps (double) of the query's scale of the hit/miss "
                           "boundary, closer than the arithmetic resolves: rounding");
    // y = 1 - 2^-30: a double algorithm resolves it, so a miss is a bug ...
    const Query inside{Family::RayAabb, Ray<double>{{-1, 1 - 0x1p-30, 0.5}, {1, 0, 0}}, kUnitBox};
    EXPECT_EQ(Judged(inside, Precision::Double, info, Result{}).explanation, Explanation::Unexplained);
    // ... while in float the input itself rounds (to 1, the face plane)
    ASSERT_FALSE(InputsExactIn(inside, Precision::Float));
    const AlgorithmOutcome f = Judged(inside, Precision::Float, info, Result{});
    EXPECT_EQ(f.explanation, Explanation::Rounding) << f.reason;
    EXPECT_EQ(f.reason, "the inputs are not exact in float, and the exact answer lies within 64 ulps (float) of the "
                        "query's scale of the hit/miss boundary: rounding the inputs can decide it");
}

TEST(RoundingRule, ExactBoundaryFactsOverrideTheEstimate)
{
    // the estimate (the reference in double) sees the ray 2^-30 inside the face; exact facts that
    // say "on the boundary" (as for inputs exact in the precision) take rounding away
    const Query inside{Family::RayAabb, Ray<double>{{-1, 1 - 0x1p-30, 0.5}, {1, 0, 0}}, kUnitBox};
    const AlgorithmInfo info = Declared(Family::RayAabb, {{"boundary", "inclusive"}});
    ExactValues exact{true, 1, 2, 0};
    exact.boundaryKnown = true;
    exact.onBoundary = false;
    exact.nearBoundary = false;
    EXPECT_EQ(Judged(inside, Precision::Float, info, Result{}, &exact).explanation, Explanation::Unexplained);
    exact.nearBoundary = true;
    EXPECT_EQ(Judged(inside, Precision::Float, info, Result{}, &exact).explanation, Explanation::Rounding);
}

TEST(NearBoundary, MovesOfBFlipTheVerdict)
{
    const auto reference = [](const Query& q) {
        return hitlab::Run(ReferenceAlgorithm(q.family), q, Precision::Double).hit;
    };
    const Query grazing{Family::RayAabb, Ray<double>{{-1, 1, 0.5}, {1, 0, 0}}, kUnitBox};
    EXPECT_TRUE(VerdictFlipsNear(grazing, 1e-9, reference));
    const Query middle{Family::RayAabb, Ray<double>{{-1, 0.5, 0.5}, {1, 0, 0}}, kUnitBox};
    EXPECT_FALSE(VerdictFlipsNear(middle, 1e-3, reference));
    EXPECT_TRUE(VerdictFlipsNear(middle, 0.6, reference)); // the box moved by 0.6 along y or z misses
    EXPECT_EQ(QueryLargestNumber(middle), 1.0);
    EXPECT_TRUE(InputsExactIn(middle, Precision::Float));
}

TEST(NearBoundary, NoMovePastTheLargestDouble)
{
    // moving a box that reaches +-DBL_MAX would make an infinite input (the exact judge's GMP
    // cannot take one): such a move is skipped, never judged
    const double max = std::numeric_limits<double>::max();
    const Query huge{Family::RayAabb, Ray<double>{{0, 0, 0}, {1, 0, 0}},
                     Aabb<double>{{-max, -max, -max}, {max, max, max}}};
    bool allFinite = true;
    int calls = 0;
    VerdictFlipsNear(huge, 64 * 0x1p-52, [&](const Query& q) {
        const auto& box = std::get<Aabb<double>>(q.b);
        for (int i = 0; i < 3; ++i) {
            allFinite = allFinite && std::isfinite(box.min[i]) && std::isfinite(box.max[i]);
        }
        ++calls;
        return true;
    });
    EXPECT_TRUE(allFinite);
    EXPECT_GE(calls, 2); // the query itself and the shrunk box
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
