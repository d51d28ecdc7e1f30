// Tests of core/io/protocol.h: validation of shapes and query lines (every error names its key
// path), rotation_deg, precision checks, and the JSON writers.
#include "core/io/protocol.h"
#include "core/io/scene_file.h"

#include <glm/mat3x3.hpp>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace hitlab {
namespace HITLAB_UNITY_ID {

using nlohmann::json;

// ---- invalid lines: each error names the key path and what was expected ----

struct InvalidCase {
    const char* name;
    const char* line;
    const char* messagePart; ///< must appear in the error
};

const json kRayAabb = json::parse(R"({"id": 5, "query": "ray_aabb",
    "a": {"type": "ray", "origin": [0, 0.5, 0.5], "direction": [1, 0, 0]},
    "b": {"type": "aabb", "min": [1, 0, 0], "max": [2, 1, 1]}})");

std::string Patched(const char* patch)
{
    json j = kRayAabb;
    j.merge_patch(json::parse(patch));
    return j.dump();
}

void PrintTo(const InvalidCase& c, std::ostream* os) { *os << c.name; }

class InvalidQueryTest : public ::testing::TestWithParam<InvalidCase> {};

TEST_P(InvalidQueryTest, ErrorNamesTheProblem)
{
    const InvalidCase& c = GetParam();
    const ParsedQuery q = ParseQuery(c.line);
    ASSERT_FALSE(q.Ok()) << c.line;
    EXPECT_NE(ErrorText(q.error).find(c.messagePart), std::string::npos) << "error: " << q.error;
}

// Built once: merge_patch of kRayAabb (which has id 5).
const std::vector<std::string>& PatchedLines()
{
    static const std::vector<std::string> lines{
        Patched(R"({"a": {"origin": [0, 0, 0, 0, 0, 0]}})"),
        Patched(R"({"a": {"origin": [0, "NaN", 0]}})"),
        Patched(R"({"a": {"origin": [0, "1", 0]}})"),
        Patched(R"({"a": {"direction": [0, -0.0, 0]}})"),
        Patched(R"({"b": {"min": [3, 0, 0]}})"),
        Patched(R"({"b": {"type": "sphere"}})"),
        Patched(R"({"b": {"type": "cone"}})"),
        Patched(R"({"b": {"max": null}})"),
        Patched(R"({"b": [1, 2]})"),
        Patched(R"({"query": "ray_cone"})"),
        Patched(R"({"query": 3})"),
        Patched(R"({"algorithms": ["slab", "no_such_algorithm"]})"),
        Patched(R"({"algorithms": "slab"})"),
        Patched(R"({"algorithms": []})"),
        Patched(R"({"precision": "half"})"),
        Patched(R"({"trace": 1})"),
        Patched(R"({"a": {"origin": [1e39, 0, 0]}})"),
        Patched(R"({"a": {"direction": [1e-50, 0, 0]}})"),
        Patched(R"({"a": {"origin": 7}})"),
        Patched(R"({"a": {"type": 1}})"),
    };
    return lines;
}

