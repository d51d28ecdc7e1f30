// The Frame uniform block: its values from a view, and its buffer.
#include "frame_uniforms.h"

#include "shader.h"

#include <glad/gl.h>

#include <cstring>

namespace hitlab {

FrameUniforms MakeFrameUniforms(const DrawView& view)
{
    FrameUniforms u;
    u.viewProj = view.viewProj;
    u.view = view.view;
    u.proj = view.proj;
    u.eye = view.eye;
    u.pixelScale = view.pixelScale * view.sizeScale;
    u.forward = view.forward;
    u.viewport = view.viewportPixels;
    u.orthographic = view.orthographic ? 1 : 0;
    return u;
}

void FrameBlock::Create()
{
    glGenBuffers(1, &m_buffer);
    glBindBuffer(GL_UNIFORM_BUFFER, m_buffer);
    glBufferData(GL_UNIFORM_BUFFER, sizeof(FrameUniforms), nullptr, GL_DYNAMIC_DRAW);
    glBindBuffer(GL_UNIFORM_BUFFER, 0);
    m_uploaded = false;
}

void FrameBlock::Destroy()
{
    if (m_buffer != 0) {
        glDeleteBuffers(1, &m_buffer);
    }
    m_buffer = 0;
}

void FrameBlock::Set(const FrameUniforms& values)
{
    if (!m_uploaded || std::memcmp(&values, &m_last, sizeof values) != 0) {
        glBindBuffer(GL_UNIFORM_BUFFER, m_buffer);
        glBufferSubData(GL_UNIFORM_BUFFER, 0, sizeof values, &values);
        glBindBuffer(GL_UNIFORM_BUFFER, 0);
        m_last = values;
        m_uploaded = true;
    }
    glBindBufferBase(GL_UNIFORM_BUFFER, kFrameBlockBinding, m_buffer);
}

} // namespace hitlab
