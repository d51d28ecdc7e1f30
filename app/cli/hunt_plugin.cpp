// `hitlab hunt --plugin` and `--external`: a plugin's or an external program's algorithm against
// the exact judge or a built-in algorithm.
#include "hunt_plugin.h"

#include "app/external/external_program.h"
#include "app/plugin/external_runs.h"
#include "app/plugin/plugin_program.h"
#include "core/algorithm.h"
#include "core/exact/hunt_detail.h"
#include "core/io/protocol.h"
#include "core/worker_pool.h"

#include <cstdio>
#include <map>
#include <memory>
#include <set>

namespace hitlab {

namespace {

using Clock = std::chrono::steady_clock;

/// Queries per round trip: the plugin region's capacity, and as many lines in flight to a program.
constexpr std::size_t kBatch = plugin::kCapacity;
/// The first batch, and the batch after one with a failure.
constexpr std::size_t kFirstBatch = 64;

/// One thread's plugin or program and the index of the hunted algorithm among its Algorithms().
struct LaneSource {
    std::unique_ptr<AlgorithmSource> source;
    std::size_t index = 0;

    /// RunSource of the hunted algorithm.
    std::vector<PluginFailure> Run(Precision precision, std::span<const Query> queries, std::span<Result> out)
    {
        return RunSource(*source, index, precision, queries, out);
    }
};

/// "plugin 'FILE'" or "program 'COMMAND'", as the messages name the source.
std::string SourceName(const AlgorithmSource& source)
{
    return std::string(source.Kind() == std::string("plugin") ? "plugin '" : "program '") + source.Command() + "'";
}

/// The index of the source's algorithm name of family, or "" and the error.
std::string FindAlgorithm(const AlgorithmSource& source, Family family, const std::string& name, std::size_t& index)
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

/// Starts one lane's source and finds the algorithm; "" or why not.
std::string StartLane(const HuntSource& spec, std::chrono::milliseconds timeout, const HuntOptions& hunt,
                      LaneSource& lane)
{
    if (!spec.plugin.empty()) {
        lane.source = std::make_unique<PluginProgram>(spec.plugin, timeout);
    } else {
        lane.source = std::make_unique<ExternalProgram>(spec.external, timeout);
    }
    if (std::string e = lane.source->Start(); !e.empty()) {
        return e;
    }
    if (std::string e = FindAlgorithm(*lane.source, hunt.family, hunt.a, lane.index); !e.empty()) {
        return e;
    }
    const auto* plugin = dynamic_cast<const PluginProgram*>(lane.source.get());
    if (plugin != nullptr && !plugin->Has(lane.index, hunt.precision)) {
        return SourceName(*plugin) + ": " + hunt.a + " has no " + PrecisionName(hunt.precision) + " function";
    }
    return "";
}

/// One found counterexample: the query, the source's answer (or failure) and the other side's.
struct Found {
    Counterexample c;
    std::string failure; ///< "STATUS: message" when the source failed on it
};

/// A distribution whose draws keep shrinking to the same case gets this many shrinks (as RunHunt's).
constexpr int kTriesPerDistribution = 8;

} // namespace

int RunHuntExternal(HuntCliOptions o, const HuntSource& spec, std::chrono::milliseconds timeout, std::ostream& out,
                    std::ostream& err)
{
    const auto family = FamilyFromName(o.family);
    if (!family) {
        err << "hitlab hunt: unknown family \"" << o.family << "\"\n";
        return 2;
    }
    const char* flag = spec.plugin.empty() ? "--external" : "--plugin";
    if (!spec.plugin.empty() && !spec.external.empty()) {
        err << "hitlab hunt: give either --plugin or --external, not both\n";
        return 2;
    }
    if (o.hunt.valueUlps > 0 || !o.outDir.empty() || o.snippets) {
        err << "hitlab hunt: with " << flag << " the hunt compares verdicts only (no --ulps, -o or --gtest yet)\n";
        return 2;
    }
    if (o.exact && !o.hunt.b.empty()) {
        err << "hitlab hunt: give either --b or --exact, not both\n";
        return 2;
    }
    o.hunt.family = *family;
    o.hunt.precision = o.precision == "float" ? Precision::Float : Precision::Double;
    const AlgorithmInfo* versus = nullptr;
    if (!o.hunt.b.empty()) {
        versus = FindAlgorithm(*family, o.hunt.b);
        if (versus == nullptr) {
            err << "hitlab hunt: --b: no built-in " << o.family << " algorithm \"" << o.hunt.b
                << "\" (see hitlab algorithms --family " << o.family << ")\n";
            return 2;
        }
    }
    // one lane per thread, each with its own host process or program and stream (as RunHunt's
    // threads: the first the seed's own, the cases shared evenly, merged in lane order)
    const std::size_t threads = HuntThreads(o.hunt);
    struct Lane {
        LaneSource source;
        std::uint64_t quota = 0, cases = 0, disagreements = 0, gmp = 0;
        std::vector<Found> found;
    };
    std::vector<Lane> lanes;
    for (std::size_t i = 0; i < threads && (o.hunt.maxCases == 0 || i < o.hunt.maxCases); ++i) {
        Lane lane;
        if (const std::string e = StartLane(spec, timeout, o.hunt, lane.source); !e.empty()) {
            err << "hitlab hunt: " << e << "\n";
            return 2;
        }
        lanes.push_back(std::move(lane));
    }
    const std::string what = (spec.plugin.empty() ? "program " : "plugin ") + lanes[0].source.source->Command();
    out << "hunt " << o.family << ": " << o.hunt.a << " (" << what << ") vs "
        << (versus != nullptr ? o.hunt.b : "the exact judge") << ", " << PrecisionName(o.hunt.precision) << ", seed "
        << o.hunt.seed << "\n"
        << std::flush;

    const Precision precision = o.hunt.precision;
    for (std::size_t i = 0; i < lanes.size(); ++i) {
        lanes[i].quota = o.hunt.maxCases / lanes.size() + (i < o.hunt.maxCases % lanes.size() ? 1 : 0);
    }
    const Clock::time_point start = Clock::now();
    const auto seconds = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
    // the other side's verdict: the built-in algorithm's, or the judge's (FastVerdict first)
    const auto otherHit = [&](const Query& q, std::uint64_t* gmp) {
        if (versus != nullptr) {
            return versus->run(q, precision, nullptr).hit;
        }
        std::optional<bool> exact = FastVerdict(q);
        if (!exact && gmp != nullptr) {
            ++*gmp;
        }
        return exact ? *exact : ExactHit(q);
    };
    const auto search = [&](std::size_t laneIndex) {
        Lane& lane = lanes[laneIndex];
        LaneSource& source = lane.source;
        hunt::Rng rng(hunt::LaneSeed(o.hunt.seed, laneIndex));
        std::vector<Query> batch;
        std::vector<const char*> distributions;
        std::vector<Result> results;
        std::set<std::string> seen;
        std::map<std::string, int> tries;
        const auto done = [&] {
            return (o.hunt.maxCases > 0 && lane.cases >= lane.quota) ||
                   (o.hunt.maxSeconds > 0 && seconds() >= o.hunt.maxSeconds) ||
                   (o.hunt.maxCounterexamples > 0 && lane.found.size() >= o.hunt.maxCounterexamples);
        };
        // batches grow while the source answers and shrink after a failure: each failure costs a
        // restart, so a source that fails on many draws is not given thousands at once
        std::size_t batchSize = kFirstBatch;
        while (!done()) {
            const std::uint64_t left = o.hunt.maxCases > 0 ? lane.quota - lane.cases : batchSize;
            const std::size_t n = std::size_t(std::min<std::uint64_t>(batchSize, left));
            batch.resize(n);
            distributions.resize(n);
            results.resize(n);
            for (std::size_t i = 0; i < n; ++i) {
                batch[i] = hunt::Draw(*family, rng, precision, o.hunt.around, &distributions[i]);
            }
            const std::vector<PluginFailure> failures = source.Run(precision, batch, results);
            batchSize = failures.empty() ? std::min(kBatch, batchSize * 2) : kFirstBatch;
            std::size_t nextFailure = 0;
            for (std::size_t i = 0; i < n && !done(); ++i) {
                ++lane.cases;
                const bool failed = nextFailure < failures.size() && failures[nextFailure].index == i;
                if (!failed && results[i].hit == otherHit(batch[i], &lane.gmp)) {
                    continue;
                }
                ++lane.disagreements;
                const std::string key = std::string(failed ? "failed " : "") + distributions[i];
                if (++tries[key] > kTriesPerDistribution) {
                    nextFailure += failed ? 1 : 0;
                    continue;
                }
                // a failure shrinks to a simpler query that still fails, a disagreement to one that
                // still disagrees (and does not fail)
                const auto keeps = [&](const Query& q) {
                    Result r;
                    const bool fails = !source.Run(precision, std::span(&q, 1), std::span(&r, 1)).empty();
                    return failed ? fails : !fails && r.hit != otherHit(q, nullptr);
                };
                Found f;
                f.c.original = batch[i];
                f.c.distribution = distributions[i];
                // (a hang is kept as drawn: each candidate would wait the whole timeout)
                const bool hung = failed && failures[nextFailure].status == ExternalStatus::TimedOut;
                f.c.query = o.hunt.shrink && !hung ? ShrinkQuery(batch[i], keeps) : batch[i];
                const std::vector<PluginFailure> again =
                    hung ? std::vector<PluginFailure>{}
                         : source.Run(precision, std::span(&f.c.query, 1), std::span(&f.c.a, 1));
                const PluginFailure* failure = !again.empty() ? &again[0] : failed ? &failures[nextFailure] : nullptr;
                nextFailure += failed ? 1 : 0;
                if (failure != nullptr) {
                    f.failure = std::string(ExternalStatusName(failure->status)) + ": " + failure->message;
                }
                if (versus != nullptr) {
                    f.c.b = versus->run(f.c.query, precision, nullptr);
                }
                f.c.exact = JudgeExact(f.c.query);
                f.c.text = DescribeQuery(f.c.query);
                if (seen.insert(f.c.text).second) {
                    lane.found.push_back(std::move(f));
                }
            }
            if (!o.quiet && laneIndex == 0) {
                char line[160];
                std::snprintf(line, sizeof line, "\r%llu cases, %.3g cases/s, %zu found   ",
                              static_cast<unsigned long long>(lane.cases * lanes.size()),
                              double(lane.cases * lanes.size()) / std::max(seconds(), 1e-9), lane.found.size());
                err << line << std::flush;
            }
        }
    };
    WorkerPool pool;
    pool.Run(lanes.size(), search);
    if (!o.quiet) {
        err << "\n";
    }
    // merged in lane order, a case found by two lanes kept once, at most --max
    std::vector<Found> found;
    std::set<std::string> seen;
    std::uint64_t cases = 0, disagreements = 0, gmp = 0;
    for (Lane& lane : lanes) {
        cases += lane.cases;
        disagreements += lane.disagreements;
        gmp += lane.gmp;
        for (Found& f : lane.found) {
            const bool room = o.hunt.maxCounterexamples == 0 || found.size() < o.hunt.maxCounterexamples;
            if (room && seen.insert(f.c.text).second) {
                found.push_back(std::move(f));
            }
        }
    }
    int number = 0;
    for (const Found& f : found) {
        std::string line = DescribeDisagreement(f.c, o.hunt);
        if (!f.failure.empty()) {
            line = o.hunt.a + ": " + f.failure + "; " +
                   (versus != nullptr ? o.hunt.b + ": " + hunt::DescribeResult(*f.c.b, *family) + "; " : "") +
                   "exact: " + DescribeExact(f.c.exact);
        }
        out << ++number << ". " << f.c.text << "\n   " << line << "\n   distribution: " << f.c.distribution << "\n";
    }
    const double elapsed = seconds();
    char summary[320];
    std::snprintf(
        summary, sizeof summary,
        "%llu cases in %.2f s (%.3g cases/s, %s batches of up to %zu, %zu thread%s), %llu disagreeing or failed, "
        "%zu counterexample%s after shrinking, %llu exact (GMP) judgements%s\n",
        static_cast<unsigned long long>(cases), elapsed, double(cases) / std::max(elapsed, 1e-9),
        spec.plugin.empty() ? "program" : "plugin", kBatch, lanes.size(), lanes.size() == 1 ? "" : "s",
        static_cast<unsigned long long>(disagreements), found.size(), found.size() == 1 ? "" : "s",
        static_cast<unsigned long long>(gmp), found.empty() ? ": none found" : "");
    out << summary;
    return found.empty() ? 0 : 1;
}

} // namespace hitlab
