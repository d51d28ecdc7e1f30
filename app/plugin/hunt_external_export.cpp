// The GoogleTest case of an external algorithm's counterexample: through the plugin ABI, or by
// running the program.
#include "hunt_external_export.h"

#include "app/external/external_answer.h"
#include "app/paths/data_dir.h"
#include "core/io/protocol.h"

#include <filesystem>

namespace hitlab {

namespace {

std::string Vec(const glm::dvec3& v)
{
    return "{" + HuntLiteral(v.x) + ", " + HuntLiteral(v.y) + ", " + HuntLiteral(v.z) + "}";
}

/// The plugin ABI's union member and initializer of a shape ("ray", "{{0, 0, 0}, {1, 0, 0}}"),
/// in the field order of include/hitlab/plugin.h. A point has no member: plugins have no point family.
std::pair<std::string, std::string> AbiShape(const Shape& shape)
{
    return std::visit(
        [](const auto& x) -> std::pair<std::string, std::string> {
            using X = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<X, Ray<double>>) {
                return {"ray", "{" + Vec(x.origin) + ", " + Vec(x.direction) + "}"};
            } else if constexpr (std::is_same_v<X, Segment<double>>) {
                return {"segment", "{" + Vec(x.start) + ", " + Vec(x.end) + "}"};
            } else if constexpr (std::is_same_v<X, Plane<double>>) {
                return {"plane", "{" + Vec(x.normal) + ", " + HuntLiteral(x.distance) + "}"};
            } else if constexpr (std::is_same_v<X, Aabb<double>>) {
                return {"aabb", "{" + Vec(x.min) + ", " + Vec(x.max) + "}"};
            } else if constexpr (std::is_same_v<X, Sphere<double>>) {
                return {"sphere", "{" + Vec(x.center) + ", " + HuntLiteral(x.radius) + "}"};
            } else if constexpr (std::is_same_v<X, Obb<double>>) {
                return {"obb", "{" + Vec(x.center) + ", " + Vec(x.halfExtents) + ", {" + Vec(x.axes[0]) + ", " +
                                   Vec(x.axes[1]) + ", " + Vec(x.axes[2]) + "}}"};
            } else {
                return {"", ""};
            }
        },
        shape);
}

/// A C++ raw string literal of text.
std::string Raw(const std::string& text) { return "R\"hitlab(" + text + ")hitlab\""; }

/// The TEST body of a plugin: load it, find the algorithm, call its function on the query.
std::string PluginBody(const Counterexample& c, const HuntOptions& options, const std::string& file,
                       std::uint32_t returns)
{
    const std::string p = options.precision == Precision::Float ? "f" : "d";
    const std::string family(FamilyName(c.query.family));
    const auto [aMember, aValue] = AbiShape(c.query.a);
    const auto [bMember, bValue] = AbiShape(c.query.b);
    std::string s = "    // the plugin, loaded as HitLab's host loads it\n    void* library = dlopen(" + Raw(file) +
                    ", RTLD_NOW);\n";
    s += R"(    ASSERT_NE(library, nullptr) << dlerror();
    const auto entry = reinterpret_cast<const hitlab_plugin* (*)(void)>(dlsym(library, HITLAB_PLUGIN_ENTRY));
    ASSERT_NE(entry, nullptr) << "the plugin exports no " HITLAB_PLUGIN_ENTRY;
    const hitlab_plugin* plugin = entry();
    ASSERT_EQ(plugin->abi_version, HITLAB_PLUGIN_ABI_VERSION);
    const hitlab_algorithm* algorithm = nullptr;
    for (uint32_t i = 0; i < plugin->algorithm_count; ++i) {
        const hitlab_algorithm& a = plugin->algorithms[i];
)";
    s += "        if (std::strcmp(a.family, \"" + family + "\") == 0 && std::strcmp(a.name, \"" + options.a +
         "\") == 0) {\n            algorithm = &a;\n        }\n    }\n";
    s += "    ASSERT_NE(algorithm, nullptr) << \"the plugin has no " + family + " algorithm " + options.a + "\";\n";
    s += "    ASSERT_NE(algorithm->run_" + p + ", nullptr);\n    hitlab_query_" + p + " query{};\n";
    s += "    query.a." + aMember + " = " + aValue + ";\n    query.b." + bMember + " = " + bValue + ";\n";
    s += "    hitlab_result_" + p + " result{};\n    // the algorithm under test\n    algorithm->run_" + p +
         "(&query, &result, 1);\n    EXPECT_EQ(result.error, 0);\n";
    return s + HuntExactAssertions(c, options, returns, "result.hit",
                                   [](const char* field) { return "result." + std::string(field); });
}

/// The TEST body of a program: the query line on its input, its answer line read back.
std::string ProgramBody(const Counterexample& c, const HuntOptions& options, const std::string& command,
                        const std::string& cwd, std::uint32_t returns, const std::string& name)
{
    const std::string line = QueryLine({c.query, options.precision, {options.a}, false}, 1);
    const std::string shell = "cd " + ShellQuote(cwd) + " && timeout 10 /bin/sh -c " + ShellQuote(command) + " < ";
    std::string s = "    // the program, run as HitLab runs it (/bin/sh -c, in the folder the hunt ran in)\n";
    s += "    const std::string input = testing::TempDir() + \"hitlab_hunt_" + name + ".jsonl\";\n";
    s += "    std::ofstream(input) << " + Raw(line) + " << '\\n';\n";
    s += "    const std::string command = " + Raw(shell) + " + (\"'\" + input + \"'\");\n";
    s += R"(    FILE* program = popen(command.c_str(), "r");
    ASSERT_NE(program, nullptr);
    std::string output;
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, program)) > 0;) {
        output.append(buffer, n);
    }
    EXPECT_EQ(pclose(program), 0) << "the program failed; it wrote:\n" << output;
    // its first line is its metadata, the next one answers the query
    const std::size_t metadata = output.find('\n');
    ASSERT_NE(metadata, std::string::npos) << output;
    const std::string reply = output.substr(metadata + 1, output.find('\n', metadata + 1) - metadata - 1);
    const nlohmann::json answer = nlohmann::json::parse(reply, nullptr, false);
)";
    s += "    ASSERT_TRUE(answer.is_object() && answer.contains(\"results\") && answer[\"results\"].contains(\"" +
         options.a + "\")) << output;\n";
    s += "    const nlohmann::json& result = answer[\"results\"][\"" + options.a + "\"];\n";
    s += R"(    // a number as hitlab eval writes it: "inf", "-inf" and "nan" as strings
    [[maybe_unused]] const auto number = [](const nlohmann::json& v) {
        const double inf = std::numeric_limits<double>::infinity();
        return v.is_number() ? v.get<double>() : v == "inf" ? inf : v == "-inf" ? -inf : std::numeric_limits<double>::quiet_NaN();
    };
)";
    return s + HuntExactAssertions(c, options, returns, "result.value(\"hit\", false)", [](const char* field) {
               return "number(result.value(\"" + std::string(field) + "\", nlohmann::json()))";
           });
}

} // namespace

