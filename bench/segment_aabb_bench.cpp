// segment_aabb: the workload's rays cut to length 6 against the ray_aabb boxes; Bullet's
// btRayAabb (the segment form, from / to) as the peer.
#include "harness.h"

#include "core/segment_aabb.h"

#include <LinearMath/btAabbUtil2.h>

namespace hitlab::bench {
namespace {

template <typename T>
void RegisterAll(bool all)
{
    const Workload<T>& w = GetWorkload<T>();
    const char* f = "segment_aabb";
    RegisterAlgorithm<T>(f, "segment_slab", w.segments, w.boxes,
                         [](const auto& a, const auto& b) { return SegmentAabbSegmentSlab(a, b).hit; });
    if (all) {
        RegisterAlgorithm<T>(f, "segment_sat", w.segments, w.boxes,
                             [](const auto& a, const auto& b) { return SegmentAabbSegmentSat(a, b).hit; });
    }
}

struct BulletMinMax {
    btVector3 min, max;
};

const int kRegistered = [] {
    static const std::vector<BulletMinMax> boxes = [] {
        std::vector<BulletMinMax> out;
        for (const Aabb<float>& b : GetWorkload<float>().boxes) {
            out.push_back({btVector3(b.min.x, b.min.y, b.min.z), btVector3(b.max.x, b.max.y, b.max.z)});
        }
        return out;
    }();
    RegisterNamed("peer/bullet_btRayAabb", GetWorkload<float>().segments, boxes,
                  [](const Segment<float>& s, const BulletMinMax& b) {
                      const btVector3 from(s.start.x, s.start.y, s.start.z);
                      const btVector3 to(s.end.x, s.end.y, s.end.z);
                      btScalar param = 1;
                      btVector3 normal;
                      return btRayAabb(from, to, b.min, b.max, param, normal);
                  });
    RegisterAll<float>(true);
    RegisterAll<double>(false);
    return 0;
}();

} // namespace
} // namespace hitlab::bench
