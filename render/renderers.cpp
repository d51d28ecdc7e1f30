// Batched renderers: one vertex array per primitive, instance data streamed once per draw.
#include "renderers.h"
#include "gl_upload.h"

#include "scene_draw.h"
#include "shader.h"

#include <glad/gl.h>

#include <cmath>
#include <cstddef>

namespace hitlab {

namespace {

/// Float attribute `location` of `components` at byte `offset` of the bound array buffer.
void Attribute(GLuint location, GLint components, GLsizei stride, size_t offset, GLuint divisor)
{
    glEnableVertexAttribArray(location);
    glVertexAttribPointer(location, components, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<const void*>(offset));
    glVertexAttribDivisor(location, divisor);
}

GLuint StaticBuffer(const void* data, GLsizeiptr size)
{
    GLuint buffer = 0;
    glGenBuffers(1, &buffer);
    glBindBuffer(GL_ARRAY_BUFFER, buffer);
    glBufferData(GL_ARRAY_BUFFER, size, data, GL_STATIC_DRAW);
    return buffer;
}

void DestroyObjects(unsigned& program, unsigned& vao, std::initializer_list<unsigned*> buffers)
{
    if (program != 0) {
        glDeleteProgram(program);
    }
    if (vao != 0) {
        glDeleteVertexArrays(1, &vao);
    }
    for (unsigned* b : buffers) {
        if (*b != 0) {
            glDeleteBuffers(1, b);
        }
        *b = 0;
    }
    program = vao = 0;
}

// A quad as a triangle strip: (0 | 1 along, -1 | +1 across) for lines, (-1..1)^2 for markers.
const float kLineQuad[] = {0, -1, 1, -1, 0, 1, 1, 1};
const float kCenteredQuad[] = {-1, -1, 1, -1, -1, 1, 1, 1};

} // namespace

// ---- lines ----

bool LineRenderer::Create(std::string& error, bool withFade)
{
    m_program = CreateProgram("line.vert.glsl", "line.frag.glsl", error, withFade ? "#define LINE_FADE\n" : "");
    if (m_program == 0) {
        return false;
    }
    m_fadeLocation = withFade ? glGetUniformLocation(m_program, "uFade") : -1;
    glGenVertexArrays(1, &m_vao);
    glBindVertexArray(m_vao);
    m_quad = StaticBuffer(kLineQuad, sizeof(kLineQuad));
    Attribute(0, 2, 2 * sizeof(float), 0, 0);
    glGenBuffers(1, &m_buffer);
    glBindBuffer(GL_ARRAY_BUFFER, m_buffer);
    constexpr GLsizei s = sizeof(Instance);
    Attribute(1, 3, s, offsetof(Instance, a), 1);
    Attribute(2, 3, s, offsetof(Instance, b), 1);
    Attribute(3, 4, s, offsetof(Instance, colorA), 1);
    Attribute(4, 4, s, offsetof(Instance, colorB), 1);
    Attribute(5, 1, s, offsetof(Instance, width), 1);
    glBindVertexArray(0);
    return true;
}

void LineRenderer::Destroy()
{
    DestroyObjects(m_program, m_vao, {&m_quad, &m_buffer});
    m_capacity = 0;
}

void LineRenderer::Add(const glm::vec3& a, const glm::vec3& b, const glm::vec4& colorA, const glm::vec4& colorB,
                       float width)
{
    m_instances.push_back(Instance{a, b, colorA, colorB, width});
}

void LineRenderer::Draw() const
{
    if (m_instances.empty()) {
        return;
    }
    glUseProgram(m_program);
    if (m_fadeLocation >= 0) {
        glUniform4f(m_fadeLocation, m_fade.x, m_fade.y, m_fade.z, m_fade.w);
    }
    glBindVertexArray(m_vao);
    Upload(GL_ARRAY_BUFFER, m_buffer, m_capacity, m_instances);
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(m_instances.size()));
    glBindVertexArray(0);
}

// ---- markers ----

bool MarkerRenderer::Create(std::string& error)
{
    m_program = CreateProgram("marker.vert.glsl", "marker.frag.glsl", error);
    if (m_program == 0) {
        return false;
    }
    glGenVertexArrays(1, &m_vao);
    glBindVertexArray(m_vao);
    m_quad = StaticBuffer(kCenteredQuad, sizeof(kCenteredQuad));
    Attribute(0, 2, 2 * sizeof(float), 0, 0);
    glGenBuffers(1, &m_buffer);
    glBindBuffer(GL_ARRAY_BUFFER, m_buffer);
    constexpr GLsizei s = sizeof(Instance);
    Attribute(1, 3, s, offsetof(Instance, position), 1);
    Attribute(2, 4, s, offsetof(Instance, color), 1);
    Attribute(3, 2, s, offsetof(Instance, sizeKind), 1);
    Attribute(4, 3, s, offsetof(Instance, toward), 1);
    glBindVertexArray(0);
    return true;
}

