/* The writer thread with a tiny queue (compiled by capture_program_test.cpp with
 * -DHITLAB_CAPTURE_QUEUE_BYTES=1024): the same calls recorded through the queue and synchronously
 * (HITLAB_CAPTURE_SYNC) give the same file byte for byte, although many calls wait for the
 * writer and every mesh record (larger than half the queue) is written by the calling thread.
 * Usage: capture_queue ASYNC_PATH SYNC_PATH; exit status 0 when the files are equal, and prints the
 * lines, the waits and whether the capture was threaded. */
#define HITLAB_CAPTURE_IMPLEMENTATION
#include "hitlab/capture.h"

#include <stdio.h>
#include <string.h>

static void record_round(hitlab_capture* c, int i)
{
    const double x = 0.1 * i, nan = 0.0 / 0.0;
    const double o[3] = {-2, x, 0.5}, d[3] = {1, 0, 0}, lo[3] = {0, 0, 0}, hi[3] = {1, 1 + x, 1};
    const double axes[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, n[3] = {0, 0, 1};
    const double v0[3] = {0, 0, 0}, v1[3] = {1, 0, 0}, v2[3] = {0, 1, x};
    const float of[3] = {-2, (float)x, 0.5f}, df[3] = {1, 0, 0}, lof[3] = {0, 0, 0}, hif[3] = {1, 1, 1};
    const float axesf[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, nf[3] = {0, 0, 1};
    const float v0f[3] = {0, 0, 0}, v1f[3] = {1, 0, 0}, v2f[3] = {0, 1, 0};
    double vertices[3 * 60];
    float verticesf[3 * 60];
    unsigned triangles[3 * 58];
    for (int k = 0; k < 60; ++k) { /* a strip of 58 triangles: its record is over half the queue */
        vertices[3 * k] = k / 2;
        vertices[3 * k + 1] = k % 2 + x;
        vertices[3 * k + 2] = 0;
        verticesf[3 * k] = (float)vertices[3 * k];
        verticesf[3 * k + 1] = (float)vertices[3 * k + 1];
        verticesf[3 * k + 2] = 0;
    }
    for (int k = 0; k < 58; ++k) {
        triangles[3 * k] = (unsigned)k;
        triangles[3 * k + 1] = (unsigned)k + 1;
        triangles[3 * k + 2] = (unsigned)k + 2;
    }
    hitlab_capture_frame(c, i / 3);
    hitlab_capture_time(c, i % 5 == 0 ? nan : 0.25 * i);
    hitlab_capture_ray_aabb(c, o, d, lo, hi, 1, 2, 3, "queue.c:1 \"quoted\" caf\xc3\xa9 \xff");
    hitlab_capture_segment_aabb(c, o, d, lo, hi, 0, nan, nan, NULL);
    hitlab_capture_ray_plane(c, o, d, n, 0.5, 1, 0, 0, "plane");
    hitlab_capture_ray_sphere(c, o, d, lo, 1, 1, 1, 3, NULL);
    hitlab_capture_ray_obb(c, o, d, lo, hi, axes, 1, 1, 3, NULL);
    hitlab_capture_ray_triangle(c, o, n, v0, v1, v2, 1, 0.5, 0.5, 0.25, 0.5, 1, NULL);
    hitlab_capture_segment_triangle(c, o, d, v0, v1, v2, 1, 0.5, 0.75, nan, nan, HITLAB_CAPTURE_FRONT_NULL, NULL);
    hitlab_capture_ray_mesh(c, o, n, vertices, 60, triangles, 58, 1, 0.5, 0.5, 0.25, 0.5, 0, i, "mesh");
    hitlab_capture_aabb_aabb(c, lo, hi, o, hi, 1, 0.5, n, nan, NULL);
    hitlab_capture_sphere_aabb(c, o, 1, lo, hi, 0, nan, NULL, 1.0, NULL);
    hitlab_capture_sphere_sphere(c, o, 1, lo, 2, 1, 0.5, n, nan, NULL);
    hitlab_capture_obb_obb(c, o, hi, axes, lo, hi, axes, 1, 0.5, NULL, nan, NULL);
    hitlab_capture_aabb_triangle(c, lo, hi, v0, v1, v2, 1, 0, NULL, nan, NULL);
    hitlab_capture_sphere_triangle(c, o, 1, v0, v1, v2, 0, nan, NULL, 1.5, NULL);
    hitlab_capture_triangle_triangle(c, v0, v1, v2, v0, v2, v1, 1, 0, NULL, nan, NULL);
    hitlab_capture_convex_convex(c, vertices, 60, vertices, 3, 1, 0, n, nan, "convex");
    hitlab_capture_point_aabb(c, o, lo, hi, 0, nan, NULL);
    hitlab_capture_point_sphere(c, o, lo, 3, 1, 0.5, NULL);
    hitlab_capture_point_obb(c, o, lo, hi, axes, 0, nan, NULL);
    hitlab_capture_ray_aabb_f(c, of, df, lof, hif, 1, 2, 3, "b.cpp:1");
    hitlab_capture_segment_aabb_f(c, of, df, lof, hif, 0, (float)nan, (float)nan, NULL);
    hitlab_capture_ray_plane_f(c, of, df, nf, 0.5f, 1, 0, 0, NULL);
    hitlab_capture_ray_sphere_f(c, of, df, lof, 1, 1, 1, 3, NULL);
    hitlab_capture_ray_obb_f(c, of, df, lof, hif, axesf, 1, 1, 3, NULL);
    hitlab_capture_ray_triangle_f(c, of, nf, v0f, v1f, v2f, 1, 0.5f, 0.5f, 0.25f, 0.5f, 0, NULL);
    hitlab_capture_segment_triangle_f(c, of, df, v0f, v1f, v2f, 0, 1, 2, 0.5f, 0.5f, HITLAB_CAPTURE_ABSENT, NULL);
    hitlab_capture_ray_mesh_f(c, of, nf, verticesf, 60, triangles, 58, 1, 0.5f, 0.5f, 0.25f, 0.5f, 1, 0, NULL);
    hitlab_capture_aabb_aabb_f(c, lof, hif, lof, hif, 1, 0.5f, nf, (float)nan, NULL);
    hitlab_capture_sphere_aabb_f(c, of, 1, lof, hif, 0, (float)nan, NULL, 1, NULL);
    hitlab_capture_sphere_sphere_f(c, of, 1, lof, 2, 1, 0.5f, nf, (float)nan, NULL);
    hitlab_capture_obb_obb_f(c, of, hif, axesf, lof, hif, axesf, 1, 0.5f, NULL, (float)nan, NULL);
    hitlab_capture_aabb_triangle_f(c, lof, hif, v0f, v1f, v2f, 1, 0, NULL, (float)nan, NULL);
    hitlab_capture_sphere_triangle_f(c, of, 1, v0f, v1f, v2f, 0, (float)nan, NULL, 1.5f, NULL);
    hitlab_capture_triangle_triangle_f(c, v0f, v1f, v2f, v0f, v2f, v1f, 1, 0, NULL, (float)nan, NULL);
    hitlab_capture_convex_convex_f(c, verticesf, 4, verticesf, 60, 1, 0, nf, (float)nan, NULL);
    hitlab_capture_point_aabb_f(c, of, lof, hif, 0, (float)nan, NULL);
    hitlab_capture_point_sphere_f(c, of, lof, 3, 1, 0.5f, NULL);
    hitlab_capture_point_obb_f(c, of, lof, hif, axesf, 0, (float)nan, NULL);
    hitlab_capture_ray_aabb(c, o, d, lo, hi, 1, 1.0 / 0.0, 3, NULL); /* "inf" */
    {
        const double bad[3] = {nan, 0, 0}; /* skipped and counted in both modes */
        hitlab_capture_ray_aabb(c, bad, d, lo, hi, 1, 2, 3, "skipped");
    }
}

static long file_size(const char* path)
{
    FILE* f = fopen(path, "rb");
    long n = -1;
    if (f != NULL && fseek(f, 0, SEEK_END) == 0) {
        n = ftell(f);
    }
    if (f != NULL) {
        fclose(f);
    }
    return n;
}

static int same_files(const char* a, const char* b)
{
    FILE* fa = fopen(a, "rb");
    FILE* fb = fopen(b, "rb");
    int same = fa != NULL && fb != NULL;
    while (same) {
        const int ca = getc(fa), cb = getc(fb);
        same = ca == cb;
        if (ca == EOF || cb == EOF) {
            break;
        }
    }
    if (fa != NULL) {
        fclose(fa);
    }
    if (fb != NULL) {
        fclose(fb);
    }
    return same;
}

int main(int argc, char** argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: capture_queue ASYNC_PATH SYNC_PATH\n");
        return 2;
    }
    hitlab_capture* async = hitlab_capture_open_ex(argv[1], HITLAB_CAPTURE_DOUBLE, 0, "queue test", "{}");
    hitlab_capture* sync =
        hitlab_capture_open_ex(argv[2], HITLAB_CAPTURE_DOUBLE | HITLAB_CAPTURE_SYNC, 0, "queue test", "{}");
    if (async == NULL || sync == NULL) {
        fprintf(stderr, "cannot open the captures\n");
        return 1;
    }
    for (int i = 0; i < 300; ++i) {
        record_round(async, i);
        record_round(sync, i);
    }
    const unsigned long long lines = hitlab_capture_recorded(async), waits = hitlab_capture_waits(async);
    const unsigned long long skipped = hitlab_capture_skipped(async);
    const int threaded = hitlab_capture_threaded(async);
    if (hitlab_capture_close(async) != 0 || hitlab_capture_close(sync) != 0) {
        fprintf(stderr, "close failed\n");
        return 1;
    }
    printf("lines %llu waits %llu threaded %d bytes %ld\n", lines, waits, threaded, file_size(argv[1]));
    if (skipped != 300) {
        fprintf(stderr, "skipped %llu, not 300\n", skipped);
        return 1;
    }
    if (!same_files(argv[1], argv[2])) {
        fprintf(stderr, "the files differ\n");
        return 1;
    }
    return 0;
}
