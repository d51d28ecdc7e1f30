// The probes of `hitlab conventions`: concrete queries, each checked by hand (the note says how).
#include "conventions_probes.h"

#include "core/algorithm.h"

#include <algorithm>
#include <array>

namespace hitlab {

namespace {

// The shapes most probes share: the unit box [0,1]^3, the unit sphere and obb at the origin, and
// the triangle (0,0,0) (1,0,0) (0,1,0), whose winding normal is +z.
#define HITLAB_BOX R"("b": {"type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]})"
#define HITLAB_SPHERE R"("b": {"type": "sphere", "center": [0, 0, 0], "radius": 1})"
#define HITLAB_OBB                                                                                                     \
    R"("b": {"type": "obb", "center": [0, 0, 0], "half_extents": [1, 1, 1], "axes": [[1, 0, 0], [0, 1, 0], [0, 0, 1]]})"
#define HITLAB_TRIANGLE R"("b": {"type": "triangle", "vertices": [[0, 0, 0], [1, 0, 0], [0, 1, 0]]})"
#define HITLAB_RAY(O, D) R"("a": {"type": "ray", "origin": )" O R"(, "direction": )" D "}"
#define HITLAB_SEGMENT(S, E) R"("a": {"type": "segment", "start": )" S R"(, "end": )" E "}"
#define HITLAB_DOUBLE(FAMILY) R"({"query": ")" FAMILY R"(", "precision": "double", )"
#define HITLAB_FLOAT(FAMILY) R"({"query": ")" FAMILY R"(", "precision": "float", )"

constexpr unsigned kInsideBoundary = kOriginInside | kBoundaryOnly;

// data table: the box casts' probes, one entry each
const std::vector<ConventionProbe>& CastProbes()
{
    static const std::vector<ConventionProbe> probes = {
        {"ray_aabb/origin_inside",
         "origin inside",
         "origin at the box's centre, +x: t in [0, 0.5]",
         HITLAB_DOUBLE("ray_aabb") HITLAB_RAY("[0.5, 0.5, 0.5]", "[1, 0, 0]") ", " HITLAB_BOX "}",
         kOriginInside,
         {"origin_inside", "t_range"}},
        {"ray_aabb/on_face_outward",
         "origin on a face, pointing out",
         "origin on the face x = 0, -x: the ray touches the box at t = 0 only",
         HITLAB_DOUBLE("ray_aabb") HITLAB_RAY("[0, 0.5, 0.5]", "[-1, 0, 0]") ", " HITLAB_BOX "}",
         kInsideBoundary,
         {"boundary", "origin_inside", "t_range"}},
        {"ray_aabb/on_edge_outward",
         "origin on an edge, pointing out",
         "origin on the edge x = y = 0, direction (-1, -1, 0): touches at t = 0 only",
         HITLAB_DOUBLE("ray_aabb") HITLAB_RAY("[0, 0, 0.5]", "[-1, -1, 0]") ", " HITLAB_BOX "}",
         kInsideBoundary,
         {"boundary", "origin_inside", "t_range"}},
        {"ray_aabb/grazing_corner",
         "grazing a corner",
         "(2 - t, 2 - t, t) is in the box only at t = 1, the corner (1, 1, 1): t in [1, 1]",
         HITLAB_DOUBLE("ray_aabb") HITLAB_RAY("[2, 2, 0]", "[-1, -1, 1]") ", " HITLAB_BOX "}",
         kBoundaryOnly,
         {"boundary"}},
        {"ray_aabb/in_face_plane",
         "ray in a face plane",
         "the ray runs in the top face's plane z = 1: t in [1, 2]",
         HITLAB_DOUBLE("ray_aabb") HITLAB_RAY("[-1, 0.5, 1]", "[1, 0, 0]") ", " HITLAB_BOX "}",
         kBoundaryOnly | kParallel,
         {"boundary", "parallel"}},
        {"ray_aabb/zero_component",
         "zero direction components",
         "direction (1, 0, 0) through the middle of the box: t in [1, 2]",
         HITLAB_DOUBLE("ray_aabb") HITLAB_RAY("[-1, 0.5, 0.5]", "[1, 0, 0]") ", " HITLAB_BOX "}",
         kParallel,
         {"parallel"}},
        {"ray_aabb/negative_zero",
         "-0 direction components",
         "direction (1, -0, -0) through the middle of the box: t in [1, 2], as with +0",
         HITLAB_DOUBLE("ray_aabb") HITLAB_RAY("[-1, 0.5, 0.5]", "[1, -0.0, -0.0]") ", " HITLAB_BOX "}",
         kParallel,
         {"parallel"}},
        {"ray_aabb/negative_zero_on_face",
         "-0 component in a face plane",
         "origin y = 0 on the face plane, direction y = -0: (0 - 0) / -0 is NaN in a slab test; t in [1, 2]",
         HITLAB_DOUBLE("ray_aabb") HITLAB_RAY("[-1, 0, 0.5]", "[1, -0.0, 0]") ", " HITLAB_BOX "}",
         kBoundaryOnly | kParallel,
         {"parallel", "boundary"}},
        {"ray_aabb/beyond_1000",
         "hit beyond t = 1000",
         "the box [2000, 2001] x [0, 1] x [0, 1] along +x: t in [2000, 2001]",
         HITLAB_DOUBLE("ray_aabb") HITLAB_RAY(
             "[0, 0.5, 0.5]", "[1, 0, 0]") R"(, "b": {"type": "aabb", "min": [2000, 0, 0], "max": [2001, 1, 1]}})",
         0,
         {"t_range", "max_distance"}},
        {"ray_aabb/behind",
         "box behind the origin",
         "origin (2, 2, 2), direction (1, 1, 1): the box lies at t in [-2, -1]: miss",
         HITLAB_DOUBLE("ray_aabb") HITLAB_RAY("[2, 2, 2]", "[1, 1, 1]") ", " HITLAB_BOX "}",
         kBehind,
         {"t_range"}},
        {"ray_aabb/far_float",
         "far from the origin, float",
         "box [1e6, 1e6 + 1]^3, origin x = 999999.7, +x: t = 0.3 (t = 0.3000000000465661 for the double 999999.7); "
         "in float the origin rounds to 999999.6875 (float spacing 0.0625 there), so a float slab test says 0.3125",
         HITLAB_FLOAT("ray_aabb") HITLAB_RAY(
             "[999999.7, 1000000.5, 1000000.5]",
             "[1, 0, 0]") R"(, "b": {"type": "aabb", "min": [1000000, 1000000, 1000000], "max": [1000001, 1000001, 1000001]}})",
         kFarFloat,
         {"precision"}},
        {"segment_aabb/ends_before",
         "segment ends before the box",
         "segment from x = -2 to x = -1: the box starts at t = 2, beyond the end: miss",
         HITLAB_DOUBLE("segment_aabb") HITLAB_SEGMENT("[-2, 0.5, 0.5]", "[-1, 0.5, 0.5]") ", " HITLAB_BOX "}",
         0,
         {"t_range"}},
        {"segment_aabb/ends_on_face",
         "segment ends on a face",
         "segment from x = -1 to x = 0: touches the face x = 0 at t = 1",
         HITLAB_DOUBLE("segment_aabb") HITLAB_SEGMENT("[-1, 0.5, 0.5]", "[0, 0.5, 0.5]") ", " HITLAB_BOX "}",
         kBoundaryOnly,
         {"t_range", "boundary"}},
        {"segment_aabb/starts_inside",
         "segment starts inside",
         "segment from the centre to x = 2: t in [0, 1/3]",
         HITLAB_DOUBLE("segment_aabb") HITLAB_SEGMENT("[0.5, 0.5, 0.5]", "[2, 0.5, 0.5]") ", " HITLAB_BOX "}",
         kOriginInside,
         {"origin_inside", "t_range"}},
    };
    return probes;
}

// data table: the plane, sphere, obb and triangle casts' probes, one entry each
const std::vector<ConventionProbe>& OtherCastProbes()
{
    static const std::vector<ConventionProbe> probes = {
        {"ray_plane/back_face",
         "plane facing away",
         "plane z = 0 with normal +z, ray from z = -1 along +z: t = 1",
         HITLAB_DOUBLE("ray_plane")
             HITLAB_RAY("[0, 0, -1]", "[0, 0, 1]") R"(, "b": {"type": "plane", "normal": [0, 0, 1], "distance": 0}})",
         kBackFacing,
         {"facing"}},
        {"ray_plane/in_plane",
         "ray in the plane",
         "the ray lies in the plane z = 0: every t >= 0 is on it",
         HITLAB_DOUBLE("ray_plane")
             HITLAB_RAY("[0, 0, 0]", "[1, 0, 0]") R"(, "b": {"type": "plane", "normal": [0, 0, 1], "distance": 0}})",
         kBoundaryOnly | kParallel | kInPlane | kBackFacing,
         {"parallel", "facing", "boundary"}},
        {"ray_plane/origin_on_plane",
         "origin on the plane",
         "origin on z = 0, along -z: t = 0",
         HITLAB_DOUBLE("ray_plane")
             HITLAB_RAY("[0, 0, 0]", "[0, 0, -1]") R"(, "b": {"type": "plane", "normal": [0, 0, 1], "distance": 0}})",
         0,
         {"t_range"}},
        {"ray_sphere/origin_inside",
         "origin inside",
         "origin at the centre, +x: t in [0, 1]",
         HITLAB_DOUBLE("ray_sphere") HITLAB_RAY("[0, 0, 0]", "[1, 0, 0]") ", " HITLAB_SPHERE "}",
         kOriginInside,
         {"origin_inside", "t_range"}},
        {"ray_sphere/tangent",
         "grazing (tangent)",
         "the line y = 1, z = 0 touches the unit sphere at (0, 1, 0): t = 2",
         HITLAB_DOUBLE("ray_sphere") HITLAB_RAY("[-2, 1, 0]", "[1, 0, 0]") ", " HITLAB_SPHERE "}",
         kBoundaryOnly,
         {"boundary"}},
        {"ray_sphere/behind",
         "sphere behind the origin",
         "origin at x = 2, +x: the sphere lies at t in [-3, -1]: miss",
         HITLAB_DOUBLE("ray_sphere") HITLAB_RAY("[2, 0, 0]", "[1, 0, 0]") ", " HITLAB_SPHERE "}",
         kBehind,
         {"t_range"}},
        {"ray_obb/origin_inside",
         "origin inside",
         "origin at the centre of the obb [-1, 1]^3, +x: t in [0, 1]",
         HITLAB_DOUBLE("ray_obb") HITLAB_RAY("[0, 0, 0]", "[1, 0, 0]") ", " HITLAB_OBB "}",
         kOriginInside,
         {"origin_inside", "t_range"}},
        {"ray_obb/on_face_outward",
         "origin on a face, pointing out",
         "origin on the face x = 1, +x: t = 0 only",
         HITLAB_DOUBLE("ray_obb") HITLAB_RAY("[1, 0, 0]", "[1, 0, 0]") ", " HITLAB_OBB "}",
         kInsideBoundary,
         {"boundary", "origin_inside", "t_range"}},
        {"ray_obb/negative_zero",
         "-0 direction component",
         "direction (1, -0, 0) from x = -2: t in [1, 3]",
         HITLAB_DOUBLE("ray_obb") HITLAB_RAY("[-2, 0, 0]", "[1, -0.0, 0]") ", " HITLAB_OBB "}",
         kParallel,
         {"parallel"}},
        {"ray_triangle/back_face",
         "back face",
         "the triangle's normal is +z; the ray comes from z = -1 along +z: t = 1",
         HITLAB_DOUBLE("ray_triangle") HITLAB_RAY("[0.25, 0.25, -1]", "[0, 0, 1]") ", " HITLAB_TRIANGLE "}",
         kBackFacing,
         {"facing", "back_faces"}},
        {"ray_triangle/on_edge",
         "through an edge",
         "down onto (0.5, 0, 0), on the edge v0 v1: t = 1",
         HITLAB_DOUBLE("ray_triangle") HITLAB_RAY("[0.5, 0, 1]", "[0, 0, -1]") ", " HITLAB_TRIANGLE "}",
         kBoundaryOnly,
         {"boundary", "edges"}},
        {"ray_triangle/at_vertex",
         "through a vertex",
         "down onto the vertex (0, 0, 0): t = 1",
         HITLAB_DOUBLE("ray_triangle") HITLAB_RAY("[0, 0, 1]", "[0, 0, -1]") ", " HITLAB_TRIANGLE "}",
         kBoundaryOnly,
         {"boundary", "edges"}},
        {"ray_triangle/in_plane",
         "ray in the triangle's plane",
         "along +x in the plane z = 0 at y = 0.25: crosses the triangle for x in [0, 0.75], t in [1, 1.75]",
         HITLAB_DOUBLE("ray_triangle") HITLAB_RAY("[-1, 0.25, 0]", "[1, 0, 0]") ", " HITLAB_TRIANGLE "}",
         kBoundaryOnly | kParallel | kInPlane,
         {"parallel", "coplanar", "in_plane"}},
        {"ray_triangle/origin_on_triangle",
         "origin on the triangle",
         "origin (0.25, 0.25, 0) inside the triangle, +z: t = 0",
         HITLAB_DOUBLE("ray_triangle") HITLAB_RAY("[0.25, 0.25, 0]", "[0, 0, 1]") ", " HITLAB_TRIANGLE "}",
         0,
         {"t_range"}},
        {"segment_triangle/ends_on_triangle",
         "segment ends on the triangle",
         "segment from z = 1 down to (0.25, 0.25, 0) inside the triangle: t = 1",
         HITLAB_DOUBLE("segment_triangle") HITLAB_SEGMENT("[0.25, 0.25, 1]", "[0.25, 0.25, 0]") ", " HITLAB_TRIANGLE
                                                                                                "}",
         0,
         {"t_range"}},
        {"segment_triangle/starts_on_triangle",
         "segment starts on the triangle",
         "segment from (0.25, 0.25, 0) up to z = 1: t = 0",
         HITLAB_DOUBLE("segment_triangle") HITLAB_SEGMENT("[0.25, 0.25, 0]", "[0.25, 0.25, 1]") ", " HITLAB_TRIANGLE
                                                                                                "}",
         0,
         {"t_range"}},
    };
    return probes;
}

#define HITLAB_A_BOX R"("a": {"type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]})"
#define HITLAB_A_TRIANGLE R"("a": {"type": "triangle", "vertices": [[0, 0, 0], [1, 0, 0], [0, 1, 0]]})"

// data table: the overlaps' and containment probes, one entry each
const std::vector<ConventionProbe>& OverlapProbes()
{
    static const std::vector<ConventionProbe> probes = {
        {"aabb_aabb/touching_faces",
         "touching faces",
         "[0, 1]^3 and [1, 2] x [0, 1]^2 share the face x = 1: depth 0",
         HITLAB_DOUBLE("aabb_aabb") HITLAB_A_BOX R"(, "b": {"type": "aabb", "min": [1, 0, 0], "max": [2, 1, 1]}})",
         kBoundaryOnly,
         {"touching"}},
        {"aabb_aabb/touching_corners",
         "touching corners",
         "[0, 1]^3 and [1, 2]^3 share the point (1, 1, 1): depth 0",
         HITLAB_DOUBLE("aabb_aabb") HITLAB_A_BOX R"(, "b": {"type": "aabb", "min": [1, 1, 1], "max": [2, 2, 2]}})",
         kBoundaryOnly,
         {"touching"}},
        {"aabb_aabb/far_float",
         "far from the origin, float",
         "boxes along x at 1e6: [1000000, 1000001] and [1000001.01, 1000002] are 0.01 apart: separate; in float "
         "1000001.01 rounds to 1000001 (spacing 0.0625), and the rounded boxes touch",
         HITLAB_FLOAT("aabb_aabb") R"("a": {"type": "aabb", "min": [1000000, 0, 0], "max": [1000001, 1, 1]}, )"
                                   R"("b": {"type": "aabb", "min": [1000001.01, 0, 0], "max": [1000002, 1, 1]}})",
         kFarFloat,
         {"touching", "precision"}},
        {"sphere_aabb/touching",
         "touching",
         "the unit sphere at (2, 0.5, 0.5) touches the face x = 1 of [0, 1]^3 at one point",
         HITLAB_DOUBLE("sphere_aabb") R"("a": {"type": "sphere", "center": [2, 0.5, 0.5], "radius": 1}, )"
                                      R"("b": {"type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]}})",
         kBoundaryOnly,
         {"touching"}},
        {"sphere_sphere/touching",
         "touching",
         "unit spheres at (0, 0, 0) and (2, 0, 0) touch at (1, 0, 0)",
         HITLAB_DOUBLE("sphere_sphere") R"("a": {"type": "sphere", "center": [0, 0, 0], "radius": 1}, )"
                                        R"("b": {"type": "sphere", "center": [2, 0, 0], "radius": 1}})",
         kBoundaryOnly,
         {"touching"}},
        {"obb_obb/touching",
         "touching faces",
         "the obbs [-1, 1]^3 and [1, 3] x [-1, 1]^2 share the face x = 1",
         HITLAB_DOUBLE(
             "obb_obb") R"("a": {"type": "obb", "center": [0, 0, 0], "half_extents": [1, 1, 1], "axes": [[1, 0, 0], [0, 1, 0], [0, 0, 1]]}, )"
                        R"("b": {"type": "obb", "center": [2, 0, 0], "half_extents": [1, 1, 1], "axes": [[1, 0, 0], [0, 1, 0], [0, 0, 1]]}})",
         kBoundaryOnly,
         {"touching"}},
        {"point_aabb/on_face",
         "point on a face",
         "(1, 0.5, 0.5) lies on the face x = 1 of [0, 1]^3",
         HITLAB_DOUBLE("point_aabb") R"("a": {"type": "point", "position": [1, 0.5, 0.5]}, )" HITLAB_BOX "}",
         kBoundaryOnly,
         {"boundary"}},
        {"point_sphere/on_surface",
         "point on the surface",
         "(1, 0, 0) lies on the unit sphere",
         HITLAB_DOUBLE("point_sphere") R"("a": {"type": "point", "position": [1, 0, 0]}, )" HITLAB_SPHERE "}",
         kBoundaryOnly,
         {"boundary"}},
        {"point_obb/on_face",
         "point on a face",
         "(1, 0, 0) lies on the face x = 1 of the obb [-1, 1]^3",
         HITLAB_DOUBLE("point_obb") R"("a": {"type": "point", "position": [1, 0, 0]}, )" HITLAB_OBB "}",
         kBoundaryOnly,
         {"boundary"}},
        {"aabb_triangle/touching_corner",
         "touching at a corner",
         "the triangle (1, 1, 1) (2, 1, 1) (1, 2, 1) meets [0, 1]^3 only at its vertex (1, 1, 1)",
         HITLAB_DOUBLE("aabb_triangle") HITLAB_A_BOX
         R"(, "b": {"type": "triangle", "vertices": [[1, 1, 1], [2, 1, 1], [1, 2, 1]]}})",
         kBoundaryOnly,
         {"touching"}},
        {"sphere_triangle/touching",
         "touching",
         "the unit sphere at (0.25, 0.25, 1) touches the triangle at (0.25, 0.25, 0)",
         HITLAB_DOUBLE(
             "sphere_triangle") R"("a": {"type": "sphere", "center": [0.25, 0.25, 1], "radius": 1}, )" HITLAB_TRIANGLE
                                "}",
         kBoundaryOnly,
         {"touching"}},
        {"triangle_triangle/touching_vertex",
         "vertex on a face",
         "the second triangle stands on the first with its vertex (0.25, 0.25, 0); the rest has z > 0",
         HITLAB_DOUBLE("triangle_triangle") HITLAB_A_TRIANGLE
         R"(, "b": {"type": "triangle", "vertices": [[0.25, 0.25, 0], [0.25, 0.25, 1], [1, 1, 1]]}})",
         kBoundaryOnly,
         {"touching", "coplanar"}},
        {"convex_convex/touching",
         "touching faces",
         "the cubes [0, 1]^3 and [1, 2] x [0, 1]^2 as point sets share the face x = 1",
         HITLAB_DOUBLE(
             "convex_convex") R"("a": {"type": "convex", "points": [[0,0,0],[1,0,0],[0,1,0],[1,1,0],[0,0,1],[1,0,1],[0,1,1],[1,1,1]]}, )"
                              R"("b": {"type": "convex", "points": [[1,0,0],[2,0,0],[1,1,0],[2,1,0],[1,0,1],[2,0,1],[1,1,1],[2,1,1]]}})",
         kBoundaryOnly,
         {"touching"}},
    };
    return probes;
}

} // namespace

