// `hitlab render`: a PNG through a hidden GL window, or an SVG figure without one.
#include "figure.h"

#include "gui.h"
#include "viewport.h"

#include "app/paths/data_dir.h"

#include "render/grid_labels.h"
#include "render/scene_draw.h"
#include "render/svg_sink.h"

#include <glm/vector_relational.hpp>
#include <stb_image_write.h>

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

namespace {

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

/// Text broken into lines of at most `width` characters at spaces (a longer word stays whole).
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

/// The viewport showing what the figure shows: the focused pair, the step, the selection.
void SetUp(Viewport& viewport, PanelState& state, const Camera& camera, ShapeId select, const FigureChoice& choice)
{
    state.focused = choice.focused;
    state.step = choice.step;
    viewport.panels = &state;
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

} // namespace

Camera FigureCamera(Scene scene, const Camera& camera, ShapeId select, const FigureChoice& choice)
{
    Viewport viewport(std::move(scene)); // never Created: no GL
    PanelState state;
    SetUp(viewport, state, camera, select, choice);
    FitLabels(viewport);
    return viewport.camera;
}

std::string RenderSvgFigure(Scene scene, const Camera& camera, ShapeId select, const FigureChoice& choice)
{
    Viewport viewport(std::move(scene)); // never Created: no GL
    PanelState state;
    SetUp(viewport, state, camera, select, choice);
    FitLabels(viewport);
    SvgSink svg(viewport.camera, choice.light);
    DrawScene(viewport.GetScene(), viewport.Evaluation(), viewport.DrawOptions(), svg);
    DrawGridLabels(viewport.camera, svg); // the 2D view's coordinates, as the window draws them
    viewport.DrawLabels(svg);
    if (!choice.clean) { // the window's status: the title, the pair and the verdict
        const Scene& s = viewport.GetScene();
        std::vector<std::string> caption{s.title.empty() ? "HitLab" : s.title};
        const SceneShape* a = viewport.Focused() ? s.Find(viewport.Focused()->a) : nullptr;
        const SceneShape* b = viewport.Focused() ? s.Find(viewport.Focused()->b) : nullptr;
        const std::string drawn = viewport.DrawnName();
        if (a != nullptr && b != nullptr && !drawn.empty()) {
            caption.push_back(a->name + " vs " + b->name + ": " + drawn);
            for (const std::string& line : WrapText(viewport.FocusedTrace().verdict, 72)) {
                caption.push_back(line);
            }
            for (const std::string& line : viewport.ExternalLines()) {
                for (const std::string& wrapped : WrapText(line, 72)) {
                    caption.push_back(wrapped);
                }
            }
        }
        svg.Caption(caption);
    }
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

namespace {

/// The focused pair, the external answers joined and the --algorithm chosen. "" or what is wrong.
std::string JoinFigureExternal(Scene& scene, const RenderOptions& options, ExternalRuns& runs, FigureExternal& external,
                               const FigureExternalOptions& wanted, FigureChoice& choice)
{
    if (options.select != 0 && scene.Find(options.select) == nullptr) {
        return "--select: no shape has id " + std::to_string(options.select);
    }
    if (std::string e = PrepareFigureExternal(scene, options.select, wanted, runs, choice.focused, external);
        !e.empty()) {
        return e;
    }
    choice.external = external.drawn.empty() && external.drawnName.empty() ? nullptr : &external;
    return {};
}

/// The figure's choices: the focused pair, the external answers, the checks of --step.
std::string ChooseFigure(Scene& scene, const RenderOptions& options, ExternalRuns& runs, FigureExternal& external,
                         const FigureExternalOptions& wanted, FigureChoice& choice)
{
    if (std::string e = JoinFigureExternal(scene, options, runs, external, wanted, choice); !e.empty()) {
        return e;
    }
    choice.sources = wanted.commands.empty() && wanted.plugins.empty() ? nullptr : &wanted;
    if (choice.step >= 0 && !choice.focused) {
        return "--step: the scene has no query whose trace could be shown";
    }
    if (choice.step >= 0) {
        const AlgorithmInfo* drawn = scene.Settings(choice.focused->family).drawn;
        const size_t steps = !external.drawnName.empty() ? external.trace.steps.size()
                             : drawn != nullptr ? SceneEvaluator::TraceOf(scene, *choice.focused, *drawn).steps.size()
                                                : 0;
        if (size_t(choice.step) >= steps) {
            return "--step: the focused trace has " + std::to_string(steps) + " steps, got " +
                   std::to_string(options.step);
        }
    }
    return {};
}

int WriteSvgFigure(Scene scene, const Camera& camera, const RenderOptions& options, const FigureChoice& choice)
{
    std::ofstream file(options.output, std::ios::binary | std::ios::trunc);
    file << RenderSvgFigure(std::move(scene), camera, options.select, choice);
    file.close();
    if (!file) {
        std::cerr << "hitlab render: cannot write " << options.output << '\n';
        return 1;
    }
    return 0;
}

int WritePngFigure(Scene scene, const Camera& camera, const RenderOptions& options, const FigureChoice& choice)
{
    std::string error;
    const Camera fitted = FigureCamera(scene, camera, options.select, choice);
    const std::optional<RenderedImage> image = RenderScene(std::move(scene), fitted, options.width, options.height,
                                                           options.frames, options.select, error, choice);
    if (!image) {
        if (error != "no display" && error != "no OpenGL 3.3 core context") {
            std::cerr << "hitlab render: " << error << '\n';
        }
        return 1;
    }
    if (options.stats) {
        PrintFrameStats(std::cout, image->frames);
        std::cout << image->fanStats;
    }
    if (!options.output.empty() && stbi_write_png(options.output.c_str(), image->width, image->height, 4,
                                                  image->rgba.data(), image->width * 4) == 0) {
        std::cerr << "hitlab render: cannot write " << options.output << '\n';
        return 1;
    }
    return 0;
}

} // namespace

int RunRender(const RenderOptions& options)
{
    IoError openError;
    std::optional<Scene> scene = OpenScene(options.scene, options.loader, openError);
    if (!scene) {
        std::cerr << "hitlab render: " << ErrorText(openError) << '\n';
        return 2;
    }
    WriteScenePluginNotes(std::cerr, "render", options.scene, scene->plugins,
                          options.plugins); // never loaded by the scene
    const std::optional<Camera> camera =
        CameraForView(*scene, options.view, glm::dvec2(double(options.width), double(options.height)));
    if (!camera) {
        std::cerr << "hitlab render: unknown view \"" << options.view << "\" (persp, front, right, top, 2d)\n";
        return 2;
    }
    FigureChoice choice;
    choice.step = options.step > 0 ? options.step - 1 : -1;
    choice.clean = options.clean;
    choice.light = options.light;
    if (options.light && !IsSvgPath(options.output)) {
        std::cerr << "hitlab render: --light: only for an SVG figure (-o FILE.svg)\n";
        return 2;
    }
    if (IsSvgPath(options.output) && (options.stats || options.frames != 1)) {
        std::cerr << "hitlab render: --stats and --frames time GL frames; an SVG figure is drawn without one\n";
        return 2;
    }
    ExternalRuns runs; // the programs and plugins, alive while the figure is drawn
    FigureExternal external;
    const FigureExternalOptions wanted{options.externalCommands, options.plugins, options.externalTimeout,
                                       options.algorithm};
    if (const std::string e = ChooseFigure(*scene, options, runs, external, wanted, choice); !e.empty()) {
        std::cerr << "hitlab render: " << e << '\n';
        return 2;
    }
    return IsSvgPath(options.output) ? WriteSvgFigure(std::move(*scene), *camera, options, choice)
                                     : WritePngFigure(std::move(*scene), *camera, options, choice);
}

} // namespace hitlab
