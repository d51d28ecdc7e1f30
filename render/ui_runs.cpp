// Cutting the panels' draw commands into opaque and blended runs (GL-free).
#include "ui_runs.h"

#include <cmath>

namespace hitlab {

bool IsOpaqueSolid(const UiVertex& a, const UiVertex& b, const UiVertex& c, glm::vec2 whiteUv)
{
    // red in the lowest byte, alpha in the highest
    constexpr std::uint32_t kAlpha = 0xff000000u;
    return a.uv == whiteUv && b.uv == whiteUv && c.uv == whiteUv && (a.color & kAlpha) == kAlpha &&
           (b.color & kAlpha) == kAlpha && (c.color & kAlpha) == kAlpha;
}

void SplitOpaqueRuns(const UiList& list, const UiCommand& command, glm::vec2 whiteUv, float minArea,
                     std::vector<UiRun>& out)
{
    const std::size_t first = out.size();
    const std::uint32_t end = command.firstIndex + command.indexCount;
    // maximal runs of triangles of one kind, with the area of the opaque ones
    std::vector<float> areas;
    for (std::uint32_t i = command.firstIndex; i + 3 <= end && i + 3 <= list.indices.size(); i += 3) {
        const std::size_t ia = std::size_t(list.indices[i]) + command.firstVertex;
        const std::size_t ib = std::size_t(list.indices[i + 1]) + command.firstVertex;
        const std::size_t ic = std::size_t(list.indices[i + 2]) + command.firstVertex;
        bool opaque = false;
        float area = 0.0f;
        if (ia < list.vertices.size() && ib < list.vertices.size() && ic < list.vertices.size()) {
            const UiVertex &a = list.vertices[ia], &b = list.vertices[ib], &c = list.vertices[ic];
            opaque = IsOpaqueSolid(a, b, c, whiteUv);
            const glm::vec2 u = b.position - a.position, v = c.position - a.position;
            area = 0.5f * std::abs(u.x * v.y - u.y * v.x);
        }
        if (out.size() > first && out.back().opaque == opaque) {
            out.back().indexCount += 3;
            areas.back() += opaque ? area : 0.0f;
        } else {
            out.push_back({i, 3, opaque});
            areas.push_back(opaque ? area : 0.0f);
        }
    }
    // small opaque runs are not worth a state change: they join their neighbours
    std::size_t kept = first;
    for (std::size_t r = first; r < out.size(); ++r) {
        UiRun run = out[r];
        run.opaque = run.opaque && areas[r - first] >= minArea;
        if (kept > first && !out[kept - 1].opaque && !run.opaque) {
            out[kept - 1].indexCount += run.indexCount;
        } else {
            out[kept++] = run;
        }
    }
    out.resize(kept);
}

} // namespace hitlab
