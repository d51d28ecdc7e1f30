// One placement for all the labels of a frame (see label_layout.h).
#include "label_layout.h"

#include "core/text.h"

#include <glm/vector_relational.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace hitlab {

namespace {

constexpr float kLaneGap = 3.0f;    ///< pixels between a stacked label and the one it gives way to
constexpr int kRings = 8;           ///< candidates this many lanes up and down at most
constexpr int kSides = 4;           ///< and this many steps left and right
constexpr float kLeaderFrom = 6.0f; ///< a moved label this far from its point gets a leader line

float Area(const glm::vec4& a, const glm::vec4& b)
{
    const float w = std::min(a.z, b.z) - std::max(a.x, b.x), h = std::min(a.w, b.w) - std::max(a.y, b.y);
    return w > 0.0f && h > 0.0f ? w * h : 0.0f;
}

/// The moves tried, cheapest first, as (i, j): i steps sideways (positive: right) and j lanes
/// away from the point (up for a label above it, down for one below; negative: toward and across
/// the point). A lane away costs 1, a step sideways 1.25, a lane toward 1 plus 1.5 (the label
/// would cover its point on the way); equal costs keep the order right before left, away before
/// toward. The same for every placement: made once.
const std::vector<glm::ivec2>& MoveSteps()
{
    static const std::vector<glm::ivec2> steps = [] {
        struct Move {
            float cost;
            glm::ivec2 step;
        };
        std::vector<Move> moves;
        for (int n = 0; n <= 2 * kRings; ++n) {
            const int j = n % 2 == 1 ? (n + 1) / 2 : -(n / 2); // 0, 1, -1, 2, -2, ...
            for (int m = 0; m <= 2 * kSides; ++m) {
                const int i = m % 2 == 1 ? (m + 1) / 2 : -(m / 2);
                if (i != 0 || j != 0) {
                    const float cost = float(std::abs(i)) * 1.25f + (j >= 0 ? float(j) : 1.5f - float(j));
                    moves.push_back({cost, glm::ivec2(i, j)});
                }
            }
        }
        std::stable_sort(moves.begin(), moves.end(), [](const Move& a, const Move& b) { return a.cost < b.cost; });
        std::vector<glm::ivec2> out;
        for (const Move& m : moves) {
            out.push_back(m.step);
        }
        return out;
    }();
    return steps;
}

/// The point of `box` nearest to `p`.
glm::vec2 Nearest(const glm::vec4& box, glm::vec2 p)
{
    return {std::clamp(p.x, box.x, box.z), std::clamp(p.y, box.y, box.w)};
}

} // namespace

/// A label box's height: a line of the font whose characters are `charWidth` wide (13 by 7
/// pixels at size 1), padded by 2 above and below.
float LabelHeight(float charWidth) { return charWidth * 13.0f / 7.0f + 4.0f; }

glm::vec4 LabelBox(glm::vec2 corner, std::size_t chars, float charWidth)
{
    const glm::vec2 lo = corner - glm::vec2(4.0f, 2.0f);
    const glm::vec2 size(float(chars) * charWidth + 8.0f, LabelHeight(charWidth));
    return {lo, lo + size};
}

LabelPlacement::LabelPlacement(float charWidth, glm::vec4 area) : m_charWidth(charWidth), m_area(area) {}

float LabelPlacement::LaneStep() const { return LabelHeight(m_charWidth) + kLaneGap; }

float LabelPlacement::Overlap(const glm::vec4& box) const
{
    float sum = 0.0f;
    for (const glm::vec4& p : m_placed) {
        sum += Area(box, p);
    }
    return sum;
}

bool LabelPlacement::Inside(const glm::vec4& box) const
{
    if (m_area.z <= 0.0f || m_area.w <= 0.0f) {
        return true;
    }
    return box.x >= m_area.x && box.y >= m_area.y && box.z <= m_area.x + m_area.z && box.w <= m_area.y + m_area.w;
}

void LabelPlacement::Reserve(glm::vec2 anchor, glm::vec2 offset, std::size_t chars)
{
    m_placed.push_back(LabelBox(anchor + offset, chars, m_charWidth));
}

glm::vec2 LabelPlacement::KeptInside(glm::vec2 anchor, glm::vec2 offset, std::size_t chars) const
{
    const bool known = m_area.z > 0.0f && m_area.w > 0.0f;
    const glm::vec2 lo(m_area.x, m_area.y), hi = lo + glm::vec2(m_area.z, m_area.w);
    if (!known || glm::any(glm::lessThan(anchor, lo)) || glm::any(glm::greaterThan(anchor, hi))) {
        return offset; // no area, or a point outside it: the caller fits the view to such a label
    }
    const glm::vec4 box = LabelBox(anchor + offset, chars, m_charWidth);
    glm::vec2 shift(0.0f);
    // the far edges first, then the near ones: a box wider than the area keeps its start inside
    shift.x = std::min(0.0f, hi.x - box.z);
    shift.y = std::min(0.0f, hi.y - box.w);
    shift.x = std::max(shift.x, lo.x - box.x);
    shift.y = std::max(shift.y, lo.y - box.y);
    return offset + shift;
}

