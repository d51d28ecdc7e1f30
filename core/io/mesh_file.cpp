// Reading and writing mesh files (mesh_file.h): the format by extension, the checks every reader
// shares, the binary PLY writer.
#include "mesh_file.h"

#include "mesh_file_detail.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>

namespace hitlab {
namespace mesh_io {

bool AddVertex(MeshParts& parts, const glm::dvec3& v, Where where)
{
    if (!std::isfinite(v.x) || !std::isfinite(v.y) || !std::isfinite(v.z)) {
        std::ostringstream what;
        what << "vertex " << parts.vertices.size() << " has a coordinate that is not finite (" << v.x << ", " << v.y
             << ", " << v.z << ")";
        parts.Fail(where, what.str());
        return false;
    }
    if (parts.vertices.size() >= std::numeric_limits<std::uint32_t>::max()) {
        parts.Fail(where, "more than 4294967294 vertices");
        return false;
    }
    parts.vertices.push_back(v);
    return true;
}

bool AddPolygon(MeshParts& parts, const std::uint32_t* indices, std::size_t count, Where where)
{
    if (count < 3) {
        parts.Fail(where, "a face needs at least 3 vertices, got " + std::to_string(count));
        return false;
    }
    if (parts.triangles.size() + (count - 2) > kMaxMeshTriangles) {
        parts.Fail(where, "more than " + std::to_string(kMaxMeshTriangles) + " triangles (the most a mesh may have)");
        return false;
    }
    for (std::size_t i = 1; i + 1 < count; ++i) {
        parts.triangles.push_back({indices[0], indices[i], indices[i + 1]});
    }
    return true;
}

std::shared_ptr<const MeshData> Finish(MeshParts& parts, const std::string& name, IoError& error,
                                       const std::string& label)
{
    if (parts.Failed()) {
        error = Within(name, parts.error);
        return nullptr;
    }
    error = {};
    return MakeMeshData(std::move(parts.vertices), std::move(parts.triangles), label);
}

} // namespace mesh_io

bool MeshFormatOf(const std::filesystem::path& path, MeshFormat& format)
{
    std::string ext = path.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    if (ext == ".obj") {
        format = MeshFormat::Obj;
    } else if (ext == ".ply") {
        format = MeshFormat::Ply;
    } else if (ext == ".stl") {
        format = MeshFormat::Stl;
    } else {
        return false;
    }
    return true;
}

std::shared_ptr<const MeshData> ReadMeshBytes(std::string_view bytes, MeshFormat format, const std::string& name,
                                              IoError& error, const std::string& label)
{
    mesh_io::MeshParts parts;
    switch (format) {
    case MeshFormat::Obj:
        mesh_io::ReadObj(bytes, parts);
        break;
    case MeshFormat::Ply:
        mesh_io::ReadPly(bytes, parts);
        break;
    case MeshFormat::Stl:
        mesh_io::ReadStl(bytes, parts);
        break;
    }
    return mesh_io::Finish(parts, name, error, label);
}

std::shared_ptr<const MeshData> ReadMeshFile(const std::filesystem::path& path, IoError& error,
                                             const std::string& label)
{
    const std::string name = path.string();
    MeshFormat format{};
    if (!MeshFormatOf(path, format)) {
        error = {name, "unknown mesh format (the extension must be .obj, .ply or .stl)"};
        return nullptr;
    }
    std::error_code code;
    if (std::filesystem::is_directory(path, code)) {
        error = {name, "is a directory, not a mesh file"};
        return nullptr;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = {name, "cannot open the mesh file: " + std::string(std::strerror(errno))};
        return nullptr;
    }
    in.seekg(0, std::ios::end);
    const std::streamoff size = in.tellg();
    in.seekg(0, std::ios::beg);
    std::string bytes(size > 0 ? std::size_t(size) : 0, '\0');
    if (size < 0 || !in.read(bytes.data(), std::streamsize(bytes.size()))) {
        error = {name, "cannot read the mesh file"};
        return nullptr;
    }
    return ReadMeshBytes(bytes, format, name, error, label);
}

IoError WriteMeshPly(const MeshData& mesh, const std::filesystem::path& path)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) {
        return {path.string(), "cannot write the mesh file: " + std::string(std::strerror(errno))};
    }
    out << "ply\nformat binary_little_endian 1.0\ncomment written by HitLab\nelement vertex " << mesh.vertices.size()
        << "\nproperty double x\nproperty double y\nproperty double z\nelement face " << mesh.triangles.size()
        << "\nproperty list uchar uint vertex_indices\nend_header\n";
    // the in-memory bytes are the file's
    static_assert(std::endian::native == std::endian::little && sizeof(glm::dvec3) == 24);
    std::string body;
    body.reserve(mesh.vertices.size() * 24 + mesh.triangles.size() * 13);
    for (const glm::dvec3& v : mesh.vertices) {
        body.append(reinterpret_cast<const char*>(&v), 24);
    }
    for (const auto& t : mesh.triangles) {
        body.push_back(char(3));
        body.append(reinterpret_cast<const char*>(t.data()), 12);
    }
    out.write(body.data(), std::streamsize(body.size()));
    out.close();
    if (!out) {
        return {path.string(), "cannot write the mesh file"};
    }
    return {};
}

} // namespace hitlab
