// Building a mesh's hierarchy (bvh.h): binned SAH over the triangles' boxes, one work item per
// node on an explicit stack, nodes flattened as they are made (children in adjacent slots).
#include "bvh.h"

#include "worker_pool.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <thread>

namespace hitlab {

// a named namespace (not anonymous): the build lambda captures these types
namespace bvh_build {

/// A triangle while the hierarchy is built: its exact box, its centroid (for binning only) and id.
template <typename T>
struct BvhBuildTri {
    Aabb<T> box;
    Vec3<T> centroid;
    std::uint32_t id;
};

template <typename T>
Aabb<T> BvhEmptyBox()
{
    constexpr T kInf = std::numeric_limits<T>::infinity();
    return {Vec3<T>(kInf), Vec3<T>(-kInf)};
}

template <typename T>
[[gnu::always_inline]] inline void BvhGrow(Aabb<T>& box, const Aabb<T>& other)
{
    for (int a = 0; a < 3; ++a) {
        box.min[a] = other.min[a] < box.min[a] ? other.min[a] : box.min[a];
        box.max[a] = other.max[a] > box.max[a] ? other.max[a] : box.max[a];
    }
}

template <typename T>
[[gnu::always_inline]] inline void BvhGrow(Aabb<T>& box, const Vec3<T>& p)
{
    for (int a = 0; a < 3; ++a) {
        box.min[a] = p[a] < box.min[a] ? p[a] : box.min[a];
        box.max[a] = p[a] > box.max[a] ? p[a] : box.max[a];
    }
}

/// Half the surface area (the SAH cost's weight), in double; 0 for an empty box.
template <typename T>
double BvhHalfArea(const Aabb<T>& box)
{
    if (!(box.min.x <= box.max.x)) {
        return 0;
    }
    const glm::dvec3 d = glm::dvec3(box.max) - glm::dvec3(box.min);
    return d.x * d.y + d.y * d.z + d.z * d.x;
}

/// Maps a centroid coordinate to its bin along one axis of an item: (c - lo) * scale, clamped.
struct BvhBinner {
    double lo = 0, scale = 0;
    BvhBinner(double low, double high) : lo(low), scale(kBvhBins * (1 - 1e-9) / (high - low)) {}
    int operator()(double c) const
    {
        const double f = (c - lo) * scale;
        return f >= kBvhBins - 1 ? kBvhBins - 1 : f > 0 ? int(f) : 0; // NaN (infinite extent): bin 0
    }
};

/// One node to build: its slot, its triangles [begin, end) of the build array, depth, bounds.
template <typename T>
struct BvhItem {
    std::uint32_t node, begin, end;
    int depth;
    Aabb<T> box, centroids;
};

/// The best SAH split of an item: axis and first bin of the right side (axis -1: none found).
struct BvhSplit {
    int axis = -1;
    int bin = 0;
    double cost = std::numeric_limits<double>::infinity();
};

/// The bins of an item's triangles on each axis whose centroid extent is not empty, in one pass.
template <typename T>
struct BvhBins {
    std::array<std::array<Aabb<T>, kBvhBins>, 3> boxes;
    std::array<std::array<std::uint32_t, kBvhBins>, 3> counts{};
    bool used[3]{};
};

template <typename T>
void BvhFillBins(const std::vector<BvhBuildTri<T>>& tris, const BvhItem<T>& item, BvhBins<T>& bins)
{
    BvhBinner binners[3] = {BvhBinner(item.centroids.min.x, item.centroids.max.x),
                            BvhBinner(item.centroids.min.y, item.centroids.max.y),
                            BvhBinner(item.centroids.min.z, item.centroids.max.z)};
    for (int axis = 0; axis < 3; ++axis) {
        bins.used[axis] = item.centroids.min[axis] < item.centroids.max[axis];
        bins.boxes[std::size_t(axis)].fill(BvhEmptyBox<T>());
        // an empty extent: every triangle in bin 0 (scale 0 or NaN), unused
        binners[axis].scale = bins.used[axis] ? binners[axis].scale : 0;
    }
    for (std::uint32_t i = item.begin; i < item.end; ++i) {
        const BvhBuildTri<T>& t = tris[i];
        for (std::size_t axis = 0; axis < 3; ++axis) {
            const auto b = std::size_t(binners[axis](double(t.centroid[int(axis)])));
            ++bins.counts[axis][b];
            BvhGrow(bins.boxes[axis][b], t.box);
        }
    }
}

template <typename T>
BvhSplit BvhFindSplit(const std::vector<BvhBuildTri<T>>& tris, const BvhItem<T>& item)
{
    BvhSplit best;
    BvhBins<T> bins;
    BvhFillBins(tris, item, bins);
    for (int axis = 0; axis < 3; ++axis) {
        if (!bins.used[axis]) {
            continue;
        }
        const auto& boxes = bins.boxes[std::size_t(axis)];
        const auto& counts = bins.counts[std::size_t(axis)];
        // sweep from the right: the cost of everything from bin b on
        std::array<double, kBvhBins> rightCost{};
        Aabb<T> right = BvhEmptyBox<T>();
        std::uint32_t rightCount = 0;
        for (int b = kBvhBins - 1; b > 0; --b) {
            BvhGrow(right, boxes[std::size_t(b)]);
            rightCount += counts[std::size_t(b)];
            rightCost[std::size_t(b)] = BvhHalfArea(right) * rightCount;
        }
        Aabb<T> left = BvhEmptyBox<T>();
        std::uint32_t leftCount = 0;
        for (int b = 1; b < kBvhBins; ++b) {
            BvhGrow(left, boxes[std::size_t(b - 1)]);
            leftCount += counts[std::size_t(b - 1)];
            const double cost = BvhHalfArea(left) * leftCount + rightCost[std::size_t(b)];
            if (leftCount > 0 && leftCount < item.end - item.begin && cost < best.cost) {
                best = {axis, b, cost};
            }
        }
    }
    return best;
}

/// Items of at most this many triangles are split at the median (binning costs more than it gains).
constexpr std::uint32_t kBvhMedianBelow = 16;

/// Splits an item's triangles in two (SAH, or the median on the widest centroid axis) and returns
/// the first triangle of the right half.
template <typename T>
std::uint32_t BvhPartition(std::vector<BvhBuildTri<T>>& tris, const BvhItem<T>& item)
{
    const auto first = tris.begin() + item.begin, last = tris.begin() + item.end;
    if (item.depth < 40 && item.end - item.begin > kBvhMedianBelow) {
        const BvhSplit split = BvhFindSplit(tris, item);
        if (split.axis >= 0) {
            const BvhBinner bin(item.centroids.min[split.axis], item.centroids.max[split.axis]);
            const auto middle = std::partition(
                first, last, [&](const BvhBuildTri<T>& t) { return bin(double(t.centroid[split.axis])) < split.bin; });
            return std::uint32_t(middle - tris.begin());
        }
    }
    const Vec3<T> extent = item.centroids.max - item.centroids.min;
    const int axis = extent.x >= extent.y && extent.x >= extent.z ? 0 : extent.y >= extent.z ? 1 : 2;
    const auto middle = first + (last - first) / 2;
    std::nth_element(first, middle, last, [axis](const BvhBuildTri<T>& a, const BvhBuildTri<T>& b) {
        return a.centroid[axis] < b.centroid[axis];
    });
    return std::uint32_t(middle - tris.begin());
}

/// The item of the triangles [begin, end): their box and centroid bounds.
template <typename T>
BvhItem<T> BvhMakeItem(const std::vector<BvhBuildTri<T>>& tris, std::uint32_t node, std::uint32_t begin,
                       std::uint32_t end, int depth)
{
    BvhItem<T> item{node, begin, end, depth, BvhEmptyBox<T>(), BvhEmptyBox<T>()};
    for (std::uint32_t i = begin; i < end; ++i) {
        BvhGrow(item.box, tris[i].box);
        BvhGrow(item.centroids, tris[i].centroid);
    }
    return item;
}

template <typename T>
std::vector<BvhBuildTri<T>> BvhBuildTris(const std::vector<Vec3<T>>& vertices,
                                         const std::vector<std::array<std::uint32_t, 3>>& triangles)
{
    std::vector<BvhBuildTri<T>> tris(triangles.size());
    for (std::size_t i = 0; i < triangles.size(); ++i) {
        const Vec3<T>&a = vertices[triangles[i][0]], &b = vertices[triangles[i][1]], &c = vertices[triangles[i][2]];
        BvhBuildTri<T>& t = tris[i];
        t.box = {glm::min(glm::min(a, b), c), glm::max(glm::max(a, b), c)};
        t.centroid = t.box.min * T(0.5) + t.box.max * T(0.5);
        t.id = std::uint32_t(i);
    }
    return tris;
}

/// Splits an inner item: its node gets two new children in nodes, returned as items (left, right).
template <typename T>
std::array<BvhItem<T>, 2> BvhSplitItem(std::vector<BvhBuildTri<T>>& tris, const BvhItem<T>& item,
                                       std::vector<BvhNode<T>>& nodes)
{
    const std::uint32_t middle = BvhPartition(tris, item);
    const auto child = std::uint32_t(nodes.size());
    nodes[item.node].index = child;
    nodes[item.node].count = 0;
    nodes.emplace_back();
    nodes.emplace_back();
    return {BvhMakeItem(tris, child, item.begin, middle, item.depth + 1),
            BvhMakeItem(tris, child + 1, middle, item.end, item.depth + 1)};
}

/// Builds the subtree of root (whose node slot exists in nodes) depth first; returns its depth.
template <typename T>
int BvhBuildSubtree(std::vector<BvhBuildTri<T>>& tris, const BvhItem<T>& root, std::vector<BvhNode<T>>& nodes)
{
    int depth = 0;
    std::vector<BvhItem<T>> stack{root};
    while (!stack.empty()) {
        const BvhItem<T> item = stack.back();
        stack.pop_back();
        depth = std::max(depth, item.depth);
        nodes[item.node].box = item.box;
        if (item.end - item.begin <= kBvhLeafSize) {
            nodes[item.node].index = item.begin;
            nodes[item.node].count = item.end - item.begin;
            continue;
        }
        const auto children = BvhSplitItem(tris, item, nodes);
        stack.push_back(children[1]);
        stack.push_back(children[0]);
    }
    return depth;
}

/// Copies a subtree built alone (its root in sub[0]) into nodes: the root into slot, the rest
/// appended, child indices moved along.
template <typename T>
void BvhSplice(const std::vector<BvhNode<T>>& sub, std::uint32_t slot, std::vector<BvhNode<T>>& nodes)
{
    const auto base = std::uint32_t(nodes.size()) - 1; // sub's node k >= 1 goes to base + k
    for (std::size_t k = 0; k < sub.size(); ++k) {
        BvhNode<T> node = sub[k];
        node.index = node.count == 0 ? node.index + base : node.index;
        if (k == 0) {
            nodes[slot] = node;
        } else {
            nodes.push_back(node);
        }
    }
}

/// Subtrees of at least this many triangles are built on threads of their own.
constexpr std::uint32_t kBvhParallelMin = 1u << 16;

} // namespace bvh_build

using namespace bvh_build;

template <typename T>
std::shared_ptr<const MeshBvh> BuildBvh(const std::vector<Vec3<T>>& vertices,
                                        const std::vector<std::array<std::uint32_t, 3>>& triangles)
{
    auto bvh = std::make_shared<MeshBvh>();
    if (triangles.empty()) {
        return bvh;
    }
    std::vector<BvhBuildTri<T>> tris = BvhBuildTris(vertices, triangles);
    std::vector<BvhNode<T>>& nodes = bvh->template Nodes<T>();
    nodes.emplace_back();
    // the top levels here, splitting the largest item until there are a few per thread; then
    // each of those subtrees on a thread of its own (disjoint ranges of tris), spliced in order
    const std::size_t threads = std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1, 8);
    std::vector<BvhItem<T>> items{BvhMakeItem(tris, 0, 0, std::uint32_t(tris.size()), 1)};
    while (threads > 1 && items.size() < 4 * threads) {
        const auto largest = std::max_element(
            items.begin(), items.end(), [](const auto& a, const auto& b) { return a.end - a.begin < b.end - b.begin; });
        if (largest->end - largest->begin < kBvhParallelMin) {
            break;
        }
        const BvhItem<T> item = *largest;
        items.erase(largest);
        nodes[item.node].box = item.box;
        bvh->depth = std::max(bvh->depth, item.depth);
        const auto children = BvhSplitItem(tris, item, nodes);
        items.insert(items.end(), children.begin(), children.end());
    }
    std::vector<std::vector<BvhNode<T>>> subtrees(items.size(), std::vector<BvhNode<T>>(1));
    std::vector<int> depths(items.size(), 0);
    std::atomic<std::size_t> next{0};
    WorkerPool pool;
    pool.Run(std::min(threads, items.size()), [&](std::size_t) {
        for (std::size_t i = next++; i < items.size(); i = next++) {
            BvhItem<T> root = items[i];
            root.node = 0;
            depths[i] = BvhBuildSubtree(tris, root, subtrees[i]);
        }
    });
    for (std::size_t i = 0; i < items.size(); ++i) {
        BvhSplice(subtrees[i], items[i].node, nodes);
        bvh->depth = std::max(bvh->depth, depths[i]);
    }
    bvh->order.resize(tris.size());
    for (std::size_t i = 0; i < tris.size(); ++i) {
        bvh->order[i] = tris[i].id;
    }
    CollapseBvh(*bvh, vertices, triangles);
    return bvh;
}

template std::shared_ptr<const MeshBvh> BuildBvh<float>(const std::vector<Vec3<float>>&,
                                                        const std::vector<std::array<std::uint32_t, 3>>&);
template std::shared_ptr<const MeshBvh> BuildBvh<double>(const std::vector<Vec3<double>>&,
                                                         const std::vector<std::array<std::uint32_t, 3>>&);

const MeshBvh& BvhOf(const MeshData& mesh, bool doublePrecision)
{
    const int slot = doublePrecision ? 1 : 0;
    std::call_once(mesh.bvhOnce[slot], [&mesh, slot, doublePrecision] {
        mesh.bvh[slot] = doublePrecision ? BuildBvh<double>(mesh.vertices, mesh.triangles)
                                         : BuildBvh<float>(mesh.floatVertices, mesh.triangles);
    });
    return *mesh.bvh[slot];
}

} // namespace hitlab
