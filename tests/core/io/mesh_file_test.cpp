// Tests of core/io/mesh_file.h: the OBJ, PLY and STL readers on hand-written files (tests/data/meshes)
// and on bytes built here (binary PLY in both byte orders, binary STL), every error with its
// message, and the binary PLY writer read back bit for bit.
#include "core/io/mesh_file.h"
#include "core/io/scene_file.h"

#include "support/temp_dir.h"

#include <gtest/gtest.h>

#include <bit>
#include <cstring>
#include <fstream>

namespace hitlab {
namespace HITLAB_UNITY_ID {

using Triangles = std::vector<std::array<std::uint32_t, 3>>;

const std::string kMeshes = std::string(HITLAB_TEST_DATA) + "/meshes/";

/// Bytes of a binary file, values appended in either byte order.
struct Bytes {
    std::string s;
    bool big = false;

    template <typename U>
    Bytes& Put(U value)
    {
        char b[sizeof(U)];
        std::memcpy(b, &value, sizeof(U));
        if (big) {
            std::reverse(b, b + sizeof(U));
        }
        s.append(b, sizeof(U));
        return *this;
    }
    Bytes& Text(const std::string& text)
    {
        s += text;
        return *this;
    }
};

std::string ReadError(std::string_view bytes, MeshFormat format, const std::string& name = "m")
{
    IoError error;
    const auto mesh = ReadMeshBytes(bytes, format, name, error);
    EXPECT_EQ(mesh == nullptr, !error.what.empty());
    return ErrorText(error);
}

std::shared_ptr<const MeshData> ReadOk(std::string_view bytes, MeshFormat format)
{
    IoError error;
    auto mesh = ReadMeshBytes(bytes, format, "m", error);
    EXPECT_TRUE(mesh != nullptr) << error;
    return mesh;
}

TEST(MeshFile, ObjCubeOfQuadsInEveryFaceForm)
{
    IoError error;
    const auto mesh = ReadMeshFile(kMeshes + "cube.obj", error);
    ASSERT_TRUE(mesh) << error;
    ASSERT_EQ(mesh->vertices.size(), 8u);
    EXPECT_EQ(mesh->vertices[6], glm::dvec3(1, 1, 1));
    // each quad fanned from its first corner; negative indices count back from the 8th vertex
    const Triangles expected{{0, 3, 2}, {0, 2, 1}, {4, 5, 6}, {4, 6, 7}, {0, 1, 5}, {0, 5, 4},
                             {1, 2, 6}, {1, 6, 5}, {3, 7, 6}, {3, 6, 2}, {0, 4, 7}, {0, 7, 3}};
    EXPECT_EQ(mesh->triangles, expected);
    EXPECT_EQ(mesh->floatVertices[6], glm::vec3(1, 1, 1));
    EXPECT_EQ(mesh->file, "");
}

TEST(MeshFile, PlyAsciiSkipsOtherElementsAndProperties)
{
    IoError error;
    const auto mesh = ReadMeshFile(kMeshes + "quad.ply", error);
    ASSERT_TRUE(mesh) << error;
    EXPECT_EQ(mesh->vertices, (std::vector<glm::dvec3>{{0, 0, 0.5}, {2, 0, 0.5}, {2, 2, 0.5}, {0, 2, 0.5}}));
    EXPECT_EQ(mesh->triangles, (Triangles{{0, 1, 2}, {0, 2, 3}}));
}

TEST(MeshFile, StlAsciiMergesBitIdenticalVertices)
{
    IoError error;
    const auto mesh = ReadMeshFile(kMeshes + "quad.stl", error);
    ASSERT_TRUE(mesh) << error;
    EXPECT_EQ(mesh->vertices, (std::vector<glm::dvec3>{{0, 0, 0.5}, {2, 0, 0.5}, {2, 2, 0.5}, {0, 2, 0.5}}));
    EXPECT_EQ(mesh->triangles, (Triangles{{0, 1, 2}, {0, 2, 3}}));
}

/// A binary PLY of a pentagon (fanned into 3 triangles) and one more triangle, doubles and floats mixed.
std::string BinaryPly(bool big)
{
    Bytes b{{}, big};
    b.Text(std::string("ply\nformat ") + (big ? "binary_big_endian" : "binary_little_endian") +
           " 1.0\nelement vertex 5\nproperty double x\nproperty float y\nproperty short extra\nproperty double z\n"
           "element face 2\nproperty list uchar uint vertex_indices\nend_header\n");
    const double xs[5] = {0, 1, 1.5, 0.5, -0.25};
    for (int i = 0; i < 5; ++i) {
        b.Put(xs[i]).Put(float(i) * 0.5f).Put(std::int16_t(-7)).Put(0.1 * i);
    }
    b.Put(std::uint8_t(5)).Put(0u).Put(1u).Put(2u).Put(3u).Put(4u);
    b.Put(std::uint8_t(3)).Put(4u).Put(2u).Put(0u);
    return b.s;
}

TEST(MeshFile, PlyBinaryBothByteOrders)
{
    for (const bool big : {false, true}) {
        const auto mesh = ReadOk(BinaryPly(big), MeshFormat::Ply);
        ASSERT_TRUE(mesh);
        ASSERT_EQ(mesh->vertices.size(), 5u);
        EXPECT_EQ(mesh->vertices[3], glm::dvec3(0.5, 1.5, 0.1 * 3)) << big;
        EXPECT_EQ(mesh->triangles, (Triangles{{0, 1, 2}, {0, 2, 3}, {0, 3, 4}, {4, 2, 0}}));
    }
}

TEST(MeshFile, PlyBinaryWithIntCountsAndIntIndices)
{
    Bytes b;
    b.Text("ply\nformat binary_little_endian 1.0\nelement vertex 3\nproperty float x\nproperty float y\n"
           "property float z\nelement face 1\nproperty list int int vertex_index\nend_header\n");
    b.Put(0.0f).Put(0.0f).Put(0.0f).Put(1.0f).Put(0.0f).Put(0.0f).Put(0.0f).Put(1.0f).Put(0.0f);
    b.Put(3).Put(2).Put(1).Put(0);
    const auto mesh = ReadOk(b.s, MeshFormat::Ply);
    ASSERT_TRUE(mesh);
    EXPECT_EQ(mesh->triangles, (Triangles{{2, 1, 0}}));
}

/// A binary STL of the given triangles' corners (normals zero).
std::string BinaryStl(const std::vector<std::array<glm::vec3, 3>>& triangles)
{
    Bytes b;
    b.Text(std::string(80, 'h')).Put(std::uint32_t(triangles.size()));
    for (const auto& t : triangles) {
        b.Put(0.0f).Put(0.0f).Put(0.0f);
        for (const glm::vec3& v : t) {
            b.Put(v.x).Put(v.y).Put(v.z);
        }
        b.Put(std::uint16_t(0));
    }
    return b.s;
}

TEST(MeshFile, StlBinaryMergesOnlyBitIdenticalVertices)
{
    // the second triangle repeats two corners bit for bit, and one as -0 instead of +0: kept apart
    const std::string bytes = BinaryStl({{glm::vec3(0, 0, 0), glm::vec3(1, 0, 0), glm::vec3(0, 1, 0)},
                                         {glm::vec3(1, 0, 0), glm::vec3(0, 1, 0), glm::vec3(-0.0f, 0, 0)}});
    const auto mesh = ReadOk(bytes, MeshFormat::Stl);
    ASSERT_TRUE(mesh);
    ASSERT_EQ(mesh->vertices.size(), 4u);
    EXPECT_TRUE(std::signbit(mesh->vertices[3].x));
    EXPECT_EQ(mesh->triangles, (Triangles{{0, 1, 2}, {1, 2, 3}}));
    // a binary file whose header starts with "solid" is still binary: its size says so
    std::string solid = bytes;
    solid.replace(0, 5, "solid");
    EXPECT_EQ(ReadOk(solid, MeshFormat::Stl)->triangles.size(), 2u);
}

TEST(MeshFile, ObjErrorsNameTheLine)
{
    const std::string v = "v 0 0 0\nv 1 0 0\nv 0 1 0\n";
    EXPECT_EQ(ReadError(v + "f 1 2 4\n", MeshFormat::Obj, "a.obj"),
              "a.obj: line 4: vertex index 4 is out of range (the file has 3 vertices)");
    EXPECT_EQ(ReadError(v + "f 1 2.5 3\n", MeshFormat::Obj), "m: line 4: vertex index '2.5' is not an integer");
    EXPECT_EQ(ReadError(v + "f 1 x/1 3\n", MeshFormat::Obj), "m: line 4: vertex index 'x' is not an integer");
    EXPECT_EQ(ReadError(v + "f -4 1 2\n", MeshFormat::Obj),
              "m: line 4: vertex index -4 is out of range (3 vertices read so far)");
    EXPECT_EQ(ReadError(v + "f 0 1 2\n", MeshFormat::Obj),
              "m: line 4: vertex index 0 (OBJ indices start at 1, or count back from -1)");
    EXPECT_EQ(ReadError(v + "f 1 2\n", MeshFormat::Obj), "m: line 4: a face needs at least 3 vertices, got 2");
    EXPECT_EQ(ReadError("v 0 nan 0\n", MeshFormat::Obj),
              "m: line 1: vertex 0 has a coordinate that is not finite (0, nan, 0)");
    EXPECT_EQ(ReadError("# c\nv 0 0 inf\n", MeshFormat::Obj),
              "m: line 2: vertex 0 has a coordinate that is not finite (0, 0, inf)");
    EXPECT_EQ(ReadError("v 0 0\n", MeshFormat::Obj), "m: line 1: a vertex needs 3 coordinates");
    EXPECT_EQ(ReadError("v 0 0 1e\n", MeshFormat::Obj), "m: line 1: coordinate '1e' is not a number");
    // a positive index may name a vertex further on
    EXPECT_EQ(ReadOk("f 1 2 3\n" + v, MeshFormat::Obj)->triangles, (Triangles{{0, 1, 2}}));
}

TEST(MeshFile, PlyErrorsNameTheLineOrByte)
{
    const std::string header = "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\n"
                               "property float z\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n";
    const std::string v = "0 0 0\n1 0 0\n0 1 0\n";
    EXPECT_EQ(ReadError(header + v + "3 0 1 3\n", MeshFormat::Ply),
              "m: line 13: vertex index 3 is out of range (the file has 3 vertices)");
    EXPECT_EQ(ReadError(header + v + "3 0 1.5 2\n", MeshFormat::Ply),
              "m: line 13: a face's vertex index '1.5' is not an integer");
    EXPECT_EQ(ReadError(header + v + "3 0 -1 2\n", MeshFormat::Ply), "m: line 13: vertex index -1 is out of range");
    EXPECT_EQ(ReadError(header + "0 0 0\n1 nan 0\n0 1 0\n3 0 1 2\n", MeshFormat::Ply),
              "m: line 11: vertex 1 has a coordinate that is not finite (1, nan, 0)");
    EXPECT_EQ(ReadError(header + v + "3 0 1\n", MeshFormat::Ply),
              "m: line 13: the file ends inside a face's vertex index");
    EXPECT_EQ(ReadError(header + v + "3 0 1", MeshFormat::Ply),
              "m: line 13: the file ends inside a face's vertex index");
    EXPECT_EQ(ReadError("ply\nformat ascii 1.0\nelement face 16777217\nproperty list uchar int vertex_indices\n"
                        "end_header\n",
                        MeshFormat::Ply),
              "m: line 3: more than 16777216 triangles (the most a mesh may have)");
    EXPECT_EQ(ReadError("plyx\n", MeshFormat::Ply), "m: line 1: not a PLY file (the first line must be 'ply')");
    EXPECT_EQ(ReadError("ply\nformat ascii 1.0\nelement vertex 1\n", MeshFormat::Ply),
              "m: line 4: the header has no end_header line");
    EXPECT_EQ(ReadError("ply\nformat binary_middle_endian 1.0\nend_header\n", MeshFormat::Ply),
              "m: line 2: unknown PLY format 'format binary_middle_endian 1.0'");
    EXPECT_EQ(ReadError("ply\nformat ascii 1.0\nelement vertex 1\nproperty float x\nend_header\n", MeshFormat::Ply),
              "m: line 5: element vertex lacks a property x, y or z");
    EXPECT_EQ(
        ReadError("ply\nformat ascii 1.0\nelement face 1\nproperty list uchar float vertex_indices\n", MeshFormat::Ply),
        "m: line 4: face vertex_indices must be of an integer type, got 'float'");
    // binary: truncated inside the second face, at its byte offset
    const std::string binary = BinaryPly(false);
    EXPECT_EQ(ReadError(binary.substr(0, binary.size() - 3), MeshFormat::Ply),
              "m: byte " + std::to_string(binary.size() - 4) +
                  ": truncated: the file ends inside a face's vertex index");
    Bytes big{{}, true};
    big.Text("ply\nformat binary_big_endian 1.0\nelement vertex 3\nproperty float x\nproperty float y\n"
             "property float z\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n");
    const std::size_t body = big.s.size();
    for (int i = 0; i < 9; ++i) {
        big.Put(float(i % 2));
    }
    big.Put(std::uint8_t(3)).Put(0).Put(7).Put(1);
    EXPECT_EQ(ReadError(big.s, MeshFormat::Ply), "m: byte " + std::to_string(body + 36 + 1 + 4) +
                                                     ": vertex index 7 is out of range (the file has 3 vertices)");
}

TEST(MeshFile, StlErrors)
{
    const std::string bytes = BinaryStl({{glm::vec3(0, 0, 0), glm::vec3(1, 0, 0), glm::vec3(0, 1, 0)}});
    EXPECT_EQ(ReadError(bytes.substr(0, bytes.size() - 1), MeshFormat::Stl),
              "m: byte 133: truncated binary STL: the header counts 1 triangles, 134 bytes, the file has 133");
    EXPECT_EQ(ReadError(bytes.substr(0, 40), MeshFormat::Stl),
              "m: byte 40: truncated binary STL: 40 bytes, the header alone has 84");
    const std::string nan = BinaryStl({{glm::vec3(0, 0, 0), glm::vec3(1, std::nanf(""), 0), glm::vec3(0, 1, 0)}});
    EXPECT_EQ(ReadError(nan, MeshFormat::Stl), "m: byte 108: vertex 1 has a coordinate that is not finite (1, nan, 0)");
    EXPECT_EQ(ReadError("solid s\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nendloop\nendfacet\n",
                        MeshFormat::Stl),
              "m: line 2: a facet with 2 vertices (needs 3)");
    EXPECT_EQ(ReadError("solid s\nfacet normal 0 0 1\nouter loop\nvertex 0 zero 0\n", MeshFormat::Stl),
              "m: line 4: coordinate 'zero' is not a number");
    EXPECT_EQ(ReadError("", MeshFormat::Stl), "m: line 1: not an STL file (empty)");
}

TEST(MeshFile, FileErrors)
{
    IoError error;
    EXPECT_EQ(ReadMeshFile(kMeshes + "cube.xyz", error), nullptr);
    EXPECT_EQ(ErrorText(error), kMeshes + "cube.xyz: unknown mesh format (the extension must be .obj, .ply or .stl)");
    EXPECT_EQ(ReadMeshFile(kMeshes + "missing.obj", error), nullptr);
    EXPECT_EQ(ErrorText(error), kMeshes + "missing.obj: cannot open the mesh file: No such file or directory");
    test::TempDir dir("hitlab_mesh_");
    std::filesystem::create_directory(dir / "d.ply");
    EXPECT_EQ(ReadMeshFile(dir / "d.ply", error), nullptr);
    EXPECT_EQ(ErrorText(error), (dir / "d.ply") + ": is a directory, not a mesh file");
    // the extension in any case
    MeshFormat format{};
    EXPECT_TRUE(MeshFormatOf("A.STL", format));
    EXPECT_EQ(format, MeshFormat::Stl);
}

TEST(MeshFile, WrittenPlyReadsBackBitForBit)
{
    const auto mesh = MakeMeshData({{0.1, -2.5e-300, 3}, {1e300, 0, -0.0}, {0, 1, 0}}, {{0, 1, 2}, {2, 1, 0}});
    test::TempDir dir("hitlab_mesh_");
    ASSERT_EQ(ErrorText(WriteMeshPly(*mesh, dir / "m.PLY")), "");
    IoError error;
    const auto back = ReadMeshFile(dir / "m.PLY", error);
    ASSERT_TRUE(back) << error;
    EXPECT_TRUE(SameMeshGeometry(*mesh, *back));
    EXPECT_TRUE(std::signbit(back->vertices[1].z));
}

TEST(MeshFile, SceneFileReadsItsMeshFilesBesideIt)
{
    test::TempDir dir("hitlab_mesh_");
    std::filesystem::create_directory(dir / "meshes");
    std::filesystem::copy_file(kMeshes + "cube.obj", dir / "meshes/cube.obj");
    std::ofstream(dir / "meshes/bad.obj") << "v 0 0 0\nf 1 2 3\n";
    const std::string scene = R"({"format": "hitlab-scene", "version": 1, "shapes": [{"type": "mesh", "file": )";
    std::ofstream(dir / "s.json") << scene << R"("meshes/cube.obj"}]})";
    const SceneLoad load = LoadSceneFile(dir / "s.json");
    ASSERT_TRUE(load.Ok()) << load.error;
    ASSERT_EQ(load.scene->Shapes().size(), 1u);
    const auto& mesh = std::get<Mesh<double>>(load.scene->Shapes()[0].shape);
    ASSERT_TRUE(mesh.data);
    EXPECT_EQ(mesh.TriangleCount(), 12u);
    EXPECT_EQ(mesh.data->file, "meshes/cube.obj"); // as the scene names it, so that saving names it again
    // a bad mesh file: the scene, the key, the mesh file and its line
    std::ofstream(dir / "t.json") << scene << R"("meshes/bad.obj"}]})";
    EXPECT_EQ(ErrorText(LoadSceneFile(dir / "t.json").error),
              (dir / "t.json") + ": shapes[0].file: " + (dir / "meshes/bad.obj") +
                  ": line 2: vertex index 3 is out of range (the file has 1 vertex)");
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
