// The fixed benchmark workload, generated once from a fixed seed and shared by every
// benchmark of a family, peers included, so that their ns per test compare like with like.
// See bench/README.md for the distributions.
#pragma once

#include "core/shapes.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hitlab::bench {

/// Number of shapes on each side of a family: every benchmark tests kWorkloadSize x kWorkloadSize pairs.
inline constexpr std::size_t kWorkloadSize = 4096;
inline constexpr std::uint64_t kWorkloadSeed = 20240602;

/// The workload of every family in one scalar (generated in double, then rounded to T).
template <typename T>
struct Workload {
    // ray casts: a = rays (80% from distance 3 aimed into the scene, 20% starting inside it), unit directions
    std::vector<Ray<T>> rays;
    std::vector<Segment<T>> segments; ///< the rays cut to length 6
    // b of the ray casts: the scene, centers uniform in [-0.5, 0.5]^3
    std::vector<Aabb<T>> boxes;     ///< half-extents uniform in [0.2, 0.7]
    std::vector<Sphere<T>> spheres; ///< radii uniform in [0.25, 0.75]
    std::vector<Obb<T>> obbs;       ///< the boxes' extents, uniformly random rotations
    std::vector<Plane<T>> planes;   ///< unit normals uniform on the sphere, through a point of the scene cube
    /// centers uniform in [-0.5, 0.5]^3, each vertex the center plus a point uniform in [-1, 1]^3
    /// (a stream of its own, kWorkloadSeed + 1, so that the other shapes stay as they were)
    std::vector<Triangle<T>> triangles;
    // a of the overlaps: the same distributions with centers uniform in [-1, 1]^3 (about half the pairs overlap)
    std::vector<Aabb<T>> boxesA;
    std::vector<Sphere<T>> spheresA;
    std::vector<Obb<T>> obbsA;
};

/// The workload, generated on first use (thread-safe static).
template <typename T>
const Workload<T>& GetWorkload();

extern template const Workload<float>& GetWorkload<float>();
extern template const Workload<double>& GetWorkload<double>();

} // namespace hitlab::bench
