// The figures' palette on the light (print) page and WCAG 2's contrast ratio.
#include "figure_sink.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

namespace hitlab {

namespace {

/// A grey (its channels within 0.08 of each other) is turned over on the light page.
bool IsGrey(const glm::vec4& c) { return std::max({c.x, c.y, c.z}) - std::min({c.x, c.y, c.z}) <= 0.08f; }

/// The print palette's target against white, a little over WCAG's 4.5 so that the byte rounding
/// of "#rrggbb" never takes a colour under it.
constexpr double kPrintContrast = 4.7;

} // namespace

double RelativeLuminance(const glm::vec4& color)
{
    auto linear = [](float channel) {
        const double c = std::clamp(double(channel), 0.0, 1.0);
        return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * linear(color.x) + 0.7152 * linear(color.y) + 0.0722 * linear(color.z);
}

double ContrastRatio(const glm::vec4& a, const glm::vec4& b)
{
    const float alpha = std::clamp(a.w, 0.0f, 1.0f);
    const glm::vec4 over(a.x * alpha + b.x * (1.0f - alpha), a.y * alpha + b.y * (1.0f - alpha),
                         a.z * alpha + b.z * (1.0f - alpha), 1.0f);
    const double la = RelativeLuminance(over), lb = RelativeLuminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

glm::vec4 PaintColor(const glm::vec4& color, bool light)
{
    if (!light) {
        return color;
    }
    if (IsGrey(color)) { // white text and markers dark, the dark grid and boxes light
        const float grey =
            1.0f - 0.85f * (std::min({color.x, color.y, color.z}) + std::max({color.x, color.y, color.z})) * 0.5f;
        return {grey, grey, grey, color.w};
    }
    const glm::vec4 white(1.0f);
    glm::vec4 c(color.x, color.y, color.z, 1.0f);
    // darken in steps of 2%: the hue and the channels' ratios stay
    for (int i = 0; i < 200 && ContrastRatio(c, white) < kPrintContrast; ++i) {
        c = glm::vec4(c.x * 0.98f, c.y * 0.98f, c.z * 0.98f, 1.0f);
    }
    return {c.x, c.y, c.z, color.w};
}

float StrokeAlpha(const glm::vec4& color, bool light)
{
    return light && !IsGrey(color) && color.w >= 0.3f ? 1.0f : std::clamp(color.w, 0.0f, 1.0f);
}

namespace {

double HullTurn(glm::dvec2 o, glm::dvec2 a, glm::dvec2 b)
{
    return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

} // namespace

std::vector<glm::dvec2> ScreenHull(std::vector<glm::dvec2> p)
{
    std::sort(p.begin(), p.end(), [](glm::dvec2 a, glm::dvec2 b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
    if (p.size() < 3) {
        return p;
    }
    std::vector<glm::dvec2> h;
    for (int pass = 0; pass < 2; ++pass) { // the lower hull, then the upper one
        const size_t start = h.size();
        for (const glm::dvec2& q : p) {
            while (h.size() >= start + 2 && HullTurn(h[h.size() - 2], h.back(), q) <= 0.0) {
                h.pop_back();
            }
            h.push_back(q);
        }
        h.pop_back(); // each chain's last point starts the other
        std::reverse(p.begin(), p.end());
    }
    return h;
}

std::optional<glm::dvec2> ProjectToFigure(const Camera& camera, const glm::vec3& world)
{
    const std::optional<glm::dvec3> s = WorldToScreen(camera, glm::dvec3(world));
    if (!s || !std::isfinite(s->x) || !std::isfinite(s->y)) {
        return std::nullopt;
    }
    return glm::dvec2(s->x, s->y);
}

BoxOutline ProjectBoxOutline(const Camera& camera, const glm::vec3& center, const glm::vec3& halfExtents,
                             const glm::mat3& axes)
{
    BoxOutline out;
    std::array<glm::vec3, 8> corners;
    std::vector<glm::dvec2> screen;
    for (int i = 0; i < 8; ++i) {
        corners[size_t(i)] = center + axes[0] * (halfExtents.x * ((i & 1) ? 1.0f : -1.0f)) +
                             axes[1] * (halfExtents.y * ((i & 2) ? 1.0f : -1.0f)) +
                             axes[2] * (halfExtents.z * ((i & 4) ? 1.0f : -1.0f));
        if (const auto p = ProjectToFigure(camera, corners[size_t(i)])) {
            screen.push_back(*p);
        }
    }
    if (screen.size() == 8) {
        out.hull = ScreenHull(std::move(screen));
    }
    for (int i = 0; i < 8; ++i) {
        for (int bit = 1; bit < 8; bit <<= 1) {
            if ((i & bit) == 0) {
                const auto s =
                    ProjectSegment(camera, glm::dvec3(corners[size_t(i)]), glm::dvec3(corners[size_t(i | bit)]));
                if (s && glm::length(s->second - s->first) > 1e-6) {
                    out.edges.push_back(*s);
                }
            }
        }
    }
    return out;
}

std::array<glm::dvec2, 3> ArrowheadPoints(glm::dvec2 p, double r, std::optional<glm::dvec2> from)
{
    glm::dvec2 u(1.0, 0.0);
    if (from && glm::length(p - *from) > 1e-9) {
        u = glm::normalize(p - *from);
    }
    const glm::dvec2 v(-u.y, u.x);
    return {p + u * r, p - u * r + v * (r / 1.6 * 2.0), p - u * r - v * (r / 1.6 * 2.0)};
}

} // namespace hitlab
