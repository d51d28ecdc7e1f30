// Streaming vertex and index data into GL buffers (render/'s GL files only).
#pragma once

#include <glad/gl.h>

#include <cstddef>
#include <vector>

namespace hitlab {

/// Copies data into buffer (bound to target). The storage is reused while it is large enough (a
/// new one each frame costs a software driver fresh pages, page faults and all) and grows by half
/// when not.
template <typename T>
void Upload(GLenum target, GLuint buffer, std::size_t& capacity, const std::vector<T>& data)
{
    glBindBuffer(target, buffer);
    const std::size_t size = data.size() * sizeof(T);
    if (size > capacity) {
        capacity = size + size / 2;
        glBufferData(target, static_cast<GLsizeiptr>(capacity), nullptr, GL_STREAM_DRAW);
    }
    glBufferSubData(target, 0, static_cast<GLsizeiptr>(size), data.data());
}

} // namespace hitlab
