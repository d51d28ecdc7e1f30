// The capture browser without a window (app/gui/model/capture_rows.h, capture_load.h,
// capture_choice.h): rows filtered and sorted, a capture read and judged on the loader's thread,
// a chosen row's line read again at its offset, bad lines as rows, and a capture of 1,000,000
// lines loaded into compact rows within a bound of memory.
#include "app/gui/model/capture_choice.h"
#include "app/gui/model/capture_load.h"

#include "tests/support/case_count.h"

#include <gtest/gtest.h>

#include <iostream>
#include <thread>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

namespace fs = std::filesystem;

/// A file in the temporary folder, removed at the end of the test.
struct TempFile {
    explicit TempFile(const std::string& name)
        : path((fs::temp_directory_path() / ("hitlab_capture_" + std::to_string(getpid()) + "_" + name)).string())
    {
    }
    ~TempFile()
    {
        std::error_code ec;
        fs::remove(path, ec);
    }
    std::string path;
};

/// A ray along +x from (x0, 0, 0) against the box [-1, 1]^3: it enters at t = -1 - x0 and leaves
/// at 1 - x0 (exact: small integers).
std::string RayLine(int x0, const std::string& answer, const std::string& extra)
{
    return R"({"query":"ray_aabb","precision":"double","a":{"type":"ray","origin":[)" + std::to_string(x0) +
           R"(,0,0],"direction":[1,0,0]},"b":{"type":"aabb","min":[-1,-1,-1],"max":[1,1,1]},"answer":)" + answer +
           extra + "}";
}

/// The capture of the tests: a header, two agreeing answers, a wrong verdict, a blank and a bad line.
const std::vector<std::string> kLines = {
    R"({"capture":1,"engine":"test engine"})",
    RayLine(-3, R"({"hit":true,"t_enter":2,"t_exit":4})", R"(,"frame":1,"where":"a.cpp:1")"),
    RayLine(-3, R"({"hit":false})", R"(,"frame":2,"where":"b.cpp:2")"),
    "",
    R"({"query":"ray_aabb","a":)",
    RayLine(-5, R"({"hit":true,"t_enter":4,"t_exit":6})", R"(,"frame":3,"where":"a.cpp:1")"),
};

void Write(const std::string& path, const std::vector<std::string>& lines)
{
    std::ofstream out(path, std::ios::binary);
    for (const std::string& line : lines) {
        out << line << "\n";
    }
}

CaptureTable Load(const std::string& path, CaptureHeader* header = nullptr)
{
    CaptureLoadJob job(path);
    job.Wait();
    EXPECT_TRUE(job.Done());
    EXPECT_EQ(job.Error().what, "");
    CaptureTable table;
    job.Take(table);
    table.Refresh(true);
    if (header != nullptr) {
        *header = job.Header();
    }
    return table;
}

std::vector<std::uint64_t> ViewLines(const CaptureTable& table)
{
    std::vector<std::uint64_t> lines;
    for (const std::uint32_t i : table.View()) {
        lines.push_back(table.Rows()[i].line);
    }
    return lines;
}

TEST(CaptureBrowser, RecognisesACaptureByItsContent)
{
    TempFile capture("recognise.jsonl"), eval("eval.jsonl"), scene("scene.json"), headerless("headerless.jsonl");
    Write(capture.path, kLines);
    Write(headerless.path, {"", kLines[2]});
    Write(eval.path, {R"({"query":"ray_aabb","a":{"type":"ray","origin":[0,0,0],"direction":[1,0,0]},)"
                      R"("b":{"type":"aabb","min":[1,1,1],"max":[2,2,2]}})"});
    Write(scene.path, {R"({"version": 1, "title": "an answer", "shapes": []})"});
    EXPECT_TRUE(IsCaptureFile(capture.path));
    EXPECT_TRUE(IsCaptureFile(headerless.path)); // a query line with "answer"
    EXPECT_FALSE(IsCaptureFile(eval.path));      // a query without an answer
    EXPECT_FALSE(IsCaptureFile(scene.path));
    EXPECT_FALSE(IsCaptureFile(capture.path + ".missing"));
    // a scene on one line longer than any capture line, even one that mentions a query and an answer
    TempFile wide("wide.json");
    Write(wide.path, {R"({"title": "\"query\" \"answer\")" + std::string(kMaxLineBytes, 'x') + R"(", "shapes": []})"});
    EXPECT_FALSE(IsCaptureFile(wide.path));
}

