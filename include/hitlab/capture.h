/* HitLab capture recorder: the one header an engine includes to record the intersection queries it
 * makes, with its own answers, as a capture (JSON Lines, docs/capture.md) that `hitlab triage` and
 * `hitlab eval` judge exactly. C99 and C++, nothing else of HitLab, no library to link: define
 * HITLAB_CAPTURE_IMPLEMENTATION in exactly one C or C++ file before including it.
 *
 *     hitlab_capture *cap = hitlab_capture_open("run.capture.jsonl", HITLAB_CAPTURE_DOUBLE);
 *     hitlab_capture_frame(cap, 1234);
 *     hitlab_capture_ray_aabb(cap, origin, direction, box_min, box_max, hit, t_enter, t_exit, "player.cpp:88");
 *     hitlab_capture_close(cap);
 *
 * Every line is a `hitlab eval` query line: {"query": FAMILY, "precision": "double" or "float",
 * "a": SHAPE, "b": SHAPE, "answer": RESULT, "frame": N, "time": S, "where": "CALL SITE"}. Numbers
 * are written exactly (they read back bit for bit). By default a call only copies a binary record of
 * the query into its thread's queue (a lane: 4 MiB, made by the capture's writer thread at open and
 * for each new recording thread), without a lock, and the writer thread formats the records into
 * exactly the lines the synchronous mode (HITLAB_CAPTURE_SYNC) writes; a full lane makes the call
 * wait (HITLAB_CAPTURE_DROP: drop and count); dump and close drain the lanes. Thread-safe (each
 * thread's lines in its order, lines of several threads interleaved whole; a mutex and condition
 * variables for the waits: pthreads on POSIX, in glibc itself since 2.34, older ones need -pthread;
 * SRW lock on Windows; a compiler other than GCC, Clang or MSVC records synchronously), no
 * allocation per call, and never
 * fatal: a failed open returns NULL, a failed write stops the recording and makes hitlab_capture_close
 * return -1, and every function does nothing on a NULL or failed capture. */
#ifndef HITLAB_CAPTURE_H
#define HITLAB_CAPTURE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A capture being recorded (opaque). */
typedef struct hitlab_capture hitlab_capture;

/** Precision of the lines the double functions write: "double" (the engine computed in double), or
 * "float" (the engine computed in float and passes its floats widened to double; values beyond the
 * float range are skipped). The _f functions always write "float". */
#define HITLAB_CAPTURE_DOUBLE 0
#define HITLAB_CAPTURE_FLOAT 1
/** Flags added (|) to the precision at open. A streaming capture formats its lines on a writer thread
 * of its own by default: a call copies a binary record of the query into its thread's queue and
 * returns; the writer turns records into the same lines the synchronous mode writes.
 * HITLAB_CAPTURE_SYNC formats and writes on the calling thread instead (no thread). When the queue is
 * full a call waits for the writer; with HITLAB_CAPTURE_DROP it drops the query instead and counts it
 * (hitlab_capture_dropped). */
#define HITLAB_CAPTURE_SYNC 0x100
#define HITLAB_CAPTURE_DROP 0x200
/** The longest call site a writer-thread capture copies (bytes); a longer one is cut there (counted by
 * hitlab_capture_truncated). */
#ifndef HITLAB_CAPTURE_WHERE_MAX
#define HITLAB_CAPTURE_WHERE_MAX 4095u
#endif
#if HITLAB_CAPTURE_WHERE_MAX > 65534
#error "HITLAB_CAPTURE_WHERE_MAX is at most 65534: a queued record keeps the call site's length in 16 bits"
#endif

/** `front` of a triangle cast: 1 the ray arrives on the side the winding normal faces, 0 the back,
 * HITLAB_CAPTURE_FRONT_NULL the ray lies in the triangle's plane (written null),
 * HITLAB_CAPTURE_ABSENT not computed (left out; also for ray_mesh's `triangle`). */
#define HITLAB_CAPTURE_FRONT_NULL (-1)
#define HITLAB_CAPTURE_ABSENT (-2)

/* ---- opening and closing ---- */

/** Opens (truncates) path for recording; precision is HITLAB_CAPTURE_DOUBLE or _FLOAT. NULL when the
 * file cannot be opened or memory is short (nothing is recorded then; every call on NULL is a no-op). */
hitlab_capture* hitlab_capture_open(const char* path, int precision);
/** Ring mode: keeps only the last n queries (n >= 1) in memory and writes them at
 * hitlab_capture_dump or hitlab_capture_close. The file is opened (truncated) now, so that an
 * unwritable path fails here. Precision HITLAB_CAPTURE_DOUBLE. */
hitlab_capture* hitlab_capture_open_ring(const char* path, size_t n);
/** Either mode, with the header line: ring 0 streams, ring n keeps the last n. engine (a name, may be
 * NULL) and conventions (the text of a JSON object such as {"origin_inside": "miss"}, written as given;
 * may be NULL) go into the first line, {"capture": 1, "engine": ..., "conventions": ...}, when either
 * is given. */
hitlab_capture* hitlab_capture_open_ex(const char* path, int precision, size_t ring, const char* engine,
                                       const char* conventions);
/** Sets the header line's engine and conventions (as hitlab_capture_open_ex) while nothing has been
 * written to the file yet; 0 on success, -1 when too late, on a NULL or failed capture, or out of memory. */
int hitlab_capture_set_engine(hitlab_capture* cap, const char* engine, const char* conventions);
/** Writes what is buffered (streaming) or the ring's last n queries, appended, emptying the ring
 * (ring mode): the "it fell through the floor just now" call. 0 on success, -1 on failure. */
int hitlab_capture_dump(hitlab_capture* cap);
/** Writes what is buffered or kept, closes the file and frees cap (NULL is accepted). 0 when every
 * write succeeded since open, -1 when one failed (full disk, I/O error) or cap is NULL. Call it when
 * no other thread records on cap any more. */
int hitlab_capture_close(hitlab_capture* cap);

/** The frame the next queries belong to (written as "frame" on every line from now on). */
void hitlab_capture_frame(hitlab_capture* cap, long long frame);
/** The time in seconds the next queries belong to ("time"); NaN stops writing it. */
void hitlab_capture_time(hitlab_capture* cap, double seconds);

/** Queries recorded (lines written or kept) and queries skipped (an input NaN or infinite, a value
 * beyond float in a float line, or a mesh line over the protocol's 1 MiB limit: JSON cannot hold
 * them, so they are counted instead of written). 0 on NULL. */
unsigned long long hitlab_capture_recorded(const hitlab_capture* cap);
unsigned long long hitlab_capture_skipped(const hitlab_capture* cap);
/** 1 while the capture records, 0 once a write failed (or on NULL). */
int hitlab_capture_ok(const hitlab_capture* cap);
/** Writer-thread mode: queries dropped because the queue was full (HITLAB_CAPTURE_DROP), times a call
 * waited for room in the queue, call sites cut at HITLAB_CAPTURE_WHERE_MAX bytes. 0 on NULL. */
unsigned long long hitlab_capture_dropped(const hitlab_capture* cap);
unsigned long long hitlab_capture_waits(const hitlab_capture* cap);
unsigned long long hitlab_capture_truncated(const hitlab_capture* cap);
/** 1 when the capture formats on a writer thread, 0 when on the calling thread (or on NULL). */
int hitlab_capture_threaded(const hitlab_capture* cap);

/** Writes x as the recorder does, into out (at least 32 bytes), NUL-terminated; returns the length.
 * Finite values: at most 17 significant digits, trailing zeros dropped, reading back bit for bit
 * (-0 as "-0.0"); infinities "inf" / "-inf" with the quotes (the protocol's spelling), NaN "null". */
size_t hitlab_capture_format_double(char* out, double x);

/* ---- one function per family (docs/protocol.md), double then float (_f) ----
 * Shapes are plain arrays: points and vectors double[3]; an obb is center[3], half_extents[3] and
 * axes[9] (u, v, w: the box's local x, y and z in world space, one after another); a triangle its
 * three vertices; a mesh vertex_count * 3 coordinates and triangle_count * 3 indices; a convex
 * count * 3 coordinates. The answer is the engine's: hit (nonzero: true) and the result fields of
 * the family; a field passed as NaN (a vector: NULL; front and triangle: HITLAB_CAPTURE_ABSENT) is
 * left out, an infinite one written "inf" / "-inf". where is the call site ("player.cpp:88"; NULL:
 * left out), written as a JSON string. A query with a NaN or infinite input is skipped and counted. */

void hitlab_capture_ray_aabb(hitlab_capture* cap, const double origin[3], const double direction[3],
                             const double box_min[3], const double box_max[3], int hit, double t_enter, double t_exit,
                             const char* where);
void hitlab_capture_segment_aabb(hitlab_capture* cap, const double start[3], const double end[3],
                                 const double box_min[3], const double box_max[3], int hit, double t_enter,
                                 double t_exit, const char* where);
void hitlab_capture_ray_plane(hitlab_capture* cap, const double origin[3], const double direction[3],
                              const double normal[3], double distance, int hit, double t_enter, double t_exit,
                              const char* where);
void hitlab_capture_ray_sphere(hitlab_capture* cap, const double origin[3], const double direction[3],
                               const double center[3], double radius, int hit, double t_enter, double t_exit,
                               const char* where);
void hitlab_capture_ray_obb(hitlab_capture* cap, const double origin[3], const double direction[3],
                            const double center[3], const double half_extents[3], const double axes[9], int hit,
                            double t_enter, double t_exit, const char* where);
void hitlab_capture_ray_triangle(hitlab_capture* cap, const double origin[3], const double direction[3],
                                 const double v0[3], const double v1[3], const double v2[3], int hit, double t_enter,
                                 double t_exit, double u, double v, int front, const char* where);
void hitlab_capture_segment_triangle(hitlab_capture* cap, const double start[3], const double end[3],
                                     const double v0[3], const double v1[3], const double v2[3], int hit,
                                     double t_enter, double t_exit, double u, double v, int front, const char* where);
/** The mesh is written inline on every line (the protocol has no reference to an earlier line). */
void hitlab_capture_ray_mesh(hitlab_capture* cap, const double origin[3], const double direction[3],
                             const double* vertices, size_t vertex_count, const unsigned int* triangles,
                             size_t triangle_count, int hit, double t_enter, double t_exit, double u, double v,
                             int front, long long triangle, const char* where);
void hitlab_capture_aabb_aabb(hitlab_capture* cap, const double a_min[3], const double a_max[3], const double b_min[3],
                              const double b_max[3], int hit, double depth, const double normal[3], double distance,
                              const char* where);
void hitlab_capture_sphere_aabb(hitlab_capture* cap, const double center[3], double radius, const double box_min[3],
                                const double box_max[3], int hit, double depth, const double normal[3], double distance,
                                const char* where);
void hitlab_capture_sphere_sphere(hitlab_capture* cap, const double a_center[3], double a_radius,
                                  const double b_center[3], double b_radius, int hit, double depth,
                                  const double normal[3], double distance, const char* where);
void hitlab_capture_obb_obb(hitlab_capture* cap, const double a_center[3], const double a_half_extents[3],
                            const double a_axes[9], const double b_center[3], const double b_half_extents[3],
                            const double b_axes[9], int hit, double depth, const double normal[3], double distance,
                            const char* where);
void hitlab_capture_aabb_triangle(hitlab_capture* cap, const double box_min[3], const double box_max[3],
                                  const double v0[3], const double v1[3], const double v2[3], int hit, double depth,
                                  const double normal[3], double distance, const char* where);
void hitlab_capture_sphere_triangle(hitlab_capture* cap, const double center[3], double radius, const double v0[3],
                                    const double v1[3], const double v2[3], int hit, double depth,
                                    const double normal[3], double distance, const char* where);
void hitlab_capture_triangle_triangle(hitlab_capture* cap, const double a0[3], const double a1[3], const double a2[3],
                                      const double b0[3], const double b1[3], const double b2[3], int hit, double depth,
                                      const double normal[3], double distance, const char* where);
void hitlab_capture_convex_convex(hitlab_capture* cap, const double* a_points, size_t a_count, const double* b_points,
                                  size_t b_count, int hit, double depth, const double normal[3], double distance,
                                  const char* where);
void hitlab_capture_point_aabb(hitlab_capture* cap, const double point[3], const double box_min[3],
                               const double box_max[3], int hit, double depth, const char* where);
void hitlab_capture_point_sphere(hitlab_capture* cap, const double point[3], const double center[3], double radius,
                                 int hit, double depth, const char* where);
void hitlab_capture_point_obb(hitlab_capture* cap, const double point[3], const double center[3],
                              const double half_extents[3], const double axes[9], int hit, double depth,
                              const char* where);

void hitlab_capture_ray_aabb_f(hitlab_capture* cap, const float origin[3], const float direction[3],
                               const float box_min[3], const float box_max[3], int hit, float t_enter, float t_exit,
                               const char* where);
void hitlab_capture_segment_aabb_f(hitlab_capture* cap, const float start[3], const float end[3],
                                   const float box_min[3], const float box_max[3], int hit, float t_enter, float t_exit,
                                   const char* where);
void hitlab_capture_ray_plane_f(hitlab_capture* cap, const float origin[3], const float direction[3],
                                const float normal[3], float distance, int hit, float t_enter, float t_exit,
                                const char* where);
void hitlab_capture_ray_sphere_f(hitlab_capture* cap, const float origin[3], const float direction[3],
                                 const float center[3], float radius, int hit, float t_enter, float t_exit,
                                 const char* where);
void hitlab_capture_ray_obb_f(hitlab_capture* cap, const float origin[3], const float direction[3],
                              const float center[3], const float half_extents[3], const float axes[9], int hit,
                              float t_enter, float t_exit, const char* where);
void hitlab_capture_ray_triangle_f(hitlab_capture* cap, const float origin[3], const float direction[3],
                                   const float v0[3], const float v1[3], const float v2[3], int hit, float t_enter,
                                   float t_exit, float u, float v, int front, const char* where);
void hitlab_capture_segment_triangle_f(hitlab_capture* cap, const float start[3], const float end[3], const float v0[3],
                                       const float v1[3], const float v2[3], int hit, float t_enter, float t_exit,
                                       float u, float v, int front, const char* where);
void hitlab_capture_ray_mesh_f(hitlab_capture* cap, const float origin[3], const float direction[3],
                               const float* vertices, size_t vertex_count, const unsigned int* triangles,
                               size_t triangle_count, int hit, float t_enter, float t_exit, float u, float v, int front,
                               long long triangle, const char* where);
void hitlab_capture_aabb_aabb_f(hitlab_capture* cap, const float a_min[3], const float a_max[3], const float b_min[3],
                                const float b_max[3], int hit, float depth, const float normal[3], float distance,
                                const char* where);
void hitlab_capture_sphere_aabb_f(hitlab_capture* cap, const float center[3], float radius, const float box_min[3],
                                  const float box_max[3], int hit, float depth, const float normal[3], float distance,
                                  const char* where);
void hitlab_capture_sphere_sphere_f(hitlab_capture* cap, const float a_center[3], float a_radius,
                                    const float b_center[3], float b_radius, int hit, float depth,
                                    const float normal[3], float distance, const char* where);
void hitlab_capture_obb_obb_f(hitlab_capture* cap, const float a_center[3], const float a_half_extents[3],
                              const float a_axes[9], const float b_center[3], const float b_half_extents[3],
                              const float b_axes[9], int hit, float depth, const float normal[3], float distance,
                              const char* where);
void hitlab_capture_aabb_triangle_f(hitlab_capture* cap, const float box_min[3], const float box_max[3],
                                    const float v0[3], const float v1[3], const float v2[3], int hit, float depth,
                                    const float normal[3], float distance, const char* where);
void hitlab_capture_sphere_triangle_f(hitlab_capture* cap, const float center[3], float radius, const float v0[3],
                                      const float v1[3], const float v2[3], int hit, float depth, const float normal[3],
                                      float distance, const char* where);
void hitlab_capture_triangle_triangle_f(hitlab_capture* cap, const float a0[3], const float a1[3], const float a2[3],
                                        const float b0[3], const float b1[3], const float b2[3], int hit, float depth,
                                        const float normal[3], float distance, const char* where);
void hitlab_capture_convex_convex_f(hitlab_capture* cap, const float* a_points, size_t a_count, const float* b_points,
                                    size_t b_count, int hit, float depth, const float normal[3], float distance,
                                    const char* where);
void hitlab_capture_point_aabb_f(hitlab_capture* cap, const float point[3], const float box_min[3],
                                 const float box_max[3], int hit, float depth, const char* where);
void hitlab_capture_point_sphere_f(hitlab_capture* cap, const float point[3], const float center[3], float radius,
                                   int hit, float depth, const char* where);
void hitlab_capture_point_obb_f(hitlab_capture* cap, const float point[3], const float center[3],
                                const float half_extents[3], const float axes[9], int hit, float depth,
                                const char* where);

#ifdef __cplusplus
}
#endif

#endif /* HITLAB_CAPTURE_H */

/* ======================================================================================= */
#if defined(HITLAB_CAPTURE_IMPLEMENTATION) && !defined(HITLAB_CAPTURE_IMPLEMENTED)
#define HITLAB_CAPTURE_IMPLEMENTED

/* C code: its casts are C casts, also when a C++ file compiles it */
#if defined(__cplusplus) && defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wold-style-cast"
#if !defined(__clang__)
#pragma GCC diagnostic ignored "-Wuseless-cast" /* size_t and uint64_t are one type on some targets only */
#endif
#endif

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/* SSE2 (every x86-64 compiler, and 32-bit x86 built for it): the checks and compares of the recording
 * path take 2 numbers an instruction; elsewhere (or with -DHITLAB_CAPTURE_NO_SIMD) they take one */
#if !defined(HITLAB_CAPTURE_NO_SIMD) &&                                                                                \
    (defined(__SSE2__) || defined(_M_X64) || (defined(_M_IX86_FP) && _M_IX86_FP >= 2))
#define HLC_SSE2 1
#include <emmintrin.h>
#else
#define HLC_SSE2 0
#endif

/* the lock, and for the writer thread a condition variable and the thread (HLC_THREADS 1) */
#if defined(HITLAB_CAPTURE_NO_THREADS) ||                                                                              \
    !(defined(__GNUC__) || defined(__clang__) || (defined(_WIN32) && defined(_MSC_VER)))
/* no threads asked for, or no compiler whose atomic operations the lanes (below) know */
#define HLC_THREADS 0
typedef int hlc_mutex;
static void hlc_mutex_init(hlc_mutex* m) { *m = 0; }
static void hlc_mutex_destroy(hlc_mutex* m) { (void)m; }
static void hlc_mutex_lock(hlc_mutex* m) { (void)m; }
static void hlc_mutex_unlock(hlc_mutex* m) { (void)m; }
typedef int hlc_cond;
typedef int hlc_thread;
#elif defined(_WIN32)
#define HLC_THREADS 1
#include <windows.h>
typedef SRWLOCK hlc_mutex;
static void hlc_mutex_init(hlc_mutex* m) { InitializeSRWLock(m); }
static void hlc_mutex_destroy(hlc_mutex* m) { (void)m; }
static void hlc_mutex_lock(hlc_mutex* m) { AcquireSRWLockExclusive(m); }
static void hlc_mutex_unlock(hlc_mutex* m) { ReleaseSRWLockExclusive(m); }
typedef CONDITION_VARIABLE hlc_cond;
static void hlc_cond_init(hlc_cond* c) { InitializeConditionVariable(c); }
static void hlc_cond_destroy(hlc_cond* c) { (void)c; }
static void hlc_cond_wait(hlc_cond* c, hlc_mutex* m) { SleepConditionVariableSRW(c, m, INFINITE, 0); }
static void hlc_cond_signal(hlc_cond* c) { WakeConditionVariable(c); }
static void hlc_cond_broadcast(hlc_cond* c) { WakeAllConditionVariable(c); }
typedef HANDLE hlc_thread;
static void hlc_writer_main(void* arg);
static DWORD WINAPI hlc_thread_entry(LPVOID arg)
{
    hlc_writer_main(arg);
    return 0;
}
static int hlc_thread_start(hlc_thread* t, void* arg)
{
    *t = CreateThread(NULL, 0, hlc_thread_entry, arg, 0, NULL);
    return *t != NULL ? 0 : -1;
}
static void hlc_thread_join(hlc_thread* t)
{
    WaitForSingleObject(*t, INFINITE);
    CloseHandle(*t);
}
#else
#define HLC_THREADS 1
#include <pthread.h>
typedef pthread_mutex_t hlc_mutex;
static void hlc_mutex_init(hlc_mutex* m) { pthread_mutex_init(m, NULL); }
static void hlc_mutex_destroy(hlc_mutex* m) { pthread_mutex_destroy(m); }
static void hlc_mutex_lock(hlc_mutex* m) { pthread_mutex_lock(m); }
static void hlc_mutex_unlock(hlc_mutex* m) { pthread_mutex_unlock(m); }
typedef pthread_cond_t hlc_cond;
static void hlc_cond_init(hlc_cond* c) { pthread_cond_init(c, NULL); }
static void hlc_cond_destroy(hlc_cond* c) { pthread_cond_destroy(c); }
static void hlc_cond_wait(hlc_cond* c, hlc_mutex* m) { pthread_cond_wait(c, m); }
static void hlc_cond_signal(hlc_cond* c) { pthread_cond_signal(c); }
static void hlc_cond_broadcast(hlc_cond* c) { pthread_cond_broadcast(c); }
typedef pthread_t hlc_thread;
static void hlc_writer_main(void* arg);
static void* hlc_thread_entry(void* arg)
{
    hlc_writer_main(arg);
    return NULL;
}
static int hlc_thread_start(hlc_thread* t, void* arg) { return pthread_create(t, NULL, hlc_thread_entry, arg); }
static void hlc_thread_join(hlc_thread* t) { pthread_join(*t, NULL); }
#endif

/* HLC_HOT: inlined into each family function, where the shapes' kinds are constants and the checks
 * and copies of the recording path fold to straight-line code; HLC_COLD: kept out of that path;
 * HLC_OUTLINE: kept out of it too, but not marked cold (GCC then took the path that skips a call to
 * it for the cold one, and moved the record's copy out of line) */
