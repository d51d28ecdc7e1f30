// Loading GL, the scene's clear and scissor, offscreen targets and readback.
#include "frame.h"

#include <glad/gl.h>

#include <algorithm>

namespace hitlab {

namespace {

/// Reads the bound read framebuffer and flips its rows (GL's start at the bottom).
RgbaImage ReadBound(int width, int height)
{
    std::vector<unsigned char> pixels(size_t(width) * size_t(height) * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
    RgbaImage image{width, height, std::vector<unsigned char>(pixels.size())};
    const size_t row = size_t(width) * 4;
    for (int y = 0; y < height; ++y) {
        std::copy_n(pixels.begin() + std::ptrdiff_t(size_t(height - 1 - y) * row), row,
                    image.rgba.begin() + std::ptrdiff_t(size_t(y) * row));
    }
    return image;
}

} // namespace

int LoadGl(GlProcLoader loader)
{
    const int version = gladLoadGL(reinterpret_cast<GLADloadfunc>(loader));
    return version == 0 ? 0 : GLAD_VERSION_MAJOR(version) * 10 + GLAD_VERSION_MINOR(version);
}

void EnableMultisample() { glEnable(GL_MULTISAMPLE); }

void FinishGpu() { glFinish(); }

void UseNearestFilter(std::uintptr_t texture)
{
    glBindTexture(GL_TEXTURE_2D, GLuint(texture));
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glBindTexture(GL_TEXTURE_2D, 0);
}

RgbaImage ReadWindowPixels(int width, int height)
{
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    glReadBuffer(GL_BACK);
    return ReadBound(width, height);
}

void BeginScene(glm::ivec2 framebuffer, const glm::vec4& background, const std::vector<PixelRect>& occluded,
                const PixelRect& drawn)
{
    glViewport(0, 0, framebuffer.x, framebuffer.y);
    glClearColor(background.x, background.y, background.z, 1.0f);
    // depth and stencil together: the buffer packs both in 32 bits, and clearing depth alone
    // makes a software driver read, mask and write every pixel instead of filling it
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
    if (!occluded.empty()) {
        glEnable(GL_SCISSOR_TEST);
        glClearDepth(0.0);
        // only where the scene is rasterised (the scissor `drawn`): a software driver has no
        // scissored clear and draws each of these as a quad, under every panel that lies wholly
        // outside the free part too (about a tenth of the demo frame's instructions)
        for (PixelRect r : occluded) {
            if (!drawn.Empty()) {
                r = Intersection(r, drawn);
            }
            if (!r.Empty()) {
                glScissor(r.x, r.y, r.width, r.height);
                glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
            }
        }
        glClearDepth(1.0);
        glDisable(GL_SCISSOR_TEST);
    }
    if (!drawn.Empty()) {
        glEnable(GL_SCISSOR_TEST);
        glScissor(drawn.x, drawn.y, drawn.width, drawn.height);
    }
}

void EndScene() { glDisable(GL_SCISSOR_TEST); }

bool OffscreenTarget::Create(int width, int height, int samples, std::string& error)
{
    Destroy();
    m_width = width;
    m_height = height;
    GLint maxSamples = 0;
    glGetIntegerv(GL_MAX_SAMPLES, &maxSamples);
    samples = std::clamp(samples, 0, int(maxSamples));
    glGenFramebuffers(1, &m_draw);
    glGenFramebuffers(1, &m_resolve);
    glGenRenderbuffers(3, m_buffers);
    glBindRenderbuffer(GL_RENDERBUFFER, m_buffers[0]);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, width, height);
    glBindRenderbuffer(GL_RENDERBUFFER, m_buffers[1]);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_DEPTH24_STENCIL8, width, height);
    glBindFramebuffer(GL_FRAMEBUFFER, m_draw);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, m_buffers[0]);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, m_buffers[1]);
    bool complete = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
    glBindRenderbuffer(GL_RENDERBUFFER, m_buffers[2]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
    glBindFramebuffer(GL_FRAMEBUFFER, m_resolve);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, m_buffers[2]);
    complete = complete && glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    if (!complete) {
        error = "cannot create the offscreen framebuffer";
        Destroy();
    }
    return complete;
}

void OffscreenTarget::Destroy()
{
    if (m_draw != 0) {
        glDeleteFramebuffers(1, &m_draw);
        glDeleteFramebuffers(1, &m_resolve);
        glDeleteRenderbuffers(3, m_buffers);
    }
    m_draw = m_resolve = 0;
    m_buffers[0] = m_buffers[1] = m_buffers[2] = 0;
}

void OffscreenTarget::Bind() const { glBindFramebuffer(GL_FRAMEBUFFER, m_draw); }

RgbaImage OffscreenTarget::Read() const
{
    glBindFramebuffer(GL_READ_FRAMEBUFFER, m_draw);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, m_resolve);
    glBlitFramebuffer(0, 0, m_width, m_height, 0, 0, m_width, m_height, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, m_resolve);
    RgbaImage image = ReadBound(m_width, m_height);
    glBindFramebuffer(GL_FRAMEBUFFER, m_draw);
    return image;
}

} // namespace hitlab
