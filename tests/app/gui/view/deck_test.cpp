// `hitlab render LESSON --deck`: the PDF's pages, the SVG directory's files, the sweep GIF's frames
// (decoded with giflib), the caption band that no line of the scene crosses, the print palette's
// contrast and the errors, on the 2D slab lesson (assets/scenes/slab-2d-miss.json). Its slab trace
// has 5 steps: the x slab [0.25, 0.75], the y slab [1, 3], the z slab (parallel, origin inside), the
// running interval found empty (t_enter = 1 > t_exit = 0.75) and the verdict. GL-free.
#include "app/gui/gui_cli.h"
#include "app/gui/model/lessons.h"
#include "app/gui/view/deck.h"
#include "app/gui/view/scenes.h"

#include "render/cairo_sink.h"
#include "render/deck_writer.h"
#include "render/figure_sink.h"
#include "render/scene_draw.h"

#include "core/scene_eval.h"

#include "support/temp_dir.h"

#include <gif_lib.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace hitlab {
namespace HITLAB_UNITY_ID {

namespace fs = std::filesystem;

const std::string kLesson = std::string(HITLAB_EXAMPLES) + "/../../assets/scenes/slab-2d-miss.json";

/// The tests' folder, removed with everything in it when the program ends.
fs::path Dir()
{
    static const test::TempDir dir("hitlab_deck_test_");
    return fs::path(dir.Path());
}

struct RenderRun {
    int status = -1;
    std::string err;
};

RenderRun Render(std::vector<std::string> args)
{
    args.insert(args.begin(), "render");
    std::vector<const char*> argv;
    for (const std::string& a : args) {
        argv.push_back(a.c_str());
    }
    RenderRun r;
    ::testing::internal::CaptureStderr();
    r.status = RunRenderCommandLine(int(argv.size()), argv.data());
    r.err = ::testing::internal::GetCapturedStderr();
    return r;
}

std::string Read(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

/// The number of "/Type /Page" objects of a PDF (not "/Type /Pages").
int PdfPages(const std::string& pdf)
{
    const std::regex page(R"(/Type\s*/Page(?![a-zA-Z]))");
    return int(std::distance(std::sregex_iterator(pdf.begin(), pdf.end(), page), std::sregex_iterator()));
}

size_t SlabSteps()
{
    IoError error;
    const std::optional<Scene> scene = LoadSceneForGui(kLesson, error);
    const SceneQuery q = scene->Queries().front();
    return SceneEvaluator::TraceOf(*scene, q, *scene->Settings(q.family).drawn).steps.size();
}

TEST(Deck, PdfHasATitlePageAPageAStepAndTheReveal)
{
    ASSERT_EQ(SlabSteps(), 5u);
    const fs::path pdf = Dir() / "miss.pdf";
    const RenderRun r = Render({kLesson, "--view", "2d", "--deck", "-o", pdf.string()});
    ASSERT_EQ(r.status, 0) << r.err;
    const std::string text = Read(pdf);
    EXPECT_EQ(text.substr(0, 5), "%PDF-");
    EXPECT_EQ(PdfPages(text), 2 + 5);
}

TEST(Deck, DirectoryGetsOneSvgAPage)
{
    const fs::path dir = Dir() / "pages";
    fs::remove_all(dir);
    const RenderRun r = Render({kLesson, "--view", "2d", "--deck", "-o", dir.string() + "/"});
    ASSERT_EQ(r.status, 0) << r.err;
    std::set<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir)) {
        names.insert(entry.path().filename().string());
    }
    EXPECT_EQ(names, (std::set<std::string>{"title.svg", "step-01.svg", "step-02.svg", "step-03.svg", "step-04.svg",
                                            "step-05.svg", "reveal.svg"}));
    const std::string title = Read(dir / "title.svg");
    EXPECT_NE(title.find(">The slab method in 2D: a miss<"), std::string::npos) << title;
    EXPECT_NE(title.find("With the direction (2, 1) instead of (4, 1)"), std::string::npos) << title;
    const std::string step = Read(dir / "step-01.svg");
    EXPECT_NE(step.find("Step 1 of 5"), std::string::npos);
    EXPECT_NE(step.find(">[t_enter, t_exit]<"), std::string::npos) << "the number line";
    const std::string reveal = Read(dir / "reveal.svg");
    EXPECT_NE(reveal.find("miss: slab, slab_branchless"), std::string::npos) << reveal;
}