INSTANTIATE_TEST_SUITE_P(
    Protocol, InvalidQueryTest,
    ::testing::Values(
        InvalidCase{"VectorWithSixNumbers", PatchedLines()[0].c_str(),
                    "a.origin: expected an array of 3 numbers, got 6 elements"},
        InvalidCase{"NaNAsString", PatchedLines()[1].c_str(), "a.origin[1]: expected a number, got string \"NaN\""},
        InvalidCase{"NumberAsString", PatchedLines()[2].c_str(), "a.origin[1]: expected a number, got string \"1\""},
        InvalidCase{"ZeroDirectionWithNegativeZero", PatchedLines()[3].c_str(), "a.direction: must be nonzero"},
        InvalidCase{"MinGreaterThanMax", PatchedLines()[4].c_str(), "b.min[0]: must be <= max[0], got 3 > 2"},
        InvalidCase{"ShapeOfWrongTypeForFamily", PatchedLines()[5].c_str(),
                    "b.type: expected \"aabb\" for ray_aabb, got \"sphere\""},
        InvalidCase{"UnknownShapeType", PatchedLines()[6].c_str(), "b.type: unknown shape type \"cone\""},
        InvalidCase{"MissingShapeKey", PatchedLines()[7].c_str(), "b.max: missing"},
        InvalidCase{"ShapeNotAnObject", PatchedLines()[8].c_str(), "b: expected a shape object"},
        InvalidCase{"UnknownFamilyListsFamilies", PatchedLines()[9].c_str(),
                    "query: unknown family \"ray_cone\" (expected one of ray_aabb, segment_aabb"},
        InvalidCase{"FamilyNotAString", PatchedLines()[10].c_str(), "query: expected a family name (a string), got 3"},
        InvalidCase{"UnknownAlgorithmListsValidNames", PatchedLines()[11].c_str(),
                    "algorithms[1]: unknown algorithm \"no_such_algorithm\" for ray_aabb (expected one of slab"},
        InvalidCase{"AlgorithmsAsSingleString", PatchedLines()[12].c_str(), "write [\"slab\"] for one algorithm"},
        InvalidCase{"AlgorithmsEmpty", PatchedLines()[13].c_str(),
                    "algorithms: expected \"all\" or an array of at least one name"},
        InvalidCase{"UnknownPrecision", PatchedLines()[14].c_str(),
                    "precision: expected \"float\" or \"double\", got string \"half\""},
        InvalidCase{"TraceNotBoolean", PatchedLines()[15].c_str(), "trace: expected true or false, got 1"},
        InvalidCase{"FloatOverflowInFloatPrecision", PatchedLines()[16].c_str(), "a.origin[0]: 1e+39 overflows float"},
        InvalidCase{"DirectionRoundsToZeroInFloat", PatchedLines()[17].c_str(),
                    "a.direction: [1e-50, 0, 0] rounds to zero in float"},
        InvalidCase{"VectorNotAnArray", PatchedLines()[18].c_str(), "a.origin: expected an array of 3 numbers, got 7"},
        InvalidCase{"TypeNotAString", PatchedLines()[19].c_str(), "a.type: expected a string"},
        InvalidCase{"EmptyLine", "", "empty line"}, InvalidCase{"WhitespaceOnlyLine", " \t\r", "empty line"},
        InvalidCase{"MalformedJson", R"({"id": 1, "query": )", "line is not valid JSON: "},
        InvalidCase{"HugeExponent", R"({"id": 1, "query": "ray_aabb", "a": [1e400]})",
                    "number overflow parsing '1e400'"},
        InvalidCase{"NotAnObject", "[1, 2, 3]", "line is not a query object: got an array of 3 elements"},
        InvalidCase{"MissingFamily", R"({"id": 1})", "query: missing"},
        InvalidCase{"MissingShape",
                    R"({"query": "ray_plane", "a": {"type": "ray", "origin": [0, 0, 0], "direction": [1, 0, 0]}})",
                    "b: missing (ray_plane needs a plane as \"b\")"},
        InvalidCase{"NegativeRadius",
                    R"({"query": "sphere_sphere", "a": {"type": "sphere", "center": [0, 0, 0], "radius": -1},
                    "b": {"type": "sphere", "center": [0, 0, 0], "radius": 1}})",
                    "a.radius: must be >= 0, got -1"},
        InvalidCase{"NegativeHalfExtent",
                    R"({"query": "ray_obb", "a": {"type": "ray", "origin": [0, 0, 0], "direction": [1, 0, 0]},
                    "b": {"type": "obb", "center": [0, 0, 0], "half_extents": [1, -0.5, 1], "rotation_deg": [0, 0, 0]}})",
                    "b.half_extents[1]: must be >= 0, got -0.5"},
        InvalidCase{"ZeroPlaneNormal",
                    R"({"query": "ray_plane", "a": {"type": "ray", "origin": [0, 0, 0], "direction": [1, 0, 0]},
                    "b": {"type": "plane", "normal": [0, 0, 0], "distance": 1}})",
                    "b.normal: must be nonzero, got [0, 0, 0]"},
        InvalidCase{"AxesNotUnit",
                    R"({"query": "ray_obb", "a": {"type": "ray", "origin": [0, 0, 0], "direction": [1, 0, 0]},
                    "b": {"type": "obb", "center": [0, 0, 0], "half_extents": [1, 1, 1], "axes": [[1, 0, 0], [0, 1, 0], [0, 0, 1.001]]}})",
                    "b.axes: must be orthonormal within 1e-4, got |axes[2]| = 1.001"},
        InvalidCase{"AxesNotOrthogonal",
                    R"({"query": "ray_obb", "a": {"type": "ray", "origin": [0, 0, 0], "direction": [1, 0, 0]},
                    "b": {"type": "obb", "center": [0, 0, 0], "half_extents": [1, 1, 1], "axes": [[1, 0, 0], [0.6, 0.8, 0], [0, 0, 1]]}})",
                    "b.axes: must be orthonormal within 1e-4, got axes[0] . axes[1] = 0.6"},
        InvalidCase{"AxesTwoVectors",
                    R"({"query": "ray_obb", "a": {"type": "ray", "origin": [0, 0, 0], "direction": [1, 0, 0]},
                    "b": {"type": "obb", "center": [0, 0, 0], "half_extents": [1, 1, 1], "axes": [[1, 0, 0], [0, 1, 0]]}})",
                    "b.axes: expected an array of 3 vectors"},
        InvalidCase{"ObbWithoutOrientation",
                    R"({"query": "ray_obb", "a": {"type": "ray", "origin": [0, 0, 0], "direction": [1, 0, 0]},
                    "b": {"type": "obb", "center": [0, 0, 0], "half_extents": [1, 1, 1]}})",
                    "b: missing \"axes\" or \"rotation_deg\""},
        InvalidCase{"MalformedRotationEvenWhenAxesWin",
                    R"({"query": "ray_obb", "a": {"type": "ray", "origin": [0, 0, 0], "direction": [1, 0, 0]},
                    "b": {"type": "obb", "center": [0, 0, 0], "half_extents": [1, 1, 1], "axes": [[1, 0, 0], [0, 1, 0], [0, 0, 1]], "rotation_deg": [0, 0]}})",
                    "b.rotation_deg: expected an array of 3 numbers, got 2 elements"}),
    [](const ::testing::TestParamInfo<InvalidCase>& param) { return std::string(param.param.name); });