#if defined(__GNUC__) || defined(__clang__)
#define HLC_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define HLC_HOT static inline __attribute__((always_inline))
#define HLC_COLD static __attribute__((noinline, cold))
#define HLC_OUTLINE static __attribute__((noinline))
#elif defined(_MSC_VER)
#define HLC_UNLIKELY(x) (x)
#define HLC_HOT static __forceinline
#define HLC_COLD static __declspec(noinline)
#define HLC_OUTLINE static __declspec(noinline)
#else
#define HLC_UNLIKELY(x) (x)
#define HLC_HOT static
#define HLC_COLD static
#define HLC_OUTLINE static
#endif
/* the streaming buffer; a ring starts with room for this many bytes per kept line (it grows) */
#define HLC_BUFFER_SIZE 65536u
#define HLC_RING_BYTES_PER_LINE 256u
/* vectors whose text is remembered (2^bits of them, about 100 bytes each; 0: none): an engine
 * casts one ray against many boxes and tests the same shapes again and again, and a vector seen
 * before is copied, not formatted again. 256 (26 KB) stays in the first-level cache: a larger
 * table costs more in cache misses than it saves on a stream of new shapes. */
#ifndef HITLAB_CAPTURE_CACHE_BITS
#define HITLAB_CAPTURE_CACHE_BITS 8
#endif
/* the protocol's longest line (core/io/protocol.h, kMaxLineBytes) */
#define HLC_MAX_LINE 1048576u
/* writer-thread mode: each recording thread's queue of binary records (its lane: bytes, rounded
 * down to a power of two, made and touched by the writer; a record larger than half of it is
 * formatted on the calling thread once the writer has caught up), the fill at which a sleeping
 * writer is woken (it is also woken by hitlab_capture_frame, dump and close);
 * HITLAB_CAPTURE_WHERE_MAX (above) bounds the call site copied. 4 MiB holds a frame's burst of
 * about 25,000 ray casts (168 bytes each, with every shape and the call site copied; 80 when the ray
 * and the call site repeat) without a wait while the writer catches up between frames; an engine
 * that records faster than the writer formats, all the time, waits whatever the size, but less often
 * with a larger queue. */
#ifndef HITLAB_CAPTURE_QUEUE_BYTES
#define HITLAB_CAPTURE_QUEUE_BYTES (4u << 20)
#endif
#ifndef HITLAB_CAPTURE_WAKE_BYTES
#define HITLAB_CAPTURE_WAKE_BYTES (HITLAB_CAPTURE_QUEUE_BYTES / 16)
#endif

/* writer-thread mode: the recording threads past this many share one lane, under the lock (a lane
 * is HITLAB_CAPTURE_QUEUE_BYTES of memory) */
#ifndef HITLAB_CAPTURE_LANES
#define HITLAB_CAPTURE_LANES 16
#endif
#if HITLAB_CAPTURE_LANES < 1
#error "HITLAB_CAPTURE_LANES is at least 1"
#endif

/* a lane's counts (hitlab_capture_recorded, waits, dropped, truncated) */
enum { HLC_RECORDED, HLC_WAITS, HLC_DROPPED, HLC_TRUNCATED };

/* the few atomic operations of the lanes: loads with acquire, stores with release (plain moves on
 * x86), and a counter of the captures opened; plain ones without threads */
#if !HLC_THREADS
HLC_HOT unsigned long long hlc_load(const unsigned long long* p) { return *p; }
HLC_HOT void hlc_store(unsigned long long* p, unsigned long long v) { *p = v; }
HLC_HOT int hlc_load_flag(const int* p) { return *p; }
HLC_HOT void hlc_store_flag(int* p, int v) { *p = v; }
#elif defined(__GNUC__) || defined(__clang__)
HLC_HOT unsigned long long hlc_load(const unsigned long long* p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }
HLC_HOT void hlc_store(unsigned long long* p, unsigned long long v) { __atomic_store_n(p, v, __ATOMIC_RELEASE); }
HLC_HOT int hlc_load_flag(const int* p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }
HLC_HOT void hlc_store_flag(int* p, int v) { __atomic_store_n(p, v, __ATOMIC_RELEASE); }
static unsigned long long hlc_new_id(void)
{
    static unsigned long long last;
    return __atomic_add_fetch(&last, 1u, __ATOMIC_RELAXED);
}
#else /* _MSC_VER: full barriers, simple and right on every target (not built here) */
HLC_HOT unsigned long long hlc_load(const unsigned long long* p)
{
    return (unsigned long long)InterlockedCompareExchange64((volatile LONG64*)(void*)(uintptr_t)p, 0, 0);
}
HLC_HOT void hlc_store(unsigned long long* p, unsigned long long v)
{
    InterlockedExchange64((volatile LONG64*)(void*)p, (LONG64)v);
}
HLC_HOT int hlc_load_flag(const int* p)
{
    return (int)InterlockedCompareExchange((volatile LONG*)(void*)(uintptr_t)p, 0, 0);
}
HLC_HOT void hlc_store_flag(int* p, int v) { InterlockedExchange((volatile LONG*)(void*)p, (LONG)v); }
static unsigned long long hlc_new_id(void)
{
    static volatile LONG64 last;
    return (unsigned long long)InterlockedIncrement64(&last);
}
#endif

#define HLC_WHERE_SLOTS 8
#define HLC_WHERE_TEXT 64

/* a recording thread's queue of binary records. Only that thread puts records in (for the shared
 * lane: any thread, under the lock) and only the writer takes them out, so a record is put in with
 * no lock and no atomic read-modify-write: the thread writes it, then stores head with release; the
 * writer reads head with acquire, formats up to it and stores tail under the lock (which the waits
 * for room and the drains use). The two sides' fields are 64 bytes apart: on cache lines of their
 * own. Lanes are freed at close. */
typedef struct hlc_lane {
    unsigned char* queue; /* size bytes, a power of two */
    size_t size;
    int shared;                   /* the lane of the threads past HITLAB_CAPTURE_LANES */
    const void* owner;            /* its thread (the address of that thread's hlc_lane_refs) */
    unsigned long long head;      /* bytes ever put in */
    unsigned long long seen_tail; /* tail as last read: room known without reading the writer's line */
    unsigned long long room_end;  /* head may grow to this without a look at tail: the end of the room
                                   * known from seen_tail, or the queue's end if that comes first */
    unsigned long long counts[4]; /* HLC_RECORDED, HLC_WAITS, HLC_DROPPED, HLC_TRUNCATED */
    struct hlc_lane* next;        /* set before the lane is listed, then never changed */
    /* the last shape a put in whole (kind + 1, 0: none; its scalar, then its numbers): a record whose
     * shape a is the same, bit for bit, leaves it out (one ray cast against many boxes, one body tested
     * against its neighbours) */
    unsigned char last_kind;
    double last[16];
    /* the call sites put in whole lately, by their pointer's hash (HLC_WHERE_SLOTS, up to
     * HLC_WHERE_TEXT bytes with the NUL): a record whose call site is one of them, the same pointer
     * and the same text, names its slot instead */
    const char* where_ptr[HLC_WHERE_SLOTS];
    size_t where_len[HLC_WHERE_SLOTS];
    char where_text[HLC_WHERE_SLOTS][HLC_WHERE_TEXT];
    unsigned char apart[64];
    size_t want;             /* the room its producer waits for (0: none), under the lock */
    unsigned long long tail; /* bytes ever taken out (the writer's) */
    double seen[16];         /* the writer's copies of last and where_text */
    char seen_where[HLC_WHERE_SLOTS][HLC_WHERE_TEXT];
    unsigned char after[64];
} hlc_lane;

#if HLC_THREADS
/* the lanes a thread used last, newest first: its lane of a capture is found without the lock. A
 * capture's id is unique in the process, so a new capture at a closed one's address is not taken
 * for it. */
#define HLC_LANE_REFS 4
typedef struct hlc_lane_ref {
    const void* cap;
    unsigned long long id;
    hlc_lane* lane;
} hlc_lane_ref;
#if defined(_MSC_VER)
static __declspec(thread) hlc_lane_ref hlc_lane_refs[HLC_LANE_REFS];
#elif defined(__cplusplus)
static thread_local hlc_lane_ref hlc_lane_refs[HLC_LANE_REFS];
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
static _Thread_local hlc_lane_ref hlc_lane_refs[HLC_LANE_REFS];
#else
static __thread hlc_lane_ref hlc_lane_refs[HLC_LANE_REFS];
#endif
#endif

typedef struct hlc_cached_vec {
    uint64_t key[3];      /* the vector's bits */
    unsigned char length; /* of text; 0: empty */
    char text[79];
} hlc_cached_vec;

struct hitlab_capture {
    FILE* file;
    int failed;         /* a write or an allocation failed: recording stopped */
    int precision;      /* of the double functions' lines */
    int header_written; /* something went to the file: the header can no longer change */
    char* header;       /* the header line, with its newline, or NULL */
    char* buf;          /* streaming: the bytes not yet written; ring: the kept lines */
    size_t len, size;
    size_t ring;                   /* lines kept (ring mode), 0 when streaming */
    size_t ring_first, ring_count; /* the kept lines: ring_pos[(ring_first + i) % ring], i < ring_count */
    unsigned long long* ring_pos;  /* a kept line's start, counted in bytes since the buffer's first byte ever */
    unsigned long long base_pos;   /* that count at buf[0] */
    size_t line_start;             /* the line being written (ring mode) */
    int has_frame, has_time;       /* set by hitlab_capture_frame and _time, read by the recording calls */
    long long frame;               /* the frame and time of the line being formatted (from its record) */
    double time;
    unsigned long long recorded, skipped;
    hlc_cached_vec* cache; /* 2^HITLAB_CAPTURE_CACHE_BITS entries, or NULL */
    hlc_mutex mutex;
    hlc_mutex* lock; /* &mutex: lockable through a const hitlab_capture* without a cast */
    /* writer-thread mode (sink != NULL): each recording thread puts binary records into a lane of its
     * own, without the lock; the writer formats them into sink (a synchronous capture owning the file,
     * the text buffer and the vector cache, touched only by the writer, or under the lock once the
     * writer is idle) */
    hitlab_capture* sink;
    unsigned long long id;                    /* unique among the process's captures */
    unsigned long long frame_word, time_word; /* frame and time's bits, read by the recording threads */
    unsigned char* scratch; /* a record built to be formatted at once (synchronous, or too large to queue) */
    size_t scratch_size;
#if HLC_THREADS
    hlc_lane* lanes;  /* newest first, changed under the lock */
    hlc_lane* spare;  /* the writer's next lane, ready for a new thread */
    hlc_lane* shared; /* the lane of the threads past HITLAB_CAPTURE_LANES */
#endif
    size_t lane_count, queue_size;
    int writer_sleeping, writer_busy, stopping, waiting, drop, starting, want_spare, spare_failed;
#if HLC_THREADS
    hlc_cond work, room; /* the writer waits on work; callers waiting for room or a drain on room */
    hlc_thread thread;
#endif
};

/* ---- numbers: exact decimal text ----
 * A finite double x = m * 2^e (m normalised to [2^63, 2^64)) is written with 17 significant digits:
 * N = round(x * 10^k), N in [10^16, 10^17), from one 64 x 64 -> 128-bit product of m with 10^k
 * rounded to 64 bits (hlc_pow10_table, relative error below 2^-64, so N is off x * 10^k by at most
 * 0.5 + 0.006: correctly rounded but where x * 10^k lies within 0.006 of a half). 17 digits always
 * separate neighbouring doubles, so strtod gives x back bit for bit; trailing zeros are dropped
 * (0.5 is "0.5"). Not the shortest form (0.1 is "0.10000000000000001"), but exact, with no
 * division and no printf: about 20 to 30 ns a number on the project's machine, where
 * snprintf("%.17g") takes about 190. */

/* 10^k for k = -300..350, each rounded to nearest as c * 2^(floor(k * log2(10)) - 63), c in
 * [2^63, 2^64): generated with exact rational arithmetic. */
