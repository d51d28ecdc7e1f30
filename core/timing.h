// Per-algorithm timing on a scene's own queries (`hitlab bench SCENE`, the Timing panel): every
// algorithm of every family present, run through the registry as the app runs it, on the
// scene's queries repeated and perturbed, reported as ns per query (min and median of rounds).
#pragma once

#include "algorithm.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace hitlab {

class Scene;

struct TimingOptions {
    Precision precision = Precision::Float;
    int rounds = 15;             ///< timed passes over the workload per algorithm (min and median over them)
    std::size_t workload = 4096; ///< queries per pass: the scene's, then perturbed copies of them
    double perturbation = 1e-3;  ///< relative size of the perturbation of positions and sizes
    std::uint64_t seed = 1;
};

struct AlgorithmTiming {
    const AlgorithmInfo* info = nullptr;
    double minNs = 0;     ///< fastest pass, ns per query
    double medianNs = 0;  ///< median pass, ns per query
    std::size_t hits = 0; ///< hits in one pass (a check that the work was done)
};

struct FamilyTiming {
    Family family = Family::RayAabb;
    std::size_t sceneQueries = 0;            ///< queries of this family in the input
    std::size_t workload = 0;                ///< queries per pass
    std::vector<AlgorithmTiming> algorithms; ///< registry order
};

/// Times every algorithm of every family present in queries, family by family in protocol order.
/// progress (may be empty) gets the fraction done; cancel (may be null) stops early (the families
/// and algorithms not reached are left out).
std::vector<FamilyTiming> TimeQueries(std::span<const Query> queries, const TimingOptions& options,
                                      const std::atomic<bool>* cancel = nullptr,
                                      const std::function<void(double)>& progress = {});

/// The workload TimeQueries times family on: queries' own of that family (whose shapes match it),
/// then perturbed copies of them up to options.workload (empty when queries has none of family).
std::vector<Query> TimingWorkload(std::span<const Query> queries, Family family, const TimingOptions& options);

/// The protocol queries of every pair the scene compares (Scene::Queries).
std::vector<Query> SceneQueries(const Scene& scene);

/// A copy of query with every position and size multiplied by 1 + e, e uniform in
/// [-relative, relative] (obb axes and directions' lengths kept valid), from a seeded state.
Query PerturbQuery(const Query& query, double relative, std::uint64_t& state);

} // namespace hitlab
