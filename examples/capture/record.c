/* The capture recorder in an "engine" (docs/capture.md): this program includes hitlab/capture.h
 * alone, makes 10,000 small queries of five families in float and double with its own plain
 * answers, records each with its call site and frame, and plants a wrong answer in every 97th
 * (its hit flipped) unless --clean is given. `hitlab triage OUT` then finds exactly the planted ones.
 *
 *     cc -std=c99 -Wall -Werror -I include examples/capture/record.c -o record   (add -pthread on
 *     a C library older than glibc 2.34)
 *     ./record run.capture.jsonl [--clean]
 *
 * The geometry is small integers, so every answer below is exact in float and double; a depth or
 * distance that would need an irrational square root is passed as NaN ("not computed": left out
 * of the line), which also keeps libm out of the link. It also compiles as C++. */
#define HITLAB_CAPTURE_IMPLEMENTATION
#include "hitlab/capture.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define RECORD_STRING(x) #x
#define RECORD_LINE(x) RECORD_STRING(x)
/* the call site, "record.c:LINE" */
#define WHERE ("record.c:" RECORD_LINE(__LINE__))

static unsigned long long state = 20261206u;

/* a small integer in [low, high] (xorshift64) */
static int draw(int low, int high)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return low + (int)(state % (unsigned long long)(high - low + 1));
}

/* the square root of a small integer when it is an integer, else NaN */
static double exact_root(double x)
{
    for (int r = 0; r * r <= (int)x; ++r) {
        if (r * r == (int)x) {
            return r;
        }
    }
    return NAN;
}

/* the engine's ray/box test: slabs, the origin inside counts as a hit at t = 0, boundaries included */
static int ray_box(const double o[3], const double d[3], const double lo[3], const double hi[3], double* t_enter,
                   double* t_exit)
{
    double t0 = 0, t1 = INFINITY;
    for (int i = 0; i < 3; ++i) {
        if (d[i] == 0) {
            if (o[i] < lo[i] || o[i] > hi[i]) {
                return 0;
            }
            continue;
        }
        double a = (lo[i] - o[i]) / d[i], b = (hi[i] - o[i]) / d[i];
        if (a > b) {
            const double swap = a;
            a = b;
            b = swap;
        }
        t0 = a > t0 ? a : t0;
        t1 = b < t1 ? b : t1;
    }
    *t_enter = t0;
    *t_exit = t1;
    return t0 <= t1;
}

int main(int argc, char** argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: record OUT.capture.jsonl [--clean]\n");
        return 2;
    }
    const int clean = argc > 2 && strcmp(argv[2], "--clean") == 0;
    hitlab_capture* cap = hitlab_capture_open(argv[1], HITLAB_CAPTURE_DOUBLE);
    if (cap == NULL) {
        fprintf(stderr, "record: cannot write %s\n", argv[1]);
        return 1;
    }
    /* the first line: who recorded, and the conventions its answers follow */
    hitlab_capture_set_engine(cap, "record.c example", "{\"origin_inside\": \"hit\"}");
    int planted = 0;
    for (int i = 0; i < 10000; ++i) {
        if (i % 100 == 0) {
            hitlab_capture_frame(cap, i / 100);
            hitlab_capture_time(cap, (double)(i / 100) / 64.0);
        }
        const int wrong = !clean && i % 97 == 96;
        planted += wrong;
        double a[3], b[3], lo[3], hi[3];
        for (int k = 0; k < 3; ++k) {
            a[k] = draw(-4, 4);
            b[k] = draw(-2, 2);
            lo[k] = draw(-3, 2);
            hi[k] = lo[k] + draw(0, 3);
        }
        if (b[0] == 0 && b[1] == 0 && b[2] == 0) {
            b[0] = 1; /* a ray needs a direction */
        }
        const int family = i % 5;
        if (family == 0) { /* ray_aabb in double */
            double t0 = NAN, t1 = NAN;
            int hit = ray_box(a, b, lo, hi, &t0, &t1);
            if (wrong) {
                hit = !hit;
            }
            hitlab_capture_ray_aabb(cap, a, b, lo, hi, hit, hit ? t0 : NAN, hit ? t1 : NAN, WHERE);
        } else if (family == 1) { /* ray_aabb in float: the engine's float answer */
            double t0 = NAN, t1 = NAN;
            int hit = ray_box(a, b, lo, hi, &t0, &t1);
            const float af[3] = {(float)a[0], (float)a[1], (float)a[2]},
                        bf[3] = {(float)b[0], (float)b[1], (float)b[2]};
            const float lof[3] = {(float)lo[0], (float)lo[1], (float)lo[2]};
            const float hif[3] = {(float)hi[0], (float)hi[1], (float)hi[2]};
            if (wrong) {
                hit = !hit;
            }
            hitlab_capture_ray_aabb_f(cap, af, bf, lof, hif, hit, hit ? (float)t0 : NAN, hit ? (float)t1 : NAN, WHERE);
        } else if (family == 2) { /* sphere_sphere in double */
            const double ra = draw(0, 3), rb = draw(0, 3);
            const double d2 =
                (a[0] - lo[0]) * (a[0] - lo[0]) + (a[1] - lo[1]) * (a[1] - lo[1]) + (a[2] - lo[2]) * (a[2] - lo[2]);
            int hit = d2 <= (ra + rb) * (ra + rb);
            const double depth = hit ? ra + rb - exact_root(d2) : NAN;
            const double distance = hit ? NAN : exact_root(d2) - ra - rb;
            if (wrong) {
                hit = !hit;
            }
            hitlab_capture_sphere_sphere(cap, a, ra, lo, rb, hit, depth, NULL, distance, WHERE);
        } else if (family == 3) { /* aabb_aabb in float */
            float alo[3], ahi[3], blo[3], bhi[3];
            int hit = 1;
            float depth = INFINITY;
            for (int k = 0; k < 3; ++k) {
                alo[k] = (float)a[k];
                ahi[k] = (float)(a[k] + draw(0, 3));
                blo[k] = (float)lo[k];
                bhi[k] = (float)hi[k];
                hit = hit && alo[k] <= bhi[k] && blo[k] <= ahi[k];
                const float push = ahi[k] - blo[k] < bhi[k] - alo[k] ? ahi[k] - blo[k] : bhi[k] - alo[k];
                depth = push < depth ? push : depth;
            }
            if (wrong) {
                hit = !hit;
            }
            hitlab_capture_aabb_aabb_f(cap, alo, ahi, blo, bhi, hit, hit ? depth : NAN, NULL, NAN, WHERE);
        } else { /* point_sphere in double */
            const double r = draw(0, 4);
            const double d2 =
                (a[0] - lo[0]) * (a[0] - lo[0]) + (a[1] - lo[1]) * (a[1] - lo[1]) + (a[2] - lo[2]) * (a[2] - lo[2]);
            int hit = d2 <= r * r;
            const double depth = hit ? r - exact_root(d2) : NAN;
            if (wrong) {
                hit = !hit;
            }
            hitlab_capture_point_sphere(cap, a, lo, r, hit, depth, WHERE);
        }
    }
    const unsigned long long recorded = hitlab_capture_recorded(cap);
    if (hitlab_capture_close(cap) != 0) {
        fprintf(stderr, "record: writing %s failed\n", argv[1]);
        return 1;
    }
    printf("recorded %llu queries (%d planted wrong answers) to %s\n", recorded, planted, argv[1]);
    return 0;
}