static const uint64_t hlc_pow10_table[651] = {
    0xab70fe17c79ac6caull, 0xd64d3d9db981787dull, 0x85f0468293f0eb4eull, 0xa76c582338ed2622ull, 0xd1476e2c07286faaull,
    0x82cca4db847945caull, 0xa37fce126597973dull, 0xcc5fc196fefd7d0cull, 0xff77b1fcbebcdc4full, 0x9faacf3df73609b1ull,
    0xc795830d75038c1eull, 0xf97ae3d0d2446f25ull, 0x9becce62836ac577ull, 0xc2e801fb244576d5ull, 0xf3a20279ed56d48aull,
    0x9845418c345644d7ull, 0xbe5691ef416bd60cull, 0xedec366b11c6cb8full, 0x94b3a202eb1c3f39ull, 0xb9e08a83a5e34f08ull,
    0xe858ad248f5c22caull, 0x91376c36d99995beull, 0xb58547448ffffb2eull, 0xe2e69915b3fff9f9ull, 0x8dd01fad907ffc3cull,
    0xb1442798f49ffb4bull, 0xdd95317f31c7fa1dull, 0x8a7d3eef7f1cfc52ull, 0xad1c8eab5ee43b67ull, 0xd863b256369d4a41ull,
    0x873e4f75e2224e68ull, 0xa90de3535aaae202ull, 0xd3515c2831559a83ull, 0x8412d9991ed58092ull, 0xa5178fff668ae0b6ull,
    0xce5d73ff402d98e4ull, 0x80fa687f881c7f8eull, 0xa139029f6a239f72ull, 0xc987434744ac874full, 0xfbe9141915d7a922ull,
    0x9d71ac8fada6c9b5ull, 0xc4ce17b399107c23ull, 0xf6019da07f549b2bull, 0x99c102844f94e0fbull, 0xc0314325637a193aull,
    0xf03d93eebc589f88ull, 0x96267c7535b763b5ull, 0xbbb01b9283253ca3ull, 0xea9c227723ee8bcbull, 0x92a1958a7675175full,
    0xb749faed14125d37ull, 0xe51c79a85916f485ull, 0x8f31cc0937ae58d3ull, 0xb2fe3f0b8599ef08ull, 0xdfbdcece67006ac9ull,
    0x8bd6a141006042beull, 0xaecc49914078536dull, 0xda7f5bf590966849ull, 0x888f99797a5e012dull, 0xaab37fd7d8f58179ull,
    0xd5605fcdcf32e1d7ull, 0x855c3be0a17fcd26ull, 0xa6b34ad8c9dfc070ull, 0xd0601d8efc57b08cull, 0x823c12795db6ce57ull,
    0xa2cb1717b52481edull, 0xcb7ddcdda26da269ull, 0xfe5d54150b090b03ull, 0x9efa548d26e5a6e2ull, 0xc6b8e9b0709f109aull,
    0xf867241c8cc6d4c1ull, 0x9b407691d7fc44f8ull, 0xc21094364dfb5637ull, 0xf294b943e17a2bc4ull, 0x979cf3ca6cec5b5bull,
    0xbd8430bd08277231ull, 0xece53cec4a314ebeull, 0x940f4613ae5ed137ull, 0xb913179899f68584ull, 0xe757dd7ec07426e5ull,
    0x9096ea6f3848984full, 0xb4bca50b065abe63ull, 0xe1ebce4dc7f16dfcull, 0x8d3360f09cf6e4bdull, 0xb080392cc4349dedull,
    0xdca04777f541c568ull, 0x89e42caaf9491b61ull, 0xac5d37d5b79b6239ull, 0xd77485cb25823ac7ull, 0x86a8d39ef77164bdull,
    0xa8530886b54dbdecull, 0xd267caa862a12d67ull, 0x8380dea93da4bc60ull, 0xa46116538d0deb78ull, 0xcd795be870516656ull,
    0x806bd9714632dff6ull, 0xa086cfcd97bf97f4ull, 0xc8a883c0fdaf7df0ull, 0xfad2a4b13d1b5d6cull, 0x9cc3a6eec6311a64ull,
    0xc3f490aa77bd60fdull, 0xf4f1b4d515acb93cull, 0x991711052d8bf3c5ull, 0xbf5cd54678eef0b7ull, 0xef340a98172aace5ull,
    0x9580869f0e7aac0full, 0xbae0a846d2195713ull, 0xe998d258869facd7ull, 0x91ff83775423cc06ull, 0xb67f6455292cbf08ull,
    0xe41f3d6a7377eecaull, 0x8e938662882af53eull, 0xb23867fb2a35b28eull, 0xdec681f9f4c31f31ull, 0x8b3c113c38f9f37full,
    0xae0b158b4738705full, 0xd98ddaee19068c76ull, 0x87f8a8d4cfa417caull, 0xa9f6d30a038d1dbcull, 0xd47487cc8470652bull,
    0x84c8d4dfd2c63f3bull, 0xa5fb0a17c777cf0aull, 0xcf79cc9db955c2ccull, 0x81ac1fe293d599c0ull, 0xa21727db38cb0030ull,
    0xca9cf1d206fdc03cull, 0xfd442e4688bd304bull, 0x9e4a9cec15763e2full, 0xc5dd44271ad3cdbaull, 0xf7549530e188c129ull,
    0x9a94dd3e8cf578baull, 0xc13a148e3032d6e8ull, 0xf18899b1bc3f8ca2ull, 0x96f5600f15a7b7e5ull, 0xbcb2b812db11a5deull,
    0xebdf661791d60f56ull, 0x936b9fcebb25c996ull, 0xb84687c269ef3bfbull, 0xe65829b3046b0afaull, 0x8ff71a0fe2c2e6dcull,
    0xb3f4e093db73a093ull, 0xe0f218b8d25088b8ull, 0x8c974f7383725573ull, 0xafbd2350644eead0ull, 0xdbac6c247d62a584ull,
    0x894bc396ce5da772ull, 0xab9eb47c81f5114full, 0xd686619ba27255a3ull, 0x8613fd0145877586ull, 0xa798fc4196e952e7ull,
    0xd17f3b51fca3a7a1ull, 0x82ef85133de648c5ull, 0xa3ab66580d5fdaf6ull, 0xcc963fee10b7d1b3ull, 0xffbbcfe994e5c620ull,
    0x9fd561f1fd0f9bd4ull, 0xc7caba6e7c5382c9ull, 0xf9bd690a1b68637bull, 0x9c1661a651213e2dull, 0xc31bfa0fe5698db8ull,
    0xf3e2f893dec3f126ull, 0x986ddb5c6b3a76b8ull, 0xbe89523386091466ull, 0xee2ba6c0678b597full, 0x94db483840b717f0ull,
    0xba121a4650e4ddecull, 0xe896a0d7e51e1566ull, 0x915e2486ef32cd60ull, 0xb5b5ada8aaff80b8ull, 0xe3231912d5bf60e6ull,
    0x8df5efabc5979c90ull, 0xb1736b96b6fd83b4ull, 0xddd0467c64bce4a1ull, 0x8aa22c0dbef60ee4ull, 0xad4ab7112eb3929eull,
    0xd89d64d57a607745ull, 0x87625f056c7c4a8bull, 0xa93af6c6c79b5d2eull, 0xd389b47879823479ull, 0x843610cb4bf160ccull,
    0xa54394fe1eedb8ffull, 0xce947a3da6a9273eull, 0x811ccc668829b887ull, 0xa163ff802a3426a9ull, 0xc9bcff6034c13053ull,
    0xfc2c3f3841f17c68ull, 0x9d9ba7832936edc1ull, 0xc5029163f384a931ull, 0xf64335bcf065d37dull, 0x99ea0196163fa42eull,
    0xc06481fb9bcf8d3aull, 0xf07da27a82c37088ull, 0x964e858c91ba2655ull, 0xbbe226efb628afebull, 0xeadab0aba3b2dbe5ull,
    0x92c8ae6b464fc96full, 0xb77ada0617e3bbcbull, 0xe55990879ddcaabeull, 0x8f57fa54c2a9eab7ull, 0xb32df8e9f3546564ull,
    0xdff9772470297ebdull, 0x8bfbea76c619ef36ull, 0xaefae51477a06b04ull, 0xdab99e59958885c5ull, 0x88b402f7fd75539bull,
    0xaae103b5fcd2a882ull, 0xd59944a37c0752a2ull, 0x857fcae62d8493a5ull, 0xa6dfbd9fb8e5b88full, 0xd097ad07a71f26b2ull,
    0x825ecc24c8737830ull, 0xa2f67f2dfa90563bull, 0xcbb41ef979346bcaull, 0xfea126b7d78186bdull, 0x9f24b832e6b0f436ull,
    0xc6ede63fa05d3144ull, 0xf8a95fcf88747d94ull, 0x9b69dbe1b548ce7dull, 0xc24452da229b021cull, 0xf2d56790ab41c2a3ull,
    0x97c560ba6b0919a6ull, 0xbdb6b8e905cb600full, 0xed246723473e3813ull, 0x9436c0760c86e30cull, 0xb94470938fa89bcfull,
    0xe7958cb87392c2c3ull, 0x90bd77f3483bb9baull, 0xb4ecd5f01a4aa828ull, 0xe2280b6c20dd5232ull, 0x8d590723948a535full,
    0xb0af48ec79ace837ull, 0xdcdb1b2798182245ull, 0x8a08f0f8bf0f156bull, 0xac8b2d36eed2dac6ull, 0xd7adf884aa879177ull,
    0x86ccbb52ea94baebull, 0xa87fea27a539e9a5ull, 0xd29fe4b18e88640full, 0x83a3eeeef9153e89ull, 0xa48ceaaab75a8e2bull,
    0xcdb02555653131b6ull, 0x808e17555f3ebf12ull, 0xa0b19d2ab70e6ed6ull, 0xc8de047564d20a8cull, 0xfb158592be068d2full,
    0x9ced737bb6c4183dull, 0xc428d05aa4751e4dull, 0xf53304714d9265e0ull, 0x993fe2c6d07b7facull, 0xbf8fdb78849a5f97ull,
    0xef73d256a5c0f77dull, 0x95a8637627989aaeull, 0xbb127c53b17ec159ull, 0xe9d71b689dde71b0ull, 0x9226712162ab070eull,
    0xb6b00d69bb55c8d1ull, 0xe45c10c42a2b3b06ull, 0x8eb98a7a9a5b04e3ull, 0xb267ed1940f1c61cull, 0xdf01e85f912e37a3ull,
    0x8b61313bbabce2c6ull, 0xae397d8aa96c1b78ull, 0xd9c7dced53c72256ull, 0x881cea14545c7575ull, 0xaa242499697392d3ull,
    0xd4ad2dbfc3d07788ull, 0x84ec3c97da624ab5ull, 0xa6274bbdd0fadd62ull, 0xcfb11ead453994baull, 0x81ceb32c4b43fcf5ull,
    0xa2425ff75e14fc32ull, 0xcad2f7f5359a3b3eull, 0xfd87b5f28300ca0eull, 0x9e74d1b791e07e48ull, 0xc612062576589ddbull,
    0xf79687aed3eec551ull, 0x9abe14cd44753b53ull, 0xc16d9a0095928a27ull, 0xf1c90080baf72cb1ull, 0x971da05074da7befull,
    0xbce5086492111aebull, 0xec1e4a7db69561a5ull, 0x9392ee8e921d5d07ull, 0xb877aa3236a4b449ull, 0xe69594bec44de15bull,
    0x901d7cf73ab0acd9ull, 0xb424dc35095cd80full, 0xe12e13424bb40e13ull, 0x8cbccc096f5088ccull, 0xafebff0bcb24aaffull,
    0xdbe6fecebdedd5bfull, 0x89705f4136b4a597ull, 0xabcc77118461cefdull, 0xd6bf94d5e57a42bcull, 0x8637bd05af6c69b6ull,
    0xa7c5ac471b478423ull, 0xd1b71758e219652cull, 0x83126e978d4fdf3bull, 0xa3d70a3d70a3d70aull, 0xcccccccccccccccdull,
    0x8000000000000000ull, 0xa000000000000000ull, 0xc800000000000000ull, 0xfa00000000000000ull, 0x9c40000000000000ull,
    0xc350000000000000ull, 0xf424000000000000ull, 0x9896800000000000ull, 0xbebc200000000000ull, 0xee6b280000000000ull,
    0x9502f90000000000ull, 0xba43b74000000000ull, 0xe8d4a51000000000ull, 0x9184e72a00000000ull, 0xb5e620f480000000ull,
    0xe35fa931a0000000ull, 0x8e1bc9bf04000000ull, 0xb1a2bc2ec5000000ull, 0xde0b6b3a76400000ull, 0x8ac7230489e80000ull,
    0xad78ebc5ac620000ull, 0xd8d726b7177a8000ull, 0x878678326eac9000ull, 0xa968163f0a57b400ull, 0xd3c21bcecceda100ull,
    0x84595161401484a0ull, 0xa56fa5b99019a5c8ull, 0xcecb8f27f4200f3aull, 0x813f3978f8940984ull, 0xa18f07d736b90be5ull,
    0xc9f2c9cd04674edfull, 0xfc6f7c4045812296ull, 0x9dc5ada82b70b59eull, 0xc5371912364ce305ull, 0xf684df56c3e01bc7ull,
    0x9a130b963a6c115cull, 0xc097ce7bc90715b3ull, 0xf0bdc21abb48db20ull, 0x96769950b50d88f4ull, 0xbc143fa4e250eb31ull,
    0xeb194f8e1ae525fdull, 0x92efd1b8d0cf37beull, 0xb7abc627050305aeull, 0xe596b7b0c643c719ull, 0x8f7e32ce7bea5c70ull,
    0xb35dbf821ae4f38cull, 0xe0352f62a19e306full, 0x8c213d9da502de45ull, 0xaf298d050e4395d7ull, 0xdaf3f04651d47b4cull,
    0x88d8762bf324cd10ull, 0xab0e93b6efee0054ull, 0xd5d238a4abe98068ull, 0x85a36366eb71f041ull, 0xa70c3c40a64e6c52ull,
    0xd0cf4b50cfe20766ull, 0x82818f1281ed44a0ull, 0xa321f2d7226895c8ull, 0xcbea6f8ceb02bb3aull, 0xfee50b7025c36a08ull,
    0x9f4f2726179a2245ull, 0xc722f0ef9d80aad6ull, 0xf8ebad2b84e0d58cull, 0x9b934c3b330c8577ull, 0xc2781f49ffcfa6d5ull,
    0xf316271c7fc3908bull, 0x97edd871cfda3a57ull, 0xbde94e8e43d0c8ecull, 0xed63a231d4c4fb27ull, 0x945e455f24fb1cf9ull,
    0xb975d6b6ee39e437ull, 0xe7d34c64a9c85d44ull, 0x90e40fbeea1d3a4bull, 0xb51d13aea4a488ddull, 0xe264589a4dcdab15ull,
    0x8d7eb76070a08aedull, 0xb0de65388cc8ada8ull, 0xdd15fe86affad912ull, 0x8a2dbf142dfcc7abull, 0xacb92ed9397bf996ull,
    0xd7e77a8f87daf7fcull, 0x86f0ac99b4e8dafdull, 0xa8acd7c0222311bdull, 0xd2d80db02aabd62cull, 0x83c7088e1aab65dbull,
    0xa4b8cab1a1563f52ull, 0xcde6fd5e09abcf27ull, 0x80b05e5ac60b6178ull, 0xa0dc75f1778e39d6ull, 0xc913936dd571c84cull,
    0xfb5878494ace3a5full, 0x9d174b2dcec0e47bull, 0xc45d1df942711d9aull, 0xf5746577930d6501ull, 0x9968bf6abbe85f20ull,
    0xbfc2ef456ae276e9ull, 0xefb3ab16c59b14a3ull, 0x95d04aee3b80ece6ull, 0xbb445da9ca61281full, 0xea1575143cf97227ull,
    0x924d692ca61be758ull, 0xb6e0c377cfa2e12eull, 0xe498f455c38b997aull, 0x8edf98b59a373fecull, 0xb2977ee300c50fe7ull,
    0xdf3d5e9bc0f653e1ull, 0x8b865b215899f46dull, 0xae67f1e9aec07188ull, 0xda01ee641a708deaull, 0x884134fe908658b2ull,
    0xaa51823e34a7eedfull, 0xd4e5e2cdc1d1ea96ull, 0x850fadc09923329eull, 0xa6539930bf6bff46ull, 0xcfe87f7cef46ff17ull,
    0x81f14fae158c5f6eull, 0xa26da3999aef774aull, 0xcb090c8001ab551cull, 0xfdcb4fa002162a63ull, 0x9e9f11c4014dda7eull,
    0xc646d63501a1511eull, 0xf7d88bc24209a565ull, 0x9ae757596946075full, 0xc1a12d2fc3978937ull, 0xf209787bb47d6b85ull,
    0x9745eb4d50ce6333ull, 0xbd176620a501fc00ull, 0xec5d3fa8ce427b00ull, 0x93ba47c980e98ce0ull, 0xb8a8d9bbe123f018ull,
    0xe6d3102ad96cec1eull, 0x9043ea1ac7e41393ull, 0xb454e4a179dd1877ull, 0xe16a1dc9d8545e95ull, 0x8ce2529e2734bb1dull,
    0xb01ae745b101e9e4ull, 0xdc21a1171d42645dull, 0x899504ae72497ebaull, 0xabfa45da0edbde69ull, 0xd6f8d7509292d603ull,
    0x865b86925b9bc5c2ull, 0xa7f26836f282b733ull, 0xd1ef0244af2364ffull, 0x8335616aed761f1full, 0xa402b9c5a8d3a6e7ull,
    0xcd036837130890a1ull, 0x802221226be55a65ull, 0xa02aa96b06deb0feull, 0xc83553c5c8965d3dull, 0xfa42a8b73abbf48dull,
    0x9c69a97284b578d8ull, 0xc38413cf25e2d70eull, 0xf46518c2ef5b8cd1ull, 0x98bf2f79d5993803ull, 0xbeeefb584aff8604ull,
    0xeeaaba2e5dbf6785ull, 0x952ab45cfa97a0b3ull, 0xba756174393d88e0ull, 0xe912b9d1478ceb17ull, 0x91abb422ccb812efull,
    0xb616a12b7fe617aaull, 0xe39c49765fdf9d95ull, 0x8e41ade9fbebc27dull, 0xb1d219647ae6b31cull, 0xde469fbd99a05fe3ull,
    0x8aec23d680043beeull, 0xada72ccc20054aeaull, 0xd910f7ff28069da4ull, 0x87aa9aff79042287ull, 0xa99541bf57452b28ull,
    0xd3fa922f2d1675f2ull, 0x847c9b5d7c2e09b7ull, 0xa59bc234db398c25ull, 0xcf02b2c21207ef2full, 0x8161afb94b44f57dull,
    0xa1ba1ba79e1632dcull, 0xca28a291859bbf93ull, 0xfcb2cb35e702af78ull, 0x9defbf01b061adabull, 0xc56baec21c7a1916ull,
    0xf6c69a72a3989f5cull, 0x9a3c2087a63f6399ull, 0xc0cb28a98fcf3c80ull, 0xf0fdf2d3f3c30b9full, 0x969eb7c47859e744ull,
    0xbc4665b596706115ull, 0xeb57ff22fc0c795aull, 0x9316ff75dd87cbd8ull, 0xb7dcbf5354e9beceull, 0xe5d3ef282a242e82ull,
    0x8fa475791a569d11ull, 0xb38d92d760ec4455ull, 0xe070f78d3927556bull, 0x8c469ab843b89563ull, 0xaf58416654a6babbull,
    0xdb2e51bfe9d0696aull, 0x88fcf317f22241e2ull, 0xab3c2fddeeaad25bull, 0xd60b3bd56a5586f2ull, 0x85c7056562757457ull,
    0xa738c6bebb12d16dull, 0xd106f86e69d785c8ull, 0x82a45b450226b39dull, 0xa34d721642b06084ull, 0xcc20ce9bd35c78a5ull,
    0xff290242c83396ceull, 0x9f79a169bd203e41ull, 0xc75809c42c684dd1ull, 0xf92e0c3537826146ull, 0x9bbcc7a142b17cccull,
    0xc2abf989935ddbfeull, 0xf356f7ebf83552feull, 0x98165af37b2153dfull, 0xbe1bf1b059e9a8d6ull, 0xeda2ee1c7064130cull,
    0x9485d4d1c63e8be8ull, 0xb9a74a0637ce2ee1ull, 0xe8111c87c5c1ba9aull, 0x910ab1d4db9914a0ull, 0xb54d5e4a127f59c8ull,
    0xe2a0b5dc971f303aull, 0x8da471a9de737e24ull, 0xb10d8e1456105dadull, 0xdd50f1996b947519ull, 0x8a5296ffe33cc930ull,
    0xace73cbfdc0bfb7bull, 0xd8210befd30efa5aull, 0x8714a775e3e95c78ull, 0xa8d9d1535ce3b396ull, 0xd31045a8341ca07cull,
    0x83ea2b892091e44eull, 0xa4e4b66b68b65d61ull, 0xce1de40642e3f4b9ull, 0x80d2ae83e9ce78f4ull, 0xa1075a24e4421731ull,
    0xc94930ae1d529cfdull, 0xfb9b7cd9a4a7443cull, 0x9d412e0806e88aa6ull, 0xc491798a08a2ad4full, 0xf5b5d7ec8acb58a3ull,
    0x9991a6f3d6bf1766ull, 0xbff610b0cc6edd3full, 0xeff394dcff8a948full, 0x95f83d0a1fb69cd9ull, 0xbb764c4ca7a44410ull,
    0xea53df5fd18d5514ull, 0x92746b9be2f8552cull, 0xb7118682dbb66a77ull, 0xe4d5e82392a40515ull, 0x8f05b1163ba6832dull,
    0xb2c71d5bca9023f8ull, 0xdf78e4b2bd342cf7ull, 0x8bab8eefb6409c1aull, 0xae9672aba3d0c321ull, 0xda3c0f568cc4f3e9ull,
    0x8865899617fb1871ull, 0xaa7eebfb9df9de8eull, 0xd51ea6fa85785631ull, 0x8533285c936b35dfull, 0xa67ff273b8460357ull,
    0xd01fef10a657842cull, 0x8213f56a67f6b29cull, 0xa298f2c501f45f43ull, 0xcb3f2f7642717713ull, 0xfe0efb53d30dd4d8ull,
    0x9ec95d1463e8a507ull, 0xc67bb4597ce2ce49ull, 0xf81aa16fdc1b81dbull, 0x9b10a4e5e9913129ull, 0xc1d4ce1f63f57d73ull,
    0xf24a01a73cf2dcd0ull, 0x976e41088617ca02ull, 0xbd49d14aa79dbc82ull, 0xec9c459d51852ba3ull, 0x93e1ab8252f33b46ull,
    0xb8da1662e7b00a17ull, 0xe7109bfba19c0c9dull, 0x906a617d450187e2ull, 0xb484f9dc9641e9dbull, 0xe1a63853bbd26451ull,
    0x8d07e33455637eb3ull, 0xb049dc016abc5e60ull, 0xdc5c5301c56b75f7ull, 0x89b9b3e11b6329bbull, 0xac2820d9623bf429ull,
    0xd732290fbacaf134ull, 0x867f59a9d4bed6c0ull, 0xa81f301449ee8c70ull, 0xd226fc195c6a2f8cull, 0x83585d8fd9c25db8ull,
    0xa42e74f3d032f526ull, 0xcd3a1230c43fb26full, 0x80444b5e7aa7cf85ull, 0xa0555e361951c367ull, 0xc86ab5c39fa63441ull,
    0xfa856334878fc151ull, 0x9c935e00d4b9d8d2ull, 0xc3b8358109e84f07ull, 0xf4a642e14c6262c9ull, 0x98e7e9cccfbd7dbeull,
    0xbf21e44003acdd2dull, 0xeeea5d5004981478ull, 0x95527a5202df0ccbull, 0xbaa718e68396cffeull, 0xe950df20247c83fdull,
    0x91d28b7416cdd27eull, 0xb6472e511c81471eull, 0xe3d8f9e563a198e5ull, 0x8e679c2f5e44ff8full, 0xb201833b35d63f73ull,
    0xde81e40a034bcf50ull, 0x8b112e86420f6192ull, 0xadd57a27d29339f6ull, 0xd94ad8b1c7380874ull, 0x87cec76f1c830549ull,
    0xa9c2794ae3a3c69bull, 0xd433179d9c8cb841ull, 0x849feec281d7f329ull, 0xa5c7ea73224deff3ull, 0xcf39e50feae16bf0ull,
    0x81842f29f2cce376ull, 0xa1e53af46f801c53ull, 0xca5e89b18b602368ull, 0xfcf62c1dee382c42ull, 0x9e19db92b4e31ba9ull,
    0xc5a05277621be294ull, 0xf70867153aa2db39ull, 0x9a65406d44a5c903ull, 0xc0fe908895cf3b44ull, 0xf13e34aabb430a15ull,
    0x96c6e0eab509e64dull, 0xbc789925624c5fe1ull, 0xeb96bf6ebadf77d9ull, 0x933e37a534cbaae8ull, 0xb80dc58e81fe95a1ull,
    0xe61136f2227e3b0aull, 0x8fcac257558ee4e6ull, 0xb3bd72ed2af29e20ull, 0xe0accfa875af45a8ull, 0x8c6c01c9498d8b89ull,
    0xaf87023b9bf0ee6bull, 0xdb68c2ca82ed2a06ull, 0x892179be91d43a44ull, 0xab69d82e364948d4ull, 0xd6444e39c3db9b0aull,
    0x85eab0e41a6940e6ull, 0xa7655d1d2103911full, 0xd13eb46469447567ull, 0x82c730bec1cac961ull, 0xa378fcee723d7bb9ull,
    0xcc573c2a0eccdaa7ull,
};

#define HLC_POW10_MIN (-300)
#define HLC_POW10_MAX 350

/* what hlc_format_finite may write into (it writes at most 24 bytes that count, and constant-length
 * copies past them) */
#define HLC_NUMBER_ROOM 48

static const char hlc_digit_pairs[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

/* the high 64 bits of a * b */
static uint64_t hlc_mulhi(uint64_t a, uint64_t b)
{
#if defined(__SIZEOF_INT128__)
    __extension__ typedef unsigned __int128 hlc_u128;
    return (uint64_t)(((hlc_u128)a * b) >> 64);
#else
    const uint64_t a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
    const uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    const uint64_t middle = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
    return p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32);
#endif
}

/* floor(n * num / 2^shift) for |n| < 2^shift, num < 2^21: n moved up by 2^shift first, so that
 * nothing negative is shifted and nothing is divided */
static int hlc_floor_scaled(int n, uint64_t num, int shift)
{
    const int64_t moved = (int64_t)n + ((int64_t)1 << shift);
    return (int)(((uint64_t)moved * num) >> shift) - (int)num;
}

static void hlc_two_digits(char* p, uint32_t x) { memcpy(p, hlc_digit_pairs + 2 * x, 2); }

static void hlc_eight_digits(char* p, uint32_t x)
{
    const uint32_t high = x / 10000u, low = x % 10000u;
    hlc_two_digits(p, high / 100u);
    hlc_two_digits(p + 2, high % 100u);
    hlc_two_digits(p + 4, low / 100u);
    hlc_two_digits(p + 6, low % 100u);
}

/* round(m * 2^e * 10^k) for m in [2^63, 2^64) and the k of hlc_format_finite: the high half of m
 * times 10^k's 64-bit mantissa, rounded to nearest (the low half cannot change the rounding) */
static uint64_t hlc_scaled(uint64_t m, int e, int k)
{
    const int ek = hlc_floor_scaled(k, 1741647, 19) - 63;
    const int s = -(e + ek) - 64; /* m * 2^e * 10^k = m * c / 2^(s + 64), s >= 1 here */
    const uint64_t high = hlc_mulhi(m, hlc_pow10_table[k - HLC_POW10_MIN]);
    return (high >> s) + ((high >> (s - 1)) & 1u);
}

/* Writes finite x (not NaN or infinite) without a terminating NUL into out, which has room for
 * HLC_NUMBER_ROOM bytes; returns the length (at most 24). */
static size_t hlc_format_finite(char* out, double x)
{
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    char* p = out;
    if (bits >> 63) {
        *p++ = '-';
    }
    const int biased = (int)((bits >> 52) & 0x7ff);
    uint64_t m = bits & 0xfffffffffffffull;
    if (biased == 0 && m == 0) {
        /* -0 keeps its sign only as a float literal: "-0" reads as the integer 0 */
        if (p != out) {
            memcpy(p, "0.0", 3);
            return 4;
        }
        *p = '0';
        return 1;
    }
    int e = biased == 0 ? -1074 : biased - 1075;
    /* normalise m to [2^63, 2^64) */
    if (biased != 0) {
        m = (m | ((uint64_t)1 << 52)) << 11;
        e -= 11;
    } else {
        while ((m >> 63) == 0) { /* a subnormal */
            m <<= 1;
            --e;
        }
    }
    /* x in [2^(e+63), 2^(e+64)), so floor(log10(x)) is d or d + 1: with k = 16 - d, x * 10^k has
     * 17 or 18 digits before the point; with 18, k - 1 gives 17 (18 only when rounding reaches 10^17) */
    int k = 16 - hlc_floor_scaled(e + 63, 78913, 18);
    uint64_t n = hlc_scaled(m, e, k);
    if (n >= 100000000000000000ull) { /* 18 digits: one power of ten less */
        --k;
        n = hlc_scaled(m, e, k);
    }
    /* the digits of n, 20 with leading zeros (and 20 bytes of padding, so that every copy below
     * has a constant length: no call to memcpy), then the first significant one */
    char digits[40];
    memset(digits + 20, '0', 20);
    const uint64_t upper = n / 100000000ull;
    const uint32_t top = (uint32_t)(upper / 100000000ull);
    hlc_two_digits(digits, top / 100u);
    hlc_two_digits(digits + 2, top % 100u);
    hlc_eight_digits(digits + 4, (uint32_t)(upper % 100000000ull));
    hlc_eight_digits(digits + 12, (uint32_t)(n % 100000000ull));
    const int total = n >= 1000000000000000000ull ? 19 : n >= 100000000000000000ull ? 18 : 17;
    const char* first = digits + 20 - total;
    int count = total;
    while (first[count - 1] == '0') {
        --count;
    }
    /* out has room for HLC_NUMBER_ROOM bytes: each form below writes past its end, then stops */
    const int exponent = total - 1 - k; /* x = d.ddd * 10^exponent */
    if (exponent >= 0 && exponent < 17) {
        /* the integer part (zeros after the digits come from the padding), then the fraction */
        const int whole = exponent + 1;
        memcpy(p, first, 20);
        if (count <= whole) {
            p += whole;
        } else {
            p[whole] = '.';
            memcpy(p + whole + 1, first + whole, 20);
            p += count + 1;
        }
    } else if (exponent < 0 && exponent >= -5) {
        const int zeros = -exponent - 1;
        memcpy(p, "0.00000", 8);
        memcpy(p + 2 + zeros, first, 20);
        p += 2 + zeros + count;
    } else {
        p[0] = first[0];
        p[1] = '.';
        memcpy(p + 2, first + 1, 20);
        p += count > 1 ? count + 1 : 1;
        *p++ = 'e';
        int magnitude = exponent;
        if (magnitude < 0) {
            *p++ = '-';
            magnitude = -magnitude;
        }
        if (magnitude >= 100) {
            *p++ = (char)('0' + magnitude / 100);
            magnitude %= 100;
            hlc_two_digits(p, (uint32_t)magnitude);
            p += 2;
        } else if (magnitude >= 10) {
            hlc_two_digits(p, (uint32_t)magnitude);
            p += 2;
        } else {
            *p++ = (char)('0' + magnitude);
        }
    }
    return (size_t)(p - out);
}

static double hlc_nan(void)
{
    const uint64_t bits = 0x7ff8000000000000ull;
    double x;
    memcpy(&x, &bits, sizeof x);
    return x;
}

static int hlc_finite(double x)
{
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    return ((bits >> 52) & 0x7ff) != 0x7ff;
}

static int hlc_is_nan(double x) { return x != x; }

size_t hitlab_capture_format_double(char* out, double x)
{
    size_t n;
    if (out == NULL) {
        return 0;
    }
    if (hlc_is_nan(x)) {
        memcpy(out, "null", 4);
        n = 4;
    } else if (!hlc_finite(x)) {
        n = x > 0 ? 5 : 6;
        memcpy(out, x > 0 ? "\"inf\"" : "\"-inf\"", n);
    } else {
        char text[HLC_NUMBER_ROOM];
        n = hlc_format_finite(text, x);
        memcpy(out, text, n);
    }
    out[n] = '\0';
    return n;
}

/* ---- the buffer ---- */

static void hlc_write_file(hitlab_capture* cap, const char* p, size_t n)
{
    if (!cap->header_written) {
        cap->header_written = 1;
        if (cap->header != NULL) {
            hlc_write_file(cap, cap->header, strlen(cap->header));
        }
    }
    if (!cap->failed && n > 0 && fwrite(p, 1, n, cap->file) != n) {
        cap->failed = 1;
    }
}

static void hlc_flush_stream(hitlab_capture* cap)
{
    hlc_write_file(cap, cap->buf, cap->len);
    cap->len = 0;
}