TEST(ParseQueryTest, DeepNestingIsAnErrorNotACrash)
{
    for (const int depth : {65, 100000}) {
        const std::string line = R"({"id": )" + std::string(size_t(depth), '[') + std::string(size_t(depth), ']') + "}";
        const ParsedQuery q = ParseQuery(line);
        EXPECT_EQ(ErrorText(q.error), "line nests arrays or objects deeper than 64 levels");
    }
    // 63 levels inside the line's object are fine (the id is any JSON value)
    const std::string id = std::string(63, '[') + std::string(63, ']');
    EXPECT_TRUE(ParseQuery(Patched(("{\"id\": " + id + "}").c_str())).Ok());
}

TEST(ParseQueryTest, ErrorLineKeepsTheId)
{
    EXPECT_EQ(ParseQuery(Patched(R"({"b": {"min": [3, 0, 0]}})")).id, json(5));
    // unparseable lines: the id is recovered from what was read before the error
    EXPECT_EQ(ParseQuery(R"({"id": "x7", "query": "ray_aabb", "a": {"origin": [1e400, 0, 0]}})").id, json("x7"));
    EXPECT_EQ(ParseQuery(R"({"id": 9, "query": )").id, json(9));
    EXPECT_TRUE(ParseQuery(R"({"query": "ray_aabb", "id": 9 ,,})").id == json(9));
    EXPECT_TRUE(ParseQuery(R"({"a": {"id": 3}, )").id.is_null()); // a nested id is not the line's
}

TEST(ParseQueryTest, TooDeepLineKeepsAnIdReadBeforeIt)
{
    // the id comes first, then a value nested 65 (or 100000) levels deep: the error echoes the id
    for (const int depth : {65, 100000}) {
        const std::string nested = std::string(size_t(depth), '[') + std::string(size_t(depth), ']');
        const ParsedQuery q = ParseQuery(R"({"id": "q1", "query": "ray_aabb", "a": )" + nested + "}");
        EXPECT_EQ(ErrorText(q.error), "line nests arrays or objects deeper than 64 levels");
        EXPECT_EQ(q.id, json("q1")) << depth;
        // an id after the deep value was not read before the error
        EXPECT_TRUE(ParseQuery(R"({"a": )" + nested + R"(, "id": 4})").id.is_null());
    }
    EXPECT_EQ(ParseQuery(R"({"query": "ray_aabb", "id": 7, "b": {"min": )" + std::string(70, '[')).id, json(7));
}

TEST(ParseQueryTest, ValidLineReadsEverything)
{
    const ParsedQuery q = ParseQuery(
        Patched(R"({"precision": "double", "trace": true, "algorithms": ["slab", "slab"], "id": {"k": [1]}})"));
    ASSERT_TRUE(q.Ok()) << q.error;
    EXPECT_EQ(q.id, json::parse(R"({"k": [1]})"));
    EXPECT_EQ(q.query.family, Family::RayAabb);
    EXPECT_EQ(q.precision, Precision::Double);
    EXPECT_TRUE(q.trace);
    EXPECT_FALSE(q.allAlgorithms);
    ASSERT_EQ(q.algorithms.size(), 1u); // duplicates collapse
    EXPECT_EQ(q.algorithms[0]->name, "slab");
    const auto& ray = std::get<Ray<double>>(q.query.a);
    EXPECT_EQ(ray.origin, glm::dvec3(0, 0.5, 0.5));
    EXPECT_EQ(std::get<Aabb<double>>(q.query.b).max, glm::dvec3(2, 1, 1));
    EXPECT_TRUE(q.warnings.empty());
}

