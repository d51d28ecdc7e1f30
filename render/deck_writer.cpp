// PDF pages through cairo, and an animated GIF through cairo image surfaces and giflib.
#include "deck_writer.h"

#include <cairo-pdf.h>
#include <cairo.h>
#include <gif_lib.h>

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <string>

namespace hitlab {

namespace deck_writer_detail {

/// A frame rasterised on a white-initialised ARGB32 surface (cairo's native-endian 0xAARRGGBB).
struct Raster {
    glm::ivec2 size{0};
    std::vector<std::uint32_t> pixels;
};

Raster Rasterise(glm::ivec2 size, const PagePainter& paint)
{
    Raster raster{size, std::vector<std::uint32_t>(size_t(size.x) * size_t(size.y), 0xffffffffu)};
    cairo_surface_t* surface = cairo_image_surface_create_for_data(
        reinterpret_cast<unsigned char*>(raster.pixels.data()), CAIRO_FORMAT_ARGB32, size.x, size.y, size.x * 4);
    cairo_t* cr = cairo_create(surface);
    paint(cr);
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    cairo_surface_destroy(surface);
    return raster;
}

std::uint8_t Red(std::uint32_t p) { return std::uint8_t(p >> 16); }
std::uint8_t Green(std::uint32_t p) { return std::uint8_t(p >> 8); }
std::uint8_t Blue(std::uint32_t p) { return std::uint8_t(p); }

/// The palette of the sampled frames: giflib's median cut over them stacked (on 5 bits a channel),
/// then each entry moved to the mean of the 8-bit colours it stands for, so that a flat colour
/// keeps its exact bytes. At most 256 colours; empty when giflib fails.
std::vector<GifColorType> QuantisePalette(const std::vector<Raster>& samples)
{
    std::vector<GifByteType> r, g, b;
    for (const Raster& s : samples) {
        for (std::uint32_t p : s.pixels) {
            r.push_back(Red(p));
            g.push_back(Green(p));
            b.push_back(Blue(p));
        }
    }
    int colours = 256;
    std::vector<GifByteType> indices(r.size());
    std::vector<GifColorType> palette(256);
    const unsigned width = unsigned(samples.front().size.x);
    if (GifQuantizeBuffer(width, unsigned(r.size() / width), &colours, r.data(), g.data(), b.data(), indices.data(),
                          palette.data()) == GIF_ERROR) {
        return {};
    }
    palette.resize(size_t(colours));
    std::vector<std::array<double, 4>> sums(palette.size(), {0.0, 0.0, 0.0, 0.0});
    for (size_t i = 0; i < indices.size(); ++i) {
        auto& sum = sums[indices[i]];
        sum = {sum[0] + r[i], sum[1] + g[i], sum[2] + b[i], sum[3] + 1.0};
    }
    for (size_t i = 0; i < palette.size(); ++i) {
        if (const auto& sum = sums[i]; sum[3] > 0.0) {
            palette[i] = {GifByteType(std::lround(sum[0] / sum[3])), GifByteType(std::lround(sum[1] / sum[3])),
                          GifByteType(std::lround(sum[2] / sum[3]))};
        }
    }
    return palette;
}

/// Each 15-bit colour's nearest palette entry, filled as colours are met.
class NearestColour {
public:
    explicit NearestColour(const std::vector<GifColorType>& palette) : m_palette(palette) { m_cache.fill(-1); }
    GifPixelType operator()(std::uint32_t p)
    {
        const int key = (Red(p) >> 3) << 10 | (Green(p) >> 3) << 5 | (Blue(p) >> 3);
        if (m_cache[size_t(key)] < 0) {
            int best = 0, bestDistance = std::numeric_limits<int>::max();
            for (size_t i = 0; i < m_palette.size(); ++i) {
                const int dr = int(m_palette[i].Red) - Red(p), dg = int(m_palette[i].Green) - Green(p),
                          db = int(m_palette[i].Blue) - Blue(p);
                if (const int d = dr * dr + dg * dg + db * db; d < bestDistance) {
                    best = int(i);
                    bestDistance = d;
                }
            }
            m_cache[size_t(key)] = std::int16_t(best);
        }
        return GifPixelType(m_cache[size_t(key)]);
    }

private:
    const std::vector<GifColorType>& m_palette;
    std::array<std::int16_t, 32768> m_cache;
};

/// Writes one frame: its graphics control block (the delay) and its pixels as palette indices.
bool PutFrame(GifFileType* gif, const Raster& frame, int delayCs, NearestColour& nearest)
{
    GraphicsControlBlock gcb{};
    gcb.DisposalMode = DISPOSE_DO_NOT;
    gcb.DelayTime = delayCs;
    gcb.TransparentColor = NO_TRANSPARENT_COLOR;
    GifByteType extension[4];
    const size_t length = EGifGCBToExtension(&gcb, extension);
    if (EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, int(length), extension) == GIF_ERROR ||
        EGifPutImageDesc(gif, 0, 0, frame.size.x, frame.size.y, false, nullptr) == GIF_ERROR) {
        return false;
    }
    std::vector<GifPixelType> line(size_t(frame.size.x));
    for (int y = 0; y < frame.size.y; ++y) {
        for (int x = 0; x < frame.size.x; ++x) {
            line[size_t(x)] = nearest(frame.pixels[size_t(y) * size_t(frame.size.x) + size_t(x)]);
        }
        if (EGifPutLine(gif, line.data(), frame.size.x) == GIF_ERROR) {
            return false;
        }
    }
    return true;
}

/// The NETSCAPE2.0 application extension: loop forever.
bool PutLoop(GifFileType* gif)
{
    const GifByteType loop[3] = {1, 0, 0};
    return EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) != GIF_ERROR &&
           EGifPutExtensionBlock(gif, 11, "NETSCAPE2.0") != GIF_ERROR &&
           EGifPutExtensionBlock(gif, 3, loop) != GIF_ERROR && EGifPutExtensionTrailer(gif) != GIF_ERROR;
}

