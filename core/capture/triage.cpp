// The triage of a capture: batches of lines judged in parallel, counted and grouped in line order.
#include "triage.h"

#include "capture_reader.h"

#include "core/worker_pool.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <thread>
#include <unordered_map>

namespace hitlab {

namespace {

/// One line of a batch: where its text is, and what it gave.
struct LineWork {
    std::uint64_t number = 0;
    bool tooLong = false;
    bool blank = false;
    std::size_t offset = 0, size = 0;        ///< its text in the batch's copy (a file not mapped)
    std::string_view text;                   ///< its text
    CaptureLine line;                        ///< reused from batch to batch
    std::vector<AnswerJudgement> judgements; ///< [0, judged) are this line's (the storage is reused)
    std::size_t judged = 0;
};

bool IsBlank(std::string_view text) { return text.find_first_not_of(" \t\r\n") == std::string_view::npos; }

void JudgeLine(LineWork& w, std::string_view text, const OwnedConventions& base)
{
    w.judged = 0;
    w.blank = false;
    if (w.tooLong) {
        w.line.error = {{}, "line is too long: more than " + std::to_string(kMaxLineBytes) + " bytes"};
        return;
    }
    if (IsBlank(text)) {
        w.blank = true;
        return;
    }
    ReadCaptureLine(text, w.number, w.line);
    if (!w.line.Ok()) {
        return;
    }
    if (w.judgements.size() < w.line.answers.size()) {
        w.judgements.resize(w.line.answers.size());
    }
    w.judged = w.line.answers.size();
    if (w.line.conventions.empty()) {
        for (std::size_t i = 0; i < w.judged; ++i) {
            JudgeCaptureAnswerInto(w.line, i, base, w.judgements[i]);
        }
        return;
    }
    const OwnedConventions merged = MergeConventions(base, w.line.conventions);
    for (std::size_t i = 0; i < w.judged; ++i) {
        JudgeCaptureAnswerInto(w.line, i, merged, w.judgements[i]);
    }
}

/// A chunk of lines: read, judged, then counted.
struct Chunk {
    std::vector<LineWork> lines; ///< [0, n) are this chunk's
    std::size_t n = 0;
    std::string text;  ///< the lines' text when the file is not mapped
    bool done = false; ///< judged (under the triage's lock)
};

/// Chunks in the ring: TriageOptions::batchLines lines in all.
constexpr std::size_t kRingChunks = 16;

/// Whether judgement x is a worse case than y: a wrong verdict first, then more ulps.
bool Worse(const AnswerJudgement& x, const AnswerJudgement& y)
{
    if (x.wrongVerdict != y.wrongVerdict) {
        return x.wrongVerdict;
    }
    return x.ulps > y.ulps;
}

/// The totals and the groups, fed the lines in order.
class Tally {
public:
    Tally(TriageReport& report, const TriageOptions& options) : m_report(report), m_options(options) {}

    void Add(LineWork& w, const OwnedConventions& base)
    {
        if (w.blank) {
            return;
        }
        ++m_report.lines;
        if (m_options.onLine) {
            m_options.onLine(w.line, std::span<const AnswerJudgement>(w.judgements.data(), w.judged));
        }
        if (!w.line.Ok()) {
            AddBad(w.number, w.line.error);
            return;
        }
        for (std::size_t i = 0; i < w.judged; ++i) {
            AddAnswer(w, i, base);
        }
    }

    void AddBad(std::uint64_t line, const IoError& error)
    {
        ++m_report.bad;
        if (m_report.badLines.size() < m_options.maxBadLines) {
            m_report.badLines.push_back({line, error});
        }
    }

    /// The groups, most answers first.
    void Finish()
    {
        for (auto& [key, state] : m_groups) {
            TriageGroup g;
            g.situation = key.first;
            g.kind = key.second;
            g.count = state.count;
            g.worst = std::move(state.worst);
            g.sites.assign(state.sites.begin(), state.sites.end());
            std::sort(g.sites.begin(), g.sites.end(), [](const auto& x, const auto& y) {
                return x.second != y.second ? x.second > y.second : x.first < y.first;
            });
            m_report.groups.push_back(std::move(g));
        }
        std::stable_sort(m_report.groups.begin(), m_report.groups.end(),
                         [](const TriageGroup& x, const TriageGroup& y) { return x.count > y.count; });
    }

private:
    struct GroupState {
        std::uint64_t count = 0;
        TriageCase worst;
        std::unordered_map<std::string, std::uint64_t> sites;
    };