TEST(ParseQueryTest, DefaultsAreFloatAllAlgorithmsNoTrace)
{
    const ParsedQuery q = ParseQuery(kRayAabb.dump() + " \r");
    ASSERT_TRUE(q.Ok()) << q.error;
    EXPECT_EQ(q.precision, Precision::Float);
    EXPECT_FALSE(q.trace);
    EXPECT_TRUE(q.allAlgorithms);
    EXPECT_EQ(q.algorithms.size(), AlgorithmsOf(Family::RayAabb).size());
}

TEST(ParseQueryTest, UnknownKeysAreIgnoredWithAWarning)
{
    const ParsedQuery q =
        ParseQuery(Patched(R"({"precison": "double", "a": {"name": "r", "color": [1, 0, 0], "colour": 1}})"));
    ASSERT_TRUE(q.Ok()) << q.error;
    ASSERT_EQ(q.warnings.size(), 2u);
    EXPECT_NE(q.warnings[0].find("a.colour: unknown key ignored"), std::string::npos) << q.warnings[0];
    EXPECT_NE(q.warnings[1].find("precison: unknown key ignored"), std::string::npos) << q.warnings[1];
}

TEST(ParseQueryTest, GivenAnswersAreReadWithTheFieldsTheyGive)
{
    // kRayAabb enters the box [1, 2] x [0, 1]^2 at t = 1 and leaves at t = 2
    const ParsedQuery q = ParseQuery(Patched(R"({"answers": {
        "zeta": {"hit": true, "t_enter": 1, "t_exit": "inf", "point": null, "normal": [-1, 0, 0]},
        "alpha": {"hit": false, "t_enter": 7}},
        "conventions": {"origin_inside": "miss", "max_distance": 100, "t_range": "t <= max distance"}})"));
    ASSERT_TRUE(q.Ok()) << q.error;
    EXPECT_TRUE(q.algorithms.empty()); // answers and no "algorithms": none runs
    EXPECT_FALSE(q.allAlgorithms);
    EXPECT_FALSE(q.exact);
    ASSERT_EQ(q.answers.size(), 2u);
    const GivenAnswer& alpha = q.answers[0]; // in name order
    EXPECT_EQ(alpha.name, "alpha");
    EXPECT_FALSE(alpha.result.hit);
    EXPECT_EQ(alpha.returns, std::uint32_t(kFieldHit | kFieldTEnter)); // read, not compared on a miss
    EXPECT_EQ(alpha.result.tEnter, 7);
    const GivenAnswer& zeta = q.answers[1];
    EXPECT_EQ(zeta.name, "zeta");
    EXPECT_TRUE(zeta.result.hit);
    EXPECT_EQ(zeta.returns, std::uint32_t(kFieldHit | kFieldTEnter | kFieldTExit | kFieldNormal)); // point: null
    EXPECT_EQ(zeta.result.tEnter, 1);
    EXPECT_EQ(zeta.result.tExit, std::numeric_limits<double>::infinity());
    EXPECT_TRUE(zeta.result.hasNormal);
    EXPECT_EQ(zeta.result.normal, glm::dvec3(-1, 0, 0));
    EXPECT_EQ(q.conventions,
              (OwnedConventions{{"max_distance", "100"}, {"origin_inside", "miss"}, {"t_range", "t <= max distance"}}));
    EXPECT_TRUE(q.warnings.empty());

    const ParsedQuery one = ParseQuery(Patched(R"({"answer": {"hit": true}, "algorithms": ["slab"]})"));
    ASSERT_TRUE(one.Ok()) << one.error;
    ASSERT_EQ(one.answers.size(), 1u);
    EXPECT_EQ(one.answers[0].name, "answer");
    EXPECT_EQ(one.answers[0].returns, std::uint32_t(kFieldHit));
    ASSERT_EQ(one.algorithms.size(), 1u);
    EXPECT_EQ(one.algorithms[0]->name, "slab");
}

TEST(ParseGivenResultTest, OverlapFieldsAndTheirErrors)
{
    GivenAnswer a;
    const json given = json::parse(R"({"hit": true, "depth": 0.5, "normal": null, "separating_axis": [0, 0, 1]})");
    EXPECT_EQ(ParseGivenResult(given, "answers.x", Family::SphereSphere, a), IoError{});
    EXPECT_EQ(a.returns, std::uint32_t(kFieldHit | kFieldDepth | kFieldSeparatingAxis));
    EXPECT_EQ(a.result.depth, 0.5);
    EXPECT_FALSE(a.result.hasNormal);
    EXPECT_TRUE(a.result.hasSeparatingAxis);
    EXPECT_EQ(a.result.separatingAxis, glm::dvec3(0, 0, 1));
    EXPECT_EQ(
        ParseGivenResult(json::parse(R"({"hit": true, "t_enter": 1})"), "answers.x", Family::PointAabb, a),
        (IoError{"answers.x.t_enter",
                 "not a result field of point_aabb (its fields are hit, depth, normal, contact, separating_axis)"}));
    EXPECT_EQ(ParseGivenResult(json::parse(R"({"hit": true, "contact": [1, 2, "-inf"], "depth": [1]})"), "answer",
                               Family::AabbAabb, a),
              (IoError{"answer.depth", "must be a number (or \"inf\", \"-inf\"), got an array of 1 element"}));
}

