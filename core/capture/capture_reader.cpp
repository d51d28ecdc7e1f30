// Reading a capture file line by line in constant memory.
#include "capture_reader.h"

#include "core/io/protocol.h"

#include <cerrno>
#include <cstring>
#include <filesystem>

#include <sys/mman.h>
#include <unistd.h>

namespace hitlab {

namespace {

/// The buffer: room for the longest line accepted and a few megabytes of shorter ones.
constexpr std::size_t kBufferBytes = kMaxLineBytes + (std::size_t(4) << 20);

/// A mapped file's pages are given back to the system in steps of this many bytes, this far behind.
constexpr std::uint64_t kReleaseStep = std::uint64_t(64) << 20;

} // namespace

CaptureReader::CaptureReader(const std::string& path)
{
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        m_error = {path, "is a folder, not a capture file"};
        return;
    }
    m_file = std::fopen(path.c_str(), "rb");
    if (m_file == nullptr) {
        m_error = {path, std::string("cannot open: ") + std::strerror(errno)};
        return;
    }
    const auto size = std::filesystem::file_size(path, ec);
    m_totalBytes = ec ? 0 : std::uint64_t(size);
    if (m_totalBytes > 0 && std::filesystem::is_regular_file(path, ec)) {
        void* map = mmap(nullptr, std::size_t(m_totalBytes), PROT_READ, MAP_PRIVATE, fileno(m_file), 0);
        if (map != MAP_FAILED) {
            m_map = static_cast<const char*>(map);
            madvise(map, std::size_t(m_totalBytes), MADV_SEQUENTIAL);
            return;
        }
    }
    m_buffer.resize(kBufferBytes);
}

CaptureReader::~CaptureReader()
{
    if (m_map != nullptr) {
        munmap(const_cast<char*>(m_map), std::size_t(m_totalBytes));
    }
    if (m_file != nullptr) {
        std::fclose(m_file);
    }
}

bool CaptureReader::NextMapped(std::string_view& text, std::uint64_t& number, bool& tooLong)
{
    tooLong = false;
    const std::uint64_t at = m_bytesRead;
    if (at >= m_totalBytes) {
        return false;
    }
    const void* found = std::memchr(m_map + at, '\n', std::size_t(m_totalBytes - at));
    const std::uint64_t end = found != nullptr ? std::uint64_t(static_cast<const char*>(found) - m_map) : m_totalBytes;
    text = std::string_view(m_map + at, std::size_t(end - at));
    m_bytesRead = found != nullptr ? end + 1 : end;
    number = ++m_number;
    if (text.size() > kMaxLineBytes) {
        tooLong = true;
        text = {};
    }
    // the pages well behind are read: give them back (they would be read again if touched)
    if (m_bytesRead - m_released > 2 * kReleaseStep) {
        const std::uint64_t page = std::uint64_t(sysconf(_SC_PAGESIZE));
        const std::uint64_t upTo = (m_bytesRead - kReleaseStep) / page * page;
        madvise(const_cast<char*>(m_map) + m_released, std::size_t(upTo - m_released), MADV_DONTNEED);
        m_released = upTo;
    }
    return true;
}

bool CaptureReader::Fill()
{
    if (m_eof || m_file == nullptr) {
        return false;
    }
    if (m_begin > 0) {
        std::memmove(m_buffer.data(), m_buffer.data() + m_begin, m_end - m_begin);
        m_end -= m_begin;
        m_begin = 0;
    }
    const std::size_t n = std::fread(m_buffer.data() + m_end, 1, m_buffer.size() - m_end, m_file);
    m_end += n;
    m_bytesRead += n;
    if (n == 0) {
        m_eof = true;
        if (std::ferror(m_file) != 0) {
            m_error = {{}, std::string("cannot read: ") + std::strerror(errno)};
        }
        return false;
    }
    return true;
}

bool CaptureReader::Next(std::string_view& text, std::uint64_t& number, bool& tooLong)
{
    if (m_map != nullptr) {
        return NextMapped(text, number, tooLong);
    }
    tooLong = false;
    std::size_t scanned = m_begin;
    for (;;) {
        const void* found = std::memchr(m_buffer.data() + scanned, '\n', m_end - scanned);
        if (found != nullptr) {
            const std::size_t at = std::size_t(static_cast<const char*>(found) - m_buffer.data());
            text = std::string_view(m_buffer.data() + m_begin, at - m_begin);
            m_begin = at + 1;
            number = ++m_number;
            if (text.size() > kMaxLineBytes) {
                tooLong = true;
                text = {};
            }
            return true;
        }
        if (m_end - m_begin > kMaxLineBytes) {
            // longer than any line accepted: skip to its end
            tooLong = true;
            m_begin = m_end;
            while (Fill()) {
                if (const void* end = std::memchr(m_buffer.data(), '\n', m_end)) {
                    m_begin = std::size_t(static_cast<const char*>(end) - m_buffer.data()) + 1;
                    break;
                }
                m_begin = m_end = 0;
            }
            text = {};
            number = ++m_number;
            return true;
        }
        scanned = m_end;
        const std::size_t kept = m_end - m_begin;
        if (!Fill()) {
            if (m_end > m_begin && m_error.what.empty()) { // the last line, without a newline
                text = std::string_view(m_buffer.data() + m_begin, m_end - m_begin);
                m_begin = m_end;
                number = ++m_number;
                return true;
            }
            return false;
        }
        scanned = kept; // Fill moved the kept bytes to the front
    }
}

} // namespace hitlab