TEST(Deck, GifDecodesWithTheSweepsFramesAndSize)
{
    const fs::path gif = Dir() / "sweep.gif";
    const RenderRun r = Render({kLesson, "--view", "2d", "--deck", "--size", "640x360", "-o", gif.string()});
    ASSERT_EQ(r.status, 0) << r.err;
    int error = 0;
    GifFileType* file = DGifOpenFileName(gif.string().c_str(), &error);
    ASSERT_NE(file, nullptr) << GifErrorString(error);
    ASSERT_EQ(DGifSlurp(file), GIF_OK);
    EXPECT_EQ(file->SWidth, 640);
    EXPECT_EQ(file->SHeight, 360);
    EXPECT_EQ(file->ImageCount, 48);
    GraphicsControlBlock first{}, middle{}, last{};
    DGifSavedExtensionToGCB(file, 0, &first);
    DGifSavedExtensionToGCB(file, 24, &middle);
    DGifSavedExtensionToGCB(file, 47, &last);
    EXPECT_EQ(first.DelayTime, 100);
    EXPECT_EQ(middle.DelayTime, 8);
    EXPECT_EQ(last.DelayTime, 250);
    // frames differ: the disc moves along the ray
    const auto& a = file->SavedImages[0].RasterBits;
    const auto& b = file->SavedImages[47].RasterBits;
    EXPECT_FALSE(std::equal(a, a + 640 * 360, b));
    DGifCloseFile(file, &error);
}

TEST(Deck, SweepTGoesFromTheStartToTheEnd)
{
    EXPECT_DOUBLE_EQ(SweepT(0.0, 3.0, 0, 4), 0.0);
    EXPECT_DOUBLE_EQ(SweepT(0.0, 3.0, 1, 4), 1.0);
    EXPECT_DOUBLE_EQ(SweepT(0.0, 3.0, 3, 4), 3.0);
}

TEST(Deck, BadOutputsAndAQuerylessSceneSayWhatIsWrong)
{
    EXPECT_EQ(Render({kLesson, "--deck", "-o", (Dir() / "x.png").string()}).err,
              "hitlab render: --deck: -o names a PDF (*.pdf), the sweep animation (*.gif) or a directory for one SVG "
              "a page (DIR/), got \"" +
                  (Dir() / "x.png").string() + "\"\n");
    EXPECT_EQ(Render({kLesson, "-o", (Dir() / "x.pdf").string()}).err,
              "hitlab render: -o " + (Dir() / "x.pdf").string() +
                  ": a PDF, a GIF or a directory is written by --deck only\n");
    EXPECT_EQ(Render({kLesson, "-o", Dir().string()}).err,
              "hitlab render: --output: \"" + Dir().string() + "\" is a directory, not a file\n");
    const RenderRun missing = Render({kLesson, "--deck", "-o", "/nonexistent-hitlab/pages/"});
    EXPECT_EQ(missing.status, 2);
    EXPECT_NE(missing.err.find("the directory \"/nonexistent-hitlab\" does not exist"), std::string::npos)
        << missing.err;
    EXPECT_EQ(Render({kLesson, "--deck", "--step", "2", "-o", (Dir() / "x.pdf").string()}).err,
              "hitlab render: --step: a deck has every step, a page each; --step draws one figure\n");
    EXPECT_EQ(Render({kLesson, "--light", "-o", (Dir() / "x.png").string()}).err,
              "hitlab render: --light: only for an SVG figure (-o FILE.svg) or a deck (--deck)\n");
    // a scene of one box: no query, no trace
    const fs::path box = Dir() / "box.json";
    std::ofstream(box) << R"({"format": "hitlab-scene", "version": 1, "shapes": [)"
                       << R"({"id": 1, "name": "box", "type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]}]})";
    const RenderRun none = Render({box.string(), "--deck", "-o", (Dir() / "box.pdf").string()});
    EXPECT_EQ(none.status, 2);
    EXPECT_EQ(none.err, "hitlab render: --deck: the scene has no query whose trace could be shown\n");
}