/* ring mode: moves the kept lines and the line being written to the buffer's start, and grows the
 * buffer when they fill more than half of it (so moving costs O(1) per byte written) */
static int hlc_ring_make_room(hitlab_capture* cap, size_t n)
{
    const size_t keep =
        cap->ring_count > 0 ? (size_t)(cap->ring_pos[cap->ring_first] - cap->base_pos) : cap->line_start;
    if (keep > 0) {
        memmove(cap->buf, cap->buf + keep, cap->len - keep);
        cap->len -= keep;
        cap->line_start -= keep;
        cap->base_pos += keep;
    }
    if (cap->size - cap->len < n || cap->len > cap->size / 2) {
        size_t size = cap->size * 2;
        while (size - cap->len < n) {
            size *= 2;
        }
        char* grown = (char*)realloc(cap->buf, size);
        if (grown != NULL) {
            cap->buf = grown;
            cap->size = size;
        } else if (cap->size - cap->len < n) {
            cap->failed = 1;
            return 0;
        }
    }
    return 1;
}

/* room for n more bytes at buf + len (n is at most a few hundred) */
static int hlc_reserve(hitlab_capture* cap, size_t n)
{
    if (cap->failed) {
        return 0;
    }
    if (cap->size - cap->len >= n) {
        return 1;
    }
    if (cap->ring == 0) {
        hlc_flush_stream(cap);
        if (n > cap->size) { /* never asked: every piece is at most a few hundred bytes */
            cap->failed = 1;
        }
        return !cap->failed;
    }
    return hlc_ring_make_room(cap, n);
}

static void hlc_put(hitlab_capture* cap, const char* text, size_t n)
{
    if (hlc_reserve(cap, n)) {
        memcpy(cap->buf + cap->len, text, n);
        cap->len += n;
    }
}

#define HLC_LIT(cap, text) hlc_put((cap), (text), sizeof(text) - 1)

static void hlc_num(hitlab_capture* cap, double x)
{
    if (hlc_reserve(cap, HLC_NUMBER_ROOM)) {
        cap->len += hlc_format_finite(cap->buf + cap->len, x);
    }
}

/* an answer's number: inf and -inf spelled as the protocol does */
static void hlc_answer_num(hitlab_capture* cap, double x)
{
    if (hlc_finite(x)) {
        hlc_num(cap, x);
    } else if (x > 0) {
        HLC_LIT(cap, "\"inf\"");
    } else {
        HLC_LIT(cap, "\"-inf\"");
    }
}

static size_t hlc_format_vec(char* out, const double* v)
{
    char* p = out;
    *p++ = '[';
    p += hlc_format_finite(p, v[0]);
    *p++ = ',';
    p += hlc_format_finite(p, v[1]);
    *p++ = ',';
    p += hlc_format_finite(p, v[2]);
    *p++ = ']';
    return (size_t)(p - out);
}

static void hlc_vec(hitlab_capture* cap, const double* v)
{
    if (!hlc_reserve(cap, 2 * 25 + 2 + HLC_NUMBER_ROOM)) { /* two numbers, then room for the third */
        return;
    }
    char* out = cap->buf + cap->len;
#if HITLAB_CAPTURE_CACHE_BITS > 0
    if (cap->cache != NULL) {
        uint64_t key[3];
        memcpy(key, v, sizeof key);
        const uint64_t hash =
            (key[0] * 0x9e3779b97f4a7c15ull) ^ (key[1] * 0xc2b2ae3d27d4eb4full) ^ (key[2] * 0x165667b19e3779f9ull);
        hlc_cached_vec* entry = cap->cache + (size_t)(hash >> (64 - HITLAB_CAPTURE_CACHE_BITS));
        if (entry->length != 0 && memcmp(entry->key, key, sizeof key) == 0) {
            memcpy(out, entry->text, sizeof entry->text);
            cap->len += entry->length;
            return;
        }
        const size_t n = hlc_format_vec(out, v);
        memcpy(entry->key, key, sizeof key);
        memcpy(entry->text, out, n); /* at most 3 * 24 + 4 = 76 bytes */
        entry->length = (unsigned char)n;
        cap->len += n;
        return;
    }
#endif
    cap->len += hlc_format_vec(out, v);
}

static void hlc_unsigned(hitlab_capture* cap, unsigned long long x)
{
    char text[24];
    size_t n = 0;
    do {
        text[sizeof text - 1 - n++] = (char)('0' + x % 10u);
        x /= 10u;
    } while (x != 0);
    hlc_put(cap, text + sizeof text - n, n);
}

/* the length of the valid UTF-8 sequence at s (1 to 4), or 0 when it is not one */
static size_t hlc_utf8_length(const unsigned char* s)
{
    const unsigned char c = s[0];
    size_t n = 0;
    unsigned char low = 0x80, high = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) {
        n = 2;
    } else if (c >= 0xe0 && c <= 0xef) {
        n = 3;
        low = c == 0xe0 ? 0xa0 : 0x80;  /* no overlong form */
        high = c == 0xed ? 0x9f : 0xbf; /* no surrogate */
    } else if (c >= 0xf0 && c <= 0xf4) {
        n = 4;
        low = c == 0xf0 ? 0x90 : 0x80;
        high = c == 0xf4 ? 0x8f : 0xbf;
    } else {
        return 0;
    }
    if (s[1] < low || s[1] > high) {
        return 0;
    }
    for (size_t i = 2; i < n; ++i) {
        if (s[i] < 0x80 || s[i] > 0xbf) {
            return 0;
        }
    }
    return n;
}

/* s as a JSON string: quotes, backslashes and control characters escaped, a byte that is not valid
 * UTF-8 replaced by U+FFFD (JSON text must be UTF-8) */
static void hlc_string(hitlab_capture* cap, const char* s)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char* u = (const unsigned char*)s;
    HLC_LIT(cap, "\"");
    /* the plain printable ASCII run at the start (usually all of it) in one copy */
    size_t plain = 0;
    while (u[plain] >= 0x20 && u[plain] < 0x7f && u[plain] != '"' && u[plain] != '\\') {
        ++plain;
    }
    for (size_t done = 0; done < plain;) {
        const size_t n = plain - done < 256 ? plain - done : 256;
        hlc_put(cap, s + done, n);
        done += n;
    }
    u += plain;
    while (*u != 0 && hlc_reserve(cap, 8)) {
        char* p = cap->buf + cap->len;
        const unsigned char c = *u;
        if (c == '"' || c == '\\') {
            p[0] = '\\';
            p[1] = (char)c;
            cap->len += 2;
            ++u;
        } else if (c < 0x20) {
            memcpy(p, "\\u00", 4);
            p[4] = hex[c >> 4];
            p[5] = hex[c & 15];
            cap->len += 6;
            ++u;
        } else if (c < 0x80) {
            *p = (char)c;
            cap->len += 1;
            ++u;
        } else {
            const size_t n = hlc_utf8_length(u);
            if (n == 0) {
                memcpy(p, "\\ufffd", 6);
                cap->len += 6;
                ++u;
            } else {
                memcpy(p, u, n);
                cap->len += n;
                u += n;
            }
        }
    }
    HLC_LIT(cap, "\"");
}

/* ---- shapes and answers ---- */

/* the query families (a record names its family by number) */
enum hlc_family {
    HLC_F_AABB_AABB,
    HLC_F_AABB_TRIANGLE,
    HLC_F_CONVEX_CONVEX,
    HLC_F_OBB_OBB,
    HLC_F_POINT_AABB,
    HLC_F_POINT_OBB,
    HLC_F_POINT_SPHERE,
    HLC_F_RAY_AABB,
    HLC_F_RAY_MESH,
    HLC_F_RAY_OBB,
    HLC_F_RAY_PLANE,
    HLC_F_RAY_SPHERE,
    HLC_F_RAY_TRIANGLE,
    HLC_F_SEGMENT_AABB,
    HLC_F_SEGMENT_TRIANGLE,
    HLC_F_SPHERE_AABB,
    HLC_F_SPHERE_SPHERE,
    HLC_F_SPHERE_TRIANGLE,
    HLC_F_TRIANGLE_TRIANGLE,
};
static const char* const hlc_family_names[] = {"aabb_aabb",     "aabb_triangle",   "convex_convex",    "obb_obb",
                                               "point_aabb",    "point_obb",       "point_sphere",     "ray_aabb",
                                               "ray_mesh",      "ray_obb",         "ray_plane",        "ray_sphere",
                                               "ray_triangle",  "segment_aabb",    "segment_triangle", "sphere_aabb",
                                               "sphere_sphere", "sphere_triangle", "triangle_triangle"};

enum hlc_kind {
    HLC_RAY,
    HLC_SEGMENT,
    HLC_PLANE,
    HLC_AABB,
    HLC_SPHERE,
    HLC_OBB,
    HLC_POINT,
    HLC_TRIANGLE,
    HLC_MESH,
    HLC_CONVEX
};

/* a shape of a query: up to three vectors (an obb's third is its 9 axis numbers), a scalar, or a
 * point list (mesh vertices or convex points, float or double) with a mesh's triangles */
typedef struct hlc_shape {
    enum hlc_kind kind;
    const double* v[3];
    double s;
    const void* points; /* count * 3 numbers, floats when is_float */
    size_t count;
    int is_float;
    const unsigned int* triangles;
    size_t triangle_count;
} hlc_shape;

/* the engine's answer: NaN, NULL and HITLAB_CAPTURE_ABSENT (triangle: negative) are left out */
typedef struct hlc_answer {
    int hit, front;
    double t_enter, t_exit, u, v, depth, distance;
    const double* normal;
    long long triangle;
} hlc_answer;

static double hlc_point_value(const hlc_shape* shape, size_t i)
{
    return shape->is_float ? (double)((const float*)shape->points)[i] : ((const double*)shape->points)[i];
}

/* a plane's and a sphere's scalar; a mesh's and a convex shape's point list */
HLC_HOT int hlc_kind_has_scalar(enum hlc_kind kind) { return kind == HLC_PLANE || kind == HLC_SPHERE; }

HLC_HOT int hlc_kind_is_list(enum hlc_kind kind) { return kind == HLC_MESH || kind == HLC_CONVEX; }

/* the numbers of a shape's vector v[i] (by kind): 3, an obb's 9 axis numbers, or 0 (none). A switch,
 * not a table: with the kind a constant in a family function, it folds to the copies themselves */
HLC_HOT size_t hlc_vector_length(enum hlc_kind kind, int i)
{
    switch (kind) {
    case HLC_RAY:
    case HLC_SEGMENT:
    case HLC_AABB:
        return i < 2 ? 3u : 0u;
    case HLC_PLANE:
    case HLC_SPHERE:
    case HLC_POINT:
        return i < 1 ? 3u : 0u;
    case HLC_OBB:
        return i < 2 ? 3u : 9u;
    case HLC_TRIANGLE:
        return 3u;
    default:
        return 0u;
    }
}

/* the largest of m and the magnitudes' bit patterns of n numbers: a NaN's and an infinity's lie
 * above every finite number's, and the order of finite magnitudes is their bits' order */
HLC_HOT uint64_t hlc_magnitude_bits(const double* v, size_t n, uint64_t m)
{
    for (size_t i = 0; i < n; ++i) {
        uint64_t bits;
        memcpy(&bits, v + i, sizeof bits);
        bits &= 0x7fffffffffffffffull;
        m = bits > m ? bits : m;
    }
    return m;
}

/* the magnitude bits a number of a line must stay below: infinity's in double; in float, those of
 * float's overflow threshold 3.4028235677973366e38 (eval rejects a float line's number that rounds
 * to infinity in float) */
HLC_HOT uint64_t hlc_limit_bits(int is_float_line)
{
    return is_float_line ? 0x47effffff0000000ull : 0x7ff0000000000000ull;
}

/* 1 when every input number can be written and read back in the line's precision */
HLC_HOT int hlc_numbers_ok(const double* v, size_t n, int is_float_line)
{
    return hlc_magnitude_bits(v, n, 0) < hlc_limit_bits(is_float_line);
}

/* the largest of m and the magnitudes' bits of a vector of 3 numbers (n 3); present cleared when it
 * is NULL. Vectors of other lengths are not taken (n 0: none; 9: an obb's axes, below). */
HLC_HOT uint64_t hlc_vector_bits(const double* v, size_t n, uint64_t m, int* present)
{
    if (n != 3) {
        return m;
    }
    *present &= v != NULL;
    return v != NULL ? hlc_magnitude_bits(v, 3, m) : m;
}

#if HLC_SSE2
/* the magnitudes of two numbers (their sign bits cleared) */
HLC_HOT __m128d hlc_magnitude_pd(__m128d x)
{
    return _mm_and_pd(x, _mm_castsi128_pd(_mm_set1_epi64x(0x7fffffffffffffffll)));
}

/* ok with the lanes cleared where a number at v (3 of them when n is 3; none when n is 0 or 9) has a
 * magnitude not below limit (NaN compares false): the test of hlc_magnitude_bits, since magnitudes
 * order as their bits; present cleared when v is NULL */
HLC_HOT __m128d hlc_below3(const double* v, size_t n, __m128d limit, __m128d ok, int* present)
{
    if (n != 3) {
        return ok;
    }
    *present &= v != NULL;
    if (v == NULL) {
        return ok;
    }
    const __m128d low = hlc_magnitude_pd(_mm_loadu_pd(v)), high = hlc_magnitude_pd(_mm_load_sd(v + 2));
    return _mm_and_pd(ok, _mm_and_pd(_mm_cmplt_pd(low, limit), _mm_cmplt_pd(high, limit)));
}

/* 1 when the scalar (if the kind has one) and the vectors of 3 are present and below the line's
 * limit: two numbers an instruction, one branch */
HLC_HOT int hlc_vectors_ok(const hlc_shape* shape, int is_float_line)
{
    const uint64_t limit_bits = hlc_limit_bits(is_float_line);
    double limit_value;
    memcpy(&limit_value, &limit_bits, 8u);
    const __m128d limit = _mm_set1_pd(limit_value);
    __m128d ok = _mm_castsi128_pd(_mm_set1_epi32(-1));
    if (hlc_kind_has_scalar(shape->kind)) {
        ok = _mm_cmplt_pd(hlc_magnitude_pd(_mm_set1_pd(shape->s)), limit);
    }
    int present = 1;
    ok = hlc_below3(shape->v[0], hlc_vector_length(shape->kind, 0), limit, ok, &present);
    ok = hlc_below3(shape->v[1], hlc_vector_length(shape->kind, 1), limit, ok, &present);
    ok = hlc_below3(shape->v[2], hlc_vector_length(shape->kind, 2), limit, ok, &present);
    return present & (_mm_movemask_pd(ok) == 3);
}
#else
HLC_HOT int hlc_vectors_ok(const hlc_shape* shape, int is_float_line)
{
    /* one comparison of the largest magnitude (no branch per number) */
    uint64_t m = hlc_kind_has_scalar(shape->kind) ? hlc_magnitude_bits(&shape->s, 1, 0) : 0;
    int present = 1;
    m = hlc_vector_bits(shape->v[0], hlc_vector_length(shape->kind, 0), m, &present);
    m = hlc_vector_bits(shape->v[1], hlc_vector_length(shape->kind, 1), m, &present);
    m = hlc_vector_bits(shape->v[2], hlc_vector_length(shape->kind, 2), m, &present);
    return present & (m < hlc_limit_bits(is_float_line));
}
#endif

HLC_HOT int hlc_shape_ok(const hlc_shape* shape, int is_float_line)
{
    /* the vectors and the scalar; an obb's axes are unit vectors, checked as numbers of a double line */
    if (!hlc_vectors_ok(shape, is_float_line)) {
        return 0;
    }
    if (hlc_vector_length(shape->kind, 2) == 9 && (shape->v[2] == NULL || !hlc_numbers_ok(shape->v[2], 9, 0))) {
        return 0;
    }
    if (hlc_kind_is_list(shape->kind)) {
        if ((shape->points == NULL && shape->count > 0) ||
            (shape->kind == HLC_MESH && shape->triangles == NULL && shape->triangle_count > 0)) {
            return 0;
        }
        for (size_t i = 0; i < shape->count * 3; ++i) {
            const double x = hlc_point_value(shape, i);
            if (!hlc_numbers_ok(&x, 1, is_float_line)) {
                return 0;
            }
        }
    }
    /* a line over the protocol's limit could not be read back: an upper bound of its length */
    if (hlc_kind_is_list(shape->kind)) {
        const double bytes = 512.0 + 80.0 * (double)shape->count + 36.0 * (double)shape->triangle_count;
        if (bytes > (double)HLC_MAX_LINE) {
            return 0;
        }
    }
    return 1;
}

static void hlc_point_list(hitlab_capture* cap, const hlc_shape* shape)
{
    HLC_LIT(cap, "[");
    for (size_t i = 0; i < shape->count; ++i) {
        double p[3];
        p[0] = hlc_point_value(shape, 3 * i);
        p[1] = hlc_point_value(shape, 3 * i + 1);
        p[2] = hlc_point_value(shape, 3 * i + 2);
        if (i > 0) {
            HLC_LIT(cap, ",");
        }
        hlc_vec(cap, p);
    }
    HLC_LIT(cap, "]");
}

static void hlc_shape_json(hitlab_capture* cap, const hlc_shape* shape)
{
    switch (shape->kind) {
    case HLC_RAY:
        HLC_LIT(cap, "{\"type\":\"ray\",\"origin\":");
        hlc_vec(cap, shape->v[0]);
        HLC_LIT(cap, ",\"direction\":");
        hlc_vec(cap, shape->v[1]);
        break;
    case HLC_SEGMENT:
        HLC_LIT(cap, "{\"type\":\"segment\",\"start\":");
        hlc_vec(cap, shape->v[0]);
        HLC_LIT(cap, ",\"end\":");
        hlc_vec(cap, shape->v[1]);
        break;
    case HLC_PLANE:
        HLC_LIT(cap, "{\"type\":\"plane\",\"normal\":");
        hlc_vec(cap, shape->v[0]);
        HLC_LIT(cap, ",\"distance\":");
        hlc_num(cap, shape->s);
        break;
    case HLC_AABB:
        HLC_LIT(cap, "{\"type\":\"aabb\",\"min\":");
        hlc_vec(cap, shape->v[0]);
        HLC_LIT(cap, ",\"max\":");
        hlc_vec(cap, shape->v[1]);
        break;
    case HLC_SPHERE:
        HLC_LIT(cap, "{\"type\":\"sphere\",\"center\":");
        hlc_vec(cap, shape->v[0]);
        HLC_LIT(cap, ",\"radius\":");
        hlc_num(cap, shape->s);
        break;
    case HLC_OBB:
        HLC_LIT(cap, "{\"type\":\"obb\",\"center\":");
        hlc_vec(cap, shape->v[0]);
        HLC_LIT(cap, ",\"half_extents\":");
        hlc_vec(cap, shape->v[1]);
        HLC_LIT(cap, ",\"axes\":[");
        hlc_vec(cap, shape->v[2]);
        HLC_LIT(cap, ",");
        hlc_vec(cap, shape->v[2] + 3);
        HLC_LIT(cap, ",");
        hlc_vec(cap, shape->v[2] + 6);
        HLC_LIT(cap, "]");
        break;
    case HLC_POINT:
        HLC_LIT(cap, "{\"type\":\"point\",\"position\":");
        hlc_vec(cap, shape->v[0]);
        break;
    case HLC_TRIANGLE:
        HLC_LIT(cap, "{\"type\":\"triangle\",\"vertices\":[");
        hlc_vec(cap, shape->v[0]);
        HLC_LIT(cap, ",");
        hlc_vec(cap, shape->v[1]);
        HLC_LIT(cap, ",");
        hlc_vec(cap, shape->v[2]);
        HLC_LIT(cap, "]");
        break;
    case HLC_MESH:
        HLC_LIT(cap, "{\"type\":\"mesh\",\"vertices\":");
        hlc_point_list(cap, shape);
        HLC_LIT(cap, ",\"triangles\":[");
        for (size_t i = 0; i < shape->triangle_count; ++i) {
            if (i > 0) {
                HLC_LIT(cap, ",");
            }
            HLC_LIT(cap, "[");
            hlc_unsigned(cap, shape->triangles[3 * i]);
            HLC_LIT(cap, ",");
            hlc_unsigned(cap, shape->triangles[3 * i + 1]);
            HLC_LIT(cap, ",");
            hlc_unsigned(cap, shape->triangles[3 * i + 2]);
            HLC_LIT(cap, "]");
        }
        HLC_LIT(cap, "]");
        break;
    case HLC_CONVEX:
        HLC_LIT(cap, "{\"type\":\"convex\",\"points\":");
        hlc_point_list(cap, shape);
        break;
    }
    HLC_LIT(cap, "}");
}

static void hlc_answer_json(hitlab_capture* cap, const hlc_answer* a, int cast)
{
    if (a->hit) {
        HLC_LIT(cap, ",\"answer\":{\"hit\":true");
    } else {
        HLC_LIT(cap, ",\"answer\":{\"hit\":false");
    }
    if (cast) {
        if (!hlc_is_nan(a->t_enter)) {
            HLC_LIT(cap, ",\"t_enter\":");
            hlc_answer_num(cap, a->t_enter);
        }
        if (!hlc_is_nan(a->t_exit)) {
            HLC_LIT(cap, ",\"t_exit\":");
            hlc_answer_num(cap, a->t_exit);
        }
        if (!hlc_is_nan(a->u)) {
            HLC_LIT(cap, ",\"u\":");
            hlc_answer_num(cap, a->u);
        }
        if (!hlc_is_nan(a->v)) {
            HLC_LIT(cap, ",\"v\":");
            hlc_answer_num(cap, a->v);
        }
        if (a->front == HITLAB_CAPTURE_FRONT_NULL) {
            HLC_LIT(cap, ",\"front\":null");
        } else if (a->front == 0) {
            HLC_LIT(cap, ",\"front\":false");
        } else if (a->front > 0) {
            HLC_LIT(cap, ",\"front\":true");
        }
        if (a->triangle >= 0) {
            HLC_LIT(cap, ",\"triangle\":");
            hlc_unsigned(cap, (unsigned long long)a->triangle);
        }
    } else {
        if (!hlc_is_nan(a->depth)) {
            HLC_LIT(cap, ",\"depth\":");
            hlc_answer_num(cap, a->depth);
        }
        if (a->normal != NULL && !hlc_is_nan(a->normal[0]) && !hlc_is_nan(a->normal[1]) && !hlc_is_nan(a->normal[2])) {
            HLC_LIT(cap, ",\"normal\":[");
            hlc_answer_num(cap, a->normal[0]);
            HLC_LIT(cap, ",");
            hlc_answer_num(cap, a->normal[1]);
            HLC_LIT(cap, ",");
            hlc_answer_num(cap, a->normal[2]);
            HLC_LIT(cap, "]");
        }
        if (!hlc_is_nan(a->distance)) {
            HLC_LIT(cap, ",\"distance\":");
            hlc_answer_num(cap, a->distance);
        }
    }
    HLC_LIT(cap, "}");
}