    void AddAnswer(LineWork& w, std::size_t i, const OwnedConventions& base)
    {
        AnswerJudgement& j = w.judgements[i];
        ++m_report.judged;
        m_report.exactJudged += j.exactJudged ? 1 : 0;
        switch (j.explanation) {
        case Explanation::None:
            ++m_report.agreeing;
            return;
        case Explanation::Convention:
        case Explanation::KnownFlaw:
            ++m_report.convention;
            return;
        case Explanation::Rounding:
            ++m_report.rounding;
            return;
        case Explanation::Unexplained:
            break;
        }
        ++m_report.unexplained;
        GroupState& g = m_groups[{j.situation, j.kind}];
        ++g.sites[w.line.where];
        if (g.count++ == 0 || Worse(j, g.worst.judgement)) {
            TriageCase& c = g.worst;
            c.line = w.number;
            c.answerIndex = i;
            c.answerName = w.line.answers[i].name;
            c.where = w.line.where;
            c.hasFrame = w.line.hasFrame;
            c.frame = w.line.frame;
            c.query = w.line.query;
            c.precision = w.line.precision;
            c.answer = w.line.answers[i];
            c.conventions = w.line.conventions.empty() ? base : MergeConventions(base, w.line.conventions);
            c.judgement = std::move(j);
        }
    }

    TriageReport& m_report;
    const TriageOptions& m_options;
    std::map<std::pair<std::string, std::string>, GroupState> m_groups;
};

/// Reads the first line: a header is taken (or reported when bad); else it is the batch's first line.
bool ReadHeader(std::string_view text, TriageReport& report, Tally& tally)
{
    if (!IsCaptureHeaderLine(text)) {
        return false;
    }
    if (IoError e = ParseCaptureHeader(text, report.header); !e.what.empty()) {
        ++report.lines;
        tally.AddBad(1, e);
        report.header.conventions.clear();
    }
    return true;
}

/// The lines in flight: a ring of chunks that the calling thread reads (and judges when it has
/// nothing else to do), that workers judge, and that the calling thread counts in line order as
/// they are done. Only the calling thread touches the reader and the tally.
class Pipeline {
public:
    Pipeline(CaptureReader& reader, Tally& tally, TriageReport& report, std::size_t batchLines,
             const std::function<void(const TriageProgress&)>& progress, const std::atomic<bool>* cancel)
        : m_reader(reader), m_tally(tally), m_report(report), m_batchLines(std::max<std::size_t>(batchLines, 1)),
          m_progress(progress), m_cancel(cancel), m_ring(kRingChunks)
    {
        for (Chunk& c : m_ring) {
            c.lines.resize(std::max<std::size_t>(m_batchLines / kRingChunks, 1));
        }
        // the first line: the header, or the first query line (then taken into the first chunk)
        m_more = m_reader.Next(m_line, m_number, m_tooLong);
        m_pending = m_more && (m_tooLong || !ReadHeader(m_line, m_report, m_tally));
    }

    /// Reads, judges and counts every line on threads threads (the calling thread one of them; no
    /// more than the ring's chunks, which is as many as can be judged at once).
    void Run(std::size_t threads, const OwnedConventions& base)
    {
        m_base = &base;
        WorkerPool pool;
        pool.Run(std::min(threads, kRingChunks), [&](std::size_t t) { t == 0 ? Caller() : Worker(); });
    }

    /// Whether lines were left unread because cancel was set.
    bool Cancelled() const { return m_cancelled && (m_pending || m_more); }

private:
    /// Reads the next lines into c (the calling thread).
    void Fill(Chunk& c)
    {
        c.n = 0;
        c.text.clear();
        while (c.n < c.lines.size() &&
               (m_pending || (m_more && (m_more = m_reader.Next(m_line, m_number, m_tooLong))))) {
            m_pending = false;
            LineWork& w = c.lines[c.n++];
            w.number = m_number;
            w.tooLong = m_tooLong;
            w.text = m_line;
            if (!m_reader.Mapped()) { // the reader's buffer moves on: the text is copied
                w.offset = c.text.size();
                w.size = m_line.size();
                c.text.append(m_line);
            }
        }
        for (std::size_t i = 0; i < c.n && !m_reader.Mapped(); ++i) {
            c.lines[i].text = std::string_view(c.text).substr(c.lines[i].offset, c.lines[i].size);
        }
    }

    void Judge(Chunk& c)
    {
        for (std::size_t i = 0; i < c.n; ++i) {
            JudgeLine(c.lines[i], c.lines[i].text, *m_base);
        }
    }