/// The page's <line>s of the scene (inside the translated, clipped group) as segments on the page:
/// their ends moved down by the band and clipped to the scene's area [band, band + height].
struct Segment {
    double x1, y1, x2, y2;
};

std::vector<Segment> SceneLines(const std::string& svg, double band, double width, double height)
{
    std::vector<Segment> out;
    const size_t end = svg.find("<g id=\"caption\"");
    const std::regex line(R"#(<line x1="([-\d.]+)" y1="([-\d.]+)" x2="([-\d.]+)" y2="([-\d.]+)")#");
    for (auto it = std::sregex_iterator(svg.begin(), svg.begin() + std::ptrdiff_t(end), line);
         it != std::sregex_iterator(); ++it) {
        Segment s{std::stod((*it)[1]), std::stod((*it)[2]), std::stod((*it)[3]), std::stod((*it)[4])};
        // Liang-Barsky against the scene's clip [0, width] x [0, height]
        double t0 = 0.0, t1 = 1.0;
        const double dx = s.x2 - s.x1, dy = s.y2 - s.y1;
        bool visible = true;
        for (const auto& [p, q] :
             {std::pair{-dx, s.x1}, std::pair{dx, width - s.x1}, std::pair{-dy, s.y1}, std::pair{dy, height - s.y1}}) {
            if (p == 0.0) {
                visible = visible && q >= 0.0;
            } else if (p < 0.0) {
                t0 = std::max(t0, q / p);
            } else {
                t1 = std::min(t1, q / p);
            }
        }
        if (visible && t0 <= t1) {
            out.push_back({s.x1 + dx * t0, s.y1 + dy * t0 + band, s.x1 + dx * t1, s.y1 + dy * t1 + band});
        }
    }
    return out;
}

