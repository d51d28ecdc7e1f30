// The disagreement search's loop: the scalar path (any family, registry runners, the exact judge
// behind its interval filter) and the vectorised ray/box path, progress, cancel and the merge.
#include "hunt_detail.h"
#include "hunt_groups.h"

#include <chrono>
#include <cmath>
#include <cstring>
#include <mutex>
#include <thread>

namespace hitlab {

namespace {

using Clock = std::chrono::steady_clock;

} // namespace

std::uint32_t ExactValueDifferences(const Query& q, Precision precision, const Result& r, std::uint32_t returns,
                                    const ExactResult& exact, double ulps)
{
    const ValueScale scale = QueryValueScale(q);
    std::uint32_t fields = 0;
    auto check = [&](std::uint32_t field, double value, const ExactValue& e, double floor) {
        if ((returns & field) != 0 && !ValuesClose(value, e.value, floor, precision, ulps)) {
            fields |= field;
        }
    };
    if (IsCast(q.family)) {
        check(kFieldTEnter, r.tEnter, exact.tEnter, scale.t);
        check(kFieldTExit, r.tExit, exact.tExit, scale.t);
    } else {
        check(kFieldDepth, r.depth, exact.depth, scale.length);
    }
    return fields;
}

bool ExactValuesDiffer(const Query& q, Precision precision, const Result& r, std::uint32_t returns,
                       const ExactResult& exact, double ulps)
{
    return ExactValueDifferences(q, precision, r, returns, exact, ulps) != 0;
}

std::string HuntCause(const Query& q, Precision precision, const Result& r, std::uint32_t returns,
                      const AlgorithmInfo* b, double valueUlps, std::uint64_t* gmp)
{
    if (b != nullptr) {
        const Result rb = b->run(q, precision, nullptr);
        if (r.hit != rb.hit) {
            return HuntVerdictCause(r.hit, std::string(b->name));
        }
        const std::uint32_t fields =
            valueUlps > 0 ? ValueDifferences(q, precision, QueryValueScale(q), r, returns, rb, b->returns, valueUlps)
                          : 0;
        return fields != 0 ? HuntValuesCause(fields) : std::string();
    }
    const std::optional<bool> fast = FastVerdict(q);
    if (fast && (valueUlps <= 0 || !r.hit || !*fast)) { // the interval filter decides
        return r.hit != *fast ? HuntVerdictCause(r.hit, "exact") : std::string();
    }
    if (gmp != nullptr) {
        ++*gmp;
    }
    if (valueUlps <= 0 || !r.hit) {
        return r.hit != ExactHit(q) ? HuntVerdictCause(r.hit, "exact") : std::string();
    }
    const ExactResult exact = JudgeExact(q);
    if (!exact.hit) {
        return HuntVerdictCause(true, "exact");
    }
    const std::uint32_t fields = ExactValueDifferences(q, precision, r, returns, exact, valueUlps);
    return fields != 0 ? HuntValuesCause(fields) : std::string();
}

namespace {

/// The two sides of a hunt, resolved.
struct Sides {
    const AlgorithmInfo* a = nullptr;
    const AlgorithmInfo* b = nullptr; ///< null: the exact judge
    Precision precision = Precision::Double;
    std::uint64_t exactCalls = 0;

    double tolerance = 0;
    std::uint64_t nearBoundary = 0;

    double valueUlps = 0;

    /// Why the sides disagree on q (HuntCause), "" when they agree.
    std::string RawCause(const Query& q)
    {
        return HuntCause(q, precision, a->run(q, precision, nullptr), a->returns, b, valueUlps, &exactCalls);
    }

    /// The cause of a disagreement that counts (not within the tolerance of the boundary), without
    /// counting (for shrinking).
    std::string Cause(const Query& q)
    {
        std::string cause = RawCause(q);
        return !cause.empty() && tolerance > 0 && NearBoundary(q, tolerance) ? std::string() : cause;
    }

    /// The cause of a disagreement that counts, "" when none; one within the tolerance of the
    /// boundary is counted as near-boundary.
    std::string Disagree(const Query& q)
    {
        std::string cause = RawCause(q);
        if (!cause.empty() && tolerance > 0 && NearBoundary(q, tolerance)) {
            ++nearBoundary;
            return {};
        }
        return cause;
    }
};

Sides Resolve(const HuntOptions& o)
{
    Sides s;
    s.a = FindAlgorithm(o.family, o.a);
    s.b = o.b.empty() ? nullptr : FindAlgorithm(o.family, o.b);
    s.precision = o.precision;
    s.tolerance = o.tolerance;
    s.valueUlps = o.valueUlps;
    return s;
}

/// Counts every disagreement in its group and keeps each group's smallest shrunk case.
class Collector {
public:
    Collector(const HuntOptions& options, Sides& sides) : m_options(options), m_sides(sides) {}