/* One line: {"query": family, "precision": ..., "a": ..., "b": ..., "answer": ..., "frame", "time",
 * "where"}, whole, into cap's buffer (the shapes checked; the caller holds the lock or is the writer) */
static void hlc_line(hitlab_capture* cap, const char* family, size_t family_length, int is_float, const hlc_shape* a,
                     const hlc_shape* b, const hlc_answer* answer, int cast, const char* where)
{
    if (cap->ring != 0) {
        if (cap->ring_count == cap->ring) { /* forget the oldest */
            cap->ring_first = cap->ring_first + 1 == cap->ring ? 0 : cap->ring_first + 1;
            --cap->ring_count;
        }
        cap->line_start = cap->len;
    }
    HLC_LIT(cap, "{\"query\":\"");
    hlc_put(cap, family, family_length);
    if (is_float) {
        HLC_LIT(cap, "\",\"precision\":\"float\",\"a\":");
    } else {
        HLC_LIT(cap, "\",\"precision\":\"double\",\"a\":");
    }
    hlc_shape_json(cap, a);
    HLC_LIT(cap, ",\"b\":");
    hlc_shape_json(cap, b);
    hlc_answer_json(cap, answer, cast);
    if (cap->has_frame) {
        HLC_LIT(cap, ",\"frame\":");
        if (cap->frame < 0) {
            HLC_LIT(cap, "-");
        }
        hlc_unsigned(cap, cap->frame < 0 ? 0ull - (unsigned long long)cap->frame : (unsigned long long)cap->frame);
    }
    if (cap->has_time) {
        HLC_LIT(cap, ",\"time\":");
        hlc_num(cap, cap->time);
    }
    if (where != NULL) {
        HLC_LIT(cap, ",\"where\":");
        hlc_string(cap, where);
    }
    HLC_LIT(cap, "}\n");
    if (!cap->failed) {
        ++cap->recorded;
        if (cap->ring != 0) {
            size_t slot = cap->ring_first + cap->ring_count;
            slot = slot >= cap->ring ? slot - cap->ring : slot;
            cap->ring_pos[slot] = cap->base_pos + cap->line_start;
            ++cap->ring_count;
        }
    } else if (cap->ring != 0) {
        cap->len = cap->line_start; /* a line cut short is not kept */
    }
}

/* ---- binary records: the queue's, and a synchronous capture's scratch ---- */

/* One queued query, small because the engine's thread writes every byte and the writer's reads pull
 * each line across cores: this header, then the 8-byte words its flags ask for (frame, time,
 * triangle), the two answer numbers (a cast's t_enter and t_exit, an overlap's depth and distance),
 * a cast's u and v (HLC_REC_UV), each shape's scalar (plane, sphere) or list sizes (mesh, convex),
 * the shapes' numbers, the normal and the call site, each part padded to 8 bytes; shape a and the
 * call site are left out when they repeat the lane's (HLC_A_SAME, where_slot). 16 bytes with 32-bit
 * pointers too. size 0 marks the unused end of a lane: the next record is at its start. */
typedef struct hlc_rec {
    uint32_t size;               /* bytes of the record with its numbers, a multiple of 8 */
    uint16_t where_length;       /* bytes of the call site with its NUL, 0: none */
    unsigned char family, flags; /* hlc_family_names[family] */
    signed char front;
    unsigned char kind_a, kind_b, shape_bits; /* HLC_A_FLOAT, HLC_B_FLOAT, HLC_A_SAME */
    uint32_t where_slot; /* 0, or k + 1: the call site is the lane's slot k (defined when the record has it) */
} hlc_rec;

/* a record's shape_bits: a's or b's point list in float; a left out, the same as the lane's last a */
enum { HLC_A_FLOAT = 1, HLC_B_FLOAT = 2, HLC_A_SAME = 4 };

enum {
    HLC_REC_FLOAT = 1,
    HLC_REC_CAST = 2,
    HLC_REC_FRAME = 4,
    HLC_REC_TIME = 8,
    HLC_REC_NORMAL = 16,
    HLC_REC_HIT = 32,
    HLC_REC_UV = 64,
    HLC_REC_TRIANGLE = 128
};

HLC_HOT size_t hlc_pad8(size_t n) { return (n + 7u) & ~(size_t)7u; }

/* bytes of a shape's scalar or list sizes in a record (by kind) */
HLC_HOT size_t hlc_shape_extra_bytes(enum hlc_kind kind)
{
    return hlc_kind_has_scalar(kind) || hlc_kind_is_list(kind) ? 8u : 0u;
}

/* bytes of a shape's numbers in a record */
HLC_HOT size_t hlc_shape_bytes(const hlc_shape* s)
{
    size_t bytes = 8u * (hlc_vector_length(s->kind, 0) + hlc_vector_length(s->kind, 1) + hlc_vector_length(s->kind, 2));
    if (hlc_kind_is_list(s->kind)) {
        bytes += hlc_pad8(s->count * 3u * (s->is_float ? sizeof(float) : sizeof(double)));
    }
    if (s->kind == HLC_MESH) {
        bytes += hlc_pad8(s->triangle_count * 3u * sizeof(unsigned int));
    }
    return bytes;
}

/* copies a shape's scalar or list sizes to p; returns the end */
HLC_HOT unsigned char* hlc_shape_extra_put(unsigned char* p, const hlc_shape* s)
{
    if (hlc_kind_has_scalar(s->kind)) {
        memcpy(p, &s->s, 8u);
        p += 8u;
    } else if (hlc_kind_is_list(s->kind)) {
        const uint32_t sizes[2] = {(uint32_t)s->count, (uint32_t)s->triangle_count}; /* hlc_shape_ok */
        memcpy(p, sizes, 8u);
        p += 8u;
    }
    return p;
}

/* copies a vector of n numbers (0, 3 or 9) to p; returns the end. Constant lengths, each vector
 * by its own call (no loop over them): with the kind a constant, copied inline, not by a call. */
HLC_HOT unsigned char* hlc_vector_put(unsigned char* p, const double* v, size_t n)
{
    if (n == 3) {
        memcpy(p, v, 24u);
    } else if (n == 9) {
        memcpy(p, v, 72u);
    }
    return p + 8u * n;
}

/* copies a shape's numbers to p; returns the end */
HLC_HOT unsigned char* hlc_shape_put(unsigned char* p, const hlc_shape* s)
{
    p = hlc_vector_put(p, s->v[0], hlc_vector_length(s->kind, 0));
    p = hlc_vector_put(p, s->v[1], hlc_vector_length(s->kind, 1));
    p = hlc_vector_put(p, s->v[2], hlc_vector_length(s->kind, 2));
    if (hlc_kind_is_list(s->kind)) {
        const size_t bytes = s->count * 3u * (s->is_float ? sizeof(float) : sizeof(double));
        if (bytes > 0) {
            memcpy(p, s->points, bytes);
        }
        p += hlc_pad8(bytes);
    }
    if (s->kind == HLC_MESH) {
        const size_t bytes = s->triangle_count * 3u * sizeof(unsigned int);
        if (bytes > 0) {
            memcpy(p, s->triangles, bytes);
        }
        p += hlc_pad8(bytes);
    }
    return p;
}

/* a record's shape of kind: its scalar or list sizes at *extra (advanced past them), its numbers at
 * p; returns their end */
static const unsigned char* hlc_shape_get(const unsigned char* p, const unsigned char** extra, hlc_shape* s,
                                          unsigned char kind, int float_points)
{
    memset(s, 0, sizeof *s);
    s->kind = (enum hlc_kind)kind;
    s->is_float = float_points;
    if (hlc_kind_has_scalar(s->kind)) {
        memcpy(&s->s, *extra, 8u);
        *extra += 8u;
    } else if (hlc_kind_is_list(s->kind)) {
        uint32_t sizes[2];
        memcpy(sizes, *extra, 8u);
        *extra += 8u;
        s->count = sizes[0];
        s->triangle_count = sizes[1];
    }
    for (int i = 0; i < 3; ++i) {
        const size_t n = hlc_vector_length(s->kind, i);
        s->v[i] = n != 0 ? (const double*)(const void*)p : NULL;
        p += 8u * n;
    }
    if (hlc_kind_is_list(s->kind)) {
        s->points = p;
        p += hlc_pad8(s->count * 3u * (s->is_float ? sizeof(float) : sizeof(double)));
    }
    if (s->kind == HLC_MESH) {
        s->triangles = (const unsigned int*)(const void*)p;
        p += hlc_pad8(s->triangle_count * 3u * sizeof(unsigned int));
    }
    return p;
}

/* the next 8-byte word of a record as a double or a long long */
static double hlc_rec_double(const unsigned char** p)
{
    double x;
    memcpy(&x, *p, 8u);
    *p += 8u;
    return x;
}

static long long hlc_rec_long(const unsigned char** p)
{
    long long x;
    memcpy(&x, *p, 8u);
    *p += 8u;
    return x;
}

/* a record's shape a: read from the record and, without a point list, remembered in the lane; or,
 * when the record leaves it out, the one remembered. Returns the end of its numbers. */
static const unsigned char* hlc_take_shape(hlc_lane* lane, int same, const unsigned char* p,
                                           const unsigned char** extra, hlc_shape* s, unsigned char kind,
                                           int float_points)
{
    const size_t extra_bytes = hlc_shape_extra_bytes((enum hlc_kind)kind);
    unsigned char* seen = lane != NULL ? (unsigned char*)lane->seen : NULL;
    if (same) { /* never without a lane */
        const unsigned char* seen_extra = seen;
        hlc_shape_get(seen + extra_bytes, &seen_extra, s, kind, float_points);
        return p;
    }
    const unsigned char* own_extra = *extra;
    const unsigned char* end = hlc_shape_get(p, extra, s, kind, float_points);
    if (seen != NULL && !hlc_kind_is_list((enum hlc_kind)kind)) {
        memcpy(seen, own_extra, extra_bytes);
        memcpy(seen + extra_bytes, p, (size_t)(end - p));
    }
    return end;
}

/* formats a record into sink: the writer's, from a lane (whose last shape a it keeps), or one built
 * in a scratch buffer (lane NULL) with the call site given (where_given: where, not the record's).
 * What the record leaves out is read back as a value the line writer leaves out too (NaN u and v, a
 * negative triangle). */
static void hlc_write_record(hitlab_capture* sink, hlc_lane* lane, const hlc_rec* r, const char* where, int where_given)
{
    const unsigned char* w = (const unsigned char*)(r + 1);
    const int cast = (r->flags & HLC_REC_CAST) != 0;
    sink->has_frame = (r->flags & HLC_REC_FRAME) != 0;
    sink->frame = sink->has_frame ? hlc_rec_long(&w) : 0;
    sink->has_time = (r->flags & HLC_REC_TIME) != 0;
    sink->time = sink->has_time ? hlc_rec_double(&w) : 0.0;
    hlc_answer answer;
    memset(&answer, 0, sizeof answer);
    answer.hit = (r->flags & HLC_REC_HIT) != 0;
    answer.front = r->front;
    answer.triangle = (r->flags & HLC_REC_TRIANGLE) != 0 ? hlc_rec_long(&w) : -1; /* written when >= 0 */
    if (cast) {
        answer.t_enter = hlc_rec_double(&w);
        answer.t_exit = hlc_rec_double(&w);
        const int uv = (r->flags & HLC_REC_UV) != 0;
        answer.u = uv ? hlc_rec_double(&w) : hlc_nan();
        answer.v = uv ? hlc_rec_double(&w) : hlc_nan();
    } else {
        answer.depth = hlc_rec_double(&w);
        answer.distance = hlc_rec_double(&w);
    }
    hlc_shape a, b;
    const int same_a = (r->shape_bits & HLC_A_SAME) != 0;
    const unsigned char* extra = w;
    w += (same_a ? 0u : hlc_shape_extra_bytes((enum hlc_kind)r->kind_a)) +
         hlc_shape_extra_bytes((enum hlc_kind)r->kind_b);
    const unsigned char* p = hlc_take_shape(lane, same_a, w, &extra, &a, r->kind_a, (r->shape_bits & HLC_A_FLOAT) != 0);
    p = hlc_shape_get(p, &extra, &b, r->kind_b, (r->shape_bits & HLC_B_FLOAT) != 0);
    answer.normal = (r->flags & HLC_REC_NORMAL) != 0 ? (const double*)(const void*)p : NULL;
    p += (r->flags & HLC_REC_NORMAL) != 0 ? 24u : 0u;
    const char* site = r->where_length != 0 ? (const char*)p : NULL;
    if (r->where_slot != 0 && lane != NULL) { /* the lane's slot: defined here, or named */
        char* known = lane->seen_where[r->where_slot - 1u];
        if (site != NULL) {
            memcpy(known, site, r->where_length);
        }
        site = known;
    }
    const char* family = hlc_family_names[r->family];
    hlc_line(sink, family, strlen(family), r->flags & HLC_REC_FLOAT, &a, &b, &answer, cast, where_given ? where : site);
}

/* the bits in which the 3 numbers at q and at v differ (0: the same, bit for bit) */
/* the bits in which the 8 bytes at q and at v differ */
HLC_HOT uint64_t hlc_diff1(const unsigned char* q, const unsigned char* v)
{
    uint64_t x, y;
    memcpy(&x, q, 8u);
    memcpy(&y, v, 8u);
    return x ^ y;
}

HLC_HOT uint64_t hlc_diff3(const unsigned char* q, const void* v)
{
    /* word by word: copied as one 24-byte block, GCC went through the stack (a 16-byte store read
     * back in halves, which store forwarding does not serve) */
    const unsigned char* w = (const unsigned char*)v;
    return hlc_diff1(q, w) | hlc_diff1(q + 8, w + 8) | hlc_diff1(q + 16, w + 16);
}

/* the same for a vector of n numbers (0, 3 or 9) */
HLC_HOT uint64_t hlc_vector_diff(const unsigned char* q, const double* v, size_t n)
{
    if (n == 3) {
        return hlc_diff3(q, v);
    }
    if (n == 9) {
        return hlc_diff3(q, v) | hlc_diff3(q + 24, v + 3) | hlc_diff3(q + 48, v + 6);
    }
    return 0;
}

/* the lane's last_kind of shape s in a line of that precision */
HLC_HOT unsigned char hlc_last_kind(const hlc_shape* s, int is_float)
{
    return (unsigned char)((unsigned)(s->kind + 1) | (is_float ? 0x80u : 0u));
}

#if HLC_SSE2
/* diff or the bits in which the 3 numbers at q and at v differ (n 3; 9: three times 3; 0: none) */
HLC_HOT __m128i hlc_vector_diff_sse2(const unsigned char* q, const double* v, size_t n, __m128i diff)
{
    for (size_t i = 0; i < n; i += 3u) { /* n is a constant: unrolled */
        const __m128i low = _mm_xor_si128(_mm_loadu_si128((const __m128i*)(const void*)(q + 8u * i)),
                                          _mm_loadu_si128((const __m128i*)(const void*)(v + i)));
        const __m128i high = _mm_xor_si128(_mm_loadl_epi64((const __m128i*)(const void*)(q + 8u * i + 16u)),
                                           _mm_loadl_epi64((const __m128i*)(const void*)(v + i + 2)));
        diff = _mm_or_si128(diff, _mm_or_si128(low, high));
    }
    return diff;
}
#endif

/* 1 when shape s is the lane's last shape a, bit for bit and in a line of the same precision (so
 * checked already); never for a point list */
HLC_HOT int hlc_same_shape(const hlc_lane* lane, const hlc_shape* s, int is_float)
{
    if (hlc_kind_is_list(s->kind) || lane->last_kind != hlc_last_kind(s, is_float)) {
        return 0;
    }
    const unsigned char* q = (const unsigned char*)lane->last;
    const size_t n0 = hlc_vector_length(s->kind, 0), n1 = hlc_vector_length(s->kind, 1);
    const size_t n2 = hlc_vector_length(s->kind, 2);
#if HLC_SSE2
    __m128i diff = _mm_setzero_si128();
    if (hlc_kind_has_scalar(s->kind)) {
        diff = _mm_xor_si128(_mm_loadl_epi64((const __m128i*)(const void*)q),
                             _mm_loadl_epi64((const __m128i*)(const void*)&s->s));
        q += 8u;
    }
    diff = hlc_vector_diff_sse2(q, s->v[0], n0, diff);
    diff = hlc_vector_diff_sse2(q + 8u * n0, s->v[1], n1, diff);
    diff = hlc_vector_diff_sse2(q + 8u * (n0 + n1), s->v[2], n2, diff);
    return _mm_movemask_epi8(_mm_cmpeq_epi8(diff, _mm_setzero_si128())) == 0xffff;
#else
    uint64_t diff = 0;
    if (hlc_kind_has_scalar(s->kind)) {
        diff = hlc_diff1(q, (const unsigned char*)&s->s);
        q += 8u;
    }
    diff |= hlc_vector_diff(q, s->v[0], n0);
    diff |= hlc_vector_diff(q + 8u * n0, s->v[1], n1);
    diff |= hlc_vector_diff(q + 8u * (n0 + n1), s->v[2], n2);
    return diff == 0;
#endif
}

/* shape a s, put in whole, is now the lane's last one (a point list is not remembered) */
HLC_HOT void hlc_remember_shape(hlc_lane* lane, const hlc_shape* s, int is_float)
{
    if (hlc_kind_is_list(s->kind)) {
        lane->last_kind = 0;
        return;
    }
    unsigned char* q = (unsigned char*)lane->last;
    if (hlc_kind_has_scalar(s->kind)) {
        memcpy(q, &s->s, 8u);
        q += 8u;
    }
    q = hlc_vector_put(q, s->v[0], hlc_vector_length(s->kind, 0));
    q = hlc_vector_put(q, s->v[1], hlc_vector_length(s->kind, 1));
    hlc_vector_put(q, s->v[2], hlc_vector_length(s->kind, 2));
    lane->last_kind = hlc_last_kind(s, is_float);
}

/* copies n bytes of text and a NUL: 8 bytes at a time, the last 8 (or 4) overlapping (a call site
 * is short) */
HLC_HOT void hlc_copy_text(char* out, const char* text, size_t n)
{
    if (n >= 8u) {
        for (size_t i = 0; i + 8u <= n; i += 8u) {
            memcpy(out + i, text + i, 8u);
        }
        memcpy(out + n - 8u, text + n - 8u, 8u);
    } else if (n >= 4u) {
        memcpy(out, text, 4u);
        memcpy(out + n - 4u, text + n - 4u, 4u);
    } else {
        for (size_t i = 0; i < n; ++i) {
            out[i] = text[i];
        }
    }
    out[n] = 0;
}

/* 1 when the n bytes at known and at text are the same (read as copied: in words, none past n) */
HLC_HOT int hlc_same_text(const char* known, const char* text, size_t n)
{
    uint64_t diff = 0;
    if (n >= 8u) {
        for (size_t i = 0; i + 8u <= n; i += 8u) {
            diff |= hlc_diff1((const unsigned char*)known + i, (const unsigned char*)text + i);
        }
        diff |= hlc_diff1((const unsigned char*)known + n - 8u, (const unsigned char*)text + n - 8u);
    } else {
        for (size_t i = 0; i < n; ++i) {
            diff |= (uint64_t)(unsigned char)(known[i] ^ text[i]);
        }
    }
    return diff == 0;
}

/* a call site's slot in a lane, by its pointer */
HLC_HOT unsigned hlc_where_slot(const char* where)
{
    const uintptr_t bits = (uintptr_t)where;
    return (unsigned)((bits ^ (bits >> 4) ^ (bits >> 9)) & (HLC_WHERE_SLOTS - 1u));
}

/* what a query's record holds, and its bytes */
typedef struct hlc_plan {
    size_t need, where_length;
    int has_frame, has_time, has_normal, has_triangle, has_uv, same_a, where_slot;
} hlc_plan;

/* the plan of a query's record: same_a shape a left out (the lane's last); where_length the call
 * site's bytes copied with its NUL (0: none), where_slot its slot (0: none) */
HLC_HOT hlc_plan hlc_plan_record(const hitlab_capture* cap, int same_a, const hlc_shape* a, const hlc_shape* b,
                                 const hlc_answer* answer, int cast, size_t where_length, int where_slot)
{
    hlc_plan plan;
    plan.where_length = where_length;
    plan.where_slot = where_slot;
    plan.has_frame = hlc_load_flag(&cap->has_frame);
    plan.has_time = hlc_load_flag(&cap->has_time);
    plan.has_normal = !cast && answer->normal != NULL;
    plan.has_triangle = cast && answer->triangle >= 0; /* what hlc_answer_json writes */
    plan.has_uv = cast && !(answer->u != answer->u && answer->v != answer->v);
    plan.same_a = same_a;
    const size_t words =
        (size_t)plan.has_frame + (size_t)plan.has_time + (size_t)plan.has_triangle + 2u + 2u * (size_t)plan.has_uv;
    plan.need =
        sizeof(hlc_rec) + 8u * words + (plan.same_a ? 0u : hlc_shape_extra_bytes(a->kind) + hlc_shape_bytes(a)) +
        hlc_shape_extra_bytes(b->kind) + hlc_shape_bytes(b) + (plan.has_normal ? 24u : 0u) + hlc_pad8(where_length);
    return plan;
}