void MarkerRenderer::Destroy()
{
    DestroyObjects(m_program, m_vao, {&m_quad, &m_buffer});
    m_capacity = 0;
}

void MarkerRenderer::Add(const glm::vec3& position, const glm::vec4& color, float size, MarkerKind kind,
                         const glm::vec3& toward)
{
    m_instances.push_back(Instance{position, color, {size, float(static_cast<int>(kind))}, toward});
}

void MarkerRenderer::Draw() const
{
    if (m_instances.empty()) {
        return;
    }
    glUseProgram(m_program);
    glBindVertexArray(m_vao);
    Upload(GL_ARRAY_BUFFER, m_buffer, m_capacity, m_instances);
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(m_instances.size()));
    glBindVertexArray(0);
}

// ---- boxes ----

bool BoxRenderer::Create(std::string& error)
{
    m_program = CreateProgram("box.vert.glsl", "box.frag.glsl", error);
    if (m_program == 0) {
        return false;
    }
    // the unit cube [-1, 1]^3 as 12 counter-clockwise triangles, with face normals
    std::vector<float> mesh;
    for (int axis = 0; axis < 3; ++axis) {
        for (int sign = -1; sign <= 1; sign += 2) {
            glm::vec3 n(0.0f), u(0.0f), v(0.0f);
            n[axis] = float(sign);
            // u x v = n keeps the winding counter-clockwise seen from outside
            u[sign > 0 ? (axis + 1) % 3 : (axis + 2) % 3] = 1.0f;
            v[sign > 0 ? (axis + 2) % 3 : (axis + 1) % 3] = 1.0f;
            const glm::vec3 corners[4] = {n - u - v, n + u - v, n + u + v, n - u + v};
            const int order[6] = {0, 1, 2, 0, 2, 3};
            for (int i : order) {
                const glm::vec3& p = corners[i];
                mesh.insert(mesh.end(), {p.x, p.y, p.z, n.x, n.y, n.z});
            }
        }
    }
    glGenVertexArrays(1, &m_vao);
    glBindVertexArray(m_vao);
    m_mesh = StaticBuffer(mesh.data(), static_cast<GLsizeiptr>(mesh.size() * sizeof(float)));
    Attribute(0, 3, 6 * sizeof(float), 0, 0);
    Attribute(1, 3, 6 * sizeof(float), 3 * sizeof(float), 0);
    glGenBuffers(1, &m_buffer);
    glBindBuffer(GL_ARRAY_BUFFER, m_buffer);
    constexpr GLsizei s = sizeof(Instance);
    Attribute(2, 3, s, offsetof(Instance, center), 1);
    Attribute(3, 3, s, offsetof(Instance, halfExtents), 1);
    Attribute(4, 3, s, offsetof(Instance, axis0), 1);
    Attribute(5, 3, s, offsetof(Instance, axis1), 1);
    Attribute(6, 3, s, offsetof(Instance, axis2), 1);
    Attribute(7, 4, s, offsetof(Instance, color), 1);
    Attribute(8, 4, s, offsetof(Instance, edgeColor), 1);
    Attribute(9, 1, s, offsetof(Instance, edgeWidth), 1);
    glBindVertexArray(0);
    return true;
}

void BoxRenderer::Destroy()
{
    DestroyObjects(m_program, m_vao, {&m_mesh, &m_buffer});
    m_capacity = 0;
}

void BoxRenderer::Add(const glm::vec3& center, const glm::vec3& halfExtents, const glm::mat3& axes,
                      const glm::vec4& color, const glm::vec4& edgeColor, float edgeWidth)
{
    m_instances.push_back(Instance{center, halfExtents, axes[0], axes[1], axes[2], color, edgeColor, edgeWidth});
}

void BoxRenderer::Draw() const
{
    if (m_instances.empty()) {
        return;
    }
    glUseProgram(m_program);
    glBindVertexArray(m_vao);
    Upload(GL_ARRAY_BUFFER, m_buffer, m_capacity, m_instances);
    glEnable(GL_CULL_FACE);
    glCullFace(GL_BACK);
    glDrawArraysInstanced(GL_TRIANGLES, 0, 36, static_cast<GLsizei>(m_instances.size()));
    glDisable(GL_CULL_FACE);
    glBindVertexArray(0);
}

// ---- spheres ----

