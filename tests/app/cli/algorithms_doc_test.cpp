// docs/algorithms.md is generated from the registry (scripts/gen-algorithms-doc): it must list
// every algorithm under its family, with its flaw, so the docs cannot drift from the code.
#include "core/algorithm.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace hitlab {
namespace HITLAB_UNITY_ID {

TEST(AlgorithmsDoc, ListsEveryAlgorithmUnderItsFamilyWithItsFlaw)
{
    std::ifstream in(std::string(HITLAB_TEST_DATA) + "/../../docs/algorithms.md");
    ASSERT_TRUE(in) << "docs/algorithms.md is missing: run scripts/gen-algorithms-doc";
    std::stringstream text;
    text << in.rdbuf();
    const std::string doc = text.str();
    for (const AlgorithmInfo& info : Algorithms()) {
        const size_t family = doc.find("## " + std::string(FamilyName(info.family)) + "\n");
        ASSERT_NE(family, std::string::npos) << FamilyName(info.family);
        const size_t heading = doc.find("### `" + std::string(info.name) + "`", family);
        EXPECT_NE(heading, std::string::npos) << info.name << ": run scripts/gen-algorithms-doc";
        if (!info.flaw.empty()) {
            EXPECT_NE(doc.find(std::string(info.flaw)), std::string::npos) << info.name << ": flaw text out of date";
        }
        EXPECT_NE(doc.find(std::string(info.summary)), std::string::npos) << info.name << ": summary out of date";
    }
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
