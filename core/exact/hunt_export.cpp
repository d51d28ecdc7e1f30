// The hunt's GoogleTest case: a counterexample as a self-contained test file section that
// asserts the exact answer (the judge's verdict, t or depth within a stated tolerance) against the
// algorithm under test, so that it fails while the flaw is there and passes once it is fixed.
#include "hunt_detail.h"

#include "core/compare.h"
#include "core/io/protocol.h"
#include "core/text.h"

#include <glm/glm.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace hitlab {

namespace {

using glm::dvec3;

/// A C++ double literal: "1", "0.5", "-0.0", "1e-300".
std::string Literal(double v)
{
    if (v == 0) {
        return std::signbit(v) ? "-0.0" : "0";
    }
    return NumberText(v);
}

std::string VecLiteral(const dvec3& v) { return "{" + Literal(v.x) + ", " + Literal(v.y) + ", " + Literal(v.z) + "}"; }

std::string ShapeLiteral(const Shape& shape)
{
    switch (KindOf(shape)) {
    case ShapeKind::Ray: {
        const auto& x = std::get<Ray<double>>(shape);
        return "hitlab::Ray<double>{" + VecLiteral(x.origin) + ", " + VecLiteral(x.direction) + "}";
    }
    case ShapeKind::Segment: {
        const auto& x = std::get<Segment<double>>(shape);
        return "hitlab::Segment<double>{" + VecLiteral(x.start) + ", " + VecLiteral(x.end) + "}";
    }
    case ShapeKind::Plane: {
        const auto& x = std::get<Plane<double>>(shape);
        return "hitlab::Plane<double>{" + VecLiteral(x.normal) + ", " + Literal(x.distance) + "}";
    }
    case ShapeKind::Aabb: {
        const auto& x = std::get<Aabb<double>>(shape);
        return "hitlab::Aabb<double>{" + VecLiteral(x.min) + ", " + VecLiteral(x.max) + "}";
    }
    case ShapeKind::Sphere: {
        const auto& x = std::get<Sphere<double>>(shape);
        return "hitlab::Sphere<double>{" + VecLiteral(x.center) + ", " + Literal(x.radius) + "}";
    }
    case ShapeKind::Obb: {
        const auto& x = std::get<Obb<double>>(shape);
        return "hitlab::Obb<double>{" + VecLiteral(x.center) + ", " + VecLiteral(x.halfExtents) +
               ", {hitlab::Vec3<double>" + VecLiteral(x.axes[0]) + ", hitlab::Vec3<double>" + VecLiteral(x.axes[1]) +
               ", hitlab::Vec3<double>" + VecLiteral(x.axes[2]) + "}}";
    }
    case ShapeKind::Point:
        return "hitlab::Point<double>{" + VecLiteral(std::get<Point<double>>(shape).position) + "}";
    case ShapeKind::Triangle: {
        const auto& v = std::get<Triangle<double>>(shape).vertices;
        return "hitlab::Triangle<double>{{hitlab::Vec3<double>" + VecLiteral(v[0]) + ", hitlab::Vec3<double>" +
               VecLiteral(v[1]) + ", hitlab::Vec3<double>" + VecLiteral(v[2]) + "}}";
    }
    case ShapeKind::Mesh: {
        const auto& m = std::get<Mesh<double>>(shape);
        std::string vertices, triangles;
        for (size_t i = 0; m.data && i < m.data->vertices.size(); ++i) {
            vertices += (i == 0 ? "" : ", ") + VecLiteral(m.data->vertices[i]);
        }
        for (size_t i = 0; i < m.TriangleCount(); ++i) {
            const auto& t = m.data->triangles[i];
            triangles += (i == 0 ? "{" : ", {") + std::to_string(t[0]) + ", " + std::to_string(t[1]) + ", " +
                         std::to_string(t[2]) + "}";
        }
        return "hitlab::Mesh<double>{hitlab::MakeMeshData({" + vertices + "}, {" + triangles + "})}";
    }
    case ShapeKind::Convex: {
        const auto& c = std::get<Convex<double>>(shape);
        std::string points;
        for (size_t i = 0; i < c.PointCount(); ++i) {
            points += (i == 0 ? "" : ", ") + VecLiteral(c.data->points[i]);
        }
        return "hitlab::Convex<double>{hitlab::MakeConvexData({" + points + "})}";
    }
    }
    UnknownShapeKind(KindOf(shape));
}

std::string Pascal(std::string_view name)
{
    std::string out;
    bool upper = true;
    for (char c : name) {
        if (c == '_') {
            upper = true;
            continue;
        }
        out += upper ? char(std::toupper(static_cast<unsigned char>(c))) : c;
        upper = false;
    }
    return out;
}

/// A value as a C++ expression: a literal, or std::numeric_limits<double>::infinity().
std::string ValueLiteral(double v)
{
    if (std::isinf(v)) {
        return std::string(v < 0 ? "-" : "") + "std::numeric_limits<double>::infinity()";
    }
    return Literal(v);
}

std::string ExactText(const ExactValue& v) { return v.exact ? v.text : v.text + " (rounded)"; }

/// One value to check on a hit: its protocol name, the judge's value and the query's floor.
struct Check {
    const char* field; ///< "t_enter", "t_exit", "depth"
    const ExactValue* exact;
    double floor;
};

/// The values to check on a hit: those the algorithm returns, with the judge's value.
std::vector<Check> ChecksOf(const Counterexample& c, std::uint32_t returns)
{
    const ValueScale scale = QueryValueScale(c.query);
    std::vector<Check> checks;
    if (c.exact.hit && IsCast(c.query.family)) {
        if ((returns & kFieldTEnter) != 0) {
            checks.push_back({"t_enter", &c.exact.tEnter, scale.t});
        }
        if ((returns & kFieldTExit) != 0) {
            checks.push_back({"t_exit", &c.exact.tExit, scale.t});
        }
    } else if (c.exact.hit && (returns & kFieldDepth) != 0) {
        checks.push_back({"depth", &c.exact.depth, scale.length});
    }
    return checks;
}

/// The built-in algorithm's Result member of a protocol field name.
std::string ResultMember(const char* field)
{
    const std::string f = field;
    return "result." + std::string(f == "t_enter" ? "tEnter" : f == "t_exit" ? "tExit" : f);
}

} // namespace

