/* HitLab plugin ABI, version 3: the one header a plugin includes (C99 or C++, nothing else of
 * HitLab). A plugin is a shared library that exports hitlab_plugin_v1() (the entry's name in every
 * ABI version; the table says which version it was built against), which returns a table of
 * its algorithms: the metadata of the query protocol (`hitlab algorithms --json`) and, per
 * algorithm, batch functions in float and/or double over the plain structs below, plus optional
 * traced single-query functions; meshes reach it once each, through prepare_mesh. Version 2 added
 * triangles and meshes (the union's triangle and mesh, the results' u, v, front and triangle).
 * Version 3 added convex shapes (the union's convex, family convex_convex) and distances (the
 * results' has_distance, distance, closest_a and closest_b, appended after version 2's fields);
 * HitLab still loads version 2 plugins. HitLab loads it in its
 * own host process (hitlab-plugin-host), so a plugin that crashes or hangs costs only the query it failed on.
 * docs/plugins.md describes the contract, the host and the failure handling. */
#ifndef HITLAB_PLUGIN_H
#define HITLAB_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The ABI version this header describes; hitlab_plugin.abi_version must equal it. */
#define HITLAB_PLUGIN_ABI_VERSION 3u
/** The oldest ABI version HitLab still loads (a version 2 table has the same layout; only its
 * results are shorter: HitLab copies them). */
#define HITLAB_PLUGIN_ABI_OLDEST 2u

/* ---- shapes, in double (_d) and float (_f): the protocol's shapes (docs/protocol.md) ---- */

/** Points origin + t * direction, t >= 0; direction need not be unit length. */
typedef struct hitlab_ray_d {
    double origin[3], direction[3];
} hitlab_ray_d;
/** Points start + t * (end - start), 0 <= t <= 1. */
typedef struct hitlab_segment_d {
    double start[3], end[3];
} hitlab_segment_d;
/** Points x with dot(normal, x) == distance; normal need not be unit. */
typedef struct hitlab_plane_d {
    double normal[3], distance;
} hitlab_plane_d;
/** Closed box, min <= max on every axis. */
typedef struct hitlab_aabb_d {
    double min[3], max[3];
} hitlab_aabb_d;
/** Closed ball, radius >= 0. */
typedef struct hitlab_sphere_d {
    double center[3], radius;
} hitlab_sphere_d;
/** Closed oriented box: center + sum_i p_i * axes[i] with |p_i| <= half_extents[i]; axes orthonormal. */
typedef struct hitlab_obb_d {
    double center[3], half_extents[3], axes[3][3];
} hitlab_obb_d;
/** The closed triangle, two-sided; degenerate (collinear or coincident vertices) allowed. Its
 * winding normal is (v1 - v0) x (v2 - v0). */
typedef struct hitlab_triangle_d {
    double vertices[3][3];
} hitlab_triangle_d;

typedef struct hitlab_ray_f {
    float origin[3], direction[3];
} hitlab_ray_f;
typedef struct hitlab_segment_f {
    float start[3], end[3];
} hitlab_segment_f;
typedef struct hitlab_plane_f {
    float normal[3], distance;
} hitlab_plane_f;
typedef struct hitlab_aabb_f {
    float min[3], max[3];
} hitlab_aabb_f;
typedef struct hitlab_sphere_f {
    float center[3], radius;
} hitlab_sphere_f;
typedef struct hitlab_obb_f {
    float center[3], half_extents[3], axes[3][3];
} hitlab_obb_f;
typedef struct hitlab_triangle_f {
    float vertices[3][3];
} hitlab_triangle_f;

/** A mesh, by reference (the same in float and double): the id the plugin's prepare_mesh_f or
 * prepare_mesh_d received its vertices and triangles with, before the first query on it in that
 * precision, and their counts. */
typedef struct hitlab_mesh {
    uint64_t id;
    uint32_t vertex_count, triangle_count;
} hitlab_mesh;

