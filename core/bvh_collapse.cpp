// Collapsing a mesh's binary hierarchy into the 4-wide one the casts walk (bvh.h): which binary
// nodes become wide nodes (a dynamic programme on node areas), the wide nodes' SoA boxes, the
// leaves' blocks; and the memory of those arrays.
#include "bvh.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <limits>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace hitlab {

namespace bvh_collapse {

/// Half the surface area of a binary node's box, in double.
template <typename T>
double CollapseHalfArea(const Aabb<T>& box)
{
    const glm::dvec3 d = glm::dvec3(box.max) - glm::dvec3(box.min);
    return d.x * d.y + d.y * d.z + d.z * d.x;
}

/// How to collapse the binary hierarchy (the dynamic programme of Ylitie, Karras and Laine 2017,
/// "Efficient Incoherent Ray Traversal on GPUs Through Compressed Wide BVHs", on node areas alone:
/// the leaves are the binary tree's whatever the collapse, so the wide tree's SAH cost differs only
/// in the summed area of its nodes). For binary node n: cost[n][k - 1] the least summed half area
/// of the wide nodes below n when its subtree fills at most k child slots of a wide node (k = 1 to
/// 4), split[n][k - 1] how many of those slots its first child takes (0: n itself takes one slot,
/// as a leaf or a wide node), split[n][4] that for the four slots of a wide node made at n.
struct BvhCollapsePlan {
    std::vector<std::array<double, 4>> cost;
    std::vector<std::array<std::uint8_t, 5>> split;
};

template <typename T>
BvhCollapsePlan BvhPlanCollapse(const std::vector<BvhNode<T>>& binary)
{
    BvhCollapsePlan plan{std::vector<std::array<double, 4>>(binary.size()),
                         std::vector<std::array<std::uint8_t, 5>>(binary.size())};
    // children come after their parent in the array: this visits them first
    for (std::size_t n = binary.size(); n-- > 0;) {
        const BvhNode<T>& node = binary[n];
        if (node.count > 0) {
            continue; // a leaf: one slot, no wide node (cost and split 0)
        }
        const auto &left = plan.cost[node.index], &right = plan.cost[node.index + 1];
        // the cheapest division of k slots between the two children (first child's share in j)
        const auto divide = [&](int k, std::uint8_t& j) {
            double best = std::numeric_limits<double>::infinity();
            for (int first = 1; first < k; ++first) {
                const double c = left[std::size_t(first - 1)] + right[std::size_t(k - first - 1)];
                if (c < best) {
                    best = c;
                    j = std::uint8_t(first);
                }
            }
            return best;
        };
        auto& cost = plan.cost[n];
        auto& split = plan.split[n];
        // two slots each unless a division is cheaper; kept where no cost compares (the areas of
        // boxes with infinite coordinates are inf or NaN), since a wide node needs a split in 1..3
        split[4] = 2;
        cost[0] = CollapseHalfArea(node.box) + divide(4, split[4]);
        for (int k = 2; k <= 4; ++k) {
            std::uint8_t j = 0;
            const double c = divide(k, j);
            const bool divided = c < cost[0];
            cost[std::size_t(k - 1)] = divided ? c : cost[0];
            split[std::size_t(k - 1)] = divided ? j : 0;
        }
    }
    return plan;
}

/// Appends the binary nodes that fill the k slots planned for binary node n to kids.
template <typename T>
void BvhGatherSlots(const std::vector<BvhNode<T>>& binary, const BvhCollapsePlan& plan, std::uint32_t n, int k,
                    std::array<std::uint32_t, 4>& kids, int& count)
{
    const int first = plan.split[n][std::size_t(k - 1)];
    if (first == 0) {
        kids[std::size_t(count++)] = n;
        return;
    }
    BvhGatherSlots(binary, plan, binary[n].index, first, kids, count);
    BvhGatherSlots(binary, plan, binary[n].index + 1, k - first, kids, count);
}

/// The up to four binary nodes a wide node over binary node b takes (b itself when it is a leaf: a
/// hierarchy of one leaf). Returns how many.
template <typename T>
int BvhWideChildren(const std::vector<BvhNode<T>>& binary, const BvhCollapsePlan& plan, std::uint32_t b,
                    std::array<std::uint32_t, 4>& kids)
{
    int count = 0;
    if (binary[b].count > 0) {
        kids[std::size_t(count++)] = b;
        return count;
    }
    const int first = plan.split[b][4];
    BvhGatherSlots(binary, plan, binary[b].index, first, kids, count);
    BvhGatherSlots(binary, plan, binary[b].index + 1, 4 - first, kids, count);
    return count;
}

/// The block of a binary leaf: its triangles' corners and indices (bvh.order for its positions).
template <typename T>
BvhBlock<T> BvhMakeBlock(const BvhNode<T>& leaf, const MeshBvh& bvh, const std::vector<Vec3<T>>& vertices,
                         const std::vector<std::array<std::uint32_t, 3>>& triangles)
{
    BvhBlock<T> block;
    for (std::uint32_t lane = 0; lane < leaf.count; ++lane) {
        const std::uint32_t id = bvh.order[leaf.index + lane];
        block.id[lane] = id;
        for (int corner = 0; corner < 3; ++corner) {
            const Vec3<T>& p = vertices[triangles[id][std::size_t(corner)]];
            for (int a = 0; a < 3; ++a) {
                block.v[3 * corner + a][lane] = p[a];
            }
        }
    }
    return block;
}

} // namespace bvh_collapse