TEST(Deck, NoLineOfTheSceneCrossesTheCaption)
{
    const fs::path svg = Dir() / "figure.svg";
    ASSERT_EQ(Render({kLesson, "--view", "2d", "-o", svg.string()}).status, 0);
    const std::string text = Read(svg);
    std::smatch m;
    const std::regex band(R"#(<g clip-path="url\(#frame\)" transform="translate\(0,([\d.]+)\)">)#");
    ASSERT_TRUE(std::regex_search(text, m, band)) << "the scene is moved below the caption's band";
    const double top = std::stod(m[1]);
    // the caption's box: its band's rectangle, as wide as the page
    const std::regex rect(R"#(<g id="caption"[^>]*>\n<rect width="([\d.]+)" height="([\d.]+)")#");
    ASSERT_TRUE(std::regex_search(text, m, rect));
    EXPECT_EQ(std::stod(m[2]), top);
    const std::vector<Segment> lines = SceneLines(text, top, 1280.0, 720.0 - top);
    ASSERT_GT(lines.size(), 20u); // the grid, the slab planes, the ray, the bands
    for (const Segment& s : lines) {
        EXPECT_GE(std::min(s.y1, s.y2), top - 1e-9) << s.x1 << "," << s.y1 << " " << s.x2 << "," << s.y2;
    }
}

/// "#rrggbb" to a colour.
glm::vec4 FromHex(const std::string& hex, float alpha)
{
    const unsigned long v = std::stoul(hex.substr(1), nullptr, 16);
    return {float((v >> 16) & 0xff) / 255.0f, float((v >> 8) & 0xff) / 255.0f, float(v & 0xff) / 255.0f, alpha};
}

TEST(Deck, LightFigureStrokesTheRaySlabsAndBandsAtLeast4Point5To1OnWhite)
{
    const fs::path svg = Dir() / "light.svg";
    ASSERT_EQ(Render({kLesson, "--view", "2d", "--light", "-o", svg.string()}).status, 0);
    const std::string text = Read(svg);
    const size_t from = text.find("<g id=\"lines\">"), to = text.find("<g id=\"markers\">");
    ASSERT_NE(from, std::string::npos);
    const std::string strokes = text.substr(from, to - from);
    const std::regex stroke(R"#(stroke="(#[0-9a-f]{6})" stroke-opacity="([\d.]+)")#");
    std::set<std::string> coloured;
    for (auto it = std::sregex_iterator(strokes.begin(), strokes.end(), stroke); it != std::sregex_iterator(); ++it) {
        const glm::vec4 c = FromHex((*it)[1], std::stof((*it)[2]));
        if (std::max({c.x, c.y, c.z}) - std::min({c.x, c.y, c.z}) <= 0.08f) {
            continue; // the greys: the grid and the ticks
        }
        coloured.insert((*it)[1]);
        EXPECT_GE(ContrastRatio(c, glm::vec4(1.0f)), 4.5) << (*it)[0];
    }
    // the ray (#ffbf33 in the scene), the x and y slabs' planes and bands: darkened, one hue each
    EXPECT_GE(coloured.size(), 3u);
}

/// Writes each page of the lesson's deck as a PNG (the PDF's painting on an image surface) to
/// $HITLAB_DECK_PNG when it is set, to look at; each page must be written.
TEST(Deck, PagesRasteriseToPng)
{
    IoError error;
    std::optional<Scene> scene = LoadSceneForGui(kLesson, error);
    ASSERT_TRUE(scene);
    Camera camera = *CameraForView(*scene, "2d", {1280.0, 720.0});
    FigureChoice choice;
    choice.focused = scene->Queries().front();
    std::string e;
    const std::vector<DeckPage> pages = LessonDeck(*scene, camera, 0, choice, e);
    ASSERT_EQ(pages.size(), 7u) << e;
    const char* keep = std::getenv("HITLAB_DECK_PNG");
    const fs::path dir = keep != nullptr ? fs::path(keep) : Dir();
    for (const DeckPage& page : pages) {
        CairoSink sink(page.camera, page.page);
        page.draw(sink);
        const fs::path png = dir / (page.name + ".png");
        EXPECT_EQ(WritePagePng(png.string(), {1280, 720}, [&](cairo_t* cr) { sink.Paint(cr, palette::kBackground); }),
                  "");
        EXPECT_GT(fs::file_size(png), 1000u);
    }
    // the sweep's frame at t = 0.5 (x slab lit) and the reveal in the print palette
    const std::vector<DeckPage> sweep = SweepAnimation(*scene, camera, 0, choice, 7, e);
    ASSERT_EQ(sweep.size(), 7u) << e;
    choice.light = true;
    const std::vector<DeckPage> light = LessonDeck(*scene, camera, 0, choice, e);
    choice.light = false;
    choice.scale = 1.5; // --font-scale 1.5
    const std::vector<DeckPage> scaled = LessonDeck(*scene, camera, 0, choice, e);
    for (const auto& [page, name] : {std::pair{&sweep[1], "sweep.png"}, std::pair{&light.back(), "light.png"},
                                     std::pair{&scaled.back(), "scaled.png"}}) {
        CairoSink sink(page->camera, page->page);
        page->draw(sink);
        EXPECT_EQ(WritePagePng((dir / name).string(), {1280, 720},
                               [&](cairo_t* cr) { sink.Paint(cr, palette::kBackground); }),
                  "");
    }
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
