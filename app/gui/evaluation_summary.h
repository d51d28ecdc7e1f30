// What the window reads off each evaluation, kept until the next one: the disagreements the
// status overlay counts, the queries with a result overlay to draw, and the Algorithms panel's
// queries per family. The stress scene has 100,000 queries: counting them every frame cost
// milliseconds, so they are counted once per evaluation (SceneEvaluator::Generation). GL-free.
#pragma once

#include "panels/algorithms_model.h"

#include "core/scene_eval.h"

#include <cstdint>
#include <vector>

namespace hitlab {

class EvaluationSummary {
public:
    /// Recounts when `evaluation` is not the one counted last (cheap otherwise).
    void Update(const SceneEvaluator& evaluation);

    /// Queries whose algorithms disagree (verdict or values).
    std::size_t Disagreements() const { return m_disagreements; }
    /// Indices into the evaluation's queries whose result overlay draws something (HasResultToDraw).
    const std::vector<std::uint32_t>& Drawable() const { return m_drawable; }
    /// Queries per family.
    const FamilyCounts& Counts() const { return m_counts; }

private:
    std::uint64_t m_generation = ~std::uint64_t(0);
    std::size_t m_disagreements = 0;
    std::vector<std::uint32_t> m_drawable;
    FamilyCounts m_counts{};
};

} // namespace hitlab