std::span<const ConventionProbe> ConventionProbes()
{
    static const std::vector<ConventionProbe> all = [] {
        std::vector<ConventionProbe> out;
        for (const std::vector<ConventionProbe>* list : {&CastProbes(), &OtherCastProbes(), &OverlapProbes()}) {
            out.insert(out.end(), list->begin(), list->end());
        }
        // protocol order of families (the id begins with the family's name), stable within one
        const auto rank = [](const ConventionProbe& p) {
            const std::string_view family = p.id.substr(0, p.id.find('/'));
            const auto families = AllFamilies();
            for (size_t i = 0; i < families.size(); ++i) {
                if (FamilyName(families[i]) == family) {
                    return i;
                }
            }
            return families.size();
        };
        std::stable_sort(out.begin(), out.end(),
                         [&](const ConventionProbe& x, const ConventionProbe& y) { return rank(x) < rank(y); });
        return out;
    }();
    return all;
}

std::vector<std::string_view> ProbeFactNames(unsigned facts)
{
    static constexpr std::array<std::string_view, 7> kNames = {
        "origin inside", "boundary only", "parallel", "back facing", "behind", "in plane", "far in float"};
    std::vector<std::string_view> out;
    for (size_t i = 0; i < kNames.size(); ++i) {
        if ((facts & (1u << i)) != 0) {
            out.push_back(kNames[i]);
        }
    }
    return out;
}

#undef HITLAB_BOX
#undef HITLAB_SPHERE
#undef HITLAB_OBB
#undef HITLAB_TRIANGLE
#undef HITLAB_RAY
#undef HITLAB_SEGMENT
#undef HITLAB_DOUBLE
#undef HITLAB_FLOAT
#undef HITLAB_A_BOX
#undef HITLAB_A_TRIANGLE

} // namespace hitlab
