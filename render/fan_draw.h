// The dense ray view on screen: every sample of the scene's ray fans as a small square coloured by
// its class (core/fan_cache.h computed them; nothing here intersects anything), the fan's origin
// as a handle and faint lines from it to the grid's corners. The samples go to the GPU as core
// stores them (FanSample, 16 bytes) and only when a fan was recomputed; each fan is one instanced
// draw per pass.
#pragma once

#include "camera.h"
#include "renderers.h"

#include "core/fan_cache.h"

#include <string>
#include <vector>

namespace hitlab {

/// The fan colours (linear RGBA), shared with the legend, the panel and the pixel tests.
namespace fan_palette {
inline constexpr glm::vec4 kAllHit{0.36f, 0.78f, 0.47f, 0.9f};  ///< every algorithm hits
inline constexpr glm::vec4 kAllMiss{0.55f, 0.57f, 0.6f, 0.16f}; ///< every algorithm misses (at the aim point)
inline constexpr glm::vec4 kOnlyA{1.0f, 0.55f, 0.05f, 1.0f};    ///< two algorithms: only the first hits
inline constexpr glm::vec4 kOnlyB{1.0f, 0.2f, 0.85f, 1.0f};     ///< two algorithms: only the second hits
inline constexpr glm::vec4 kDisagree{1.0f, 0.2f, 0.85f, 1.0f};  ///< three or more: they disagree
inline constexpr glm::vec4 kHandle{0.98f, 0.9f, 0.45f, 1.0f};   ///< the origin handle
inline constexpr glm::vec4 kGuide{0.98f, 0.9f, 0.45f, 0.3f};    ///< origin to the grid's corners
} // namespace fan_palette

/// The colour a sample is drawn in (what fan.vert.glsl decides), for legends and tests.
glm::vec4 FanSampleColor(const RayFan& fan, const FanSample& sample);

struct FanDrawOptions {
    Camera camera;
    FanId hovered = 0;
    FanId selected = 0;
    FanId dragged = 0;
};

/// The origin handles and grid outlines of the scene's enabled fans (into the batched renderers).
void DrawFanGuides(const Scene& scene, const FanCache& cache, const FanDrawOptions& options, DrawSink& out);

/// The samples of the scene's enabled fans: one GPU buffer per fan, uploaded when its revision changed.
class FanRenderer {
public:
    bool Create(std::string& error);
    void Destroy();
    /// Brings the GPU buffers in line with the cache (uploads only recomputed fans, frees removed ones)
    /// and remembers which fans to draw.
    void Sync(const Scene& scene, const FanCache& cache);
    /// Draws the samples (depth-tested, no depth writes) with the Frame block bound; call between
    /// the solids and the overlays (Renderers::beforeOverlays).
    void Draw() const;
    /// Samples uploaded so far (the tests check that an unchanged fan is not uploaded again).
    std::size_t Uploaded() const { return m_uploaded; }

private:
    struct Gpu {
        FanId id = 0;
        std::uint64_t revision = 0;
        unsigned vao = 0, buffer = 0;
        int count = 0;
        int agreeing = 0; ///< the buffer holds the agreeing samples first, then the disagreeing ones
        bool draw = false;
        // the uniforms of this fan
        std::uint32_t allMask = 0;
        int algorithms = 0;
        glm::vec3 origin{0.0f};
        float cellAngle = 0.0f;
    };
    void Free(Gpu& gpu);
    std::vector<Gpu> m_fans;
    unsigned m_program = 0;
    struct Locations { ///< the fan uniforms, looked up once when the program is made
        int allMask = -1, algorithms = -1, origin = -1, cellAngle = -1;
        int hit = -1, miss = -1, onlyA = -1, onlyB = -1, disagree = -1;
    } m_loc;
    std::size_t m_uploaded = 0;
};

} // namespace hitlab
