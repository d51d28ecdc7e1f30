// Figures: the focus and camera `hitlab render` chooses, and the SVG figure drawn without GL.
#include "figure.h"

#include "viewport.h"

#include "app/paths/data_dir.h"

#include "render/grid_labels.h"
#include "render/scene_draw.h"
#include "render/svg_sink.h"

#include <glm/vector_relational.hpp>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iostream>
#include <limits>
#include <sstream>
#include <vector>

namespace hitlab {

std::optional<SceneQuery> FigureFocus(const SceneEvaluator& evaluation, ShapeId select,
                                      std::span<const DrawnOverride> overrides)
{
    const auto& queries = evaluation.Queries();
    const QueryEvaluation* chosen = nullptr;
    const auto agrees = [&](const QueryEvaluation& qe) {
        const std::size_t i = std::size_t(&qe - queries.data());
        return i < overrides.size() ? overrides[i].agree : qe.comparison.agree;
    };
    for (const QueryEvaluation& qe : queries) {
        if (select != 0) { // the selection's first query that hits, else its first
            if (qe.query.a != select && qe.query.b != select) {
                continue;
            }
            if (chosen == nullptr || (!chosen->ReferenceHit() && qe.ReferenceHit())) {
                chosen = &qe;
            }
            if (chosen->ReferenceHit()) {
                break;
            }
        } else { // the first disagreement (looked for in scenes of under 1000 queries), else the first
            if (chosen == nullptr || (!agrees(qe) && queries.size() < 1000)) {
                chosen = &qe;
            }
            if (!agrees(qe) || queries.size() >= 1000) {
                break;
            }
        }
    }
    return chosen != nullptr ? std::optional<SceneQuery>(chosen->query) : std::nullopt;
}

std::vector<std::string> WrapText(const std::string& text, size_t width)
{
    std::vector<std::string> lines;
    std::istringstream words(text);
    std::string word;
    while (words >> word) {
        if (!lines.empty() && lines.back().size() + 1 + word.size() <= width) {
            lines.back() += " " + word;
        } else {
            lines.push_back(word);
        }
    }
    return lines;
}

namespace {

/// The caption's characters a line: the page's width less its margins, at least 40.
size_t CaptionWidth(const FigurePage& page)
{
    return size_t(std::max(40.0, (page.Logical().x - 40.0) / kFigureCharWidth));
}

/// The screen rectangles of the labels a drawing emits (the text's width estimated from its
/// length, as SvgSink lays it out); everything else is ignored.
class LabelBounds final : public LabelSink {
public:
    explicit LabelBounds(const Camera& camera) : m_camera(camera) {}
    void Label(const glm::vec3& at, glm::vec2 offset, const std::string& text, const glm::vec4&) override
    {
        if (const auto p = WorldToScreen(m_camera, glm::dvec3(at))) {
            const glm::dvec2 corner(p->x + offset.x, p->y + offset.y);
            Add(corner - glm::dvec2(4.0, 2.0));
            Add(corner + glm::dvec2(double(text.size()) * 7.8 + 4.0, 17.0));
        }
    }