TEST(CaptureBrowser, ReadsJudgesAndCountsEveryLine)
{
    TempFile file("read.jsonl");
    Write(file.path, kLines);
    CaptureHeader header;
    const CaptureTable table = Load(file.path, &header);
    EXPECT_TRUE(header.present);
    EXPECT_EQ(header.engine, "test engine");
    ASSERT_EQ(table.Rows().size(), 4u); // the header and the blank line make no row
    const auto& rows = table.Rows();
    EXPECT_EQ(rows[0].line, 2u);
    EXPECT_EQ(rows[0].verdict, CaptureVerdict::Agrees);
    EXPECT_TRUE(rows[0].engineHit);
    EXPECT_EQ(rows[0].frame, 1);
    EXPECT_EQ(table.Sites()[rows[0].site], "a.cpp:1");
    EXPECT_EQ(rows[1].line, 3u);
    EXPECT_EQ(rows[1].verdict, CaptureVerdict::Unexplained);
    EXPECT_TRUE(rows[1].wrongVerdict);
    EXPECT_FALSE(rows[1].engineHit);
    EXPECT_EQ(table.Sites()[rows[1].site], "b.cpp:2");
    EXPECT_EQ(rows[2].line, 5u);
    EXPECT_EQ(rows[2].verdict, CaptureVerdict::Bad);
    EXPECT_NE(table.Errors().at(rows[2].text), "");
    EXPECT_EQ(rows[3].line, 6u);
    EXPECT_EQ(rows[3].verdict, CaptureVerdict::Agrees);
    EXPECT_EQ(table.Counts()[int(CaptureVerdict::Agrees)], 2u);
    EXPECT_EQ(table.Counts()[int(CaptureVerdict::Unexplained)], 1u);
    EXPECT_EQ(table.Counts()[int(CaptureVerdict::Bad)], 1u);
    EXPECT_EQ(table.FrameMin(), 1);
    EXPECT_EQ(table.FrameMax(), 3);
    // each row keeps its line's first byte
    EXPECT_EQ(rows[0].offset, kLines[0].size() + 1);
    EXPECT_EQ(rows[1].offset, kLines[0].size() + kLines[1].size() + 2);
    EXPECT_EQ(rows[3].offset,
              kLines[0].size() + kLines[1].size() + kLines[2].size() + kLines[3].size() + kLines[4].size() + 5);
}

TEST(CaptureBrowser, FiltersByVerdictCauseSiteAndFrames)
{
    TempFile file("filter.jsonl");
    Write(file.path, kLines);
    CaptureTable table = Load(file.path);
    EXPECT_EQ(ViewLines(table), (std::vector<std::uint64_t>{2, 3, 5, 6}));
    CaptureFilter f;
    f.verdicts = 1u << int(CaptureVerdict::Unexplained);
    table.SetFilter(f);
    table.Refresh(true);
    EXPECT_EQ(ViewLines(table), (std::vector<std::uint64_t>{3}));
    f = CaptureFilter();
    f.site = int(table.Rows()[0].site); // a.cpp:1
    table.SetFilter(f);
    table.Refresh(true);
    EXPECT_EQ(ViewLines(table), (std::vector<std::uint64_t>{2, 6}));
    f = CaptureFilter();
    f.frames = true;
    f.frameMin = 2;
    f.frameMax = 3; // the bad line has no frame: left out
    table.SetFilter(f);
    table.Refresh(true);
    EXPECT_EQ(ViewLines(table), (std::vector<std::uint64_t>{3, 6}));
    f = CaptureFilter();
    f.situation = int(table.Rows()[1].text); // the wrong verdict's cause
    EXPECT_NE(table.Situations()[table.Rows()[1].text], "");
    table.SetFilter(f);
    table.Refresh(true);
    EXPECT_EQ(ViewLines(table), (std::vector<std::uint64_t>{3}));
}