/** The closed convex hull of count points (x, y, z each; count >= 1): a point, segment, polygon or
 * polyhedron; the points need not be the hull's vertices. points is valid only during the call
 * (HitLab's copy, in the host's shared memory): keep a copy to use it later. */
typedef struct hitlab_convex_d {
    const double* points;
    uint32_t count;
} hitlab_convex_d;
typedef struct hitlab_convex_f {
    const float* points;
    uint32_t count;
} hitlab_convex_f;

/** Any shape; the family says which member a query's a and b are (ray_aabb: a.ray, b.aabb;
 * segment_aabb: a.segment, b.aabb; ray_plane: a.ray, b.plane; ray_sphere: a.ray, b.sphere;
 * ray_obb: a.ray, b.obb; aabb_aabb: a.aabb, b.aabb; sphere_aabb: a.sphere, b.aabb;
 * sphere_sphere: a.sphere, b.sphere; obb_obb: a.obb, b.obb; ray_triangle: a.ray, b.triangle;
 * segment_triangle: a.segment, b.triangle; ray_mesh: a.ray, b.mesh; aabb_triangle: a.aabb,
 * b.triangle; sphere_triangle: a.sphere, b.triangle; triangle_triangle: a.triangle, b.triangle;
 * convex_convex: a.convex, b.convex). */
typedef union hitlab_shape_d {
    hitlab_ray_d ray;
    hitlab_segment_d segment;
    hitlab_plane_d plane;
    hitlab_aabb_d aabb;
    hitlab_sphere_d sphere;
    hitlab_obb_d obb;
    hitlab_triangle_d triangle;
    hitlab_mesh mesh;
    hitlab_convex_d convex;
} hitlab_shape_d;

typedef union hitlab_shape_f {
    hitlab_ray_f ray;
    hitlab_segment_f segment;
    hitlab_plane_f plane;
    hitlab_aabb_f aabb;
    hitlab_sphere_f sphere;
    hitlab_obb_f obb;
    hitlab_triangle_f triangle;
    hitlab_mesh mesh;
    hitlab_convex_f convex;
} hitlab_shape_f;

/** One query: the family's two shapes. In float the numbers are HitLab's double inputs rounded
 * to nearest float, exactly what HitLab's own float algorithms see. */
typedef struct hitlab_query_d {
    hitlab_shape_d a, b;
} hitlab_query_d;
typedef struct hitlab_query_f {
    hitlab_shape_f a, b;
} hitlab_query_f;

/* ---- results ---- */

/** One answer, for casts and overlaps alike; the algorithm's `returns` says which fields mean
 * something. HitLab zeroes every result before the call, so a function sets only what it has.
 * Casts: t_enter, t_exit (in units of the direction; of end - start for a segment), point, and
 * normal with has_normal = 1 (0: no normal, e.g. origin inside). Overlaps: depth, normal (b moves
 * out of a along it by depth), contact, separating_axis with has_separating_axis = 1.
 * Casts against triangles and meshes also: u, v (point = (1 - u - v) v0 + u v1 + v v2 of the
 * triangle hit), front (HITLAB_FRONT, HITLAB_BACK, or 0: none, e.g. a ray in the triangle's plane)
 * and, for ray_mesh, triangle (the index of the triangle hit at t_enter); `returns` names those
 * it fills ("u v front triangle").
 * Overlaps may also give the distance between separated solids (> 0; 0 when they touch) with
 * has_distance = 1, and closest_a, closest_b: a point of each realising it; `returns` names those
 * it fills ("distance closest_a closest_b"). A hit leaves has_distance 0 (no distance).
 * error: 0, or a nonzero code of the plugin's own: that query is answered "error" (the
 * protocol's error line) with the code in the message. */
typedef struct hitlab_result_d {
    int32_t hit, has_normal, has_separating_axis, error;
    double t_enter, t_exit, depth;
    double point[3], normal[3], contact[3], separating_axis[3];
    double u, v;
    int32_t front;
    uint32_t triangle;
    /* version 3 */
    int32_t has_distance;
    double distance;
    double closest_a[3], closest_b[3];
} hitlab_result_d;