    /// Counts c, the next chunk in line order (the calling thread, the lock let go).
    void Count(Chunk& c, bool last)
    {
        for (std::size_t i = 0; i < c.n; ++i) {
            m_tally.Add(c.lines[i], *m_base);
        }
        if (m_progress && (m_report.lines - m_linesAtProgress >= m_batchLines || last)) {
            m_linesAtProgress = m_report.lines;
            m_progress({m_reader.BytesRead(), m_reader.TotalBytes(), m_report.lines});
        }
    }

    /// The calling thread: counts what is done in line order, else reads ahead, else judges, else
    /// waits for a worker; returns once every line read is counted and nothing is left to read.
    void Caller()
    {
        std::unique_lock lock(m_mutex);
        for (;;) {
            if (m_counted < m_read && m_ring[m_counted % kRingChunks].done) {
                Chunk& c = m_ring[m_counted % kRingChunks];
                lock.unlock();
                Count(c, !(m_pending || m_more) && m_counted + 1 == m_read);
                lock.lock();
                c.done = false;
                ++m_counted;
                continue;
            }
            m_cancelled = m_cancelled || (m_cancel != nullptr && m_cancel->load());
            if ((m_pending || m_more) && !m_cancelled && m_read - m_counted < kRingChunks) {
                Chunk& c = m_ring[m_read % kRingChunks];
                lock.unlock();
                Fill(c);
                lock.lock();
                if (c.n > 0) {
                    ++m_read;
                    m_filled.notify_one();
                }
                continue;
            }
            if (m_claimed < m_read) {
                JudgeClaimed(lock);
                continue;
            }
            if (m_counted == m_read && (m_cancelled || !(m_pending || m_more))) {
                m_finished = true;
                m_filled.notify_all();
                return;
            }
            m_judged.wait(lock); // a worker is judging the next chunk in line order
        }
    }

    /// A worker: judges the chunks read until the calling thread has finished.
    void Worker()
    {
        std::unique_lock lock(m_mutex);
        for (;;) {
            m_filled.wait(lock, [&] { return m_claimed < m_read || m_finished; });
            if (m_claimed == m_read) {
                return;
            }
            JudgeClaimed(lock);
            m_judged.notify_one();
        }
    }

    /// Takes the next chunk read and judges it, the lock let go meanwhile.
    void JudgeClaimed(std::unique_lock<std::mutex>& lock)
    {
        Chunk& c = m_ring[m_claimed++ % kRingChunks];
        lock.unlock();
        Judge(c);
        lock.lock();
        c.done = true;
    }

    CaptureReader& m_reader;
    Tally& m_tally;
    TriageReport& m_report;
    const std::size_t m_batchLines;
    const std::function<void(const TriageProgress&)>& m_progress;
    const std::atomic<bool>* m_cancel;
    const OwnedConventions* m_base = nullptr;
    // the calling thread's
    std::string_view m_line;
    std::uint64_t m_number = 0;
    bool m_tooLong = false;
    bool m_more = false;      ///< the reader may have more lines
    bool m_pending = false;   ///< m_line is a query line not yet taken
    bool m_cancelled = false; ///< cancel was seen set
    std::uint64_t m_linesAtProgress = 0;
    // shared: the counters and each chunk's done flag under m_mutex; a chunk's lines belong to the
    // one thread that reads, judges or counts it
    std::vector<Chunk> m_ring;
    std::mutex m_mutex;
    std::condition_variable m_filled, m_judged;
    std::uint64_t m_read = 0, m_claimed = 0, m_counted = 0; ///< chunks so far
    bool m_finished = false;                                ///< the calling thread is done: workers return
};

} // namespace

TriageReport RunTriage(const std::string& path, const TriageOptions& options,
                       const std::function<void(const TriageProgress&)>& progress, const std::atomic<bool>* cancel)
{
    const auto start = std::chrono::steady_clock::now();
    TriageReport report;
    CaptureReader reader(path);
    if (!reader.Error().what.empty()) {
        report.error = reader.Error();
        return report;
    }
    Tally tally(report, options);
    Pipeline pipeline(reader, tally, report, options.batchLines, progress, cancel);
    const OwnedConventions base = MergeConventions(report.header.conventions, options.conventions);
    pipeline.Run(options.threads > 0 ? options.threads : std::max(1u, std::thread::hardware_concurrency()), base);
    report.cancelled = pipeline.Cancelled();
    if (!reader.Error().what.empty()) {
        report.error = reader.Error();
        report.error.where = path;
    }
    tally.Finish();
    report.conventions = base;
    report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return report;
}

} // namespace hitlab
