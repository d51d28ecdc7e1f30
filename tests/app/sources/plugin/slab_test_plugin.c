/* Test plugins of the closed-box slab method (ray_aabb), two builds of this file:
 * - double_only.so (tests/app/sources/plugin/report_precision_test.cpp): slab_double_only, with a double
 *   function only (run_f NULL, as an engine built in double may be), and slab_both, with both. The
 *   report and bench must run the first only on double queries, saying so once, and the second on
 *   every query.
 * - slab_exit.so (-DHITLAB_TEST_SLAB_EXIT; tests/app/gui/model/evaluation_summary_test.cpp): slab_exit,
 *   which reports the exit as t_enter: the reference's verdict with another value. */
#include "hitlab/plugin.h"

#include <math.h>

/* SLAB(T, SUFFIX, EXIT): NAME_SUFFIX() over n queries, the slab method over t >= 0 in scalar T;
 * EXIT: 1 reports the exit as t_enter. */
#define SLAB(NAME, T, SUFFIX, EXIT)                                                                                    \
    static void NAME##_##SUFFIX(const hitlab_query_##SUFFIX* q, hitlab_result_##SUFFIX* r, size_t n)                   \
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
                    t_enter = t0 < t1 ? (t0 > t_enter ? t0 : t_enter) : (t1 > t_enter ? t1 : t_enter);                 \
                    t_exit = t0 < t1 ? (t1 < t_exit ? t1 : t_exit) : (t0 < t_exit ? t0 : t_exit);                      \
                }                                                                                                      \
            }                                                                                                          \
            r[k].hit = hit && t_enter <= t_exit;                                                                       \
            r[k].t_enter = r[k].hit ? (EXIT ? t_exit : t_enter) : 0;                                                   \
        }                                                                                                              \
    }

static const hitlab_convention conventions[] = {{"origin_inside", "hit"}, {"boundary", "inclusive"},
                                                {"t_range", "t >= 0"},    {"direction", "any"},
                                                {"parallel", "handled"},  {"t_enter", "0 for an origin inside"}};

#ifdef HITLAB_TEST_SLAB_EXIT
SLAB(slab_exit, float, f, 1)
SLAB(slab_exit, double, d, 1)

static const hitlab_algorithm algorithms[] = {
    {"slab_exit", "ray_aabb", "Slab method reporting the exit (test)", "The slab method, t_enter set to the exit.",
     "HitLab's tests", 0, conventions, 6, "hit t_enter", NULL, slab_exit_f, slab_exit_d, NULL, NULL},
};
static const hitlab_plugin table = {HITLAB_PLUGIN_ABI_VERSION, "slab exit (test)", algorithms, 1, NULL, NULL, NULL};
#else
SLAB(slab, float, f, 0)
SLAB(slab, double, d, 0)

static const hitlab_algorithm algorithms[] = {
    {"slab_double_only", "ray_aabb", "Slab method, double only (test)", "The slab method, with no float function.",
     "HitLab's tests", 0, conventions, 6, "hit t_enter", NULL, NULL, slab_d, NULL, NULL},
    {"slab_both", "ray_aabb", "Slab method, float and double (test)", "The slab method in both precisions.",
     "HitLab's tests", 0, conventions, 6, "hit t_enter", NULL, slab_f, slab_d, NULL, NULL},
};
static const hitlab_plugin table = {HITLAB_PLUGIN_ABI_VERSION, "double only (test)", algorithms, 2, NULL, NULL, NULL};
#endif

HITLAB_PLUGIN_EXPORT const hitlab_plugin* hitlab_plugin_v1(void) { return &table; }