    /// The labels' bounds in screen pixels (min > max when there is none).
    glm::dvec2 min{std::numeric_limits<double>::infinity()}, max{-std::numeric_limits<double>::infinity()};

private:
    void Add(glm::dvec2 p)
    {
        min = glm::min(min, p);
        max = glm::max(max, p);
    }
    const Camera& m_camera;
};

/// The viewport showing what the figure shows: the focused pair, the step, the selection.
void SetUp(Viewport& viewport, const Camera& camera, ShapeId select, const FigureChoice& choice)
{
    viewport.GetDocument().focus.focused = choice.focused;
    viewport.GetDocument().focus.step = choice.step;
    viewport.external = choice.external;
    viewport.camera = camera;
    viewport.Select(choice.clean ? 0 : select);
    viewport.Update();
}

/// Pans and zooms out (never in) until every t label lies inside the figure with a margin, the
/// scene's own framing kept inside too: a crossing far along the ray keeps its label.
void FitLabels(Viewport& viewport)
{
    Camera& camera = viewport.camera;
    const glm::dvec2 size = camera.viewport;
    constexpr double kMargin = 12.0;
    // labels keep their size in pixels while the view zooms out: a few rounds converge
    for (int round = 0; round < 24; ++round) {
        LabelBounds labels(camera);
        viewport.DrawLabels(labels);
        if (glm::all(glm::greaterThanEqual(labels.min, glm::dvec2(kMargin * 0.5))) &&
            glm::all(glm::lessThanEqual(labels.max, size - kMargin * 0.5))) {
            return; // every label inside (none at all included)
        }
        // the labels and the whole figure as it is, centred and fitted with the margin
        const glm::dvec2 lo = glm::min(labels.min, glm::dvec2(0.0)), hi = glm::max(labels.max, size);
        const glm::dvec2 extent = hi - lo + 2.0 * kMargin;
        Pan(camera, size * 0.5 - (lo + hi) * 0.5);
        ZoomAt(camera, std::max(extent.x / size.x, extent.y / size.y), size * 0.5);
    }
}

/// The caption lines of the viewport's focused pair (FigureCaption).
std::vector<std::string> CaptionOf(const Viewport& viewport, size_t width)
{
    const Scene& s = viewport.GetDocument().GetScene();
    std::vector<std::string> caption{s.title.empty() ? "HitLab" : s.title};
    const SceneShape* a = viewport.Focused() ? s.Find(viewport.Focused()->a) : nullptr;
    const SceneShape* b = viewport.Focused() ? s.Find(viewport.Focused()->b) : nullptr;
    const std::string drawn = viewport.DrawnName();
    if (a != nullptr && b != nullptr && !drawn.empty()) {
        caption.push_back(a->name + " vs " + b->name + ": " + drawn);
        for (const std::string& line : WrapText(viewport.FocusedTrace().verdict, width)) {
            caption.push_back(line);
        }
        for (const std::string& line : viewport.ExternalLines()) {
            for (const std::string& wrapped : WrapText(line, width)) {
                caption.push_back(wrapped);
            }
        }
    }
    return caption;
}

/// The scene as the viewport shows it, through its camera, into `out`.
void DrawViewportScene(const Document& document, const Viewport& viewport, FigureSink& out)
{
    DrawScene(document.GetScene(), document.Evaluation(), viewport.DrawOptions(), out);
    DrawGridLabels(viewport.camera, out); // the 2D view's coordinates, as the window draws them
    viewport.DrawLabels(out);
}

} // namespace

Camera FigureCamera(Scene scene, const Camera& camera, ShapeId select, const FigureChoice& choice)
{
    Document document(std::move(scene));
    Viewport viewport(document); // never Created: no GL
    SetUp(viewport, camera, select, choice);
    FitLabels(viewport);
    return viewport.camera;
}

void DrawFigureScene(Scene scene, const Camera& camera, ShapeId select, const FigureChoice& choice, FigureSink& out)
{
    Document document(std::move(scene));
    Viewport viewport(document); // never Created: no GL
    SetUp(viewport, camera, select, choice);
    DrawViewportScene(document, viewport, out);
}

std::vector<std::string> FigureCaption(Scene scene, const Camera& camera, ShapeId select, const FigureChoice& choice,
                                       size_t width)
{
    if (choice.clean) {
        return {};
    }
    Document document(std::move(scene));
    Viewport viewport(document); // never Created: no GL
    SetUp(viewport, camera, select, choice);
    return CaptionOf(viewport, width);
}

std::string RenderSvgFigure(Scene scene, const Camera& camera, ShapeId select, const FigureChoice& choice)
{
    Document document(std::move(scene));
    Viewport viewport(document); // never Created: no GL
    SetUp(viewport, camera, select, choice);
    // the caption's band is reserved above the scene: no line of the scene crosses it
    FigurePage page{camera.viewport, 0.0, 0.0, choice.scale, choice.light};
    const std::vector<std::string> caption =
        choice.clean ? std::vector<std::string>() : CaptionOf(viewport, CaptionWidth(page));
    page.band = CaptionBandHeight(caption.size());
    viewport.camera.viewport = page.SceneArea();
    FitLabels(viewport);
    SvgSink svg(viewport.camera, page);
    DrawViewportScene(document, viewport, svg);
    svg.Caption(caption);
    return svg.Document(palette::kBackground);
}

bool IsSvgPath(const std::string& path)
{
    if (path.size() < 4) {
        return false;
    }
    std::string ext = path.substr(path.size() - 4);
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return ext == ".svg";
}

} // namespace hitlab