std::string GifText(int error)
{
    const char* text = GifErrorString(error);
    return text != nullptr ? text : "giflib error " + std::to_string(error);
}

} // namespace deck_writer_detail

using namespace deck_writer_detail;

std::string WritePdfDeck(const std::string& path, glm::ivec2 size, const std::vector<PagePainter>& pages)
{
    cairo_surface_t* surface = cairo_pdf_surface_create(path.c_str(), size.x, size.y);
    cairo_t* cr = cairo_create(surface);
    for (const PagePainter& page : pages) {
        page(cr);
        cairo_show_page(cr);
    }
    cairo_destroy(cr);
    cairo_surface_finish(surface);
    const cairo_status_t status = cairo_surface_status(surface);
    cairo_surface_destroy(surface);
    return status == CAIRO_STATUS_SUCCESS ? std::string()
                                          : "cannot write " + path + ": " + cairo_status_to_string(status);
}

std::string WriteGifAnimation(const std::string& path, glm::ivec2 size, const std::vector<AnimationFrame>& frames)
{
    if (frames.empty()) {
        return "no frames to write";
    }
    // the palette from up to 8 frames spread over the animation (the first and the last among them)
    std::vector<Raster> samples;
    const size_t sampled = std::min<size_t>(frames.size(), 8);
    for (size_t i = 0; i < sampled; ++i) {
        samples.push_back(Rasterise(size, frames[sampled == 1 ? 0 : i * (frames.size() - 1) / (sampled - 1)].paint));
    }
    const std::vector<GifColorType> palette = QuantisePalette(samples);
    if (palette.empty()) {
        return "cannot quantise the frames' colours";
    }
    int error = 0;
    // opened here rather than by giflib, which makes the file readable by its owner only
    const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (fd < 0) {
        return "cannot write " + path + ": " + std::strerror(errno);
    }
    GifFileType* gif = EGifOpenFileHandle(fd, &error);
    if (gif == nullptr) {
        close(fd);
        return "cannot write " + path + ": " + GifText(error);
    }
    EGifSetGifVersion(gif, true);
    // a colour map's size is a power of two: the palette padded with black
    std::vector<GifColorType> padded = palette;
    padded.resize(size_t(1) << GifBitSize(int(palette.size())), GifColorType{0, 0, 0});
    ColorMapObject* map = GifMakeMapObject(int(padded.size()), padded.data());
    NearestColour nearest(palette);
    bool ok = map != nullptr && EGifPutScreenDesc(gif, size.x, size.y, 8, 0, map) != GIF_ERROR && PutLoop(gif);
    for (size_t i = 0; ok && i < frames.size(); ++i) {
        ok = PutFrame(gif, Rasterise(size, frames[i].paint), frames[i].delayCs, nearest);
    }
    GifFreeMapObject(map);
    const int writeError = gif->Error;
    if (EGifCloseFile(gif, &error) == GIF_ERROR || !ok) {
        return "cannot write " + path + ": " + GifText(ok ? error : writeError);
    }
    return {};
}

std::string WritePagePng(const std::string& path, glm::ivec2 size, const PagePainter& page)
{
    cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, size.x, size.y);
    cairo_t* cr = cairo_create(surface);
    page(cr);
    cairo_destroy(cr);
    const cairo_status_t status = cairo_surface_write_to_png(surface, path.c_str());
    cairo_surface_destroy(surface);
    return status == CAIRO_STATUS_SUCCESS ? std::string()
                                          : "cannot write " + path + ": " + cairo_status_to_string(status);
}

} // namespace hitlab
