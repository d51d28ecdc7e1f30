// Replacing a file's content without losing it halfway and without changing what the file is: a
// symbolic link keeps pointing where it pointed, a hard-linked file stays one file, the mode and
// owner stay. The scene files and the window's autosave write through it. POSIX.
#pragma once

#include "error.h"

#include <string>
#include <string_view>

namespace hitlab {

/// Where a write to `path` lands: the file at the end of its chain of symbolic links (each
/// relative link read against its own folder). `path` itself when it is not a link or does not
/// exist; a dangling link gives the missing file it names. error is set (and the path empty)
/// after 40 links, which is a loop.
struct ResolvedPath {
    std::string path;
    IoError error;
};
ResolvedPath ResolveSymlinks(const std::string& path);

/// Writes `text` as the whole content of `path`, atomically when it can:
/// - symbolic links are followed to their final target (ResolveSymlinks), which is written; the
///   links are left as they are;
/// - a new file gets 0666 less the umask; an existing one keeps its mode (setuid and sticky bits
///   included) and, when the process may set them, its owner and group;
/// - the content goes to a temporary file in the target's folder, flushed to disk, renamed over
///   the target, and the folder flushed: a crash leaves the old content or the new one;
/// - a file with more than one hard link cannot be renamed over without splitting it from its
///   other names, so it is rewritten in place: the new content first goes to the temporary file
///   (flushed: the disk has room for it), then is copied over the target and flushed, then the
///   temporary file is removed. A failure during the copy leaves the temporary file and says where.
/// Returns no error on success, else the file and why; on failure before the rename or the copy,
/// the old content is intact and no temporary file is left.
IoError WriteFileAtomically(const std::string& path, std::string_view text);

} // namespace hitlab
