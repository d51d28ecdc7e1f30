// The scene's ray fans kept computed: each fan's RayFan (core/ray_fan.h) is recomputed only when
// the inputs of its last computation changed (origin, n, the target shape's value, the target
// family's enabled algorithms or precision), never merely because a frame was drawn. GL-free: the
// viewport keeps one and the renderer uploads an entry's samples when its revision changed.
#pragma once

#include "ray_fan.h"
#include "scene.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hitlab {

/// What a fan's computation depends on; equal inputs give the same RayFan.
struct FanInputs {
    glm::dvec3 origin{0.0};
    Shape target;
    int n = 0;
    std::vector<const AlgorithmInfo*> algorithms; ///< the family's enabled ones, registry order
    Precision precision = Precision::Float;
    friend bool operator==(const FanInputs&, const FanInputs&) = default;
};

/// The inputs of a scene's fan, or nullopt with `why` set ("target shape 7 is not in the scene",
/// "shape 2 is a ray; ...", "no ray_aabb algorithm is enabled", "n must be 1..1024, got 0").
std::optional<FanInputs> FanInputsOf(const Scene& scene, const SceneFan& fan, std::string* why = nullptr);

/// Counts of a computed fan by class; `masks` lists the disagreeing hit masks (bit k: the fan's
/// algorithms[k] hit) with their counts, most frequent first (ties: smaller mask first).
struct FanStats {
    std::size_t allHit = 0, allMiss = 0, disagree = 0;
    std::vector<std::pair<std::uint32_t, std::size_t>> masks;
};
FanStats CountFan(const RayFan& fan);

/// "slab, slab_signs" for a hit mask (the algorithms whose bit is set), "none" for 0.
std::string MaskNames(const RayFan& fan, std::uint32_t mask);

class FanCache {
public:
    struct Entry {
        FanId id = 0;
        std::optional<FanInputs> inputs; ///< of the last computation (nullopt: none could be made)
        RayFan fan;                      ///< empty samples when error is set
        FanStats stats;
        std::string error;          ///< why the fan shows nothing ("" when computed)
        double ms = 0.0;            ///< wall time of the last ComputeRayFan
        std::uint64_t revision = 0; ///< bumped by every recomputation (and by an error)
    };

    /// Brings every enabled fan of the scene up to date: recomputes those whose inputs differ from
    /// their last computation's, forgets fans the scene no longer has. Disabled fans keep their
    /// last result untouched. Returns how many fans were computed.
    int Update(const Scene& scene);
    /// The entry of a fan, or null when it was never brought up to date (or is gone).
    const Entry* Find(FanId id) const;
    const std::vector<Entry>& Entries() const { return m_entries; }
    /// ComputeRayFan calls so far (the unit tests count them).
    std::uint64_t Computations() const { return m_computations; }
    /// Forgets everything (a new scene).
    void Clear() { m_entries.clear(); }
    /// Replaces a fan's samples with `fan` (its algorithms and others' joined: AddFanAlgorithm)
    /// when the entry is still at `revision`, recounting its stats. Returns the entry's new
    /// revision, or 0 when it was recomputed or is gone meanwhile (nothing changes then).
    std::uint64_t Join(FanId id, std::uint64_t revision, RayFan fan);

    int threads = 0; ///< passed to RayFanOptions::threads

private:
    std::vector<Entry> m_entries;
    std::uint64_t m_computations = 0;
    std::uint64_t m_clock = 0;
};

} // namespace hitlab
