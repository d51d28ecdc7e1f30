/* A HitLab plugin in C99 (docs/plugins.md): two ray_aabb algorithms, each in float and double.
 *   slab_c          the slab method as HitLab's `slab` reference computes it on ordinary inputs
 *                   (Kay & Kajiya 1986; Ericson, Real-Time Collision Detection 5.3.3), with a trace
 *                   in both precisions;
 *   slab_c_outside  the same, except that a ray starting inside the box misses: a convention it
 *                   declares (origin_inside: miss), so HitLab's comparison explains the difference.
 * Build: the CMake target `plugin_ray_aabb_slab`, or by hand:
 *   cc -std=c99 -O2 -fPIC -shared -ffp-contract=off -I include ray_aabb_slab.c -o ray_aabb_slab.so
 * Run: hitlab report SCENE --plugin ./ray_aabb_slab.so */
#include "hitlab/plugin.h"

#include <float.h>
#include <math.h>

/* One body for float and double: SLAB(T, SUFFIX, INF, MAXV) defines slab_SUFFIX(), the method in
 * scalar T. outside_misses: 1 for slab_c_outside. trace may be NULL. */
#define SLAB(T, SUFFIX, INF, MAXV)                                                                                     \
    static void slab_##SUFFIX(const hitlab_query_##SUFFIX* q, hitlab_result_##SUFFIX* r, int outside_misses,           \
                              hitlab_trace* trace)                                                                     \
    {                                                                                                                  \
        const T* o = q->a.ray.origin;                                                                                  \
        const T* d = q->a.ray.direction;                                                                               \
        const T* lo = q->b.aabb.min;                                                                                   \
        const T* hi = q->b.aabb.max;                                                                                   \
        T t_near[3], t_far[3], t_enter = 0, t_exit = MAXV;                                                             \
        int i, inside = 1;                                                                                             \
        for (i = 0; i < 3; ++i) {                                                                                      \
            hitlab_trace_step* step;                                                                                   \
            inside = inside && lo[i] <= o[i] && o[i] <= hi[i];                                                         \
            if (d[i] == 0) { /* parallel: every t or none, from the origin alone */                                    \
                const int in = lo[i] <= o[i] && o[i] <= hi[i];                                                         \
                t_near[i] = in ? -INF : INF;                                                                           \
                t_far[i] = in ? INF : -INF;                                                                            \
            } else {                                                                                                   \
                const T t0 = (lo[i] - o[i]) / d[i], t1 = (hi[i] - o[i]) / d[i];                                        \
                t_near[i] = t0 < t1 ? t0 : t1;                                                                         \
                t_far[i] = t0 < t1 ? t1 : t0;                                                                          \
            }                                                                                                          \
            t_enter = t_near[i] > t_enter ? t_near[i] : t_enter;                                                       \
            t_exit = t_far[i] < t_exit ? t_far[i] : t_exit;                                                            \
            step = hitlab_trace_step_add(trace, i == 0 ? "x slab" : i == 1 ? "y slab" : "z slab");                     \
            hitlab_trace_value(step, "t_near", (double)t_near[i]);                                                     \
            hitlab_trace_value(step, "t_far", (double)t_far[i]);                                                       \
            hitlab_trace_value(step, "t_enter", (double)t_enter);                                                      \
            hitlab_trace_value(step, "t_exit", (double)t_exit);                                                        \
        }                                                                                                              \
        if (outside_misses && inside) {                                                                                \
            if (trace != NULL) {                                                                                       \
                hitlab_copy_text(trace->verdict, HITLAB_TRACE_VERDICT, "Miss: the origin is inside the box.");         \
            }                                                                                                          \
            return;                                                                                                    \
        }                                                                                                              \
        if (!(t_enter <= t_exit)) {                                                                                    \
            if (trace != NULL) {                                                                                       \
                hitlab_copy_text(trace->verdict, HITLAB_TRACE_VERDICT, "Miss: the slabs' t intervals do not meet.");   \
            }                                                                                                          \
            return;                                                                                                    \
        }                                                                                                              \
        r->hit = 1;                                                                                                    \
        r->t_enter = t_enter + (T)0; /* -0 -> 0 */                                                                     \
        r->t_exit = t_exit + (T)0;                                                                                     \
        for (i = 0; i < 3; ++i) {                                                                                      \
            r->point[i] = o[i] + r->t_enter * d[i];                                                                    \
        }                                                                                                              \
        for (i = 0; i < 3; ++i) { /* the first axis whose slab starts where the ray enters */                          \
            if (d[i] != 0 && t_near[i] == t_enter) {                                                                   \
                r->normal[i] = d[i] > 0 ? -1 : 1;                                                                      \
                r->has_normal = 1;                                                                                     \
                break;                                                                                                 \
            }                                                                                                          \
        }                                                                                                              \
        if (trace != NULL) {                                                                                           \
            hitlab_copy_text(trace->verdict, HITLAB_TRACE_VERDICT, "Hit: the slabs' t intervals meet.");               \
        }                                                                                                              \
    }

