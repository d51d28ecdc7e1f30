// The atomic replacement of a file's content that keeps its links, mode and owner.
#include "atomic_file.h"

#include <cerrno>
#include <climits>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace hitlab {

namespace {

constexpr int kMaxLinks = 40; // Linux's own limit on a chain of symbolic links (ELOOP)

std::string Reason(const std::string& what) { return what + ": " + std::strerror(errno); }

std::string Folder(const std::string& path)
{
    const size_t slash = path.rfind('/');
    if (slash == std::string::npos) {
        return ".";
    }
    return slash == 0 ? "/" : path.substr(0, slash);
}

bool WriteAll(int fd, std::string_view text)
{
    size_t written = 0;
    while (written < text.size()) {
        const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            return false;
        }
        written += static_cast<size_t>(n);
    }
    return true;
}

/// The mode a new file gets from open(..., 0666): 0666 less the umask (read and put back).
mode_t NewFileMode()
{
    const mode_t mask = ::umask(022);
    ::umask(mask);
    return 0666 & ~mask;
}

/// Flushes a folder's entries (a rename is durable once its folder is); failures are ignored:
/// some file systems refuse fsync on a folder, and the content itself is already on disk.
void SyncFolder(const std::string& folder)
{
    const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
}

/// Rewrites a hard-linked file in place from the flushed temporary file's text.
IoError WriteInPlace(const std::string& target, const std::string& tmp, std::string_view text)
{
    const int fd = ::open(target.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (fd < 0) {
        IoError error{target, Reason("cannot open it to rewrite it in place (it has other hard links)")};
        ::unlink(tmp.c_str());
        return error;
    }
    if (!WriteAll(fd, text) || ::fsync(fd) != 0) {
        IoError error{target,
                      Reason("cannot rewrite it in place (it has other hard links); the new content is in " + tmp)};
        ::close(fd);
        return error;
    }
    if (::close(fd) != 0) {
        return {target, Reason("cannot close it after rewriting it in place; the new content is in " + tmp)};
    }
    ::unlink(tmp.c_str());
    return {};
}

} // namespace

ResolvedPath ResolveSymlinks(const std::string& path)
{
    std::string current = path;
    for (int hops = 0; hops <= kMaxLinks; ++hops) {
        struct stat st {};
        if (::lstat(current.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) {
            return {current, {}}; // a file, a folder, or nothing yet: the write goes here
        }
        char target[PATH_MAX];
        const ssize_t n = ::readlink(current.c_str(), target, sizeof target - 1);
        if (n < 0) {
            return {{}, {current, Reason("cannot read the symbolic link")}};
        }
        const std::string next(target, static_cast<size_t>(n));
        // a relative link is read against the folder that holds the link
        current = next.front() == '/' ? next : Folder(current) + "/" + next;
    }
    return {{}, {path, "more than " + std::to_string(kMaxLinks) + " symbolic links in a row (a loop?)"}};
}

IoError WriteFileAtomically(const std::string& path, std::string_view text)
{
    const ResolvedPath resolved = ResolveSymlinks(path);
    if (!resolved.error.what.empty()) {
        return resolved.error;
    }
    const std::string& target = resolved.path;
    struct stat old {};
    const bool exists = ::stat(target.c_str(), &old) == 0 && S_ISREG(old.st_mode);

    std::string tmp = target + ".tmp-XXXXXX";
    const int fd = ::mkostemp(tmp.data(), O_CLOEXEC);
    if (fd < 0) {
        return {target, Reason("cannot create a temporary file beside it")};
    }
    // what failed on the temporary file, with errno's reason; the temporary file is removed
    auto fail = [&](const std::string& what, bool close) {
        IoError error{tmp, Reason(what)};
        if (close) {
            ::close(fd);
        }
        ::unlink(tmp.c_str());
        return error;
    };
    if (!WriteAll(fd, text)) {
        return fail("cannot write", true);
    }
    if (exists) {
        // the owner first: changing it can clear the setuid bit, which fchmod then restores
        if (old.st_uid != ::geteuid() || old.st_gid != ::getegid()) {
            [[maybe_unused]] const int ignored = ::fchown(fd, old.st_uid, old.st_gid); // kept when permitted
        }
        ::fchmod(fd, old.st_mode & 07777);
    } else {
        ::fchmod(fd, NewFileMode());
    }
    if (::fsync(fd) != 0) {
        return fail("cannot flush to disk", true);
    }
    if (::close(fd) != 0) {
        return fail("cannot close", false);
    }
    if (exists && old.st_nlink > 1) {
        return WriteInPlace(target, tmp, text);
    }
    if (::rename(tmp.c_str(), target.c_str()) != 0) {
        IoError error{target, Reason("cannot replace it")};
        ::unlink(tmp.c_str());
        return error;
    }
    SyncFolder(Folder(target));
    return {};
}

} // namespace hitlab
