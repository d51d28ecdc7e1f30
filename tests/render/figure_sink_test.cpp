// The figures' print palette and contrast (render/figure_sink.h), CairoSink's painting checked on
// an image surface, and the deck writers: a PDF's page count and a GIF read back with giflib.
#include "render/cairo_sink.h"
#include "render/deck_writer.h"
#include "render/draw_helpers.h"
#include "render/figure_sink.h"
#include "render/scene_draw.h"

#include "support/temp_dir.h"

#include <cairo.h>
#include <gif_lib.h>
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <numbers>
#include <regex>
#include <sstream>
#include <string>

namespace hitlab {
namespace HITLAB_UNITY_ID {

/// The 2D view of a 400 x 200 figure: 50 pixels per world unit, the origin at (200, 100), y up.
Camera TwoDCamera()
{
    Camera c;
    c.view2d = true;
    c.yawDeg = 0.0;
    c.pitchDeg = 0.0;
    c.target = {0.0, 0.0, 0.0};
    c.distance = 4.0;
    c.fovYDeg = 2.0 * std::atan(0.5) * 180.0 / std::numbers::pi;
    c.viewport = {400.0, 200.0};
    return c;
}

TEST(FigurePalette, ContrastRatioOfKnownPairs)
{
    const glm::vec4 white(1.0f), black(0.0f, 0.0f, 0.0f, 1.0f);
    EXPECT_NEAR(ContrastRatio(black, white), 21.0, 1e-12);
    EXPECT_NEAR(ContrastRatio(white, white), 1.0, 1e-12);
    // #767676 is the lightest grey with 4.5:1 on white (WCAG's own example): 4.54
    const float g = 118.0f / 255.0f;
    EXPECT_NEAR(ContrastRatio({g, g, g, 1.0f}, white), 4.54, 0.005);
    // half-transparent black over white is mid grey (0.5: luminance 0.214): 1.05 / 0.264
    EXPECT_NEAR(ContrastRatio({0.0f, 0.0f, 0.0f, 0.5f}, white), 1.05 / (0.21404 + 0.05), 1e-3);
}

TEST(FigurePalette, PrintPaletteGivesTheSlabsRaysAndMarkersAtLeast4Point5ToOneOnWhite)
{
    const glm::vec4 ray{1.0f, 0.75f, 0.2f, 1.0f}; // the lessons' rays (#ffbf33)
    for (const glm::vec4& c : {palette::Slab(0), palette::Slab(1), palette::Slab(2), ray, palette::kDisagree,
                               palette::kNormal, palette::kPenetration}) {
        EXPECT_LT(ContrastRatio(c, glm::vec4(1.0f)), 4.5) << "bright on white before";
        const glm::vec4 p = PaintColor(c, true);
        EXPECT_GE(ContrastRatio({p.x, p.y, p.z, StrokeAlpha(c, true)}, glm::vec4(1.0f)), 4.5);
        // the hue stays: the channels keep their ratios
        EXPECT_NEAR(p.x * c.y, p.y * c.x, 1e-5);
        EXPECT_NEAR(p.z * c.y, p.y * c.z, 1e-5);
    }
    EXPECT_EQ(PaintColor(palette::Slab(0), false), palette::Slab(0)); // the dark page keeps the colour
    EXPECT_EQ(StrokeAlpha(WithAlpha(palette::Slab(1), 0.45f), true), 1.0f);
    EXPECT_EQ(StrokeAlpha(WithAlpha(palette::Slab(1), 0.1f), true), 0.1f); // translucent fills stay
}

TEST(FigurePalette, CaptionGreyLinesAreAtLeast4Point5ToOneOnTheirBand)
{
    const glm::vec4 box{20.0f / 255.0f, 21.0f / 255.0f, 24.0f / 255.0f, 1.0f}; // the band: the label box colour
    for (const bool light : {false, true}) {
        const glm::vec4 band = PaintColor(box, light);
        for (std::size_t line : {0u, 1u}) {
            EXPECT_GE(ContrastRatio(PaintColor(CaptionLineColor(line, light), light), band), 4.5)
                << "light " << light << ", line " << line;
        }
    }
}

/// The pixel at (x, y) of an ARGB32 surface as 0xRRGGBB.
std::uint32_t Pixel(cairo_surface_t* surface, int x, int y)
{
    cairo_surface_flush(surface);
    const unsigned char* data = cairo_image_surface_get_data(surface);
    const int stride = cairo_image_surface_get_stride(surface);
    return *reinterpret_cast<const std::uint32_t*>(data + y * stride + x * 4) & 0xffffffu;
}

TEST(CairoSink, PaintsALineBelowTheCaptionBandAtItsProjectedPixels)
{
    // a 400 x 240 page whose band is 40 pixels: the scene's 400 x 200 starts at y = 40
    const FigurePage page{{400.0, 240.0}, 40.0, 0.0, 1.0, false};
    CairoSink sink(TwoDCamera(), page);
    // the world's x axis from x = -1 to 1: pixels (150, 100) to (250, 100) of the scene, y 140 on the page
    sink.Line(DrawLayer::Overlay, {-1.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f, 1.0f}, 4.0f);
    sink.Caption({"caption"});
    cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 400, 240);
    cairo_t* cr = cairo_create(surface);
    sink.Paint(cr, {0.0f, 0.0f, 1.0f, 1.0f});
    cairo_destroy(cr);
    EXPECT_EQ(Pixel(surface, 200, 140), 0xff0000u);
    EXPECT_EQ(Pixel(surface, 200, 100), 0x0000ffu); // the scene's y = 100 unmoved would be here
    EXPECT_EQ(Pixel(surface, 300, 140), 0x0000ffu); // past the line's end
    EXPECT_EQ(Pixel(surface, 390, 20), 0x141518u);  // the band: the label box colour, opaque
    cairo_surface_destroy(surface);
}

TEST(CairoSink, FontScaleMakesEverythingLarger)
{
    const FigurePage page{{800.0, 400.0}, 0.0, 0.0, 2.0, false}; // a 400 x 200 figure twice as large
    CairoSink sink(TwoDCamera(), page);
    sink.Line(DrawLayer::Overlay, {-1.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f, 1.0f}, 4.0f);
    cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 800, 400);
    cairo_t* cr = cairo_create(surface);
    sink.Paint(cr, {0.0f, 0.0f, 0.0f, 1.0f});
    cairo_destroy(cr);
    EXPECT_EQ(Pixel(surface, 400, 200), 0xff0000u);
    EXPECT_EQ(Pixel(surface, 400, 196), 0xff0000u); // 8 pixels wide: 196..204
    EXPECT_EQ(Pixel(surface, 400, 194), 0x000000u);
    EXPECT_EQ(Pixel(surface, 490, 200), 0xff0000u); // the line ends at x = 500
    cairo_surface_destroy(surface);
}