bool SphereRenderer::Create(std::string& error)
{
    m_program = CreateProgram("sphere.vert.glsl", "sphere.frag.glsl", error);
    if (m_program == 0) {
        return false;
    }
    glGenVertexArrays(1, &m_vao);
    glBindVertexArray(m_vao);
    m_quad = StaticBuffer(kCenteredQuad, sizeof(kCenteredQuad));
    Attribute(0, 2, 2 * sizeof(float), 0, 0);
    glGenBuffers(1, &m_buffer);
    glBindBuffer(GL_ARRAY_BUFFER, m_buffer);
    constexpr GLsizei s = sizeof(Instance);
    Attribute(1, 3, s, offsetof(Instance, center), 1);
    Attribute(2, 1, s, offsetof(Instance, radius), 1);
    Attribute(3, 4, s, offsetof(Instance, color), 1);
    Attribute(4, 4, s, offsetof(Instance, outline), 1);
    glBindVertexArray(0);
    return true;
}

void SphereRenderer::Destroy()
{
    DestroyObjects(m_program, m_vao, {&m_quad, &m_buffer});
    m_capacity = 0;
}

void SphereRenderer::Add(const glm::vec3& center, float radius, const glm::vec4& color, const glm::vec4& outline)
{
    m_instances.push_back(Instance{center, radius, color, outline});
}

void SphereRenderer::Draw() const
{
    if (m_instances.empty()) {
        return;
    }
    glUseProgram(m_program);
    glBindVertexArray(m_vao);
    Upload(GL_ARRAY_BUFFER, m_buffer, m_capacity, m_instances);
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(m_instances.size()));
    glBindVertexArray(0);
}

// ---- triangles ----

bool TriangleRenderer::Create(std::string& error)
{
    m_program = CreateProgram("tri.vert.glsl", "tri.frag.glsl", error);
    if (m_program == 0) {
        return false;
    }
    glGenVertexArrays(1, &m_vao);
    glBindVertexArray(m_vao);
    glGenBuffers(1, &m_buffer);
    glBindBuffer(GL_ARRAY_BUFFER, m_buffer);
    Attribute(0, 3, sizeof(Vertex), offsetof(Vertex, position), 0);
    Attribute(1, 4, sizeof(Vertex), offsetof(Vertex, color), 0);
    glBindVertexArray(0);
    return true;
}

void TriangleRenderer::Destroy()
{
    unsigned none = 0;
    DestroyObjects(m_program, m_vao, {&m_buffer, &none});
    m_capacity = 0;
}

void TriangleRenderer::Add(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c, const glm::vec4& color)
{
    m_vertices.push_back({a, color});
    m_vertices.push_back({b, color});
    m_vertices.push_back({c, color});
}

void TriangleRenderer::Draw() const
{
    if (m_vertices.empty()) {
        return;
    }
    glUseProgram(m_program);
    glBindVertexArray(m_vao);
    Upload(GL_ARRAY_BUFFER, m_buffer, m_capacity, m_vertices);
    glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(m_vertices.size()));
    glBindVertexArray(0);
}

// ---- the grid ----

namespace {
/// The grid polygon's corners (shaders/grid.vert.glsl): a square, two triangles.
constexpr GLsizei kGridSides = 4;
} // namespace

bool GridRenderer::Create(std::string& error)
{
    m_program = CreateProgram("grid.vert.glsl", "grid.frag.glsl", error,
                              ("#define GRID_SIDES " + std::to_string(kGridSides) + "\n").c_str());
    if (m_program == 0) {
        return false;
    }
    m_center = glGetUniformLocation(m_program, "uCenter");
    m_stepU = glGetUniformLocation(m_program, "uStepU");
    m_stepV = glGetUniformLocation(m_program, "uStepV");
    m_radius = glGetUniformLocation(m_program, "uRadius");
    m_extent = glGetUniformLocation(m_program, "uExtent");
    m_axisAt = glGetUniformLocation(m_program, "uAxisAt");
    m_minor = glGetUniformLocation(m_program, "uMinor");
    m_major = glGetUniformLocation(m_program, "uMajor");
    m_width = glGetUniformLocation(m_program, "uWidth");
    m_background = glGetUniformLocation(m_program, "uBackground");
    glGenVertexArrays(1, &m_vao); // no attributes: the corners come from gl_VertexID
    return true;
}

void GridRenderer::Destroy() { DestroyObjects(m_program, m_vao, {}); }