/* writes the query's record at r as planned; the shapes put in whole become lane's last ones */
HLC_HOT void hlc_put_record(hlc_rec* r, const hlc_plan* plan, const hitlab_capture* cap, hlc_lane* lane, int family,
                            int is_float, const hlc_shape* a, const hlc_shape* b, const hlc_answer* answer, int cast,
                            const char* where)
{
    r->size = (uint32_t)plan->need;
    r->where_length = (uint16_t)plan->where_length;
    r->family = (unsigned char)family;
    r->flags = (unsigned char)((is_float ? HLC_REC_FLOAT : 0) | (cast ? HLC_REC_CAST : 0) |
                               (plan->has_frame ? HLC_REC_FRAME : 0) | (plan->has_time ? HLC_REC_TIME : 0) |
                               (plan->has_normal ? HLC_REC_NORMAL : 0) | (answer->hit ? HLC_REC_HIT : 0) |
                               (plan->has_uv ? HLC_REC_UV : 0) | (plan->has_triangle ? HLC_REC_TRIANGLE : 0));
    r->front = (signed char)(answer->front < -2 ? -2 : answer->front > 1 ? 1 : answer->front);
    r->kind_a = (unsigned char)a->kind;
    r->kind_b = (unsigned char)b->kind;
    r->shape_bits = (unsigned char)((a->is_float ? HLC_A_FLOAT : 0) | (b->is_float ? HLC_B_FLOAT : 0) |
                                    (plan->same_a ? HLC_A_SAME : 0));
    r->where_slot = (uint32_t)plan->where_slot;
    unsigned char* p = (unsigned char*)(r + 1);
    if (plan->has_frame) {
        const unsigned long long frame = hlc_load(&cap->frame_word);
        memcpy(p, &frame, 8u);
        p += 8u;
    }
    if (plan->has_time) {
        const unsigned long long time = hlc_load(&cap->time_word);
        memcpy(p, &time, 8u);
        p += 8u;
    }
    if (plan->has_triangle) {
        memcpy(p, &answer->triangle, 8u);
        p += 8u;
    }
    memcpy(p, cast ? &answer->t_enter : &answer->depth, 8u);
    memcpy(p + 8u, cast ? &answer->t_exit : &answer->distance, 8u);
    p += 16u;
    if (plan->has_uv) {
        memcpy(p, &answer->u, 8u);
        memcpy(p + 8u, &answer->v, 8u);
        p += 16u;
    }
    p = plan->same_a ? p : hlc_shape_extra_put(p, a);
    p = hlc_shape_extra_put(p, b);
    if (!plan->same_a) {
        p = hlc_shape_put(p, a);
        if (lane != NULL) {
            hlc_remember_shape(lane, a, is_float);
        }
    }
    p = hlc_shape_put(p, b);
    if (plan->has_normal) {
        memcpy(p, answer->normal, 24u);
        p += 24u;
    }
    if (plan->where_length != 0) {
        hlc_copy_text((char*)p, where, plan->where_length - 1u);
    }
}

/* the scratch buffer holds n bytes at least (lock held); 0 when no memory could be had: the
 * capture stops */
HLC_COLD int hlc_grow_scratch(hitlab_capture* cap, size_t n)
{
    size_t size = cap->scratch_size < 1024u ? 1024u : cap->scratch_size;
    while (size < n) {
        size *= 2u;
    }
    unsigned char* grown = (unsigned char*)realloc(cap->scratch, size);
    if (grown == NULL) {
        hlc_store_flag(&cap->failed, 1);
        return 0;
    }
    cap->scratch = grown;
    cap->scratch_size = size;
    return 1;
}

/* a query formatted now into target (lock held): its record built in cap's scratch buffer and
 * written as the writer writes a queued one, with the whole call site. Inlined: the family
 * functions' shapes and answer are never given by address to a function that is not, so on the
 * writer-thread path they stay in registers (no stores to the stack for them). */
HLC_HOT void hlc_format_now(hitlab_capture* cap, hitlab_capture* target, int family, int is_float, const hlc_shape* a,
                            const hlc_shape* b, const hlc_answer* answer, int cast, const char* where)
{
    const hlc_plan plan = hlc_plan_record(cap, 0, a, b, answer, cast, 0, 0);
    if (plan.need > cap->scratch_size && !hlc_grow_scratch(cap, plan.need)) {
        return;
    }
    hlc_rec* r = (hlc_rec*)(void*)cap->scratch;
    hlc_put_record(r, &plan, cap, NULL, family, is_float, a, b, answer, cast, NULL);
    hlc_write_record(target, NULL, r, where, 1);
}

#if HLC_THREADS
/* ---- the writer thread's lanes ---- */

/* lock held: wakes the writer if it sleeps */
static void hlc_wake_locked(hitlab_capture* cap)
{
    if (cap->writer_sleeping) {
        cap->writer_sleeping = 0;
        hlc_cond_signal(&cap->work);
    }
}

/* lock held: 1 when a lane holds records the writer has not taken */
static int hlc_pending(const hitlab_capture* cap)
{
    for (const hlc_lane* lane = cap->lanes; lane != NULL; lane = lane->next) {
        if (hlc_load(&lane->head) != lane->tail) {
            return 1;
        }
    }
    return 0;
}

/* waits (lock held) until every lane is empty and the writer idle: what was recorded before is in
 * the sink, and the sink can be used here */
HLC_COLD void hlc_wait_drained(hitlab_capture* cap)
{
    ++cap->waiting;
    while (cap->writer_busy || hlc_pending(cap)) {
        hlc_wake_locked(cap);
        hlc_cond_wait(&cap->room, cap->lock);
    }
    --cap->waiting;
}

/* the writer stopped on a failed write: the capture stops too (lock held) */
static void hlc_take_sink_failure(hitlab_capture* cap)
{
    if (cap->sink->failed) {
        hlc_store_flag(&cap->failed, 1);
    }
}

/* a query formatted on the calling thread into the sink once the lanes are drained and the writer
 * idle, in its place in the order: a record larger than half a lane, or a thread without a lane
 * (no memory for one). The lock is taken here unless the caller holds it (the shared lane). */
HLC_HOT void hlc_write_direct(hitlab_capture* cap, const hlc_lane* lane, int family, int is_float, const hlc_shape* a,
                              const hlc_shape* b, const hlc_answer* answer, int cast, const char* where)
{
    const int locked = lane != NULL && lane->shared;
    if (!locked) {
        hlc_mutex_lock(cap->lock);
    }
    hlc_wait_drained(cap);
    hlc_take_sink_failure(cap);
    if (!cap->failed) {
        hlc_format_now(cap, cap->sink, family, is_float, a, b, answer, cast, where);
        hlc_take_sink_failure(cap);
        cap->recorded += cap->failed ? 0u : 1u;
    }
    if (!locked) {
        hlc_mutex_unlock(cap->lock);
    }
}

/* room for a record of need bytes past the lane's room_end (lane's producer only): the bytes to
 * skip first (when the record does not fit before the queue's end, it starts at the queue's start;
 * 0 otherwise), or (size_t)-1 when the query is dropped or the capture failed. A full lane waits (or
 * drops, HITLAB_CAPTURE_DROP) until the record fits, and then until half of the lane is free, so that
 * the waits are few. room_end is then set anew. */
HLC_OUTLINE size_t hlc_room(hitlab_capture* cap, hlc_lane* lane, size_t need)
{
    const unsigned long long head = lane->head;
    const size_t pos = (size_t)head & (lane->size - 1u);
    const size_t skip = lane->size - pos < need ? lane->size - pos : 0;
    lane->seen_tail = hlc_load(&lane->tail);
    if (lane->size - (size_t)(head - lane->seen_tail) < skip + need) {
        if (cap->drop) {
            hlc_store(&lane->counts[HLC_DROPPED], lane->counts[HLC_DROPPED] + 1u);
            return (size_t)-1;
        }
        if (!lane->shared) {
            hlc_mutex_lock(cap->lock);
        }
        hlc_store(&lane->counts[HLC_WAITS], lane->counts[HLC_WAITS] + 1u);
        lane->want = lane->size / 2 > skip + need ? lane->size / 2 : skip + need;
        ++cap->waiting;
        while (!cap->failed && lane->size - (size_t)(head - lane->tail) < lane->want) {
            hlc_wake_locked(cap);
            hlc_cond_wait(&cap->room, cap->lock);
        }
        --cap->waiting;
        lane->want = 0;
        lane->seen_tail = lane->tail;
        const int failed = cap->failed;
        if (!lane->shared) {
            hlc_mutex_unlock(cap->lock);
        }
        if (failed) {
            return (size_t)-1;
        }
    }
    const unsigned long long start = head + skip, queue_end = start - (start & (lane->size - 1u)) + lane->size;
    lane->room_end = lane->seen_tail + lane->size < queue_end ? lane->seen_tail + lane->size : queue_end;
    return skip;
}

/* a new lane's queue, allocated and its pages touched on the writer thread: their page faults are
 * the writer's cost, not the engine's */
static hlc_lane* hlc_new_lane(size_t size)
{
    hlc_lane* lane = (hlc_lane*)calloc(1, sizeof(hlc_lane));
    unsigned char* queue = lane != NULL ? (unsigned char*)malloc(size) : NULL;
    if (queue == NULL) {
        free(lane);
        return NULL;
    }
    for (size_t i = 0; i < size; i += 4096u) { /* not memset: malloc and memset may become a calloc */
        ((volatile unsigned char*)queue)[i] = 0;
    }
    lane->queue = queue;
    lane->size = size;
    lane->room_end = size;
    return lane;
}

static void hlc_free_lanes(hlc_lane* lane)
{
    while (lane != NULL) {
        hlc_lane* next = lane->next;
        free(lane->queue);
        free(lane);
        lane = next;
    }
}

/* the calling thread's lane of cap when it is not the one remembered first: another it remembers,
 * its own that it no longer remembers, a new one (the writer's spare, made ready at open and on
 * demand), or, past HITLAB_CAPTURE_LANES threads, the shared lane; NULL when no memory could be had */
HLC_COLD hlc_lane* hlc_claim_lane(hitlab_capture* cap)
{
    hlc_lane_ref* refs = hlc_lane_refs;
    for (int i = 1; i < HLC_LANE_REFS; ++i) {
        if (refs[i].cap == cap && refs[i].id == cap->id) {
            const hlc_lane_ref found = refs[i];
            refs[i] = refs[0];
            refs[0] = found;
            return found.lane;
        }
    }
    hlc_mutex_lock(cap->lock);
    hlc_lane* lane = NULL;
    for (hlc_lane* own = cap->lanes; own != NULL && lane == NULL; own = own->next) {
        /* this thread's, forgotten by its list (it used more captures since): its lines stay in one
         * lane, in their order. A thread that has ended leaves its address to a new one, which then
         * continues that lane after the ended thread's records. */
        lane = !own->shared && own->owner == (const void*)refs ? own : NULL;
    }
    lane = lane != NULL ? lane : cap->shared;
    while (lane == NULL && !cap->spare_failed && !cap->stopping) {
        if (cap->spare != NULL) {
            lane = cap->spare;
            cap->spare = NULL;
            lane->next = cap->lanes;
            lane->owner = refs;
            lane->shared = ++cap->lane_count > (size_t)HITLAB_CAPTURE_LANES;
            cap->shared = lane->shared ? lane : NULL;
            cap->lanes = lane;
            break;
        }
        cap->want_spare = 1;
        ++cap->waiting;
        hlc_wake_locked(cap);
        hlc_cond_wait(&cap->room, cap->lock);
        --cap->waiting;
    }
    hlc_mutex_unlock(cap->lock);
    if (lane != NULL) {
        for (int i = HLC_LANE_REFS - 1; i > 0; --i) {
            refs[i] = refs[i - 1];
        }
        refs[0].cap = cap;
        refs[0].id = cap->id;
        refs[0].lane = lane;
    }
    return lane;
}

/* a skipped query, counted (a threaded capture's calls take the lock only for this) */
HLC_COLD void hlc_count_skipped(hitlab_capture* cap)
{
    hlc_mutex_lock(cap->lock);
    ++cap->skipped;
    hlc_mutex_unlock(cap->lock);
}

/* a lane passed a multiple of HITLAB_CAPTURE_WAKE_BYTES: a sleeping writer is woken */
HLC_COLD void hlc_wake_writer(hitlab_capture* cap)
{
    hlc_mutex_lock(cap->lock);
    hlc_wake_locked(cap);
    hlc_mutex_unlock(cap->lock);
}

/* copies the query into the lane as a record, the lane's producer only (its thread, or the lock
 * held for the shared lane): no lock and no atomic read-modify-write; head is stored with release
 * once the record is complete, and the writer reads up to it */
HLC_HOT void hlc_enqueue(hitlab_capture* cap, hlc_lane* lane, int same_a, int family, int is_float, const hlc_shape* a,
                         const hlc_shape* b, const hlc_answer* answer, int cast, const char* where)
{
    size_t where_length = 0, length = 0;
    int where_slot = 0, where_known = 0;
    if (where != NULL) {
        length = strlen(where);
        where_length = length + 1u; /* with the NUL */
        if (length < HLC_WHERE_TEXT) {
            const unsigned k = hlc_where_slot(where);
            where_slot = (int)k + 1;
            where_known = lane->where_ptr[k] == where && lane->where_len[k] == length &&
                          hlc_same_text(lane->where_text[k], where, length);
            where_length = where_known ? 0u : where_length;
        } else if (length > HITLAB_CAPTURE_WHERE_MAX) {
            where_length = HITLAB_CAPTURE_WHERE_MAX + 1u;
            hlc_store(&lane->counts[HLC_TRUNCATED], lane->counts[HLC_TRUNCATED] + 1u);
        }
    }
    const hlc_plan plan = hlc_plan_record(cap, same_a, a, b, answer, cast, where_length, where_slot);
    const size_t need = plan.need;
    if (HLC_UNLIKELY(need > lane->size / 2)) {
        hlc_write_direct(cap, lane, family, is_float, a, b, answer, cast, where);
        return;
    }
    const unsigned long long head = lane->head;
    size_t skip = 0;
    if (HLC_UNLIKELY(head + need > lane->room_end)) {
        skip = hlc_room(cap, lane, need);
        if (skip == (size_t)-1) {
            return;
        }
        if (skip != 0) {
            ((hlc_rec*)(void*)(lane->queue + ((size_t)head & (lane->size - 1u))))->size = 0;
        }
    }
    const size_t pos = (size_t)(head + skip) & (lane->size - 1u);
    hlc_put_record((hlc_rec*)(void*)(lane->queue + pos), &plan, cap, lane, family, is_float, a, b, answer, cast, where);
    if (where_slot != 0 && !where_known) { /* the slot now holds this call site */
        const unsigned k = (unsigned)where_slot - 1u;
        lane->where_ptr[k] = where;
        lane->where_len[k] = length;
        hlc_copy_text(lane->where_text[k], where, length);
    }
    const unsigned long long next = head + skip + need;
    hlc_store(&lane->head, next);
    hlc_store(&lane->counts[HLC_RECORDED], lane->counts[HLC_RECORDED] + 1u);
    if (head / HITLAB_CAPTURE_WAKE_BYTES != next / HITLAB_CAPTURE_WAKE_BYTES) {
        hlc_wake_writer(cap);
    }
}

/* a query of a writer-thread capture (inlined into each family function): the calling thread's
 * lane is found in its thread-local list (a pointer and an id compared), and the record put in
 * without a lock; the lock is taken for a skipped query, a new thread's first query and the shared
 * lane */
HLC_HOT void hlc_queue_record(hitlab_capture* cap, int family, int is_float, const hlc_shape* a, const hlc_shape* b,
                              const hlc_answer* answer, int cast, const char* where)
{
    if (hlc_load_flag(&cap->failed)) {
        return;
    }
    hlc_lane* lane = hlc_lane_refs[0].lane;
    if (hlc_lane_refs[0].cap != cap || hlc_lane_refs[0].id != cap->id) {
        lane = hlc_claim_lane(cap);
        if (lane == NULL) {
            if (hlc_shape_ok(a, is_float) & hlc_shape_ok(b, is_float)) {
                hlc_write_direct(cap, NULL, family, is_float, a, b, answer, cast, where);
            } else {
                hlc_count_skipped(cap);
            }
            return;
        }
    }
    if (lane->shared) {
        hlc_mutex_lock(cap->lock);
    }
    /* a shape a the same as the lane's last is checked already (and is left out of the record) */
    const int same_a = hlc_same_shape(lane, a, is_float);
    if ((same_a || hlc_shape_ok(a, is_float)) && hlc_shape_ok(b, is_float)) {
        hlc_enqueue(cap, lane, same_a, family, is_float, a, b, answer, cast, where);
    } else if (lane->shared) {
        ++cap->skipped;
    } else {
        hlc_count_skipped(cap);
    }
    if (lane->shared) {
        hlc_mutex_unlock(cap->lock);
    }
}

/* formats the records from tail on (up to end, and past limit only to finish one); returns the new
 * tail. It reads only the lane's queue and the sink: the capture's fields stay out of the writer's
 * cache while it formats. */
static unsigned long long hlc_write_records(hlc_lane* lane, hitlab_capture* sink, unsigned long long tail,
                                            unsigned long long end, unsigned long long limit)
{
    const unsigned char* queue = lane->queue;
    const size_t queue_size = lane->size;
    do {
        const size_t pos = (size_t)tail & (queue_size - 1u);
        const hlc_rec* r = (const hlc_rec*)(const void*)(queue + pos);
        if (r->size == 0) {
            tail += queue_size - pos;
        } else {
            if (!sink->failed) {
                hlc_write_record(sink, lane, r, NULL, 0);
            }
            tail += r->size;
        }
    } while (tail < end && tail < limit);
    return tail;
}

/* one round of the writer (lock held on entry and exit): up to a quarter of each lane formatted,
 * the lock let go while it formats; each lane's tail stored (and waiting callers woken) as it is
 * done */
static void hlc_writer_round(hitlab_capture* cap)
{
    hlc_lane* const lanes = cap->lanes; /* lanes are only added in front: this list stays valid */
    hitlab_capture* sink = cap->sink;
    cap->writer_busy = 1;
    hlc_mutex_unlock(cap->lock);
    for (hlc_lane* lane = lanes; lane != NULL; lane = lane->next) {
        const unsigned long long start = lane->tail, end = hlc_load(&lane->head);
        if (start == end) {
            continue;
        }
        const unsigned long long tail = hlc_write_records(lane, sink, start, end, start + lane->size / 4u);
        hlc_mutex_lock(cap->lock);
        hlc_store(&lane->tail, tail);
        /* a producer waiting for room in this lane is woken once it has the room it waits for (each
         * wake-up costs it CPU); any other waiter at every step */
        if (cap->waiting > 0 &&
            (lane->want == 0 || cap->failed || lane->size - (size_t)(hlc_load(&lane->head) - tail) >= lane->want)) {
            hlc_cond_broadcast(&cap->room);
        }
        hlc_mutex_unlock(cap->lock);
    }
    hlc_mutex_lock(cap->lock);
    cap->writer_busy = 0;
    hlc_take_sink_failure(cap);
}

/* the writer thread: makes the first lane (open waits for it) and the next ones when a new thread
 * asks, formats what the lanes hold in rounds, writes its text to the file once they are empty,
 * then sleeps; returns once close asks and the lanes are empty */
static void hlc_writer_main(void* arg)
{
    hitlab_capture* cap = (hitlab_capture*)arg;
    hlc_lane* first = hlc_new_lane(cap->queue_size);
    hlc_mutex_lock(cap->lock);
    cap->spare = first;
    cap->starting = 0;
    hlc_cond_broadcast(&cap->room);
    if (first == NULL) {
        hlc_mutex_unlock(cap->lock);
        return;
    }
    for (;;) {
        if (cap->want_spare && cap->spare == NULL && !cap->stopping) {
            cap->want_spare = 0;
            hlc_mutex_unlock(cap->lock);
            hlc_lane* lane = hlc_new_lane(cap->queue_size);
            hlc_mutex_lock(cap->lock);
            cap->spare = lane;
            cap->spare_failed = lane == NULL;
            hlc_cond_broadcast(&cap->room);
        } else if (hlc_pending(cap)) {
            hlc_writer_round(cap);
        } else if (cap->sink->len > 0 && cap->sink->header_written && !cap->sink->failed) {
            /* out of records: the text goes to the file now, so a crash of the engine loses only what
             * is still queued (and close, which drains, has nothing left to write). Not before the
             * file has its first line: until then hitlab_capture_set_engine may still set the header. */
            cap->writer_busy = 1;
            hlc_mutex_unlock(cap->lock);
            hlc_flush_stream(cap->sink);
            hlc_mutex_lock(cap->lock);
            cap->writer_busy = 0;
            hlc_take_sink_failure(cap);
        } else if (cap->stopping) {
            break;
        } else {
            if (cap->waiting > 0) {
                hlc_cond_broadcast(&cap->room);
            }
            cap->writer_sleeping = 1;
            hlc_cond_wait(&cap->work, cap->lock);
            cap->writer_sleeping = 0;
        }
    }
    if (cap->waiting > 0) {
        hlc_cond_broadcast(&cap->room);
    }
    hlc_mutex_unlock(cap->lock);
}

/* a streaming capture (the sink) behind a writer thread; the sink itself (formatting on the calling
 * thread) when memory or the thread cannot be had */
static hitlab_capture* hlc_threaded(hitlab_capture* sink, int drop)
{
    hitlab_capture* cap = (hitlab_capture*)calloc(1, sizeof(hitlab_capture));
    if (cap == NULL) {
        return sink;
    }
    cap->precision = sink->precision;
    cap->queue_size = 256u; /* the largest power of two not above HITLAB_CAPTURE_QUEUE_BYTES, at least 256 */
    while (cap->queue_size <= (size_t)HITLAB_CAPTURE_QUEUE_BYTES / 2u) {
        cap->queue_size *= 2u;
    }
    cap->drop = drop;
    cap->sink = sink;
    cap->id = hlc_new_id();
    cap->starting = 1;
    hlc_mutex_init(&cap->mutex);
    cap->lock = &cap->mutex;
    hlc_cond_init(&cap->work);
    hlc_cond_init(&cap->room);
    const int started = hlc_thread_start(&cap->thread, cap) == 0;
    if (started) { /* the writer makes the first lane first */
        hlc_mutex_lock(cap->lock);
        while (cap->starting) {
            hlc_cond_wait(&cap->room, cap->lock);
        }
        hlc_mutex_unlock(cap->lock);
    }
    if (!started || cap->spare == NULL) {
        if (started) {
            hlc_thread_join(&cap->thread);
        }
        hlc_cond_destroy(&cap->work);
        hlc_cond_destroy(&cap->room);
        hlc_mutex_destroy(&cap->mutex);
        free(cap);
        return sink;
    }
    return cap;
}

/* stops the writer once it has written everything, closes the sink, frees cap: as close */
static int hlc_close_threaded(hitlab_capture* cap)
{
    hlc_mutex_lock(cap->lock);
    cap->stopping = 1;
    hlc_wake_locked(cap);
    hlc_mutex_unlock(cap->lock);
    hlc_thread_join(&cap->thread);
    const int failed = cap->failed;
    const int sink_result = hitlab_capture_close(cap->sink);
    hlc_cond_destroy(&cap->work);
    hlc_cond_destroy(&cap->room);
    hlc_mutex_destroy(&cap->mutex);
    hlc_free_lanes(cap->lanes);
    hlc_free_lanes(cap->spare);
    free(cap->scratch);
    free(cap);
    return failed || sink_result != 0 ? -1 : 0;
}
#endif

