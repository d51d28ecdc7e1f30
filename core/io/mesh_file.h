// Mesh files (docs/protocol.md, "mesh"): OBJ, PLY (ascii and binary, either byte order) and STL
// (ascii and binary) read into a mesh's shared data, and a binary PLY writer. Hand-written readers
// of these simple formats (no tinyobjloader or assimp): what each accepts is listed below.
#pragma once

#include "error.h"

#include "core/mesh.h"

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

namespace hitlab {

/// The formats read, chosen by the file's extension (case-insensitive: .obj, .ply, .stl).
enum class MeshFormat { Obj, Ply, Stl };

/// Reads a mesh file; null with `error` set (where: the file, then "line N" of a text format or
/// "byte N" of a binary one; what: what is wrong there) when it cannot. Errors: unreadable file,
/// unknown extension, an index out of range or not an integer, a NaN or infinite coordinate, a
/// truncated binary file, a malformed header or line, more than kMaxMeshTriangles triangles.
///
/// - OBJ: `v x y z [w]` (w ignored) and `f` lines of 3 or more vertices, each `i`, `i/t`, `i//n`
///   or `i/t/n`, 1-based, negative counting back from the last vertex read so far; a polygon
///   is fanned into triangles (0 1 2, 0 2 3, ...). Every other line is ignored.
/// - PLY: format ascii, binary_little_endian or binary_big_endian 1.0; element `vertex` with
///   properties x, y, z of any scalar type, element `face` with a list `vertex_indices` (or
///   `vertex_index`) of any integer type, fanned as in OBJ; other elements and properties are
///   read past and ignored.
/// - STL: binary when the size is 84 + 50 * (the header's triangle count), else ascii (`solid`,
///   `facet`s of three `vertex` lines). Vertices are merged when their coordinates are
///   bit-identical floats (so +0 and -0 stay apart), in first-seen order; normals are ignored.
/// The data's `file` is `label` (the name a scene gives the file; "" by default).
std::shared_ptr<const MeshData> ReadMeshFile(const std::filesystem::path& path, IoError& error,
                                             const std::string& label = {});

/// ReadMeshFile on bytes already read; `name` is the file named in errors.
std::shared_ptr<const MeshData> ReadMeshBytes(std::string_view bytes, MeshFormat format, const std::string& name,
                                              IoError& error, const std::string& label = {});

/// The format of a file name's extension; false for an unknown one.
bool MeshFormatOf(const std::filesystem::path& path, MeshFormat& format);

/// Writes the mesh as binary little-endian PLY (double x, y, z; uchar/uint vertex_indices), which
/// ReadMeshFile reads back bit for bit. Returns no error (ErrorText "") on success.
IoError WriteMeshPly(const MeshData& mesh, const std::filesystem::path& path);

} // namespace hitlab
