// Tests of app/sources/interface/external_metadata: the metadata line accepted, and refused with messages
// that name the key path and, for a clash, both algorithms.
#include "app/sources/interface/external_metadata.h"

#include "core/io/protocol.h"
#include "core/result.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace hitlab {
namespace HITLAB_UNITY_ID {

/// A valid metadata object with one key replaced (or removed when value is empty).
std::string Object(const std::string& name, const std::string& family = "ray_aabb",
                   const std::string& reference = "false", const std::string& returns = R"(["hit", "t_enter"])")
{
    return R"({"name": ")" + name + R"(", "family": ")" + family +
           R"(", "title": "T", "summary": "S", "source": "src", "reference": )" + reference +
           R"(, "published": true, "conventions": {"origin_inside": "hit", "boundary": "inclusive"}, "returns": )" +
           returns + "}";
}

TEST(ExternalMetadata, AcceptsAnArrayOfAlgorithmsWithEveryField)
{
    const std::string line =
        "[" + Object("mine") + ", " + Object("theirs", "obb_obb", "false", R"(["hit", "depth"])") + "]";
    const MetadataParse parsed = ParseExternalMetadata(line, "./prog");
    ASSERT_TRUE(parsed.Ok()) << parsed.error;
    ASSERT_EQ(parsed.algorithms.size(), 2u);
    const ExternalAlgorithm& a = parsed.algorithms[0];
    EXPECT_EQ(a.name, "mine");
    EXPECT_EQ(a.family, Family::RayAabb);
    EXPECT_EQ(a.title, "T");
    EXPECT_EQ(a.summary, "S");
    EXPECT_EQ(a.source, "src");
    EXPECT_TRUE(a.published);
    ASSERT_EQ(a.conventions.size(), 2u);
    EXPECT_EQ(a.conventions[0], (std::pair<std::string, std::string>{"origin_inside", "hit"}));
    EXPECT_EQ(a.conventions[1], (std::pair<std::string, std::string>{"boundary", "inclusive"}));
    EXPECT_EQ(a.returns, kFieldHit | kFieldTEnter);
    EXPECT_EQ(a.flaw, "");
    EXPECT_EQ(parsed.algorithms[1].family, Family::ObbObb);
    EXPECT_EQ(parsed.algorithms[1].returns, kFieldHit | kFieldDepth);
}

TEST(ExternalMetadata, ReadsTheOptionalFlaw)
{
    std::string object = Object("mine");
    object.insert(object.size() - 1, R"(, "flaw": "misses grazing rays")");
    const MetadataParse parsed = ParseExternalMetadata("[" + object + "]", "p");
    ASSERT_TRUE(parsed.Ok()) << parsed.error;
    EXPECT_EQ(parsed.algorithms[0].flaw, "misses grazing rays");
}

TEST(ExternalMetadata, ReadsFlawConditionsFromFlawWhenAndFromTheConvention)
{
    std::string object = Object("mine");
    object.insert(object.size() - 1,
                  R"(, "flaw": "misses rays along an x face", "flaw_when": ["in face plane x", "epsilon 1e-6"])");
    const MetadataParse parsed = ParseExternalMetadata("[" + object + "]", "p");
    ASSERT_TRUE(parsed.Ok()) << parsed.error;
    EXPECT_EQ(parsed.algorithms[0].flawWhen, (std::vector<std::string>{"in face plane x", "epsilon 1e-6"}));
    EXPECT_EQ(InfoView(parsed.algorithms[0]).flawWhen.size(), 2u);
    // a plugin's way: the convention "flaw_when", clauses separated by ';', taken out of the conventions
    const std::string plugin =
        R"([{"name": "p", "family": "ray_aabb", "title": "T", "summary": "S", "source": "s", "reference": false,)"
        R"( "published": false, "conventions": {"boundary": "inclusive", "flaw_when": "parallel component; )"
        R"(behind the origin"}, "returns": ["hit"], "flaw": "f"}])";
    const MetadataParse fromConvention = ParseExternalMetadata(plugin, "p");
    ASSERT_TRUE(fromConvention.Ok()) << fromConvention.error;
    EXPECT_EQ(fromConvention.algorithms[0].flawWhen,
              (std::vector<std::string>{"parallel component", "behind the origin"}));
    ASSERT_EQ(fromConvention.algorithms[0].conventions.size(), 1u);
    EXPECT_EQ(fromConvention.algorithms[0].conventions[0].first, "boundary");
}

