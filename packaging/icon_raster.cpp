// hitlab_icon_raster: draws packaging/hitlab.svg into PNG icons at build time (the hicolor sizes
// for desktops without SVG icons), so that the SVG stays the one drawing of the icon. It reads
// only what that file uses: <rect> (with rx), <polygon>, <line> (round caps) and <circle>, with
// fill, fill-opacity, stroke and stroke-width, in a 64 x 64 viewBox; 4 x 4 samples per pixel.
//
//     hitlab_icon_raster hitlab.svg SIZE out.png
#include <stb_image_write.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct P {
    double x = 0, y = 0;
};

/// Premultiplied colour.
struct Rgba {
    double r = 0, g = 0, b = 0, a = 0;
};

struct Paint {
    std::optional<Rgba> fill, stroke;
    double strokeWidth = 1;
};

struct Element {
    std::string kind;
    std::vector<P> points; // polygon vertices; line ends; rect corner and size; circle centre
    double radius = 0;     // circle r, rect rx
    Paint paint;
};

std::optional<Rgba> Colour(const std::string& text, double opacity)
{
    unsigned value = 0;
    if (text.size() != 7 || text[0] != '#' || std::sscanf(text.c_str() + 1, "%x", &value) != 1) {
        return std::nullopt; // "none" or a form this tool does not read
    }
    return Rgba{((value >> 16) & 255) / 255.0 * opacity, ((value >> 8) & 255) / 255.0 * opacity,
                (value & 255) / 255.0 * opacity, opacity};
}

double Number(const std::map<std::string, std::string>& a, const std::string& key, double otherwise = 0)
{
    const auto it = a.find(key);
    return it == a.end() ? otherwise : std::stod(it->second);
}