typedef struct hitlab_result_f {
    int32_t hit, has_normal, has_separating_axis, error;
    float t_enter, t_exit, depth;
    float point[3], normal[3], contact[3], separating_axis[3];
    float u, v;
    int32_t front;
    uint32_t triangle;
    /* version 3 */
    int32_t has_distance;
    float distance;
    float closest_a[3], closest_b[3];
} hitlab_result_f;

/** hitlab_result's front: the ray arrives on the side the winding normal faces, or the other.
 * A result left at 0 has no front (the protocol's null). */
#define HITLAB_FRONT 1
#define HITLAB_BACK (-1)

/* ---- traces (optional): the Query inspector's steps ---- */

#define HITLAB_TRACE_CAPTION 96  /**< bytes of a caption, terminating 0 included */
#define HITLAB_TRACE_NAME 24     /**< bytes of a value's name, terminating 0 included */
#define HITLAB_TRACE_VALUES 8    /**< values per step */
#define HITLAB_TRACE_VERDICT 160 /**< bytes of the verdict, terminating 0 included */

/** One step: a caption and up to HITLAB_TRACE_VALUES named values. */
typedef struct hitlab_trace_step {
    char caption[HITLAB_TRACE_CAPTION];
    uint32_t value_count;
    char names[HITLAB_TRACE_VALUES][HITLAB_TRACE_NAME];
    double values[HITLAB_TRACE_VALUES];
} hitlab_trace_step;

/** The caller's buffer: room for capacity steps; the plugin fills steps[0 .. count) and may
 * write a one-sentence verdict. Use hitlab_trace_step_add and hitlab_trace_value. */
typedef struct hitlab_trace {
    hitlab_trace_step* steps;
    uint32_t capacity;
    uint32_t count;
    char verdict[HITLAB_TRACE_VERDICT];
} hitlab_trace;

/** Copies text into a fixed buffer of size bytes, cutting it and always terminating it. */
static inline void hitlab_copy_text(char* buffer, size_t size, const char* text)
{
    size_t i = 0;
    for (; text != NULL && text[i] != '\0' && i + 1 < size; ++i) {
        buffer[i] = text[i];
    }
    buffer[i] = '\0';
}

/** Appends a step with a caption; NULL when the buffer is full (then record nothing). */
static inline hitlab_trace_step* hitlab_trace_step_add(hitlab_trace* trace, const char* caption)
{
    hitlab_trace_step* step;
    if (trace == NULL || trace->count >= trace->capacity) {
        return NULL;
    }
    step = &trace->steps[trace->count++];
    hitlab_copy_text(step->caption, HITLAB_TRACE_CAPTION, caption);
    step->value_count = 0;
    return step;
}

/** Adds a named value to a step (ignored when step is NULL or full). */
static inline void hitlab_trace_value(hitlab_trace_step* step, const char* name, double value)
{
    if (step == NULL || step->value_count >= HITLAB_TRACE_VALUES) {
        return;
    }
    hitlab_copy_text(step->names[step->value_count], HITLAB_TRACE_NAME, name);
    step->values[step->value_count++] = value;
}

/* ---- functions ---- */

/** Answers count queries: results[i] for queries[i]. results are zeroed by the caller. HitLab
 * calls it with up to a few hundred queries at a time, from one thread. */
typedef void (*hitlab_batch_d)(const hitlab_query_d* queries, hitlab_result_d* results, size_t count);
typedef void (*hitlab_batch_f)(const hitlab_query_f* queries, hitlab_result_f* results, size_t count);
/** Answers one query and records its steps into trace (never NULL). */
typedef void (*hitlab_traced_d)(const hitlab_query_d* query, hitlab_result_d* result, hitlab_trace* trace);
typedef void (*hitlab_traced_f)(const hitlab_query_f* query, hitlab_result_f* result, hitlab_trace* trace);

