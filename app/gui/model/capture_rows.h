// The capture browser's table as data (docs/capture.md, "Browsing"): one compact row per judged
// answer or bad line of a capture, kept in memory instead of the lines themselves (a chosen line is
// read again from the file at its byte offset: capture_load.h), with the filters (verdict class,
// cause, call site, frame range) and the sort order (line, ulps, frame) the Capture panel shows.
// GL-free and ImGui-free, owned by the window's thread.
#pragma once

#include <cstdint>
#include <deque>
#include <limits>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace hitlab {

/// How a recorded answer was judged (AnswerJudgement::explanation), or a line that could not be read.
enum class CaptureVerdict : std::uint8_t { Agrees, Convention, Rounding, Unexplained, Bad };
inline constexpr int kCaptureVerdictCount = 5;

/// "agrees", "convention", "rounding", "unexplained", "bad line".
const char* CaptureVerdictName(CaptureVerdict verdict);

/// No byte offset known (the line after one longer than kMaxLineBytes): read again by its number.
inline constexpr std::uint64_t kNoCaptureOffset = std::numeric_limits<std::uint64_t>::max();

/// One row: an answer of a line (a line with "answers" gives one row per answer) or a bad line.
struct CaptureRow {
    std::uint64_t offset = kNoCaptureOffset; ///< the line's first byte in the file
    std::uint64_t line = 0;                  ///< 1-based line number
    std::int64_t frame = 0;                  ///< "frame" (hasFrame)
    float ulps = 0;                          ///< AnswerJudgement::ulps
    std::uint32_t site = 0;                  ///< index into CaptureTable::Sites() ("" for none)
    std::uint32_t text = 0;     ///< index into Situations() (the cause, "" when it agrees) or, bad: Errors()
    std::uint8_t family = 0;    ///< Family
    std::uint8_t precision = 0; ///< Precision
    CaptureVerdict verdict = CaptureVerdict::Agrees;
    std::uint8_t answer = 0; ///< the answer's index in the line's answers
    bool hasFrame = false;
    bool engineHit = false;    ///< the engine's verdict
    bool wrongVerdict = false; ///< the exact judge's verdict is not the engine's
};

/// What the table shows: a verdict mask, one cause or call site (-1: any), a frame range.
struct CaptureFilter {
    std::uint8_t verdicts = 0x1f; ///< bit (1 << CaptureVerdict)
    int situation = -1;           ///< index into Situations(), -1: any
    int site = -1;                ///< index into Sites(), -1: any
    bool frames = false;          ///< filter by frame: rows without a frame are then left out
    std::int64_t frameMin = 0, frameMax = 0;

    bool operator==(const CaptureFilter&) const = default;
};

enum class CaptureSort : std::uint8_t { Line, UlpsDescending, Frame };

/// Strings kept once, numbered in the order first seen.
class StringIds {
public:
    std::uint32_t Id(std::string_view text);
    const std::vector<std::string>& Strings() const { return m_strings; }

private:
    std::vector<std::string> m_strings;
    std::unordered_map<std::string, std::uint32_t> m_ids;
};

class CaptureTable {
public:
    void Clear();
    /// Appends rows (their site and text indices already in the tables below).
    void Append(const std::vector<CaptureRow>& rows);
    /// Keeps the new strings the loader numbered (it numbers them in the same order).
    void AddStrings(std::vector<std::string> situations, std::vector<std::string> sites,
                    std::vector<std::string> errors);

    /// In blocks (a deque): a million rows grow without copying them all again in one frame.
    const std::deque<CaptureRow>& Rows() const { return m_rows; }
    const std::vector<std::string>& Situations() const { return m_situations; }
    const std::vector<std::string>& Sites() const { return m_sites; }
    const std::vector<std::string>& Errors() const { return m_errors; }
    /// Rows of each verdict class.
    const std::uint64_t* Counts() const { return m_counts; }
    bool AnyFrame() const { return m_anyFrame; }
    std::int64_t FrameMin() const { return m_frameMin; }
    std::int64_t FrameMax() const { return m_frameMax; }

    /// Sets the filter and sort order: the view is rebuilt on the next Refresh.
    void SetFilter(const CaptureFilter& filter);
    void SetSort(CaptureSort sort);
    const CaptureFilter& Filter() const { return m_filter; }
    CaptureSort Sort() const { return m_sort; }
    bool Matches(const CaptureRow& row) const;

    /// Brings the view up to date: rows appended since are filtered in (sorted by line they are
    /// appended; another order is sorted again when `resort` is true or the filter or order changed).
    void Refresh(bool resort);
    /// The rows shown, as indices into Rows(), in the sort order.
    const std::vector<std::uint32_t>& View() const { return m_view; }
    /// Gives back the memory the rows and the view grew into beyond their size (the load ended).
    void Compact();
    /// Bytes held by the rows, the view and the strings (the view's and strings' capacities).
    std::size_t MemoryBytes() const;

private:
    void Rebuild();
    void SortView();

    std::deque<CaptureRow> m_rows;
    std::vector<std::string> m_situations, m_sites, m_errors;
    std::uint64_t m_counts[kCaptureVerdictCount] = {};
    bool m_anyFrame = false;
    std::int64_t m_frameMin = 0, m_frameMax = 0;
    CaptureFilter m_filter;
    CaptureSort m_sort = CaptureSort::Line;
    std::vector<std::uint32_t> m_view;
    std::size_t m_viewed = 0; ///< rows [0, m_viewed) were considered for the view
    bool m_dirty = false;     ///< the filter or order changed
    bool m_unsorted = false;  ///< rows were appended to a view not sorted by line
};

} // namespace hitlab