TEST(ParseGivenResultTest, DistanceAndClosestPointsOfSeparatedSolids)
{
    GivenAnswer a;
    const json given =
        json::parse(R"({"hit": false, "distance": 0.5, "closest_a": [1, 0, 0], "closest_b": [1.5, 0, 0]})");
    EXPECT_EQ(ParseGivenResult(given, "answer", Family::AabbAabb, a), IoError{});
    EXPECT_EQ(a.returns, std::uint32_t(kFieldHit | kDistanceFields));
    EXPECT_TRUE(a.result.hasDistance);
    EXPECT_EQ(a.result.distance, 0.5);
    EXPECT_EQ(a.result.closestB, glm::dvec3(1.5, 0, 0));
    EXPECT_EQ(ParseGivenResult(json::parse(R"({"hit": false, "distance": -1})"), "answer", Family::ObbObb, a),
              (IoError{"answer.distance", "must be >= 0 (the distance between separated or touching solids), got -1"}));
    EXPECT_EQ(ParseGivenResult(json::parse(R"({"hit": false, "distance": 1})"), "answer", Family::PointObb, a).where,
              "answer.distance"); // containment has no distance
}

TEST(ParseConventionsTest, TheVocabularyIsTheRegistrysAndMaxDistance)
{
    OwnedConventions c;
    EXPECT_EQ(ParseConventions(json::parse(R"({"touching": "separate", "boundary": "exclusive"})"), "h", c), IoError{});
    EXPECT_EQ(c, (OwnedConventions{{"boundary", "exclusive"}, {"touching", "separate"}}));
    EXPECT_EQ(ParseConventions(json::parse(R"({"touching": 1})"), "h", c),
              (IoError{"h.touching", "expected one of \"overlap\", \"separate\", got 1"}));
    EXPECT_EQ(ParseConventions(json::parse(R"({"max_distance": 0.25})"), "h", c), IoError{});
    EXPECT_EQ(c, (OwnedConventions{{"max_distance", "0.25"}}));
    EXPECT_EQ(ParseConventions(json::parse("[]"), "h", c).where, "h");
}

TEST(ParseQueryTest, HugeValuesAreFineInDouble)
{
    const ParsedQuery q =
        ParseQuery(Patched(R"({"precision": "double", "a": {"origin": [1e39, 0, 0], "direction": [1e-50, 0, 0]}})"));
    EXPECT_TRUE(q.Ok()) << q.error;
}

// ---- shapes ----

TEST(ParseShapeTest, DegenerateShapesAreValid)
{
    EXPECT_TRUE(ParseShape(json::parse(R"({"type": "aabb", "min": [0, 1, 0], "max": [1, 1, 1]})"), "s").Ok());
    EXPECT_TRUE(ParseShape(json::parse(R"({"type": "sphere", "center": [0, 0, 0], "radius": 0})"), "s").Ok());
    EXPECT_TRUE(ParseShape(json::parse(R"({"type": "segment", "start": [1, 2, 3], "end": [1, 2, 3]})"), "s").Ok());
    EXPECT_TRUE(
        ParseShape(json::parse(
                       R"({"type": "obb", "center": [0, 0, 0], "half_extents": [0, 0, 0], "rotation_deg": [0, 0, 0]})"),
                   "s")
            .Ok());
}

TEST(ParseShapeTest, ErrorsUseTheGivenPath)
{
    const Parsed<Shape> s =
        ParseShape(json::parse(R"({"type": "sphere", "center": [0, 0, 0], "radius": -2})"), "shapes[3]");
    ASSERT_FALSE(s.Ok());
    EXPECT_EQ(ErrorText(s.error), "shapes[3].radius: must be >= 0, got -2");
}

