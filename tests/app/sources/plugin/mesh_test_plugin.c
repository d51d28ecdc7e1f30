/* A test plugin of the ABI's meshes (tests/app/sources/plugin/plugin_meshes_test.cpp), two builds:
 * - mesh_test.so: mesh_first_vertex_z (ray_mesh, float and double) answers every query with
 *   t_enter = the z of the mesh's first vertex as prepare_mesh received it, triangle = the number
 *   of meshes the plugin holds (so a test sees what was prepared and released) and u = the times
 *   this mesh's id was prepared. prepare_mesh returns error 7 for a mesh of 5 vertices and
 *   crashes on one of 6.
 * - mesh_no_prepare.so (-DHITLAB_TEST_NO_PREPARE): the same algorithm without prepare_mesh_d,
 *   which the host refuses. */
#include "hitlab/plugin.h"

#include <stdlib.h>

#define SLOTS 64

static struct {
    uint64_t id;
    double z;
    int prepared;
} held[SLOTS];

static int find(uint64_t id)
{
    int i;
    for (i = 0; i < SLOTS; ++i) {
        if (held[i].id == id) {
            return i;
        }
    }
    return -1;
}

static uint32_t count_held(void)
{
    uint32_t n = 0;
    int i;
    for (i = 0; i < SLOTS; ++i) {
        n += held[i].id != 0 ? 1u : 0u;
    }
    return n;
}

static int32_t prepare(uint64_t id, double z0, uint32_t vertex_count)
{
    int slot = find(id);
    if (vertex_count == 5) {
        return 7;
    }
    if (vertex_count == 6) {
        abort();
    }
    if (slot < 0) {
        slot = find(0);
    }
    if (slot < 0) {
        return 8;
    }
    held[slot].id = id;
    held[slot].z = z0;
    held[slot].prepared += 1;
    return 0;
}

static int32_t prepare_f(uint64_t id, const float* v, uint32_t vertex_count, const uint32_t* t, uint32_t triangle_count)
{
    (void)t;
    (void)triangle_count;
    return prepare(id, vertex_count > 0 ? (double)v[2] : 0.0, vertex_count);
}

#ifndef HITLAB_TEST_NO_PREPARE
static int32_t prepare_d(uint64_t id, const double* v, uint32_t vertex_count, const uint32_t* t,
                         uint32_t triangle_count)
{
    (void)t;
    (void)triangle_count;
    return prepare(id, vertex_count > 0 ? v[2] : 0.0, vertex_count);
}

static void release(uint64_t id)
{
    const int slot = find(id);
    if (slot >= 0) {
        held[slot].id = 0;
        held[slot].prepared = 0;
    }
}

#endif

#define ANSWER(SUFFIX, T)                                                                                              \
    static void run_##SUFFIX(const hitlab_query_##SUFFIX* q, hitlab_result_##SUFFIX* r, size_t n)                      \
    {                                                                                                                  \
        size_t k;                                                                                                      \
        for (k = 0; k < n; ++k) {                                                                                      \
            const int slot = find(q[k].b.mesh.id);                                                                     \
            if (q[k].b.mesh.id == 0 || slot < 0) {                                                                     \
                r[k].error = 9;                                                                                        \
                continue;                                                                                              \
            }                                                                                                          \
            r[k].hit = 1;                                                                                              \
            r[k].t_enter = (T)held[slot].z;                                                                            \
            r[k].u = (T)held[slot].prepared;                                                                           \
            r[k].triangle = count_held();                                                                              \
        }                                                                                                              \
    }
ANSWER(f, float)
ANSWER(d, double)

static const hitlab_algorithm algorithms[] = {
    {"mesh_first_vertex_z", "ray_mesh", "First vertex's z (test)",
     "t_enter is the z of the mesh's first vertex as prepare_mesh received it.", "HitLab's tests", 0, NULL, 0,
     "hit t_enter u triangle", NULL, run_f, run_d, NULL, NULL},
};

#ifdef HITLAB_TEST_NO_PREPARE
static const hitlab_plugin table = {
    HITLAB_PLUGIN_ABI_VERSION, "no prepare_mesh_d (test)", algorithms, 1, prepare_f, NULL, NULL};
#else
static const hitlab_plugin table = {
    HITLAB_PLUGIN_ABI_VERSION, "meshes (test)", algorithms, 1, prepare_f, prepare_d, release};
#endif

HITLAB_PLUGIN_EXPORT const hitlab_plugin* hitlab_plugin_v1(void) { return &table; }