using namespace bvh_collapse;

template <typename T>
void CollapseBvh(MeshBvh& bvh, const std::vector<Vec3<T>>& vertices,
                 const std::vector<std::array<std::uint32_t, 3>>& triangles)
{
    const std::vector<BvhNode<T>>& binary = bvh.template Nodes<T>();
    const BvhCollapsePlan plan = BvhPlanCollapse(binary);
    // a block per binary leaf, made in place; the wide nodes (fewer than the binary inner nodes)
    // in an ordinary vector, copied into the hierarchy's array in one allocation at the end
    const auto leaves =
        std::size_t(std::count_if(binary.begin(), binary.end(), [](const BvhNode<T>& node) { return node.count > 0; }));
    BvhArray<BvhBlock<T>>& blocks = bvh.template Blocks<T>();
    blocks.reserve(leaves);
    std::vector<BvhWideNode<T>> wide(1);
    wide.reserve(binary.size() - leaves + 1);
    std::vector<std::array<std::uint32_t, 2>> stack{{0, 0}}; // binary node, its wide node
    while (!stack.empty()) {
        const auto [b, w] = stack.back();
        stack.pop_back();
        std::array<std::uint32_t, 4> kids{};
        const int n = BvhWideChildren(binary, plan, b, kids);
        BvhWideNode<T> node;
        for (int i = 0; i < n; ++i) {
            const BvhNode<T>& kid = binary[kids[std::size_t(i)]];
            for (int a = 0; a < 3; ++a) {
                node.bounds[a][i] = kid.box.min[a];
                node.bounds[3 + a][i] = kid.box.max[a];
            }
            node.valid = std::uint8_t(node.valid | 1 << i);
            node.count[i] = std::uint8_t(kid.count);
            if (kid.count > 0) {
                node.child[i] = std::uint32_t(blocks.size());
                blocks.push_back(BvhMakeBlock(kid, bvh, vertices, triangles));
                continue;
            }
            node.child[i] = std::uint32_t(wide.size());
            wide.emplace_back();
            stack.push_back({kids[std::size_t(i)], node.child[i]});
        }
        wide[w] = node;
    }
    bvh.template Wide<T>().assign(wide.begin(), wide.end());
}

template void CollapseBvh<float>(MeshBvh&, const std::vector<Vec3<float>>&,
                                 const std::vector<std::array<std::uint32_t, 3>>&);
template void CollapseBvh<double>(MeshBvh&, const std::vector<Vec3<double>>&,
                                  const std::vector<std::array<std::uint32_t, 3>>&);

void* BvhAllocate(std::size_t bytes, std::size_t alignment)
{
    constexpr std::size_t kHuge = std::size_t(2) << 20;
    // no object is this large; said first, so that GCC sees no call of aligned_alloc with a size
    // over the largest object (at -O3 on aarch64 it followed std::vector's size checks into one)
    if (bytes > std::size_t(std::numeric_limits<std::ptrdiff_t>::max()) / 2) {
        throw std::bad_alloc();
    }
    const bool huge = bytes >= 2 * kHuge;
    const std::size_t align = huge ? kHuge : std::max(alignment, sizeof(void*));
    const std::size_t rounded = (std::max<std::size_t>(bytes, 1) + align - 1) / align * align;
    void* p = std::aligned_alloc(align, rounded);
    if (p == nullptr) {
        throw std::bad_alloc();
    }
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (huge) {
        ::madvise(p, rounded, MADV_HUGEPAGE); // advice only: without it the pages are ordinary
    }
#endif
    return p;
}

void BvhFree(void* p) noexcept { std::free(p); }

} // namespace hitlab
