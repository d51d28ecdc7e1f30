// Tests of reading a capture file line by line (core/capture/capture_reader.h): a mapped file and
// a pipe read through the buffer give the same lines, numbers and too-long lines.
#include "core/capture/capture_reader.h"
#include "core/io/protocol.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <unistd.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

const std::string& Content()
{
    // the long lines make the buffer (a few megabytes) refill with part of a line kept
    static const std::string text = [] {
        std::string s = "a\n\nbb\r\n" + std::string(kMaxLineBytes + 10, 'x') + "\n";
        for (int i = 0; i < 6; ++i) {
            s += std::string(1000000, 'y') + "\n";
        }
        return s + "c";
    }();
    return text;
}

/// Every line read: "number:text" (a too-long line as "number:LONG", long lines by their length).
std::string ReadAll(CaptureReader& reader)
{
    std::string out;
    std::string_view text;
    std::uint64_t number = 0;
    bool tooLong = false;
    while (reader.Next(text, number, tooLong)) {
        out += std::to_string(number) + ":" +
               (tooLong             ? "LONG"
                : text.size() > 100 ? std::to_string(text.size())
                                    : std::string(text)) +
               " ";
    }
    return out + (reader.Error().what.empty() ? "end" : "error " + reader.Error().what);
}

constexpr const char* kExpected =
    "1:a 2: 3:bb\r 4:LONG 5:1000000 6:1000000 7:1000000 8:1000000 9:1000000 10:1000000 11:c end";

TEST(CaptureReader, AMappedFileGivesEveryLine)
{
    const std::string path =
        (std::filesystem::temp_directory_path() / ("hitlab_reader_" + std::to_string(::getpid()))).string();
    std::ofstream(path, std::ios::binary) << Content();
    CaptureReader reader(path);
    EXPECT_TRUE(reader.Mapped());
    EXPECT_EQ(reader.TotalBytes(), Content().size());
    EXPECT_EQ(ReadAll(reader), kExpected);
    EXPECT_EQ(reader.BytesRead(), Content().size());
    std::filesystem::remove(path);
}

TEST(CaptureReader, APipeIsReadThroughTheBufferTheSame)
{
    int fds[2];
    ASSERT_EQ(pipe(fds), 0);
    std::thread writer([&] {
        std::size_t at = 0;
        while (at < Content().size()) {
            const ssize_t n = write(fds[1], Content().data() + at, Content().size() - at);
            if (n <= 0) {
                break;
            }
            at += std::size_t(n);
        }
        close(fds[1]);
    });
    CaptureReader reader("/dev/fd/" + std::to_string(fds[0]));
    EXPECT_FALSE(reader.Mapped());
    EXPECT_EQ(ReadAll(reader), kExpected);
    writer.join();
    close(fds[0]);
}

TEST(CaptureReader, MissingFilesAndFoldersSayWhy)
{
    CaptureReader missing("/nonexistent-hitlab-dir/c.jsonl");
    EXPECT_NE(missing.Error().what.find("cannot open"), std::string::npos);
    CaptureReader folder(std::filesystem::temp_directory_path().string());
    EXPECT_EQ(folder.Error().what, "is a folder, not a capture file");
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
