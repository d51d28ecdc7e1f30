// What the mesh readers (mesh_obj.cpp, mesh_ply.cpp, mesh_stl.cpp) share: the parts of the mesh
// being read and the checks every format makes.
#pragma once

#include "error.h"

#include "core/mesh.h"

#include <glm/vec3.hpp>

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace hitlab::mesh_io {

/// Where in a file: "line N" of a text format, "byte N" of a binary one (made into text only for a
/// message, so that readers can pass one per face cheaply).
struct Where {
    const char* unit = "line";
    std::size_t n = 0;
    std::string Text() const { return std::string(unit) + " " + std::to_string(n); }
};
inline Where AtLine(std::size_t line) { return {"line", line}; }
inline Where AtByte(std::size_t offset) { return {"byte", offset}; }

/// A mesh being read: its vertices and triangles, and the first error.
struct MeshParts {
    std::vector<glm::dvec3> vertices;
    std::vector<std::array<std::uint32_t, 3>> triangles;
    IoError error;

    bool Failed() const { return !error.what.empty(); }
    /// Records the first error at `where` ("line 3", "byte 84"); later ones are dropped.
    void Fail(Where where, std::string what)
    {
        if (!Failed()) {
            error = IoError{where.Text(), std::move(what)};
        }
    }
};

/// Adds a vertex; a NaN or infinite coordinate is an error at `where`.
bool AddVertex(MeshParts& parts, const glm::dvec3& v, Where where);

/// Adds the fan (i0, i1, i2), (i0, i2, i3), ... of a polygon's checked indices; more than
/// kMaxMeshTriangles triangles is an error at `where`.
bool AddPolygon(MeshParts& parts, const std::uint32_t* indices, std::size_t count, Where where);

/// The data of a read mesh (its file `label`), or null with the error (inside the file's name).
std::shared_ptr<const MeshData> Finish(MeshParts& parts, const std::string& name, IoError& error,
                                       const std::string& label);

/// A number token as a double (decimal, exponent, "nan", "inf" accepted by the parser, then
/// rejected by AddVertex); false when the token is not entirely a number.
inline bool ParseDouble(std::string_view token, double& value)
{
    if (!token.empty() && token.front() == '+') {
        token.remove_prefix(1);
    }
    const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
    return ec == std::errc() && end == token.data() + token.size() && !token.empty();
}

/// An integer token; false when it is not entirely an integer or overflows.
inline bool ParseInteger(std::string_view token, long long& value)
{
    if (!token.empty() && token.front() == '+') {
        token.remove_prefix(1);
    }
    const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
    return ec == std::errc() && end == token.data() + token.size() && !token.empty();
}

/// The next whitespace-separated token of `line` from `pos` (advanced past it); empty at the end.
inline std::string_view NextToken(std::string_view line, std::size_t& pos)
{
    while (pos < line.size() && (line[pos] == ' ' || line[pos] == '\t' || line[pos] == '\r')) {
        ++pos;
    }
    const std::size_t start = pos;
    while (pos < line.size() && line[pos] != ' ' && line[pos] != '\t' && line[pos] != '\r') {
        ++pos;
    }
    return line.substr(start, pos - start);
}

/// "1 vertex", "3 vertices".
inline std::string VertexCountText(std::size_t n) { return std::to_string(n) + (n == 1 ? " vertex" : " vertices"); }

/// The readers of each format, on the whole file's bytes.
void ReadObj(std::string_view bytes, MeshParts& parts);
void ReadPly(std::string_view bytes, MeshParts& parts);
void ReadStl(std::string_view bytes, MeshParts& parts);

} // namespace hitlab::mesh_io
