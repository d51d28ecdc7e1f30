// The Algorithms panel as data: the families the scene queries, their algorithms with on/off and
// drawn state, and the settings edits the checkboxes and radios make. GL-free.
#pragma once

#include "core/scene.h"
#include "core/scene_eval.h"

#include <array>
#include <string>
#include <vector>

namespace hitlab {

struct AlgorithmEntry {
    const AlgorithmInfo* info = nullptr;
    bool enabled = false;
    bool drawn = false;
};

struct FamilyEntry {
    Family family = Family::RayAabb;
    int queries = 0; ///< how many of the scene's queries are of this family
    Precision precision = Precision::Float;
    std::vector<AlgorithmEntry> algorithms; ///< every algorithm of the family, registry order
};

/// The families the scene's queries use (protocol order), each with all of its algorithms; the
/// queries are counted from the evaluation (which holds them already: listing a scene's queries
/// anew costs ~1 ms a frame on the stress scene).
std::vector<FamilyEntry> BuildAlgorithmList(const Scene& scene, const SceneEvaluator& evaluation);

/// The evaluation's queries per family (indexed by Family); the panel keeps it per evaluation.
using FamilyCounts = std::array<int, kFamilyCount>;
FamilyCounts CountQueries(const SceneEvaluator& evaluation);
/// BuildAlgorithmList from counts made by CountQueries.
std::vector<FamilyEntry> BuildAlgorithmList(const Scene& scene, const FamilyCounts& counts);

/// Settings with `algorithm` turned on or off (registry order kept). The last enabled algorithm
/// cannot be turned off; turning off the drawn one draws the first still enabled.
FamilySettings WithEnabled(const FamilySettings& settings, const AlgorithmInfo& algorithm, bool enabled);
/// Settings drawing `algorithm` (turned on when it was off).
FamilySettings WithDrawn(const FamilySettings& settings, const AlgorithmInfo& algorithm);

/// The tooltip: title, summary, source, conventions, the published flaw.
std::string AlgorithmTooltip(const AlgorithmInfo& algorithm);

} // namespace hitlab
