// Tests of core/io/error.h: how an IoError is written, nested, and what the protocol's and a scene
// file's errors hold (the file, the key path or the JSON position in `where`, the sentence in `what`).
#include "core/io/error.h"
#include "core/io/protocol.h"
#include "core/io/scene_file.h"

#include <gtest/gtest.h>

#include <sstream>

namespace hitlab {
namespace HITLAB_UNITY_ID {

TEST(IoError, TextIsWhereColonWhatOrWhatAloneOrNothing)
{
    EXPECT_EQ(ErrorText({"shapes[2].radius", "must be >= 0, got -1"}), "shapes[2].radius: must be >= 0, got -1");
    EXPECT_EQ(ErrorText({"", "empty line"}), "empty line");
    EXPECT_EQ(ErrorText({"a.json", ""}), "");
    std::ostringstream out;
    out << IoError{"a.json", "is a directory, not a scene file"};
    EXPECT_EQ(out.str(), "a.json: is a directory, not a scene file");
}

TEST(IoError, WithinPrefixesTheOuterPlace)
{
    EXPECT_EQ(Within("a.json", {"camera.distance", "must be > 0"}),
              (IoError{"a.json: camera.distance", "must be > 0"}));
    EXPECT_EQ(Within("hitlab report", {"", "no scene"}), (IoError{"hitlab report", "no scene"}));
    EXPECT_EQ(ErrorText(Within("hitlab bench", Within("a.json", {"version", "must be >= 1"}))),
              "hitlab bench: a.json: version: must be >= 1");
}

TEST(IoError, SceneErrorsSplitThePlaceFromTheSentence)
{
    const SceneLoad bad =
        ParseScene(R"({"format": "hitlab-scene", "version": 1, "camera": {"distance": -1}})", "s.json");
    EXPECT_EQ(bad.error, (IoError{"s.json: camera.distance", "must be > 0"}));
    const SceneLoad broken = ParseScene("{\n  \"format\": }", "b.json");
    EXPECT_EQ(broken.error.where, "b.json: line 2, column 13");
    EXPECT_EQ(broken.error.what.rfind("broken JSON: ", 0), 0u) << broken.error;
    const SceneLoad empty = ParseScene("  \n", "e.json");
    EXPECT_EQ(empty.error, (IoError{"e.json", "the file is empty (expected a JSON scene object)"}));
}

TEST(IoError, ProtocolErrorsSplitTheKeyPathFromTheSentence)
{
    const ParsedQuery q = ParseQuery(R"({"query": "ray_sphere", "a": {"type": "ray", "origin": [0, 0, 0],)"
                                     R"( "direction": [1, 0, 0]}, "b": {"type": "sphere", "center": [0, 0, 0],)"
                                     R"( "radius": -1}})");
    EXPECT_EQ(q.error, (IoError{"b.radius", "must be >= 0, got -1"}));
    EXPECT_EQ(ParseQuery("").error, (IoError{"", "empty line"}));
    EXPECT_EQ(ParseShape(nlohmann::json::parse(R"({"type": "aabb", "min": [0, 0, 0]})"), "shapes[1]").error,
              (IoError{"shapes[1].max", "missing (an aabb needs \"min\" and \"max\")"}));
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
