// sphere_sphere registration.
#include "sphere_sphere.h"

#include "algorithm.h"

namespace hitlab {

void RegisterSphereSphere(std::vector<AlgorithmInfo>& out)
{
    out.push_back({
        .name = "distance",
        .family = Family::SphereSphere,
        .title = "Squared centre distance (reference)",
        .summary = "Compares the squared distance of the centres with the squared radius sum (touching counts); "
                   "coincident centres get the normal +x.",
        .source = "Ericson, Real-Time Collision Detection (2005) 4.3.1",
        .reference = true,
        .published = false,
        .conventions = {{"touching", "overlap"}},
        .returns = kOverlapFields,
        .flaw = "",
        .run = MakeRun<Sphere, Sphere>([](const auto& a, const auto& b, Trace* t) { return SphereSphereDistance(a, b, t); }),
    });
}

} // namespace hitlab
