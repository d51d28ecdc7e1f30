// The engine plugins in the real window (needs a display: ctest runs it under xvfb-run, label gui):
// `hitlab SCENE --plugin bullet` finds the bundled Bullet plugin by name and shows its algorithms as
// columns of the Results table (the --panel-report's "results"); a lesson that names the plugin in
// its "plugins" key does not load it: the window offers it, and --plugin loads it.
#include "app/gui/model/lessons.h"
#include "support/window_run.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace hitlab {
namespace HITLAB_UNITY_ID {

namespace fs = std::filesystem;

fs::path Dir() { return test::TestDir("hitlab_engine_window_gui_test"); }

/// The table of a family in the report; null when absent.
nlohmann::json Table(const nlohmann::json& report, const std::string& family)
{
    for (const nlohmann::json& table : report["results"]) {
        if (table["family"] == family) {
            return table;
        }
    }
    return nullptr;
}

/// The column index of an external algorithm in a table; -1 when absent.
int Column(const nlohmann::json& table, const std::string& name)
{
    for (size_t c = 0; c < table["columns"].size(); ++c) {
        if (table["columns"][c]["name"] == name && table["columns"][c]["external"] == true) {
            return int(c);
        }
    }
    return -1;
}

bool BulletBuilt() { return fs::exists(fs::path(HITLAB_ENGINE_PLUGIN_DIR) / "bullet.so"); }

TEST(EngineWindowGui, BulletByNameIsAColumnOfTheResultsTable)
{
    if (!BulletBuilt()) {
        GTEST_SKIP() << "bullet.so was not built (libbullet-dev was missing at configure time)";
    }
    int status = -1;
    const nlohmann::json report =
        test::RunWindow(Dir(), LessonDirectory() + "/slab-2d-hit.json", "--plugin bullet", "bullet", status);
    ASSERT_EQ(status, 0);
    const nlohmann::json table = Table(report, "ray_aabb");
    ASSERT_FALSE(table.is_null()) << report.dump();
    const int column = Column(table, "bullet_ray_aabb2");
    ASSERT_GE(column, 0) << table["columns"].dump();
    ASSERT_EQ(table["rows"].size(), 1u);
    // the ray from the origin with direction (2, 1) enters the box [1, 3]^2 at t = 1: btRayAabb2 too
    EXPECT_EQ(table["rows"][0]["cells"][size_t(column)], "hit  t 1");
}

TEST(EngineWindowGui, ALessonNamingBulletOffersItAndShowsItWhenGiven)
{
    if (!BulletBuilt()) {
        GTEST_SKIP() << "bullet.so was not built (libbullet-dev was missing at configure time)";
    }
    const std::string lesson = LessonDirectory() + "/engine-contact-threshold.json";
    int status = -1;
    // opened alone: Bullet is named, not loaded, and offered with its file
    const nlohmann::json alone = test::RunWindow(Dir(), lesson, "", "lesson-alone", status);
    ASSERT_EQ(status, 0);
    EXPECT_TRUE(alone["external"].empty()) << alone["external"].dump();
    ASSERT_EQ(alone["scene_plugins_not_loaded"].size(), 1u) << alone.dump();
    EXPECT_EQ(alone["scene_plugins_not_loaded"][0]["name"], "bullet");
    EXPECT_TRUE(fs::equivalent(alone["scene_plugins_not_loaded"][0]["file"].get<std::string>(),
                               fs::path(HITLAB_ENGINE_PLUGIN_DIR) / "bullet.so"));
    const nlohmann::json aloneTable = Table(alone, "aabb_aabb");
    ASSERT_FALSE(aloneTable.is_null()) << alone.dump();
    EXPECT_EQ(Column(aloneTable, "bullet_box_box"), -1);
    // with --plugin bullet: Bullet's column, and no notice
    const nlohmann::json report = test::RunWindow(Dir(), lesson, "--plugin bullet", "lesson", status);
    ASSERT_EQ(status, 0);
    EXPECT_TRUE(report["scene_plugins_not_loaded"].empty()) << report.dump();
    const nlohmann::json table = Table(report, "aabb_aabb");
    ASSERT_FALSE(table.is_null()) << report.dump();
    const int column = Column(table, "bullet_box_box");
    ASSERT_GE(column, 0) << table["columns"].dump();
    ASSERT_EQ(table["rows"].size(), 1u);
    // the boxes are 0.01 apart: the reference misses, Bullet reports its speculative contact
    EXPECT_EQ(table["rows"][0]["cells"][0], "miss");
    EXPECT_EQ(table["rows"][0]["cells"][size_t(column)].get<std::string>().rfind("hit", 0), 0u)
        << table["rows"][0].dump();
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
