// The GoogleTest case of an external algorithm's counterexample: through the plugin ABI, or by
// running the program.
#include "hunt_external_export.h"

#include "app/sources/interface/external_answer.h"
#include "core/io/protocol.h"

#include <filesystem>

namespace hitlab {

namespace {

std::string VecLiteral(const glm::dvec3& v)
{
    return "{" + HuntLiteral(v.x) + ", " + HuntLiteral(v.y) + ", " + HuntLiteral(v.z) + "}";
}

/// The plugin ABI's union member and initializer of a shape ("ray", "{{0, 0, 0}, {1, 0, 0}}"),
/// in the field order of include/hitlab/plugin.h, and for a mesh the statements that hand it to
/// the plugin first (prepare_mesh, id 1). A point has no member: plugins have no point family.
struct AbiLiteral {
    std::string member, value, prelude;
};

AbiLiteral AbiMesh(const Mesh<double>& mesh, Precision precision)
{
    const bool isFloat = precision == Precision::Float;
    const std::string p = isFloat ? "f" : "d";
    const std::size_t vertexCount = mesh.data ? mesh.data->vertices.size() : 0;
    std::string vertices, indices;
    for (std::size_t i = 0; i < vertexCount; ++i) {
        const glm::dvec3 v = isFloat ? glm::dvec3(mesh.data->floatVertices[i]) : mesh.data->vertices[i];
        vertices += (i == 0 ? "" : ", ") + HuntLiteral(v.x) + ", " + HuntLiteral(v.y) + ", " + HuntLiteral(v.z);
    }
    for (std::size_t i = 0; i < mesh.TriangleCount(); ++i) {
        const auto& t = mesh.data->triangles[i];
        indices +=
            (i == 0 ? "" : ", ") + std::to_string(t[0]) + ", " + std::to_string(t[1]) + ", " + std::to_string(t[2]);
    }
    const std::string counts = std::to_string(vertexCount) + ", " + std::to_string(mesh.TriangleCount());
    std::string prelude = "    // the mesh, handed to the plugin as HitLab's host does before the query (id 1)\n";
    prelude += "    static const " + std::string(isFloat ? "float" : "double") + " meshVertices[] = {" + vertices +
               "};\n    static const uint32_t meshIndices[] = {" + indices + "};\n";
    prelude += "    ASSERT_NE(Plugin()->prepare_mesh_" + p + ", nullptr);\n";
    prelude += "    ASSERT_EQ(Plugin()->prepare_mesh_" + p + "(1, meshVertices, " + std::to_string(vertexCount) +
               ", meshIndices, " + std::to_string(mesh.TriangleCount()) + "), 0);\n";
    return {"mesh", "{1, " + counts + "}", prelude};
}

AbiLiteral AbiShape(const Shape& shape, Precision precision)
{
    switch (KindOf(shape)) {
    case ShapeKind::Ray: {
        const auto& x = std::get<Ray<double>>(shape);
        return {"ray", "{" + VecLiteral(x.origin) + ", " + VecLiteral(x.direction) + "}", ""};
    }
    case ShapeKind::Segment: {
        const auto& x = std::get<Segment<double>>(shape);
        return {"segment", "{" + VecLiteral(x.start) + ", " + VecLiteral(x.end) + "}", ""};
    }
    case ShapeKind::Plane: {
        const auto& x = std::get<Plane<double>>(shape);
        return {"plane", "{" + VecLiteral(x.normal) + ", " + HuntLiteral(x.distance) + "}", ""};
    }
    case ShapeKind::Aabb: {
        const auto& x = std::get<Aabb<double>>(shape);
        return {"aabb", "{" + VecLiteral(x.min) + ", " + VecLiteral(x.max) + "}", ""};
    }
    case ShapeKind::Sphere: {
        const auto& x = std::get<Sphere<double>>(shape);
        return {"sphere", "{" + VecLiteral(x.center) + ", " + HuntLiteral(x.radius) + "}", ""};
    }
    case ShapeKind::Obb: {
        const auto& x = std::get<Obb<double>>(shape);
        return {"obb",
                "{" + VecLiteral(x.center) + ", " + VecLiteral(x.halfExtents) + ", {" + VecLiteral(x.axes[0]) + ", " +
                    VecLiteral(x.axes[1]) + ", " + VecLiteral(x.axes[2]) + "}}",
                ""};
    }
    case ShapeKind::Point:
        return {"", "", ""};
    case ShapeKind::Triangle: {
        const auto& x = std::get<Triangle<double>>(shape);
        return {"triangle",
                "{{" + VecLiteral(x.vertices[0]) + ", " + VecLiteral(x.vertices[1]) + ", " + VecLiteral(x.vertices[2]) +
                    "}}",
                ""};
    }
    case ShapeKind::Mesh:
        return AbiMesh(std::get<Mesh<double>>(shape), precision);
    case ShapeKind::Convex: // the plugin ABI has no convex shape yet
        return {"", "", ""};
    }
    UnknownShapeKind(KindOf(shape));
}

/// A C++ raw string literal of text.
std::string Raw(const std::string& text) { return "R\"hitlab(" + text + ")hitlab\""; }

/// The TEST body of a plugin: find the algorithm (the file's Algorithm helper), call its function
/// on the query.
std::string PluginBody(const Counterexample& c, const HuntOptions& options, std::uint32_t returns)
{
    const std::string p = options.precision == Precision::Float ? "f" : "d";
    const std::string family(FamilyName(c.query.family));
    const AbiLiteral a = AbiShape(c.query.a, options.precision);
    const AbiLiteral b = AbiShape(c.query.b, options.precision);
    std::string s = "    const hitlab_algorithm* algorithm = Algorithm(\"" + family + "\", \"" + options.a + "\");\n";
    s += "    ASSERT_NE(algorithm, nullptr);\n";
    s += "    ASSERT_NE(algorithm->run_" + p + ", nullptr) << \"no " + PrecisionName(options.precision) +
         " function\";\n    hitlab_query_" + p + " query{};\n";
    s += a.prelude + b.prelude;
    s += "    query.a." + a.member + " = " + a.value + ";\n    query.b." + b.member + " = " + b.value + ";\n";
    s += "    hitlab_result_" + p + " result{};\n    // the algorithm under test\n    algorithm->run_" + p +
         "(&query, &result, 1);\n    EXPECT_EQ(result.error, 0);\n";
    return s + HuntExactAssertions(c, options, returns, "result.hit",
                                   [](const char* field) { return "result." + std::string(field); });
}

/// The plugin file's helpers: Plugin() (loaded from $HITLAB_PLUGIN or HITLAB_PLUGIN_FILE, or the
/// linked-in entry) and Algorithm(family, name).
std::string PluginHelpers(bool linked)
{
    std::string s = "namespace {\n\n";
    if (linked) {
        s += R"cpp(// The plugin under test, linked into this test: its source (or static library) defines
// hitlab_plugin_v1, declared in hitlab/plugin.h.
const hitlab_plugin* Plugin() { return hitlab_plugin_v1(); }
)cpp";
    } else {
        s += R"cpp(// The plugin under test: the file the environment variable HITLAB_PLUGIN names, else the one the
// compile definition HITLAB_PLUGIN_FILE names (CMake: target_compile_definitions(TARGET PRIVATE
// HITLAB_PLUGIN_FILE="$<TARGET_FILE:your_plugin>")), loaded as HitLab's host loads it.
const hitlab_plugin* Plugin()
{
    const char* file = std::getenv("HITLAB_PLUGIN");
#ifdef HITLAB_PLUGIN_FILE
    if (file == nullptr || *file == '\0') {
        file = HITLAB_PLUGIN_FILE;
    }
#endif
    if (file == nullptr || *file == '\0') {
        ADD_FAILURE() << "no plugin: set HITLAB_PLUGIN to the plugin's file (or define HITLAB_PLUGIN_FILE)";
        return nullptr;
    }
    void* library = dlopen(file, RTLD_NOW);
    if (library == nullptr) {
        ADD_FAILURE() << "cannot load the plugin " << file << ": " << dlerror();
        return nullptr;
    }
    const auto entry = reinterpret_cast<const hitlab_plugin* (*)(void)>(dlsym(library, HITLAB_PLUGIN_ENTRY));
    if (entry == nullptr) {
        ADD_FAILURE() << file << " exports no " HITLAB_PLUGIN_ENTRY;
    }
    return entry != nullptr ? entry() : nullptr;
}
)cpp";
    }
    return s + R"cpp(
// The plugin's algorithm name of family, or null (and the test fails).
const hitlab_algorithm* Algorithm(const char* family, const char* name)
{
    const hitlab_plugin* plugin = Plugin();
    if (plugin == nullptr) {
        return nullptr;
    }
    if (plugin->abi_version != HITLAB_PLUGIN_ABI_VERSION) {
        ADD_FAILURE() << "the plugin's ABI version is " << plugin->abi_version << ", not " << HITLAB_PLUGIN_ABI_VERSION;
        return nullptr;
    }
    for (uint32_t i = 0; i < plugin->algorithm_count; ++i) {
        const hitlab_algorithm& a = plugin->algorithms[i];
        if (std::strcmp(a.family, family) == 0 && std::strcmp(a.name, name) == 0) {
            return &a;
        }
    }
    ADD_FAILURE() << "the plugin has no " << family << " algorithm " << name;
    return nullptr;
}

} // namespace
)cpp";
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
    const std::string from =
        plugin ? "--plugin \"$HITLAB_PLUGIN\" (" + std::filesystem::path(source.plugin).filename().string() + ")"
               : "--external " + ShellQuote(source.external);
    std::string s = HuntCaseComment(f.c, options, index, from, f.failure);
    const std::string name = HuntCaseName(f.c, options, index);
    s += "TEST(" + name + ")\n{\n";
    s += plugin ? PluginBody(f.c, options, returns)
                : ProgramBody(f.c, options, source.external, cwd, returns, name.substr(name.find(' ') + 1));
    return s + "}\n";
}

