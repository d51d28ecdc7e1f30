// The window set-up's font search (app/gui/window_setup.h), without a window.
#include "app/gui/window_setup.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

namespace fs = std::filesystem;

TEST(FontSearch, TheFirstReadableCandidateIsTaken)
{
    const fs::path dir = fs::temp_directory_path() / ("hitlab_font_search_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const std::string second = (dir / "second.ttf").string(), third = (dir / "third.ttf").string();
    std::ofstream(second) << "x";
    std::ofstream(third) << "x";
    const std::string missing = (dir / "missing.ttf").string();
    const char* candidates[] = {missing.c_str(), second.c_str(), third.c_str()};
    EXPECT_EQ(FindTtfFont(candidates), second);
    const char* none[] = {missing.c_str()};
    EXPECT_EQ(FindTtfFont(none), ""); // the caller falls back to ImGui's bitmap font and says so
    fs::remove_all(dir);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
