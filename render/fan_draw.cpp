// The dense ray view: fan samples, origin handles and grid outlines.
#include "fan_draw.h"
#include "draw_helpers.h"

#include "scene_draw.h"
#include "shader.h"

#include <glad/gl.h>
#include <glm/geometric.hpp>

#include <algorithm>
#include <cstddef>

namespace hitlab {

namespace {

void SetColor(GLint location, const glm::vec4& c) { glUniform4f(location, c.x, c.y, c.z, c.w); }

} // namespace

glm::vec4 FanSampleColor(const RayFan& fan, const FanSample& sample)
{
    switch (fan.Class(sample)) {
    case FanClass::AllHit:
        return fan_palette::kAllHit;
    case FanClass::AllMiss:
        return fan_palette::kAllMiss;
    case FanClass::Disagree:
        break;
    }
    if (fan.algorithms.size() == 2) {
        return sample.hitMask == 1u ? fan_palette::kOnlyA : fan_palette::kOnlyB;
    }
    return fan_palette::kDisagree;
}

void DrawFanGuides(const Scene& scene, const FanCache& cache, const FanDrawOptions& o, DrawSink& out)
{
    for (const SceneFan& fan : scene.Fans()) {
        if (!fan.enabled) {
            continue;
        }
        const bool hot = fan.id == o.hovered || fan.id == o.dragged;
        const glm::vec4 handle = hot                    ? palette::kHitMarker
                                 : fan.id == o.selected ? palette::kSelected
                                                        : fan_palette::kHandle;
        out.Marker(F(fan.origin), handle, hot ? 13.0f : 11.0f, MarkerKind::Disc);
        const FanCache::Entry* e = cache.Find(fan.id);
        if (e == nullptr || e->fan.samples.empty()) {
            continue;
        }
        // the grid's extent as core laid it out: four lines from the origin to its corners, and its border
        const RayFan& f = e->fan;
        const glm::dvec3 corners[4] = {
            f.center - f.right * f.half - f.up * f.half, f.center + f.right * f.half - f.up * f.half,
            f.center + f.right * f.half + f.up * f.half, f.center - f.right * f.half + f.up * f.half};
        const glm::vec4 guide =
            fan.id == o.selected ? glm::vec4(glm::vec3(palette::kSelected), 0.45f) : fan_palette::kGuide;
        for (int i = 0; i < 4; ++i) {
            out.Line(DrawLayer::Scene, F(fan.origin), F(corners[i]), guide, guide * glm::vec4(1, 1, 1, 0.6f), 1.0f);
            out.Line(DrawLayer::Scene, F(corners[i]), F(corners[(i + 1) % 4]), guide * glm::vec4(1, 1, 1, 0.6f), 1.0f);
        }
    }
}

bool FanRenderer::Create(std::string& error)
{
    m_program = CreateProgram("fan.vert.glsl", "tri.frag.glsl", error); // flat colour, as the triangles
    if (m_program == 0) {
        return false;
    }
    auto loc = [this](const char* name) { return glGetUniformLocation(m_program, name); };
    m_loc = {loc("uAllMask"), loc("uAlgorithms"), loc("uOrigin"), loc("uCellAngle"), loc("uHit"),
             loc("uMiss"),    loc("uOnlyA"),      loc("uOnlyB"),  loc("uDisagree")};
    return true;
}

void FanRenderer::Free(Gpu& gpu)
{
    if (gpu.vao != 0) {
        glDeleteVertexArrays(1, &gpu.vao);
    }
    if (gpu.buffer != 0) {
        glDeleteBuffers(1, &gpu.buffer);
    }
    gpu.vao = gpu.buffer = 0;
}

void FanRenderer::Destroy()
{
    for (Gpu& gpu : m_fans) {
        Free(gpu);
    }
    m_fans.clear();
    if (m_program != 0) {
        glDeleteProgram(m_program);
    }
    m_program = 0;
}

void FanRenderer::Sync(const Scene& scene, const FanCache& cache)
{
    if (m_program == 0) {
        return;
    }
    // free the buffers of fans that are gone
    for (Gpu& gpu : m_fans) {
        if (scene.FindFan(gpu.id) == nullptr) {
            Free(gpu);
        }
    }
    std::erase_if(m_fans, [](const Gpu& g) { return g.vao == 0 && g.id != 0; });
    for (const SceneFan& fan : scene.Fans()) {
        auto it = std::find_if(m_fans.begin(), m_fans.end(), [&](const Gpu& g) { return g.id == fan.id; });
        const FanCache::Entry* e = cache.Find(fan.id);
        if (it == m_fans.end()) {
            Gpu gpu;
            gpu.id = fan.id;
            glGenVertexArrays(1, &gpu.vao);
            glGenBuffers(1, &gpu.buffer);
            glBindVertexArray(gpu.vao);
            glBindBuffer(GL_ARRAY_BUFFER, gpu.buffer);
            constexpr GLsizei stride = sizeof(FanSample);
            glEnableVertexAttribArray(1);
            glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, stride,
                                  reinterpret_cast<const void*>(offsetof(FanSample, x)));
            glEnableVertexAttribArray(2);
            glVertexAttribIPointer(2, 1, GL_UNSIGNED_INT, stride,
                                   reinterpret_cast<const void*>(offsetof(FanSample, hitMask)));
            glBindVertexArray(0);
            m_fans.push_back(gpu);
            it = m_fans.end() - 1;
        }
        Gpu& gpu = *it;
        gpu.draw = fan.enabled && e != nullptr && !e->fan.samples.empty();
        if (e == nullptr || e->revision == gpu.revision) {
            continue; // unchanged: nothing to upload
        }
        gpu.revision = e->revision;
        const RayFan& f = e->fan;
        gpu.count = static_cast<int>(f.samples.size());
        gpu.allMask = f.allMask;
        gpu.algorithms = static_cast<int>(f.algorithms.size());
        gpu.origin = e->inputs ? F(e->inputs->origin) : glm::vec3(0.0f);
        const double toCenter = e->inputs ? glm::length(f.center - e->inputs->origin) : 0.0;
        gpu.cellAngle = f.n > 0 && toCenter > 0.0 ? float(2.0 * f.half / f.n / toCenter) : 0.0f;
        // the agreeing samples first, the disagreeing ones after them (drawn last, on top)
        std::vector<FanSample> ordered;
        ordered.reserve(f.samples.size());
        for (const FanSample& s : f.samples) {
            if (f.Class(s) != FanClass::Disagree) {
                ordered.push_back(s);
            }
        }
        gpu.agreeing = static_cast<int>(ordered.size());
        for (const FanSample& s : f.samples) {
            if (f.Class(s) == FanClass::Disagree) {
                ordered.push_back(s);
            }
        }
        glBindBuffer(GL_ARRAY_BUFFER, gpu.buffer);
        glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(ordered.size() * sizeof(FanSample)), ordered.data(),
                     GL_STATIC_DRAW);
        m_uploaded += f.samples.size();
    }
}

