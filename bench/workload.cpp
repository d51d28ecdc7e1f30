// Generation of the benchmark workload: SplitMix64 (fixed, library-independent) in double.
#include "workload.h"

#include <cmath>
#include <numbers>
#include <type_traits>

namespace hitlab::bench {

namespace {

/// SplitMix64 (Steele, Lea & Flood 2014): the same numbers on every standard library.
class Random {
public:
    explicit Random(std::uint64_t seed) : m_state(seed) {}
    std::uint64_t Next()
    {
        std::uint64_t z = (m_state += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    /// Uniform in [0, 1) with 53 bits.
    double Unit() { return double(Next() >> 11) * 0x1.0p-53; }
    double Uniform(double lo, double hi) { return lo + (hi - lo) * Unit(); }
    glm::dvec3 InCube(double half) { return {Uniform(-half, half), Uniform(-half, half), Uniform(-half, half)}; }
    /// Uniform on the unit sphere (Marsaglia 1972 by rejection from the cube).
    glm::dvec3 OnSphere()
    {
        for (;;) {
            const glm::dvec3 p = InCube(1);
            const double len2 = p.x * p.x + p.y * p.y + p.z * p.z;
            if (len2 > 1e-6 && len2 <= 1) {
                return p / std::sqrt(len2);
            }
        }
    }
    /// Uniformly random rotation (Shoemake's uniform quaternion), as the three columns of its matrix.
    std::array<glm::dvec3, 3> Rotation()
    {
        const double u1 = Unit(), u2 = Uniform(0, 2 * std::numbers::pi), u3 = Uniform(0, 2 * std::numbers::pi);
        const double a = std::sqrt(1 - u1), b = std::sqrt(u1);
        const double w = a * std::sin(u2), x = a * std::cos(u2), y = b * std::sin(u3), z = b * std::cos(u3);
        return {glm::dvec3{1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y)},
                glm::dvec3{2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x)},
                glm::dvec3{2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)}};
    }

private:
    std::uint64_t m_state;
};

Aabb<double> RandomBox(Random& rng, double centerHalf)
{
    const glm::dvec3 c = rng.InCube(centerHalf);
    const glm::dvec3 h{rng.Uniform(0.2, 0.7), rng.Uniform(0.2, 0.7), rng.Uniform(0.2, 0.7)};
    return {c - h, c + h};
}

Sphere<double> RandomSphere(Random& rng, double centerHalf)
{
    const glm::dvec3 c = rng.InCube(centerHalf);
    return {c, rng.Uniform(0.25, 0.75)};
}

Obb<double> RandomObb(Random& rng, double centerHalf)
{
    Obb<double> o;
    o.center = rng.InCube(centerHalf);
    o.halfExtents = {rng.Uniform(0.2, 0.7), rng.Uniform(0.2, 0.7), rng.Uniform(0.2, 0.7)};
    o.axes = rng.Rotation();
    return o;
}

Workload<double> Generate()
{
    Workload<double> w;
    Random rng(kWorkloadSeed);
    const std::size_t n = kWorkloadSize;
    for (std::size_t i = 0; i < n; ++i) {
        Ray<double> ray;
        if (rng.Unit() < 0.8) {
            // from distance 3, aimed at a point of the scene cube
            ray.origin = 3.0 * rng.OnSphere();
            const glm::dvec3 d = rng.InCube(0.5) - ray.origin;
            ray.direction = d / std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
        } else {
            ray.origin = rng.InCube(0.5);
            ray.direction = rng.OnSphere();
        }
        w.rays.push_back(ray);
        w.segments.push_back({ray.origin, ray.origin + 6.0 * ray.direction});
    }
    for (std::size_t i = 0; i < n; ++i) {
        w.boxes.push_back(RandomBox(rng, 0.5));
        w.spheres.push_back(RandomSphere(rng, 0.5));
        w.obbs.push_back(RandomObb(rng, 0.5));
        const glm::dvec3 normal = rng.OnSphere();
        const glm::dvec3 p = rng.InCube(0.5);
        w.planes.push_back({normal, normal.x * p.x + normal.y * p.y + normal.z * p.z});
    }
    for (std::size_t i = 0; i < n; ++i) {
        w.boxesA.push_back(RandomBox(rng, 1.0));
        w.spheresA.push_back(RandomSphere(rng, 1.0));
        w.obbsA.push_back(RandomObb(rng, 1.0));
    }
    Random triangles(kWorkloadSeed + 1);
    for (std::size_t i = 0; i < n; ++i) {
        const glm::dvec3 c = triangles.InCube(0.5);
        w.triangles.push_back({{c + triangles.InCube(1.0), c + triangles.InCube(1.0), c + triangles.InCube(1.0)}});
    }
    return w;
}

} // namespace

template <typename T>
const Workload<T>& GetWorkload()
{
    static const Workload<T> workload = [] {
        const Workload<double> d = Generate();
        if constexpr (std::is_same_v<T, double>) {
            return d;
        } else {
            Workload<T> w;
            for (const auto& r : d.rays)
                w.rays.push_back(ShapeCast<T>(r));
            for (const auto& s : d.segments)
                w.segments.push_back(ShapeCast<T>(s));
            for (const auto& b : d.boxes)
                w.boxes.push_back(ShapeCast<T>(b));
            for (const auto& s : d.spheres)
                w.spheres.push_back(ShapeCast<T>(s));
            for (const auto& o : d.obbs)
                w.obbs.push_back(ShapeCast<T>(o));
            for (const auto& p : d.planes)
                w.planes.push_back(ShapeCast<T>(p));
            for (const auto& b : d.boxesA)
                w.boxesA.push_back(ShapeCast<T>(b));
            for (const auto& s : d.spheresA)
                w.spheresA.push_back(ShapeCast<T>(s));
            for (const auto& o : d.obbsA)
                w.obbsA.push_back(ShapeCast<T>(o));
            for (const auto& t : d.triangles)
                w.triangles.push_back(ShapeCast<T>(t));
            return w;
        }
    }();
    return workload;
}

template const Workload<float>& GetWorkload<float>();
template const Workload<double>& GetWorkload<double>();

} // namespace hitlab::bench
