// The disagreement search (core/exact/hunt.h) for an algorithm of a plugin or an external program
// (docs/plugins.md): `hitlab hunt --plugin/--external` and the window's Hunt panel. The hunt's own
// draws are sent in batches (to the plugin's host, or pipelined to the program) and each verdict
// is compared with the exact judge or a built-in algorithm; a failure of the source (crash, hang,
// bad answer, error) is a counterexample too.
#pragma once

#include "app/sources/source_list.h"
#include "core/exact/hunt.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace hitlab {

/// The most cases sent to the source at a time (a plugin's round trip: its region's capacity).
inline constexpr std::uint32_t kExternalHuntBatch = 8192;

/// Where the hunted algorithm lives: a plugin file or an external program's command.
struct HuntSource {
    std::string plugin;   ///< a plugin's file
    std::string external; ///< or a program's command
    /// The source as MakeSource takes it.
    SourceSpec Spec() const
    {
        return plugin.empty() ? SourceSpec{SourceKind::Program, external} : SourceSpec{SourceKind::Plugin, plugin};
    }
};

/// One counterexample of an external hunt: as the built-in hunt's (its a is the source's
/// answer, a miss when it failed; its cause "failed: STATUS" then), and the failure when there was one.
struct ExternalFind {
    Counterexample c;
    std::string failure; ///< "STATUS: message" when the source failed on c.query, else ""
};

/// The counterexample of a find, for HuntGroups (core/exact/hunt_groups.h).
inline Counterexample& HuntCase(ExternalFind& f) { return f.c; }
inline const Counterexample& HuntCase(const ExternalFind& f) { return f.c; }

struct ExternalHuntReport {
    /// One per group (distribution and cause, as RunHunt's), most cases first
    std::vector<ExternalFind> found;
    HuntProgress progress; ///< final (disagreements counts failures too)
    std::size_t threads = 1;
    bool cancelled = false;
    std::string notJudgedWhy; ///< why progress.notJudged cases were not judged ("" when none)
};

/// One hunt of options.a, an algorithm of the source, against the exact judge (options.b "") or the
/// built-in algorithm options.b: verdicts, and with options.valueUlps > 0 (the default) also the
/// values beyond that many ulps, as RunHunt compares them (against b: ValueDifferences of the
/// fields both return; against the judge: ExactValueDifferences of t_enter, t_exit, depth); with
/// options.tolerance > 0 a disagreement within that relative distance of the boundary
/// (NearBoundary) is counted in nearBoundary instead, as RunHunt counts it (a failure never is).
class ExternalHunt {
public:
    /// Starts a host process or program per thread (HuntThreads(options), at most maxCases) and
    /// finds the algorithm in each; "" or why not (the source refused, no such algorithm of the
    /// family, no function for the precision, an unknown options.b).
    std::string Start(const HuntOptions& options, const HuntSource& source, std::chrono::milliseconds timeout);
    /// The hunted algorithm's result fields (its metadata's returns; after a successful Start).
    std::uint32_t Returns() const { return m_returns; }
    /// "plugin FILE" or "program COMMAND": how the lines name the source.
    std::string SourceText() const;
    /// Runs the search on the calling thread and the others (after a successful Start): each thread
    /// draws its own stream (hunt::LaneSeed), sends batches that start at 64 queries and double up
    /// to 8192 while the source answers (back to 64 after a failure: each costs a restart), and
    /// compares each verdict (the judge: FastVerdict, then GMP). Every disagreement and failure is
    /// counted in its group (HuntGroups: distribution and cause); a group's first 8 are shrunk, a
    /// disagreement to the simplest query that still disagrees the same way, a failure to the
    /// simplest that still fails the same way (a hang is kept as drawn: each candidate would wait
    /// the whole timeout), and the simplest kept. No batch begins after maxCases (shared evenly),
    /// maxSeconds, maxCounterexamples groups (per thread) or cancel, and every case of a batch that
    /// came back is judged (after a cancel without shrinking). With maxSeconds, the sources stop at
    /// maxSeconds plus one timeout: a batch in flight is waited for that long at most, and its
    /// cases not answered by then are counted in notJudged (HuntStatusOf: inconclusive when nothing
    /// was found); a cancel cuts the batch in flight the same way (within
    /// AlgorithmSource::kCancelSlice of a wait). progress (may be empty) is called from the first
    /// thread after each batch.
    ExternalHuntReport Run(const std::atomic<bool>* cancel = nullptr, const HuntCallback& progress = {});

private:
    struct Lane;
    /// Why the source's answer r to q disagrees with the other side (the verdict, and the values
    /// with valueUlps > 0: HuntVerdictCause, HuntValuesCause), "" when it agrees. gmp (may be
    /// null) counts the judge's GMP calls.
    std::string Cause(const Query& q, const Result& r, std::uint64_t* gmp) const;
    /// Cause, unless within options.tolerance of the boundary (then "" and counted in *near, may
    /// be null).
    std::string CountedCause(const Query& q, const Result& r, std::uint64_t* gmp, std::uint64_t* near) const;
    /// The cause of a failure: "failed: crashed", ...
    static std::string FailureCause(const SourceFailure& failure);
    /// The counterexample of a drawn case whose answer disagreed or which failed (failure: how, or
    /// null) for cause: shrunk (unless shrink is false) to the simplest query that still disagrees
    /// or fails the same way, with its answer, judged.
    ExternalFind Find(Lane& lane, const Query& drawn, const Result& answer, const char* distribution,
                      const std::string& cause, const SourceFailure* failure, bool shrink);
    /// Judges every case of a batch that came back (Search).
    void Judge(Lane& lane, std::span<const Query> batch, std::span<const char* const> distributions,
               std::span<const Result> results, const std::vector<SourceFailure>& failures);
    /// One thread's search (Run's contract) on its lane.
    void Search(std::size_t laneIndex, const HuntCallback& progress);
    bool Cancelled() const { return m_cancel != nullptr && m_cancel->load(); }
    /// Seconds since Run started.
    double Seconds() const;

    HuntOptions m_options;
    std::chrono::milliseconds m_timeout{0}; ///< each answer's
    std::uint32_t m_returns = 0;            ///< the hunted algorithm's fields
    const std::atomic<bool>* m_cancel = nullptr;
    std::chrono::steady_clock::time_point m_start;
    HuntSource m_source;
    const AlgorithmInfo* m_versus = nullptr;
    std::vector<std::shared_ptr<Lane>> m_lanes;
};

} // namespace hitlab
