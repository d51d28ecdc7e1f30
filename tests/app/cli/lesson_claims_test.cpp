// Every number a lesson's text states that `hitlab report --exact` computes (issue 27): the claims
// of tests/data/lesson_claims.json, each a passage of a lesson's text, the number as it writes it,
// the query and the report's field, checked against `hitlab report --exact --json LESSON`. A text
// whose number changes no longer holds its passage (or its number), and the check fails.
#include "support/run_cli.h"

#include "core/algorithm.h"
#include "core/exact/exact.h"
#include "core/io/scene_file.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>

namespace hitlab {
namespace HITLAB_UNITY_ID {

namespace fs = std::filesystem;
using nlohmann::json;

const fs::path kLessons = fs::path(HITLAB_TEST_DATA) / ".." / ".." / "assets" / "scenes";

json ReadJson(const fs::path& path)
{
    std::ifstream in(path);
    return json::parse(in);
}

/// A number as a lesson writes it ("0.6249795", "-3", "10/3", "1,172") and the tolerance its
/// digits give: half a unit of the last decimal written; a fraction 1e-6 relative.
bool ParseWritten(std::string text, double& value, double& tolerance)
{
    std::erase(text, ',');
    char* end = nullptr;
    if (const size_t slash = text.find('/'); slash != std::string::npos) {
        const double num = std::strtod(text.c_str(), &end), den = std::strtod(text.c_str() + slash + 1, nullptr);
        value = num / den;
        tolerance = 1e-6 * std::max(1.0, std::abs(value));
        return end == text.c_str() + slash && den != 0.0;
    }
    value = std::strtod(text.c_str(), &end);
    const size_t dot = text.find('.');
    const int decimals = dot == std::string::npos ? 0 : int(text.size() - dot - 1);
    tolerance = 0.5 * std::pow(10.0, -decimals);
    return end == text.c_str() + text.size() && !text.empty();
}

/// The fewest significant digits that read back as `v` ("0.10710678118654737").
std::string Shortest(double v)
{
    char buffer[64];
    for (int digits = 1; digits <= 17; ++digits) {
        std::snprintf(buffer, sizeof buffer, "%.*g", digits, v);
        if (std::strtod(buffer, nullptr) == v) {
            break;
        }
    }
    return buffer;
}

/// How many significant digits a written decimal has ("0.0727": 3).
int SignificantDigits(const std::string& text)
{
    int digits = 0;
    bool leading = true;
    for (const char c : text) {
        if (std::isdigit(static_cast<unsigned char>(c)) == 0) {
            continue;
        }
        leading = leading && c == '0';
        digits += leading ? 0 : 1;
    }
    return digits;
}

/// The query of `report` (its `queries` entry) between the two named shapes, in either order.
const json* QueryOf(const json& report, const json& pair)
{
    for (const json& q : report.at("queries")) {
        const std::string a = q.at("a").at("name"), b = q.at("b").at("name");
        if ((a == pair[0] && b == pair[1]) || (a == pair[1] && b == pair[0])) {
            return &q;
        }
    }
    return nullptr;
}

/// Why `claim` does not hold for the lesson's text and its report, or "" when it does.
std::string CheckClaim(const json& claim, const json& lesson, const json& report)
{
    const std::string key = claim.at("key"), text = claim.at("text"), number = claim.at("number");
    if (!lesson.contains(key) || lesson.at(key).get<std::string>().find(text) == std::string::npos) {
        return "the lesson's " + key + " no longer says \"" + text + "\"";
    }
    double written = 0.0, tolerance = 0.0;
    if (text.find(number) == std::string::npos || !ParseWritten(number, written, tolerance)) {
        return "\"" + number + "\" is not a number the passage writes";
    }
    const json* value = QueryOf(report, claim.at("pair"));
    if (value == nullptr) {
        return "no query between " + claim.at("pair").dump();
    }
    std::string path = claim.at("value");
    for (size_t start = 0; value != nullptr && start <= path.size();) {
        const size_t dot = std::min(path.find('.', start), path.size());
        const std::string part = path.substr(start, dot - start);
        start = dot + 1;
        if (value->is_array() && !part.empty() && std::isdigit(static_cast<unsigned char>(part[0]))) {
            const size_t i = std::stoul(part);
            value = i < value->size() ? &(*value)[i] : nullptr;
        } else {
            value = value->is_object() && value->contains(part) ? &value->at(part) : nullptr;
        }
    }
    if (value == nullptr || !value->is_number()) {
        return "the report has no number at " + path;
    }
    const double computed = value->get<double>();
    const std::string shortest = Shortest(computed);
    // all of a double's digits (16 or more significant): the shortest digits that read back as it
    const bool whole = SignificantDigits(number) >= 16;
    if (whole ? shortest != number : !(std::abs(computed - written) <= tolerance)) {
        return "the text writes " + number + ", the report's " + path + " is " + shortest;
    }
    return "";
}

struct Claims {
    json claims = ReadJson(fs::path(HITLAB_TEST_DATA) / "lesson_claims.json").at("claims");
    std::map<std::string, json> lessons, reports;

