// WriteFileAtomically (core/io/atomic_file.h): links, hard links, mode and the temporary file.
#include "core/io/atomic_file.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace hitlab {
namespace {

namespace fs = std::filesystem;

/// A fresh directory for one test, removed at the end.
class TempDir {
public:
    TempDir()
        : m_path(fs::temp_directory_path() /
                 ("hitlab_atomic_file_" + std::to_string(::getpid()) + "_" + std::to_string(s_count++)))
    {
        fs::create_directories(m_path);
    }
    ~TempDir() { fs::remove_all(m_path); }
    std::string operator/(const std::string& name) const { return (m_path / name).string(); }
    /// The names in the folder, sorted (a temporary file left behind shows here).
    std::string Names() const
    {
        std::vector<std::string> names;
        for (const auto& e : fs::directory_iterator(m_path)) {
            names.push_back(e.path().filename().string());
        }
        std::sort(names.begin(), names.end());
        std::string all;
        for (const std::string& n : names) {
            all += (all.empty() ? "" : " ") + n;
        }
        return all;
    }

private:
    fs::path m_path;
    static inline int s_count = 0;
};

void Write(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

std::string Read(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

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
    EXPECT_EQ(Read(dir / "s.json"), "new");
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
    Write(dir / "real.json", "old");
    fs::create_symlink(dir / "real.json", dir / "link.json");
    ASSERT_EQ(ErrorText(WriteFileAtomically(dir / "link.json", "new")), "");
    EXPECT_TRUE(fs::is_symlink(dir / "link.json"));
    EXPECT_EQ(fs::read_symlink(dir / "link.json").string(), dir / "real.json");
    EXPECT_EQ(Read(dir / "real.json"), "new");
    EXPECT_EQ(dir.Names(), "link.json real.json");
}

TEST(AtomicFile, ARelativeSymlinkIsReadAgainstItsOwnFolder)
{
    TempDir dir;
    fs::create_directories(dir / "scenes");
    fs::create_directories(dir / "links");
    Write(dir / "scenes/real.json", "old");
    fs::create_symlink("../scenes/real.json", dir / "links/link.json");
    ASSERT_EQ(ErrorText(WriteFileAtomically(dir / "links/link.json", "new")), "");
    EXPECT_EQ(fs::read_symlink(dir / "links/link.json").string(), "../scenes/real.json");
    EXPECT_EQ(Read(dir / "scenes/real.json"), "new");
    EXPECT_EQ(static_cast<size_t>(std::distance(fs::directory_iterator(dir / "scenes"), {})), 1u);
}

TEST(AtomicFile, AChainOfSymlinksIsFollowedToTheEnd)
{
    TempDir dir;
    Write(dir / "real.json", "old");
    fs::create_symlink("real.json", dir / "b.json");
    fs::create_symlink(dir / "b.json", dir / "a.json");
    EXPECT_EQ(ResolveSymlinks(dir / "a.json").path, dir / "real.json");
    ASSERT_EQ(ErrorText(WriteFileAtomically(dir / "a.json", "new")), "");
    EXPECT_TRUE(fs::is_symlink(dir / "a.json"));
    EXPECT_TRUE(fs::is_symlink(dir / "b.json"));
    EXPECT_EQ(Read(dir / "real.json"), "new");
    EXPECT_EQ(dir.Names(), "a.json b.json real.json");
}

TEST(AtomicFile, ADanglingSymlinkCreatesTheFileItNames)
{
    TempDir dir;
    fs::create_symlink("real.json", dir / "link.json");
    ASSERT_EQ(ErrorText(WriteFileAtomically(dir / "link.json", "new")), "");
    EXPECT_TRUE(fs::is_symlink(dir / "link.json"));
    EXPECT_EQ(Read(dir / "real.json"), "new");
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
    Write(dir / "a.json", "old");
    fs::create_hard_link(dir / "a.json", dir / "b.json");
    const ino_t inode = InodeOf(dir / "a.json");
    ASSERT_EQ(ErrorText(WriteFileAtomically(dir / "a.json", "the new, longer content")), "");
    EXPECT_EQ(Read(dir / "a.json"), "the new, longer content");
    EXPECT_EQ(Read(dir / "b.json"), "the new, longer content");
    EXPECT_EQ(InodeOf(dir / "a.json"), inode);
    EXPECT_EQ(fs::hard_link_count(dir / "a.json"), 2u);
    EXPECT_EQ(dir.Names(), "a.json b.json");
    // and shorter: the old tail is cut
    ASSERT_EQ(ErrorText(WriteFileAtomically(dir / "b.json", "x")), "");
    EXPECT_EQ(Read(dir / "a.json"), "x");
}

TEST(AtomicFile, ASingleLinkFileIsReplacedByRename)
{
    TempDir dir;
    Write(dir / "a.json", "old");
    const ino_t inode = InodeOf(dir / "a.json");
    ASSERT_EQ(ErrorText(WriteFileAtomically(dir / "a.json", "new")), "");
    EXPECT_NE(InodeOf(dir / "a.json"), inode) << "a new file renamed over the old one";
    EXPECT_EQ(Read(dir / "a.json"), "new");
}

TEST(AtomicFile, ThePrivateMode0600IsKept)
{
    TempDir dir;
    Write(dir / "a.json", "old");
    fs::permissions(dir / "a.json", fs::perms(0600));
    ASSERT_EQ(ErrorText(WriteFileAtomically(dir / "a.json", "new")), "");
    EXPECT_EQ(ModeOf(dir / "a.json"), 0600u);
}

TEST(AtomicFile, TheExecutableMode0755IsKept)
{
    TempDir dir;
    Write(dir / "a.json", "old");
    fs::permissions(dir / "a.json", fs::perms(0755));
    ASSERT_EQ(ErrorText(WriteFileAtomically(dir / "a.json", "new")), "");
    EXPECT_EQ(ModeOf(dir / "a.json"), 0755u);
}

TEST(AtomicFile, TheTargetsModeIsKeptThroughASymlink)
{
    TempDir dir;
    Write(dir / "real.json", "old");
    fs::permissions(dir / "real.json", fs::perms(0600));
    fs::create_symlink("real.json", dir / "link.json");
    ASSERT_EQ(ErrorText(WriteFileAtomically(dir / "link.json", "new")), "");
    EXPECT_EQ(ModeOf(dir / "real.json"), 0600u);
}

TEST(AtomicFile, AHardLinkedFilesModeIsKept)
{
    TempDir dir;
    Write(dir / "a.json", "old");
    fs::permissions(dir / "a.json", fs::perms(0640));
    fs::create_hard_link(dir / "a.json", dir / "b.json");
    ASSERT_EQ(ErrorText(WriteFileAtomically(dir / "a.json", "new")), "");
    EXPECT_EQ(ModeOf(dir / "b.json"), 0640u);
}

} // namespace
} // namespace hitlab
