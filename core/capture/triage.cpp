// The triage of a capture: batches of lines judged in parallel, counted and grouped in line order.
#include "triage.h"

#include "capture_reader.h"

#include "core/worker_pool.h"

#include <algorithm>
#include <chrono>
#include <map>
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
    const std::size_t threads =
        options.threads > 0 ? options.threads : std::max(1u, std::thread::hardware_concurrency());
    WorkerPool pool;
    std::vector<LineWork> batch(std::max<std::size_t>(options.batchLines, 1));
    std::string text;
    // the first line: the header, or the first query line
    std::string_view line;
    // a mapped file's lines stay where they are; others are copied into text
    const auto take = [&](LineWork& w, std::string_view view) {
        w.text = view;
        if (!reader.Mapped()) {
            w.offset = text.size();
            w.size = view.size();
            text.append(view);
        }
    };
    bool more = reader.Next(line, batch[0].number, batch[0].tooLong);
    std::size_t n = 0;
    if (more && (batch[0].tooLong || !ReadHeader(line, report, tally))) {
        take(batch[0], line);
        n = 1;
    }
    const OwnedConventions base = MergeConventions(report.header.conventions, options.conventions);
    while ((more || n > 0) && !(cancel != nullptr && cancel->load())) {
        while (n < batch.size() && more && (more = reader.Next(line, batch[n].number, batch[n].tooLong))) {
            take(batch[n++], line);
        }
        for (std::size_t i = 0; i < n && !reader.Mapped(); ++i) {
            batch[i].text = std::string_view(text).substr(batch[i].offset, batch[i].size);
        }
        const std::size_t count = std::min(threads, std::max<std::size_t>(n / 64, 1));
        pool.Run(count, [&](std::size_t t) {
            for (std::size_t i = n * t / count; i < n * (t + 1) / count; ++i) {
                JudgeLine(batch[i], batch[i].text, base);
            }
        });
        for (std::size_t i = 0; i < n; ++i) {
            tally.Add(batch[i], base);
        }
        if (progress) {
            progress({reader.BytesRead(), reader.TotalBytes(), report.lines});
        }
        text.clear();
        n = 0;
    }
    report.cancelled = more && cancel != nullptr && cancel->load();
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
