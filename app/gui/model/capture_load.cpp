// A capture read and judged on a worker thread into compact rows; a row's line read again.
#include "capture_load.h"

#include "core/capture/capture_judge.h"
#include "core/capture/capture_reader.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>

#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace hitlab {

namespace {

double CaptureNowMs()
{
    using namespace std::chrono;
    return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

bool IsBlankLine(std::string_view text) { return text.find_first_not_of(" \t\r\n") == std::string_view::npos; }

CaptureVerdict VerdictOf(Explanation explanation)
{
    switch (explanation) {
    case Explanation::None:
        return CaptureVerdict::Agrees;
    case Explanation::Convention:
    case Explanation::KnownFlaw:
        return CaptureVerdict::Convention;
    case Explanation::Rounding:
        return CaptureVerdict::Rounding;
    case Explanation::Unexplained:
        return CaptureVerdict::Unexplained;
    }
    return CaptureVerdict::Unexplained;
}

/// Strings numbered on the loader's thread; the ones not handed to the window yet.
struct LoaderStrings {
    StringIds situations, sites;
    std::vector<std::string> errors;
    std::size_t givenSituations = 0, givenSites = 0, givenErrors = 0;
};

CaptureRow BadRow(std::uint64_t offset, std::uint64_t number, const IoError& error, LoaderStrings& strings)
{
    CaptureRow row;
    row.offset = offset;
    row.line = number;
    row.verdict = CaptureVerdict::Bad;
    row.site = strings.sites.Id("");
    row.text = std::uint32_t(strings.givenErrors + strings.errors.size()); // numbered from the first
    strings.errors.push_back(ErrorText(error));
    return row;
}

void AddJudgedRows(const CaptureLine& line, std::uint64_t offset, const OwnedConventions& base, LoaderStrings& strings,
                   std::vector<CaptureRow>& out)
{
    const std::vector<AnswerJudgement> judgements = JudgeCaptureLine(line, base);
    for (std::size_t i = 0; i < judgements.size(); ++i) {
        const AnswerJudgement& j = judgements[i];
        CaptureRow row;
        row.offset = offset;
        row.line = line.number;
        row.hasFrame = line.hasFrame;
        row.frame = line.frame;
        row.ulps = float(j.ulps);
        row.site = strings.sites.Id(line.where);
        row.text = strings.situations.Id(j.explanation == Explanation::None ? std::string() : j.situation);
        row.family = std::uint8_t(line.query.family);
        row.precision = std::uint8_t(line.precision);
        row.verdict = VerdictOf(j.explanation);
        row.answer = std::uint8_t(std::min<std::size_t>(i, 255));
        row.engineHit = line.answers[i].result.hit;
        row.wrongVerdict = j.wrongVerdict;
        out.push_back(row);
    }
}

/// A query line's rows: one per answer, judged, or the bad line.
void AddLineRows(std::string_view text, std::uint64_t number, std::uint64_t at, const OwnedConventions& base,
                 CaptureLine& line, LoaderStrings& strings, std::vector<CaptureRow>& rows)
{
    ReadCaptureLine(text, number, line);
    if (!line.Ok()) {
        rows.push_back(BadRow(at, number, line.error, strings));
    } else {
        AddJudgedRows(line, at, base, strings, rows);
    }
}

/// Below the window's thread: on a busy machine the frames come first, the load after.
void LowerThisThreadsPriority()
{
#ifdef __linux__
    (void)setpriority(PRIO_PROCESS, id_t(syscall(SYS_gettid)), 10);
#endif
}

} // namespace

bool IsCaptureFile(const std::string& path)
{
    // the first kMaxLineBytes of the file at most: a longer first line is no capture's (a scene
    // written on one line of 100 MB is not read whole here)
    std::ifstream in(path, std::ios::binary);
    std::string head(kMaxLineBytes + 1, '\0');
    in.read(head.data(), std::streamsize(head.size()));
    head.resize(std::size_t(in.gcount()));
    std::string_view rest = head;
    while (!rest.empty()) {
        const std::size_t end = rest.find('\n');
        if (end == std::string_view::npos && head.size() > kMaxLineBytes) {
            return false; // cut off: longer than any capture line
        }
        const std::string_view line = rest.substr(0, end);
        rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
        if (IsBlankLine(line)) {
            continue;
        }
        if (IsCaptureHeaderLine(line)) {
            return true;
        }
        if (line.find("\"query\"") == std::string_view::npos || line.find("\"answer") == std::string_view::npos) {
            return false;
        }
        const nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
        return j.is_object() && j.contains("query") && (j.contains("answer") || j.contains("answers"));
    }
    return false;
}

CaptureLoadJob::CaptureLoadJob(std::string path) : m_path(std::move(path)), m_startMs(CaptureNowMs())
{
    m_thread = std::thread([this] { Run(); });
}

CaptureLoadJob::~CaptureLoadJob()
{
    m_cancel = true;
    Wait();
}

void CaptureLoadJob::Wait()
{
    if (m_thread.joinable()) {
        m_thread.join();
    }
}

float CaptureLoadJob::Fraction() const
{
    const std::uint64_t total = m_total.load();
    return total == 0 ? (Done() ? 1.0f : 0.0f) : float(double(m_bytes.load()) / double(total));
}

double CaptureLoadJob::Seconds() const { return ((Done() ? m_endMs : CaptureNowMs()) - m_startMs) / 1000.0; }

CaptureHeader CaptureLoadJob::Header() const
{
    const std::lock_guard lock(m_mutex);
    return m_header;
}

IoError CaptureLoadJob::Error() const
{
    const std::lock_guard lock(m_mutex);
    return m_error;
}

bool CaptureLoadJob::Take(CaptureTable& table)
{
    std::vector<CaptureRow> rows;
    std::vector<std::string> situations, sites, errors;
    {
        const std::lock_guard lock(m_mutex);
        rows.swap(m_rows);
        situations.swap(m_situations);
        sites.swap(m_sites);
        errors.swap(m_errors);
    }
    table.AddStrings(std::move(situations), std::move(sites), std::move(errors));
    table.Append(rows);
    return !rows.empty();
}

void CaptureLoadJob::Run()
{
    LowerThisThreadsPriority();
    CaptureReader reader(m_path);
    if (!reader.Error().what.empty()) {
        const std::lock_guard lock(m_mutex);
        m_error = reader.Error();
        m_endMs = CaptureNowMs();
        m_done = true;
        return;
    }
    m_total = reader.TotalBytes();
    LoaderStrings strings;
    std::vector<CaptureRow> rows;
    CaptureLine line;
    OwnedConventions base;
    std::uint64_t offset = 0;
    bool offsetsKnown = true;
    double lastGiven = CaptureNowMs();
    // hands the rows and new strings to the window
    const auto give = [&] {
        const std::lock_guard lock(m_mutex);
        const auto& s = strings.situations.Strings();
        const auto& w = strings.sites.Strings();
        m_situations.insert(m_situations.end(), s.begin() + std::ptrdiff_t(strings.givenSituations), s.end());
        m_sites.insert(m_sites.end(), w.begin() + std::ptrdiff_t(strings.givenSites), w.end());
        strings.givenSituations = s.size();
        strings.givenSites = w.size();
        strings.givenErrors += strings.errors.size();
        for (std::string& e : strings.errors) {
            m_errors.push_back(std::move(e));
        }
        strings.errors.clear();
        m_rows.insert(m_rows.end(), rows.begin(), rows.end());
        rows.clear();
        lastGiven = CaptureNowMs();
    };
    std::string_view text;
    std::uint64_t number = 0;
    bool tooLong = false;
    while (!m_cancel.load() && reader.Next(text, number, tooLong)) {
        const std::uint64_t at = offsetsKnown ? offset : kNoCaptureOffset;
        if (tooLong) {
            offsetsKnown = false; // the reader skipped the rest of it: later lines are found by number
            IoError e{{}, "line is too long: more than " + std::to_string(kMaxLineBytes) + " bytes"};
            rows.push_back(BadRow(at, number, e, strings));
        } else {
            offset += text.size() + 1;
            if (IsBlankLine(text)) {
                continue;
            }
            if (number == 1 && IsCaptureHeaderLine(text)) {
                CaptureHeader header;
                if (IoError e = ParseCaptureHeader(text, header); !e.what.empty()) {
                    rows.push_back(BadRow(at, number, e, strings));
                } else {
                    base = header.conventions;
                    const std::lock_guard lock(m_mutex);
                    m_header = std::move(header);
                }
            } else {
                AddLineRows(text, number, at, base, line, strings, rows);
            }
        }
        m_bytes = std::min<std::uint64_t>(offset, m_total.load());
        if (rows.size() >= 4096 || (!rows.empty() && CaptureNowMs() - lastGiven > 50)) {
            give();
        }
    }
    give();
    const std::lock_guard lock(m_mutex);
    if (!reader.Error().what.empty()) {
        m_error = reader.Error();
        m_error.where = m_path;
    }
    m_bytes = m_total.load();
    m_endMs = CaptureNowMs();
    m_done = true;
}

CaptureLine ReadCaptureLineAgain(const std::string& path, const CaptureRow& row)
{
    CaptureLine out;
    out.number = row.line;
    std::string text;
    bool found = false;
    if (row.offset != kNoCaptureOffset) {
        if (std::FILE* file = std::fopen(path.c_str(), "rb")) {
            if (fseeko(file, off_t(row.offset), SEEK_SET) == 0) {
                for (int c = std::fgetc(file); c != EOF && c != '\n' && text.size() <= kMaxLineBytes;
                     c = std::fgetc(file)) {
                    text += char(c);
                }
                found = std::ferror(file) == 0;
            }
            std::fclose(file);
        }
    } else {
        CaptureReader reader(path);
        std::string_view line;
        std::uint64_t number = 0;
        bool tooLong = false;
        while (reader.Next(line, number, tooLong)) {
            if (number == row.line) {
                text.assign(line);
                found = !tooLong;
                break;
            }
        }
    }
    if (!found) {
        out.error = {path, "cannot read line " + std::to_string(row.line) + " again (was the file changed?)"};
        return out;
    }
    ReadCaptureLine(text, row.line, out);
    return out;
}

} // namespace hitlab
