// Making a mesh's shared data (core/mesh.h).
#include "mesh.h"

#include <glm/common.hpp>

namespace hitlab {

std::shared_ptr<const MeshData> MakeMeshData(std::vector<glm::dvec3> vertices,
                                             std::vector<std::array<std::uint32_t, 3>> triangles, std::string file)
{
    auto data = std::make_shared<MeshData>();
    data->floatVertices.reserve(vertices.size());
    if (!vertices.empty()) {
        data->boundsMin = data->boundsMax = vertices.front();
    }
    for (const glm::dvec3& v : vertices) {
        data->floatVertices.emplace_back(v);
        data->boundsMin = glm::min(data->boundsMin, v);
        data->boundsMax = glm::max(data->boundsMax, v);
    }
    data->vertices = std::move(vertices);
    data->triangles = std::move(triangles);
    data->file = std::move(file);
    return data;
}

bool SameMeshGeometry(const MeshData& a, const MeshData& b)
{
    return &a == &b || (a.vertices == b.vertices && a.triangles == b.triangles);
}

} // namespace hitlab