TEST(CaptureBrowser, SortsByUlpsAndFrame)
{
    CaptureTable table;
    std::vector<CaptureRow> rows(5);
    const float ulps[] = {0, 12, 3, 12, 0};
    const std::int64_t frames[] = {9, 4, 7, 1, 0};
    for (int i = 0; i < 5; ++i) {
        rows[i].line = std::uint64_t(i + 1);
        rows[i].ulps = ulps[i];
        rows[i].frame = frames[i];
        rows[i].hasFrame = i != 4;
    }
    rows[4].wrongVerdict = true; // a wrong verdict comes before any number of ulps
    table.Append(rows);
    table.SetSort(CaptureSort::UlpsDescending);
    table.Refresh(false);
    EXPECT_EQ(ViewLines(table), (std::vector<std::uint64_t>{5, 2, 4, 3, 1})); // ties: the earlier line
    table.SetSort(CaptureSort::Frame);
    table.Refresh(false);
    EXPECT_EQ(ViewLines(table), (std::vector<std::uint64_t>{4, 2, 3, 1, 5})); // no frame: last
    // rows appended to a sorted view are sorted in when asked
    std::vector<CaptureRow> more(1);
    more[0].line = 6;
    more[0].frame = 2;
    more[0].hasFrame = true;
    table.Append(more);
    table.Refresh(false);
    EXPECT_EQ(ViewLines(table).back(), 6u);
    table.Refresh(true);
    EXPECT_EQ(ViewLines(table), (std::vector<std::uint64_t>{4, 6, 2, 3, 1, 5}));
    table.SetSort(CaptureSort::Line);
    table.Refresh(false);
    EXPECT_EQ(ViewLines(table), (std::vector<std::uint64_t>{1, 2, 3, 4, 5, 6}));
}

TEST(CaptureBrowser, AChosenRowReadsItsLineAgainAndJudgesEveryAlgorithm)
{
    TempFile file("choose.jsonl");
    Write(file.path, kLines);
    CaptureHeader header;
    const CaptureTable table = Load(file.path, &header);
    const std::unique_ptr<CaptureChoice> choice = ChooseCaptureRow(file.path, table.Rows()[1], header.conventions);
    ASSERT_TRUE(choice->line.Ok()) << ErrorText(choice->line.error);
    EXPECT_EQ(choice->line.number, 3u);
    EXPECT_EQ(choice->line.where, "b.cpp:2");
    EXPECT_EQ(choice->line.frame, 2);
    ASSERT_EQ(choice->line.answers.size(), 1u);
    EXPECT_FALSE(choice->line.answers[0].result.hit);
    EXPECT_TRUE(choice->judged.exact.hit);
    EXPECT_EQ(choice->judgement.explanation, Explanation::Unexplained);
    EXPECT_EQ(choice->judgement.kind, "misses where exact hits");
    const std::vector<CaptureAnswerLine> lines = CaptureAnswerLines(*choice);
    ASSERT_EQ(lines.size(), AlgorithmsOf(Family::RayAabb).size() + 2); // the engine, each algorithm, exact
    EXPECT_TRUE(lines.front().given);
    EXPECT_EQ(lines.front().name, "engine: answer");
    EXPECT_EQ(lines.front().answer, "miss");
    EXPECT_TRUE(lines.front().disagrees);
    EXPECT_EQ(lines.back().name, "exact");
    const std::string reference(ReferenceAlgorithm(Family::RayAabb).name);
    const auto ref = std::find_if(lines.begin(), lines.end(), [&](const auto& l) { return l.name == reference; });
    ASSERT_NE(ref, lines.end());
    EXPECT_EQ(ref->answer, "hit, t in [2, 4]");
    EXPECT_EQ(ref->judgment, "agrees");
    EXPECT_EQ(lines.back().answer.substr(0, 4), "hit,") << lines.back().answer;
    const Scene scene = CaptureChoiceScene(*choice, file.path);
    EXPECT_EQ(scene.Shapes().size(), 2u);
    EXPECT_NE(scene.title.find("Line 3 of "), std::string::npos) << scene.title;
    EXPECT_NE(scene.description.find("miss"), std::string::npos);
    EXPECT_NE(scene.question.find("b.cpp:2"), std::string::npos);
    // a bad row is not judged
    const std::unique_ptr<CaptureChoice> bad = ChooseCaptureRow(file.path, table.Rows()[2], header.conventions);
    EXPECT_FALSE(bad->line.Ok());
    EXPECT_TRUE(CaptureAnswerLines(*bad).empty());
}

