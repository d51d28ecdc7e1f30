// The GUI entry points: the interactive window (`hitlab [SCENE]`) and the one-frame renderer
// (`hitlab render SCENE -o out.png`), both on GLFW + OpenGL 3.3 core + Dear ImGui.
#pragma once

#include "app/gui/view/figure.h"
#include "app/gui/view/gui_options.h"
#include "app/gui/view/viewport.h"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace hitlab {

/// Opens the window; returns the exit status (1 with a one-line message when there is no display
/// or no OpenGL 3.3).
int RunGui(const GuiOptions& options);
/// Renders with a hidden window and writes a PNG, or writes an SVG figure without a window;
/// returns the exit status.
int RunRender(const RenderOptions& options);

/// One rendered frame, rows from the top, RGBA8; and the time of each frame rendered.
struct RenderedImage {
    int width = 0, height = 0;
    std::vector<unsigned char> rgba;
    std::vector<FrameTimes> frames;
    std::string fanStats; ///< the ray fans' computation times (FanView::PrintStats), for --stats
};
/// Renders `frames` frames of the scene with a hidden window (overlays included) and returns the
/// last; nullopt with error set when there is no display, no OpenGL 3.3 or a shader fails.
/// `figure` picks the focused pair and trace step, and with clean leaves out the selection's
/// highlight and handles, the hints and the status.
std::optional<RenderedImage> RenderScene(Scene scene, const Camera& camera, int width, int height, int frames,
                                         ShapeId select, std::string& error, const FigureChoice& figure = {});

/// Frame-time statistics: min, median, p95, max of total, and the shares of each part.
void PrintFrameStats(std::ostream& out, const std::vector<FrameTimes>& frames);

} // namespace hitlab
