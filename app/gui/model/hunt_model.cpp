// The Hunt panel's logic: defaults, options, the worker session, loading a counterexample.
#include "hunt_model.h"

#include "algorithms_model.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <mutex>
#include <thread>

namespace hitlab {

namespace {

/// Several commands as one step of history: applied in order, reverted in reverse.
class CommandGroup final : public Command {
public:
    CommandGroup(std::vector<std::unique_ptr<Command>> parts, std::string label)
        : m_parts(std::move(parts)), m_label(std::move(label))
    {
    }
    bool Apply(Scene& scene) override
    {
        for (size_t i = 0; i < m_parts.size(); ++i) {
            if (!m_parts[i]->Apply(scene)) {
                for (size_t j = i; j-- > 0;) { // undo the ones applied: all or nothing
                    m_parts[j]->Revert(scene);
                }
                return false;
            }
        }
        return true;
    }
    void Revert(Scene& scene) override
    {
        for (size_t j = m_parts.size(); j-- > 0;) {
            m_parts[j]->Revert(scene);
        }
    }
    std::string Label() const override { return m_label; }

private:
    std::vector<std::unique_ptr<Command>> m_parts;
    std::string m_label;
};

bool IsReference(Family family, std::string_view name) { return ReferenceAlgorithm(family).name == name; }

/// The default a for a family (see DefaultHuntChoices), without a focused pair.
std::string DefaultAlgorithm(const Scene& scene, Family family)
{
    const FamilySettings& settings = scene.Settings(family);
    if (settings.drawn != nullptr && !settings.drawn->reference) {
        return std::string(settings.drawn->name);
    }
    for (const AlgorithmInfo* info : settings.enabled) {
        if (!info->reference) {
            return std::string(info->name);
        }
    }
    for (const AlgorithmInfo* info : AlgorithmsOf(family)) {
        if (!info->reference) {
            return std::string(info->name);
        }
    }
    return std::string(ReferenceAlgorithm(family).name);
}

} // namespace

std::vector<Family> EvaluatedFamilies(const SceneEvaluator& evaluation)
{
    const FamilyCounts counts = CountQueries(evaluation);
    std::vector<Family> families;
    for (Family f : AllFamilies()) {
        if (counts[static_cast<size_t>(f)] > 0) {
            families.push_back(f);
        }
    }
    return families;
}

std::optional<SceneQuery> FocusedPairOf(const Scene& scene, const std::optional<SceneQuery>& focused, Family family)
{
    if (!focused || focused->family != family || scene.Find(focused->a) == nullptr ||
        scene.Find(focused->b) == nullptr) {
        return std::nullopt;
    }
    return focused;
}

HuntChoices DefaultHuntChoices(const Scene& scene, const SceneEvaluator& evaluation,
                               const std::optional<SceneQuery>& focused, std::optional<Family> family)
{
    HuntChoices c;
    if (!family && focused) {
        family = focused->family;
    }
    if (!family) {
        const std::vector<Family> present = EvaluatedFamilies(evaluation);
        family = present.empty() ? Family::RayAabb : present.front();
    }
    c.family = *family;
    c.precision = scene.Settings(c.family).precision;
    c.a = DefaultAlgorithm(scene, c.family);
    const std::optional<SceneQuery> pair = FocusedPairOf(scene, focused, c.family);
    if (pair) {
        c.around = true;
        // the algorithm that disagrees on the focused pair: the hunt finds more cases like it
        if (const QueryEvaluation* qe = evaluation.Find(pair->a, pair->b); qe != nullptr) {
            const Comparison comparison = evaluation.ComparisonOf(*qe);
            for (const AlgorithmOutcome& o : comparison.outcomes) {
                if (o.info != nullptr && o.explanation != Explanation::None && !IsReference(c.family, o.info->name)) {
                    c.a = std::string(o.info->name);
                    break;
                }
            }
        }
    }
    return c;
}

HuntOptions MakeHuntOptions(const HuntChoices& choices, const Scene& scene, const std::optional<SceneQuery>& focused)
{
    HuntOptions o;
    o.family = choices.family;
    o.a = choices.a;
    o.b = choices.b;
    o.precision = choices.precision;
    o.maxCases = choices.maxCases;
    o.maxSeconds = choices.maxSeconds;
    o.seed = choices.seed;
    o.tolerance = choices.tolerance;
    o.valueUlps = choices.valueUlps;
    o.maxCounterexamples = static_cast<std::size_t>(std::max(choices.maxCounterexamples, 1));
    o.threads = choices.threads;
    if (choices.around) {
        if (const std::optional<SceneQuery> pair = FocusedPairOf(scene, focused, choices.family)) {
            o.around = scene.MakeQuery(*pair);
        }
    }
    return o;
}

IoError ValidateHuntChoices(const HuntChoices& choices, const Scene& scene, const std::optional<SceneQuery>& focused)
{
    HuntOptions options = MakeHuntOptions(choices, scene, focused);
    if (choices.External()) { // a is the source's: check the rest with a built-in a that is not b
        if (choices.a.empty()) {
            return {"a", "choose an algorithm"};
        }
        for (const AlgorithmInfo* info : AlgorithmsOf(choices.family)) {
            options.a = info->name != options.b ? std::string(info->name) : options.a;
        }
    }
    if (IoError e = ValidateHunt(options); !e.what.empty()) {
        return e;
    }
    if (!(choices.maxSeconds >= 0)) {
        return {"seconds", "must be 0 (no limit) or more"};
    }
    if (!(choices.tolerance >= 0)) {
        return {"tolerance", "must be 0 (every disagreement counts) or more"};
    }
    if (choices.maxCounterexamples < 1) {
        return {"max", "ask for at least one counterexample"};
    }
    return {};
}

double HuntFraction(const HuntProgress& progress, const HuntOptions& options)
{
    double fraction = -1;
    if (options.maxCases > 0) {
        fraction = std::max(fraction, static_cast<double>(progress.cases) / static_cast<double>(options.maxCases));
    }
    if (options.maxSeconds > 0) {
        fraction = std::max(fraction, progress.seconds / options.maxSeconds);
    }
    return fraction < 0 ? -1 : std::min(1.0, fraction);
}

/// An external hunt on its own thread: started and run there (starting a program can take a
/// while), its progress kept for the frame.
struct HuntSession::ExternalJob {
    std::thread thread;
    std::atomic<bool> cancel{false};
    std::atomic<bool> finished{false};
    mutable std::mutex mutex;
    HuntProgress progress;         ///< under mutex
    ExternalHuntReport report;     ///< once finished
    std::string error;             ///< ExternalHunt::Start's refusal, once finished
    std::string kind = "external"; ///< "plugin" or "program"