/* ---- recording a query ---- */

/* a query: checked (on the calling thread, outside the lock: the precision never changes), then
 * queued for the writer (hlc_queue_record), or formatted now under the lock (synchronous, ring).
 * float_line: -1 the capture's precision, 1 float. Inlined into each family function, where the
 * shapes' kinds are constants. */
HLC_HOT void hlc_record(hitlab_capture* cap, int family, int float_line, const hlc_shape* a, const hlc_shape* b,
                        const hlc_answer* answer, int cast, const char* where)
{
    if (cap == NULL) {
        return;
    }
    const int is_float = float_line > 0 || cap->precision == HITLAB_CAPTURE_FLOAT;
#if HLC_THREADS
    if (cap->sink != NULL) {
        hlc_queue_record(cap, family, is_float, a, b, answer, cast, where);
        return;
    }
#endif
    const int ok = hlc_shape_ok(a, is_float) & hlc_shape_ok(b, is_float);
    hlc_mutex_lock(cap->lock);
    if (!cap->failed) {
        if (!ok) {
            ++cap->skipped;
        } else {
            hlc_format_now(cap, cap, family, is_float, a, b, answer, cast, where);
        }
    }
    hlc_mutex_unlock(cap->lock);
}

/* ---- opening and closing ---- */

static char* hlc_header_line(const char* engine, const char* conventions)
{
    if (engine == NULL && conventions == NULL) {
        return NULL;
    }
    /* formatted with the line writer into a scratch capture without a file */
    hitlab_capture scratch;
    memset(&scratch, 0, sizeof scratch);
    scratch.size = 64 + (engine != NULL ? 6 * strlen(engine) : 0) + (conventions != NULL ? strlen(conventions) : 0);
    scratch.ring = 1; /* grows instead of flushing */
    scratch.buf = (char*)malloc(scratch.size);
    if (scratch.buf == NULL) {
        return NULL;
    }
    HLC_LIT(&scratch, "{\"capture\":1");
    if (engine != NULL) {
        HLC_LIT(&scratch, ",\"engine\":");
        hlc_string(&scratch, engine);
    }
    if (conventions != NULL) {
        HLC_LIT(&scratch, ",\"conventions\":");
        hlc_put(&scratch, conventions, strlen(conventions));
    }
    HLC_LIT(&scratch, "}\n");
    hlc_put(&scratch, "", 1);
    if (scratch.failed) {
        free(scratch.buf);
        return NULL;
    }
    return scratch.buf;
}

hitlab_capture* hitlab_capture_open_ex(const char* path, int precision, size_t ring, const char* engine,
                                       const char* conventions)
{
    const int flags = precision & ~0xff;
    precision &= 0xff;
    if (path == NULL || (flags & ~(HITLAB_CAPTURE_SYNC | HITLAB_CAPTURE_DROP)) != 0 ||
        (precision != HITLAB_CAPTURE_DOUBLE && precision != HITLAB_CAPTURE_FLOAT) ||
        ring > ((size_t)-1) / 2 / sizeof(unsigned long long)) {
        return NULL;
    }
    hitlab_capture* cap = (hitlab_capture*)calloc(1, sizeof(hitlab_capture));
    if (cap == NULL) {
        return NULL;
    }
    cap->precision = precision;
    cap->ring = ring;
    if (ring == 0) {
        cap->size = HLC_BUFFER_SIZE;
    } else {
        const size_t most = (size_t)1 << 24; /* start with 16 MiB at most: it grows when needed */
        cap->size = ring < most / HLC_RING_BYTES_PER_LINE ? ring * HLC_RING_BYTES_PER_LINE : most;
        cap->size = cap->size < HLC_BUFFER_SIZE ? HLC_BUFFER_SIZE : cap->size;
        cap->ring_pos = (unsigned long long*)malloc(ring * sizeof(unsigned long long));
    }
    cap->buf = (char*)malloc(cap->size);
#if HITLAB_CAPTURE_CACHE_BITS > 0
    cap->cache = (hlc_cached_vec*)calloc((size_t)1 << HITLAB_CAPTURE_CACHE_BITS, sizeof(hlc_cached_vec));
#endif
    cap->header = hlc_header_line(engine, conventions);
    const int header_failed = (engine != NULL || conventions != NULL) && cap->header == NULL;
    if (cap->buf == NULL || (ring != 0 && cap->ring_pos == NULL) || header_failed) {
        free(cap->buf);
        free(cap->ring_pos);
        free(cap->header);
        free(cap->cache);
        free(cap);
        return NULL;
    }
    cap->file = fopen(path, "wb");
    if (cap->file == NULL) {
        free(cap->buf);
        free(cap->ring_pos);
        free(cap->header);
        free(cap->cache);
        free(cap);
        return NULL;
    }
    setvbuf(cap->file, NULL, _IONBF, 0); /* buffered here: a failed write is seen where it happens */
    hlc_mutex_init(&cap->mutex);
    cap->lock = &cap->mutex;
#if HLC_THREADS
    if (ring == 0 && (flags & HITLAB_CAPTURE_SYNC) == 0) {
        return hlc_threaded(cap, (flags & HITLAB_CAPTURE_DROP) != 0);
    }
#else
    (void)flags;
#endif
    return cap;
}

hitlab_capture* hitlab_capture_open(const char* path, int precision)
{
    return hitlab_capture_open_ex(path, precision, 0, NULL, NULL);
}

hitlab_capture* hitlab_capture_open_ring(const char* path, size_t n)
{
    return n == 0 ? NULL : hitlab_capture_open_ex(path, HITLAB_CAPTURE_DOUBLE, n, NULL, NULL);
}

int hitlab_capture_set_engine(hitlab_capture* cap, const char* engine, const char* conventions)
{
    if (cap == NULL) {
        return -1;
    }
    int result = -1;
    hlc_mutex_lock(cap->lock);
    hitlab_capture* target = cap; /* the capture that owns the file */
#if HLC_THREADS
    if (cap->sink != NULL && !cap->failed) {
        hlc_wait_drained(cap); /* the writer idle: its sink can be read and changed here */
        hlc_take_sink_failure(cap);
        target = cap->sink;
    }
#endif
    if (!cap->failed && !target->failed && !target->header_written) {
        char* header = hlc_header_line(engine, conventions);
        if (header != NULL || (engine == NULL && conventions == NULL)) {
            free(target->header);
            target->header = header;
            result = 0;
        }
    }
    hlc_mutex_unlock(cap->lock);
    return result;
}

/* writes what is kept (lock held) */
static void hlc_dump_locked(hitlab_capture* cap)
{
    if (cap->ring == 0) {
        hlc_flush_stream(cap);
        return;
    }
    if (cap->ring_count > 0) {
        const size_t from = (size_t)(cap->ring_pos[cap->ring_first] - cap->base_pos);
        hlc_write_file(cap, cap->buf + from, cap->len - from);
    } else {
        hlc_write_file(cap, cap->buf, 0); /* the header, at least */
    }
    cap->base_pos += cap->len;
    cap->len = 0;
    cap->ring_first = 0;
    cap->ring_count = 0;
}

int hitlab_capture_dump(hitlab_capture* cap)
{
    if (cap == NULL) {
        return -1;
    }
    hlc_mutex_lock(cap->lock);
#if HLC_THREADS
    if (cap->sink != NULL) {
        if (!cap->failed) {
            hlc_wait_drained(cap); /* everything queued is formatted; the writer idle */
            hlc_take_sink_failure(cap);
        }
        if (!cap->failed) {
            hlc_dump_locked(cap->sink);
            hlc_take_sink_failure(cap);
        }
    } else
#endif
        if (!cap->failed) {
        hlc_dump_locked(cap);
    }
    const int failed = cap->failed;
    hlc_mutex_unlock(cap->lock);
    return failed ? -1 : 0;
}

int hitlab_capture_close(hitlab_capture* cap)
{
    if (cap == NULL) {
        return -1;
    }
#if HLC_THREADS
    if (cap->sink != NULL) {
        return hlc_close_threaded(cap);
    }
#endif
    hlc_mutex_lock(cap->lock);
    if (!cap->failed) {
        hlc_dump_locked(cap);
    }
    if (fclose(cap->file) != 0) {
        cap->failed = 1;
    }
    const int failed = cap->failed;
    hlc_mutex_unlock(cap->lock);
    hlc_mutex_destroy(&cap->mutex);
    free(cap->buf);
    free(cap->ring_pos);
    free(cap->header);
    free(cap->cache);
    free(cap->scratch);
    free(cap);
    return failed ? -1 : 0;
}

void hitlab_capture_frame(hitlab_capture* cap, long long frame)
{
    if (cap != NULL) {
        hlc_mutex_lock(cap->lock);
        hlc_store(&cap->frame_word, (unsigned long long)frame); /* what the records take, without the lock */
        hlc_store_flag(&cap->has_frame, 1);
#if HLC_THREADS
        if (cap->sink != NULL) {
            hlc_wake_locked(cap); /* a frame's queries go to the file now */
        }
#endif
        hlc_mutex_unlock(cap->lock);
    }
}

void hitlab_capture_time(hitlab_capture* cap, double seconds)
{
    if (cap != NULL) {
        hlc_mutex_lock(cap->lock);
        unsigned long long bits;
        memcpy(&bits, &seconds, 8u);
        hlc_store(&cap->time_word, bits);
        hlc_store_flag(&cap->has_time, hlc_finite(seconds));
        hlc_mutex_unlock(cap->lock);
    }
}

/* a count of the capture's (lock held): its own plus, with the writer thread, its lanes' */
static unsigned long long hlc_count(const hitlab_capture* cap, unsigned long long own, int which)
{
#if HLC_THREADS
    for (const hlc_lane* lane = cap->lanes; lane != NULL; lane = lane->next) {
        own += hlc_load(&lane->counts[which]);
    }
#else
    (void)cap;
    (void)which;
#endif
    return own;
}

unsigned long long hitlab_capture_recorded(const hitlab_capture* cap)
{
    if (cap == NULL) {
        return 0;
    }
    hlc_mutex_lock(cap->lock);
    const unsigned long long n = hlc_count(cap, cap->recorded, HLC_RECORDED);
    hlc_mutex_unlock(cap->lock);
    return n;
}

unsigned long long hitlab_capture_skipped(const hitlab_capture* cap)
{
    if (cap == NULL) {
        return 0;
    }
    hlc_mutex_lock(cap->lock);
    const unsigned long long n = cap->skipped;
    hlc_mutex_unlock(cap->lock);
    return n;
}

int hitlab_capture_ok(const hitlab_capture* cap)
{
    if (cap == NULL) {
        return 0;
    }
    hlc_mutex_lock(cap->lock);
    const int ok = !cap->failed;
    hlc_mutex_unlock(cap->lock);
    return ok;
}

static unsigned long long hlc_lane_count(const hitlab_capture* cap, int which)
{
    if (cap == NULL) {
        return 0;
    }
    hlc_mutex_lock(cap->lock);
    const unsigned long long n = hlc_count(cap, 0, which);
    hlc_mutex_unlock(cap->lock);
    return n;
}

unsigned long long hitlab_capture_dropped(const hitlab_capture* cap) { return hlc_lane_count(cap, HLC_DROPPED); }

unsigned long long hitlab_capture_waits(const hitlab_capture* cap) { return hlc_lane_count(cap, HLC_WAITS); }

unsigned long long hitlab_capture_truncated(const hitlab_capture* cap) { return hlc_lane_count(cap, HLC_TRUNCATED); }

int hitlab_capture_threaded(const hitlab_capture* cap) { return cap != NULL && cap->sink != NULL; }

/* ---- building a query's shapes and answer ---- */

HLC_HOT hlc_shape hlc_vectors(enum hlc_kind kind, const double* v0, const double* v1, const double* v2, double s)
{
    hlc_shape shape;
    shape.kind = kind;
    shape.v[0] = v0;
    shape.v[1] = v1;
    shape.v[2] = v2;
    shape.s = s;
    shape.points = NULL;
    shape.count = 0;
    shape.is_float = 0;
    shape.triangles = NULL;
    shape.triangle_count = 0;
    return shape;
}

static hlc_shape hlc_list(enum hlc_kind kind, const void* points, size_t count, int is_float)
{
    hlc_shape shape;
    shape.kind = kind;
    shape.v[0] = NULL;
    shape.v[1] = NULL;
    shape.v[2] = NULL;
    shape.s = 0.0;
    shape.points = points;
    shape.count = count;
    shape.is_float = is_float;
    shape.triangles = NULL;
    shape.triangle_count = 0;
    return shape;
}

/* a float array in double (exact); NULL stays NULL */
static const double* hlc_widen(double* out, const float* in, int n)
{
    if (in == NULL) {
        return NULL;
    }
    for (int i = 0; i < n; ++i) {
        out[i] = (double)in[i];
    }
    return out;
}

HLC_HOT hlc_answer hlc_cast_answer(int hit, double t_enter, double t_exit, double u, double v, int front,
                                   long long triangle)
{
    hlc_answer a;
    a.hit = hit != 0;
    a.front = front;
    a.t_enter = t_enter;
    a.t_exit = t_exit;
    a.u = u;
    a.v = v;
    a.depth = 0.0;
    a.distance = 0.0;
    a.normal = NULL;
    a.triangle = triangle;
    return a;
}

HLC_HOT hlc_answer hlc_overlap_answer(int hit, double depth, const double* normal, double distance)
{
    hlc_answer a;
    a.hit = hit != 0;
    a.front = 0;
    a.t_enter = 0.0;
    a.t_exit = 0.0;
    a.u = 0.0;
    a.v = 0.0;
    a.depth = depth;
    a.distance = distance;
    a.normal = normal;
    a.triangle = 0;
    return a;
}

/* ---- the family functions ---- */

void hitlab_capture_ray_aabb(hitlab_capture* cap, const double origin[3], const double direction[3],
                             const double box_min[3], const double box_max[3], int hit, double t_enter, double t_exit,
                             const char* where)
{
    const hlc_shape a = hlc_vectors(HLC_RAY, origin, direction, NULL, 0.0);
    const hlc_shape b = hlc_vectors(HLC_AABB, box_min, box_max, NULL, 0.0);
    const hlc_answer answer = hlc_cast_answer(hit, t_enter, t_exit, hlc_nan(), hlc_nan(), HITLAB_CAPTURE_ABSENT, -1);
    hlc_record(cap, HLC_F_RAY_AABB, -1, &a, &b, &answer, 1, where);
}

void hitlab_capture_segment_aabb(hitlab_capture* cap, const double start[3], const double end[3],
                                 const double box_min[3], const double box_max[3], int hit, double t_enter,
                                 double t_exit, const char* where)
{
    const hlc_shape a = hlc_vectors(HLC_SEGMENT, start, end, NULL, 0.0);
    const hlc_shape b = hlc_vectors(HLC_AABB, box_min, box_max, NULL, 0.0);
    const hlc_answer answer = hlc_cast_answer(hit, t_enter, t_exit, hlc_nan(), hlc_nan(), HITLAB_CAPTURE_ABSENT, -1);
    hlc_record(cap, HLC_F_SEGMENT_AABB, -1, &a, &b, &answer, 1, where);
}

void hitlab_capture_ray_plane(hitlab_capture* cap, const double origin[3], const double direction[3],
                              const double normal[3], double distance, int hit, double t_enter, double t_exit,
                              const char* where)
{
    const hlc_shape a = hlc_vectors(HLC_RAY, origin, direction, NULL, 0.0);
    const hlc_shape b = hlc_vectors(HLC_PLANE, normal, NULL, NULL, distance);
    const hlc_answer answer = hlc_cast_answer(hit, t_enter, t_exit, hlc_nan(), hlc_nan(), HITLAB_CAPTURE_ABSENT, -1);
    hlc_record(cap, HLC_F_RAY_PLANE, -1, &a, &b, &answer, 1, where);
}

void hitlab_capture_ray_sphere(hitlab_capture* cap, const double origin[3], const double direction[3],
                               const double center[3], double radius, int hit, double t_enter, double t_exit,
                               const char* where)
{
    const hlc_shape a = hlc_vectors(HLC_RAY, origin, direction, NULL, 0.0);
    const hlc_shape b = hlc_vectors(HLC_SPHERE, center, NULL, NULL, radius);
    const hlc_answer answer = hlc_cast_answer(hit, t_enter, t_exit, hlc_nan(), hlc_nan(), HITLAB_CAPTURE_ABSENT, -1);
    hlc_record(cap, HLC_F_RAY_SPHERE, -1, &a, &b, &answer, 1, where);
}

void hitlab_capture_ray_obb(hitlab_capture* cap, const double origin[3], const double direction[3],
                            const double center[3], const double half_extents[3], const double axes[9], int hit,
                            double t_enter, double t_exit, const char* where)
{
    const hlc_shape a = hlc_vectors(HLC_RAY, origin, direction, NULL, 0.0);
    const hlc_shape b = hlc_vectors(HLC_OBB, center, half_extents, axes, 0.0);
    const hlc_answer answer = hlc_cast_answer(hit, t_enter, t_exit, hlc_nan(), hlc_nan(), HITLAB_CAPTURE_ABSENT, -1);
    hlc_record(cap, HLC_F_RAY_OBB, -1, &a, &b, &answer, 1, where);
}

void hitlab_capture_ray_triangle(hitlab_capture* cap, const double origin[3], const double direction[3],
                                 const double v0[3], const double v1[3], const double v2[3], int hit, double t_enter,
                                 double t_exit, double u, double v, int front, const char* where)
{
    const hlc_shape a = hlc_vectors(HLC_RAY, origin, direction, NULL, 0.0);
    const hlc_shape b = hlc_vectors(HLC_TRIANGLE, v0, v1, v2, 0.0);
    const hlc_answer answer = hlc_cast_answer(hit, t_enter, t_exit, u, v, front, -1);
    hlc_record(cap, HLC_F_RAY_TRIANGLE, -1, &a, &b, &answer, 1, where);
}

void hitlab_capture_segment_triangle(hitlab_capture* cap, const double start[3], const double end[3],
                                     const double v0[3], const double v1[3], const double v2[3], int hit,
                                     double t_enter, double t_exit, double u, double v, int front, const char* where)
{
    const hlc_shape a = hlc_vectors(HLC_SEGMENT, start, end, NULL, 0.0);
    const hlc_shape b = hlc_vectors(HLC_TRIANGLE, v0, v1, v2, 0.0);
    const hlc_answer answer = hlc_cast_answer(hit, t_enter, t_exit, u, v, front, -1);
    hlc_record(cap, HLC_F_SEGMENT_TRIANGLE, -1, &a, &b, &answer, 1, where);
}

void hitlab_capture_ray_mesh(hitlab_capture* cap, const double origin[3], const double direction[3],
                             const double* vertices, size_t vertex_count, const unsigned int* triangles,
                             size_t triangle_count, int hit, double t_enter, double t_exit, double u, double v,
                             int front, long long triangle, const char* where)
{
    const hlc_shape a = hlc_vectors(HLC_RAY, origin, direction, NULL, 0.0);
    hlc_shape b = hlc_list(HLC_MESH, vertices, vertex_count, 0);
    b.triangles = triangles;
    b.triangle_count = triangle_count;
    const hlc_answer answer = hlc_cast_answer(hit, t_enter, t_exit, u, v, front, triangle);
    hlc_record(cap, HLC_F_RAY_MESH, -1, &a, &b, &answer, 1, where);
}

void hitlab_capture_aabb_aabb(hitlab_capture* cap, const double a_min[3], const double a_max[3], const double b_min[3],
                              const double b_max[3], int hit, double depth, const double normal[3], double distance,
                              const char* where)
{
    const hlc_shape a = hlc_vectors(HLC_AABB, a_min, a_max, NULL, 0.0);
    const hlc_shape b = hlc_vectors(HLC_AABB, b_min, b_max, NULL, 0.0);
    const hlc_answer answer = hlc_overlap_answer(hit, depth, normal, distance);
    hlc_record(cap, HLC_F_AABB_AABB, -1, &a, &b, &answer, 0, where);
}

void hitlab_capture_sphere_aabb(hitlab_capture* cap, const double center[3], double radius, const double box_min[3],
                                const double box_max[3], int hit, double depth, const double normal[3], double distance,
                                const char* where)
{
    const hlc_shape a = hlc_vectors(HLC_SPHERE, center, NULL, NULL, radius);
    const hlc_shape b = hlc_vectors(HLC_AABB, box_min, box_max, NULL, 0.0);
    const hlc_answer answer = hlc_overlap_answer(hit, depth, normal, distance);
    hlc_record(cap, HLC_F_SPHERE_AABB, -1, &a, &b, &answer, 0, where);
}

void hitlab_capture_sphere_sphere(hitlab_capture* cap, const double a_center[3], double a_radius,
                                  const double b_center[3], double b_radius, int hit, double depth,
                                  const double normal[3], double distance, const char* where)
{
    const hlc_shape a = hlc_vectors(HLC_SPHERE, a_center, NULL, NULL, a_radius);
    const hlc_shape b = hlc_vectors(HLC_SPHERE, b_center, NULL, NULL, b_radius);
    const hlc_answer answer = hlc_overlap_answer(hit, depth, normal, distance);
    hlc_record(cap, HLC_F_SPHERE_SPHERE, -1, &a, &b, &answer, 0, where);
}

void hitlab_capture_obb_obb(hitlab_capture* cap, const double a_center[3], const double a_half_extents[3],
                            const double a_axes[9], const double b_center[3], const double b_half_extents[3],
                            const double b_axes[9], int hit, double depth, const double normal[3], double distance,
                            const char* where)
{
    const hlc_shape a = hlc_vectors(HLC_OBB, a_center, a_half_extents, a_axes, 0.0);
    const hlc_shape b = hlc_vectors(HLC_OBB, b_center, b_half_extents, b_axes, 0.0);
    const hlc_answer answer = hlc_overlap_answer(hit, depth, normal, distance);
    hlc_record(cap, HLC_F_OBB_OBB, -1, &a, &b, &answer, 0, where);
}

void hitlab_capture_aabb_triangle(hitlab_capture* cap, const double box_min[3], const double box_max[3],
                                  const double v0[3], const double v1[3], const double v2[3], int hit, double depth,
                                  const double normal[3], double distance, const char* where)
{
    const hlc_shape a = hlc_vectors(HLC_AABB, box_min, box_max, NULL, 0.0);
    const hlc_shape b = hlc_vectors(HLC_TRIANGLE, v0, v1, v2, 0.0);
    const hlc_answer answer = hlc_overlap_answer(hit, depth, normal, distance);
    hlc_record(cap, HLC_F_AABB_TRIANGLE, -1, &a, &b, &answer, 0, where);
}

