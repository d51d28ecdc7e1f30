// What the engine plugins (plugins/*) share: the float queries widened to double for engines that
// compute in double, the double results rounded back, and the batch loops. Only hitlab/plugin.h
// of HitLab, as for any plugin.
#pragma once

#include "hitlab/plugin.h"

#include <cmath>
#include <cstddef>
#include <vector>

namespace hitlab_engine {

/// One query answered in double: the engine's call and the result's fields.
using AnswerD = void (*)(const hitlab_query_d& query, hitlab_result_d& result);

/// Widens a float query to double: every float is a double, so the engine sees exactly what
/// HitLab's float algorithms see. Every shape but a mesh (a reference, hitlab_mesh, not numbers) and
/// a convex shape (a pointer to its points: WideConvex).
inline hitlab_query_d Widen(const hitlab_query_f& q)
{
    hitlab_query_d d{};
    // the union's largest member (obb: 15 numbers) covers every shape: widen number by number
    const float* from[2] = {&q.a.obb.center[0], &q.b.obb.center[0]};
    double* to[2] = {&d.a.obb.center[0], &d.b.obb.center[0]};
    for (int s = 0; s < 2; ++s) {
        for (int i = 0; i < 15; ++i) {
            to[s][i] = double(from[s][i]);
        }
    }
    return d;
}

/// Rounds a double result to float (to nearest), as the float batch function returns it.
inline void Narrow(const hitlab_result_d& d, hitlab_result_f& f)
{
    f.hit = d.hit;
    f.has_normal = d.has_normal;
    f.has_separating_axis = d.has_separating_axis;
    f.error = d.error;
    f.t_enter = float(d.t_enter);
    f.t_exit = float(d.t_exit);
    f.depth = float(d.depth);
    for (int i = 0; i < 3; ++i) {
        f.point[i] = float(d.point[i]);
        f.normal[i] = float(d.normal[i]);
        f.contact[i] = float(d.contact[i]);
        f.separating_axis[i] = float(d.separating_axis[i]);
    }
    f.u = float(d.u);
    f.v = float(d.v);
    f.front = d.front;
    f.triangle = d.triangle;
    f.has_distance = d.has_distance;
    f.distance = float(d.distance);
    for (int i = 0; i < 3; ++i) {
        f.closest_a[i] = float(d.closest_a[i]);
        f.closest_b[i] = float(d.closest_b[i]);
    }
}

/// The batch functions of an algorithm computed in double: run_d answers each query; run_f widens
/// it, answers in double and rounds the result.
template <AnswerD Answer>
void BatchD(const hitlab_query_d* queries, hitlab_result_d* results, std::size_t count)
{
    for (std::size_t i = 0; i < count; ++i) {
        Answer(queries[i], results[i]);
    }
}
template <AnswerD Answer>
void BatchF(const hitlab_query_f* queries, hitlab_result_f* results, std::size_t count)
{
    for (std::size_t i = 0; i < count; ++i) {
        hitlab_result_d r{};
        Answer(Widen(queries[i]), r);
        Narrow(r, results[i]);
    }
}

/// A float convex_convex query widened to double: its points copied into doubles this object keeps,
/// which query's convex shapes point to.
struct WideConvex {
    std::vector<double> a, b;
    hitlab_query_d query{};

    explicit WideConvex(const hitlab_query_f& q)
        : a(q.a.convex.points, q.a.convex.points + 3 * std::size_t(q.a.convex.count)),
          b(q.b.convex.points, q.b.convex.points + 3 * std::size_t(q.b.convex.count))
    {
        query.a.convex = {a.data(), q.a.convex.count};
        query.b.convex = {b.data(), q.b.convex.count};
    }
    WideConvex(const WideConvex&) = delete;
    WideConvex& operator=(const WideConvex&) = delete;
};

/// BatchF for convex_convex: each query's points widened (WideConvex), answered in double, the
/// result rounded to float.
template <AnswerD Answer>
void BatchConvexF(const hitlab_query_f* queries, hitlab_result_f* results, std::size_t count)
{
    for (std::size_t i = 0; i < count; ++i) {
        const WideConvex wide(queries[i]);
        hitlab_result_d r{};
        Answer(wide.query, r);
        Narrow(r, results[i]);
    }
}

/// Writes origin + t * direction into point.
inline void PointAt(const hitlab_ray_d& ray, double t, double point[3])
{
    for (int i = 0; i < 3; ++i) {
        point[i] = ray.origin[i] + t * ray.direction[i];
    }
}

/// |v|.
inline double Length(const double v[3]) { return std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]); }

} // namespace hitlab_engine
