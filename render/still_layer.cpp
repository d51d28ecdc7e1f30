// The still layer's cache: an offscreen colour and depth target, redrawn when its content key
// changes, copied into the frame by a full-target triangle.
#include "still_layer.h"

#include "frame.h"
#include "shader.h"

#include <glad/gl.h>

#include <cstring>

namespace hitlab {

namespace {

/// Appends the bytes of a trivially copyable value.
template <typename T>
void AppendBytes(std::vector<std::byte>& out, const T& value)
{
    // resize and copy: GCC 12's -Wstringop-overflow misreads the inlined insert of a range
    const std::size_t at = out.size();
    out.resize(at + sizeof(T));
    std::memcpy(out.data() + at, &value, sizeof(T));
}

void AppendRect(std::vector<std::byte>& out, const PixelRect& r)
{
    for (const int v : {r.x, r.y, r.width, r.height}) {
        AppendBytes(out, v);
    }
}

} // namespace

bool StillLayer::Begin(std::string& error)
{
    if (m_created) {
        return true;
    }
    if (!m_failed.empty()) {
        error = m_failed;
        return false;
    }
    if (!m_sink.Create(error)) {
        m_failed = error;
        return false;
    }
    m_program = CreateProgram("still.vert.glsl", "still.frag.glsl", error);
    if (m_program == 0) {
        m_sink.Destroy();
        m_failed = error;
        return false;
    }
    m_colorLocation = glGetUniformLocation(m_program, "uColor");
    m_depthLocation = glGetUniformLocation(m_program, "uDepth");
    glGenVertexArrays(1, &m_vao);
    m_created = true;
    return true;
}

bool StillLayer::Resize(glm::ivec2 size, std::string& error)
{
    if (m_framebuffer != 0 && size == m_size) {
        return true;
    }
    if (m_framebuffer == 0) {
        glGenFramebuffers(1, &m_framebuffer);
        glGenTextures(1, &m_color);
        glGenTextures(1, &m_depth);
    }
    m_size = size;
    m_key.clear();
    glBindTexture(GL_TEXTURE_2D, m_color);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, size.x, size.y, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glBindTexture(GL_TEXTURE_2D, m_depth);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, size.x, size.y, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8,
                 nullptr);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_NONE);
    glBindTexture(GL_TEXTURE_2D, 0);
    GLint previous = 0;
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &previous);
    glBindFramebuffer(GL_FRAMEBUFFER, m_framebuffer);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, m_color, 0);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_TEXTURE_2D, m_depth, 0);
    const bool complete = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
    glBindFramebuffer(GL_FRAMEBUFFER, GLuint(previous));
    if (!complete) {
        error = "cannot create the still layer's offscreen target";
    }
    return complete;
}

bool NeedsStillLayer(const Scene& scene)
{
    if (scene.Shapes().size() >= kStillLayerShapes) {
        return true;
    }
    std::size_t triangles = 0;
    for (const SceneShape& s : scene.Shapes()) {
        if (const auto* mesh = std::get_if<Mesh<double>>(&s.shape)) {
            triangles += mesh->TriangleCount();
        }
    }
    return triangles >= kStillLayerTriangles;
}

bool StillLayer::Prepare(const DrawView& view, glm::ivec2 framebuffer, const glm::vec4& background,
                         const std::vector<PixelRect>& occluded, const PixelRect& drawn)
{
    std::string error;
    m_ready = m_created && Resize(framebuffer, error);
    if (!m_ready) {
        m_sink.Clear();
        return false;
    }
    m_next.clear();
    AppendBytes(m_next, MakeFrameUniforms(view));
    AppendBytes(m_next, background);
    AppendRect(m_next, drawn);
    for (const PixelRect& r : occluded) {
        AppendRect(m_next, r);
    }
    // the sink's bytes compared where they lie (8 MB for 100,000 boxes), copied only when they differ
    std::size_t at = m_next.size();
    bool same = true;
    m_sink.VisitContent([&](std::span<const std::byte> bytes) {
        const std::size_t size = bytes.size();
        const auto* sizeBytes = reinterpret_cast<const std::byte*>(&size);
        same = same && at + sizeof(size) + size <= m_key.size() &&
               std::memcmp(m_key.data() + at, sizeBytes, sizeof(size)) == 0 &&
               (size == 0 || std::memcmp(m_key.data() + at + sizeof(size), bytes.data(), size) == 0);
        at += sizeof(size) + size;
    });
    same = same && at == m_key.size() && std::memcmp(m_key.data(), m_next.data(), m_next.size()) == 0;
    const bool redraw = !same;
    if (redraw) {
        m_sink.VisitContent([&](std::span<const std::byte> bytes) {
            const std::size_t size = bytes.size();
            const auto* sizeBytes = reinterpret_cast<const std::byte*>(&size);
            m_next.insert(m_next.end(), sizeBytes, sizeBytes + sizeof(size));
            m_next.insert(m_next.end(), bytes.begin(), bytes.end());
        });
    }
    if (redraw) {
        GLint target = 0;
        glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &target);
        glBindFramebuffer(GL_FRAMEBUFFER, m_framebuffer);
        BeginScene(framebuffer, background, occluded, drawn);
        m_sink.Flush(view);
        EndScene();
        glBindFramebuffer(GL_FRAMEBUFFER, GLuint(target));
        m_key.swap(m_next);
    }
    m_sink.Clear();
    return redraw;
}

void StillLayer::Copy() const
{
    if (!m_ready) {
        return;
    }
    // colour replaced, depth written where the target's own depth test lets it (under the panels
    // BeginScene set the near plane, which stays)
    glDisable(GL_BLEND);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LEQUAL);
    glDepthMask(GL_TRUE);
    glUseProgram(m_program);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, m_color);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, m_depth);
    glUniform1i(m_colorLocation, 0);
    glUniform1i(m_depthLocation, 1);
    glBindVertexArray(m_vao);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glBindVertexArray(0);
    glBindTexture(GL_TEXTURE_2D, 0);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, 0);
}

void StillLayer::Destroy()
{
    if (m_framebuffer != 0) {
        glDeleteFramebuffers(1, &m_framebuffer);
        glDeleteTextures(1, &m_color);
        glDeleteTextures(1, &m_depth);
    }
    if (m_created) {
        glDeleteProgram(m_program);
        glDeleteVertexArrays(1, &m_vao);
        m_sink.Destroy();
    }
    m_framebuffer = m_color = m_depth = m_program = m_vao = 0;
    m_created = m_ready = false;
    m_size = glm::ivec2(0);
    m_key.clear();
}

} // namespace hitlab
