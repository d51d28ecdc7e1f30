// `hitlab render`: a PNG through a hidden GL window (RenderScene), or an SVG figure without one
// (view/figure.h).
#include "gui.h"

#include "deck_command.h"

#include "app/gui/view/viewport.h"
#include "app/paths/data_dir.h"

#include <stb_image_write.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>

namespace hitlab {

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

/// What is wrong with the output and the options that depend on it: "" when nothing.
std::string CheckOutput(const RenderOptions& options)
{
    const bool svg = IsSvgPath(options.output);
    const DeckOutput deck = DeckOutputOf(options.output);
    if (options.deck && deck == DeckOutput::None) {
        return "--deck: -o names a PDF (*.pdf), the sweep animation (*.gif) or a directory for one SVG a page "
               "(DIR/), got \"" +
               options.output + "\"";
    }
    if (!options.deck && deck == DeckOutput::SvgDirectory) { // as FileToWrite says it
        return "--output: \"" + options.output + "\" is a directory, not a file";
    }
    if (!options.deck && deck != DeckOutput::None) {
        return "-o " + options.output + ": a PDF, a GIF or a directory is written by --deck only";
    }
    if (options.deck && options.step > 0) {
        return "--step: a deck has every step, a page each; --step draws one figure";
    }
    if ((options.light || options.fontScale != 1.0) && !svg && !options.deck) {
        return std::string(options.light ? "--light" : "--font-scale") +
               ": only for an SVG figure (-o FILE.svg) or a deck (--deck)";
    }
    if ((svg || options.deck) && (options.stats || options.frames != 1)) {
        return "--stats and --frames time GL frames; an SVG figure or a deck is drawn without one";
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
    choice.scale = options.fontScale;
    if (const std::string e = CheckOutput(options); !e.empty()) {
        std::cerr << "hitlab render: " << e << '\n';
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
    if (options.deck) {
        return WriteDeck(*scene, *camera, options, choice);
    }
    return IsSvgPath(options.output) ? WriteSvgFigure(std::move(*scene), *camera, options, choice)
                                     : WritePngFigure(std::move(*scene), *camera, options, choice);
}

} // namespace hitlab