glm::vec2 LabelPlacement::Place(glm::vec2 anchor, glm::vec2 asked, std::size_t chars)
{
    auto boxAt = [&](glm::vec2 o) { return LabelBox(anchor + o, chars, m_charWidth); };
    const glm::vec2 offset = KeptInside(anchor, asked, chars);
    glm::vec2 chosen = offset;
    float least = Overlap(boxAt(offset));
    if (least > 0.0f) {
        const std::vector<glm::ivec2>& steps = MoveSteps();
        const glm::vec2 unit(4.0f * m_charWidth, asked.y < 0.0f ? -LaneStep() : LaneStep());
        auto moved = [&](size_t i) { return KeptInside(anchor, offset + glm::vec2(steps[i]) * unit, chars); };
        bool found = false;
        // free and inside the free area first, then free anywhere, then the least overlap
        for (const bool needInside : {true, false}) {
            for (size_t i = 0; i < steps.size() && !found; ++i) {
                const glm::vec4 box = boxAt(moved(i));
                found = Overlap(box) == 0.0f && (!needInside || Inside(box));
                chosen = found ? moved(i) : chosen;
            }
        }
        for (size_t i = 0; i < steps.size() && !found; ++i) {
            if (const float o = Overlap(boxAt(moved(i))); o < least) {
                least = o;
                chosen = moved(i);
            }
        }
    }
    m_placed.push_back(boxAt(chosen));
    return chosen;
}

std::vector<std::string> DistinctNumbers(const std::vector<double>& values, int digits)
{
    std::vector<int> used(values.size(), digits);
    std::vector<std::string> text(values.size());
    auto write = [&](size_t i) { text[i] = ShortNumber(values[i], used[i]); };
    for (size_t i = 0; i < values.size(); ++i) {
        write(i);
    }
    // two different values that read alike, or in the wrong order, both get a digit more (at most
    // 17, which tells every two doubles apart)
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t i = 0; i < values.size(); ++i) {
            for (size_t j = i + 1; j < values.size(); ++j) {
                const double a = values[i], b = values[j];
                if (!std::isfinite(a) || !std::isfinite(b) || a == b) {
                    continue;
                }
                const double ra = std::strtod(text[i].c_str(), nullptr), rb = std::strtod(text[j].c_str(), nullptr);
                if ((text[i] != text[j] && (ra < rb) == (a < b)) || (used[i] >= 17 && used[j] >= 17)) {
                    continue;
                }
                for (const size_t k : {i, j}) {
                    used[k] = std::min(used[k] + 1, 17);
                    write(k);
                }
                changed = true;
            }
        }
    }
    return text;
}

LabelLayout::LabelLayout(DrawSink& out, const Camera& camera, float charWidth, glm::vec4 area)
    : m_out(out), m_camera(camera), m_placement(charWidth, area)
{
}

void LabelLayout::Reserve(const glm::vec3& at, glm::vec2 offset, const std::string& text)
{
    if (const auto screen = WorldToScreen(m_camera, glm::dvec3(at))) {
        m_placement.Reserve(glm::vec2(float(screen->x), float(screen->y)), offset, text.size());
    }
}

void LabelLayout::Label(const glm::vec3& at, glm::vec2 offset, const std::string& text, const glm::vec4& color)
{
    const auto screen = WorldToScreen(m_camera, glm::dvec3(at));
    if (!screen || text.empty()) {
        m_labels.push_back({at, offset, text, color}); // behind the eye: nothing to place
        return;
    }
    const glm::vec2 anchor(float(screen->x), float(screen->y));
    const glm::vec2 placed = m_placement.Place(anchor, offset, text.size());
    if (placed != offset) {
        const glm::vec2 end = Nearest(m_placement.Boxes().back(), anchor);
        if (glm::length(end - anchor) >= kLeaderFrom) {
            m_leaders.push_back({at, end - anchor, std::string(), glm::vec4(glm::vec3(color), color.w * 0.6f)});
        }
    }
    m_labels.push_back({at, placed, text, color});
}

void LabelLayout::Finish()
{
    for (const Placed& l : m_leaders) {
        m_out.Leader(l.at, l.offset, l.color);
    }
    for (const Placed& l : m_labels) {
        m_out.Label(l.at, l.offset, l.text, l.color);
    }
    m_leaders.clear();
    m_labels.clear();
}

} // namespace hitlab
