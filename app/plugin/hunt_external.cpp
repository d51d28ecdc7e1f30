// The hunt for a plugin's or an external program's algorithm.
#include "hunt_external.h"

#include "app/external/external_program.h"
#include "core/algorithm.h"
#include "core/compare.h"
#include "core/exact/hunt_detail.h"
#include "core/io/protocol.h"
#include "core/worker_pool.h"
#include "external_runs.h"

#include <map>
#include <set>

namespace hitlab {

namespace {

/// The most queries per round trip: the plugin region's capacity, as many lines in flight to a program.
constexpr std::size_t kBatch = plugin::kCapacity;
/// The first batch, and the batch after one with a failure.
constexpr std::size_t kFirstBatch = 64;
/// A distribution whose draws keep shrinking to the same case gets this many shrinks (as RunHunt's).
constexpr int kTriesPerDistribution = 8;

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
    std::uint64_t quota = 0, cases = 0, disagreements = 0, gmp = 0;
    std::vector<ExternalFind> found;
};

std::string ExternalHunt::Start(const HuntOptions& options, const HuntSource& source, std::chrono::milliseconds timeout)
{
    m_options = options;
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
        if (!source.plugin.empty()) {
            lane->source = std::make_unique<PluginProgram>(source.plugin, timeout);
        } else {
            lane->source = std::make_unique<ExternalProgram>(source.external, timeout);
        }
        if (std::string e = lane->source->Start(); !e.empty()) {
            m_lanes.clear();
            return e;
        }
        if (std::string e = FindIn(*lane->source, options.family, options.a, lane->index); !e.empty()) {
            m_lanes.clear();
            return e;
        }
        const auto* plugin = dynamic_cast<const PluginProgram*>(lane->source.get());
        if (plugin != nullptr && !plugin->Has(lane->index, options.precision)) {
            m_lanes.clear();
            return SourceName(*plugin) + ": " + options.a + " has no " + PrecisionName(options.precision) + " function";
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
    return m_source.plugin.empty() ? "program " + m_source.external : "plugin " + m_source.plugin;
}

bool ExternalHunt::Disagrees(const Query& q, const Result& r, std::uint64_t* gmp) const
{
    const double ulps = m_options.valueUlps;
    if (m_versus != nullptr) { // against a built-in algorithm: RunHunt's rule
        const Result b = m_versus->run(q, m_options.precision, nullptr);
        return r.hit != b.hit || (ulps > 0 && ValueDifferences(q, m_options.precision, QueryValueScale(q), r, m_returns,
                                                               b, m_versus->returns, ulps) != 0);
    }
    // against the judge: its interval filter first, GMP when it cannot decide or values count
    const std::optional<bool> fast = FastVerdict(q);
    if (fast && (ulps <= 0 || !r.hit || !*fast)) {
        return r.hit != *fast;
    }
    if (gmp != nullptr) {
        ++*gmp;
    }
    if (ulps <= 0 || !r.hit) {
        return r.hit != ExactHit(q);
    }
    const ExactResult exact = JudgeExact(q);
    return !exact.hit || ExactValuesDiffer(q, m_options.precision, r, m_returns, exact, ulps);
}

ExternalFind ExternalHunt::Find(Lane& lane, const Query& drawn, const char* distribution, const PluginFailure* failure)
{
    const Precision precision = m_options.precision;
    const auto run = [&](std::span<const Query> queries, std::span<Result> out) {
        return RunSource(*lane.source, lane.index, precision, queries, out);
    };
    // a failure shrinks to a simpler query that still fails, a disagreement to one that still
    // disagrees (and does not fail); a hang is kept as drawn
    const bool failed = failure != nullptr;
    const auto keeps = [&](const Query& q) {
        Result r;
        const bool fails = !run(std::span(&q, 1), std::span(&r, 1)).empty();
        return failed ? fails : !fails && Disagrees(q, r, nullptr);
    };
    const bool hung = failed && failure->status == ExternalStatus::TimedOut;
    ExternalFind f;
    f.c.original = drawn;
    f.c.distribution = distribution;
    f.c.query = m_options.shrink && !hung ? ShrinkQuery(drawn, keeps) : drawn;
    const std::vector<PluginFailure> again =
        hung ? std::vector<PluginFailure>{} : run(std::span(&f.c.query, 1), std::span(&f.c.a, 1));
    if (!again.empty()) {
        failure = &again[0];
    }
    if (failure != nullptr) {
        f.failure = std::string(ExternalStatusName(failure->status)) + ": " + failure->message;
        f.c.a = Result{};
    }
    if (m_versus != nullptr) {
        f.c.b = m_versus->run(f.c.query, precision, nullptr);
    }
    f.c.exact = JudgeExact(f.c.query);
    f.c.text = DescribeQuery(f.c.query);
    return f;
}

void ExternalHunt::Search(std::size_t laneIndex, const HuntCallback& progress)
{
    const HuntOptions& o = m_options;
    Lane& lane = *m_lanes[laneIndex];
    hunt::Rng rng(hunt::LaneSeed(o.seed, laneIndex));
    std::vector<Query> batch;
    std::vector<const char*> distributions;
    std::vector<Result> results;
    std::set<std::string> seen;
    std::map<std::string, int> tries;
    const auto done = [&] {
        return Cancelled() || (o.maxCases > 0 && lane.cases >= lane.quota) ||
               (o.maxSeconds > 0 && Seconds() >= o.maxSeconds) ||
               (o.maxCounterexamples > 0 && lane.found.size() >= o.maxCounterexamples);
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
        const std::vector<PluginFailure> failures = RunSource(*lane.source, lane.index, o.precision, batch, results);
        batchSize = failures.empty() ? std::min(kBatch, batchSize * 2) : kFirstBatch;
        std::size_t nextFailure = 0;
        for (std::size_t i = 0; i < n && !done(); ++i) {
            ++lane.cases;
            const bool failed = nextFailure < failures.size() && failures[nextFailure].index == i;
            const PluginFailure* failure = failed ? &failures[nextFailure++] : nullptr;
            if (!failed && !Disagrees(batch[i], results[i], &lane.gmp)) {
                continue;
            }
            ++lane.disagreements;
            if (++tries[std::string(failed ? "failed " : "") + distributions[i]] > kTriesPerDistribution) {
                continue;
            }
            ExternalFind f = Find(lane, batch[i], distributions[i], failure);
            if (seen.insert(f.c.text).second) {
                lane.found.push_back(std::move(f));
            }
        }
        if (progress && laneIndex == 0) {
            HuntProgress p;
            p.cases = lane.cases * m_lanes.size();
            p.seconds = Seconds();
            p.casesPerSecond = double(p.cases) / std::max(p.seconds, 1e-9);
            p.counterexamples = lane.found.size();
            p.disagreements = lane.disagreements;
            progress(p);
        }
    }
}

ExternalHuntReport ExternalHunt::Run(const std::atomic<bool>* cancel, const HuntCallback& progress)
{
    m_cancel = cancel;
    m_start = std::chrono::steady_clock::now();
    if (!m_lanes.empty()) {
        WorkerPool pool;
        pool.Run(m_lanes.size(), [&](std::size_t lane) { Search(lane, progress); });
    }
    // merged in lane order, a case found by two lanes kept once, at most maxCounterexamples
    ExternalHuntReport report;
    report.threads = m_lanes.size();
    report.cancelled = Cancelled();
    std::set<std::string> seen;
    for (const auto& lane : m_lanes) {
        report.progress.cases += lane->cases;
        report.progress.disagreements += lane->disagreements;
        report.progress.exactCalls += lane->gmp;
        for (ExternalFind& f : lane->found) {
            const bool room = m_options.maxCounterexamples == 0 || report.found.size() < m_options.maxCounterexamples;
            if (room && seen.insert(f.c.text).second) {
                report.found.push_back(std::move(f));
            }
        }
    }
    report.progress.seconds = Seconds();
    report.progress.casesPerSecond = double(report.progress.cases) / std::max(report.progress.seconds, 1e-9);
    report.progress.counterexamples = report.found.size();
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