/** Receives a mesh before the first query on it (ray_mesh): vertices holds vertex_count points
 * (x, y, z each), indices triangle_count triples (0-based, each below vertex_count: HitLab checks).
 * Both arrays are valid only during the call: keep a copy. id names the mesh in later queries
 * (hitlab_mesh.id) until release_mesh(id); a mesh asked in both precisions comes to both functions
 * with the same id (keep the copies apart), and an id is never given to another mesh while held.
 * Returns 0, or a nonzero code of the plugin's own: every query on the mesh is then an error with
 * that code. Called from the thread that calls the batch functions, never during one. */
typedef int32_t (*hitlab_prepare_mesh_d)(uint64_t id, const double* vertices, uint32_t vertex_count,
                                         const uint32_t* indices, uint32_t triangle_count);
typedef int32_t (*hitlab_prepare_mesh_f)(uint64_t id, const float* vertices, uint32_t vertex_count,
                                         const uint32_t* indices, uint32_t triangle_count);
/** Forgets a mesh HitLab no longer has (in both precisions): its memory may be freed. */
typedef void (*hitlab_release_mesh)(uint64_t id);

/* ---- the table ---- */

/** A declared convention (docs/protocol.md): key and value, e.g. {"origin_inside", "hit"}. */
typedef struct hitlab_convention {
    const char* key;
    const char* value;
} hitlab_convention;

/** One algorithm: the protocol's metadata and its functions. Strings are UTF-8, static. */
typedef struct hitlab_algorithm {
    const char* name;    /**< unique within its family, not a built-in algorithm's name */
    const char* family;  /**< "ray_aabb", "segment_aabb", ..., "ray_triangle", "ray_mesh", "convex_convex" */
    const char* title;   /**< a few words */
    const char* summary; /**< one or two sentences */
    const char* source;  /**< the paper, book or code it follows */
    int32_t published;   /**< 1 when it reproduces a published listing, flaws included */
    const hitlab_convention* conventions;
    uint32_t convention_count;
    /** The result fields it fills, separated by spaces: "hit t_enter t_exit point normal" (casts),
     * "hit depth normal contact separating_axis" (overlaps), "u v front triangle" (casts on
     * triangles and meshes) and "distance closest_a closest_b" (overlaps); hit is required. */
    const char* returns;
    const char* flaw;        /**< its known flaw in one sentence, or NULL */
    hitlab_batch_f run_f;    /**< NULL when it has no float version */
    hitlab_batch_d run_d;    /**< NULL when it has no double version */
    hitlab_traced_f trace_f; /**< optional */
    hitlab_traced_d trace_d; /**< optional */
} hitlab_algorithm;

/** What hitlab_plugin_v1 returns. */
typedef struct hitlab_plugin {
    uint32_t abi_version; /**< HITLAB_PLUGIN_ABI_VERSION */
    const char* name;     /**< the plugin's name, for menus and messages */
    const hitlab_algorithm* algorithms;
    uint32_t algorithm_count;
    /** Meshes (ray_mesh), shared by its algorithms: required in a precision when an algorithm of
     * family ray_mesh has a function in it; NULL otherwise. */
    hitlab_prepare_mesh_f prepare_mesh_f;
    hitlab_prepare_mesh_d prepare_mesh_d;
    hitlab_release_mesh release_mesh; /**< optional */
} hitlab_plugin;

/** The name of the entry function, as a string for dlsym. */
#define HITLAB_PLUGIN_ENTRY "hitlab_plugin_v1"

#if defined(_WIN32)
#define HITLAB_PLUGIN_EXPORT __declspec(dllexport)
#else
#define HITLAB_PLUGIN_EXPORT __attribute__((visibility("default")))
#endif

/** The one function a plugin exports (define it with HITLAB_PLUGIN_EXPORT): its table, static,
 * the same on every call. */
HITLAB_PLUGIN_EXPORT const hitlab_plugin* hitlab_plugin_v1(void);

#ifdef __cplusplus
}
#endif

#endif /* HITLAB_PLUGIN_H */