TEST(ExternalMetadata, RefusesAFlawConditionOutsideTheVocabulary)
{
    std::string object = Object("mine");
    object.insert(object.size() - 1,
                  R"(, "flaw": "f", "flaw_when": ["boundary", "the normal at an edge picks the first axis"])");
    const MetadataParse parsed = ParseExternalMetadata("[" + object + "]", "./prog");
    ASSERT_FALSE(parsed.Ok());
    EXPECT_EQ(parsed.error.rfind("metadata line of './prog': [0].flaw_when[1]: 'the normal at an edge picks the first "
                                 "axis' is not a flaw condition (the vocabulary: origin inside, boundary,",
                                 0),
              0u)
        << parsed.error;
    std::string alone = Object("mine");
    alone.insert(alone.size() - 1, R"(, "flaw_when": "boundary")");
    EXPECT_EQ(ParseExternalMetadata("[" + alone + "]", "./prog").error,
              "metadata line of './prog': [0].flaw_when: a condition without a flaw (declare the flaw's sentence in "
              "flaw)");
}

struct RefusedCase {
    const char* what;
    std::string line;
    std::string error;
};

class ExternalMetadataRefused : public testing::TestWithParam<RefusedCase> {};

TEST_P(ExternalMetadataRefused, WithItsMessage)
{
    const std::vector<TakenName> taken = {{Family::RayAabb, "taken", "python3 other.py"}};
    const MetadataParse parsed = ParseExternalMetadata(GetParam().line, "./prog", taken);
    EXPECT_FALSE(parsed.Ok());
    EXPECT_TRUE(parsed.algorithms.empty());
    EXPECT_EQ(parsed.error, GetParam().error);
}

const std::string kPrefix = "metadata line of './prog': ";