TEST(ParseShapeTest, NonFiniteNumbersBuiltInMemoryAreRejected)
{
    json j = json::parse(R"({"type": "sphere", "center": [0, 0, 0], "radius": 1})");
    j["center"][2] = std::numeric_limits<double>::quiet_NaN();
    const Parsed<Shape> s = ParseShape(j, "a");
    ASSERT_FALSE(s.Ok());
    EXPECT_EQ(ErrorText(s.error), "a.center[2]: must be finite, got nan");
    j["center"][2] = -std::numeric_limits<double>::infinity();
    EXPECT_EQ(ErrorText(ParseShape(j, "a").error), "a.center[2]: must be finite, got -inf");
}

/// Rx(x) * Ry(y) * Rz(z) written out by hand (column vectors), independent of glm.
glm::dmat3 HandRotation(double xDeg, double yDeg, double zDeg)
{
    const double d = 3.14159265358979323846 / 180;
    const double cx = std::cos(xDeg * d), sx = std::sin(xDeg * d), cy = std::cos(yDeg * d), sy = std::sin(yDeg * d);
    const double cz = std::cos(zDeg * d), sz = std::sin(zDeg * d);
    const double rx[3][3] = {{1, 0, 0}, {0, cx, -sx}, {0, sx, cx}}; // [row][col]
    const double ry[3][3] = {{cy, 0, sy}, {0, 1, 0}, {-sy, 0, cy}};
    const double rz[3][3] = {{cz, -sz, 0}, {sz, cz, 0}, {0, 0, 1}};
    double xy[3][3] = {}, m[3][3] = {};
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c) {
            for (int k = 0; k < 3; ++k) {
                xy[r][c] += rx[r][k] * ry[k][c];
            }
        }
    }
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c) {
            for (int k = 0; k < 3; ++k) {
                m[r][c] += xy[r][k] * rz[k][c];
            }
        }
    }
    glm::dmat3 out;
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c) {
            out[c][r] = m[r][c];
        }
    }
    return out;
}

TEST(ParseShapeTest, RotationDegAxesAreTheColumnsOfRxRyRz)
{
    for (const glm::dvec3 deg : {glm::dvec3(0, 0, 90), glm::dvec3(30, 45, 60), glm::dvec3(-120, 10, 200)}) {
        json j = json::parse(R"({"type": "obb", "center": [1, 2, 3], "half_extents": [1, 2, 3]})");
        j["rotation_deg"] = {deg.x, deg.y, deg.z};
        const Parsed<Shape> s = ParseShape(j, "b");
        ASSERT_TRUE(s.Ok()) << s.error;
        const Obb<double>& obb = std::get<Obb<double>>(*s.value);
        const glm::dmat3 m = HandRotation(deg.x, deg.y, deg.z);
        for (int c = 0; c < 3; ++c) {
            for (int r = 0; r < 3; ++r) {
                EXPECT_NEAR(obb.axes[size_t(c)][r], m[c][r], 1e-15) << "axis " << c << " row " << r;
            }
        }
    }
    // rz = 90: local x maps to world +y
    const Parsed<Shape> s = ParseShape(
        json::parse(R"({"type": "obb", "center": [0, 0, 0], "half_extents": [1, 1, 1], "rotation_deg": [0, 0, 90]})"),
        "b");
    ASSERT_TRUE(s.Ok()) << s.error;
    EXPECT_NEAR(std::get<Obb<double>>(*s.value).axes[0].y, 1.0, 1e-15);
}

TEST(ParseShapeTest, AxesWinOverRotationDeg)
{
    const Parsed<Shape> s = ParseShape(json::parse(R"({"type": "obb", "center": [0, 0, 0], "half_extents": [1, 1, 1],
        "rotation_deg": [0, 0, 45], "axes": [[0, 1, 0], [-1, 0, 0], [0, 0, 1]]})"),
                                       "b");
    ASSERT_TRUE(s.Ok()) << s.error;
    const Obb<double>& obb = std::get<Obb<double>>(*s.value);
    EXPECT_EQ(obb.axes[0], glm::dvec3(0, 1, 0));
    EXPECT_EQ(obb.axes[1], glm::dvec3(-1, 0, 0));
}

TEST(ParseShapeTest, AxesWithinToleranceAreAccepted)
{
    EXPECT_TRUE(ParseShape(json::parse(R"({"type": "obb", "center": [0, 0, 0], "half_extents": [1, 1, 1],
        "axes": [[1, 0, 0], [0, 1, 0.00005], [0, 0, 1.00005]]})"),
                           "b")
                    .Ok());
}

// ---- writers ----