std::string ExternalGoogleTestFile(const std::vector<ExternalFind>& finds, const HuntOptions& options,
                                   const HuntSource& source, std::uint32_t returns, const std::string& cwd, bool linked)
{
    const bool plugin = !source.plugin.empty();
    std::string s = "// GoogleTest cases written by `hitlab hunt --gtest" + std::string(linked ? "-linked" : "") +
                    "` (docs/cli.md): " + options.a + " of " +
                    (plugin ? "the plugin " + std::filesystem::path(source.plugin).filename().string()
                            : "the program " + source.external) +
                    " against " + (options.b.empty() ? "the exact judge" : options.b) + ", " +
                    std::string(FamilyName(options.family)) + ", " + PrecisionName(options.precision) +
                    ", one case per cause found.\n";
    if (plugin && linked) {
        s += "// Build: the include folder of hitlab/plugin.h (HitLab's include/, or the hitlab-dev package's);\n"
             "// compile this file with the plugin's source (or link its static library) and GTest::gtest_main.\n"
             "// No HitLab library is needed: the tests call " +
             options.a + "'s function directly.\n";
    } else if (plugin) {
        s += "// Build: the include folder of hitlab/plugin.h (HitLab's include/, or the hitlab-dev package's);\n"
             "// link GTest::gtest_main and ${CMAKE_DL_LIBS}. Run with HITLAB_PLUGIN=path/to/the/plugin (or\n"
             "// build with HITLAB_PLUGIN_FILE defined as its path). A crash in the plugin ends the test.\n";
    } else {
        s += "// Build: link GTest::gtest_main and nlohmann_json::nlohmann_json. Each test runs the program\n"
             "// with the query line and asserts the exact answer against its answer line.\n";
    }
    if (plugin) {
        s += "#include \"hitlab/plugin.h\"\n\n#include <gtest/gtest.h>\n\n";
        s += linked ? "" : "#include <dlfcn.h>\n\n";
        s +=
            "#include <cstdint>\n#include <cstdlib>\n#include <cstring>\n#include <limits>\n\n" + PluginHelpers(linked);
    } else {
        s += "#include <gtest/gtest.h>\n#include <nlohmann/json.hpp>\n\n"
             "#include <cstdio>\n#include <fstream>\n#include <limits>\n#include <string>\n";
    }
    if (finds.empty()) {
        s += "\n// The hunt found no disagreement: no case.\n";
    }
    int index = 0;
    for (const ExternalFind& f : finds) {
        s += "\n" + ExternalGoogleTestSnippet(f, options, source, returns, cwd, ++index);
    }
    return s;
}

} // namespace hitlab
