/* A test plugin (tests/app/plugin/report_precision_test.cpp): two ray_aabb slab methods, one with
 * a double function only (run_f NULL, as an engine built in double may be), one with both. The
 * report and bench must run the first only on double queries, saying so once, and the second on
 * every query. */
#include "hitlab/plugin.h"

#include <math.h>

/* SLAB(T, SUFFIX): slab_SUFFIX(), the closed-box slab method over t >= 0 in scalar T. */
#define SLAB(T, SUFFIX)                                                                                                \
    static void slab_##SUFFIX(const hitlab_query_##SUFFIX* q, hitlab_result_##SUFFIX* r, size_t n)                     \
    {                                                                                                                  \
        size_t k;                                                                                                      \
        for (k = 0; k < n; ++k) {                                                                                      \
            const T* o = q[k].a.ray.origin;                                                                            \
            const T* d = q[k].a.ray.direction;                                                                         \
            const T* lo = q[k].b.aabb.min;                                                                             \
            const T* hi = q[k].b.aabb.max;                                                                             \
            T t_enter = 0, t_exit = (T)INFINITY;                                                                       \
            int i, hit = 1;                                                                                            \
            for (i = 0; i < 3; ++i) {                                                                                  \
                if (d[i] == 0) { /* parallel: the origin decides */                                                    \
                    hit = hit && lo[i] <= o[i] && o[i] <= hi[i];                                                       \
                } else {                                                                                               \
                    const T t0 = (lo[i] - o[i]) / d[i], t1 = (hi[i] - o[i]) / d[i];                                    \
                    t_enter = fmax(t_enter, fmin(t0, t1));                                                             \
                    t_exit = fmin(t_exit, fmax(t0, t1));                                                               \
                }                                                                                                      \
            }                                                                                                          \
            r[k].hit = hit && t_enter <= t_exit;                                                                       \
            r[k].t_enter = r[k].hit ? t_enter : 0;                                                                     \
        }                                                                                                              \
    }

SLAB(float, f)
SLAB(double, d)

static const hitlab_convention conventions[] = {{"origin_inside", "hit"}, {"boundary", "inclusive"},
                                                {"t_range", "t >= 0"},    {"direction", "any"},
                                                {"parallel", "handled"},  {"t_enter", "0 for an origin inside"}};

static const hitlab_algorithm algorithms[] = {
    {"slab_double_only", "ray_aabb", "Slab method, double only (test)", "The slab method, with no float function.",
     "HitLab's tests", 0, conventions, 6, "hit t_enter", NULL, NULL, slab_d, NULL, NULL},
    {"slab_both", "ray_aabb", "Slab method, float and double (test)", "The slab method in both precisions.",
     "HitLab's tests", 0, conventions, 6, "hit t_enter", NULL, slab_f, slab_d, NULL, NULL},
};

static const hitlab_plugin table = {HITLAB_PLUGIN_ABI_VERSION, "double only (test)", algorithms, 2};

HITLAB_PLUGIN_EXPORT const hitlab_plugin* hitlab_plugin_v1(void) { return &table; }