TEST(JsonNumberTest, ShortestTextNoNegativeZeroNoInvalidJson)
{
    EXPECT_EQ(JsonNumber(-0.0).dump(), "0");
    EXPECT_EQ(JsonNumber(1.0).dump(), "1");
    EXPECT_EQ(JsonNumber(-3.0).dump(), "-3");
    EXPECT_EQ(JsonNumber(0.1).dump(), "0.1");
    EXPECT_EQ(JsonNumber(double(0.1f)).dump(), "0.10000000149011612");
    EXPECT_EQ(JsonNumber(1e300).dump(), "1e+300");
    EXPECT_EQ(JsonNumber(std::numeric_limits<double>::infinity()).dump(), "\"inf\"");
    EXPECT_EQ(JsonNumber(-std::numeric_limits<double>::infinity()).dump(), "\"-inf\"");
    EXPECT_EQ(JsonNumber(std::nan("")).dump(), "\"nan\"");
    const double v = 2.8357863426208496;
    EXPECT_EQ(json::parse(JsonNumber(v).dump()).get<double>(), v); // round trip
}

TEST(ResultToJsonTest, CastFieldsNullOnMissAndWhenNotComputed)
{
    Result r;
    r.hit = true;
    r.tEnter = -0.0;
    r.tExit = 2;
    r.point = {0, 1, 0};
    r.normal = {-1, 0, 0};
    r.hasNormal = true;
    const auto all = ResultToJson(r, kCastFields, Family::RayAabb);
    EXPECT_EQ(all.dump(), R"({"hit":true,"t_enter":0,"t_exit":2,"point":[0,1,0],"normal":[-1,0,0]})");
    const auto partial = ResultToJson(r, kFieldHit | kFieldTEnter, Family::RayAabb);
    EXPECT_EQ(partial.dump(), R"({"hit":true,"t_enter":0,"t_exit":null,"point":null,"normal":null})");
    r.hit = false;
    EXPECT_EQ(ResultToJson(r, kCastFields, Family::RaySphere).dump(),
              R"({"hit":false,"t_enter":null,"t_exit":null,"point":null,"normal":null})");
}

TEST(ResultToJsonTest, OverlapFieldsAndSeparatingAxis)
{
    Result r;
    r.hit = false;
    r.separatingAxis = {0, 0, 2};
    r.hasSeparatingAxis = true;
    EXPECT_EQ(ResultToJson(r, kOverlapFields | kFieldSeparatingAxis, Family::ObbObb).dump(),
              R"({"hit":false,"depth":null,"normal":null,"contact":null,"separating_axis":[0,0,2],)"
              R"("distance":null,"closest_a":null,"closest_b":null})");
    EXPECT_EQ(ResultToJson(r, kOverlapFields, Family::PointObb).dump(), // containment: no distance keys
              R"({"hit":false,"depth":null,"normal":null,"contact":null,"separating_axis":null})");
    // separated: the distance and its pair of points, when the algorithm returns them
    r.distance = 0.5;
    r.closestA = {1, 0, 0};
    r.closestB = {1.5, 0, 0};
    r.hasDistance = true;
    EXPECT_EQ(ResultToJson(r, kOverlapFields | kDistanceFields, Family::AabbAabb).dump(),
              R"({"hit":false,"depth":null,"normal":null,"contact":null,"separating_axis":null,)"
              R"("distance":0.5,"closest_a":[1,0,0],"closest_b":[1.5,0,0]})");
    EXPECT_EQ(ResultToJson(r, kOverlapFields | kFieldDistance, Family::AabbAabb).dump(),
              R"({"hit":false,"depth":null,"normal":null,"contact":null,"separating_axis":null,)"
              R"("distance":0.5,"closest_a":null,"closest_b":null})");
    r = Result{};
    r.hit = true;
    r.depth = 0.5;
    r.normal = {1, 0, 0};
    r.hasNormal = true;
    r.contact = {1, 2, 3};
    EXPECT_EQ(ResultToJson(r, kOverlapFields, Family::AabbAabb).dump(),
              R"({"hit":true,"depth":0.5,"normal":[1,0,0],"contact":[1,2,3],"separating_axis":null,)"
              R"("distance":null,"closest_a":null,"closest_b":null})");
}

TEST(FieldNamesTest, ProtocolSpellingInBitOrder)
{
    EXPECT_EQ(FieldNames(kCastFields), (std::vector<std::string>{"hit", "t_enter", "t_exit", "point", "normal"}));
    EXPECT_EQ(FieldNames(kOverlapFields | kFieldSeparatingAxis),
              (std::vector<std::string>{"hit", "normal", "depth", "contact", "separating_axis"}));
    EXPECT_EQ(FieldNames(kDistanceFields), (std::vector<std::string>{"distance", "closest_a", "closest_b"}));
}