void hitlab_capture_sphere_triangle(hitlab_capture* cap, const double center[3], double radius, const double v0[3],
                                    const double v1[3], const double v2[3], int hit, double depth,
                                    const double normal[3], double distance, const char* where)
{
    const hlc_shape a = hlc_vectors(HLC_SPHERE, center, NULL, NULL, radius);
    const hlc_shape b = hlc_vectors(HLC_TRIANGLE, v0, v1, v2, 0.0);
    const hlc_answer answer = hlc_overlap_answer(hit, depth, normal, distance);
    hlc_record(cap, HLC_F_SPHERE_TRIANGLE, -1, &a, &b, &answer, 0, where);
}

void hitlab_capture_triangle_triangle(hitlab_capture* cap, const double a0[3], const double a1[3], const double a2[3],
                                      const double b0[3], const double b1[3], const double b2[3], int hit, double depth,
                                      const double normal[3], double distance, const char* where)
{
    const hlc_shape a = hlc_vectors(HLC_TRIANGLE, a0, a1, a2, 0.0);
    const hlc_shape b = hlc_vectors(HLC_TRIANGLE, b0, b1, b2, 0.0);
    const hlc_answer answer = hlc_overlap_answer(hit, depth, normal, distance);
    hlc_record(cap, HLC_F_TRIANGLE_TRIANGLE, -1, &a, &b, &answer, 0, where);
}

void hitlab_capture_convex_convex(hitlab_capture* cap, const double* a_points, size_t a_count, const double* b_points,
                                  size_t b_count, int hit, double depth, const double normal[3], double distance,
                                  const char* where)
{
    const hlc_shape a = hlc_list(HLC_CONVEX, a_points, a_count, 0);
    const hlc_shape b = hlc_list(HLC_CONVEX, b_points, b_count, 0);
    const hlc_answer answer = hlc_overlap_answer(hit, depth, normal, distance);
    hlc_record(cap, HLC_F_CONVEX_CONVEX, -1, &a, &b, &answer, 0, where);
}

void hitlab_capture_point_aabb(hitlab_capture* cap, const double point[3], const double box_min[3],
                               const double box_max[3], int hit, double depth, const char* where)
{
    const hlc_shape a = hlc_vectors(HLC_POINT, point, NULL, NULL, 0.0);
    const hlc_shape b = hlc_vectors(HLC_AABB, box_min, box_max, NULL, 0.0);
    const hlc_answer answer = hlc_overlap_answer(hit, depth, NULL, hlc_nan());
    hlc_record(cap, HLC_F_POINT_AABB, -1, &a, &b, &answer, 0, where);
}

void hitlab_capture_point_sphere(hitlab_capture* cap, const double point[3], const double center[3], double radius,
                                 int hit, double depth, const char* where)
{
    const hlc_shape a = hlc_vectors(HLC_POINT, point, NULL, NULL, 0.0);
    const hlc_shape b = hlc_vectors(HLC_SPHERE, center, NULL, NULL, radius);
    const hlc_answer answer = hlc_overlap_answer(hit, depth, NULL, hlc_nan());
    hlc_record(cap, HLC_F_POINT_SPHERE, -1, &a, &b, &answer, 0, where);
}

void hitlab_capture_point_obb(hitlab_capture* cap, const double point[3], const double center[3],
                              const double half_extents[3], const double axes[9], int hit, double depth,
                              const char* where)
{
    const hlc_shape a = hlc_vectors(HLC_POINT, point, NULL, NULL, 0.0);
    const hlc_shape b = hlc_vectors(HLC_OBB, center, half_extents, axes, 0.0);
    const hlc_answer answer = hlc_overlap_answer(hit, depth, NULL, hlc_nan());
    hlc_record(cap, HLC_F_POINT_OBB, -1, &a, &b, &answer, 0, where);
}

void hitlab_capture_ray_aabb_f(hitlab_capture* cap, const float origin[3], const float direction[3],
                               const float box_min[3], const float box_max[3], int hit, float t_enter, float t_exit,
                               const char* where)
{
    double origin_d[3];
    double direction_d[3];
    const hlc_shape a =
        hlc_vectors(HLC_RAY, hlc_widen(origin_d, origin, 3), hlc_widen(direction_d, direction, 3), NULL, 0.0);
    double box_min_d[3];
    double box_max_d[3];
    const hlc_shape b =
        hlc_vectors(HLC_AABB, hlc_widen(box_min_d, box_min, 3), hlc_widen(box_max_d, box_max, 3), NULL, 0.0);
    const hlc_answer answer =
        hlc_cast_answer(hit, (double)t_enter, (double)t_exit, hlc_nan(), hlc_nan(), HITLAB_CAPTURE_ABSENT, -1);
    hlc_record(cap, HLC_F_RAY_AABB, 1, &a, &b, &answer, 1, where);
}

void hitlab_capture_segment_aabb_f(hitlab_capture* cap, const float start[3], const float end[3],
                                   const float box_min[3], const float box_max[3], int hit, float t_enter, float t_exit,
                                   const char* where)
{
    double start_d[3];
    double end_d[3];
    const hlc_shape a = hlc_vectors(HLC_SEGMENT, hlc_widen(start_d, start, 3), hlc_widen(end_d, end, 3), NULL, 0.0);
    double box_min_d[3];
    double box_max_d[3];
    const hlc_shape b =
        hlc_vectors(HLC_AABB, hlc_widen(box_min_d, box_min, 3), hlc_widen(box_max_d, box_max, 3), NULL, 0.0);
    const hlc_answer answer =
        hlc_cast_answer(hit, (double)t_enter, (double)t_exit, hlc_nan(), hlc_nan(), HITLAB_CAPTURE_ABSENT, -1);
    hlc_record(cap, HLC_F_SEGMENT_AABB, 1, &a, &b, &answer, 1, where);
}

void hitlab_capture_ray_plane_f(hitlab_capture* cap, const float origin[3], const float direction[3],
                                const float normal[3], float distance, int hit, float t_enter, float t_exit,
                                const char* where)
{
    double origin_d[3];
    double direction_d[3];
    const hlc_shape a =
        hlc_vectors(HLC_RAY, hlc_widen(origin_d, origin, 3), hlc_widen(direction_d, direction, 3), NULL, 0.0);
    double normal_d[3];
    const hlc_shape b = hlc_vectors(HLC_PLANE, hlc_widen(normal_d, normal, 3), NULL, NULL, (double)distance);
    const hlc_answer answer =
        hlc_cast_answer(hit, (double)t_enter, (double)t_exit, hlc_nan(), hlc_nan(), HITLAB_CAPTURE_ABSENT, -1);
    hlc_record(cap, HLC_F_RAY_PLANE, 1, &a, &b, &answer, 1, where);
}

void hitlab_capture_ray_sphere_f(hitlab_capture* cap, const float origin[3], const float direction[3],
                                 const float center[3], float radius, int hit, float t_enter, float t_exit,
                                 const char* where)
{
    double origin_d[3];
    double direction_d[3];
    const hlc_shape a =
        hlc_vectors(HLC_RAY, hlc_widen(origin_d, origin, 3), hlc_widen(direction_d, direction, 3), NULL, 0.0);
    double center_d[3];
    const hlc_shape b = hlc_vectors(HLC_SPHERE, hlc_widen(center_d, center, 3), NULL, NULL, (double)radius);
    const hlc_answer answer =
        hlc_cast_answer(hit, (double)t_enter, (double)t_exit, hlc_nan(), hlc_nan(), HITLAB_CAPTURE_ABSENT, -1);
    hlc_record(cap, HLC_F_RAY_SPHERE, 1, &a, &b, &answer, 1, where);
}

void hitlab_capture_ray_obb_f(hitlab_capture* cap, const float origin[3], const float direction[3],
                              const float center[3], const float half_extents[3], const float axes[9], int hit,
                              float t_enter, float t_exit, const char* where)
{
    double origin_d[3];
    double direction_d[3];
    const hlc_shape a =
        hlc_vectors(HLC_RAY, hlc_widen(origin_d, origin, 3), hlc_widen(direction_d, direction, 3), NULL, 0.0);
    double center_d[3];
    double half_extents_d[3];
    double axes_d[9];
    const hlc_shape b = hlc_vectors(HLC_OBB, hlc_widen(center_d, center, 3), hlc_widen(half_extents_d, half_extents, 3),
                                    hlc_widen(axes_d, axes, 9), 0.0);
    const hlc_answer answer =
        hlc_cast_answer(hit, (double)t_enter, (double)t_exit, hlc_nan(), hlc_nan(), HITLAB_CAPTURE_ABSENT, -1);
    hlc_record(cap, HLC_F_RAY_OBB, 1, &a, &b, &answer, 1, where);
}

void hitlab_capture_ray_triangle_f(hitlab_capture* cap, const float origin[3], const float direction[3],
                                   const float v0[3], const float v1[3], const float v2[3], int hit, float t_enter,
                                   float t_exit, float u, float v, int front, const char* where)
{
    double origin_d[3];
    double direction_d[3];
    const hlc_shape a =
        hlc_vectors(HLC_RAY, hlc_widen(origin_d, origin, 3), hlc_widen(direction_d, direction, 3), NULL, 0.0);
    double v0_d[3];
    double v1_d[3];
    double v2_d[3];
    const hlc_shape b =
        hlc_vectors(HLC_TRIANGLE, hlc_widen(v0_d, v0, 3), hlc_widen(v1_d, v1, 3), hlc_widen(v2_d, v2, 3), 0.0);
    const hlc_answer answer = hlc_cast_answer(hit, (double)t_enter, (double)t_exit, (double)u, (double)v, front, -1);
    hlc_record(cap, HLC_F_RAY_TRIANGLE, 1, &a, &b, &answer, 1, where);
}

void hitlab_capture_segment_triangle_f(hitlab_capture* cap, const float start[3], const float end[3], const float v0[3],
                                       const float v1[3], const float v2[3], int hit, float t_enter, float t_exit,
                                       float u, float v, int front, const char* where)
{
    double start_d[3];
    double end_d[3];
    const hlc_shape a = hlc_vectors(HLC_SEGMENT, hlc_widen(start_d, start, 3), hlc_widen(end_d, end, 3), NULL, 0.0);
    double v0_d[3];
    double v1_d[3];
    double v2_d[3];
    const hlc_shape b =
        hlc_vectors(HLC_TRIANGLE, hlc_widen(v0_d, v0, 3), hlc_widen(v1_d, v1, 3), hlc_widen(v2_d, v2, 3), 0.0);
    const hlc_answer answer = hlc_cast_answer(hit, (double)t_enter, (double)t_exit, (double)u, (double)v, front, -1);
    hlc_record(cap, HLC_F_SEGMENT_TRIANGLE, 1, &a, &b, &answer, 1, where);
}

void hitlab_capture_ray_mesh_f(hitlab_capture* cap, const float origin[3], const float direction[3],
                               const float* vertices, size_t vertex_count, const unsigned int* triangles,
                               size_t triangle_count, int hit, float t_enter, float t_exit, float u, float v, int front,
                               long long triangle, const char* where)
{
    double origin_d[3];
    double direction_d[3];
    const hlc_shape a =
        hlc_vectors(HLC_RAY, hlc_widen(origin_d, origin, 3), hlc_widen(direction_d, direction, 3), NULL, 0.0);
    hlc_shape b = hlc_list(HLC_MESH, vertices, vertex_count, 1);
    b.triangles = triangles;
    b.triangle_count = triangle_count;
    const hlc_answer answer =
        hlc_cast_answer(hit, (double)t_enter, (double)t_exit, (double)u, (double)v, front, triangle);
    hlc_record(cap, HLC_F_RAY_MESH, 1, &a, &b, &answer, 1, where);
}

void hitlab_capture_aabb_aabb_f(hitlab_capture* cap, const float a_min[3], const float a_max[3], const float b_min[3],
                                const float b_max[3], int hit, float depth, const float normal[3], float distance,
                                const char* where)
{
    double a_min_d[3];
    double a_max_d[3];
    const hlc_shape a = hlc_vectors(HLC_AABB, hlc_widen(a_min_d, a_min, 3), hlc_widen(a_max_d, a_max, 3), NULL, 0.0);
    double b_min_d[3];
    double b_max_d[3];
    const hlc_shape b = hlc_vectors(HLC_AABB, hlc_widen(b_min_d, b_min, 3), hlc_widen(b_max_d, b_max, 3), NULL, 0.0);
    double normal_d[3];
    const hlc_answer answer = hlc_overlap_answer(
        hit, (double)depth, normal != NULL ? hlc_widen(normal_d, normal, 3) : NULL, (double)distance);
    hlc_record(cap, HLC_F_AABB_AABB, 1, &a, &b, &answer, 0, where);
}

void hitlab_capture_sphere_aabb_f(hitlab_capture* cap, const float center[3], float radius, const float box_min[3],
                                  const float box_max[3], int hit, float depth, const float normal[3], float distance,
                                  const char* where)
{
    double center_d[3];
    const hlc_shape a = hlc_vectors(HLC_SPHERE, hlc_widen(center_d, center, 3), NULL, NULL, (double)radius);
    double box_min_d[3];
    double box_max_d[3];
    const hlc_shape b =
        hlc_vectors(HLC_AABB, hlc_widen(box_min_d, box_min, 3), hlc_widen(box_max_d, box_max, 3), NULL, 0.0);
    double normal_d[3];
    const hlc_answer answer = hlc_overlap_answer(
        hit, (double)depth, normal != NULL ? hlc_widen(normal_d, normal, 3) : NULL, (double)distance);
    hlc_record(cap, HLC_F_SPHERE_AABB, 1, &a, &b, &answer, 0, where);
}

void hitlab_capture_sphere_sphere_f(hitlab_capture* cap, const float a_center[3], float a_radius,
                                    const float b_center[3], float b_radius, int hit, float depth,
                                    const float normal[3], float distance, const char* where)
{
    double a_center_d[3];
    const hlc_shape a = hlc_vectors(HLC_SPHERE, hlc_widen(a_center_d, a_center, 3), NULL, NULL, (double)a_radius);
    double b_center_d[3];
    const hlc_shape b = hlc_vectors(HLC_SPHERE, hlc_widen(b_center_d, b_center, 3), NULL, NULL, (double)b_radius);
    double normal_d[3];
    const hlc_answer answer = hlc_overlap_answer(
        hit, (double)depth, normal != NULL ? hlc_widen(normal_d, normal, 3) : NULL, (double)distance);
    hlc_record(cap, HLC_F_SPHERE_SPHERE, 1, &a, &b, &answer, 0, where);
}

void hitlab_capture_obb_obb_f(hitlab_capture* cap, const float a_center[3], const float a_half_extents[3],
                              const float a_axes[9], const float b_center[3], const float b_half_extents[3],
                              const float b_axes[9], int hit, float depth, const float normal[3], float distance,
                              const char* where)
{
    double a_center_d[3];
    double a_half_extents_d[3];
    double a_axes_d[9];
    const hlc_shape a =
        hlc_vectors(HLC_OBB, hlc_widen(a_center_d, a_center, 3), hlc_widen(a_half_extents_d, a_half_extents, 3),
                    hlc_widen(a_axes_d, a_axes, 9), 0.0);
    double b_center_d[3];
    double b_half_extents_d[3];
    double b_axes_d[9];
    const hlc_shape b =
        hlc_vectors(HLC_OBB, hlc_widen(b_center_d, b_center, 3), hlc_widen(b_half_extents_d, b_half_extents, 3),
                    hlc_widen(b_axes_d, b_axes, 9), 0.0);
    double normal_d[3];
    const hlc_answer answer = hlc_overlap_answer(
        hit, (double)depth, normal != NULL ? hlc_widen(normal_d, normal, 3) : NULL, (double)distance);
    hlc_record(cap, HLC_F_OBB_OBB, 1, &a, &b, &answer, 0, where);
}

void hitlab_capture_aabb_triangle_f(hitlab_capture* cap, const float box_min[3], const float box_max[3],
                                    const float v0[3], const float v1[3], const float v2[3], int hit, float depth,
                                    const float normal[3], float distance, const char* where)
{
    double box_min_d[3];
    double box_max_d[3];
    const hlc_shape a =
        hlc_vectors(HLC_AABB, hlc_widen(box_min_d, box_min, 3), hlc_widen(box_max_d, box_max, 3), NULL, 0.0);
    double v0_d[3];
    double v1_d[3];
    double v2_d[3];
    const hlc_shape b =
        hlc_vectors(HLC_TRIANGLE, hlc_widen(v0_d, v0, 3), hlc_widen(v1_d, v1, 3), hlc_widen(v2_d, v2, 3), 0.0);
    double normal_d[3];
    const hlc_answer answer = hlc_overlap_answer(
        hit, (double)depth, normal != NULL ? hlc_widen(normal_d, normal, 3) : NULL, (double)distance);
    hlc_record(cap, HLC_F_AABB_TRIANGLE, 1, &a, &b, &answer, 0, where);
}

void hitlab_capture_sphere_triangle_f(hitlab_capture* cap, const float center[3], float radius, const float v0[3],
                                      const float v1[3], const float v2[3], int hit, float depth, const float normal[3],
                                      float distance, const char* where)
{
    double center_d[3];
    const hlc_shape a = hlc_vectors(HLC_SPHERE, hlc_widen(center_d, center, 3), NULL, NULL, (double)radius);
    double v0_d[3];
    double v1_d[3];
    double v2_d[3];
    const hlc_shape b =
        hlc_vectors(HLC_TRIANGLE, hlc_widen(v0_d, v0, 3), hlc_widen(v1_d, v1, 3), hlc_widen(v2_d, v2, 3), 0.0);
    double normal_d[3];
    const hlc_answer answer = hlc_overlap_answer(
        hit, (double)depth, normal != NULL ? hlc_widen(normal_d, normal, 3) : NULL, (double)distance);
    hlc_record(cap, HLC_F_SPHERE_TRIANGLE, 1, &a, &b, &answer, 0, where);
}

void hitlab_capture_triangle_triangle_f(hitlab_capture* cap, const float a0[3], const float a1[3], const float a2[3],
                                        const float b0[3], const float b1[3], const float b2[3], int hit, float depth,
                                        const float normal[3], float distance, const char* where)
{
    double a0_d[3];
    double a1_d[3];
    double a2_d[3];
    const hlc_shape a =
        hlc_vectors(HLC_TRIANGLE, hlc_widen(a0_d, a0, 3), hlc_widen(a1_d, a1, 3), hlc_widen(a2_d, a2, 3), 0.0);
    double b0_d[3];
    double b1_d[3];
    double b2_d[3];
    const hlc_shape b =
        hlc_vectors(HLC_TRIANGLE, hlc_widen(b0_d, b0, 3), hlc_widen(b1_d, b1, 3), hlc_widen(b2_d, b2, 3), 0.0);
    double normal_d[3];
    const hlc_answer answer = hlc_overlap_answer(
        hit, (double)depth, normal != NULL ? hlc_widen(normal_d, normal, 3) : NULL, (double)distance);
    hlc_record(cap, HLC_F_TRIANGLE_TRIANGLE, 1, &a, &b, &answer, 0, where);
}

void hitlab_capture_convex_convex_f(hitlab_capture* cap, const float* a_points, size_t a_count, const float* b_points,
                                    size_t b_count, int hit, float depth, const float normal[3], float distance,
                                    const char* where)
{
    const hlc_shape a = hlc_list(HLC_CONVEX, a_points, a_count, 1);
    const hlc_shape b = hlc_list(HLC_CONVEX, b_points, b_count, 1);
    double normal_d[3];
    const hlc_answer answer = hlc_overlap_answer(
        hit, (double)depth, normal != NULL ? hlc_widen(normal_d, normal, 3) : NULL, (double)distance);
    hlc_record(cap, HLC_F_CONVEX_CONVEX, 1, &a, &b, &answer, 0, where);
}

void hitlab_capture_point_aabb_f(hitlab_capture* cap, const float point[3], const float box_min[3],
                                 const float box_max[3], int hit, float depth, const char* where)
{
    double point_d[3];
    const hlc_shape a = hlc_vectors(HLC_POINT, hlc_widen(point_d, point, 3), NULL, NULL, 0.0);
    double box_min_d[3];
    double box_max_d[3];
    const hlc_shape b =
        hlc_vectors(HLC_AABB, hlc_widen(box_min_d, box_min, 3), hlc_widen(box_max_d, box_max, 3), NULL, 0.0);
    const hlc_answer answer = hlc_overlap_answer(hit, (double)depth, NULL, hlc_nan());
    hlc_record(cap, HLC_F_POINT_AABB, 1, &a, &b, &answer, 0, where);
}

void hitlab_capture_point_sphere_f(hitlab_capture* cap, const float point[3], const float center[3], float radius,
                                   int hit, float depth, const char* where)
{
    double point_d[3];
    const hlc_shape a = hlc_vectors(HLC_POINT, hlc_widen(point_d, point, 3), NULL, NULL, 0.0);
    double center_d[3];
    const hlc_shape b = hlc_vectors(HLC_SPHERE, hlc_widen(center_d, center, 3), NULL, NULL, (double)radius);
    const hlc_answer answer = hlc_overlap_answer(hit, (double)depth, NULL, hlc_nan());
    hlc_record(cap, HLC_F_POINT_SPHERE, 1, &a, &b, &answer, 0, where);
}

void hitlab_capture_point_obb_f(hitlab_capture* cap, const float point[3], const float center[3],
                                const float half_extents[3], const float axes[9], int hit, float depth,
                                const char* where)
{
    double point_d[3];
    const hlc_shape a = hlc_vectors(HLC_POINT, hlc_widen(point_d, point, 3), NULL, NULL, 0.0);
    double center_d[3];
    double half_extents_d[3];
    double axes_d[9];
    const hlc_shape b = hlc_vectors(HLC_OBB, hlc_widen(center_d, center, 3), hlc_widen(half_extents_d, half_extents, 3),
                                    hlc_widen(axes_d, axes, 9), 0.0);
    const hlc_answer answer = hlc_overlap_answer(hit, (double)depth, NULL, hlc_nan());
    hlc_record(cap, HLC_F_POINT_OBB, 1, &a, &b, &answer, 0, where);
}

#if defined(__cplusplus) && defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

#endif /* HITLAB_CAPTURE_IMPLEMENTATION */