std::string HuntLiteral(double v) { return Literal(v); }

std::string HuntValueLiteral(double v) { return ValueLiteral(v); }

std::string HuntPascalName(std::string_view name) { return Pascal(name); }

std::string HuntShapeLiteral(const Shape& shape) { return ShapeLiteral(shape); }

std::string HuntJudgeAssertions(const Counterexample& c, std::uint32_t returns)
{
    std::string s = "    const hitlab::ExactResult exact = hitlab::JudgeExact(query);\n";
    s += "    EXPECT_" + std::string(c.exact.hit ? "TRUE" : "FALSE") + "(exact.hit);\n";
    for (const Check& check : ChecksOf(c, returns)) {
        if (check.exact->exact) {
            s += "    EXPECT_EQ(exact." + ResultMember(check.field).substr(7) + ".text, \"" + check.exact->text +
                 "\");\n";
        }
    }
    return s;
}

std::string HuntCommand(const Counterexample& c, const HuntOptions& options, const std::string& source)
{
    std::string s = "hitlab hunt --family " + std::string(FamilyName(c.query.family)) + " --a " + options.a +
                    (options.b.empty() ? " --exact" : " --b " + options.b) + " --seed " + std::to_string(options.seed) +
                    " --threads " + std::to_string(HuntThreads(options));
    if (options.precision == Precision::Float) {
        s += " --precision float";
    }
    if (options.valueUlps <= 0) {
        s += " --verdict-only";
    } else if (options.valueUlps != kValueUlps) {
        char ulps[48];
        std::snprintf(ulps, sizeof ulps, " --ulps %.17g", options.valueUlps);
        s += ulps;
    }
    return source.empty() ? s : s + " " + source;
}

std::string HuntCaseName(const Counterexample& c, const HuntOptions& options, int index)
{
    return "Hunt" + Pascal(FamilyName(c.query.family)) + ", " + Pascal(options.a) + "Vs" +
           (options.b.empty() ? "Exact" : Pascal(options.b)) + std::to_string(index);
}

std::string HuntCaseComment(const Counterexample& c, const HuntOptions& options, int index, const std::string& source,
                            const std::string& aAnswer)
{
    const Family family = c.query.family;
    const std::string precision = PrecisionName(options.precision);
    std::string s = "// ---- hitlab hunt: " + std::string(FamilyName(family)) + " counterexample " +
                    std::to_string(index) + ", " + options.a + " against " +
                    (options.b.empty() ? "the exact judge" : options.b) + " ----\n";
    s += "// " + DescribeQuery(c.query) + "\n";
    s += "// found by: " + HuntCommand(c, options, source) + "\n";
    s += "// cause: " + options.a + " " + (c.cause.empty() ? "disagrees" : c.cause) + "; " + std::to_string(c.count) +
         " case" + (c.count == 1 ? "" : "s") + " from the distribution \"" + c.distribution + "\", this the smallest\n";
    s += "// " + options.a + " (" + precision +
         ") answered: " + (aAnswer.empty() ? hunt::DescribeResult(c.a, family) : aAnswer) + "\n";
    if (c.b) {
        s += "// " + options.b + " (" + precision + ") answered: " + hunt::DescribeResult(*c.b, family) + "\n";
    }
    return s + "// the exact answer (HitLab's GMP judge): " + DescribeExact(c.exact) + "\n";
}