std::string ReadFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

TEST(DeckWriter, PdfHasOnePageAPainter)
{
    test::TempDir dir("hitlab_deck_writer_test");
    const auto fill = [](double grey) {
        return [grey](cairo_t* cr) {
            cairo_set_source_rgb(cr, grey, grey, grey);
            cairo_paint(cr);
        };
    };
    ASSERT_EQ(WritePdfDeck(dir / "three.pdf", {320, 180}, {fill(0.1), fill(0.5), fill(0.9)}), "");
    const std::string pdf = ReadFile(dir / "three.pdf");
    const std::regex page(R"(/Type\s*/Page(?![a-zA-Z]))");
    EXPECT_EQ(std::distance(std::sregex_iterator(pdf.begin(), pdf.end(), page), std::sregex_iterator()), 3);
    EXPECT_NE(pdf.find("/MediaBox [ 0 0 320 180 ]"), std::string::npos);
    EXPECT_NE(WritePdfDeck("/nonexistent-hitlab/x.pdf", {10, 10}, {fill(0.0)}).find("cannot write"), std::string::npos);
}

TEST(DeckWriter, GifFramesDecodeToTheirColoursAndDelays)
{
    test::TempDir dir("hitlab_deck_writer_test");
    const auto fill = [](double r, double g, double b) {
        return [r, g, b](cairo_t* cr) {
            cairo_set_source_rgb(cr, r, g, b);
            cairo_paint(cr);
        };
    };
    const std::vector<AnimationFrame> frames{
        {fill(1, 0, 0), 100}, {fill(0, 1, 0), 8}, {fill(0, 0, 1), 8}, {fill(1, 1, 1), 250}};
    ASSERT_EQ(WriteGifAnimation(dir / "four.gif", {32, 16}, frames), "");
    int error = 0;
    GifFileType* gif = DGifOpenFileName((dir / "four.gif").c_str(), &error);
    ASSERT_NE(gif, nullptr);
    ASSERT_EQ(DGifSlurp(gif), GIF_OK);
    EXPECT_EQ(gif->SWidth, 32);
    EXPECT_EQ(gif->SHeight, 16);
    ASSERT_EQ(gif->ImageCount, 4);
    const unsigned expected[4] = {0xff0000u, 0x00ff00u, 0x0000ffu, 0xffffffu};
    const int delays[4] = {100, 8, 8, 250};
    for (int i = 0; i < 4; ++i) {
        const GifColorType c = gif->SColorMap->Colors[gif->SavedImages[i].RasterBits[5 * 32 + 7]];
        EXPECT_EQ(unsigned(c.Red) << 16 | unsigned(c.Green) << 8 | c.Blue, expected[i]) << "frame " << i;
        GraphicsControlBlock gcb{};
        ASSERT_EQ(DGifSavedExtensionToGCB(gif, i, &gcb), GIF_OK);
        EXPECT_EQ(gcb.DelayTime, delays[i]);
    }
    DGifCloseFile(gif, &error);
    EXPECT_EQ(WriteGifAnimation(dir / "none.gif", {4, 4}, {}), "no frames to write");
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
