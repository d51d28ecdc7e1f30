// The disagreement search: random queries of one family, drawn from the distributions that find
// boundary bugs, run through two algorithms (or one algorithm and the exact judge), verdicts and
// values compared; the disagreements are grouped by cause (the distribution and the kind of
// disagreement, hunt_groups.h), each group counted and its smallest case (shrunk to the simplest
// numbers that still disagree the same way) kept, to be turned into a scene or a GoogleTest case.
// Runs on any thread, reports progress through a callback and stops on a cancel flag; HuntJob
// wraps a worker thread for a panel.
#pragma once

#include "core/compare.h"
#include "core/io/error.h"
#include "exact.h"

#include "core/scene.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hitlab {

struct HuntOptions {
    Family family = Family::RayAabb;
    std::string a; ///< an algorithm of the family
    std::string b; ///< another one, or "" for the exact judge
    Precision precision = Precision::Double;
    std::uint64_t maxCases = 1000000; ///< stop after this many cases (0: no limit)
    double maxSeconds = 10;           ///< stop after this long (0: no limit)
    std::uint64_t seed = 1;           ///< same seed, same options: same cases
    std::optional<Query> around;      ///< a seed pair: a share of the cases perturb it
    /// A thread stops once it has found this many groups (causes: HuntGroups; 0: no limit, hunt
    /// until maxCases or maxSeconds, counting every disagreeing case). The report has every group
    /// the threads found (with several threads it can have more).
    std::size_t maxCounterexamples = 0;
    bool shrink = true;
    bool batched = true; ///< use the vectorised path when it applies (see HuntBatchedApplies)
    /// 0: every disagreement counts. > 0: a disagreement whose query lies within this relative
    /// distance of the hit/miss boundary (the exact verdict flips when b is grown, shrunk or moved
    /// by tolerance * the query's largest number) is counted as near-boundary instead, the
    /// protocol's allowance for reference algorithms ("agrees except within a documented
    /// relative tolerance of a boundary").
    double tolerance = 0;
    /// > 0 (the default: the comparison's tolerance, kValueUlps): a value disagreement counts too:
    /// both sides hit and a value both report (against b: t_enter, t_exit, point, normal, depth as
    /// ValueDifferences compares them; against the exact judge: t_enter, t_exit, depth) differs by
    /// more than this many ulps (core/compare.h's rule: ulps * eps * max(|a|, |b|, the query's
    /// floor)). Shrinking keeps the value disagreement. 0: verdicts only (`--verdict-only`), the
    /// one mode the vectorised path runs in.
    double valueUlps = kValueUlps;
    /// Threads the search runs on (0: one per core, std::thread::hardware_concurrency). Each
    /// thread draws its own stream (the first one the seed's, the others a mix of the seed and the
    /// thread's index) and stops on its own share of maxCases and its own maxCounterexamples, so
    /// that the same seed and threads give the same groups when the hunt stops on cases; they are
    /// merged in thread order (counts summed, the smaller case kept, the earlier thread's on a tie).
    unsigned threads = 1;
};

/// The most threads a hunt accepts.
inline constexpr unsigned kMaxHuntThreads = 256;

/// The threads a hunt with these options runs on (options.threads, or one per core when 0).
std::size_t HuntThreads(const HuntOptions& options);

/// No error (what "") when the options can run, else which option is wrong (where: "a", "b",
/// "around", "ulps", "threads") and why (unknown algorithm, b == a, ...).
IoError ValidateHunt(const HuntOptions& options);

/// Whether the vectorised path runs: ray_aabb in float with a and b both algorithms that have a
/// batched kernel in the registry (AlgorithmInfo::boxKernel: the reference, bit for bit, and
/// core/batch's branchless kernel).
bool HuntBatchedApplies(const HuntOptions& options);

struct HuntProgress {
    std::uint64_t cases = 0;     ///< queries drawn so far: each one judged, or counted in notJudged
    std::uint64_t notJudged = 0; ///< drawn but neither judged nor a counterexample (HuntReport::notJudgedWhy)
    double seconds = 0;
    double casesPerSecond = 0;
    std::size_t counterexamples = 0; ///< groups (causes) found so far
    std::uint64_t disagreements = 0; ///< cases that disagreed (every one, in some group)
    std::uint64_t nearBoundary = 0;  ///< disagreements within options.tolerance of the boundary (not counterexamples)
    std::uint64_t exactCalls = 0;    ///< GMP judgements (the interval filter could not decide)
};

