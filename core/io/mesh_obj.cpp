// The OBJ reader (mesh_file.h): `v` and `f` lines, every other line ignored.
#include "mesh_file_detail.h"

#include <vector>

namespace hitlab::mesh_io {

namespace {

/// One `f` corner ("7", "7/2", "7//3", "-1/2/3") as a 0-based index into the vertices read so
/// far (`count`), negative indices counting back; false with the error on parts.
bool ObjCorner(std::string_view token, std::size_t count, std::size_t line, MeshParts& parts, long long& index)
{
    const std::string_view number = token.substr(0, token.find('/'));
    long long value = 0;
    if (!ParseInteger(number, value)) {
        parts.Fail(AtLine(line), "vertex index '" + std::string(number) + "' is not an integer");
        return false;
    }
    if (value == 0) {
        parts.Fail(AtLine(line), "vertex index 0 (OBJ indices start at 1, or count back from -1)");
        return false;
    }
    // a negative index refers to the vertices read before this line; a positive one may refer
    // to a vertex further on, checked at the end
    index = value < 0 ? (long long)count + value : value - 1;
    if (index < 0) {
        parts.Fail(AtLine(line), "vertex index " + std::to_string(value) + " is out of range (" +
                                     std::to_string(count) + " vertices read so far)");
        return false;
    }
    return true;
}

/// A `v` line's coordinates, after the `v`.
void ObjVertex(std::string_view text, std::size_t pos, std::size_t line, MeshParts& parts)
{
    glm::dvec3 v;
    for (int axis = 0; axis < 3; ++axis) {
        const std::string_view token = NextToken(text, pos);
        if (!ParseDouble(token, v[axis])) {
            parts.Fail(AtLine(line), token.empty() ? "a vertex needs 3 coordinates"
                                                   : "coordinate '" + std::string(token) + "' is not a number");
            return;
        }
    }
    AddVertex(parts, v, AtLine(line));
}

/// The largest positive index seen and its line, for the end-of-file range check.
struct ObjForward {
    long long index = -1;
    std::size_t line = 0;
};

/// An `f` line's corners, after the `f`, fanned into triangles.
void ObjFace(std::string_view text, std::size_t pos, std::size_t line, MeshParts& parts,
             std::vector<std::uint32_t>& corners, ObjForward& forward)
{
    corners.clear();
    for (std::string_view token = NextToken(text, pos); !token.empty(); token = NextToken(text, pos)) {
        long long index = 0;
        if (!ObjCorner(token, parts.vertices.size(), line, parts, index)) {
            return;
        }
        if (index > 0xFFFFFFFELL) {
            parts.Fail(AtLine(line), "vertex index " + std::to_string(index + 1) + " is out of range");
            return;
        }
        if (index > forward.index) {
            forward = {index, line};
        }
        corners.push_back(std::uint32_t(index));
    }
    AddPolygon(parts, corners.data(), corners.size(), AtLine(line));
}

} // namespace

void ReadObj(std::string_view bytes, MeshParts& parts)
{
    std::vector<std::uint32_t> corners;
    ObjForward forward;
    std::size_t line = 0;
    for (std::size_t start = 0; start < bytes.size() && !parts.Failed();) {
        std::size_t end = bytes.find('\n', start);
        end = end == std::string_view::npos ? bytes.size() : end;
        const std::string_view text = bytes.substr(start, end - start);
        start = end + 1;
        ++line;
        std::size_t pos = 0;
        const std::string_view keyword = NextToken(text, pos);
        if (keyword == "v") {
            ObjVertex(text, pos, line, parts);
        } else if (keyword == "f") {
            ObjFace(text, pos, line, parts, corners, forward);
        }
    }
    if (!parts.Failed() && forward.index >= (long long)parts.vertices.size()) {
        parts.Fail(AtLine(forward.line), "vertex index " + std::to_string(forward.index + 1) +
                                             " is out of range (the file has " +
                                             VertexCountText(parts.vertices.size()) + ")");
    }
}

} // namespace hitlab::mesh_io