SLAB(float, f, INFINITY, FLT_MAX)
SLAB(double, d, (double)INFINITY, DBL_MAX)

/* BATCH(NAME, SUFFIX, OUTSIDE) defines NAME_batch_SUFFIX(): slab_SUFFIX over n queries, untraced. */
#define BATCH(NAME, SUFFIX, OUTSIDE)                                                                                   \
    static void NAME##_batch_##SUFFIX(const hitlab_query_##SUFFIX* q, hitlab_result_##SUFFIX* r, size_t n)             \
    {                                                                                                                  \
        size_t i;                                                                                                      \
        for (i = 0; i < n; ++i) {                                                                                      \
            slab_##SUFFIX(q + i, r + i, OUTSIDE, NULL);                                                                \
        }                                                                                                              \
    }

BATCH(slab, f, 0)
BATCH(slab, d, 0)
BATCH(outside, f, 1)
BATCH(outside, d, 1)

static void slab_traced_f(const hitlab_query_f* q, hitlab_result_f* r, hitlab_trace* t) { slab_f(q, r, 0, t); }
static void slab_traced_d(const hitlab_query_d* q, hitlab_result_d* r, hitlab_trace* t) { slab_d(q, r, 0, t); }

static const hitlab_convention slab_conventions[] = {{"origin_inside", "hit"},
                                                     {"boundary", "inclusive"},
                                                     {"t_range", "t >= 0"},
                                                     {"direction", "any"},
                                                     {"parallel", "handled"}};
static const hitlab_convention outside_conventions[] = {{"origin_inside", "miss"},
                                                        {"boundary", "inclusive"},
                                                        {"t_range", "t >= 0"},
                                                        {"direction", "any"},
                                                        {"parallel", "handled"}};

static const hitlab_algorithm algorithms[] = {
    {"slab_c", "ray_aabb", "Slab method (C plugin example)",
     "Intersects the ray's t interval with the x, y and z slabs of the box; parallel axes are decided by the origin "
     "alone. Closed box, t >= 0, an origin inside hits at t = 0.",
     "Kay & Kajiya 1986; Ericson, Real-Time Collision Detection (2005) 5.3.3", 0, slab_conventions, 5,
     "hit t_enter t_exit point normal", NULL, slab_batch_f, slab_batch_d, slab_traced_f, slab_traced_d},
    {"slab_c_outside", "ray_aabb", "Slab method, outside rays only (C plugin example)",
     "The slab method for rays that start outside the box: a ray starting inside misses, as in engines that "
     "ignore the shape a ray starts in.",
     "Kay & Kajiya 1986", 0, outside_conventions, 5, "hit t_enter t_exit point normal", NULL, outside_batch_f,
     outside_batch_d, NULL, NULL},
};

static const hitlab_plugin table = {
    HITLAB_PLUGIN_ABI_VERSION, "ray_aabb slab (C example)", algorithms, 2, NULL, NULL, NULL};

HITLAB_PLUGIN_EXPORT const hitlab_plugin* hitlab_plugin_v1(void) { return &table; }
