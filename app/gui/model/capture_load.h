// A capture opened in the window (docs/capture.md, "Browsing"): recognised by its content, read
// and judged on a worker thread (core/capture: CaptureReader, ReadCaptureLine, JudgeCaptureLine)
// into compact rows (capture_rows.h) that the window takes as they come, with the bytes read for a
// progress bar and a Cancel; a chosen row's line read again from the file at its byte offset.
// GL-free and ImGui-free.
#pragma once

#include "capture_rows.h"

#include "core/capture/capture_line.h"

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace hitlab {

/// Whether the file is a capture rather than a scene: its first non-blank line is a capture header
/// ({"capture": ...}) or a query line with "answer" or "answers" (one JSON object with "query").
/// False for a file that cannot be read (opening it as a scene then says why).
bool IsCaptureFile(const std::string& path);

/// Reads and judges a capture on a thread of its own; the window takes the rows with Take.
class CaptureLoadJob {
public:
    explicit CaptureLoadJob(std::string path);
    /// Cancels a load still running and waits for its thread.
    ~CaptureLoadJob();
    CaptureLoadJob(const CaptureLoadJob&) = delete;
    CaptureLoadJob& operator=(const CaptureLoadJob&) = delete;

    const std::string& Path() const { return m_path; }
    /// Asks the load to stop after its current line; Done() soon after, Cancelled() then true.
    void Cancel() { m_cancel = true; }
    bool Done() const { return m_done.load(); }
    bool Cancelled() const { return m_cancel.load() && m_done.load(); }
    /// Waits for the end of the load (tests, the last frame of a --frames run).
    void Wait();
    std::uint64_t BytesRead() const { return m_bytes.load(); }
    std::uint64_t TotalBytes() const { return m_total.load(); }
    /// 0 to 1: the bytes read of the file's size.
    float Fraction() const;
    double Seconds() const;

    /// Moves the rows judged since the last call into table (with the strings they name); true
    /// when there were any. The header's (engine, conventions) and a file error once known.
    bool Take(CaptureTable& table);
    CaptureHeader Header() const;
    /// What went wrong reading the file ("" while all is well).
    IoError Error() const;

private:
    void Run();

    std::string m_path;
    std::atomic<bool> m_cancel{false}, m_done{false};
    std::atomic<std::uint64_t> m_bytes{0}, m_total{0};
    double m_startMs = 0;
    double m_endMs = 0;
    mutable std::mutex m_mutex;
    std::vector<CaptureRow> m_rows; ///< judged, not taken yet
    std::vector<std::string> m_situations, m_sites, m_errors;
    CaptureHeader m_header;
    IoError m_error;
    std::thread m_thread;
};

/// Reads line `row.line` of the capture at path again (at row.offset, or counting lines when the
/// offset is unknown) as ReadCaptureLine does; the file's error when it cannot (changed or gone).
CaptureLine ReadCaptureLineAgain(const std::string& path, const CaptureRow& row);

} // namespace hitlab
