// The hunt for a plugin's or an external program's algorithm.
#include "hunt_external.h"

#include "app/sources/plugin/plugin_transport.h"

#include "core/algorithm.h"
#include "core/compare.h"
#include "core/exact/hunt_detail.h"
#include "core/exact/hunt_groups.h"
#include "core/io/protocol.h"
#include "core/worker_pool.h"
#include "external_runs.h"

namespace hitlab {

namespace {

/// The most queries per round trip: the plugin region's capacity, as many lines in flight to a program.
constexpr std::size_t kBatch = kExternalHuntBatch;
static_assert(kExternalHuntBatch == plugin::kCapacity, "one hunt batch is one plugin round trip");
/// The first batch, and the batch after one with a failure.
constexpr std::size_t kFirstBatch = 64;
/// "plugin 'FILE'" or "program 'COMMAND'", as the messages name the source.
std::string SourceName(const AlgorithmSource& source)
{
    return std::string(source.Kind() == std::string("plugin") ? "plugin '" : "program '") + source.Command() + "'";
}

/// The index of the source's algorithm name of family, or "" and the error.
std::string FindIn(const AlgorithmSource& source, Family family, const std::string& name, std::size_t& index)
{
    std::string names;
    for (std::size_t i = 0; i < source.Algorithms().size(); ++i) {
        const ExternalAlgorithm& a = source.Algorithms()[i];
        if (a.family != family) {
            continue;
        }
        if (a.name == name) {
            index = i;
            return "";
        }
        names += (names.empty() ? "" : ", ") + a.name;
    }
    return SourceName(source) + " has no " + std::string(FamilyName(family)) + " algorithm \"" + name + "\" (" +
           (names.empty() ? "it has none of that family" : "it has: " + names) + ")";
}

} // namespace

/// One thread's source, the hunted algorithm's index in it, and what it found.
struct ExternalHunt::Lane {
    std::unique_ptr<AlgorithmSource> source;
    std::size_t index = 0;
    std::uint64_t quota = 0, cases = 0, disagreements = 0, gmp = 0, nearBoundary = 0, notJudged = 0;
    HuntGroups<ExternalFind> groups;
};

std::string ExternalHunt::Start(const HuntOptions& options, const HuntSource& source, std::chrono::milliseconds timeout)
{
    m_options = options;
    m_timeout = timeout;
    m_source = source;
    m_lanes.clear();
    m_versus = nullptr;
    if (!options.b.empty()) {
        m_versus = FindAlgorithm(options.family, options.b);
        if (m_versus == nullptr) {
            return "--b: no built-in " + std::string(FamilyName(options.family)) + " algorithm \"" + options.b +
                   "\" (see hitlab algorithms --family " + std::string(FamilyName(options.family)) + ")";
        }
    }
    const std::size_t threads = HuntThreads(options);
    for (std::size_t i = 0; i < threads && (options.maxCases == 0 || i < options.maxCases); ++i) {
        auto lane = std::make_shared<Lane>();
        lane->source = MakeSource(source.Spec(), timeout);
        if (std::string e = lane->source->Start(); !e.empty()) {
            m_lanes.clear();
            return e;
        }
        if (std::string e = FindIn(*lane->source, options.family, options.a, lane->index); !e.empty()) {
            m_lanes.clear();
            return e;
        }
        if (!lane->source->Has(lane->index, options.precision)) {
            const std::string name = SourceName(*lane->source);
            m_lanes.clear();
            return name + ": " + options.a + " has no " + PrecisionName(options.precision) + " function";
        }
        m_returns = lane->source->Algorithms()[lane->index].returns;
        m_lanes.push_back(std::move(lane));
    }
    for (std::size_t i = 0; i < m_lanes.size(); ++i) {
        m_lanes[i]->quota = options.maxCases / m_lanes.size() + (i < options.maxCases % m_lanes.size() ? 1 : 0);
    }
    return "";
}

std::string ExternalHunt::SourceText() const
{
    const SourceSpec spec = m_source.Spec();
    return std::string(SourceKindName(spec.kind)) + " " + spec.text;
}

std::string ExternalHunt::Cause(const Query& q, const Result& r, std::uint64_t* gmp) const
{
    return HuntCause(q, m_options.precision, r, m_returns, m_versus, m_options.valueUlps, gmp);
}

std::string ExternalHunt::FailureCause(const SourceFailure& failure)
{
    return std::string("failed: ") + ExternalStatusName(failure.status);
}

std::string ExternalHunt::CountedCause(const Query& q, const Result& r, std::uint64_t* gmp, std::uint64_t* near) const
{
    std::string cause = Cause(q, r, gmp);
    if (!cause.empty() && m_options.tolerance > 0 && NearBoundary(q, m_options.tolerance)) {
        if (near != nullptr) {
            ++*near;
        }
        return "";
    }
    return cause;
}

ExternalFind ExternalHunt::Find(Lane& lane, const Query& drawn, const Result& answer, const char* distribution,
                                const std::string& cause, const SourceFailure* failure, bool shrink)
{
    const Precision precision = m_options.precision;
    // a failure shrinks to a simpler query that still fails the same way, a disagreement to one
    // that still disagrees the same way (and does not fail); a hang is kept as drawn. A query the source did not run
    // (the stop time, a cancel) keeps nothing. The answer to the last query kept is the counterexample's.
    const bool failed = failure != nullptr;
    Result kept = answer;
    std::string how = failed ? std::string(ExternalStatusName(failure->status)) + ": " + failure->message : "";
    const auto keeps = [&](const Query& q) {
        Result r;
        const std::vector<SourceFailure> failures =
            lane.source->Run(lane.index, precision, std::span(&q, 1), std::span(&r, 1));
        if (!failures.empty() && failures[0].status == ExternalStatus::NotRun) {
            return false;
        }
        const bool keep = failed ? !failures.empty() && FailureCause(failures[0]) == cause
                                 : failures.empty() && CountedCause(q, r, nullptr, nullptr) == cause;
        if (keep) {
            kept = r;
            how = failed ? std::string(ExternalStatusName(failures[0].status)) + ": " + failures[0].message : "";
        }
        return keep;
    };
    const bool hung = failed && failure->status == ExternalStatus::TimedOut;
    ExternalFind f;
    f.c.original = drawn;
    f.c.distribution = distribution;
    f.c.cause = cause;
    f.c.query = m_options.shrink && shrink && !hung ? ShrinkQuery(drawn, keeps) : drawn;
    f.c.a = failed ? Result{} : kept;
    f.failure = how;
    if (m_versus != nullptr) {
        f.c.b = m_versus->run(f.c.query, precision, nullptr);
    }
    f.c.exact = JudgeExact(f.c.query);
    f.c.text = DescribeQuery(f.c.query);
    return f;
}

void ExternalHunt::Judge(Lane& lane, std::span<const Query> batch, std::span<const char* const> distributions,
                         std::span<const Result> results, const std::vector<SourceFailure>& failures)
{
    std::size_t nextFailure = 0;
    for (std::size_t i = 0; i < batch.size(); ++i) {
        ++lane.cases;
        const bool failed = nextFailure < failures.size() && failures[nextFailure].index == i;
        const SourceFailure* failure = failed ? &failures[nextFailure++] : nullptr;
        if (failed && failure->status == ExternalStatus::NotRun) {
            ++lane.notJudged; // the stop time or a cancel came first: no answer, no verdict
            continue;
        }
        const std::string cause =
            failed ? FailureCause(*failure) : CountedCause(batch[i], results[i], &lane.gmp, &lane.nearBoundary);
        if (cause.empty()) {
            continue;
        }
        ++lane.disagreements;
        if (lane.groups.Count(distributions[i], cause)) { // a group's first few cases are shrunk
            lane.groups.Offer(distributions[i], cause,
                              Find(lane, batch[i], results[i], distributions[i], cause, failure, !Cancelled()));
        }
    }
}

void ExternalHunt::Search(std::size_t laneIndex, const HuntCallback& progress)
{
    const HuntOptions& o = m_options;
    Lane& lane = *m_lanes[laneIndex];
    hunt::Rng rng(hunt::LaneSeed(o.seed, laneIndex));
    std::vector<Query> batch;
    std::vector<const char*> distributions;
    std::vector<Result> results;
    // no batch begins after these; one that began is judged whole
    const auto done = [&] {
        return Cancelled() || (o.maxCases > 0 && lane.cases >= lane.quota) ||
               (o.maxSeconds > 0 && Seconds() >= o.maxSeconds) ||
               (o.maxCounterexamples > 0 && lane.groups.Size() >= o.maxCounterexamples);
    };
    std::size_t batchSize = kFirstBatch;
    while (!done()) {
        const std::uint64_t left = o.maxCases > 0 ? lane.quota - lane.cases : batchSize;
        const std::size_t n = std::size_t(std::min<std::uint64_t>(batchSize, left));
        batch.resize(n);
        distributions.resize(n);
        results.resize(n);
        for (std::size_t i = 0; i < n; ++i) {
            batch[i] = hunt::Draw(o.family, rng, o.precision, o.around, &distributions[i]);
        }
        const std::vector<SourceFailure> failures = lane.source->Run(lane.index, o.precision, batch, results);
        batchSize = failures.empty() ? std::min(kBatch, batchSize * 2) : kFirstBatch;
        Judge(lane, batch, distributions, results, failures);
        if (progress && laneIndex == 0) {
            HuntProgress p;
            p.cases = lane.cases * m_lanes.size();
            p.notJudged = lane.notJudged * m_lanes.size();
            p.seconds = Seconds();
            p.casesPerSecond = double(p.cases) / std::max(p.seconds, 1e-9);
            p.counterexamples = lane.groups.Size();
            p.disagreements = lane.disagreements;
            p.nearBoundary = lane.nearBoundary;
            progress(p);
        }
    }
}

ExternalHuntReport ExternalHunt::Run(const std::atomic<bool>* cancel, const HuntCallback& progress)
{
    m_cancel = cancel;
    m_start = std::chrono::steady_clock::now();
    // the sources stop at the time limit plus one answer timeout: the batch in flight at the
    // limit gets that long at most
    const auto limit = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
        std::chrono::duration<double>(m_options.maxSeconds));
    const auto stop =
        m_options.maxSeconds > 0 ? m_start + limit + m_timeout : std::chrono::steady_clock::time_point::max();
    for (const auto& lane : m_lanes) {
        lane->source->SetStopTime(stop);
        lane->source->SetCancel(cancel); // a cancel cuts the batch in flight too
    }
    if (!m_lanes.empty()) {
        WorkerPool pool;
        pool.Run(m_lanes.size(), [&](std::size_t lane) { Search(lane, progress); });
    }
    // merged in lane order: counts summed, the simpler case of a group kept; every group a lane found
    ExternalHuntReport report;
    report.threads = m_lanes.size();
    report.cancelled = Cancelled();
    HuntGroups<ExternalFind> groups;
    for (const auto& lane : m_lanes) {
        report.progress.cases += lane->cases;
        report.progress.disagreements += lane->disagreements;
        report.progress.exactCalls += lane->gmp;
        report.progress.nearBoundary += lane->nearBoundary;
        report.progress.notJudged += lane->notJudged;
        groups.Merge(std::move(lane->groups));
    }
    report.found = groups.Sorted();
    report.progress.seconds = Seconds();
    report.progress.casesPerSecond = double(report.progress.cases) / std::max(report.progress.seconds, 1e-9);
    report.progress.counterexamples = report.found.size();
    if (report.progress.notJudged > 0) { // cut by the stop time, or before it by a cancel
        const std::string source = SourceKindName(m_source.Spec().kind);
        report.notJudgedWhy =
            report.cancelled && std::chrono::steady_clock::now() < stop
                ? "the hunt was cancelled before the " + source + " answered them"
                : "the " + source + " had not answered them by the time limit plus one answer timeout";
    }
    for (const auto& lane : m_lanes) {
        lane->source->SetCancel(nullptr); // the flag need not outlive this call
    }
    if (progress) {
        progress(report.progress);
    }
    return report;
}

double ExternalHunt::Seconds() const
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
}

} // namespace hitlab
