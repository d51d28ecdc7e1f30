// Tests of core/compare.h: grouping and the explanations of disagreements.
#include "core/compare.h"

#include <gtest/gtest.h>

namespace hitlab {
namespace {

const Aabb<double> kUnitBox{{0, 0, 0}, {1, 1, 1}};

const AlgorithmOutcome& OutcomeOf(const Comparison& c, std::string_view name)
{
    for (const AlgorithmOutcome& out : c.outcomes) {
        if (out.info->name == name) {
            return out;
        }
    }
    ADD_FAILURE() << "no outcome for " << name;
    return c.outcomes.front();
}

TEST(Compare, OriginInsideIsExplainedByTheOriginInsideConvention)
{
    const Query q{Family::RayAabb, Ray<double>{{0.5, 0.5, 0.5}, {1, 0.25, 0}}, kUnitBox};
    const Comparison c = Compare(q, {}, Precision::Float);
    EXPECT_TRUE(c.situation.originInside);
    EXPECT_TRUE(c.reference.hit);
    EXPECT_FALSE(c.agree);
    const AlgorithmOutcome& six = OutcomeOf(c, "six_faces");
    EXPECT_FALSE(six.result.hit);
    EXPECT_EQ(six.explanation, Explanation::Convention);
    EXPECT_NE(six.reason.find("origin_inside: miss"), std::string::npos) << six.reason;
    EXPECT_EQ(OutcomeOf(c, "slab").explanation, Explanation::None);
    ASSERT_EQ(c.groups.size(), 2u);
    EXPECT_TRUE(c.groups[0].hit); // the reference comes first, and hits
}

TEST(Compare, GrazingEdgeIsExplainedByAnExclusiveBoundary)
{
    const Query q{Family::RayAabb, Ray<double>{{-1, 1, 0.5}, {1, -1, 0}}, kUnitBox};
    const Comparison c = Compare(q, {}, Precision::Double);
    EXPECT_TRUE(c.situation.boundaryOnly);
    const AlgorithmOutcome& face = OutcomeOf(c, "face_planes");
    EXPECT_FALSE(face.result.hit);
    EXPECT_EQ(face.explanation, Explanation::Convention);
    EXPECT_NE(face.reason.find("boundary: exclusive"), std::string::npos) << face.reason;
}

TEST(Compare, RayAlongAFaceIsBoundaryOnlyAndEveryApplicableReasonIsGiven)
{
    // public case 1: the ray runs in the y = 0 face plane from x = -1
    const Query q{Family::RayAabb, Ray<double>{{-1, 0, 0.5}, {1, 0, 0}}, kUnitBox};
    const Comparison c = Compare(q, {}, Precision::Float);
    EXPECT_TRUE(c.situation.boundaryOnly);
    EXPECT_EQ(c.reference.tEnter, 1.0);
    EXPECT_EQ(c.reference.tExit, 2.0);
    const AlgorithmOutcome& face = OutcomeOf(c, "face_planes");
    EXPECT_EQ(face.explanation, Explanation::Convention);
    // slab_listing misses for two reasons: the exclusive boundary and its parallel-axis flaw
    const AlgorithmOutcome& listing = OutcomeOf(c, "slab_listing");
    EXPECT_EQ(listing.explanation, Explanation::Convention);
    EXPECT_NE(listing.reason.find("boundary: exclusive"), std::string::npos) << listing.reason;
    EXPECT_NE(listing.reason.find("parallel: miss"), std::string::npos) << listing.reason;
    EXPECT_TRUE(c.allExplained);
}

TEST(Compare, BoxBehindTheRayIsExplainedForTheListingWithoutAFrontCheck)
{
    const Query q{Family::RayAabb, Ray<double>{{3, 0.5, 0.5}, {1, 0.125, 0.125}}, kUnitBox};
    const Comparison c = Compare(q, {}, Precision::Double);
    EXPECT_FALSE(c.reference.hit);
    EXPECT_TRUE(c.situation.behind);
    const AlgorithmOutcome& listing = OutcomeOf(c, "slab_listing");
    EXPECT_TRUE(listing.result.hit);
    EXPECT_EQ(listing.explanation, Explanation::Convention);
}

TEST(Compare, AxisParallelRayIsTheListingsKnownFlaw)
{
    const Query q{Family::RayAabb, Ray<double>{{-1, 0.5, 0.5}, {1, 0, 0}}, kUnitBox};
    const Comparison c = Compare(q, {}, Precision::Double);
    EXPECT_TRUE(c.reference.hit);
    const AlgorithmOutcome& listing = OutcomeOf(c, "slab_listing");
    EXPECT_FALSE(listing.result.hit);
    EXPECT_EQ(listing.explanation, Explanation::KnownFlaw);
}

TEST(Compare, SphereNearBoxCornerIsTheExpandedBoxFlaw)
{
    const Query q{Family::SphereAabb, Sphere<double>{{1.5, 1.5, 1.5}, 0.75}, kUnitBox};
    const Comparison c = Compare(q, {}, Precision::Double);
    EXPECT_FALSE(c.reference.hit);
    const AlgorithmOutcome& expanded = OutcomeOf(c, "expanded_box");
    EXPECT_TRUE(expanded.result.hit);
    EXPECT_EQ(expanded.explanation, Explanation::KnownFlaw);
    EXPECT_TRUE(c.allExplained);
}

TEST(Compare, TouchingBoxesAreExplainedByTheTouchingConvention)
{
    const Query q{Family::AabbAabb, kUnitBox, Aabb<double>{{1, 0, 0}, {2, 1, 1}}};
    const Comparison c = Compare(q, {}, Precision::Double);
    EXPECT_TRUE(c.situation.boundaryOnly);
    const AlgorithmOutcome& ce = OutcomeOf(c, "center_extent");
    EXPECT_FALSE(ce.result.hit);
    EXPECT_EQ(ce.explanation, Explanation::Convention);
    EXPECT_NE(ce.reason.find("touching: separate"), std::string::npos) << ce.reason;
}

TEST(Compare, AgreeingAlgorithmsFormOneGroup)
{
    const Query q{Family::SphereSphere, Sphere<double>{{0, 0, 0}, 1}, Sphere<double>{{1, 0, 0}, 1}};
    const Comparison c = Compare(q, {}, Precision::Float);
    EXPECT_TRUE(c.agree);
    ASSERT_EQ(c.groups.size(), 1u);
    EXPECT_EQ(c.groups[0].members.size(), c.outcomes.size());
    for (const AlgorithmOutcome& out : c.outcomes) {
        EXPECT_EQ(out.explanation, Explanation::None);
        EXPECT_TRUE(out.reason.empty());
    }
}

TEST(Compare, ExplicitAlgorithmListIsRunInOrderAndTheReferenceIsStillUsed)
{
    const Query q{Family::RayAabb, Ray<double>{{0.5, 0.5, 0.5}, {0, 0, 1}}, kUnitBox};
    const AlgorithmInfo* list[] = {FindAlgorithm(Family::RayAabb, "six_faces")};
    const Comparison c = Compare(q, list, Precision::Double);
    ASSERT_EQ(c.outcomes.size(), 1u);
    EXPECT_TRUE(c.agree); // one algorithm agrees with itself
    EXPECT_TRUE(c.reference.hit);
    EXPECT_EQ(c.outcomes[0].explanation, Explanation::Convention);
}

} // namespace
} // namespace hitlab
