// `hitlab render --deck`: a lesson's deck written as a PDF (cairo), a directory of SVG pages, or the
// sweep animation as a GIF, each page drawn by view/deck.h into the sink of its format.
#include "deck_command.h"

#include "app/gui/view/deck.h"

#include "render/cairo_sink.h"
#include "render/deck_writer.h"
#include "render/scene_draw.h"
#include "render/svg_sink.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>

namespace hitlab {

namespace {

/// The sweep: 48 frames of 0.08 s, the first and last held longer (1 s, 2.5 s).
constexpr int kSweepFrames = 48;

std::string LowerExtension(const std::string& path)
{
    std::string ext = std::filesystem::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return ext;
}

/// Each page drawn into a CairoSink, kept alive while the writer paints it.
std::vector<std::unique_ptr<CairoSink>> CairoPages(const std::vector<DeckPage>& pages)
{
    std::vector<std::unique_ptr<CairoSink>> sinks;
    for (const DeckPage& page : pages) {
        sinks.push_back(std::make_unique<CairoSink>(page.camera, page.page));
        page.draw(*sinks.back());
    }
    return sinks;
}

glm::ivec2 PixelSize(const DeckPage& page) { return glm::ivec2(glm::round(page.page.size)); }

std::string WriteSvgPages(const std::string& directory, const std::vector<DeckPage>& pages)
{
    std::error_code ec;
    std::filesystem::create_directory(directory, ec);
    if (!std::filesystem::is_directory(directory, ec)) {
        return "cannot make the directory " + directory;
    }
    for (const DeckPage& page : pages) {
        SvgSink svg(page.camera, page.page);
        page.draw(svg);
        const std::string path = (std::filesystem::path(directory) / (page.name + ".svg")).string();
        std::ofstream file(path, std::ios::binary | std::ios::trunc);
        file << svg.Document(palette::kBackground);
        file.close();
        if (!file) {
            return "cannot write " + path;
        }
    }
    return {};
}

} // namespace

DeckOutput DeckOutputOf(const std::string& path)
{
    std::error_code ec;
    if (!path.empty() && (path.back() == '/' || std::filesystem::is_directory(path, ec))) {
        return DeckOutput::SvgDirectory;
    }
    const std::string ext = LowerExtension(path);
    return ext == ".pdf" ? DeckOutput::Pdf : ext == ".gif" ? DeckOutput::Gif : DeckOutput::None;
}

int WriteDeck(const Scene& scene, const Camera& camera, const RenderOptions& options, const FigureChoice& choice)
{
    const DeckOutput output = DeckOutputOf(options.output);
    std::string error;
    const std::vector<DeckPage> pages = output == DeckOutput::Gif
                                            ? SweepAnimation(scene, camera, options.select, choice, kSweepFrames, error)
                                            : LessonDeck(scene, camera, options.select, choice, error);
    if (pages.empty()) {
        std::cerr << "hitlab render: " << error << '\n';
        return 2;
    }
    const auto sinks =
        output == DeckOutput::SvgDirectory ? std::vector<std::unique_ptr<CairoSink>>() : CairoPages(pages);
    switch (output) {
    case DeckOutput::Pdf: {
        std::vector<PagePainter> painters;
        for (const auto& sink : sinks) {
            painters.push_back([&sink](cairo_t* cr) { sink->Paint(cr, palette::kBackground); });
        }
        error = WritePdfDeck(options.output, PixelSize(pages.front()), painters);
        break;
    }
    case DeckOutput::Gif: {
        std::vector<AnimationFrame> frames;
        for (size_t i = 0; i < sinks.size(); ++i) {
            const int delay = i == 0 ? 100 : i + 1 == sinks.size() ? 250 : 8;
            frames.push_back({[&sink = sinks[i]](cairo_t* cr) { sink->Paint(cr, palette::kBackground); }, delay});
        }
        error = WriteGifAnimation(options.output, PixelSize(pages.front()), frames);
        break;
    }
    case DeckOutput::SvgDirectory:
        error = WriteSvgPages(options.output, pages);
        break;
    case DeckOutput::None:
        error = "--deck: -o names a PDF (*.pdf), a GIF (*.gif) or a directory (DIR/), got \"" + options.output + "\"";
        break;
    }
    if (!error.empty()) {
        std::cerr << "hitlab render: " << error << '\n';
        return output == DeckOutput::None ? 2 : 1;
    }
    return 0;
}

} // namespace hitlab
