// The capture browser's rows, filtered and sorted.
#include "capture_rows.h"

#include <algorithm>

namespace hitlab {

const char* CaptureVerdictName(CaptureVerdict verdict)
{
    switch (verdict) {
    case CaptureVerdict::Agrees:
        return "agrees";
    case CaptureVerdict::Convention:
        return "convention";
    case CaptureVerdict::Rounding:
        return "rounding";
    case CaptureVerdict::Unexplained:
        return "unexplained";
    case CaptureVerdict::Bad:
        return "bad line";
    }
    return "";
}

std::uint32_t StringIds::Id(std::string_view text)
{
    const auto [it, added] = m_ids.try_emplace(std::string(text), std::uint32_t(m_strings.size()));
    if (added) {
        m_strings.emplace_back(text);
    }
    return it->second;
}

void CaptureTable::Clear() { *this = CaptureTable(); }

void CaptureTable::Append(const std::vector<CaptureRow>& rows)
{
    m_rows.insert(m_rows.end(), rows.begin(), rows.end());
    for (const CaptureRow& row : rows) {
        ++m_counts[int(row.verdict)];
        if (row.hasFrame) {
            m_frameMin = m_anyFrame ? std::min(m_frameMin, row.frame) : row.frame;
            m_frameMax = m_anyFrame ? std::max(m_frameMax, row.frame) : row.frame;
            m_anyFrame = true;
        }
    }
}

void CaptureTable::AddStrings(std::vector<std::string> situations, std::vector<std::string> sites,
                              std::vector<std::string> errors)
{
    for (std::string& s : situations) {
        m_situations.push_back(std::move(s));
    }
    for (std::string& s : sites) {
        m_sites.push_back(std::move(s));
    }
    for (std::string& s : errors) {
        m_errors.push_back(std::move(s));
    }
}

void CaptureTable::SetFilter(const CaptureFilter& filter)
{
    if (!(filter == m_filter)) {
        m_filter = filter;
        m_dirty = true;
    }
}

void CaptureTable::SetSort(CaptureSort sort)
{
    if (sort != m_sort) {
        m_sort = sort;
        m_dirty = true;
    }
}

bool CaptureTable::Matches(const CaptureRow& row) const
{
    if ((m_filter.verdicts & (1u << unsigned(row.verdict))) == 0) {
        return false;
    }
    if (m_filter.frames && (!row.hasFrame || row.frame < m_filter.frameMin || row.frame > m_filter.frameMax)) {
        return false;
    }
    if (m_filter.site >= 0 && row.site != std::uint32_t(m_filter.site)) {
        return false;
    }
    // a bad line has no cause: a cause chosen leaves it out
    return m_filter.situation < 0 ||
           (row.verdict != CaptureVerdict::Bad && row.text == std::uint32_t(m_filter.situation));
}

void CaptureTable::Refresh(bool resort)
{
    if (m_dirty) {
        Rebuild();
        return;
    }
    const std::size_t before = m_view.size();
    for (; m_viewed < m_rows.size(); ++m_viewed) {
        if (Matches(m_rows[m_viewed])) {
            m_view.push_back(std::uint32_t(m_viewed));
        }
    }
    m_unsorted = m_unsorted || (m_sort != CaptureSort::Line && m_view.size() != before);
    if (m_unsorted && resort) {
        SortView();
    }
}

void CaptureTable::Rebuild()
{
    m_dirty = false;
    m_view.clear();
    m_viewed = 0;
    m_unsorted = false;
    for (; m_viewed < m_rows.size(); ++m_viewed) {
        if (Matches(m_rows[m_viewed])) {
            m_view.push_back(std::uint32_t(m_viewed));
        }
    }
    SortView();
}

void CaptureTable::SortView()
{
    m_unsorted = false;
    const std::deque<CaptureRow>& rows = m_rows;
    switch (m_sort) {
    case CaptureSort::Line:
        std::sort(m_view.begin(), m_view.end()); // appended in line order: already sorted
        return;
    case CaptureSort::UlpsDescending:
        // a wrong verdict first, then the most ulps; the earlier line on a tie
        std::stable_sort(m_view.begin(), m_view.end(), [&rows](std::uint32_t x, std::uint32_t y) {
            const CaptureRow& a = rows[x];
            const CaptureRow& b = rows[y];
            if (a.wrongVerdict != b.wrongVerdict) {
                return a.wrongVerdict;
            }
            return a.ulps > b.ulps;
        });
        return;
    case CaptureSort::Frame:
        // rows without a frame last
        std::stable_sort(m_view.begin(), m_view.end(), [&rows](std::uint32_t x, std::uint32_t y) {
            const CaptureRow& a = rows[x];
            const CaptureRow& b = rows[y];
            if (a.hasFrame != b.hasFrame) {
                return a.hasFrame;
            }
            return a.hasFrame && a.frame < b.frame;
        });
        return;
    }
}

void CaptureTable::Compact()
{
    m_rows.shrink_to_fit();
    m_view.shrink_to_fit();
}

std::size_t CaptureTable::MemoryBytes() const
{
    // a deque's blocks hold 512 bytes or one row each (libstdc++), with a pointer per block in its map
    std::size_t bytes = m_rows.size() * (sizeof(CaptureRow) + sizeof(void*) * sizeof(CaptureRow) / 512 + 1) +
                        m_view.capacity() * sizeof(std::uint32_t);
    for (const auto* strings : {&m_situations, &m_sites, &m_errors}) {
        bytes += strings->capacity() * sizeof(std::string);
        for (const std::string& s : *strings) {
            bytes += s.capacity();
        }
    }
    return bytes;
}

} // namespace hitlab
