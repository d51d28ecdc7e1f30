// The Hunt panel as data: its choices and their defaults from the scene, the hunt on a worker
// thread (core/exact/hunt.h's HuntJob) with the report it leaves, and loading a counterexample
// into the current scene as one undoable step. GL-free, ImGui-free.
#pragma once

#include "app/sources/hunt_external.h"
#include "core/commands.h"
#include "core/exact/hunt.h"
#include "core/scene_eval.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hitlab {

/// What the person chose in the Hunt panel (HuntOptions before "around" is resolved).
struct HuntChoices {
    Family family = Family::RayAabb;
    std::string a; ///< an algorithm of the family
    std::string b; ///< another one, or "" for the exact judge
    Precision precision = Precision::Float;
    std::uint64_t maxCases = 10000000; ///< 0: no limit
    double maxSeconds = 5;             ///< 0: no limit
    std::uint64_t seed = 1;
    bool around = false;           ///< a share of the cases perturb the focused pair
    double tolerance = 0;          ///< HuntOptions::tolerance
    double valueUlps = kValueUlps; ///< HuntOptions::valueUlps (values by default; 0: verdicts only)
    int maxCounterexamples = 5;
    unsigned threads = 0; ///< HuntOptions::threads (0: one per core, as `hitlab hunt`)
    /// Set when a is an external program's or plugin's algorithm (the window's ExternalSession):
    /// the hunt then runs it through ExternalHunt, each thread with its own process.
    HuntSource source;
    bool External() const { return !source.plugin.empty() || !source.external.empty(); }
};

/// The families of the scene's evaluated queries, in protocol order.
std::vector<Family> EvaluatedFamilies(const SceneEvaluator& evaluation);

/// The defaults: the family of the focused pair (else `family`, else the first family the scene
/// queries, else ray_aabb); a = on the focused pair the first enabled algorithm that disagrees
/// with the reference, else the family's drawn algorithm unless it is the reference, else its
/// first enabled non-reference algorithm, else its first non-reference one; b = the exact judge;
/// the family's precision in the scene; "around" when a focused pair of that family exists.
HuntChoices DefaultHuntChoices(const Scene& scene, const SceneEvaluator& evaluation,
                               const std::optional<SceneQuery>& focused, std::optional<Family> family = std::nullopt);

/// The focused pair when it is a query of `family` whose shapes exist, else nullopt.
std::optional<SceneQuery> FocusedPairOf(const Scene& scene, const std::optional<SceneQuery>& focused, Family family);

/// The HuntOptions the choices make ("around" = the focused pair's query, when asked for and
/// there is a focused pair of the family; else none).
HuntOptions MakeHuntOptions(const HuntChoices& choices, const Scene& scene, const std::optional<SceneQuery>& focused);

/// No error (what "") when the choices can run, else which choice is wrong and why: ValidateHunt's
/// error, a negative limit ("seconds") or tolerance ("tolerance"), fewer than one counterexample
/// ("max"). ("around" without a focused pair of the family is
/// ignored: the panel shows it unavailable.)
IoError ValidateHuntChoices(const HuntChoices& choices, const Scene& scene, const std::optional<SceneQuery>& focused);

/// How far the hunt is, 0..1: the larger of the cases' and the seconds' share of their limits;
/// -1 when neither limit is set.
double HuntFraction(const HuntProgress& progress, const HuntOptions& options);

/// One hunt at a time on a worker thread, and the report of the last one. Destroying it
/// cancels and joins a running hunt.
class HuntSession {
public:
    HuntSession();
    ~HuntSession();
    HuntSession(const HuntSession&) = delete;
    HuntSession& operator=(const HuntSession&) = delete;

    /// Starts a hunt (cancelling and dropping a running one and the last report). Returns no error
    /// (what "") or ValidateHunt's (and starts nothing). With a source, options.a is its algorithm:
    /// the worker starts it (ExternalHunt::Start; a refusal becomes the report's error, where "a")
    /// and runs it, each answer within timeout.
    IoError Start(const HuntOptions& options, const HuntSource& source = {},
                  std::chrono::milliseconds timeout = kExternalTimeout);
    bool Running() const { return m_job != nullptr || m_external != nullptr; }
    /// Parallel to Report()->counterexamples: an external algorithm's failure on it ("crashed:
    /// killed by signal 11 ..."), or "".
    const std::vector<std::string>& Failures() const { return m_failures; }
    /// Whether the running or last hunt ran an external algorithm.
    bool External() const { return m_sourceSet; }
    /// Takes the report once the hunt finished (with wait: blocks until it has). True when a
    /// report was taken by this call.
    bool Poll(bool wait = false);
    void Cancel();
    /// The running hunt's progress (the last report's when none runs).
    HuntProgress Progress() const;
    /// The options of the running or last hunt.
    const HuntOptions& Options() const { return m_options; }
    const std::optional<HuntReport>& Report() const { return m_report; }

private:
    struct ExternalJob;
    std::unique_ptr<HuntJob> m_job;
    std::unique_ptr<ExternalJob> m_external;
    HuntOptions m_options;
    std::optional<HuntReport> m_report;
    std::vector<std::string> m_failures;
    bool m_sourceSet = false;
};

/// Adds the counterexample's two shapes to the scene as new shapes, and turns on a and b (and
/// the hunt's precision) in the family's settings when needed, as ONE undoable step of history.
/// Returns the new pair (a = the family's a shape), or nullopt when nothing was added.
std::optional<SceneQuery> LoadCounterexample(Scene& scene, History& history, const Counterexample& counterexample,
                                             const HuntOptions& options);

/// The file name `hitlab hunt -o` gives it: "ray_aabb-face_planes-exact-1-2.json" (index from 1).
std::string CounterexampleFileName(const HuntOptions& options, int index);

/// The panel's line on a hunt that ran (HuntStatusOf): "No disagreement found in 24512 cases."
/// only when every drawn case was judged; "Inconclusive: 55 of 64 cases not judged (why)." when
/// none was found but some were not judged; when some were found, "" or "55 of 64 cases not
/// judged (why)." ("Inconclusive: no case was drawn." when none was).
std::string HuntOutcomeText(const HuntReport& report);

/// The hunt's part of the window's --panel-report: status ("none found", "found",
/// "inconclusive"), cases (drawn), judged, not_judged, not_judged_why ("" when none),
/// disagreements, near_boundary, counterexamples.
nlohmann::json HuntReportJson(const HuntReport& report);

} // namespace hitlab