/// A disagreement, shrunk: the smallest case of its group.
struct Counterexample {
    Query query;              ///< the shrunk query
    Query original;           ///< as drawn
    std::string distribution; ///< which distribution drew it ("ray aimed at a corner", ...)
    /// The kind of disagreement (HuntVerdictCause, HuntValuesCause; an external source's failure:
    /// "failed: crashed"): with distribution, the group.
    std::string cause;
    std::uint64_t count = 1; ///< the disagreeing cases of its group (distribution and cause)
    Result a;                ///< algorithm a on query
    std::optional<Result> b; ///< algorithm b on query (empty against the exact judge)
    ExactResult exact;       ///< the judge on query (always computed)
    std::string text;        ///< DescribeQuery(query)
};

struct HuntReport {
    /// One per group (distribution and cause): its smallest case, count set; most cases first.
    std::vector<Counterexample> counterexamples;
    HuntProgress progress; ///< final
    bool cancelled = false;
    std::string method;       ///< "batched (avx512)", "scalar"
    std::size_t threads = 1;  ///< the threads it ran on
    IoError error;            ///< ValidateHunt's error when it could not run (what "" when it ran)
    std::string notJudgedWhy; ///< why progress.notJudged cases were not judged ("" when none)
};

/// What a hunt concluded (docs/cli.md, "Exit status").
enum class HuntStatus {
    NoneFound,    ///< no counterexample, and every drawn case (at least one) was judged
    Found,        ///< some counterexample (or counted disagreement)
    Inconclusive, ///< none found, but some drawn case was not judged (or none was drawn)
};

/// The status of a hunt that ended with this progress and this many counterexamples.
HuntStatus HuntStatusOf(const HuntProgress& progress, std::size_t counterexamples);

/// "none found", "found", "inconclusive".
const char* HuntStatusName(HuntStatus status);

/// The cases not judged in words: "40 of 3264 cases not judged (why)", or "no case was drawn"
/// when none was; "" when every drawn case was judged.
std::string HuntNotJudgedText(const HuntProgress& progress, const std::string& why);

using HuntCallback = std::function<void(const HuntProgress&)>;

/// Runs the search on the calling thread and HuntThreads(options) - 1 workers, kept between runs. progress (may be
/// empty) is called about 10 times a second (from whichever thread) and at the end; cancel (may be null) is polled
/// between small batches of cases.
HuntReport RunHunt(const HuntOptions& options, const std::atomic<bool>* cancel = nullptr,
                   const HuntCallback& progress = {});

/// The search on a worker thread, for a panel: poll Progress() each frame, Cancel() any time,
/// Take() the report once Finished().
class HuntJob {
public:
    explicit HuntJob(HuntOptions options);
    ~HuntJob(); ///< cancels and joins
    HuntJob(const HuntJob&) = delete;
    HuntJob& operator=(const HuntJob&) = delete;

    HuntProgress Progress() const;
    void Cancel();
    bool Finished() const;
    /// The report (blocks until finished). Call once.
    HuntReport Take();

private:
    struct State;
    std::unique_ptr<State> m_state;
};

/// Reads like "origin (0, 1, 0), direction (1, 0, 0), box [0, 1]^3".
std::string DescribeQuery(const Query& query);

/// A group's line: "10 cases: six_faces misses where exact hits (distribution: origin inside,
/// aimed at an edge)" (a: the algorithm's name).
std::string HuntGroupLine(const Counterexample& c, const std::string& a);

/// One line on the disagreement: "face_planes: miss; exact: hit, t in [0, 1] (exact)".
std::string DescribeDisagreement(const Counterexample& c, const HuntOptions& options);

/// A GoogleTest case of a counterexample (a section of GoogleTestFile): a comment block (the
/// query, the command that finds it again, the group's cause and count, each side's answer, the
/// exact answer) and a TEST that runs algorithm a through the registry in the hunt's precision and
/// asserts the exact answer: the judge's verdict, and on a hit each t (ray casts) or depth
/// (overlaps) a returns within ulps (options.valueUlps, else kValueUlps) * eps(precision) *
/// max(|exact value|, the query's scale), the tolerance printed as a number. It fails while a has
/// the flaw; a user points it at their own function by replacing the one marked call. Last, the
/// judge's stated values are checked (exact rationals by text).
std::string GoogleTestSnippet(const Counterexample& c, const HuntOptions& options, int index = 1);

/// A test file that compiles as it is: a header comment (what was hunted; the CMake targets to
/// link: HitLab::core, HitLab::exact, GTest::gtest_main), the includes, and GoogleTestSnippet of
/// each case (numbered from 1); no TEST when cases is empty.
std::string GoogleTestFile(const std::vector<Counterexample>& cases, const HuntOptions& options);