void FanRenderer::Draw() const
{
    if (m_program == 0 || std::none_of(m_fans.begin(), m_fans.end(), [](const Gpu& g) { return g.draw; })) {
        return;
    }
    // the view's uniforms come from the Frame block (as for every renderer); these are the fans'
    glUseProgram(m_program);
    SetColor(m_loc.hit, fan_palette::kAllHit);
    SetColor(m_loc.miss, fan_palette::kAllMiss);
    SetColor(m_loc.onlyA, fan_palette::kOnlyA);
    SetColor(m_loc.onlyB, fan_palette::kOnlyB);
    SetColor(m_loc.disagree, fan_palette::kDisagree);
    glDepthMask(GL_FALSE);
    glEnable(GL_PROGRAM_POINT_SIZE);
    // every fan's agreeing samples, then every fan's disagreeing ones on top
    for (int pass = 0; pass < 2; ++pass) {
        for (const Gpu& g : m_fans) {
            const int first = pass == 0 ? 0 : g.agreeing, count = pass == 0 ? g.agreeing : g.count - g.agreeing;
            if (!g.draw || count <= 0) {
                continue;
            }
            glUniform1ui(m_loc.allMask, g.allMask);
            glUniform1i(m_loc.algorithms, g.algorithms);
            glUniform3f(m_loc.origin, g.origin.x, g.origin.y, g.origin.z);
            glUniform1f(m_loc.cellAngle, g.cellAngle);
            glBindVertexArray(g.vao);
            glDrawArrays(GL_POINTS, first, count);
        }
    }
    glDisable(GL_PROGRAM_POINT_SIZE);
    glBindVertexArray(0);
}

} // namespace hitlab