    Claims()
    {
        for (const json& c : claims) {
            const std::string name = c.at("lesson");
            if (lessons.count(name) == 0) {
                const fs::path file = kLessons / (name + ".json");
                lessons[name] = ReadJson(file);
                const test::CliRun run = test::RunCli({"report", "--exact", "--json", file.string()});
                EXPECT_EQ(run.err, "") << name;
                reports[name] = json::parse(run.out);
            }
        }
    }
};

TEST(LessonNumbers, EveryNumberALessonStatesIsWhatTheReportComputes)
{
    const Claims all;
    ASSERT_GE(all.claims.size(), 50u);
    EXPECT_GE(all.lessons.size(), 20u) << "lessons with a checked number";
    for (const json& c : all.claims) {
        const std::string name = c.at("lesson");
        EXPECT_EQ(CheckClaim(c, all.lessons.at(name), all.reports.at(name)), "")
            << name << ": \"" << c.at("text").get<std::string>() << "\"";
    }
}

TEST(LessonNumbers, AChangedNumberInATextFailsItsClaim)
{
    // every claim, with its lesson's text changed where the number stands: the passage is gone;
    // and with the number changed in the claim's passage too (a claim edited along with the
    // text): the value no longer matches
    const Claims all;
    size_t checked = 0;
    for (const json& c : all.claims) {
        const std::string name = c.at("lesson"), key = c.at("key"), number = c.at("number");
        std::string changed = number;
        char& last = changed.back();
        last = last == '9' ? '7' : char(last + 2); // past the digit's rounding either way
        json lesson = all.lessons.at(name);
        std::string text = lesson.at(key), passage = c.at("text");
        const size_t at = text.find(passage), in = passage.rfind(number);
        ASSERT_NE(at, std::string::npos) << name;
        ASSERT_NE(in, std::string::npos) << name;
        passage.replace(in, number.size(), changed);
        text.replace(at, c.at("text").get<std::string>().size(), passage);
        lesson[key] = text;
        EXPECT_NE(CheckClaim(c, lesson, all.reports.at(name)), "") << name << ": " << passage;
        json edited = c;
        edited["text"] = passage;
        edited["number"] = changed;
        EXPECT_NE(CheckClaim(edited, lesson, all.reports.at(name)), "") << name << ": " << passage;
        ++checked;
    }
    EXPECT_EQ(checked, all.claims.size());
}

/// The id of the lesson's shape called `name`.
ShapeId ShapeNamed(const Scene& scene, const std::string& name)
{
    for (const SceneShape& s : scene.Shapes()) {
        if (s.name == name) {
            return s.id;
        }
    }
    ADD_FAILURE() << "no shape named " << name;
    return 0;
}

glm::dvec3 FloatRounded(const glm::dvec3& v) { return glm::dvec3(glm::vec3(v)); }

TEST(LessonNumbers, TheNearParallelReferenceIsOffByItsInputsRoundingNotItsArithmetic)
{
    // ray-obb-near-parallel says local_slab's float t_enter, 0.6249795, is 344 ulps from the
    // exact entry of the scene's numbers, and within an ulp of the exact entry of the ray and box
    // rounded to float, the numbers it is given (the judge takes a query's doubles as they are)
    const SceneLoad load = LoadSceneFile((kLessons / "ray-obb-near-parallel.json").string());
    ASSERT_TRUE(load.Ok());
    const Scene& scene = *load.scene;
    const Query query = scene.MakeQuery(
        SceneQuery{Family::RayObb, ShapeNamed(scene, "ray skimming into the long face"), ShapeNamed(scene, "box")});
    Query rounded = query;
    auto& ray = std::get<Ray<double>>(rounded.a);
    ray.origin = FloatRounded(ray.origin);
    ray.direction = FloatRounded(ray.direction);
    auto& box = std::get<Obb<double>>(rounded.b);
    box.center = FloatRounded(box.center);
    box.halfExtents = FloatRounded(box.halfExtents);
    for (glm::dvec3& axis : box.axes) {
        axis = FloatRounded(axis);
    }
    const Result reference = hitlab::Run(*FindAlgorithm(Family::RayObb, "local_slab"), query, Precision::Float);
    ASSERT_TRUE(reference.hit);
    const double ulp = std::ldexp(1.0, -24); // floats in [0.5, 1)
    const ExactResult sceneExact = JudgeExact(query), roundedExact = JudgeExact(rounded);
    ASSERT_TRUE(sceneExact.hit && roundedExact.hit);
    EXPECT_NEAR((sceneExact.tEnter.value - reference.tEnter) / ulp, 344.0, 0.5);
    EXPECT_LE(std::abs(roundedExact.tEnter.value - reference.tEnter) / ulp, 1.0);
}

TEST(LessonNumbers, WrittenNumbersAndTheirDigits)
{
    double v = 0.0, tol = 0.0;
    ASSERT_TRUE(ParseWritten("0.6249795", v, tol));
    EXPECT_EQ(v, 0.6249795);
    EXPECT_NEAR(tol, 5e-8, 1e-15);
    ASSERT_TRUE(ParseWritten("1,172", v, tol));
    EXPECT_EQ(v, 1172.0);
    ASSERT_TRUE(ParseWritten("10/3", v, tol));
    EXPECT_EQ(v, 10.0 / 3.0);
    EXPECT_FALSE(ParseWritten("about", v, tol));
    EXPECT_EQ(SignificantDigits("0.0727"), 3);
    EXPECT_EQ(SignificantDigits("0.10710678118654737"), 17);
    EXPECT_EQ(Shortest(0.1), "0.1");
    EXPECT_EQ(Shortest(2.0136727759942743), "2.0136727759942743");
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
