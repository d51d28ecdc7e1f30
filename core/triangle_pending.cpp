// TRANSITIONAL (removed before issue 24 closes): the registrations of the triangle and mesh
// families until their algorithms' files define them. Each helper deletes its own block.

#include "algorithm.h"

namespace hitlab {

// ---- ray_mesh (branch mesh) ----
void RegisterRayMesh(std::vector<AlgorithmInfo>&) {}
// ---- end mesh ----

} // namespace hitlab
