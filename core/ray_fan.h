// The dense ray view as data: an N x N fan of rays from one origin across a target's silhouette,
// each run through the chosen algorithms, classified all hit / all miss / disagree (and which
// algorithms hit), with the point to draw. The output is a plain array a renderer uploads as is.
#pragma once

#include "algorithm.h"

#include <cstdint>
#include <span>
#include <vector>

namespace hitlab {

struct RayFanOptions {
    glm::dvec3 origin{0, 0, -5};
    Shape target = Aabb<double>{};                ///< aabb, sphere, obb or plane: the family is ray_<type>
    int n = 256;                                  ///< rays per side, 1..1024
    std::vector<const AlgorithmInfo*> algorithms; ///< of the family, at most 32; empty: every one
    Precision precision = Precision::Float;
    double margin = 0.15; ///< the grid covers the silhouette's bounding disc grown by this fraction
    int threads = 0;      ///< worker threads (0: hardware concurrency, at most 8)
};

/// One ray's outcome, 16 bytes: where to draw it and which algorithms hit.
struct FanSample {
    float x = 0, y = 0, z = 0; ///< the hit point on the target (first hitting algorithm's point; the
                               ///< aim point on the grid when every algorithm misses)
    std::uint32_t hitMask = 0; ///< bit k: algorithms[k] hit
};

enum class FanClass : std::uint8_t { AllHit, AllMiss, Disagree };

struct RayFan {
    Family family = Family::RayAabb;
    int n = 0;
    std::vector<const AlgorithmInfo*> algorithms; ///< bit order of hitMask
    std::uint32_t allMask = 0;                    ///< the mask when every algorithm hits
    std::vector<FanSample> samples;               ///< row-major: samples[j * n + i], i across (right), j up
    std::size_t disagreements = 0;                ///< rays classified Disagree
    // the grid: aim(i, j) = center + right * u + up * v, u, v = -half + (k + 0.5) * 2 half / n
    glm::dvec3 center{0}, right{1, 0, 0}, up{0, 1, 0};
    double half = 1;
    std::string error; ///< non-empty when nothing was computed (why)

    FanClass Class(const FanSample& s) const
    {
        return s.hitMask == allMask ? FanClass::AllHit : s.hitMask == 0 ? FanClass::AllMiss : FanClass::Disagree;
    }
    /// The ray of cell (i, j).
    Ray<double> CellRay(const glm::dvec3& origin, int i, int j) const;
};

/// Computes the fan. ray_aabb in float runs slab_branchless through core/batch's kernel
/// (RayAabbBatchEnter, bit-identical to the scalar function); every other algorithm runs through
/// the registry. Rows are split over threads.
RayFan ComputeRayFan(const RayFanOptions& options);

/// The query of every ray of a computed fan against its target, in the order of its samples
/// (the rays ComputeRayFan ran): for algorithms that run elsewhere (an external program, a plugin).
std::vector<Query> FanQueries(const RayFan& fan, const glm::dvec3& origin, const Shape& target);

/// Adds an algorithm that ran elsewhere on FanQueries as the fan's next bit: results[k] for
/// samples[k]. A sample every earlier algorithm missed takes this one's hit point (when it returns
/// a point); allMask and disagreements are brought up to date. False (the fan unchanged) when the
/// fan has 32 algorithms already, is not of algorithm's family, or results is not one per sample.
bool AddFanAlgorithm(RayFan& fan, const AlgorithmInfo& algorithm, std::span<const Result> results);

} // namespace hitlab
