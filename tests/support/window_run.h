// Runs the built window (HITLAB_EXE, under the display ctest gives the gui tests) on a scene for 6
// frames and reads its --panel-report, for the tests that check the window end to end.
#pragma once

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace hitlab::test {

/// A folder of the system's temporary folder for one test's files, made if missing.
inline std::filesystem::path TestDir(const std::string& name)
{
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / name;
    std::filesystem::create_directories(dir);
    return dir;
}

/// Runs `hitlab "SCENE" ARGS --frames 6` with its screenshot and --panel-report written into dir
/// as TAG.png and TAG.json; sets status to the exit status and gives the report (null, and a failed
/// expectation naming the command, when none was written).
inline nlohmann::json RunWindow(const std::filesystem::path& dir, const std::string& scene, const std::string& args,
                                const std::string& tag, int& status)
{
    const std::filesystem::path report = dir / (tag + ".json");
    std::filesystem::remove(report);
    const std::string command = std::string(HITLAB_EXE) + " \"" + scene + "\" " + args + " --frames 6 --screenshot " +
                                (dir / (tag + ".png")).string() + " --panel-report " + report.string();
    status = std::system(command.c_str());
    std::ifstream in(report);
    EXPECT_TRUE(in.good()) << command;
    return in.good() ? nlohmann::json::parse(in) : nlohmann::json();
}

} // namespace hitlab::test
