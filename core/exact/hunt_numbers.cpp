// The numbers the hunt's shrinking changes (hunt_shrink.cpp): a mesh's and a convex shape's live in
// shared, immutable data, copied here and rebuilt before each judgement.
#include "hunt_detail.h"

#include "core/convex.h"
#include "core/mesh.h"

#include <glm/glm.hpp>

namespace hitlab::hunt {

namespace {

/// The most vertices a mesh may have for shrinking to change its numbers (larger ones are kept).
constexpr std::size_t kShrinkMeshVertices = 64;

/// A small mesh's private copy of its data, out getting pointers to its vertices' numbers.
void MeshNumbers(Mesh<double>& mesh, std::vector<double*>& out)
{
    if (!mesh.data || mesh.data->vertices.size() > kShrinkMeshVertices) {
        return; // kept as drawn
    }
    auto copy = std::make_shared<MeshData>();
    copy->vertices = mesh.data->vertices;
    copy->triangles = mesh.data->triangles;
    for (glm::dvec3& v : copy->vertices) {
        out.insert(out.end(), {&v.x, &v.y, &v.z});
    }
    mesh.data = std::move(copy);
}

/// A convex shape's private copy of its points, as a mesh's (ForEachShapeNumber would hand out the
/// numbers of a temporary copy of each point).
void ConvexNumbers(Convex<double>& convex, std::vector<double*>& out)
{
    if (!convex.data) {
        return;
    }
    auto copy = std::make_shared<ConvexData>();
    copy->points = convex.data->points;
    for (glm::dvec3& p : copy->points) {
        out.insert(out.end(), {&p.x, &p.y, &p.z});
    }
    convex.data = std::move(copy);
}

} // namespace

void ShrinkNumbers(Shape& shape, std::vector<double*>& out)
{
    switch (KindOf(shape)) {
    case ShapeKind::Mesh:
        MeshNumbers(std::get<Mesh<double>>(shape), out);
        return;
    case ShapeKind::Convex:
        ConvexNumbers(std::get<Convex<double>>(shape), out);
        return;
    case ShapeKind::Ray:
    case ShapeKind::Segment:
    case ShapeKind::Plane:
    case ShapeKind::Aabb:
    case ShapeKind::Sphere:
    case ShapeKind::Obb:
    case ShapeKind::Point:
    case ShapeKind::Triangle:
        ForEachShapeNumber(shape, false, [&out](double& x) { out.push_back(&x); });
        return;
    }
}

bool HasSharedData(const Shape& shape)
{
    switch (KindOf(shape)) {
    case ShapeKind::Mesh:
    case ShapeKind::Convex:
        return true;
    case ShapeKind::Ray:
    case ShapeKind::Segment:
    case ShapeKind::Plane:
    case ShapeKind::Aabb:
    case ShapeKind::Sphere:
    case ShapeKind::Obb:
    case ShapeKind::Point:
    case ShapeKind::Triangle:
        return false;
    }
    UnknownShapeKind(KindOf(shape));
}

void RefreshSharedData(Query& q)
{
    for (Shape* shape : {&q.a, &q.b}) {
        switch (KindOf(*shape)) {
        case ShapeKind::Mesh: {
            auto& mesh = std::get<Mesh<double>>(*shape);
            if (mesh.data) {
                mesh.data = MakeMeshData(mesh.data->vertices, mesh.data->triangles, mesh.data->file);
            }
            break;
        }
        case ShapeKind::Convex: {
            auto& convex = std::get<Convex<double>>(*shape);
            if (convex.data) {
                convex.data = MakeConvexData(convex.data->points);
            }
            break;
        }
        case ShapeKind::Ray:
        case ShapeKind::Segment:
        case ShapeKind::Plane:
        case ShapeKind::Aabb:
        case ShapeKind::Sphere:
        case ShapeKind::Obb:
        case ShapeKind::Point:
        case ShapeKind::Triangle:
            break;
        }
    }
}

} // namespace hitlab::hunt