    void Add(const Query& original, const char* distribution, const std::string& cause)
    {
        ++m_raw;
        // shrinking costs thousands of runs: a group gets a few shrinks, not one per disagreement
        if (!m_groups.Count(distribution, cause)) {
            return;
        }
        const bool isFloat = m_options.precision == Precision::Float;
        auto keeps = [&](const Query& q) {
            return (!isFloat || DescribeQuery(hunt::RoundToFloat(q)) == DescribeQuery(q)) && m_sides.Cause(q) == cause;
        };
        Counterexample c;
        c.original = original;
        c.query = m_options.shrink ? ShrinkQuery(original, keeps) : original;
        c.distribution = distribution;
        c.cause = cause;
        c.text = DescribeQuery(c.query);
        c.a = m_sides.a->run(c.query, m_options.precision, nullptr);
        if (m_sides.b != nullptr) {
            c.b = m_sides.b->run(c.query, m_options.precision, nullptr);
        }
        c.exact = JudgeExact(c.query);
        m_groups.Offer(distribution, cause, std::move(c));
    }

    bool Full() const { return m_options.maxCounterexamples > 0 && m_groups.Size() >= m_options.maxCounterexamples; }
    HuntGroups<Counterexample>& Groups() { return m_groups; }
    std::uint64_t Raw() const { return m_raw; }

private:
    const HuntOptions& m_options;
    Sides& m_sides;
    HuntGroups<Counterexample> m_groups;
    std::uint64_t m_raw = 0;
};

/// One thread's share of a hunt: its own random stream, sides (with their counters) and
/// collector, and its counts published for the progress line. Each on cache lines of its own, so
/// that one thread's counters never share a line with another's.
struct alignas(64) Lane {
    Lane(const HuntOptions& o, std::uint64_t laneSeed, std::uint64_t laneQuota)
        : sides(Resolve(o)), collector(o, sides), seed(laneSeed), quota(laneQuota)
    {
    }
    Sides sides;
    Collector collector;
    std::uint64_t seed;
    std::uint64_t quota; ///< stop after this many cases (0: no limit)
    std::uint64_t cases = 0;
    bool cancelled = false;
    /// cases, disagreements, near-boundary, exact calls, counterexamples: read by lane 0
    std::atomic<std::uint64_t> shown[5] = {0, 0, 0, 0, 0};

    void Publish()
    {
        const std::uint64_t values[5] = {cases, collector.Raw(), sides.nearBoundary, sides.exactCalls,
                                         collector.Groups().Size()};
        for (int i = 0; i < 5; ++i) {
            shown[i].store(values[i], std::memory_order_relaxed);
        }
    }
};

/// Progress, cancel and the stop conditions, checked by each lane between its batches.
class Meter {
public:
    Meter(const HuntOptions& o, const std::atomic<bool>* cancel, const HuntCallback& cb,
          const std::vector<std::unique_ptr<Lane>>& lanes)
        : m_options(o), m_cancel(cancel), m_callback(cb), m_lanes(lanes), m_start(Clock::now()), m_lastReport(m_start)
    {
    }

    double Seconds() const { return std::chrono::duration<double>(Clock::now() - m_start).count(); }

    /// Every lane's counts summed (counterexamples before merging duplicates across lanes).
    HuntProgress Sum() const
    {
        HuntProgress p;
        for (const auto& lane : m_lanes) {
            p.cases += lane->shown[0].load(std::memory_order_relaxed);
            p.disagreements += lane->shown[1].load(std::memory_order_relaxed);
            p.nearBoundary += lane->shown[2].load(std::memory_order_relaxed);
            p.exactCalls += lane->shown[3].load(std::memory_order_relaxed);
            p.counterexamples += std::size_t(lane->shown[4].load(std::memory_order_relaxed));
        }
        p.seconds = Seconds();
        p.casesPerSecond = p.seconds > 0 ? double(p.cases) / p.seconds : 0;
        return p;
    }

