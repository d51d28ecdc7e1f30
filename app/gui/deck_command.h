// `hitlab render --deck`: where a deck goes (a PDF, a GIF, a directory of SVGs) and its writing.
#pragma once

#include "app/gui/view/figure.h"
#include "app/gui/view/gui_options.h"

#include "render/camera.h"

#include "core/scene.h"

#include <string>

namespace hitlab {

/// What `-o` names for a deck: a PDF (*.pdf), the sweep GIF (*.gif), a directory of SVG pages (a
/// trailing slash or an existing directory), or none of them.
enum class DeckOutput { None, Pdf, Gif, SvgDirectory };
DeckOutput DeckOutputOf(const std::string& path);

/// Writes the deck of the figure's choice (choice.focused set) through `camera` (its viewport: the
/// page in pixels) to options.output; the exit status (2 with a message for a scene without a trace
/// or a bad output, 1 when the file cannot be written).
int WriteDeck(const Scene& scene, const Camera& camera, const RenderOptions& options, const FigureChoice& choice);

} // namespace hitlab