std::string HuntExactAssertions(const Counterexample& c, const HuntOptions& options, std::uint32_t returns,
                                const std::string& hit, const std::function<std::string(const char*)>& value)
{
    // the tolerance of a value: ulps of the precision at the value's size, at least the query's scale
    const double ulps = options.valueUlps > 0 ? options.valueUlps : kValueUlps;
    const double epsilon = options.precision == Precision::Float ? 0x1p-23 : 0x1p-52;
    const std::vector<Check> checks = ChecksOf(c, returns);
    if (checks.empty()) {
        return "    EXPECT_" + std::string(c.exact.hit ? "TRUE" : "FALSE") + "(" + hit +
               "); // exact: " + (c.exact.hit ? "hit" : "miss") + "\n";
    }
    char ulpsText[32];
    std::snprintf(ulpsText, sizeof ulpsText, "%g", ulps);
    std::string s = "    ASSERT_TRUE(" + hit + "); // exact: hit\n";
    s += "    // the exact values, each within " + std::string(ulpsText) + " ulps of " +
         PrecisionName(options.precision) + " at max(|value|, the query's scale)\n";
    for (const Check& check : checks) {
        const double v = check.exact->value;
        if (std::isinf(v)) {
            s += "    EXPECT_EQ(" + value(check.field) + ", " + ValueLiteral(v) + ");\n";
            continue;
        }
        char tolerance[32];
        std::snprintf(tolerance, sizeof tolerance, "%.9g", ulps * epsilon * std::max(std::fabs(v), check.floor));
        s += "    EXPECT_NEAR(" + value(check.field) + ", " + ValueLiteral(v) + ", " + tolerance +
             "); // exact: " + ExactText(*check.exact) + "\n";
    }
    return s;
}

std::string GoogleTestSnippet(const Counterexample& c, const HuntOptions& options, int index)
{
    const Family family = c.query.family;
    const AlgorithmInfo* info = FindAlgorithm(family, options.a);
    const std::uint32_t returns = info != nullptr ? info->returns : kFieldHit;
    std::string s = HuntCaseComment(c, options, index, "", "");
    s += "TEST(" + HuntCaseName(c, options, index) + ")\n{\n";
    const std::string familyName(FamilyName(family));
    s += "    const hitlab::Query query{hitlab::Family::" + Pascal(familyName) + ",\n                              " +
         ShapeLiteral(c.query.a) + ",\n                              " + ShapeLiteral(c.query.b) + "};\n";
    s += "    // the algorithm under test\n";
    s += "    const hitlab::Result result = hitlab::Run(*hitlab::FindAlgorithm(query.family, \"" + options.a +
         "\"), query, hitlab::Precision::" + (options.precision == Precision::Float ? "Float" : "Double") + ");\n";
    s += HuntExactAssertions(c, options, returns, "result.hit", ResultMember);
    // the stated answer is the judge's (what HitLab::exact computes today)
    s += HuntJudgeAssertions(c, returns);
    return s + "}\n";
}

std::string GoogleTestFile(const std::vector<Counterexample>& cases, const HuntOptions& options)
{
    std::string s = "// GoogleTest cases written by `hitlab hunt --gtest` (docs/cli.md): " + options.a + " against " +
                    (options.b.empty() ? "the exact judge" : options.b) + ", " +
                    std::string(FamilyName(options.family)) + ", " + PrecisionName(options.precision) +
                    ", one case per cause found.\n";
    s += "// Build: link HitLab::core and HitLab::exact (find_package(HitLab), docs/install.md) and\n"
         "// GTest::gtest_main. Each test asserts the exact answer against " +
         options.a +
         ": to test your own\n"
         "// function, call it on the query's shapes where the algorithm under test runs.\n";
    s += "#include \"core/algorithm.h\"\n#include \"core/exact/exact.h\"\n\n#include <gtest/gtest.h>\n\n"
         "#include <limits>\n";
    if (cases.empty()) {
        s += "\n// The hunt found no disagreement: no case.\n";
    }
    int index = 0;
    for (const Counterexample& c : cases) {
        s += "\n" + GoogleTestSnippet(c, options, ++index);
    }
    return s;
}

} // namespace hitlab