/// The pieces of a hunt's GoogleTest case, shared with the cases of an external algorithm
/// (app/sources/hunt_external_export.h):
/// a number as a C++ double literal ("1", "0.5", "-0.0", "1e-300"; finite);
std::string HuntLiteral(double v);
/// a number as a C++ expression: HuntLiteral, or +-std::numeric_limits<double>::infinity();
std::string HuntValueLiteral(double v);
/// a snake_case name in PascalCase ("ray_aabb" -> "RayAabb"), for test names and enumerators;
std::string HuntPascalName(std::string_view name);
/// a shape as a C++ expression of core's types ("hitlab::Ray<double>{{0, 0, 0}, {1, 0, 0}}");
std::string HuntShapeLiteral(const Shape& shape);
/// the checks of the judge's own answer on query: its verdict, and each exact t or depth value
/// of ChecksOf by its text (what GoogleTestSnippet ends with);
std::string HuntJudgeAssertions(const Counterexample& c, std::uint32_t returns);
/// the command line that finds the case again, with source (e.g. "--plugin FILE") appended;
std::string HuntCommand(const Counterexample& c, const HuntOptions& options, const std::string& source = "");
/// the TEST's suite and name, "HuntRayAabb, SlabBranchlessVsExact1";
std::string HuntCaseName(const Counterexample& c, const HuntOptions& options, int index);
/// the comment block's first lines: the query, the command (HuntCommand), each side's answer
/// (a's as aAnswer says when not "", else c.a) and the exact answer;
std::string HuntCaseComment(const Counterexample& c, const HuntOptions& options, int index, const std::string& source,
                            const std::string& aAnswer);
/// the assertions of the exact answer on the tested result, one line each: the judge's verdict on
/// the expression hit, and on a hit each t_enter, t_exit (ray casts) or depth (overlaps) that
/// returns has, as the expression value(field) gives it (field: that protocol name), within the
/// tolerance GoogleTestSnippet states.
std::string HuntExactAssertions(const Counterexample& c, const HuntOptions& options, std::uint32_t returns,
                                const std::string& hit, const std::function<std::string(const char*)>& value);

/// A scene with the counterexample's two shapes, algorithms a and b enabled (all of the family
/// against the judge, a drawn), the hunt's precision, and a title and description explaining it.
Scene CounterexampleScene(const Counterexample& c, const HuntOptions& options);

// ---- pieces, exposed for tests ----

/// The worker threads the hunts share, started so far (kept between runs; the calling thread of
/// a hunt is its first lane and not counted). Waits while a hunt uses them.
std::size_t HuntPoolWorkers();

/// Whether the two sides disagree on query (the exact side uses FastVerdict, then the judge).
bool HuntDisagrees(const HuntOptions& options, const Query& query);

/// The fields of a hit's t_enter, t_exit or depth (those returns has) that lie beyond ulps of the
/// exact values (the comparison's rule, core/compare.h): the hunt's value disagreement with the judge.
std::uint32_t ExactValueDifferences(const Query& q, Precision precision, const Result& r, std::uint32_t returns,
                                    const ExactResult& exact, double ulps);
/// Why answer r of an algorithm (its fields in returns) disagrees on q with the other side, "" when
/// they agree: the built-in b (run here in precision: the verdict, then with valueUlps > 0 the
/// values, ValueDifferences), or with b null the exact judge (its interval filter first, GMP
/// when the filter cannot decide or values count: each GMP judgement counted in *gmp when not
/// null). The causes are HuntVerdictCause and HuntValuesCause. The built-in hunt and the hunt over
/// a source from outside (app/sources/hunt_external.h) both judge with it.
std::string HuntCause(const Query& q, Precision precision, const Result& r, std::uint32_t returns,
                      const AlgorithmInfo* b, double valueUlps, std::uint64_t* gmp);
/// Whether ExactValueDifferences has any.
bool ExactValuesDiffer(const Query& q, Precision precision, const Result& r, std::uint32_t returns,
                       const ExactResult& exact, double ulps);

/// Whether the exact verdict changes when b is grown, shrunk or moved along an axis by
/// relative * (the query's largest number, at least 1).
bool NearBoundary(const Query& query, double relative);

/// Rounds every coordinate to the simplest value (0, small integers, halves, quarters, ...) that
/// keeps `disagrees` true, repeatedly, until nothing changes. obb axes are replaced by the nearest
/// signed permutation when that keeps the disagreement.
Query ShrinkQuery(const Query& query, const std::function<bool(const Query&)>& disagrees);

} // namespace hitlab
