// Per-algorithm timing on a scene's own queries.
#include "timing.h"

#include "scene.h"

#include <glm/glm.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>

namespace hitlab {

namespace {

/// splitmix64 step to a double in [-1, 1).
double Unit(std::uint64_t& state)
{
    state += 0x9E3779B97F4A7C15ull;
    std::uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return double(z >> 11) * 0x1p-52 - 1.0;
}

} // namespace

Query PerturbQuery(const Query& query, double relative, std::uint64_t& state)
{
    Query q = query;
    auto jiggle = [&](double& x) { x *= 1 + relative * Unit(state); };
    auto jiggle3 = [&](glm::dvec3& v) {
        jiggle(v.x);
        jiggle(v.y);
        jiggle(v.z);
    };
    for (Shape* shape : {&q.a, &q.b}) {
        switch (KindOf(*shape)) {
        case ShapeKind::Ray: {
            auto& x = std::get<Ray<double>>(*shape);
            jiggle3(x.origin);
            jiggle3(x.direction); // a relative change never makes a nonzero component zero
            break;
        }
        case ShapeKind::Segment: {
            auto& x = std::get<Segment<double>>(*shape);
            jiggle3(x.start);
            jiggle3(x.end);
            break;
        }
        case ShapeKind::Plane:
            jiggle(std::get<Plane<double>>(*shape).distance);
            break;
        case ShapeKind::Aabb: {
            auto& x = std::get<Aabb<double>>(*shape);
            jiggle3(x.min);
            jiggle3(x.max);
            const glm::dvec3 lo = glm::min(x.min, x.max), hi = glm::max(x.min, x.max);
            x = {lo, hi};
            break;
        }
        case ShapeKind::Sphere: {
            auto& x = std::get<Sphere<double>>(*shape);
            jiggle3(x.center);
            jiggle(x.radius);
            break;
        }
        case ShapeKind::Obb: {
            auto& x = std::get<Obb<double>>(*shape);
            jiggle3(x.center);
            jiggle3(x.halfExtents);
            break;
        }
        case ShapeKind::Point:
            jiggle3(std::get<Point<double>>(*shape).position);
            break;
        case ShapeKind::Triangle:
            for (auto& v : std::get<Triangle<double>>(*shape).vertices) {
                jiggle3(v);
            }
            break;
        case ShapeKind::Mesh: // its data is shared and may hold millions of vertices: the ray moves
            break;
        case ShapeKind::Convex: {
            auto& convex = std::get<Convex<double>>(*shape);
            if (convex.data) {
                convex.data = MovedConvexData(*convex.data, [&](glm::dvec3 p) {
                    jiggle3(p);
                    return p;
                });
            }
            break;
        }
        }
    }
    return q;
}

std::vector<Query> SceneQueries(const Scene& scene)
{
    std::vector<Query> out;
    for (const SceneQuery& q : scene.Queries()) {
        out.push_back(scene.MakeQuery(q));
    }
    return out;
}

std::vector<Query> TimingWorkload(std::span<const Query> queries, Family family, const TimingOptions& options)
{
    std::vector<Query> own;
    for (const Query& q : queries) {
        if (q.family == family && QueryShapesMatch(q)) {
            own.push_back(q);
        }
    }
    if (own.empty()) {
        return own;
    }
    // the scene's queries first, then perturbed copies (so a 1-query scene is not timed on one
    // branch-predicted input only)
    std::vector<Query> workload = own;
    std::uint64_t state = options.seed;
    for (std::size_t i = 0; workload.size() < std::max(options.workload, own.size()); ++i) {
        workload.push_back(PerturbQuery(own[i % own.size()], options.perturbation, state));
    }
    return workload;
}

std::vector<FamilyTiming> TimeQueries(std::span<const Query> queries, const TimingOptions& options,
                                      const std::atomic<bool>* cancel, const std::function<void(double)>& progress)
{
    using Clock = std::chrono::steady_clock;
    std::vector<FamilyTiming> out;
    std::size_t totalAlgorithms = 0, done = 0;
    for (Family family : AllFamilies()) {
        if (std::any_of(queries.begin(), queries.end(), [family](const Query& q) { return q.family == family; })) {
            totalAlgorithms += AlgorithmsOf(family).size();
        }
    }
    for (Family family : AllFamilies()) {
        const std::vector<Query> workload = TimingWorkload(queries, family, options);
        if (workload.empty()) {
            continue;
        }
        FamilyTiming ft;
        ft.family = family;
        ft.sceneQueries = std::size_t(std::count_if(queries.begin(), queries.end(), [family](const Query& q) {
            return q.family == family && QueryShapesMatch(q);
        }));
        ft.workload = workload.size();
        for (const AlgorithmInfo* info : AlgorithmsOf(family)) {
            if (cancel != nullptr && cancel->load()) {
                out.push_back(std::move(ft));
                return out;
            }
            AlgorithmTiming t;
            t.info = info;
            std::vector<double> passes;
            for (int round = -1; round < std::max(options.rounds, 1); ++round) { // round -1 warms up
                std::size_t hits = 0;
                const auto start = Clock::now();
                for (const Query& q : workload) {
                    hits += info->run(q, options.precision, nullptr).hit ? 1 : 0;
                }
                const double ns = std::chrono::duration<double, std::nano>(Clock::now() - start).count();
                if (round >= 0) {
                    passes.push_back(ns / double(workload.size()));
                }
                t.hits = hits;
            }
            std::sort(passes.begin(), passes.end());
            t.minNs = passes.front();
            t.medianNs = passes[passes.size() / 2];
            ft.algorithms.push_back(t);
            ++done;
            if (progress) {
                progress(double(done) / double(totalAlgorithms));
            }
        }
        out.push_back(std::move(ft));
    }
    return out;
}

} // namespace hitlab