std::string ShellQuote(const std::string& text)
{
    std::string out = "'";
    for (const char ch : text) {
        out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
    }
    return out + "'";
}

std::string ExternalGoogleTestSnippet(const ExternalFind& f, const HuntOptions& options, const HuntSource& source,
                                      std::uint32_t returns, const std::string& cwd, int index)
{
    const bool plugin = !source.plugin.empty();
    const std::string file =
        plugin ? std::filesystem::absolute(ResolvePluginPath(source.plugin)).lexically_normal().string() : "";
    std::string s = HuntCaseComment(
        f.c, options, index, plugin ? "--plugin " + ShellQuote(file) : "--external " + ShellQuote(source.external),
        f.failure);
    if (plugin) {
        s += "// Build: the include folder of hitlab/plugin.h (HitLab's include/, or the hitlab-dev package's);\n"
             "// link GTest::gtest_main and ${CMAKE_DL_LIBS}. The test loads the plugin and asserts the exact\n"
             "// answer against " +
             options.a + "'s " + PrecisionName(options.precision) + " function (a crash in it ends the test).\n";
        s += "#include \"hitlab/plugin.h\"\n\n#include <gtest/gtest.h>\n\n#include <dlfcn.h>\n\n"
             "#include <cstdint>\n#include <cstring>\n#include <limits>\n\n";
    } else {
        s += "// Build: link GTest::gtest_main and nlohmann_json::nlohmann_json. The test runs the program\n"
             "// with the query line and asserts the exact answer against its answer line.\n";
        s += "#include <gtest/gtest.h>\n#include <nlohmann/json.hpp>\n\n"
             "#include <cstdio>\n#include <fstream>\n#include <limits>\n#include <string>\n\n";
    }
    const std::string name = HuntCaseName(f.c, options, index);
    s += "TEST(" + name + ")\n{\n";
    s += plugin ? PluginBody(f.c, options, file, returns)
                : ProgramBody(f.c, options, source.external, cwd, returns, name.substr(name.find(' ') + 1));
    return s + "}\n";
}

} // namespace hitlab
