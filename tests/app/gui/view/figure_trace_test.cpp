// `hitlab render -o fig.svg` draws the trace steps of render/trace_draw.h too (the same DrawSink):
// the plus-sign lesson's boxes (a: half extents (4, 0.5, 0.5), b: (0.25, 4, 1), both at the origin),
// whose third SAT axis A2 (z) has a's [-0.5, 0.5] inside b's [-1, 1]: they share 1, b must move 1.5.
#include "app/gui/view/figure.h"

#include <gtest/gtest.h>

#include <string>

namespace hitlab {
namespace HITLAB_UNITY_ID {

Scene PlusSign()
{
    Scene scene;
    scene.Add(SceneShape{0, "thin bar", {0.85f, 0.45f, 0.85f, 1}, true, Obb<double>{{0, 0, 0}, {4, 0.5, 0.5}}});
    scene.Add(SceneShape{0, "flat bar", {0.35f, 0.55f, 0.95f, 1}, true, Obb<double>{{0, 0, 0}, {0.25, 4, 1}}});
    return scene;
}

Camera FrontCamera()
{
    Camera camera;
    camera.viewport = {1280.0, 720.0};
    camera.target = {0.0, 0.0, 0.0};
    camera.distance = 14.0;
    return camera;
}

bool HasText(const std::string& svg, const std::string& text)
{
    return svg.find(">" + text + "<") != std::string::npos;
}

TEST(FigureTrace, SvgOfOneSatStepHasTheAxisTheIntervalsAndTheOverlap)
{
    const Scene scene = PlusSign();
    FigureChoice choice;
    choice.focused = SceneQuery{Family::ObbObb, scene.Shapes()[0].id, scene.Shapes()[1].id};
    choice.step = 2; // A2
    const std::string svg = RenderSvgFigure(scene, FrontCamera(), 0, choice);
    EXPECT_TRUE(HasText(svg, "axis A2")) << svg;
    EXPECT_TRUE(HasText(svg, "a [-0.5, 0.5]"));
    EXPECT_TRUE(HasText(svg, "b [-1, 1]"));
    EXPECT_TRUE(HasText(svg, "overlap 1, push-out 1.5"));
    EXPECT_TRUE(HasText(svg, "depth 1.5"));
}

TEST(FigureTrace, SvgOfTheWholeTraceSaysTheNormalConventionInTheVerdict)
{
    const Scene scene = PlusSign();
    FigureChoice choice;
    choice.focused = SceneQuery{Family::ObbObb, scene.Shapes()[0].id, scene.Shapes()[1].id};
    const std::string svg = RenderSvgFigure(scene, FrontCamera(), 0, choice);
    EXPECT_TRUE(HasText(svg, "axis A2")); // the chosen axis (least overlap 1.5)
    EXPECT_NE(svg.find("points from a to b"), std::string::npos);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
