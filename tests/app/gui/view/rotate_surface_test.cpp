// Rotate mode for triangles and meshes (app/gui/view/drag.h RotationCenter, Rotated): the centre
// they turn about and their vertices after a quarter turn, checked by hand. No GL.
#include "app/gui/view/drag.h"

#include <gtest/gtest.h>

#include <numbers>

namespace hitlab {
namespace HITLAB_UNITY_ID {

void ExpectNear(const glm::dvec3& a, const glm::dvec3& b)
{
    EXPECT_NEAR(a.x, b.x, 1e-12);
    EXPECT_NEAR(a.y, b.y, 1e-12);
    EXPECT_NEAR(a.z, b.z, 1e-12);
}

TEST(RotateSurface, MeshTurnsEveryVertexAboutItsBoundingBoxCentre)
{
    // bounds [0, 2] x [0, 2] x [0, 0]: centre (1, 1, 0)
    const Mesh<double> mesh{
        MakeMeshData({glm::dvec3(0, 0, 0), glm::dvec3(2, 0, 0), glm::dvec3(0, 2, 0)}, {{0, 1, 2}}, "sheet.obj")};
    ASSERT_TRUE(RotationCenter(mesh).has_value());
    ExpectNear(*RotationCenter(mesh), glm::dvec3(1, 1, 0));
    const Shape turned = Rotated(mesh, glm::dvec3(0, 0, 1), std::numbers::pi / 2);
    const auto& out = std::get<Mesh<double>>(turned);
    ASSERT_NE(out.data, mesh.data); // new data: the renderer uploads it anew
    // a quarter turn about z through (1, 1): (x, y) -> (1 - (y - 1), 1 + (x - 1)) = (2 - y, x)
    ExpectNear(out.data->vertices[0], glm::dvec3(2, 0, 0));
    ExpectNear(out.data->vertices[1], glm::dvec3(2, 2, 0));
    ExpectNear(out.data->vertices[2], glm::dvec3(0, 0, 0));
    EXPECT_EQ(out.data->triangles, mesh.data->triangles);
    EXPECT_EQ(out.data->file, ""); // no longer the file's
}

TEST(RotateSurface, TriangleTurnsAboutItsCentroid)
{
    const Triangle<double> t{{glm::dvec3(0, 0, 0), glm::dvec3(3, 0, 0), glm::dvec3(0, 3, 0)}}; // centroid (1, 1, 0)
    const Shape turned = Rotated(t, glm::dvec3(0, 0, 1), std::numbers::pi);
    const auto& v = std::get<Triangle<double>>(turned).vertices;
    ExpectNear(v[0], glm::dvec3(2, 2, 0));
    ExpectNear(v[1], glm::dvec3(-1, 2, 0));
    ExpectNear(v[2], glm::dvec3(2, -1, 0));
}

TEST(RotateSurface, BoxesAndEmptyMeshesDoNotTurn)
{
    const Aabb<double> box{glm::dvec3(0), glm::dvec3(1)};
    EXPECT_FALSE(RotationCenter(box).has_value());
    EXPECT_EQ(Rotated(box, glm::dvec3(0, 0, 1), 1.0), Shape(box));
    EXPECT_FALSE(RotationCenter(Mesh<double>{}).has_value());
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
