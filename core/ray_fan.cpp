// The dense ray view's computation.
#include "ray_fan.h"

#include "batch/ray_aabb_batch.h"
#include "scene.h"

#include <glm/glm.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <thread>

namespace hitlab {

namespace {

/// The target's bounding sphere (a plane: a disc around the point nearest the origin).
void Bound(const Shape& target, const glm::dvec3& origin, glm::dvec3* center, double* radius)
{
    switch (KindOf(target)) {
    case ShapeKind::Aabb: {
        const auto& x = std::get<Aabb<double>>(target);
        *center = (x.min + x.max) * 0.5;
        *radius = glm::length(x.max - x.min) * 0.5;
        break;
    }
    case ShapeKind::Sphere: {
        const auto& x = std::get<Sphere<double>>(target);
        *center = x.center;
        *radius = x.radius;
        break;
    }
    case ShapeKind::Obb: {
        const auto& x = std::get<Obb<double>>(target);
        *center = x.center;
        *radius = glm::length(x.halfExtents);
        break;
    }
    case ShapeKind::Plane: {
        const auto& x = std::get<Plane<double>>(target);
        const double n2 = glm::dot(x.normal, x.normal);
        *center = origin - x.normal * ((glm::dot(x.normal, origin) - x.distance) / n2);
        *radius = std::max(1.0, glm::length(*center - origin));
        break;
    }
    case ShapeKind::Triangle: {
        const auto& v = std::get<Triangle<double>>(target).vertices;
        *center = (v[0] + v[1] + v[2]) / 3.0;
        *radius = std::max({glm::length(v[0] - *center), glm::length(v[1] - *center), glm::length(v[2] - *center)});
        break;
    }
    case ShapeKind::Mesh: {
        const auto& m = std::get<Mesh<double>>(target);
        if (m.data) {
            *center = (m.data->boundsMin + m.data->boundsMax) * 0.5;
            *radius = glm::length(m.data->boundsMax - m.data->boundsMin) * 0.5;
            break;
        }
        *center = origin;
        *radius = 1;
        break;
    }
    case ShapeKind::Convex: {
        const auto& c = std::get<Convex<double>>(target);
        *center = c.data ? (c.data->boundsMin + c.data->boundsMax) * 0.5 : origin;
        *radius = c.data ? std::max(1e-300, glm::length(c.data->boundsMax - c.data->boundsMin) * 0.5) : 1.0;
        break;
    }
    case ShapeKind::Ray:
    case ShapeKind::Segment:
    case ShapeKind::Point:
        *center = origin;
        *radius = 1;
        break;
    }
    *radius = std::max(*radius, 1e-9);
}

} // namespace

Ray<double> RayFan::CellRay(const glm::dvec3& origin, int i, int j) const
{
    const double step = 2 * half / n;
    const glm::dvec3 aim = center + right * (-half + (i + 0.5) * step) + up * (-half + (j + 0.5) * step);
    glm::dvec3 d = aim - origin;
    if (d == glm::dvec3(0)) {
        d = glm::cross(right, up);
    }
    return {origin, d};
}

namespace {

/// The fan's family, algorithms and grid frame (facing the target's bounding sphere from the
/// origin), its samples cleared; "" or why the options cannot make a fan.
std::string SetUpFan(const RayFanOptions& o, RayFan& fan)
{
    bool swapped = false;
    const auto family = FamilyForTypes("ray", ShapeTypeName(o.target), &swapped);
    if (!family) {
        fan.error = std::string("no ray family for a ") + ShapeTypeName(o.target);
        return fan.error;
    }
    if (o.n < 1 || o.n > 1024) {
        fan.error = "n must be in 1..1024";
        return fan.error;
    }
    fan.family = *family;
    fan.n = o.n;
    fan.algorithms = o.algorithms.empty() ? AlgorithmsOf(*family) : o.algorithms;
    if (fan.algorithms.size() > 32) {
        fan.algorithms.resize(32);
    }
    for (const AlgorithmInfo* info : fan.algorithms) {
        if (info->family != *family) {
            fan.error = "algorithm " + std::string(info->name) + " is not of " + std::string(FamilyName(*family));
            return fan.error;
        }
    }
    fan.allMask = fan.algorithms.size() == 32 ? ~0u : (1u << fan.algorithms.size()) - 1;

    double radius = 1;
    Bound(o.target, o.origin, &fan.center, &radius);
    glm::dvec3 forward = fan.center - o.origin;
    forward = glm::length(forward) > 0 ? glm::normalize(forward) : glm::dvec3(0, 0, 1);
    const glm::dvec3 helper = std::fabs(forward.y) < 0.9 ? glm::dvec3(0, 1, 0) : glm::dvec3(1, 0, 0);
    fan.right = glm::normalize(glm::cross(forward, helper));
    fan.up = glm::cross(fan.right, forward);
    fan.half = radius * (1 + o.margin);
    fan.samples.assign(std::size_t(o.n) * std::size_t(o.n), FanSample{});

    return {};
}

/// Rows j0..j1 of the fan: a row at a time, one algorithm at a time over the row (each algorithm's
/// code and branches stay hot: with 7 algorithms 13.6 ms instead of 15.6 ms on one thread, bench
/// ray_fan/ray_aabb/256). box: the target for the batched kernel, or null.
void ComputeRows(const RayFanOptions& o, const AabbSoA* box, RayFan& fan, int j0, int j1)
{
    const bool batched = box != nullptr;
    Query q{fan.family, Ray<double>{}, o.target};
    std::vector<Ray<double>> rays(std::size_t(o.n));
    std::vector<glm::dvec3> points(std::size_t(o.n));
    std::vector<char> havePoint(std::size_t(o.n));
    for (int j = j0; j < j1; ++j) {
        FanSample* row = &fan.samples[std::size_t(j) * std::size_t(o.n)];
        for (int i = 0; i < o.n; ++i) {
            rays[std::size_t(i)] = fan.CellRay(o.origin, i, j);
            points[std::size_t(i)] = rays[std::size_t(i)].origin + rays[std::size_t(i)].direction;
            havePoint[std::size_t(i)] = 0;
        }
        for (std::size_t k = 0; k < fan.algorithms.size(); ++k) {
            const AlgorithmInfo* info = fan.algorithms[k];
            const std::uint32_t bit = 1u << k;
            const bool givesPoint = (info->returns & kFieldPoint) != 0;
            if (batched && info->boxKernel == BoxKernel::Branchless) {
                for (std::size_t i = 0; i < std::size_t(o.n); ++i) {
                    const Ray<float> rf = ShapeCast<float>(rays[i]);
                    float t = 0;
                    if (RayAabbBatchEnter(rf, *box, std::numeric_limits<float>::infinity(), &t) > 0) {
                        row[i].hitMask |= bit;
                        if (!havePoint[i]) {
                            points[i] = glm::dvec3(rf.origin + t * rf.direction);
                            havePoint[i] = 1;
                        }
                    }
                }
                continue;
            }
            for (std::size_t i = 0; i < std::size_t(o.n); ++i) {
                std::get<Ray<double>>(q.a) = rays[i];
                const Result r = info->run(q, o.precision, nullptr);
                if (r.hit) {
                    row[i].hitMask |= bit;
                    if (givesPoint && !havePoint[i]) {
                        points[i] = r.point;
                        havePoint[i] = 1;
                    }
                }
            }
        }
        for (std::size_t i = 0; i < std::size_t(o.n); ++i) {
            row[i].x = float(points[i].x);
            row[i].y = float(points[i].y);
            row[i].z = float(points[i].z);
        }
    }
}

} // namespace

RayFan ComputeRayFan(const RayFanOptions& o)
{
    RayFan fan;
    if (!SetUpFan(o, fan).empty()) {
        return fan;
    }
    // ray_aabb in float: the algorithm with the branchless batched kernel (BoxKernel) through it
    const bool batched = fan.family == Family::RayAabb && o.precision == Precision::Float;
    AabbSoA box;
    if (batched) {
        const Aabb<float> b = ShapeCast<float>(std::get<Aabb<double>>(o.target));
        box.Assign(std::span<const Aabb<float>>(&b, 1));
    }
    auto rows = [&](int j0, int j1) { ComputeRows(o, batched ? &box : nullptr, fan, j0, j1); };
    const int threads =
        std::clamp(o.threads > 0 ? o.threads : int(std::thread::hardware_concurrency()), 1, std::min(8, o.n));
    if (threads == 1) {
        rows(0, o.n);
    } else {
        std::vector<std::thread> workers;
        for (int t = 0; t < threads; ++t) {
            workers.emplace_back(rows, o.n * t / threads, o.n * (t + 1) / threads);
        }
        for (std::thread& w : workers) {
            w.join();
        }
    }
    for (const FanSample& s : fan.samples) {
        fan.disagreements += fan.Class(s) == FanClass::Disagree ? 1 : 0;
    }
    return fan;
}

std::vector<Query> FanQueries(const RayFan& fan, const glm::dvec3& origin, const Shape& target)
{
    std::vector<Query> queries;
    queries.reserve(fan.samples.size());
    for (int j = 0; j < fan.n; ++j) {
        for (int i = 0; i < fan.n; ++i) {
            queries.push_back(Query{fan.family, fan.CellRay(origin, i, j), target});
        }
    }
    return queries;
}

bool AddFanAlgorithm(RayFan& fan, const AlgorithmInfo& algorithm, std::span<const Result> results)
{
    if (fan.algorithms.size() >= 32 || algorithm.family != fan.family || results.size() != fan.samples.size()) {
        return false;
    }
    const std::uint32_t bit = 1u << fan.algorithms.size();
    const bool givesPoint = (algorithm.returns & kFieldPoint) != 0;
    fan.algorithms.push_back(&algorithm);
    fan.allMask |= bit;
    fan.disagreements = 0;
    for (std::size_t k = 0; k < fan.samples.size(); ++k) {
        FanSample& s = fan.samples[k];
        if (results[k].hit) {
            if (s.hitMask == 0 && givesPoint) { // the first hit's point, as ComputeRayFan keeps it
                s.x = float(results[k].point.x);
                s.y = float(results[k].point.y);
                s.z = float(results[k].point.z);
            }
            s.hitMask |= bit;
        }
        fan.disagreements += fan.Class(s) == FanClass::Disagree ? 1 : 0;
    }
    return true;
}

} // namespace hitlab
