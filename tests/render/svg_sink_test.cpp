// SvgSink: known primitives through a 2D camera of 50 pixels per world unit, checked as text.
#include "render/svg_sink.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>

namespace hitlab {
namespace HITLAB_UNITY_ID {

/// The 2D view (orthographic, looking along -z) of a 400 x 200 figure whose visible height is 4
/// world units: 50 pixels per unit, the world origin at the figure's centre (200, 100), y up.
Camera TwoDCamera()
{
    Camera c;
    c.view2d = true;
    c.yawDeg = 0.0;
    c.pitchDeg = 0.0;
    c.target = {0.0, 0.0, 0.0};
    c.distance = 4.0;
    c.fovYDeg = 2.0 * std::atan(0.5) * 180.0 / std::numbers::pi; // half height = 4 * tan = 2
    c.viewport = {400.0, 200.0};
    return c;
}

bool Contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(SvgSink, LineIsProjectedToPixelsWithItsColourAndWidth)
{
    SvgSink svg(TwoDCamera());
    svg.Line(DrawLayer::Overlay, {-1.0f, 0.0f, 0.0f}, {1.0f, 1.0f, 0.0f}, {1.0f, 0.0f, 0.0f, 0.5f}, 2.0f);
    const std::string doc = svg.Document({0.0f, 0.0f, 0.0f, 1.0f});
    EXPECT_TRUE(Contains(doc, "<line x1=\"150\" y1=\"100\" x2=\"250\" y2=\"50\" stroke=\"#ff0000\" "
                              "stroke-opacity=\"0.5\" stroke-width=\"2\" stroke-linecap=\"round\"/>"))
        << doc;
}

TEST(SvgSink, TwoColouredLineGetsAGradientAlongIt)
{
    SvgSink svg(TwoDCamera());
    svg.Line(DrawLayer::Scene, {0.0f, 0.0f, 0.0f}, {2.0f, 0.0f, 0.0f}, {1.0f, 1.0f, 1.0f, 1.0f},
             {0.0f, 0.0f, 1.0f, 0.25f}, 3.0f);
    const std::string doc = svg.Document({0.0f, 0.0f, 0.0f, 1.0f});
    EXPECT_TRUE(Contains(doc, "<linearGradient id=\"g1\" gradientUnits=\"userSpaceOnUse\" x1=\"200\" y1=\"100\" "
                              "x2=\"300\" y2=\"100\"><stop offset=\"0\" stop-color=\"#ffffff\" stop-opacity=\"1\"/>"
                              "<stop offset=\"1\" stop-color=\"#0000ff\" stop-opacity=\"0.25\"/></linearGradient>"))
        << doc;
    EXPECT_TRUE(Contains(doc, "stroke=\"url(#g1)\" stroke-width=\"3\"")) << doc;
}

TEST(SvgSink, BoxIsItsScreenOutlineAndEdges)
{
    SvgSink svg(TwoDCamera());
    // x in [-1, 1], y in [-0.5, 0.5]: pixels x 150..250, y 75..125
    svg.Box({0.0f, 0.0f, 0.0f}, {1.0f, 0.5f, 0.5f}, glm::mat3(1.0f), {0.0f, 0.5f, 1.0f, 0.25f},
            {1.0f, 1.0f, 1.0f, 1.0f}, 1.5f);
    const std::string doc = svg.Document({0.0f, 0.0f, 0.0f, 1.0f});
    EXPECT_TRUE(Contains(doc, "<polygon points=\"150,75 250,75 250,125 150,125\" fill=\"#0080ff\" "
                              "fill-opacity=\"0.25\"/>"))
        << doc;
    // the 4 edges along z are seen end-on: 8 edges, each of the rectangle's sides twice
    size_t lines = 0;
    for (size_t at = doc.find("<line"); at != std::string::npos; at = doc.find("<line", at + 1)) {
        ++lines;
    }
    EXPECT_EQ(lines, 8u);
    EXPECT_TRUE(Contains(doc, "<line x1=\"150\" y1=\"125\" x2=\"250\" y2=\"125\" stroke=\"#ffffff\"")) << doc;
}

TEST(SvgSink, SphereIsACircleOfItsProjectedRadius)
{
    SvgSink svg(TwoDCamera());
    svg.Sphere({1.0f, 1.0f, 0.0f}, 1.0f, {1.0f, 0.0f, 0.0f, 0.25f}, {1.0f, 1.0f, 1.0f, 2.0f});
    EXPECT_TRUE(Contains(svg.Document({0.0f, 0.0f, 0.0f, 1.0f}),
                         "<circle cx=\"250\" cy=\"50\" r=\"50\" fill=\"#ff0000\" fill-opacity=\"0.25\" "
                         "stroke=\"#ffffff\" stroke-width=\"2\"/>"));
}

TEST(SvgSink, MarkersTakeTheirKindsShape)
{
    SvgSink svg(TwoDCamera());
    svg.Marker({1.0f, 1.0f, 0.0f}, {1.0f, 1.0f, 1.0f, 1.0f}, 10.0f, MarkerKind::Disc);
    svg.Marker({0.0f, 0.0f, 0.0f}, {0.0f, 1.0f, 0.0f, 1.0f}, 10.0f, MarkerKind::Diamond);
    // an arrowhead at (1, 0) pointing away from the origin: its tip 5 pixels further right
    svg.Marker({1.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f, 1.0f}, 10.0f, MarkerKind::Arrowhead, {0.0f, 0.0f, 0.0f});
    const std::string doc = svg.Document({0.0f, 0.0f, 0.0f, 1.0f});
    EXPECT_TRUE(Contains(doc, "<circle cx=\"250\" cy=\"50\" r=\"4.5\" fill=\"#ffffff\"")) << doc;
    EXPECT_TRUE(Contains(doc, "<polygon points=\"205,100 200,105 195,100 200,95\" fill=\"#00ff00\"")) << doc;
    EXPECT_TRUE(Contains(doc, "<polygon points=\"255,100 245,106.25 245,93.75\" fill=\"#ff0000\"")) << doc;
}

TEST(SvgSink, LabelIsEscapedTextInADarkBoxAtItsOffset)
{
    SvgSink svg(TwoDCamera());
    svg.Label({0.0f, 0.0f, 0.0f}, {10.0f, -24.0f}, "a<b", {1.0f, 1.0f, 1.0f, 1.0f});
    // the text's top-left corner at (210, 76); its baseline 0.8 em (13 px) lower
    EXPECT_TRUE(Contains(svg.Document({0.0f, 0.0f, 0.0f, 1.0f}),
                         "<g><rect x=\"206\" y=\"74\" width=\"31.4\" height=\"17\" rx=\"3\" fill=\"#141518\" "
                         "fill-opacity=\"0.78\"/><text x=\"210\" y=\"86.4\" fill=\"#ffffff\" "
                         "fill-opacity=\"1\">a&lt;b</text></g>"));
}

TEST(SvgSink, TriangleSeenEdgeOnIsLeftOut)
{
    SvgSink svg(TwoDCamera());
    svg.Triangle(DrawLayer::Overlay, {0.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f}, {0.0f, 0.0f, 1.0f},
                 {1.0f, 1.0f, 1.0f, 1.0f}); // in the plane y = 0, which the 2D view sees edge-on
    svg.Triangle(DrawLayer::Overlay, {0.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f}, {0.0f, 1.0f, 0.0f},
                 {1.0f, 1.0f, 1.0f, 0.5f});
    const std::string doc = svg.Document({0.0f, 0.0f, 0.0f, 1.0f});
    EXPECT_EQ(doc.find("<polygon"), doc.rfind("<polygon")) << doc; // one only
    EXPECT_TRUE(Contains(doc, "<polygon points=\"200,100 250,100 200,50\" fill=\"#ffffff\" fill-opacity=\"0.5\"/>"))
        << doc;
}

TEST(SvgSink, DocumentStacksTheLayersInTheWindowsOrder)
{
    SvgSink svg(TwoDCamera());
    svg.Label({0.0f, 0.0f, 0.0f}, {0.0f, 0.0f}, "label", {1.0f, 1.0f, 1.0f, 1.0f});
    svg.Marker({0.0f, 0.0f, 0.0f}, {1.0f, 1.0f, 1.0f, 1.0f}, 8.0f, MarkerKind::Ring);
    svg.Line(DrawLayer::Overlay, {0.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f}, {1.0f, 1.0f, 1.0f, 1.0f}, 1.0f);
    svg.Line(DrawLayer::Grid, {0.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f}, {0.5f, 0.5f, 0.5f, 1.0f}, 1.0f);
    const std::string doc = svg.Document({0.1f, 0.1f, 0.1f, 1.0f});
    EXPECT_EQ(doc.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
                        "width=\"400\" height=\"200\" viewBox=\"0 0 400 200\">",
                        0),
              0u);
    EXPECT_TRUE(Contains(doc, "<rect width=\"400\" height=\"200\" fill=\"#1a1a1a\"/>"));
    const size_t grid = doc.find("<g id=\"grid\">"), overlay = doc.find("<g id=\"overlay\">");
    const size_t markers = doc.find("<g id=\"markers\">"), labels = doc.find("<g id=\"labels\"");
    ASSERT_NE(labels, std::string::npos);
    EXPECT_LT(grid, overlay);
    EXPECT_LT(overlay, markers);
    EXPECT_LT(markers, labels);
    EXPECT_LT(doc.find("stroke=\"#808080\""), overlay); // the grid line is in the grid group
    EXPECT_GT(doc.find(">label</text>"), labels);
    EXPECT_EQ(doc.substr(doc.size() - 12), "</g>\n</svg>\n");
}

TEST(SvgSink, LightTurnsTheGreysOverAndDarkensTheColoursKeepingTheirHues)
{
    SvgSink svg(TwoDCamera(), true);
    svg.Line(DrawLayer::Overlay, {0.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f}, {1.0f, 1.0f, 1.0f, 1.0f}, 1.0f);
    svg.Line(DrawLayer::Grid, {0.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f}, {0.2f, 0.2f, 0.2f, 1.0f}, 1.0f);
    svg.Line(DrawLayer::Scene, {0.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f}, {1.0f, 0.5f, 0.0f, 1.0f}, 1.0f);
    const std::string doc = svg.Document({0.1f, 0.1f, 0.1f, 1.0f});
    EXPECT_TRUE(Contains(doc, "<rect width=\"400\" height=\"200\" fill=\"#ffffff\"/>")) << doc;
    EXPECT_TRUE(Contains(doc, "stroke=\"#262626\"")) << doc; // white: 1 - 0.85 = 0.15
    EXPECT_TRUE(Contains(doc, "stroke=\"#d4d4d4\"")) << doc; // the grid's 0.2: 1 - 0.17 = 0.83
    // a colour keeps its hue (green half of red, no blue), darkened in steps of 2% until it is at
    // least 4.7:1 on white (the print palette): (1, 0.5, 0) * 0.98^17 = (0.709, 0.355, 0), 4.73:1
    EXPECT_TRUE(Contains(doc, "stroke=\"#b55a00\"")) << doc;
}

TEST(SvgSink, XmlEscapeEscapesTheFiveCharacters)
{
    EXPECT_EQ(XmlEscape("a & b < c > d \"e\" 'f'"), "a &amp; b &lt; c &gt; d &quot;e&quot; &apos;f&apos;");
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
