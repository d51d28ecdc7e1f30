// ImGui's draw lists through GL.
#include "ui_draw.h"
#include "gl_upload.h"

#include "shader.h"
#include "ui_runs.h"

#include <glad/gl.h>
#include <glm/gtc/type_ptr.hpp>
#include <glm/mat4x4.hpp>

#include <cstddef>

namespace hitlab {

namespace {

/// Square display pixels an untextured run must cover to be drawn in its own state (about a line
/// of text's height squared: a panel's background, a bar; not a check box or a scroll bar's grab).
constexpr float kSolidRunArea = 4096.0f;

} // namespace

bool UiRenderer::Create(std::string& error)
{
    m_program = CreateProgram("ui.vert.glsl", "ui.frag.glsl", error);
    if (m_program == 0) {
        return false;
    }
    m_projectionLocation = glGetUniformLocation(m_program, "uProjection");
    m_textureLocation = glGetUniformLocation(m_program, "uTexture");
    m_solidProgram = CreateProgram("ui.vert.glsl", "ui_solid.frag.glsl", error);
    if (m_solidProgram == 0) {
        return false;
    }
    m_solidProjectionLocation = glGetUniformLocation(m_solidProgram, "uProjection");
    glGenVertexArrays(1, &m_vao);
    glGenBuffers(1, &m_vertexBuffer);
    glGenBuffers(1, &m_indexBuffer);
    glBindVertexArray(m_vao);
    glBindBuffer(GL_ARRAY_BUFFER, m_vertexBuffer);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, m_indexBuffer);
    constexpr GLsizei stride = sizeof(UiVertex);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, stride,
                          reinterpret_cast<const void*>(offsetof(UiVertex, position)));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<const void*>(offsetof(UiVertex, uv)));
    glEnableVertexAttribArray(2);
    glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride,
                          reinterpret_cast<const void*>(offsetof(UiVertex, color)));
    glBindVertexArray(0);
    return true;
}

void UiRenderer::Destroy()
{
    if (m_solidProgram != 0) {
        glDeleteProgram(m_solidProgram);
    }
    if (m_program != 0) {
        glDeleteProgram(m_program);
        glDeleteVertexArrays(1, &m_vao);
        glDeleteBuffers(1, &m_vertexBuffer);
        glDeleteBuffers(1, &m_indexBuffer);
    }
    m_program = m_solidProgram = m_vao = m_vertexBuffer = m_indexBuffer = 0;
    m_vertexCapacity = m_indexCapacity = 0;
}

void UiRenderer::UseFill(UiFill fill, UiFill previous) const
{
    if ((fill == UiFill::Textured) != (previous == UiFill::Textured)) {
        glUseProgram(fill == UiFill::Textured ? m_program : m_solidProgram);
    }
    if ((fill == UiFill::Opaque) != (previous == UiFill::Opaque)) {
        if (fill == UiFill::Opaque) {
            glDisable(GL_BLEND);
        } else {
            glEnable(GL_BLEND);
        }
    }
}

void UiRenderer::Draw(const UiFrame& frame, glm::ivec2 framebuffer)
{
    if (m_program == 0 || framebuffer.x <= 0 || framebuffer.y <= 0) {
        return;
    }
    // the state ImGui's OpenGL 3 backend draws with
    glEnable(GL_BLEND);
    glBlendEquation(GL_FUNC_ADD);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glDisable(GL_CULL_FACE);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_STENCIL_TEST);
    glEnable(GL_SCISSOR_TEST);
    glViewport(0, 0, framebuffer.x, framebuffer.y);
    // display coordinates (top left origin) to clip space
    const float l = frame.displayPos.x, r = l + frame.displaySize.x;
    const float t = frame.displayPos.y, b = t + frame.displaySize.y;
    const glm::mat4 projection(2.0f / (r - l), 0.0f, 0.0f, 0.0f, 0.0f, 2.0f / (t - b), 0.0f, 0.0f, 0.0f, 0.0f, -1.0f,
                               0.0f, (r + l) / (l - r), (t + b) / (b - t), 0.0f, 1.0f);
    glUseProgram(m_solidProgram);
    glUniformMatrix4fv(m_solidProjectionLocation, 1, GL_FALSE, glm::value_ptr(projection));
    glUseProgram(m_program);
    glUniformMatrix4fv(m_projectionLocation, 1, GL_FALSE, glm::value_ptr(projection));
    glUniform1i(m_textureLocation, 0);
    glActiveTexture(GL_TEXTURE0);
    glBindVertexArray(m_vao);
    UiFill state = UiFill::Textured; // the state of the last run: as ImGui's backend draws
    std::vector<UiRun> runs;
    for (const UiList& list : frame.lists) {
        Upload(GL_ARRAY_BUFFER, m_vertexBuffer, m_vertexCapacity, list.vertices);
        Upload(GL_ELEMENT_ARRAY_BUFFER, m_indexBuffer, m_indexCapacity, list.indices);
        for (const UiCommand& c : list.commands) {
            const glm::vec2 lo = (glm::vec2(c.clip.x, c.clip.y) - frame.displayPos) * frame.framebufferScale;
            const glm::vec2 hi = (glm::vec2(c.clip.z, c.clip.w) - frame.displayPos) * frame.framebufferScale;
            if (hi.x <= lo.x || hi.y <= lo.y) {
                continue;
            }
            glScissor(int(lo.x), int(float(framebuffer.y) - hi.y), int(hi.x - lo.x), int(hi.y - lo.y));
            glBindTexture(GL_TEXTURE_2D, GLuint(c.texture));
            runs.clear();
            if (frame.fontTexture != 0 && c.texture == frame.fontTexture) {
                SplitRuns(list, c, frame.whiteUv, kSolidRunArea, runs);
            } else {
                runs.push_back({c.firstIndex, c.indexCount, UiFill::Textured});
            }
            for (const UiRun& run : runs) {
                if (run.fill != state) {
                    UseFill(run.fill, state);
                    state = run.fill;
                }
                glDrawElementsBaseVertex(GL_TRIANGLES, GLsizei(run.indexCount), GL_UNSIGNED_SHORT,
                                         reinterpret_cast<const void*>(std::size_t(run.firstIndex) * 2),
                                         GLint(c.firstVertex));
            }
        }
    }
    UseFill(UiFill::Textured, state);
    glDisable(GL_SCISSOR_TEST);
    glBindVertexArray(0);
}

} // namespace hitlab
