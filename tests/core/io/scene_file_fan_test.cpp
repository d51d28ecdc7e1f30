// Tests of the scene file's "ray_fans" array (core/io/scene_file.h, docs/scene-format.md): read,
// validated with path-named messages, written only when there are fans, and round-tripped.
#include "core/io/scene_file.h"

#include <gtest/gtest.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

/// A scene with a box (id 1), a ray (id 2), a sphere (id 3) and the given "ray_fans" value.
std::string WithFans(const std::string& fans)
{
    return R"({"format": "hitlab-scene", "version": 1, "shapes": [
        {"id": 1, "type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]},
        {"id": 2, "type": "ray", "origin": [-2, 0.5, 0.5], "direction": [1, 0, 0]},
        {"id": 3, "type": "sphere", "center": [3, 0, 0], "radius": 1}],
      "ray_fans": )" +
           fans + "}";
}

std::string ErrorOf(const std::string& fans)
{
    const SceneLoad load = ParseScene(WithFans(fans), "fans.json");
    EXPECT_FALSE(load.Ok()) << fans;
    return ErrorText(load.error);
}

TEST(SceneFileFans, ReadsEveryKeyAndDefaults)
{
    const SceneLoad load = ParseScene(WithFans(R"([
        {"id": 4, "name": "edge fan", "origin": [0.5, 1, -3], "target": 1, "n": 255, "enabled": false},
        {"target": 3}])"),
                                      "fans.json");
    ASSERT_TRUE(load.Ok()) << load.error;
    EXPECT_TRUE(load.warnings.empty());
    const auto& fans = load.scene->Fans();
    ASSERT_EQ(fans.size(), 2u);
    EXPECT_EQ(fans[0].id, 4u);
    EXPECT_EQ(fans[0].name, "edge fan");
    EXPECT_EQ(fans[0].origin, glm::dvec3(0.5, 1, -3));
    EXPECT_EQ(fans[0].target, 1u);
    EXPECT_EQ(fans[0].n, 255);
    EXPECT_FALSE(fans[0].enabled);
    EXPECT_EQ(fans[1].id, 5u);        // the next free id
    EXPECT_EQ(fans[1].name, "fan 2"); // a default name
    EXPECT_EQ(fans[1].origin, glm::dvec3(0, 0, -5));
    EXPECT_EQ(fans[1].n, 128);
    EXPECT_TRUE(fans[1].enabled);
}

TEST(SceneFileFans, BadValuesNameTheirPath)
{
    EXPECT_EQ(ErrorOf(R"([{"target": 1, "n": 0}])"), "fans.json: ray_fans[0].n: must be 1..1024, got 0");
    EXPECT_EQ(ErrorOf(R"([{"target": 1}, {"target": 1, "n": 1025}])"),
              "fans.json: ray_fans[1].n: must be 1..1024, got 1025");
    EXPECT_EQ(ErrorOf(R"([{"target": 1, "n": 2.5}])"), "fans.json: ray_fans[0].n: expected a whole number, got 2.5");
    EXPECT_EQ(ErrorOf(R"([{"n": 16}])"),
              "fans.json: ray_fans[0].target: required: the id of the aabb, sphere, obb or plane the fan aims at");
    EXPECT_EQ(ErrorOf(R"([{"target": 9}])"),
              "fans.json: ray_fans[0].target: expected the id of a shape of the scene, got 9");
    EXPECT_EQ(ErrorOf(R"([{"target": "box"}])"),
              "fans.json: ray_fans[0].target: expected the id of a shape of the scene, got a string");
    EXPECT_EQ(ErrorOf(R"([{"target": 2}])"),
              "fans.json: ray_fans[0].target: shape 2 is a ray; a fan aims at an aabb, sphere, obb or plane");
    EXPECT_EQ(ErrorOf(R"([{"target": 1, "origin": [0, 1]}])"),
              "fans.json: ray_fans[0].origin: expected an array of 3 numbers");
    EXPECT_EQ(ErrorOf(R"([{"target": 1, "enabled": 1}])"),
              "fans.json: ray_fans[0].enabled: expected true or false, got a number");
    EXPECT_EQ(ErrorOf(R"([{"id": 2, "target": 1}, {"id": 2, "target": 3}])"),
              "fans.json: ray_fans[1].id: id 2 is used by an earlier ray fan");
    EXPECT_EQ(ErrorOf(R"({"target": 1})"), "fans.json: ray_fans: expected an array of ray fan objects, got an object");
    EXPECT_EQ(ErrorOf(R"([3])"), "fans.json: ray_fans[0]: expected a ray fan object, got a number");
}

TEST(SceneFileFans, UnknownKeysWarn)
{
    const SceneLoad load = ParseScene(WithFans(R"([{"target": 1, "colour": "red"}])"), "fans.json");
    ASSERT_TRUE(load.Ok()) << load.error;
    ASSERT_EQ(load.warnings.size(), 1u);
    EXPECT_EQ(load.warnings[0],
              "ray_fans[0].colour: unknown key ignored (known keys: id, name, origin, target, n, enabled)");
}

TEST(SceneFileFans, RoundTripAndNoKeyWithoutFans)
{
    const SceneLoad load = ParseScene(WithFans(R"([
        {"id": 4, "name": "edge fan", "origin": [0.1, -0.0, 1e-7], "target": 1, "n": 255, "enabled": false},
        {"target": 3, "n": 1}])"),
                                      "fans.json");
    ASSERT_TRUE(load.Ok()) << load.error;
    const nlohmann::ordered_json j = SceneToJson(*load.scene);
    ASSERT_TRUE(j.contains("ray_fans"));
    EXPECT_EQ(j["ray_fans"][0].dump(),
              R"({"id":4,"name":"edge fan","origin":[0.1,-0.0,1e-07],"target":1,"n":255,"enabled":false})");
    const SceneLoad again = ParseScene(j.dump(), "again.json");
    ASSERT_TRUE(again.Ok()) << again.error;
    EXPECT_TRUE(SameScene(*load.scene, *again.scene));
    EXPECT_TRUE(std::signbit(again.scene->Fans()[0].origin.y));

    // a changed fan makes the scenes differ
    Scene changed = *again.scene;
    SceneFan fan = changed.Fans()[1];
    fan.n = 2;
    changed.ReplaceFan(fan);
    EXPECT_FALSE(SameScene(*load.scene, changed));

    // no fans: no key (older files stay byte for byte what they were)
    Scene plain = *load.scene;
    plain.RemoveFan(4);
    plain.RemoveFan(5);
    EXPECT_FALSE(SceneToJson(plain).contains("ray_fans"));
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