    ExternalJob(const HuntOptions& options, const HuntSource& source, std::chrono::milliseconds timeout)
    {
        kind = source.plugin.empty() ? "program" : "plugin";
        thread = std::thread([this, options, source, timeout] {
            ExternalHunt hunt;
            error = hunt.Start(options, source, timeout);
            if (error.empty()) {
                report = hunt.Run(&cancel, [this](const HuntProgress& p) {
                    const std::lock_guard<std::mutex> lock(mutex);
                    progress = p;
                });
            }
            finished = true;
        });
    }
    ~ExternalJob()
    {
        cancel = true;
        if (thread.joinable()) {
            thread.join();
        }
    }
};

HuntSession::HuntSession() = default;
HuntSession::~HuntSession() = default;

IoError HuntSession::Start(const HuntOptions& options, const HuntSource& source, std::chrono::milliseconds timeout)
{
    const bool external = !source.plugin.empty() || !source.external.empty();
    if (!external) {
        if (IoError e = ValidateHunt(options); !e.what.empty()) {
            return e;
        }
    }
    m_job.reset(); // cancels and joins a running one
    m_external.reset();
    m_report.reset();
    m_failures.clear();
    m_options = options;
    m_sourceSet = external;
    if (external) {
        m_external = std::make_unique<ExternalJob>(options, source, timeout);
    } else {
        m_job = std::make_unique<HuntJob>(options);
    }
    return {};
}

bool HuntSession::Poll(bool wait)
{
    if (m_external != nullptr) {
        if (!wait && !m_external->finished) {
            return false;
        }
        m_external->thread.join();
        ExternalHuntReport& r = m_external->report;
        HuntReport report;
        report.progress = r.progress;
        report.cancelled = r.cancelled;
        report.threads = r.threads;
        report.method = m_external->kind;
        report.notJudgedWhy = r.notJudgedWhy;
        if (!m_external->error.empty()) {
            report.error = {"a", m_external->error};
        }
        for (ExternalFind& f : r.found) {
            report.counterexamples.push_back(std::move(f.c));
            m_failures.push_back(std::move(f.failure));
        }
        m_report = std::move(report);
        m_external.reset();
        return true;
    }
    if (m_job == nullptr || (!wait && !m_job->Finished())) {
        return false;
    }
    m_report = m_job->Take();
    m_job.reset();
    return true;
}

void HuntSession::Cancel()
{
    if (m_job != nullptr) {
        m_job->Cancel();
    }
    if (m_external != nullptr) {
        m_external->cancel = true;
    }
}

HuntProgress HuntSession::Progress() const
{
    if (m_job != nullptr) {
        return m_job->Progress();
    }
    if (m_external != nullptr) {
        const std::lock_guard<std::mutex> lock(m_external->mutex);
        return m_external->progress;
    }
    return m_report ? m_report->progress : HuntProgress{};
}

std::optional<SceneQuery> LoadCounterexample(Scene& scene, History& history, const Counterexample& counterexample,
                                             const HuntOptions& options)
{
    const Family family = counterexample.query.family;
    const Scene example = CounterexampleScene(counterexample, options);
    if (example.Shapes().size() != 2) {
        return std::nullopt;
    }
    // the ids Add will hand out: the scene never reuses an id, so the next two are free
    const ShapeId ids[2] = {scene.NextId(), scene.NextId() + 1};
    std::vector<std::unique_ptr<Command>> parts;
    std::vector<std::string> names;
    for (int k = 0; k < 2; ++k) {
        SceneShape shape = example.Shapes()[static_cast<size_t>(k)];
        shape.id = ids[k];
        // "counterexample ray 1": apart from the scene's own names (two spheres get 1 and 2)
        const std::string base = "counterexample " + std::string(ShapeKindNoun(KindOf(shape.shape))) + " ";
        for (int n = 1;; ++n) {
            const std::string name = base + std::to_string(n);
            const bool taken = std::find(names.begin(), names.end(), name) != names.end() ||
                               std::any_of(scene.Shapes().begin(), scene.Shapes().end(),
                                           [&](const SceneShape& s) { return s.name == name; });
            if (!taken) {
                shape.name = name;
                break;
            }
        }
        names.push_back(shape.name);
        parts.push_back(AddShapeCommand(std::move(shape)));
    }
    // a and b must run, in the precision they disagreed in
    FamilySettings settings = scene.Settings(family);
    for (const std::string& name : {options.a, options.b}) {
        if (const AlgorithmInfo* info = FindAlgorithm(family, name); info != nullptr) {
            settings = WithEnabled(settings, *info, true);
        }
    }
    settings.precision = options.precision;
    const FamilySettings& before = scene.Settings(family);
    if (settings.enabled != before.enabled || settings.drawn != before.drawn ||
        settings.precision != before.precision) {
        parts.push_back(SetFamilySettingsCommand(scene, family, settings));
    }
    if (!history.Execute(scene, std::make_unique<CommandGroup>(std::move(parts), "Load counterexample"))) {
        return std::nullopt;
    }
    return SceneQuery{family, ids[0], ids[1]};
}

std::string CounterexampleFileName(const HuntOptions& options, int index)
{
    return std::string(FamilyName(options.family)) + "-" + options.a + "-" + (options.b.empty() ? "exact" : options.b) +
           "-" + std::to_string(options.seed) + "-" + std::to_string(index) + ".json";
}

std::string HuntOutcomeText(const HuntReport& report)
{
    const HuntProgress& p = report.progress;
    const std::string notJudged = HuntNotJudgedText(p, report.notJudgedWhy);
    switch (HuntStatusOf(p, report.counterexamples.size())) {
    case HuntStatus::NoneFound:
        return "No disagreement found in " + std::to_string(p.cases) + (p.cases == 1 ? " case." : " cases.");
    case HuntStatus::Found:
        return notJudged.empty() ? "" : notJudged + ".";
    case HuntStatus::Inconclusive:
        return "Inconclusive: " + notJudged + ".";
    }
    return "";
}

nlohmann::json HuntReportJson(const HuntReport& report)
{
    const HuntProgress& p = report.progress;
    return {{"status", HuntStatusName(HuntStatusOf(p, report.counterexamples.size()))},
            {"cases", p.cases},
            {"judged", p.cases - p.notJudged},
            {"not_judged", p.notJudged},
            {"not_judged_why", report.notJudgedWhy},
            {"disagreements", p.disagreements},
            {"near_boundary", p.nearBoundary},
            {"counterexamples", report.counterexamples.size()}};
}

} // namespace hitlab