TEST(TraceToJsonTest, StepsValuesPartsAndInfinities)
{
    Trace t;
    SlabPart slab;
    slab.axis = 1;
    slab.parallel = true;
    slab.originInside = true;
    slab.tNear = -std::numeric_limits<double>::infinity();
    slab.tFar = std::numeric_limits<double>::infinity();
    t.Add("y slab: parallel", {{"t_near", slab.tNear}}, slab);
    t.Add("face -x", {}, FacePart{0, 1.5, {0, 1, 2}, true, false, false});
    t.Add("axis", {}, AxisPart{"A0 x B1", {0, 0, 1}, 1, 2, 4, -1, true, false, false});
    t.Add("plain");
    t.verdict = "miss";
    const auto j = TraceToJson(t);
    EXPECT_TRUE(j["deciding_step"].is_null());
    EXPECT_EQ(j["verdict"], "miss");
    ASSERT_EQ(j["steps"].size(), 4u);
    EXPECT_EQ(j["steps"][0].dump(),
              R"({"caption":"y slab: parallel","values":{"t_near":"-inf"},"slab":{"axis":1,)"
              R"("parallel":true,"origin_inside":true,"t_near":"-inf","t_far":"inf","t_enter":0,"t_exit":0}})");
    EXPECT_EQ(j["steps"][1]["face"]["face"], "-x");
    EXPECT_EQ(j["steps"][1]["face"]["t"], 1.5);
    EXPECT_EQ(j["steps"][2]["axis"]["label"], "A0 x B1");
    EXPECT_EQ(j["steps"][2]["axis"]["separating"], true);
    EXPECT_EQ(j["steps"][3].dump(), R"({"caption":"plain","values":{}})");
    t.DecideLast();
    EXPECT_EQ(TraceToJson(t)["deciding_step"], 3);
    t.Add("grown", {}, BoxPart{"grown box", {-1, -1, -1}, {2, 2, 2}, true});
    EXPECT_EQ(TraceToJson(t)["steps"][4]["box"].dump(),
              R"({"label":"grown box","min":[-1,-1,-1],"max":[2,2,2],"flag":true})");
}

TEST(ParseShapeTest, EveryKindRoundTripsThroughItsJson)
{
    for (ShapeKind kind : kShapeKinds) {
        const Shape shape = Translated(DefaultShape(kind), glm::dvec3(0.5, -2, 3)); // not all zeros
        const nlohmann::ordered_json j = ShapeToJson(shape);
        EXPECT_EQ(j["type"], ShapeKindName(kind));
        std::vector<std::string> warnings;
        const Parsed<Shape> back = ParseShape(json::parse(j.dump()), "s", &warnings);
        ASSERT_TRUE(back.Ok()) << ErrorText(back.error);
        EXPECT_EQ(*back.value, shape) << ShapeKindName(kind);
        EXPECT_TRUE(warnings.empty()) << warnings.front(); // every key written is one the reader knows
    }
}

TEST(ParseShapeTest, AnUnknownTypeListsEveryKind)
{
    const Parsed<Shape> s = ParseShape(json::parse(R"({"type": "cube"})"), "s");
    ASSERT_FALSE(s.Ok());
    EXPECT_EQ(ErrorText(s.error), "s.type: unknown shape type \"cube\" (expected one of ray, segment, plane, aabb, "
                                  "sphere, obb, point, triangle, mesh, convex)");
}

TEST(ParseShapeTest, ConvexPointsAndTheirErrors)
{
    const Parsed<Shape> s =
        ParseShape(json::parse(R"({"type": "convex", "points": [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]]})"), "b");
    ASSERT_TRUE(s.Ok()) << ErrorText(s.error);
    const auto& convex = std::get<Convex<double>>(*s.value);
    ASSERT_EQ(convex.PointCount(), 4u);
    EXPECT_EQ(convex.data->points[3], glm::dvec3(0, 0, 1));
    EXPECT_EQ(convex.data->boundsMax, glm::dvec3(1, 1, 1));
    // one point is a convex shape (the point itself)
    EXPECT_TRUE(ParseShape(json::parse(R"({"type": "convex", "points": [[2, 2, 2]]})"), "b").Ok());
    EXPECT_EQ(ErrorText(ParseShape(json::parse(R"({"type": "convex"})"), "b").error),
              "b.points: missing (a convex shape needs \"points\": [[x, y, z], ...], at least one)");
    EXPECT_EQ(ErrorText(ParseShape(json::parse(R"({"type": "convex", "points": []})"), "b").error),
              "b.points: is empty (a convex shape is the hull of at least one point)");
    EXPECT_EQ(ParseShape(json::parse(R"({"type": "convex", "points": [[0, 0, 0], [1, "x", 0]]})"), "b").error.where,
              "b.points[1][1]");
    EXPECT_EQ(ParseShape(json::parse(R"({"type": "convex", "points": [[0, 0, 0], [1, 0]]})"), "b").error.where,
              "b.points[1]");
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