void GridRenderer::Draw() const
{
    if (!m_set) {
        return;
    }
    const GridLayout& g = m_grid;
    glm::vec3 stepU(0.0f), stepV(0.0f);
    stepU[g.u] = float(g.step);
    stepV[g.v] = float(g.step);
    // the origin in steps from the centre: a whole number, the centre lying on a major crossing
    const auto stepsTo = [&](int axis) { return float(std::round(-g.center[axis] / g.step)); };
    glUseProgram(m_program);
    glUniform3f(m_center, float(g.center.x), float(g.center.y), float(g.center.z));
    glUniform3f(m_stepU, stepU.x, stepU.y, stepU.z);
    glUniform3f(m_stepV, stepV.x, stepV.y, stepV.z);
    glUniform1f(m_radius, float(g.radius / g.step));
    glUniform1f(m_extent, float(g.extent / g.step));
    glUniform2f(m_axisAt, stepsTo(g.u), stepsTo(g.v));
    glUniform4fv(m_minor, 1, &palette::kGridMinor.x);
    glUniform4fv(m_major, 1, &palette::kGridMajor.x);
    glUniform1f(m_width, 1.0f);
    glUniform3f(m_background, background.x, background.y, background.z);
    // opaque over the cleared frame: no blending (the depth test still keeps it off the panels)
    glDisable(GL_BLEND);
    glBindVertexArray(m_vao);
    glDrawArrays(GL_TRIANGLE_FAN, 0, kGridSides);
    glBindVertexArray(0);
    glEnable(GL_BLEND);
}

// ---- all of them ----

bool Renderers::Create(std::string& error)
{
    frame.Create();
    return lines.Create(error) && grid.Create(error) && gridLines.Create(error, true) && surfaces.Create(error) &&
           boxes.Create(error) && spheres.Create(error) && meshes.Create(error) && overlayLines.Create(error) &&
           overlayMarkers.Create(error) && overlaySurfaces.Create(error);
}

void Renderers::Destroy()
{
    frame.Destroy();
    lines.Destroy();
    grid.Destroy();
    gridLines.Destroy();
    surfaces.Destroy();
    boxes.Destroy();
    spheres.Destroy();
    meshes.Destroy();
    overlayLines.Destroy();
    overlayMarkers.Destroy();
    overlaySurfaces.Destroy();
}

void Renderers::Clear()
{
    lines.Clear();
    grid.Clear();
    gridLines.Clear();
    surfaces.Clear();
    boxes.Clear();
    spheres.Clear();
    meshes.Clear();
    overlayLines.Clear();
    overlayMarkers.Clear();
    overlaySurfaces.Clear();
}

void Renderers::Line(DrawLayer layer, const glm::vec3& a, const glm::vec3& b, const glm::vec4& colorA,
                     const glm::vec4& colorB, float width)
{
    LineRenderer& to = layer == DrawLayer::Grid ? gridLines : layer == DrawLayer::Scene ? lines : overlayLines;
    to.Add(a, b, colorA, colorB, width);
}

void Renderers::VisitContent(const std::function<void(std::span<const std::byte>)>& piece) const
{
    for (const LineRenderer* l : {&lines, &gridLines, &overlayLines}) {
        piece(l->Bytes());
    }
    piece(overlayMarkers.Bytes());
    piece(boxes.Bytes());
    piece(spheres.Bytes());
    piece(meshes.Bytes());
    piece(surfaces.Bytes());
    piece(overlaySurfaces.Bytes());
    const std::byte gridSet{static_cast<unsigned char>(grid.IsSet() ? 1 : 0)}; // the grid follows the view
    piece(std::span<const std::byte>(&gridSet, 1));
}

void Renderers::Flush(const DrawView& view)
{
    frame.Set(MakeFrameUniforms(view));
    glEnable(GL_BLEND);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LEQUAL);

    // the grid lies under everything and never hides anything
    glDepthMask(GL_FALSE);
    grid.Draw();
    gridLines.Draw();
    // edges, rays and segments write depth so translucent faces blend over what lies behind them
    glDepthMask(GL_TRUE);
    lines.Draw();
    // meshes: their nearest surface writes depth (it hides what lies behind it), blended
    meshes.Draw();
    // translucent solids: depth-tested, not written, so they do not hide each other
    glDepthMask(GL_FALSE);
    surfaces.Draw();
    spheres.Draw();
    boxes.Draw();
    overlaySurfaces.Draw();
    if (beforeOverlays) {
        beforeOverlays();
    }

    // overlays on top of everything, in one pass (the depth buffer holds only lines: solids are
    // translucent and write none, so a depth-tested pass would hide overlays only behind edges)
    glDisable(GL_DEPTH_TEST);
    overlayLines.Draw();
    overlayMarkers.Draw();
    glEnable(GL_DEPTH_TEST);
    glDepthMask(GL_TRUE);
    Clear();
}

} // namespace hitlab
