// Generated meshes for benchmarks and tests: a noisy tessellated sphere (a closed surface of any
// size, the standard 1,000,000-triangle mesh of the ray_mesh benchmarks) and a soup of random
// triangles. Deterministic for a seed.
#pragma once

#include "mesh.h"

#include <cstdint>
#include <memory>

namespace hitlab {

/// A latitude-longitude sphere about the origin: a vertex at each pole, rings - 1 rings of
/// `segments` vertices between them, each vertex's radius radius * (1 + noise * (x - 0.5)) with x
/// uniform in [0, 1) from the seed. 2 * segments * (rings - 1) triangles, wound outwards
/// (rings >= 2, segments >= 3). kStandardSphere's (501, 1000) gives 1,000,000.
std::shared_ptr<const MeshData> GenerateSphereMesh(std::uint32_t rings, std::uint32_t segments, double radius,
                                                   double noise, std::uint64_t seed);

/// The ray_mesh benchmarks' mesh (`sphere_1m`): GenerateSphereMesh(501, 1000, 1, 0.001, 1).
std::shared_ptr<const MeshData> StandardSphereMesh();

/// `count` triangles whose vertices are uniform in the cube [-1, 1]^3 scaled by `size` (each a
/// triangle of its own three vertices: no shared edges).
std::shared_ptr<const MeshData> GenerateRandomMesh(std::uint32_t count, double size, std::uint64_t seed);

} // namespace hitlab