    /// Whether the lane stops; some lane reports progress about 10 times a second. A lane stops
    /// on its own quota and its own full collector only, so that what it finds does not depend on
    /// how fast the other lanes run.
    bool Stop(Lane& lane)
    {
        lane.Publish();
        const auto now = Clock::now();
        const double seconds = std::chrono::duration<double>(now - m_start).count();
        if (m_callback) {
            const std::unique_lock lock(m_reportMutex, std::try_to_lock);
            if (lock && now - m_lastReport > std::chrono::milliseconds(100)) {
                m_lastReport = now;
                m_callback(Sum());
            }
        }
        lane.cancelled = m_cancel != nullptr && m_cancel->load(std::memory_order_relaxed);
        return lane.cancelled || lane.collector.Full() || (lane.quota > 0 && lane.cases >= lane.quota) ||
               (m_options.maxSeconds > 0 && seconds >= m_options.maxSeconds);
    }

private:
    const HuntOptions& m_options;
    const std::atomic<bool>* m_cancel;
    const HuntCallback& m_callback;
    const std::vector<std::unique_ptr<Lane>>& m_lanes;
    std::mutex m_reportMutex; ///< one lane at a time calls the callback
    Clock::time_point m_start, m_lastReport;
};

void ScalarHunt(const HuntOptions& o, Lane& lane, Meter& meter)
{
    hunt::Rng rng(lane.seed);
    const char* distribution = "";
    while (true) {
        for (int i = 0; i < 256; ++i) {
            const Query q = hunt::Draw(o.family, rng, o.precision, o.around, &distribution);
            if (std::string cause = lane.sides.Disagree(q); !cause.empty()) {
                lane.collector.Add(q, distribution, cause);
            }
        }
        lane.cases += 256;
        if (meter.Stop(lane)) {
            return;
        }
    }
}

using BatchKernel = void (*)(const Ray<float>&, const AabbSoA&, std::uint8_t*);

/// The registry's batched kernel of an algorithm (HuntBatchedApplies: it has one).
BatchKernel KernelOf(const AlgorithmInfo& info)
{
    if (info.boxKernel == BoxKernel::Slab) {
        return hunt::RayAabbSlabBatch;
    }
    return [](const Ray<float>& ray, const AabbSoA& boxes, std::uint8_t* hits) {
        RayAabbBatch(ray, boxes, std::numeric_limits<float>::infinity(), hits);
    };
}

/// One ray against a pool of boxes per kernel call: rays x boxes cases, compared a byte at a time.
void BatchedHunt(Lane& lane, Meter& meter)
{
    constexpr std::size_t kPool = 4096;
    constexpr int kRaysPerPool = 64;
    Sides& sides = lane.sides;
    Collector& collector = lane.collector;
    const BatchKernel kernelA = KernelOf(*sides.a), kernelB = KernelOf(*sides.b);
    hunt::Rng rng(lane.seed);
    std::vector<Aabb<float>> boxes(kPool);
    AabbSoA pool;
    std::vector<std::uint8_t> hitsA(kPool), hitsB(kPool);
    const char* distribution = "";
    while (true) {
        hunt::DrawBoxes(rng, boxes);
        pool.Assign(boxes);
        for (int r = 0; r < kRaysPerPool; ++r) {
            const Ray<float> ray = hunt::DrawRay(rng, &distribution);
            kernelA(ray, pool, hitsA.data());
            kernelB(ray, pool, hitsB.data());
            if (std::memcmp(hitsA.data(), hitsB.data(), kPool) != 0) {
                for (std::size_t i = 0; i < kPool && !collector.Full(); ++i) {
                    if (hitsA[i] != hitsB[i]) {
                        const Query q{Family::RayAabb, ShapeCast<double>(ray), ShapeCast<double>(boxes[i])};
                        // the registry's scalar runs confirm it
                        if (std::string cause = sides.Disagree(q); !cause.empty()) {
                            collector.Add(q, distribution, cause);
                        }
                    }
                }
            }
        }
        lane.cases += kPool * kRaysPerPool;
        if (meter.Stop(lane)) {
            return;
        }
    }
}

} // namespace

/// The stream of lane `lane`: lane 0 keeps the seed (one thread draws what it always drew), the
/// others a splitmix64 mix of seed and lane, so that no two lanes share a stream.
std::uint64_t hunt::LaneSeed(std::uint64_t seed, std::size_t lane)
{
    if (lane == 0) {
        return seed;
    }
    std::uint64_t z = seed ^ (std::uint64_t(lane) * 0xD1B54A32D192ED03ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

IoError ValidateHunt(const HuntOptions& o)
{
    auto names = [&] {
        std::string s;
        for (const AlgorithmInfo* info : AlgorithmsOf(o.family)) {
            s += (s.empty() ? "" : ", ") + std::string(info->name);
        }
        return s;
    };
    if (FindAlgorithm(o.family, o.a) == nullptr) {
        return {"a", "unknown algorithm \"" + o.a + "\" for " + std::string(FamilyName(o.family)) +
                         " (valid: " + names() + ")"};
    }
    if (!o.b.empty() && FindAlgorithm(o.family, o.b) == nullptr) {
        return {"b", "unknown algorithm \"" + o.b + "\" for " + std::string(FamilyName(o.family)) +
                         " (valid: " + names() + ")"};
    }
    if (o.a == o.b) {
        return {"b", "the same algorithm as a: choose another b, or the exact judge"};
    }
    if (o.threads > kMaxHuntThreads) {
        return {"threads", "at most " + std::to_string(kMaxHuntThreads) + " threads (0: one per core)"};
    }
    if (o.around && (o.around->family != o.family || !QueryShapesMatch(*o.around))) {
        return {"around", "the seed pair is not a " + std::string(FamilyName(o.family)) + " query"};
    }
    if (!(o.valueUlps >= 0) || std::isinf(o.valueUlps)) {
        return {"ulps", "the value tolerance must be a finite number >= 0 (0: verdicts only)"};
    }
    return {};
}

bool HuntBatchedApplies(const HuntOptions& o)
{
    auto batched = [&o](const std::string& name) {
        const AlgorithmInfo* info = FindAlgorithm(o.family, name);
        return info != nullptr && info->boxKernel != BoxKernel::None;
    };
    return o.batched && o.family == Family::RayAabb && o.precision == Precision::Float && batched(o.a) &&
           batched(o.b) && !o.around && o.valueUlps <= 0;
}

bool HuntDisagrees(const HuntOptions& options, const Query& query)
{
    Sides sides = Resolve(options);
    return sides.a != nullptr && !sides.Disagree(query).empty();
}

std::size_t HuntThreads(const HuntOptions& options)
{
    if (options.threads > 0) {
        return options.threads;
    }
    return std::max(1u, std::thread::hardware_concurrency());
}

HuntStatus HuntStatusOf(const HuntProgress& progress, std::size_t counterexamples)
{
    if (counterexamples > 0 || progress.disagreements > 0) {
        return HuntStatus::Found;
    }
    return progress.notJudged > 0 || progress.cases == 0 ? HuntStatus::Inconclusive : HuntStatus::NoneFound;
}

const char* HuntStatusName(HuntStatus status)
{
    switch (status) {
    case HuntStatus::NoneFound:
        return "none found";
    case HuntStatus::Found:
        return "found";
    case HuntStatus::Inconclusive:
        return "inconclusive";
    }
    return "?";
}

std::string HuntNotJudgedText(const HuntProgress& progress, const std::string& why)
{
    if (progress.cases == 0) {
        return "no case was drawn";
    }
    if (progress.notJudged == 0) {
        return "";
    }
    return std::to_string(progress.notJudged) + " of " + std::to_string(progress.cases) + " case" +
           (progress.cases == 1 ? "" : "s") + " not judged" + (why.empty() ? "" : " (" + why + ")");
}

HuntReport RunHunt(const HuntOptions& options, const std::atomic<bool>* cancel, const HuntCallback& progress)
{
    HuntReport report;
    report.error = ValidateHunt(options);
    if (!report.error.what.empty()) {
        return report;
    }
    // the cases split evenly between the lanes; a lane whose share is 0 does not start
    const std::size_t threads = HuntThreads(options);
    std::vector<std::unique_ptr<Lane>> lanes;
    for (std::size_t i = 0; i < threads; ++i) {
        const std::uint64_t quota = options.maxCases / threads + (i < options.maxCases % threads ? 1 : 0);
        if (options.maxCases > 0 && quota == 0) {
            break;
        }
        lanes.push_back(std::make_unique<Lane>(options, hunt::LaneSeed(options.seed, i), quota));
    }
    Meter meter(options, cancel, progress, lanes);
    const bool batched = HuntBatchedApplies(options);
    report.method = batched ? "batched (" + std::string(BatchIsaName(BestBatchIsa())) + ")" : "scalar";
    report.threads = lanes.size();
    hunt::RunLanes(lanes.size(), [&](std::size_t i) {
        if (batched) {
            BatchedHunt(*lanes[i], meter);
        } else {
            ScalarHunt(options, *lanes[i], meter);
        }
    });
    // merged in lane order: counts summed, the simpler case of a group kept; every group a lane found
    HuntGroups<Counterexample> groups;
    for (const auto& lane : lanes) {
        report.cancelled = report.cancelled || lane->cancelled;
        groups.Merge(std::move(lane->collector.Groups()));
    }
    report.counterexamples = groups.Sorted();
    report.progress = meter.Sum();
    report.progress.counterexamples = report.counterexamples.size();
    if (progress) {
        progress(report.progress);
    }
    return report;
}

} // namespace hitlab