TEST(CaptureBrowser, AMillionLinesLoadIntoCompactRows)
{
    const int count = test::CaseCount(1'000'000, 20'000);
    TempFile file("million.jsonl");
    {
        std::ofstream out(file.path, std::ios::binary);
        out << kLines[0] << "\n";
        for (int i = 2; i <= count + 1; ++i) {
            if (i % 100'000 == 0) {
                out << "{\"query\": \"nope\"}\n"; // a bad line every 100,000
                continue;
            }
            // frame = line number; a wrong verdict on every 1000th line
            const int x0 = -2 - i % 7;
            out << RayLine(x0,
                           i % 1000 == 0 ? std::string(R"({"hit":false})")
                                         : R"({"hit":true,"t_enter":)" + std::to_string(-1 - x0) + R"(,"t_exit":)" +
                                               std::to_string(1 - x0) + "}",
                           R"(,"frame":)" + std::to_string(i) + R"(,"where":"s)" + std::to_string(i % 3) + "\"")
                << "\n";
        }
    }
    const auto start = std::chrono::steady_clock::now();
    CaptureLoadJob job(file.path);
    CaptureTable table;
    while (!job.Done()) { // as the window takes them: a batch at a time
        job.Take(table);
        table.Refresh(false);
        std::this_thread::sleep_for(std::chrono::milliseconds(16));
    }
    job.Take(table);
    table.Refresh(true);
    table.Compact();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cout << count << " lines loaded and judged in " << seconds << " s; rows " << double(table.MemoryBytes()) / 1e6
              << " MB\n";
    ASSERT_EQ(table.Rows().size(), std::size_t(count));
    const std::uint64_t bad = std::uint64_t((count + 1) / 100'000);
    EXPECT_EQ(table.Counts()[int(CaptureVerdict::Bad)], bad);
    EXPECT_EQ(table.Counts()[int(CaptureVerdict::Unexplained)], std::uint64_t((count + 1) / 1000) - bad);
    EXPECT_EQ(table.View().size(), std::size_t(count));
    EXPECT_EQ(job.BytesRead(), job.TotalBytes());
    EXPECT_EQ(table.Sites().size(), 4u); // s0, s1, s2 and "" (the bad lines)
    // compact: at most 48 bytes a row, 1 of the deque's map and 4 for the view (a Query alone is
    // several hundred)
    EXPECT_LE(sizeof(CaptureRow), 48u);
    EXPECT_LE(table.MemoryBytes(), std::size_t(count) * 54 + 65536);
    // a row chosen deep in the file reads its own line again
    const CaptureRow& row = table.Rows()[std::size_t(count) * 3 / 4];
    const CaptureLine line = ReadCaptureLineAgain(file.path, row);
    ASSERT_TRUE(line.Ok()) << ErrorText(line.error);
    EXPECT_EQ(line.frame, std::int64_t(row.line));
    EXPECT_EQ(line.where, "s" + std::to_string(row.line % 3));
}

TEST(CaptureBrowser, ALoadCanBeCancelledAndAMissingFileIsAnError)
{
    CaptureLoadJob missing("/nonexistent/capture.jsonl");
    missing.Wait();
    EXPECT_NE(missing.Error().what, "");
    TempFile file("cancel.jsonl");
    {
        std::ofstream out(file.path, std::ios::binary);
        for (int i = 0; i < 200'000; ++i) {
            out << kLines[1] << "\n";
        }
    }
    CaptureLoadJob job(file.path);
    job.Cancel();
    job.Wait();
    EXPECT_TRUE(job.Cancelled());
    CaptureTable table;
    job.Take(table);
    EXPECT_LT(table.Rows().size(), 200'000u);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
