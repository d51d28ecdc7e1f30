// Meshes from cached GL buffers (render/mesh_renderer.h).
#include "mesh_renderer.h"

#include "shader.h"

#include "core/mesh.h"

#include <glad/gl.h>

#include <algorithm>

namespace hitlab {

bool MeshRenderer::Create(std::string& error)
{
    m_program = CreateProgram("mesh.vert.glsl", "mesh.frag.glsl", error);
    if (m_program == 0) {
        return false;
    }
    m_colorLocation = glGetUniformLocation(m_program, "uColor");
    m_passLocation = glGetUniformLocation(m_program, "uPass");
    return true;
}

namespace {
void FreeMeshBuffers(unsigned& vao, unsigned& vertices, unsigned& indices)
{
    if (vao != 0) {
        glDeleteVertexArrays(1, &vao);
    }
    for (unsigned* b : {&vertices, &indices}) {
        if (*b != 0) {
            glDeleteBuffers(1, b);
        }
    }
    vao = vertices = indices = 0;
}
} // namespace

void MeshRenderer::Destroy()
{
    for (Cached& c : m_cache) {
        FreeMeshBuffers(c.vao, c.vertices, c.indices);
        FreeMeshBuffers(c.proxyVao, c.proxyVertices, c.proxyIndices);
    }
    m_cache.clear();
    m_proxies.Clear();
    m_instances.clear();
    m_held.clear();
    if (m_program != 0) {
        glDeleteProgram(m_program);
    }
    m_program = 0;
}

void MeshRenderer::Add(const std::shared_ptr<const MeshData>& mesh, const glm::vec4& color, bool edges)
{
    if (!mesh || mesh->triangles.empty()) {
        return;
    }
    auto it = std::find_if(m_cache.begin(), m_cache.end(), [&](const Cached& c) {
        return c.address == mesh.get() && !c.data.expired() && c.data.lock() == mesh;
    });
    if (it == m_cache.end()) {
        Cached c;
        c.data = mesh;
        c.address = mesh.get();
        c.serial = m_nextSerial++;
        c.indexCount = mesh->triangles.size() * 3;
        m_cache.push_back(c);
        it = m_cache.end() - 1;
    }
    it->unused = 0;
    const bool proxy = m_moving && mesh->triangles.size() > kMeshProxyThreshold;
    if (proxy) { // asked each frame, so that it stays cached while it is drawn
        it->proxy = m_proxies.Get(mesh, kMeshProxyBudget);
    }
    m_instances.push_back({it->serial, color, edges && !proxy ? 1u : 0u, proxy ? 1u : 0u});
    m_held.push_back(mesh);
}

const MeshRenderer::Cached* MeshRenderer::Find(std::uint64_t serial) const
{
    for (const Cached& c : m_cache) {
        if (c.serial == serial) {
            return &c;
        }
    }
    return nullptr;
}

void MeshRenderer::Upload(const Cached& cached) const
{
    const std::shared_ptr<const MeshData> mesh = cached.data.lock();
    if (!mesh) {
        return;
    }
    glGenVertexArrays(1, &cached.vao);
    glBindVertexArray(cached.vao);
    glGenBuffers(1, &cached.vertices);
    glBindBuffer(GL_ARRAY_BUFFER, cached.vertices);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(mesh->floatVertices.size() * sizeof(glm::vec3)),
                 mesh->floatVertices.data(), GL_STATIC_DRAW);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(glm::vec3), nullptr);
    glGenBuffers(1, &cached.indices);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, cached.indices);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(mesh->triangles.size() * sizeof(mesh->triangles[0])),
                 mesh->triangles.data(), GL_STATIC_DRAW);
    glBindVertexArray(0);
    ++m_uploads;
}

void MeshRenderer::UploadProxy(const Cached& cached) const
{
    const std::shared_ptr<const MeshData> mesh = cached.data.lock();
    if (!mesh || !cached.proxy) {
        return;
    }
    std::vector<glm::vec3> at(cached.proxy->vertices.size());
    for (std::size_t i = 0; i < at.size(); ++i) { // the proxy read at this copy's vertices
        at[i] = mesh->floatVertices[cached.proxy->vertices[i]];
    }
    glGenVertexArrays(1, &cached.proxyVao);
    glBindVertexArray(cached.proxyVao);
    glGenBuffers(1, &cached.proxyVertices);
    glBindBuffer(GL_ARRAY_BUFFER, cached.proxyVertices);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(at.size() * sizeof(glm::vec3)), at.data(), GL_STATIC_DRAW);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(glm::vec3), nullptr);
    glGenBuffers(1, &cached.proxyIndices);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, cached.proxyIndices);
    const auto& triangles = cached.proxy->triangles;
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(triangles.size() * sizeof(triangles[0])),
                 triangles.data(), GL_STATIC_DRAW);
    glBindVertexArray(0);
    ++m_uploads;
}

void MeshRenderer::Draw() const
{
    if (m_instances.empty()) {
        return;
    }
    glUseProgram(m_program);
    glEnable(GL_POLYGON_OFFSET_FILL);
    glPolygonOffset(1.0f, 1.0f); // the faces behind their edges
    for (const Instance& instance : m_instances) {
        const Cached* cached = Find(instance.serial);
        if (cached == nullptr) {
            continue;
        }
        const bool proxy = instance.proxy != 0 && cached->proxy;
        if (proxy && cached->proxyVao == 0) {
            UploadProxy(*cached);
        } else if (!proxy && cached->vao == 0) {
            Upload(*cached);
        }
        const auto count = static_cast<GLsizei>(proxy ? cached->proxy->triangles.size() * 3 : cached->indexCount);
        glBindVertexArray(proxy ? cached->proxyVao : cached->vao);
        glUniform4f(m_colorLocation, instance.color.x, instance.color.y, instance.color.z, instance.color.w);
        glUniform1i(m_passLocation, 0);
        // depth first, so that only the nearest surface is blended over what lies behind
        glDepthMask(GL_TRUE);
        glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
        glDrawElements(GL_TRIANGLES, count, GL_UNSIGNED_INT, nullptr);
        glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
        glDepthMask(GL_FALSE);
        glDrawElements(GL_TRIANGLES, count, GL_UNSIGNED_INT, nullptr);
        if (instance.edges != 0) {
            glUniform1i(m_passLocation, 1);
            glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
            glDrawElements(GL_TRIANGLES, count, GL_UNSIGNED_INT, nullptr);
            glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
        }
    }
    glDisable(GL_POLYGON_OFFSET_FILL);
    glBindVertexArray(0);
}

void MeshRenderer::Clear()
{
    m_instances.clear();
    m_held.clear();
    for (Cached& c : m_cache) {
        ++c.unused;
    }
    const auto stale = [](Cached& c) {
        if (c.unused <= kKeepFrames && !c.data.expired()) {
            return false;
        }
        FreeMeshBuffers(c.vao, c.vertices, c.indices);
        FreeMeshBuffers(c.proxyVao, c.proxyVertices, c.proxyIndices);
        return true;
    };
    m_cache.erase(std::remove_if(m_cache.begin(), m_cache.end(), stale), m_cache.end());
    m_proxies.Age();
}

} // namespace hitlab
