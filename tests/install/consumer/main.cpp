// An engine's test linking the installed HitLab core and exact judge: one ray/box query through
// the registry's reference algorithm and the judge. Prints both and exits 0 when they give the
// values worked out by hand (ray from x = -2 along +x, box [-1, 1]^3: enters at t = 1, leaves at 3).
#include "core/algorithm.h"
#include "core/exact/exact.h"

#include <cstdio>
#include <string>

int main()
{
    using namespace hitlab;
    const Query query{Family::RayAabb, Ray<double>{{-2, 0.5, 0.25}, {1, 0, 0}}, Aabb<double>{{-1, -1, -1}, {1, 1, 1}}};
    const AlgorithmInfo& reference = ReferenceAlgorithm(Family::RayAabb);
    const Result result = Run(reference, query, Precision::Double);
    const ExactResult exact = JudgeExact(query);
    std::printf("%s: hit %d, t in [%g, %g]; exact: %s\n", std::string(reference.name).c_str(), result.hit,
                result.tEnter, result.tExit, DescribeExact(exact).c_str());
    const bool ok = result.hit && result.tEnter == 1 && result.tExit == 3 && exact.hit && exact.tEnter.text == "1" &&
                    exact.tExit.text == "3";
    return ok ? 0 : 1;
}
