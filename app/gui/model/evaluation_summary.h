// What the window reads off each evaluation, kept until the next one: the disagreements the
// status overlay and the Results panel count, the queries with a result overlay to draw, and the
// Algorithms panel's queries per family. The stress scene has 100,000 queries: counting them every
// frame cost milliseconds, so they are counted once per evaluation (SceneEvaluator::Generation)
// and per set of external answers (ExternalSession::Generation); when a shape moved, only its
// queries are counted again (SceneEvaluator::RecomputedSince: dragging a box among 100,000 with 10
// rays recounts 10 queries, not 1,000,000). GL-free.
#pragma once

#include "algorithms_model.h"

#include "core/scene_eval.h"

#include <cstdint>
#include <vector>

namespace hitlab {

class ExternalSession;

class EvaluationSummary {
public:
    /// Recounts when `evaluation` (of scene) is not the one counted last, or the external answers
    /// changed (another session, or its Generation); cheap otherwise. external: the window's programs and
    /// plugins (null: none), whose failures and other verdicts count as disagreements.
    void Update(const Scene& scene, const SceneEvaluator& evaluation, const ExternalSession* external = nullptr);

    /// Queries with a disagreement (QueryDisagrees: built-in verdicts or values, or an external
    /// algorithm's failure or verdict): the status box's count, the sum of the Results panel's.
    std::size_t Disagreements() const { return m_disagreements; }
    /// The queries of a family with a disagreement: the Results panel's count above its table.
    int Disagreements(Family family) const { return m_disagreeing[static_cast<std::size_t>(family)]; }
    /// Indices into the evaluation's queries whose result overlay draws something (HasResultToDraw).
    const std::vector<std::uint32_t>& Drawable() const { return m_drawable; }
    /// Queries per family.
    const FamilyCounts& Counts() const { return m_counts; }
    /// Whether query i (of the evaluation counted last) has a disagreement, as QueryDisagrees says.
    bool Disagrees(std::size_t i) const { return i < m_flags.size() && (m_flags[i] & kDisagrees) != 0; }
    /// Whether the counts are those of this evaluation with these external answers.
    bool Covers(const SceneEvaluator& evaluation, const ExternalSession* external) const;

private:
    static constexpr std::uint8_t kDisagrees = 1, kDrawable = 2;
    /// Counts query i's disagreement again (its flag and the counts it adds to), and with drawable
    /// whether it has an overlay; true when it became or stopped being drawable.
    bool Recount(const Scene& scene, const SceneEvaluator& evaluation, std::size_t i, bool drawable);
    void ListDrawable();

    std::vector<std::uint8_t> m_flags; ///< per query: kDisagrees, kDrawable
    std::uint64_t m_generation = ~std::uint64_t(0);
    const ExternalSession* m_external = nullptr;
    std::uint64_t m_externalGeneration = 0;
    std::size_t m_disagreements = 0;
    FamilyCounts m_disagreeing{};
    std::vector<std::uint32_t> m_drawable;
    FamilyCounts m_counts{};
};

} // namespace hitlab
