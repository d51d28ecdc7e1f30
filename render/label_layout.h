// One placement for all the text labels of a frame: each label keeps the offset its producer gave
// when its box is free, and otherwise moves to the nearest free place around its point (below,
// above, left or right, a little further each time), with a thin leader line back to the point
// when it ends up away from it. LabelLayout is a DrawSink in front of the real one, so the window,
// the `render` PNG and the SVG figures place labels alike; the placement is deterministic (the
// labels' order decides).
#pragma once

#include "camera.h"
#include "draw_sink.h"

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace hitlab {

/// A label's screen box (x0, y0, x1, y1) for its text's top-left corner at `corner`: `chars`
/// characters of `charWidth` pixels, 13/7 of that high, padded by 4 pixels left and right and 2
/// above and below (as the window draws it).
glm::vec4 LabelBox(glm::vec2 corner, std::size_t chars, float charWidth);

/// Each of `values` as ShortNumber with `digits` significant digits, or more where two different
/// values would read alike or in the wrong order ("0.5" and "0.5" for 0.5000005 and 0.4999995:
/// "0.5000005" and "0.4999995"): the fewest digits that keep every inequality and order of the
/// values visible. Equal values read alike.
std::vector<std::string> DistinctNumbers(const std::vector<double>& values, int digits = 6);

/// The placement in screen pixels: labels are placed one after the other, each avoiding those
/// placed before it.
class LabelPlacement {
public:
    /// `area`: the free part of the view (x, y, width, height) a moved label stays inside when it
    /// can; zero size: unknown.
    explicit LabelPlacement(float charWidth, glm::vec4 area = glm::vec4(0.0f));

    /// The offset for a label of `chars` characters at `anchor` (screen pixels) that asks for
    /// `offset`: `offset` itself when its box overlaps no label placed before, else the cheapest
    /// free candidate around (a lane further away from the point first, then sideways); when none
    /// is free, the candidate overlapping the least. When the area is known and holds the anchor,
    /// every candidate is first shifted into it (a label by a point near the edge of the free
    /// area, or under a panel, never sticks out of it); a label of a point outside the area is
    /// left where it asks (the figures zoom out to hold it).
    glm::vec2 Place(glm::vec2 anchor, glm::vec2 offset, std::size_t chars);
    /// `offset`, shifted so that the label's box lies inside the area (see Place).
    glm::vec2 KeptInside(glm::vec2 anchor, glm::vec2 offset, std::size_t chars) const;

    /// Keeps the place of a label drawn elsewhere (at `offset`, never moved) free of later labels.
    void Reserve(glm::vec2 anchor, glm::vec2 offset, std::size_t chars);
    /// The boxes placed (and reserved) so far, in order.
    const std::vector<glm::vec4>& Boxes() const { return m_placed; }
    /// A stacked label's distance from the one it gives way to, vertically (pixels).
    float LaneStep() const;

private:
    float Overlap(const glm::vec4& box) const;
    bool Inside(const glm::vec4& box) const;

    float m_charWidth;
    glm::vec4 m_area;
    std::vector<glm::vec4> m_placed;
};

/// A DrawSink that places every label it receives (LabelPlacement, anchors projected by `camera`)
/// and passes them to `out` when it ends (Finish, or the destructor): first the leader lines
/// (DrawSink::Leader) of the labels that moved away from their point, then the labels in the
/// order received, so no leader crosses a label. It takes labels only (a LabelSink: the label
/// pass's drawing emits nothing else).
class LabelLayout final : public LabelSink {
public:
    LabelLayout(DrawSink& out, const Camera& camera, float charWidth, glm::vec4 area = glm::vec4(0.0f));
    ~LabelLayout() override { Finish(); }
    LabelLayout(const LabelLayout&) = delete;
    LabelLayout& operator=(const LabelLayout&) = delete;

    /// Passes the placed leaders and labels to `out` (once).
    void Finish();

    void Label(const glm::vec3& at, glm::vec2 offset, const std::string& text, const glm::vec4& color) override;
    /// A label `out` gets from elsewhere (the 2D view's coordinates): its place is kept free.
    void Reserve(const glm::vec3& at, glm::vec2 offset, const std::string& text);
    void Leader(const glm::vec3& at, glm::vec2 to, const glm::vec4& color) override { m_out.Leader(at, to, color); }

private:
    DrawSink& m_out;
    const Camera& m_camera;
    LabelPlacement m_placement;
    struct Placed {
        glm::vec3 at;
        glm::vec2 offset;
        std::string text;
        glm::vec4 color;
    };
    std::vector<Placed> m_labels, m_leaders; ///< a leader's offset: the end of its line
};

} // namespace hitlab