INSTANTIATE_TEST_SUITE_P(
    Cases, ExternalMetadataRefused,
    testing::Values(
        RefusedCase{"NotJson", "hello there", kPrefix + "not valid JSON: \"hello there\""},
        RefusedCase{"NotAnArray", Object("x"),
                    kPrefix + "expected a non-empty array of metadata objects, got an object"},
        RefusedCase{"EmptyArray", "[]",
                    kPrefix + "expected a non-empty array of metadata objects, got an array of 0 elements"},
        RefusedCase{"ReferenceTrue", "[" + Object("mine", "ray_aabb", "true") + "]",
                    kPrefix + "[0].reference: must be false (the family's reference is HitLab's own; \"mine\" is "
                              "compared with it)"},
        RefusedCase{"ClashWithBuiltIn", "[" + Object("slab") + "]",
                    kPrefix + "[0].name: ray_aabb/slab of './prog' clashes with the built-in algorithm ray_aabb/slab"},
        RefusedCase{"ClashWithExternal", "[" + Object("ok") + ", " + Object("taken") + "]",
                    kPrefix + "[1].name: ray_aabb/taken of './prog' clashes with the external algorithm "
                              "ray_aabb/taken of 'python3 other.py'"},
        RefusedCase{"ClashWithinTheLine", "[" + Object("twice") + ", " + Object("twice") + "]",
                    kPrefix + "[1].name: ray_aabb/twice of './prog' clashes with the algorithm of the same name "
                              "earlier in its own metadata line"},
        RefusedCase{"UnknownFamily", "[" + Object("x", "ray_cone") + "]",
                    kPrefix +
                        "[0].family: unknown family \"ray_cone\" (expected one of ray_aabb, segment_aabb, "
                        "ray_plane, ray_sphere, ray_obb, aabb_aabb, sphere_aabb, sphere_sphere, obb_obb, point_aabb, "
                        "point_sphere, point_obb, ray_triangle, segment_triangle, ray_mesh, aabb_triangle, "
                        "sphere_triangle, triangle_triangle, convex_convex)"},
        RefusedCase{"MissingTitle", R"([{"name": "x", "family": "ray_aabb"}])", kPrefix + "[0].title: missing"},
        RefusedCase{"NumberName", R"([{"name": 3}])", kPrefix + "[0].name: expected a string, got 3"},
        RefusedCase{"UnknownKey", R"([{"name": "x", "colour": "red"}])",
                    kPrefix + "[0].colour: unknown key (a metadata object has name, family, title, summary, source, "
                              "reference, published, conventions, returns and optionally flaw and flaw_when)"},
        RefusedCase{"UnknownField", "[" + Object("x", "ray_aabb", "false", R"(["hit", "t_middle"])") + "]",
                    kPrefix + "[0].returns[1]: unknown field string \"t_middle\" (expected one of hit, t_enter, "
                              "t_exit, point, normal)"},
        RefusedCase{"FieldOfTheOtherKind", "[" + Object("x", "ray_aabb", "false", R"(["hit", "depth"])") + "]",
                    kPrefix + "[0].returns: depth is not a field of ray_aabb"},
        RefusedCase{"NoHit", "[" + Object("x", "ray_aabb", "false", R"(["t_enter"])") + "]",
                    kPrefix + "[0].returns: must include \"hit\""}),
    [](const testing::TestParamInfo<RefusedCase>& c) { return std::string(c.param.what); });

} // namespace HITLAB_UNITY_ID
} // namespace hitlab

namespace hitlab {
namespace HITLAB_UNITY_ID {

TEST(InfoView, WritesTheSameMetadataLineItWasReadFrom)
{
    const std::string line =
        R"([{"name":"mine","family":"ray_obb","title":"T","summary":"S","source":"src","reference":false,)"
        R"("published":true,"conventions":{"origin_inside":"miss","boundary":"exclusive","t_range":"t > 0"},)"
        R"("returns":["hit","t_enter","normal"],"flaw":"misses grazing rays"}])";
    const MetadataParse parsed = ParseExternalMetadata(line, "p");
    ASSERT_TRUE(parsed.Ok()) << parsed.error;
    const AlgorithmInfo info = InfoView(parsed.algorithms[0]);
    EXPECT_EQ(info.ConventionValue("boundary"), "exclusive");
    EXPECT_EQ(info.run.one, nullptr);
    EXPECT_EQ("[" + ToJson(info).dump() + "]", line);
}

TEST(InfoView, ABuiltInAlgorithmsMetadataUnderANewNameReadsBackToItsFields)
{
    const AlgorithmInfo& slab = ReferenceAlgorithm(Family::RayAabb);
    nlohmann::ordered_json object = ToJson(slab);
    object["name"] = "my_slab";
    object["reference"] = false;
    const MetadataParse parsed = ParseExternalMetadata("[" + object.dump() + "]", "p");
    ASSERT_TRUE(parsed.Ok()) << parsed.error;
    const ExternalAlgorithm& a = parsed.algorithms[0];
    EXPECT_EQ(a.returns, slab.returns);
    EXPECT_EQ(a.title, slab.title);
    ASSERT_EQ(a.conventions.size(), slab.conventions.size());
    for (size_t i = 0; i < a.conventions.size(); ++i) {
        EXPECT_EQ(a.conventions[i].first, slab.conventions[i].key);
        EXPECT_EQ(a.conventions[i].second, slab.conventions[i].value);
    }
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
