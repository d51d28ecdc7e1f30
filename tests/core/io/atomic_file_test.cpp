// WriteFileAtomically (core/io/atomic_file.h): links, hard links, mode and the temporary file.
#include "core/io/atomic_file.h"
#include "support/temp_dir.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace hitlab {
namespace HITLAB_UNITY_ID {

namespace fs = std::filesystem;

/// A fresh folder for one test, removed at its end.
struct TempDir : test::TempDir {
    TempDir() : test::TempDir("hitlab_atomic_file_") {}
};

mode_t ModeOf(const std::string& path)
{
    struct stat st {};
    EXPECT_EQ(::stat(path.c_str(), &st), 0) << path;
    return st.st_mode & 07777;
}

ino_t InodeOf(const std::string& path)
{
    struct stat st {};
    EXPECT_EQ(::stat(path.c_str(), &st), 0) << path;
    return st.st_ino;
}

TEST(AtomicFile, ANewFileGetsTheTextAndNoTemporaryFileIsLeft)
{
    TempDir dir;
    ASSERT_EQ(ErrorText(WriteFileAtomically(dir / "s.json", "new")), "");
    EXPECT_EQ(test::ReadText(dir / "s.json"), "new");
    EXPECT_EQ(dir.Names(), "s.json");
}

TEST(AtomicFile, ANewFileGetsTheUmasksMode)
{
    TempDir dir;
    const mode_t before = ::umask(027);
    const IoError e = WriteFileAtomically(dir / "s.json", "new");
    ::umask(before);
    ASSERT_EQ(ErrorText(e), "");
    EXPECT_EQ(ModeOf(dir / "s.json"), 0640u);
}

TEST(AtomicFile, AnAbsoluteSymlinkIsKeptAndItsTargetWritten)
{
    TempDir dir;
    test::WriteText(dir / "real.json", "old");
    fs::create_symlink(dir / "real.json", dir / "link.json");
    ASSERT_EQ(ErrorText(WriteFileAtomically(dir / "link.json", "new")), "");
    EXPECT_TRUE(fs::is_symlink(dir / "link.json"));
    EXPECT_EQ(fs::read_symlink(dir / "link.json").string(), dir / "real.json");
    EXPECT_EQ(test::ReadText(dir / "real.json"), "new");
    EXPECT_EQ(dir.Names(), "link.json real.json");
}

TEST(AtomicFile, ARelativeSymlinkIsReadAgainstItsOwnFolder)
{
    TempDir dir;
    fs::create_directories(dir / "scenes");
    fs::create_directories(dir / "links");
    test::WriteText(dir / "scenes/real.json", "old");
    fs::create_symlink("../scenes/real.json", dir / "links/link.json");
    ASSERT_EQ(ErrorText(WriteFileAtomically(dir / "links/link.json", "new")), "");
    EXPECT_EQ(fs::read_symlink(dir / "links/link.json").string(), "../scenes/real.json");
    EXPECT_EQ(test::ReadText(dir / "scenes/real.json"), "new");
    EXPECT_EQ(static_cast<size_t>(std::distance(fs::directory_iterator(dir / "scenes"), {})), 1u);
}

TEST(AtomicFile, AChainOfSymlinksIsFollowedToTheEnd)
{
    TempDir dir;
    test::WriteText(dir / "real.json", "old");
    fs::create_symlink("real.json", dir / "b.json");
    fs::create_symlink(dir / "b.json", dir / "a.json");
    EXPECT_EQ(ResolveSymlinks(dir / "a.json").path, dir / "real.json");
    ASSERT_EQ(ErrorText(WriteFileAtomically(dir / "a.json", "new")), "");
    EXPECT_TRUE(fs::is_symlink(dir / "a.json"));
    EXPECT_TRUE(fs::is_symlink(dir / "b.json"));
    EXPECT_EQ(test::ReadText(dir / "real.json"), "new");
    EXPECT_EQ(dir.Names(), "a.json b.json real.json");
}

TEST(AtomicFile, ADanglingSymlinkCreatesTheFileItNames)
{
    TempDir dir;
    fs::create_symlink("real.json", dir / "link.json");
    ASSERT_EQ(ErrorText(WriteFileAtomically(dir / "link.json", "new")), "");
    EXPECT_TRUE(fs::is_symlink(dir / "link.json"));
    EXPECT_EQ(test::ReadText(dir / "real.json"), "new");
}

TEST(AtomicFile, ASymlinkLoopIsAnErrorAndWritesNothing)
{
    TempDir dir;
    fs::create_symlink("b.json", dir / "a.json");
    fs::create_symlink("a.json", dir / "b.json");
    const IoError e = WriteFileAtomically(dir / "a.json", "new");
    EXPECT_EQ(e, (IoError{dir / "a.json", "more than 40 symbolic links in a row (a loop?)"}));
    EXPECT_EQ(dir.Names(), "a.json b.json");
}

TEST(AtomicFile, AHardLinkedFileStaysOneFile)
{
    TempDir dir;
    test::WriteText(dir / "a.json", "old");
    fs::create_hard_link(dir / "a.json", dir / "b.json");
    const ino_t inode = InodeOf(dir / "a.json");
    ASSERT_EQ(ErrorText(WriteFileAtomically(dir / "a.json", "the new, longer content")), "");
    EXPECT_EQ(test::ReadText(dir / "a.json"), "the new, longer content");
    EXPECT_EQ(test::ReadText(dir / "b.json"), "the new, longer content");
    EXPECT_EQ(InodeOf(dir / "a.json"), inode);
    EXPECT_EQ(fs::hard_link_count(dir / "a.json"), 2u);
    EXPECT_EQ(dir.Names(), "a.json b.json");
    // and shorter: the old tail is cut
    ASSERT_EQ(ErrorText(WriteFileAtomically(dir / "b.json", "x")), "");
    EXPECT_EQ(test::ReadText(dir / "a.json"), "x");
}

TEST(AtomicFile, ASingleLinkFileIsReplacedByRename)
{
    TempDir dir;
    test::WriteText(dir / "a.json", "old");
    const ino_t inode = InodeOf(dir / "a.json");
    ASSERT_EQ(ErrorText(WriteFileAtomically(dir / "a.json", "new")), "");
    EXPECT_NE(InodeOf(dir / "a.json"), inode) << "a new file renamed over the old one";
    EXPECT_EQ(test::ReadText(dir / "a.json"), "new");
}

TEST(AtomicFile, ThePrivateMode0600IsKept)
{
    TempDir dir;
    test::WriteText(dir / "a.json", "old");
    fs::permissions(dir / "a.json", fs::perms(0600));
    ASSERT_EQ(ErrorText(WriteFileAtomically(dir / "a.json", "new")), "");
    EXPECT_EQ(ModeOf(dir / "a.json"), 0600u);
}

TEST(AtomicFile, TheExecutableMode0755IsKept)
{
    TempDir dir;
    test::WriteText(dir / "a.json", "old");
    fs::permissions(dir / "a.json", fs::perms(0755));
    ASSERT_EQ(ErrorText(WriteFileAtomically(dir / "a.json", "new")), "");
    EXPECT_EQ(ModeOf(dir / "a.json"), 0755u);
}

TEST(AtomicFile, TheTargetsModeIsKeptThroughASymlink)
{
    TempDir dir;
    test::WriteText(dir / "real.json", "old");
    fs::permissions(dir / "real.json", fs::perms(0600));
    fs::create_symlink("real.json", dir / "link.json");
    ASSERT_EQ(ErrorText(WriteFileAtomically(dir / "link.json", "new")), "");
    EXPECT_EQ(ModeOf(dir / "real.json"), 0600u);
}

TEST(AtomicFile, AHardLinkedFilesModeIsKept)
{
    TempDir dir;
    test::WriteText(dir / "a.json", "old");
    fs::permissions(dir / "a.json", fs::perms(0640));
    fs::create_hard_link(dir / "a.json", dir / "b.json");
    ASSERT_EQ(ErrorText(WriteFileAtomically(dir / "a.json", "new")), "");
    EXPECT_EQ(ModeOf(dir / "b.json"), 0640u);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
