// Tests of core/algorithm.h: the registry and its metadata.
#include "core/algorithm.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace hitlab {
namespace HITLAB_UNITY_ID {

TEST(Registry, EveryFamilyHasAlgorithmsAndExactlyOneReference)
{
    for (Family family : AllFamilies()) {
        const auto algorithms = AlgorithmsOf(family);
        ASSERT_FALSE(algorithms.empty()) << FamilyName(family);
        int references = 0;
        for (const AlgorithmInfo* info : algorithms) {
            references += info->reference ? 1 : 0;
        }
        EXPECT_EQ(references, 1) << FamilyName(family);
        EXPECT_TRUE(algorithms.front()->reference) << FamilyName(family) << ": the reference is listed first";
        EXPECT_EQ(&ReferenceAlgorithm(family), algorithms.front());
    }
}

TEST(Registry, EveryAlgorithmIsFoundByItsFamilyAndName)
{
    // the registry is the only list of algorithms: each family's lists partition it, in order
    std::size_t listed = 0;
    for (Family family : AllFamilies()) {
        for (const AlgorithmInfo* info : AlgorithmsOf(family)) {
            EXPECT_EQ(info->family, family) << info->name;
            EXPECT_EQ(FindAlgorithm(family, info->name), info) << FamilyName(family) << "/" << info->name;
            EXPECT_EQ(info, &Algorithms()[listed]) << "grouped by family in protocol order: " << info->name;
            ++listed;
        }
    }
    EXPECT_EQ(listed, Algorithms().size());
    EXPECT_EQ(FindAlgorithm(Family::RayAabb, "no_such_algorithm"), nullptr);
    EXPECT_EQ(FindAlgorithm(Family::RayPlane, ReferenceAlgorithm(Family::RayAabb).name), nullptr)
        << "names are per family";
}

TEST(Registry, BatchedKernelsBelongToRayAabbOnceEach)
{
    // the hunt and the ray fan pick their batched kernels by this metadata alone
    int slab = 0, branchless = 0;
    for (const AlgorithmInfo& info : Algorithms()) {
        if (info.boxKernel != BoxKernel::None) {
            EXPECT_EQ(info.family, Family::RayAabb) << info.name;
        }
        slab += info.boxKernel == BoxKernel::Slab ? 1 : 0;
        branchless += info.boxKernel == BoxKernel::Branchless ? 1 : 0;
    }
    EXPECT_EQ(slab, 1);
    EXPECT_EQ(branchless, 1);
    EXPECT_EQ(ReferenceAlgorithm(Family::RayAabb).boxKernel, BoxKernel::Slab)
        << "the reference's kernel gives its verdicts bit for bit";
}

TEST(Registry, MetadataIsCompleteAndConsistent)
{
    std::set<std::string> names;
    for (const AlgorithmInfo& info : Algorithms()) {
        const std::string id = std::string(FamilyName(info.family)) + "/" + std::string(info.name);
        EXPECT_TRUE(names.insert(id).second) << "duplicate " << id;
        EXPECT_FALSE(info.title.empty()) << id;
        EXPECT_FALSE(info.summary.empty()) << id;
        EXPECT_FALSE(info.source.empty()) << id;
        EXPECT_NE(info.run.one, nullptr) << id;
        EXPECT_NE(info.run.batch, nullptr) << id;
        EXPECT_TRUE(info.returns & kFieldHit) << id;
        EXPECT_FALSE(info.reference && info.published) << id << ": a reference is not a flawed listing";
        if (info.published) {
            EXPECT_FALSE(info.flaw.empty()) << id << ": a published variant documents its flaw";
        }
        if (IsCast(info.family)) {
            EXPECT_FALSE(info.ConventionValue("origin_inside").empty()) << id;
            EXPECT_FALSE(info.ConventionValue("boundary").empty()) << id;
            EXPECT_FALSE(info.ConventionValue("t_range").empty()) << id;
            EXPECT_EQ(info.returns & (kFieldDepth | kFieldContact), 0u) << id;
        } else {
            // containment (a point in a solid) declares its boundary; overlaps, touching
            const bool containment = FamilyShapeA(info.family) == "point";
            EXPECT_FALSE(info.ConventionValue(containment ? "boundary" : "touching").empty()) << id;
            EXPECT_EQ(info.returns & (kFieldTEnter | kFieldTExit | kFieldPoint), 0u) << id;
        }
        // names are short, lower-case protocol words
        for (char ch : info.name) {
            EXPECT_TRUE((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_') << id;
        }
    }
}

TEST(Registry, ReferenceConventionsAreTheProtocols)
{
    for (Family family : AllFamilies()) {
        const AlgorithmInfo& ref = ReferenceAlgorithm(family);
        if (IsCast(family)) {
            EXPECT_EQ(ref.ConventionValue("origin_inside"), "hit") << ref.name;
            EXPECT_EQ(ref.ConventionValue("boundary"), "inclusive") << ref.name;
        } else if (FamilyShapeA(family) == "point") { // containment: the closed solid holds its surface
            EXPECT_EQ(ref.ConventionValue("boundary"), "inside") << ref.name;
        } else {
            EXPECT_EQ(ref.ConventionValue("touching"), "overlap") << ref.name;
        }
    }
}

TEST(Registry, FamilyNamesRoundTrip)
{
    for (Family family : AllFamilies()) {
        EXPECT_EQ(FamilyFromName(FamilyName(family)), family);
    }
    EXPECT_FALSE(FamilyFromName("ray_cone").has_value());
}

TEST(Registry, FloatPrecisionRoundsTheInputsToFloat)
{
    // 1 + 2^-30 is 1 in float: the ray along x at y = 1 + 2^-30 misses [0,1]^3 in double and
    // grazes its top face in float.
    const double y = 1.0 + 0x1p-30;
    const Query q{Family::RayAabb, Ray<double>{{-1, y, 0.5}, {1, 0, 0}}, Aabb<double>{{0, 0, 0}, {1, 1, 1}}};
    const AlgorithmInfo& slab = ReferenceAlgorithm(Family::RayAabb);
    EXPECT_FALSE(hitlab::Run(slab, q, Precision::Double).hit);
    const Result r = hitlab::Run(slab, q, Precision::Float);
    EXPECT_TRUE(r.hit);
    EXPECT_EQ(r.tEnter, 1.0);
    EXPECT_EQ(r.tExit, 2.0);
}

TEST(Registry, RunClearsTheTraceAndEveryAlgorithmTraces)
{
    // Every algorithm records at least one step and a verdict on a simple hitting query of its family.
    // (0.48, 0.6, 0.64) is unit length within rounding and has no zero component (an axis-parallel
    // ray would trip slab_listing's published parallel test); the ray passes the origin at t = 4.
    const glm::dvec3 d{0.48, 0.6, 0.64};
    const Ray<double> ray{-4.0 * d, d};
    const Segment<double> segment{-4.0 * d, 4.0 * d};
    const Aabb<double> box{{-1, -1, -1}, {1, 1, 1}};
    const Sphere<double> sphere{{0, 0, 0}, 1};
    const Plane<double> plane{{1, 0, 0}, 0};
    const Obb<double> obb{};
    auto queryFor = [&](Family f) -> Query {
        switch (f) {
        case Family::RayAabb:
            return {f, ray, box};
        case Family::SegmentAabb:
            return {f, segment, box};
        case Family::RayPlane:
            return {f, ray, Plane<double>{{-1, 0, 0}, 0}};
        case Family::RaySphere:
            return {f, ray, sphere};
        case Family::RayObb:
            return {f, ray, obb};
        case Family::AabbAabb:
            return {f, box, Aabb<double>{{0.5, 0.5, 0.5}, {2, 2, 2}}};
        case Family::SphereAabb:
            return {f, Sphere<double>{{1.5, 0, 0}, 1}, box};
        case Family::SphereSphere:
            return {f, sphere, Sphere<double>{{1.5, 0, 0}, 1}};
        case Family::ObbObb:
            return {f, obb, Obb<double>{{1.5, 0, 0}}};
        case Family::PointAabb:
            return {f, Point<double>{{0.25, 0.5, 0}}, box};
        case Family::PointSphere:
            return {f, Point<double>{{0.25, 0.5, 0}}, sphere};
        case Family::PointObb:
            return {f, Point<double>{{0.25, 0.5, 0}}, obb};
        // the ray passes the origin, inside the triangle, at t = 4; wound so that it faces the ray
        // (n = (0, 0, -9), n.d < 0: moller_trumbore_cull culls back faces)
        case Family::RayTriangle:
            return {f, ray, Triangle<double>{{glm::dvec3(-1, -1, 0), glm::dvec3(-1, 2, 0), glm::dvec3(2, -1, 0)}}};
        case Family::SegmentTriangle:
            return {f, segment, Triangle<double>{{glm::dvec3(-1, -1, 0), glm::dvec3(-1, 2, 0), glm::dvec3(2, -1, 0)}}};
        case Family::RayMesh: // a unit square wound to face the ray (as above), the origin inside one
            // triangle, off the shared diagonal (where the published tests may slip through)
            return {f, ray,
                    Mesh<double>{MakeMeshData({{-0.3, -0.6, 0}, {0.7, -0.6, 0}, {0.7, 0.4, 0}, {-0.3, 0.4, 0}},
                                              {{0, 2, 1}, {0, 3, 2}})}};
        case Family::AabbTriangle:
            return {f, box, Triangle<double>{{glm::dvec3(0, 0, 0), glm::dvec3(3, 0, 0), glm::dvec3(0, 3, 0)}}};
        case Family::SphereTriangle:
            return {f, sphere, Triangle<double>{{glm::dvec3(0, 0, 0.5), glm::dvec3(3, 0, 0.5), glm::dvec3(0, 3, 0.5)}}};
        case Family::TriangleTriangle:
            return {f, Triangle<double>{{glm::dvec3(-1, -1, 0), glm::dvec3(2, -1, 0), glm::dvec3(-1, 2, 0)}},
                    Triangle<double>{{glm::dvec3(0, 0, -1), glm::dvec3(0, 0, 1), glm::dvec3(0, 1, 0)}}};
        case Family::ConvexConvex:
            return {f, DefaultConvex(),
                    Convex<double>{MakeConvexData({{0.25, 0, 0}, {2, 0, 0}, {0, 2, 0}, {0, 0, 2}})}};
        }
        return {};
    };
    (void)plane;
    for (const AlgorithmInfo& info : Algorithms()) {
        const Query q = queryFor(info.family);
        ASSERT_TRUE(QueryShapesMatch(q));
        Trace trace;
        trace.Add("stale step");
        const Result r = hitlab::Run(info, q, Precision::Double, &trace);
        EXPECT_TRUE(r.hit) << info.name;
        ASSERT_FALSE(trace.steps.empty()) << info.name;
        EXPECT_NE(trace.steps.front().caption, "stale step") << info.name;
        EXPECT_FALSE(trace.verdict.empty()) << info.name;
        EXPECT_GE(trace.decidingStep, 0) << info.name;
        EXPECT_LT(trace.decidingStep, static_cast<int>(trace.steps.size())) << info.name;
        // the untraced run gives the same verdict
        EXPECT_EQ(hitlab::Run(info, q, Precision::Double).hit, r.hit) << info.name;
    }
}

TEST(Registry, ToFloatRoundsEachComponentToNearest)
{
    // 1 + 2^-30 rounds down to 1; 1 + 3 * 2^-24 lies halfway between 1 + 2^-23 and 1 + 2^-22 and
    // rounds to the even one, 1 + 2^-22
    const FloatShape s = ToFloat(Sphere<double>{{1.0 + 0x1p-30, 1.0 + 3 * 0x1p-24, -0.1}, 0.1});
    const Sphere<float>& f = std::get<Sphere<float>>(s);
    EXPECT_EQ(f.center.x, 1.0f);
    EXPECT_EQ(f.center.y, 1.0f + 0x1p-22f);
    EXPECT_EQ(f.center.z, -0.1f);
    EXPECT_EQ(f.radius, 0.1f);
    EXPECT_EQ(ToFloat(Ray<double>{}).index(), Shape(Ray<double>{}).index());
}

TEST(Registry, BatchSharesShapesAndGivesEachQuerysResult)
{
    // one ray along +x from the origin against three boxes, the ray stored once: the entries are
    // at x = 2, 4 and (behind the origin) -3
    const Shape ray = Ray<double>{{0, 0, 0}, {1, 0, 0}};
    const Shape near = Aabb<double>{{2, -1, -1}, {3, 1, 1}};
    const Shape far = Aabb<double>{{4, -1, -1}, {6, 1, 1}};
    const Shape behind = Aabb<double>{{-3, -1, -1}, {-2, 1, 1}};
    const std::vector<Shape> shapes{ray, near, far, behind};
    std::vector<FloatShape> floatShapes;
    for (const Shape& shape : shapes) {
        floatShapes.push_back(ToFloat(shape));
    }
    const std::vector<ShapePair> pairs{{0, 2}, {0, 1}, {0, 3}, {0, 1}};
    const QueryBatch batch{shapes, floatShapes, pairs};
    const AlgorithmInfo& slab = ReferenceAlgorithm(Family::RayAabb);
    for (Precision precision : {Precision::Float, Precision::Double}) {
        std::vector<PackedResult<float>> floats(precision == Precision::Float ? pairs.size() : 0);
        std::vector<PackedResult<double>> doubles(precision == Precision::Double ? pairs.size() : 0);
        RunBatch(slab, batch, precision, BatchResults{floats, doubles});
        std::vector<Result> out;
        for (size_t i = 0; i < pairs.size(); ++i) {
            out.push_back(precision == Precision::Float ? Widen(floats[i]) : Widen(doubles[i]));
        }
        EXPECT_TRUE(out[0].hit);
        EXPECT_EQ(out[0].tEnter, 4.0);
        EXPECT_EQ(out[0].tExit, 6.0);
        EXPECT_EQ(out[0].point, glm::dvec3(4, 0, 0));
        EXPECT_TRUE(out[1].hit);
        EXPECT_EQ(out[1].tEnter, 2.0);
        EXPECT_EQ(out[1].tExit, 3.0);
        EXPECT_FALSE(out[2].hit);
        EXPECT_EQ(out[3].tEnter, 2.0);
    }
    // only the precision's table is read: a float batch needs no double shapes
    std::vector<PackedResult<float>> out(pairs.size());
    RunBatch(slab, QueryBatch{{}, floatShapes, pairs}, Precision::Float, BatchResults{out, {}});
    EXPECT_EQ(Widen(out[1]).tEnter, 2.0);
    // an empty batch writes nothing
    RunBatch(slab, QueryBatch{shapes, floatShapes, {}}, Precision::Double, {});
}

TEST(Shapes, CastLineOfARayIsItselfAndOfASegmentSpansItOverTZeroToOne)
{
    const std::optional<CastLine> ray = CastLineOf(Ray<double>{{1, 2, 3}, {0, 0, -2}});
    ASSERT_TRUE(ray.has_value());
    EXPECT_EQ(ray->origin, glm::dvec3(1, 2, 3));
    EXPECT_EQ(ray->direction, glm::dvec3(0, 0, -2));
    const std::optional<CastLine> seg = CastLineOf(Segment<double>{{1, 1, 1}, {4, -1, 1}});
    ASSERT_TRUE(seg.has_value());
    EXPECT_EQ(seg->origin, glm::dvec3(1, 1, 1));
    EXPECT_EQ(seg->direction, glm::dvec3(3, -2, 0));
    EXPECT_FALSE(CastLineOf(Sphere<double>{{0, 0, 0}, 1}).has_value());
    EXPECT_FALSE(CastLineOf(Plane<double>{}).has_value());
}

TEST(Shapes, ShapeCenterOfEachShape)
{
    EXPECT_EQ(ShapeCenter(Aabb<double>{{0, 0, 0}, {2, 4, 6}}), glm::dvec3(1, 2, 3));
    EXPECT_EQ(ShapeCenter(Segment<double>{{0, 0, 0}, {2, 0, -2}}), glm::dvec3(1, 0, -1));
    EXPECT_EQ(ShapeCenter(Ray<double>{{5, 6, 7}, {1, 0, 0}}), glm::dvec3(5, 6, 7));
    EXPECT_FALSE(ShapeCenter(Plane<double>{}).has_value());
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
