// Generated meshes (mesh_generate.h).
#include "mesh_generate.h"

#include <cmath>
#include <numbers>
#include <random>

namespace hitlab {

std::shared_ptr<const MeshData> GenerateSphereMesh(std::uint32_t rings, std::uint32_t segments, double radius,
                                                   double noise, std::uint64_t seed)
{
    std::mt19937_64 random(seed);
    std::uniform_real_distribution<double> uniform(0.0, 1.0);
    const auto jitter = [&] { return radius * (1 + noise * (uniform(random) - 0.5)); };
    std::vector<glm::dvec3> vertices;
    vertices.reserve(std::size_t(rings - 1) * segments + 2);
    vertices.emplace_back(0, 0, jitter()); // north pole
    for (std::uint32_t ring = 1; ring < rings; ++ring) {
        const double theta = std::numbers::pi * ring / rings;
        for (std::uint32_t s = 0; s < segments; ++s) {
            const double phi = 2 * std::numbers::pi * s / segments;
            const double r = jitter();
            vertices.emplace_back(r * std::sin(theta) * std::cos(phi), r * std::sin(theta) * std::sin(phi),
                                  r * std::cos(theta));
        }
    }
    const auto south = std::uint32_t(vertices.size());
    vertices.emplace_back(0, 0, -jitter());
    // vertex s of ring k (1-based rings)
    const auto at = [segments](std::uint32_t ring, std::uint32_t s) {
        return 1 + (ring - 1) * segments + s % segments;
    };
    std::vector<std::array<std::uint32_t, 3>> triangles;
    triangles.reserve(2 * std::size_t(segments) * (rings - 1));
    for (std::uint32_t s = 0; s < segments; ++s) {
        triangles.push_back({0, at(1, s), at(1, s + 1)});
    }
    for (std::uint32_t ring = 1; ring + 1 < rings; ++ring) {
        for (std::uint32_t s = 0; s < segments; ++s) {
            triangles.push_back({at(ring, s), at(ring + 1, s), at(ring + 1, s + 1)});
            triangles.push_back({at(ring, s), at(ring + 1, s + 1), at(ring, s + 1)});
        }
    }
    for (std::uint32_t s = 0; s < segments; ++s) {
        triangles.push_back({south, at(rings - 1, s + 1), at(rings - 1, s)});
    }
    return MakeMeshData(std::move(vertices), std::move(triangles));
}

std::shared_ptr<const MeshData> StandardSphereMesh() { return GenerateSphereMesh(501, 1000, 1.0, 0.001, 1); }

std::shared_ptr<const MeshData> GenerateRandomMesh(std::uint32_t count, double size, std::uint64_t seed)
{
    std::mt19937_64 random(seed);
    std::uniform_real_distribution<double> uniform(-size, size);
    std::vector<glm::dvec3> vertices;
    std::vector<std::array<std::uint32_t, 3>> triangles;
    for (std::uint32_t i = 0; i < count; ++i) {
        for (int k = 0; k < 3; ++k) {
            // one draw per statement (a call's arguments are evaluated in an order C++ leaves open),
            // z first: the order GCC on x86-64 used, so a seed keeps its mesh
            const double z = uniform(random), y = uniform(random), x = uniform(random);
            vertices.emplace_back(x, y, z);
        }
        triangles.push_back({3 * i, 3 * i + 1, 3 * i + 2});
    }
    return MakeMeshData(std::move(vertices), std::move(triangles));
}

} // namespace hitlab
