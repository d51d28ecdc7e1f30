// A capture file read line by line in constant memory (a buffer of a few megabytes, whatever the
// file's size), with the bytes read so far for a progress bar.
#pragma once

#include "core/io/error.h"

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace hitlab {

class CaptureReader {
public:
    /// Opens path; Error() says why when it cannot be read (a missing file, a folder, no permission).
    explicit CaptureReader(const std::string& path);
    ~CaptureReader();
    CaptureReader(const CaptureReader&) = delete;
    CaptureReader& operator=(const CaptureReader&) = delete;

    /// What went wrong opening or reading the file; what is "" while all is well.
    const IoError& Error() const { return m_error; }

    /// The next line (without its newline; valid until the next call, or while the reader lives
    /// when Mapped()) and its 1-based number; false at the end of the file or on a read error
    /// (Error()). A line longer than kMaxLineBytes comes back empty with tooLong set, the rest of
    /// it skipped.
    bool Next(std::string_view& text, std::uint64_t& number, bool& tooLong);

    /// Whether the file is mapped into memory (a regular file): its lines are then read without a
    /// copy and stay valid while the reader lives (pages already read are given back to the
    /// system as it goes, so that memory stays bounded); otherwise read through a buffer.
    bool Mapped() const { return m_map != nullptr; }

    std::uint64_t BytesRead() const { return m_bytesRead; }
    std::uint64_t TotalBytes() const { return m_totalBytes; } ///< the file's size when opened (0 when unknown)

private:
    /// Reads more of the file after the kept bytes [m_begin, m_end); false when nothing more came.
    bool Fill();
    /// Next on the mapped file.
    bool NextMapped(std::string_view& text, std::uint64_t& number, bool& tooLong);

    std::FILE* m_file = nullptr;
    IoError m_error;
    std::vector<char> m_buffer;
    std::size_t m_begin = 0, m_end = 0;
    bool m_eof = false;
    std::uint64_t m_number = 0;
    std::uint64_t m_bytesRead = 0, m_totalBytes = 0;
    const char* m_map = nullptr;  ///< the mapped file, m_totalBytes long
    std::uint64_t m_released = 0; ///< bytes of the mapping given back so far
};

} // namespace hitlab
