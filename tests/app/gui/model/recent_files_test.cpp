// File > Recent (app/gui/model/recent_files.h): newest first, one entry per file however it was
// named, at most ten, kept in a text file between sessions. No window.
#include "app/gui/model/recent_files.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

namespace fs = std::filesystem;

std::string Absolute(const fs::path& p) { return fs::absolute(p).lexically_normal().string(); }

TEST(RecentFiles, NewestFirstAndOneEntryPerFile)
{
    RecentFiles recent;
    recent.Load("");
    recent.Add("a.json");
    recent.Add("b.json");
    recent.Add("./sub/../a.json"); // the same file as a.json
    ASSERT_EQ(recent.Paths().size(), 2u);
    EXPECT_EQ(recent.Paths()[0], Absolute("a.json"));
    EXPECT_EQ(recent.Paths()[1], Absolute("b.json"));
}

TEST(RecentFiles, KeepsTheTenNewest)
{
    RecentFiles recent;
    for (int i = 1; i <= 12; ++i) {
        recent.Add("scene" + std::to_string(i) + ".json");
    }
    ASSERT_EQ(recent.Paths().size(), 10u);
    EXPECT_EQ(recent.Paths().front(), Absolute("scene12.json"));
    EXPECT_EQ(recent.Paths().back(), Absolute("scene3.json"));
}

TEST(RecentFiles, TheListSurvivesInItsFile)
{
    const fs::path dir = fs::temp_directory_path() / ("hitlab_recent_files_test_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string file = (dir / "recent.txt").string();
    {
        RecentFiles recent;
        recent.Load(file); // no file yet: empty
        EXPECT_TRUE(recent.Paths().empty());
        recent.Add("/scenes/one.json");
        recent.Add("/scenes/two.json");
    }
    RecentFiles again;
    again.Load(file);
    EXPECT_EQ(again.Paths(), (std::vector<std::string>{"/scenes/two.json", "/scenes/one.json"}));
    std::ifstream in(file);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(text, "/scenes/two.json\n/scenes/one.json\n");
    fs::remove_all(dir);
}

TEST(RecentFiles, RemoveTakesOneFileOffHoweverItIsNamed)
{
    RecentFiles recent;
    recent.Add("a.json");
    recent.Add("b.json");
    EXPECT_TRUE(recent.Remove("./a.json"));
    EXPECT_FALSE(recent.Remove("a.json"));
    EXPECT_EQ(recent.Paths(), (std::vector<std::string>{Absolute("b.json")}));
}

TEST(RecentFiles, RemoveMissingKeepsTheFilesThatExistAndStoresTheList)
{
    const fs::path dir = fs::temp_directory_path() / ("hitlab_recent_files_missing_test_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string file = (dir / "recent.txt").string();
    std::ofstream((dir / "here.json").string()) << "{}";
    RecentFiles recent;
    recent.Load(file);
    recent.Add((dir / "here.json").string());
    recent.Add((dir / "gone.json").string());
    recent.Add((dir / "also-gone.json").string());
    EXPECT_EQ(recent.RemoveMissing(), 2u);
    EXPECT_EQ(recent.Paths(), (std::vector<std::string>{(dir / "here.json").string()}));
    EXPECT_EQ(recent.RemoveMissing(), 0u);
    RecentFiles again;
    again.Load(file);
    EXPECT_EQ(again.Paths(), recent.Paths());
    fs::remove_all(dir);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
