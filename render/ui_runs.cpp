// Cutting the panels' draw commands into textured, solid and opaque runs (GL-free).
#include "ui_runs.h"

#include <cmath>

namespace hitlab {

namespace {

/// A run of triangles with the area of its untextured ones.
struct AreaRun {
    UiRun run;
    float area = 0.0f;
};

/// Runs below `minArea` of fill `from` become `to`; neighbours of one fill merge.
void Demote(std::vector<AreaRun>& runs, UiFill from, UiFill to, float minArea)
{
    std::size_t kept = 0;
    for (AreaRun r : runs) {
        if (r.run.fill == from && r.area < minArea) {
            r.run.fill = to;
        }
        if (kept > 0 && runs[kept - 1].run.fill == r.run.fill) {
            runs[kept - 1].run.indexCount += r.run.indexCount;
            runs[kept - 1].area += r.area;
        } else {
            runs[kept++] = r;
        }
    }
    runs.resize(kept);
}

} // namespace

UiFill FillOf(const UiVertex& a, const UiVertex& b, const UiVertex& c, glm::vec2 whiteUv)
{
    if (a.uv != whiteUv || b.uv != whiteUv || c.uv != whiteUv) {
        return UiFill::Textured;
    }
    // red in the lowest byte, alpha in the highest
    constexpr std::uint32_t kAlpha = 0xff000000u;
    const bool opaque = (a.color & kAlpha) == kAlpha && (b.color & kAlpha) == kAlpha && (c.color & kAlpha) == kAlpha;
    return opaque ? UiFill::Opaque : UiFill::Solid;
}

void SplitRuns(const UiList& list, const UiCommand& command, glm::vec2 whiteUv, float minArea, std::vector<UiRun>& out)
{
    const std::uint32_t end = command.firstIndex + command.indexCount;
    // maximal runs of triangles of one fill, with the area of the untextured ones
    std::vector<AreaRun> runs;
    for (std::uint32_t i = command.firstIndex; i + 3 <= end && i + 3 <= list.indices.size(); i += 3) {
        const std::size_t ia = std::size_t(list.indices[i]) + command.firstVertex;
        const std::size_t ib = std::size_t(list.indices[i + 1]) + command.firstVertex;
        const std::size_t ic = std::size_t(list.indices[i + 2]) + command.firstVertex;
        UiFill fill = UiFill::Textured;
        float area = 0.0f;
        if (ia < list.vertices.size() && ib < list.vertices.size() && ic < list.vertices.size()) {
            const UiVertex &a = list.vertices[ia], &b = list.vertices[ib], &c = list.vertices[ic];
            fill = FillOf(a, b, c, whiteUv);
            const glm::vec2 u = b.position - a.position, v = c.position - a.position;
            area = fill == UiFill::Textured ? 0.0f : 0.5f * std::abs(u.x * v.y - u.y * v.x);
        }
        if (!runs.empty() && runs.back().run.fill == fill) {
            runs.back().run.indexCount += 3;
            runs.back().area += area;
        } else {
            runs.push_back({{i, 3, fill}, area});
        }
    }
    // small runs are not worth a state change: opaque ones are drawn blended, then small solid
    // ones (with the opaque ones that joined them) with the atlas
    Demote(runs, UiFill::Opaque, UiFill::Solid, minArea);
    Demote(runs, UiFill::Solid, UiFill::Textured, minArea);
    for (const AreaRun& r : runs) {
        out.push_back(r.run);
    }
}

} // namespace hitlab
