// `hitlab hunt --plugin`: a plugin's algorithm against the exact judge.
#include "hunt_plugin.h"

#include "app/plugin/plugin_program.h"
#include "core/exact/hunt_detail.h"
#include "core/io/protocol.h"
#include "core/worker_pool.h"

#include <cstdio>
#include <memory>
#include <set>

namespace hitlab {

namespace {

using Clock = std::chrono::steady_clock;

/// The index of the plugin's algorithm name of family, or "" and the error.
std::string FindAlgorithm(const PluginProgram& plugin, Family family, const std::string& name, std::size_t& index)
{
    std::string names;
    for (std::size_t i = 0; i < plugin.Algorithms().size(); ++i) {
        const ExternalAlgorithm& a = plugin.Algorithms()[i];
        if (a.family != family) {
            continue;
        }
        if (a.name == name) {
            index = i;
            return "";
        }
        names += (names.empty() ? "" : ", ") + a.name;
    }
    return "plugin '" + plugin.Command() + "' has no " + std::string(FamilyName(family)) + " algorithm \"" + name +
           "\" (" + (names.empty() ? "it has none of that family" : "it has: " + names) + ")";
}

/// One found counterexample: the query, the plugin's answer (or failure) and the judge's.
struct Found {
    Counterexample c;
    std::string failure; ///< "STATUS: message" when the plugin failed on it
};

} // namespace

int RunHuntPlugin(HuntCliOptions o, const std::string& file, std::chrono::milliseconds timeout, std::ostream& out,
                  std::ostream& err)
{
    const auto family = FamilyFromName(o.family);
    if (!family) {
        err << "hitlab hunt: unknown family \"" << o.family << "\"\n";
        return 2;
    }
    if (!o.hunt.b.empty() || o.hunt.valueUlps > 0 || !o.outDir.empty() || o.snippets) {
        err << "hitlab hunt: with --plugin the hunt compares verdicts with the exact judge only (no --b, --ulps, -o "
               "or --gtest yet)\n";
        return 2;
    }
    o.hunt.family = *family;
    o.hunt.precision = o.precision == "float" ? Precision::Float : Precision::Double;
    PluginProgram plugin(file, timeout);
    std::size_t index = 0;
    std::string error = plugin.Start();
    error = error.empty() ? FindAlgorithm(plugin, *family, o.hunt.a, index) : error;
    if (error.empty() && !plugin.Has(index, o.hunt.precision)) {
        error = "plugin '" + file + "': " + o.hunt.a + " has no " + PrecisionName(o.hunt.precision) + " function";
    }
    if (!error.empty()) {
        err << "hitlab hunt: " << error << "\n";
        return 2;
    }
    out << "hunt " << o.family << ": " << o.hunt.a << " (plugin " << file << ") vs the exact judge, "
        << PrecisionName(o.hunt.precision) << ", seed " << o.hunt.seed << "\n"
        << std::flush;

    const Precision precision = o.hunt.precision;
    // one lane per thread, each with its own host process and stream (as RunHunt's threads: the
    // first the seed's own, the cases shared evenly, merged in lane order)
    const std::size_t threads = HuntThreads(o.hunt);
    struct Lane {
        PluginProgram* plugin = nullptr;
        std::unique_ptr<PluginProgram> own;
        std::uint64_t quota = 0, cases = 0, disagreements = 0, gmp = 0;
        std::vector<Found> found;
    };
    std::vector<Lane> lanes(1);
    lanes[0].plugin = &plugin;
    for (std::size_t i = 1; i < threads && (o.hunt.maxCases == 0 || i < o.hunt.maxCases); ++i) {
        Lane lane;
        lane.own = std::make_unique<PluginProgram>(file, timeout);
        if (const std::string e = lane.own->Start(); !e.empty()) {
            err << "hitlab hunt: " << e << "\n";
            return 2;
        }
        lane.plugin = lane.own.get();
        lanes.push_back(std::move(lane));
    }
    for (std::size_t i = 0; i < lanes.size(); ++i) {
        lanes[i].quota = o.hunt.maxCases / lanes.size() + (i < o.hunt.maxCases % lanes.size() ? 1 : 0);
    }
    const Clock::time_point start = Clock::now();
    const auto seconds = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
    const auto search = [&](std::size_t laneIndex) {
        Lane& lane = lanes[laneIndex];
        PluginProgram& program = *lane.plugin;
        const auto disagrees = [&](const Query& q) {
            Result r;
            return program.Run(index, precision, std::span(&q, 1), std::span(&r, 1)).empty() && r.hit != ExactHit(q);
        };
        hunt::Rng rng(hunt::LaneSeed(o.hunt.seed, laneIndex));
        std::vector<Query> batch;
        std::vector<const char*> distributions;
        std::vector<Result> results;
        std::set<std::string> seen;
        const auto done = [&] {
            return (o.hunt.maxCases > 0 && lane.cases >= lane.quota) ||
                   (o.hunt.maxSeconds > 0 && seconds() >= o.hunt.maxSeconds) ||
                   (o.hunt.maxCounterexamples > 0 && lane.found.size() >= o.hunt.maxCounterexamples);
        };
        while (!done()) {
            const std::uint64_t left = o.hunt.maxCases > 0 ? lane.quota - lane.cases : plugin::kCapacity;
            const std::size_t n = std::size_t(std::min<std::uint64_t>(plugin::kCapacity, left));
            batch.resize(n);
            distributions.resize(n);
            results.resize(n);
            for (std::size_t i = 0; i < n; ++i) {
                batch[i] = hunt::Draw(*family, rng, precision, std::nullopt, &distributions[i]);
            }
            const std::vector<PluginFailure> failures = program.Run(index, precision, batch, results);
            std::size_t nextFailure = 0;
            for (std::size_t i = 0; i < n && !done(); ++i) {
                ++lane.cases;
                const bool failed = nextFailure < failures.size() && failures[nextFailure].index == i;
                std::optional<bool> exact = FastVerdict(batch[i]);
                if (!exact) {
                    ++lane.gmp;
                    exact = ExactHit(batch[i]);
                }
                if (!failed && results[i].hit == *exact) {
                    continue;
                }
                ++lane.disagreements;
                Found f;
                f.c.original = batch[i];
                f.c.distribution = distributions[i];
                if (failed) {
                    const PluginFailure& failure = failures[nextFailure++];
                    f.failure = std::string(ExternalStatusName(failure.status)) + ": " + failure.message;
                    f.c.query = batch[i];
                } else {
                    f.c.query = o.hunt.shrink ? ShrinkQuery(batch[i], disagrees) : batch[i];
                    program.Run(index, precision, std::span(&f.c.query, 1), std::span(&f.c.a, 1));
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
        const std::string what = f.failure.empty()
                                     ? DescribeDisagreement(f.c, o.hunt)
                                     : o.hunt.a + ": " + f.failure + "; exact: " + DescribeExact(f.c.exact);
        out << ++number << ". " << f.c.text << "\n   " << what << "\n   distribution: " << f.c.distribution << "\n";
    }
    const double elapsed = seconds();
    char summary[320];
    std::snprintf(
        summary, sizeof summary,
        "%llu cases in %.2f s (%.3g cases/s, plugin batches of %u, %zu thread%s), %llu disagreeing or failed, "
        "%zu counterexample%s after shrinking, %llu exact (GMP) judgements%s\n",
        static_cast<unsigned long long>(cases), elapsed, double(cases) / std::max(elapsed, 1e-9), plugin::kCapacity,
        lanes.size(), lanes.size() == 1 ? "" : "s", static_cast<unsigned long long>(disagreements), found.size(),
        found.size() == 1 ? "" : "s", static_cast<unsigned long long>(gmp), found.empty() ? ": none found" : "");
    out << summary;
    return found.empty() ? 0 : 1;
}

} // namespace hitlab
