// Reading the protocol's triangle, mesh and convex shapes (docs/protocol.md, "Triangles and
// meshes", "Convex shapes"): a triangle's three vertices, a mesh's inline vertices and index
// triples or, in a scene file, the mesh file it names (read by the scene reader's
// MeshFileReader), a convex shape's points.
#include "protocol.h"
#include "protocol_detail.h"

#include <cmath>

namespace hitlab {

namespace {

using nlohmann::json;
using namespace detail;

thread_local const MeshFileReader* t_meshFileReader = nullptr;

IoError ReadPoints(const json& v, const std::string& path, std::vector<glm::dvec3>& out)
{
    if (!v.is_array()) {
        return {path, "expected an array of points ([x, y, z] each), got " + Describe(v)};
    }
    out.resize(v.size());
    for (size_t i = 0; i < v.size(); ++i) {
        if (IoError e = ReadVec3(v[i], path + "[" + std::to_string(i) + "]", out[i]); !e.what.empty()) {
            return e;
        }
    }
    return {};
}

IoError ReadIndex(const json& v, const std::string& path, size_t vertexCount, std::uint32_t& out)
{
    if (!v.is_number()) {
        return {path, "expected a vertex index (an integer from 0), got " + Describe(v)};
    }
    const double d = v.get<double>();
    if (!v.is_number_integer() && !v.is_number_unsigned() && d != std::trunc(d)) {
        return {path, "must be an integer vertex index, got " + NumberText(d)};
    }
    if (d < 0 || d >= double(vertexCount)) {
        return {path, "index " + NumberText(d) + " is out of range (the mesh has " + std::to_string(vertexCount) +
                          (vertexCount == 1 ? " vertex" : " vertices") + ", indices from 0)"};
    }
    out = static_cast<std::uint32_t>(d);
    return {};
}

IoError ReadTriangles(const json& v, const std::string& path, size_t vertexCount,
                      std::vector<std::array<std::uint32_t, 3>>& out)
{
    if (!v.is_array()) {
        return {path, "expected an array of index triples ([i, j, k] each, 0-based), got " + Describe(v)};
    }
    if (v.size() > kMaxMeshTriangles) {
        return {path, std::to_string(v.size()) + " triangles: more than the " + std::to_string(kMaxMeshTriangles) +
                          " a mesh may have"};
    }
    out.resize(v.size());
    for (size_t i = 0; i < v.size(); ++i) {
        const std::string at = path + "[" + std::to_string(i) + "]";
        if (!v[i].is_array() || v[i].size() != 3) {
            return {at, "expected 3 vertex indices, got " + Describe(v[i])};
        }
        for (size_t k = 0; k < 3; ++k) {
            if (IoError e = ReadIndex(v[i][k], at + "[" + std::to_string(k) + "]", vertexCount, out[i][k]);
                !e.what.empty()) {
                return e;
            }
        }
    }
    return {};
}

} // namespace

ScopedMeshFileReader::ScopedMeshFileReader(const MeshFileReader& reader) : m_previous(t_meshFileReader)
{
    t_meshFileReader = &reader;
}

ScopedMeshFileReader::~ScopedMeshFileReader() { t_meshFileReader = m_previous; }

namespace detail {

IoError ReadTriangle(const json& j, const std::string& path, Triangle<double>& out)
{
    const auto it = j.find("vertices");
    if (it == j.end()) {
        return {path + ".vertices", "missing (a triangle needs \"vertices\": three points)"};
    }
    std::vector<glm::dvec3> points;
    if (IoError e = ReadPoints(*it, path + ".vertices", points); !e.what.empty()) {
        return e;
    }
    if (points.size() != 3) {
        return {path + ".vertices", "expected 3 points, got " + std::to_string(points.size())};
    }
    out.vertices = {points[0], points[1], points[2]};
    return {};
}

IoError ReadMesh(const json& j, const std::string& path, Mesh<double>& out)
{
    const auto file = j.find("file");
    const auto vertices = j.find("vertices");
    const auto triangles = j.find("triangles");
    if (file != j.end()) {
        if (vertices != j.end() || triangles != j.end()) {
            return {path, "give either \"file\" or \"vertices\" and \"triangles\", not both"};
        }
        if (!file->is_string() || file->get_ref<const std::string&>().empty()) {
            return {path + ".file", "expected a file name (an OBJ, PLY or STL file), got " + Describe(*file)};
        }
        if (t_meshFileReader == nullptr) {
            return {path + ".file", "a mesh file is read only in a scene file (relative to the scene); in a query "
                                    "line give \"vertices\" and \"triangles\""};
        }
        return (*t_meshFileReader)(file->get<std::string>(), path + ".file", out.data);
    }
    if (vertices == j.end() || triangles == j.end()) {
        return {path + (vertices == j.end() ? ".vertices" : ".triangles"),
                "missing (a mesh needs \"vertices\": points and \"triangles\": index triples, or in a scene file "
                "\"file\")"};
    }
    std::vector<glm::dvec3> points;
    if (IoError e = ReadPoints(*vertices, path + ".vertices", points); !e.what.empty()) {
        return e;
    }
    std::vector<std::array<std::uint32_t, 3>> indices;
    if (IoError e = ReadTriangles(*triangles, path + ".triangles", points.size(), indices); !e.what.empty()) {
        return e;
    }
    out.data = MakeMeshData(std::move(points), std::move(indices));
    return {};
}

} // namespace detail

IoError detail::ReadConvex(const json& j, const std::string& path, Convex<double>& out)
{
    const auto points = j.find("points");
    if (points == j.end()) {
        return {path + ".points", "missing (a convex shape needs \"points\": [[x, y, z], ...], at least one)"};
    }
    std::vector<glm::dvec3> read;
    if (IoError e = ReadPoints(*points, path + ".points", read); !e.what.empty()) {
        return e;
    }
    if (read.empty()) {
        return {path + ".points", "is empty (a convex shape is the hull of at least one point)"};
    }
    if (read.size() > kMaxConvexPoints) {
        return {path + ".points", std::to_string(read.size()) + " points: more than the " +
                                      std::to_string(kMaxConvexPoints) + " a convex shape may have"};
    }
    out.data = MakeConvexData(std::move(read));
    return {};
}

} // namespace hitlab
