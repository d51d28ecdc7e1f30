// Families and algorithms of the Algorithms panel.
#include "algorithms_model.h"

#include <algorithm>

namespace hitlab {

FamilyCounts CountQueries(const SceneEvaluator& evaluation)
{
    FamilyCounts counts{};
    for (const QueryEvaluation& qe : evaluation.Queries()) {
        ++counts[static_cast<size_t>(qe.query.family)];
    }
    return counts;
}

std::vector<FamilyEntry> BuildAlgorithmList(const Scene& scene, const SceneEvaluator& evaluation)
{
    return BuildAlgorithmList(scene, CountQueries(evaluation));
}

std::vector<FamilyEntry> BuildAlgorithmList(const Scene& scene, const FamilyCounts& counts)
{
    std::vector<FamilyEntry> out;
    for (Family family : AllFamilies()) {
        if (counts[static_cast<size_t>(family)] == 0) {
            continue;
        }
        const FamilySettings& settings = scene.Settings(family);
        FamilyEntry entry;
        entry.family = family;
        entry.queries = counts[static_cast<size_t>(family)];
        entry.precision = settings.precision;
        for (const AlgorithmInfo* info : AlgorithmsOf(family)) {
            const bool on = std::find(settings.enabled.begin(), settings.enabled.end(), info) != settings.enabled.end();
            entry.algorithms.push_back({info, on, settings.drawn == info});
        }
        out.push_back(std::move(entry));
    }
    return out;
}

FamilySettings WithEnabled(const FamilySettings& settings, const AlgorithmInfo& algorithm, bool enabled)
{
    FamilySettings out = settings;
    out.enabled.clear();
    for (const AlgorithmInfo* info : AlgorithmsOf(algorithm.family)) {
        const bool was = std::find(settings.enabled.begin(), settings.enabled.end(), info) != settings.enabled.end();
        if (info == &algorithm ? enabled : was) {
            out.enabled.push_back(info);
        }
    }
    if (out.enabled.empty()) {
        return settings; // one algorithm at least: the table needs a column and the viewport a drawing
    }
    if (std::find(out.enabled.begin(), out.enabled.end(), out.drawn) == out.enabled.end()) {
        out.drawn = out.enabled.front();
    }
    return out;
}

FamilySettings WithDrawn(const FamilySettings& settings, const AlgorithmInfo& algorithm)
{
    FamilySettings out = WithEnabled(settings, algorithm, true);
    out.drawn = &algorithm;
    return out;
}

std::string AlgorithmTooltip(const AlgorithmInfo& algorithm)
{
    std::string text = std::string(algorithm.title) + (algorithm.reference ? "  (reference)" : "") + "\n\n" +
                       std::string(algorithm.summary) + "\n\nSource: " + std::string(algorithm.source) +
                       "\n\nConventions:";
    for (const Convention& c : algorithm.conventions) {
        text += "\n  " + std::string(c.key) + ": " + std::string(c.value);
    }
    if (!algorithm.flaw.empty()) {
        text += "\n\nKnown flaw: " + std::string(algorithm.flaw);
    }
    return text;
}

} // namespace hitlab