std::vector<Element> ReadSvg(const std::string& text)
{
    std::vector<Element> out;
    const std::regex tag(R"(<(rect|polygon|line|circle)\b([^>]*)>)");
    const std::regex attribute(R"(([a-z][a-z0-9-]*)="([^"]*)\")");
    for (std::sregex_iterator it(text.begin(), text.end(), tag), end; it != end; ++it) {
        std::map<std::string, std::string> a;
        const std::string body = (*it)[2];
        for (std::sregex_iterator at(body.begin(), body.end(), attribute); at != end; ++at) {
            a[(*at)[1]] = (*at)[2];
        }
        Element e;
        e.kind = (*it)[1];
        e.paint.fill = Colour(a.count("fill") ? a["fill"] : "none", Number(a, "fill-opacity", 1));
        e.paint.stroke = Colour(a.count("stroke") ? a["stroke"] : "none", 1);
        e.paint.strokeWidth = Number(a, "stroke-width", 1);
        if (e.kind == "rect") {
            e.points = {{Number(a, "x"), Number(a, "y")}, {Number(a, "width"), Number(a, "height")}};
            e.radius = Number(a, "rx");
        } else if (e.kind == "polygon") {
            std::string list = a["points"];
            std::replace(list.begin(), list.end(), ',', ' ');
            std::istringstream in(list);
            for (P p; in >> p.x >> p.y;) {
                e.points.push_back(p);
            }
        } else if (e.kind == "line") {
            e.points = {{Number(a, "x1"), Number(a, "y1")}, {Number(a, "x2"), Number(a, "y2")}};
        } else {
            e.points = {{Number(a, "cx"), Number(a, "cy")}};
            e.radius = Number(a, "r");
        }
        out.push_back(e);
    }
    return out;
}

double SegmentDistance(P p, P a, P b)
{
    const double dx = b.x - a.x, dy = b.y - a.y;
    const double len2 = dx * dx + dy * dy;
    const double t = len2 > 0 ? std::clamp(((p.x - a.x) * dx + (p.y - a.y) * dy) / len2, 0.0, 1.0) : 0.0;
    return std::hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/// Whether p is inside the element's fill, and within its stroke.
std::pair<bool, bool> Covers(const Element& e, P p)
{
    const double half = e.paint.strokeWidth / 2;
    if (e.kind == "rect") {
        // rounded box: signed distance
        const P c{e.points[0].x + e.points[1].x / 2, e.points[0].y + e.points[1].y / 2};
        const double qx = std::abs(p.x - c.x) - (e.points[1].x / 2 - e.radius);
        const double qy = std::abs(p.y - c.y) - (e.points[1].y / 2 - e.radius);
        const double d = std::hypot(std::max(qx, 0.0), std::max(qy, 0.0)) + std::min(std::max(qx, qy), 0.0) - e.radius;
        return {d <= 0, std::abs(d) <= half};
    }
    if (e.kind == "circle") {
        const double d = std::hypot(p.x - e.points[0].x, p.y - e.points[0].y) - e.radius;
        return {d <= 0, std::abs(d) <= half};
    }
    if (e.kind == "line") {
        return {false, SegmentDistance(p, e.points[0], e.points[1]) <= half};
    }
    // polygon: even-odd crossings; the stroke's round joins are the distance to the edges
    bool inside = false;
    double nearest = 1e9;
    for (std::size_t i = 0, j = e.points.size() - 1; i < e.points.size(); j = i++) {
        const P a = e.points[i], b = e.points[j];
        if ((a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x) {
            inside = !inside;
        }
        nearest = std::min(nearest, SegmentDistance(p, a, b));
    }
    return {inside, nearest <= half};
}

void Over(Rgba& dst, const Rgba& src)
{
    const double k = 1 - src.a;
    dst = {src.r + dst.r * k, src.g + dst.g * k, src.b + dst.b * k, src.a + dst.a * k};
}

} // namespace

int main(int argc, char** argv)
{
    if (argc != 4) {
        std::fprintf(stderr, "usage: hitlab_icon_raster ICON.svg SIZE OUT.png\n");
        return 2;
    }
    std::ifstream file(argv[1]);
    std::stringstream text;
    text << file.rdbuf();
    const std::vector<Element> elements = ReadSvg(text.str());
    const int size = std::atoi(argv[2]);
    if (!file || elements.empty() || size < 8 || size > 1024) {
        std::fprintf(stderr, "hitlab_icon_raster: %s: no shapes read, or size %s not in [8, 1024]\n", argv[1], argv[2]);
        return 2;
    }
    constexpr int kSamples = 4;
    const double scale = 64.0 / size;
    std::vector<unsigned char> pixels(static_cast<std::size_t>(size) * size * 4);
    for (int y = 0; y < size; ++y) {
        for (int x = 0; x < size; ++x) {
            Rgba sum;
            for (int sy = 0; sy < kSamples; ++sy) {
                for (int sx = 0; sx < kSamples; ++sx) {
                    const P p{(x + (sx + 0.5) / kSamples) * scale, (y + (sy + 0.5) / kSamples) * scale};
                    Rgba c;
                    for (const Element& e : elements) {
                        const auto [inFill, inStroke] = Covers(e, p);
                        if (inFill && e.paint.fill) {
                            Over(c, *e.paint.fill);
                        }
                        if (inStroke && e.paint.stroke) {
                            Over(c, *e.paint.stroke);
                        }
                    }
                    sum = {sum.r + c.r, sum.g + c.g, sum.b + c.b, sum.a + c.a};
                }
            }
            // average, then back from premultiplied
            const double n = kSamples * kSamples, a = sum.a / n;
            const std::array<double, 4> out{a > 0 ? sum.r / n / a : 0, a > 0 ? sum.g / n / a : 0,
                                            a > 0 ? sum.b / n / a : 0, a};
            for (int k = 0; k < 4; ++k) {
                pixels[(static_cast<std::size_t>(y) * size + x) * 4 + k] =
                    static_cast<unsigned char>(std::lround(std::clamp(out[k], 0.0, 1.0) * 255));
            }
        }
    }
    if (stbi_write_png(argv[3], size, size, 4, pixels.data(), size * 4) == 0) {
        std::fprintf(stderr, "hitlab_icon_raster: cannot write %s\n", argv[3]);
        return 1;
    }
    return 0;
}
