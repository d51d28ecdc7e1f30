/* A deliberately misbehaving HitLab plugin, for the tests of the host's containment
 * (docs/plugins.md, "Failures"). Its one algorithm, misbehave_c (ray_aabb, float and double),
 * answers "miss, t = 0" except on a ray whose origin has x equal to
 *   13: a write through a null pointer (SIGSEGV);
 *   14: abort() (SIGABRT);
 *   15: an endless loop (a hang: the host's timeout);
 *   16: a hit whose error field is 7 (the plugin's own error).
 * Its second, overlap_length_depth (aabb_aabb, float and double), has the right verdict (the
 * boxes' intervals overlap on x, y and z; touching counts) and a wrong depth whenever one interval
 * contains the other: it takes the overlap's length min(a.max, b.max) - max(a.min, b.min) for the
 * push-out min(a.max - b.min, b.max - a.min) (a = [0, 4], b = [1, 2]: 1, not 2). Only a hunt
 * that compares values finds it (the tests of `hitlab hunt --verdict-only`).
 * Built with -DHITLAB_EXAMPLE_WRONG_ABI it declares ABI version 99, with -DHITLAB_EXAMPLE_ABI_V1 the
 * older version 1; the host refuses both. With -DHITLAB_EXAMPLE_ABI_V2 it is a version 2 plugin, which
 * HitLab still loads: its results have version 2's layout (the fields before version 3's has_distance,
 * as version 2's header declared them), and it indexes them at that stride. */
#include "hitlab/plugin.h"

#include <stdlib.h>

static volatile int* volatile nowhere = NULL;

static void answer(double x, int32_t* hit, int32_t* error)
{
    if (x == 13) {
        *nowhere = 1;
    }
    if (x == 14) {
        abort();
    }
    if (x == 15) {
        for (;;) { /* a constant condition: C lets the loop run forever */
        }
    }
    if (x == 16) {
        *hit = 1;
        *error = 7;
    }
}

#if defined(HITLAB_EXAMPLE_ABI_V2)
typedef struct result_d {
    int32_t hit, has_normal, has_separating_axis, error;
    double t_enter, t_exit, depth;
    double point[3], normal[3], contact[3], separating_axis[3];
    double u, v;
    int32_t front;
    uint32_t triangle;
} result_d;
typedef struct result_f {
    int32_t hit, has_normal, has_separating_axis, error;
    float t_enter, t_exit, depth;
    float point[3], normal[3], contact[3], separating_axis[3];
    float u, v;
    int32_t front;
    uint32_t triangle;
} result_f;
#else
typedef hitlab_result_d result_d;
typedef hitlab_result_f result_f;
#endif

static void run_f(const hitlab_query_f* q, hitlab_result_f* out, size_t n)
{
    result_f* r = (result_f*)(void*)out;
    size_t i;
    for (i = 0; i < n; ++i) {
        answer(q[i].a.ray.origin[0], &r[i].hit, &r[i].error);
    }
}

static void run_d(const hitlab_query_d* q, hitlab_result_d* out, size_t n)
{
    result_d* r = (result_d*)(void*)out;
    size_t i;
    for (i = 0; i < n; ++i) {
        answer(q[i].a.ray.origin[0], &r[i].hit, &r[i].error);
    }
}

/* overlap_length_depth: the smallest overlap length over the axes; -1 when the boxes are apart */
#define OVERLAP_LENGTH_DEPTH(T, a, b, out)                                                                             \
    do {                                                                                                               \
        int axis;                                                                                                      \
        out = -1;                                                                                                      \
        for (axis = 0; axis < 3; ++axis) {                                                                             \
            const T hi = (a).max[axis] < (b).max[axis] ? (a).max[axis] : (b).max[axis];                                \
            const T lo = (a).min[axis] > (b).min[axis] ? (a).min[axis] : (b).min[axis];                                \
            if (hi < lo) {                                                                                             \
                out = -1;                                                                                              \
                break;                                                                                                 \
            }                                                                                                          \
            if (axis == 0 || hi - lo < out) {                                                                          \
                out = hi - lo;                                                                                         \
            }                                                                                                          \
        }                                                                                                              \
    } while (0)

static void overlap_f(const hitlab_query_f* q, hitlab_result_f* out, size_t n)
{
    result_f* r = (result_f*)(void*)out;
    size_t i;
    for (i = 0; i < n; ++i) {
        float depth;
        OVERLAP_LENGTH_DEPTH(float, q[i].a.aabb, q[i].b.aabb, depth);
        r[i].hit = depth >= 0;
        r[i].depth = depth >= 0 ? depth : 0;
    }
}

static void overlap_d(const hitlab_query_d* q, hitlab_result_d* out, size_t n)
{
    result_d* r = (result_d*)(void*)out;
    size_t i;
    for (i = 0; i < n; ++i) {
        double depth;
        OVERLAP_LENGTH_DEPTH(double, q[i].a.aabb, q[i].b.aabb, depth);
        r[i].hit = depth >= 0;
        r[i].depth = depth >= 0 ? depth : 0;
    }
}

static const hitlab_convention conventions[] = {{"origin_inside", "hit"}};
static const hitlab_convention touching[] = {{"touching", "overlap"}};

static const hitlab_algorithm algorithms[] = {
    {"misbehave_c", "ray_aabb", "Misbehaving plugin (test)",
     "Misses, except that it crashes, aborts, hangs or sets an error on origins with x = 13, 14, 15, 16.",
     "HitLab's tests", 0, conventions, 1, "hit", NULL, run_f, run_d, NULL, NULL},
    {"overlap_length_depth", "aabb_aabb", "Overlap length as depth (test)",
     "Per-axis interval overlap (touching counts); the depth is the smallest overlap length, wrong when one interval "
     "contains the other.",
     "HitLab's tests", 0, touching, 1, "hit depth", "The depth is the overlap's length, not the push-out distance.",
     overlap_f, overlap_d, NULL, NULL},
};

#if defined(HITLAB_EXAMPLE_WRONG_ABI)
static const hitlab_plugin table = {99, "wrong ABI (test)", algorithms, 2, NULL, NULL, NULL};
#elif defined(HITLAB_EXAMPLE_ABI_V1)
static const hitlab_plugin table = {1, "ABI version 1 (test)", algorithms, 2, NULL, NULL, NULL};
#elif defined(HITLAB_EXAMPLE_ABI_V2)
static const hitlab_plugin table = {2, "ABI version 2 (test)", algorithms, 2, NULL, NULL, NULL};
#else
static const hitlab_plugin table = {HITLAB_PLUGIN_ABI_VERSION, "misbehaving (test)", algorithms, 2, NULL, NULL, NULL};
#endif

HITLAB_PLUGIN_EXPORT const hitlab_plugin* hitlab_plugin_v1(void) { return &table; }
