// Embree 3 as a HitLab plugin (docs/plugins.md, "Engine peers"): Debian's libembree3, float only
// (Embree computes in float). rtcIntersect1 on a one-triangle scene (ray_triangle) and on a mesh's
// scene, built once per mesh when HitLab hands it over (prepare_mesh_f, ray_mesh). Each answer is
// what Embree returned: t = tfar, u and v its barycentrics, the triangle its primID.
#include "../engine_plugin.h"

#include <embree3/rtcore.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <map>

namespace {

/// The device, made on first use (threads for the scene builds are Embree's own).
RTCDevice Device()
{
    static const RTCDevice device = rtcNewDevice(nullptr);
    return device;
}

/// One triangle geometry over vertex and index buffers Embree owns, in a default scene and, made
/// on first use, a scene with RTC_SCENE_FLAG_ROBUST (the same geometry attached to both).
struct Scene {
    RTCScene scene = nullptr;
    RTCGeometry geometry = nullptr;
    RTCScene robust = nullptr;
};

/// The scene of the flags: the default one, or the robust one (committed here the first time).
RTCScene SceneFor(Scene& s, bool robust)
{
    if (robust && s.robust == nullptr) {
        s.robust = rtcNewScene(Device());
        rtcSetSceneFlags(s.robust, RTC_SCENE_FLAG_ROBUST);
        rtcAttachGeometry(s.robust, s.geometry);
        rtcCommitScene(s.robust);
    }
    return robust ? s.robust : s.scene;
}

/// A committed scene of the triangles (vertices: 3 floats each; indices: triples), or an empty
/// one when the device could not be made.
Scene MakeScene(const float* vertices, std::uint32_t vertexCount, const std::uint32_t* indices,
                std::uint32_t triangleCount)
{
    Scene s;
    if (Device() == nullptr) {
        return s;
    }
    s.scene = rtcNewScene(Device());
    s.geometry = rtcNewGeometry(Device(), RTC_GEOMETRY_TYPE_TRIANGLE);
    // Embree owns these buffers; it pads them for its 16-byte loads
    auto* v = static_cast<float*>(rtcSetNewGeometryBuffer(s.geometry, RTC_BUFFER_TYPE_VERTEX, 0, RTC_FORMAT_FLOAT3,
                                                          3 * sizeof(float), vertexCount));
    auto* t = static_cast<std::uint32_t*>(rtcSetNewGeometryBuffer(
        s.geometry, RTC_BUFFER_TYPE_INDEX, 0, RTC_FORMAT_UINT3, 3 * sizeof(std::uint32_t), triangleCount));
    if (vertexCount > 0) {
        std::memcpy(v, vertices, std::size_t(vertexCount) * 3 * sizeof(float));
    }
    if (triangleCount > 0) {
        std::memcpy(t, indices, std::size_t(triangleCount) * 3 * sizeof(std::uint32_t));
    }
    rtcCommitGeometry(s.geometry);
    rtcAttachGeometry(s.scene, s.geometry);
    rtcCommitScene(s.scene);
    return s;
}

void Release(Scene& s)
{
    if (s.geometry != nullptr) {
        rtcReleaseGeometry(s.geometry);
    }
    if (s.scene != nullptr) {
        rtcReleaseScene(s.scene);
    }
    if (s.robust != nullptr) {
        rtcReleaseScene(s.robust);
    }
    s = {};
}

/// The error codes of this plugin (hitlab_result.error).
enum Error : std::int32_t { kNoDevice = 1, kUnknownMesh = 2, kEmbreeError = 3 };

/// rtcIntersect1 of the ray against scene, tnear = 0 and tfar = inf: HitLab's fields from Embree's
/// hit. Embree's Ng for a triangle points along the protocol's winding normal (v1 - v0) x (v2 - v0)
/// (unnormalised): the normal is Ng normalised, and the ray arrives on the front when it runs
/// against it.
void Intersect(RTCScene scene, const hitlab_ray_f& ray, hitlab_result_f& r)
{
    RTCIntersectContext context;
    rtcInitIntersectContext(&context);
    RTCRayHit rh{};
    rh.ray.org_x = ray.origin[0], rh.ray.org_y = ray.origin[1], rh.ray.org_z = ray.origin[2];
    rh.ray.dir_x = ray.direction[0], rh.ray.dir_y = ray.direction[1], rh.ray.dir_z = ray.direction[2];
    rh.ray.tnear = 0.0f;
    rh.ray.tfar = std::numeric_limits<float>::infinity();
    rh.ray.mask = 0xFFFFFFFFu;
    rh.hit.geomID = RTC_INVALID_GEOMETRY_ID;
    rh.hit.instID[0] = RTC_INVALID_GEOMETRY_ID;
    rtcIntersect1(scene, &context, &rh);
    if (rtcGetDeviceError(Device()) != RTC_ERROR_NONE) {
        r.error = kEmbreeError;
        return;
    }
    if (rh.hit.geomID == RTC_INVALID_GEOMETRY_ID) {
        return;
    }
    r.hit = 1;
    r.t_enter = rh.ray.tfar;
    r.t_exit = rh.ray.tfar;
    for (int i = 0; i < 3; ++i) {
        r.point[i] = ray.origin[i] + rh.ray.tfar * ray.direction[i];
    }
    const float n[3] = {rh.hit.Ng_x, rh.hit.Ng_y, rh.hit.Ng_z};
    const float length = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    if (length > 0.0f && std::isfinite(length)) {
        for (int i = 0; i < 3; ++i) {
            r.normal[i] = n[i] / length;
        }
        r.has_normal = 1;
    }
    const float facing = n[0] * ray.direction[0] + n[1] * ray.direction[1] + n[2] * ray.direction[2];
    r.front = facing < 0.0f ? HITLAB_FRONT : facing > 0.0f ? HITLAB_BACK : 0;
    r.u = rh.hit.u;
    r.v = rh.hit.v;
    r.triangle = rh.hit.primID;
}

/// ray_triangle: the triangle as a one-triangle scene, built for each query (Embree has no
/// single-triangle call; a scene of one triangle is how a user would ask it).
template <bool Robust>
void RayTriangle(const hitlab_query_f* queries, hitlab_result_f* results, std::size_t count)
{
    static const std::uint32_t kIndices[3] = {0, 1, 2};
    for (std::size_t i = 0; i < count; ++i) {
        Scene s = MakeScene(&queries[i].b.triangle.vertices[0][0], 3, kIndices, 1);
        if (s.scene == nullptr) {
            results[i].error = kNoDevice;
            continue;
        }
        Intersect(SceneFor(s, Robust), queries[i].a.ray, results[i]);
        results[i].triangle = 0;
        Release(s);
    }
}

/// The meshes HitLab handed over, by id; the host calls from one thread.
std::map<std::uint64_t, Scene>& Meshes()
{
    static std::map<std::uint64_t, Scene> meshes;
    return meshes;
}

std::int32_t PrepareMesh(std::uint64_t id, const float* vertices, std::uint32_t vertexCount,
                         const std::uint32_t* indices, std::uint32_t triangleCount)
{
    Scene s = MakeScene(vertices, vertexCount, indices, triangleCount);
    if (s.scene == nullptr) {
        return kNoDevice;
    }
    if (rtcGetDeviceError(Device()) != RTC_ERROR_NONE) {
        Release(s);
        return kEmbreeError;
    }
    Scene& slot = Meshes()[id];
    Release(slot);
    slot = s;
    return 0;
}

void ReleaseMesh(std::uint64_t id)
{
    const auto at = Meshes().find(id);
    if (at != Meshes().end()) {
        Release(at->second);
        Meshes().erase(at);
    }
}

/// ray_mesh: rtcIntersect1 per query on the mesh's scene, committed once (PrepareMesh; the
/// robust one on its first query).
template <bool Robust>
void RayMesh(const hitlab_query_f* queries, hitlab_result_f* results, std::size_t count)
{
    for (std::size_t i = 0; i < count; ++i) {
        const auto at = Meshes().find(queries[i].b.mesh.id);
        if (at == Meshes().end()) {
            results[i].error = kUnknownMesh;
            continue;
        }
        Intersect(SceneFor(at->second, Robust), queries[i].a.ray, results[i]);
    }
}

// ---- the table ----

// What Embree 3.13's rtcIntersect1 does, as tests/engines/embree_plugin_test.cpp checks it. The
// conventions common to both scenes, then each scene's watertightness.
// clang-format off
#define HITLAB_EMBREE_CONVENTIONS                                                                  \
    {"back_faces", "hit (two-sided)"},                                                             \
    {"in_plane", "miss"},                                                                          \
    {"t_exit", "t_enter (a triangle has no inside)"},                                              \
    {"uv", "Embree's barycentrics: point = (1 - u - v) v0 + u v1 + v v2"},                         \
    {"normal", "Embree's Ng normalised: the winding normal (v1 - v0) x (v2 - v0)"},                \
    {"precision", "float (Embree computes in float)"}
// clang-format on

const hitlab_convention kConventions[] = {
    HITLAB_EMBREE_CONVENTIONS,
    {"t_range", "0 < t (tnear = 0 exclusive, tfar = inf)"},
    {"origin_on_triangle", "miss"},
    {"scene_flags", "default (RTC_SCENE_FLAG_NONE)"},
    {"watertight", "no: a ray through an edge two triangles share can miss both"},
    {"flaw_when", "edge or vertex; in plane; t at most 0"},
};
const hitlab_convention kRobustConventions[] = {
    HITLAB_EMBREE_CONVENTIONS,
    {"t_range", "0 <= t (tnear = 0 inclusive, tfar = inf)"},
    {"origin_on_triangle", "hit at t = 0"},
    {"scene_flags", "RTC_SCENE_FLAG_ROBUST"},
    {"watertight", "yes on shared edges (Embree's robust mode)"},
    {"flaw_when", "in plane"},
};
const hitlab_convention kMeshConventions[] = {
    HITLAB_EMBREE_CONVENTIONS,
    {"t_range", "0 < t (tnear = 0 exclusive, tfar = inf)"},
    {"origin_on_triangle", "miss"},
    {"scene_flags", "default (RTC_SCENE_FLAG_NONE)"},
    {"watertight", "no: a ray through an edge two triangles share can miss both"},
    {"flaw_when", "edge or vertex; in plane; t at most 0"},
    {"triangle", "primID; among triangles hit at the same t, the one Embree's BVH meets first"},
};
const hitlab_convention kRobustMeshConventions[] = {
    HITLAB_EMBREE_CONVENTIONS,
    {"t_range", "0 <= t (tnear = 0 inclusive, tfar = inf)"},
    {"origin_on_triangle", "hit at t = 0"},
    {"scene_flags", "RTC_SCENE_FLAG_ROBUST"},
    {"watertight", "yes on shared edges (Embree's robust mode)"},
    {"flaw_when", "in plane"},
    {"triangle", "primID; among triangles hit at the same t, the one Embree's BVH meets first"},
};
#undef HITLAB_EMBREE_CONVENTIONS

#define HITLAB_COUNT(array) std::uint32_t(sizeof array / sizeof array[0])

const char* const kEmbree = "Embree 3.13 (Debian libembree-dev), rtcIntersect1";
const char* const kFlaw = "its default float triangle test is not watertight: a ray through an edge shared by two "
                          "triangles can miss both; and a ray in the triangle's plane misses";
const char* const kRobustFlaw = "a ray in the triangle's plane misses";
const char* const kTriangleFields = "hit t_enter t_exit point normal u v front";
const char* const kMeshFields = "hit t_enter t_exit point normal u v front triangle";

const hitlab_algorithm kAlgorithms[] = {
    {"embree_intersect1", "ray_triangle", "Embree rtcIntersect1 (one-triangle scene)",
     "Embree's closest-hit ray query on a default scene holding the one triangle, built per query; t in (0, inf), "
     "two-sided, u and v are Embree's barycentrics.",
     kEmbree, 0, kConventions, HITLAB_COUNT(kConventions), kTriangleFields, kFlaw, RayTriangle<false>, nullptr, nullptr,
     nullptr},
    {"embree_intersect1_robust", "ray_triangle", "Embree rtcIntersect1 (robust one-triangle scene)",
     "rtcIntersect1 on a one-triangle scene with RTC_SCENE_FLAG_ROBUST, Embree's watertight mode.", kEmbree, 0,
     kRobustConventions, HITLAB_COUNT(kRobustConventions), kTriangleFields, kRobustFlaw, RayTriangle<true>, nullptr,
     nullptr, nullptr},
    {"embree_intersect1", "ray_mesh", "Embree rtcIntersect1 (mesh scene)",
     "Embree's closest-hit ray query on the mesh's default scene (one triangle geometry, committed once per mesh); "
     "the triangle hit is its primID.",
     kEmbree, 0, kMeshConventions, HITLAB_COUNT(kMeshConventions), kMeshFields, kFlaw, RayMesh<false>, nullptr, nullptr,
     nullptr},
    {"embree_intersect1_robust", "ray_mesh", "Embree rtcIntersect1 (robust mesh scene)",
     "rtcIntersect1 on the mesh in a scene with RTC_SCENE_FLAG_ROBUST (the same geometry, committed on first use).",
     kEmbree, 0, kRobustMeshConventions, HITLAB_COUNT(kRobustMeshConventions), kMeshFields, kRobustFlaw, RayMesh<true>,
     nullptr, nullptr, nullptr},
};

const hitlab_plugin kPlugin = {HITLAB_PLUGIN_ABI_VERSION,
                               "Embree",
                               kAlgorithms,
                               sizeof kAlgorithms / sizeof kAlgorithms[0],
                               PrepareMesh,
                               nullptr,
                               ReleaseMesh};

} // namespace

extern "C" HITLAB_PLUGIN_EXPORT const hitlab_plugin* hitlab_plugin_v1(void) { return &kPlugin; }
